#include "cairn/editor/play_session.h"

#include <exception>
#include <string_view>
#include <stdexcept>
#include <utility>

#include "cairn/serialization/scene_writer.h"

namespace cairn::editor {

namespace {

// `world` copied through the scene format into a world `options` registers.
std::unique_ptr<ecs::Coordinator> Copy(const ecs::Coordinator& world, const serialization::LoadOptions& options,
                                       std::string_view what) {
  const std::string text = serialization::SaveSceneToString(world, ecs::PlainValue::MakeObject());
  serialization::LoadResult loaded = serialization::LoadScene(text, options);
  if (!loaded.Ok()) {
    std::string message(what);
    for (const serialization::Diagnostic& diagnostic : loaded.diagnostics) {
      if (diagnostic.IsError()) {
        message += ": " + diagnostic.ToString();
        break;
      }
    }
    throw std::runtime_error(message);
  }
  return std::move(loaded.scene->world);
}

}  // namespace

PlaySession::PlaySession(const ecs::Coordinator& edited, const serialization::LoadOptions& options)
    : world_(Copy(edited, options, "cannot copy the scene to play it")),
      simulation_(std::make_unique<ecs::Simulation>(*world_)) {}

void PlaySession::Reload(const serialization::LoadOptions& options) {
  std::unique_ptr<ecs::Coordinator> world = Copy(*world_, options, "cannot read the playing scene again");
  auto simulation = std::make_unique<ecs::Simulation>(*world, simulation_->StepSeconds());
  steps_before_ += simulation_->StepCount();
  simulation_ = std::move(simulation);  // before the world it runs goes
  world_ = std::move(world);
}

template <typename Run>
std::optional<std::string> PlaySession::Guarded(Run&& run) {
  if (failed_) return std::nullopt;
  try {
    run();
  } catch (const std::exception& error) {
    failed_ = true;
    paused_ = true;
    return std::string(error.what());
  }
  return std::nullopt;
}

std::optional<std::string> PlaySession::Frame(double seconds) {
  if (paused_) return std::nullopt;
  return Guarded([&] { simulation_->Advance(seconds); });
}

std::optional<std::string> PlaySession::Step() {
  return Guarded([&] { simulation_->Step(); });
}

}  // namespace cairn::editor
