#include "cairn/editor/play_session.h"

#include <exception>
#include <stdexcept>
#include <utility>

#include "cairn/serialization/scene_writer.h"

namespace cairn::editor {

PlaySession::PlaySession(const ecs::Coordinator& edited, const serialization::LoadOptions& options) {
  const std::string text = serialization::SaveSceneToString(edited, ecs::PlainValue::MakeObject());
  serialization::LoadResult loaded = serialization::LoadScene(text, options);
  if (!loaded.Ok()) {
    std::string message = "cannot copy the scene to play it";
    for (const serialization::Diagnostic& diagnostic : loaded.diagnostics) {
      if (diagnostic.IsError()) {
        message += ": " + diagnostic.ToString();
        break;
      }
    }
    throw std::runtime_error(message);
  }
  world_ = std::move(loaded.scene->world);
  simulation_ = std::make_unique<ecs::Simulation>(*world_);
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
