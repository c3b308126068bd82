#pragma once
// Play mode's world: the edited scene copied into a world of its own through
// the scene format (the same ids, values, hierarchy and unknown components),
// whose systems run at a fixed time step (ecs::Simulation). Nothing done to
// it reaches the edited world, its history, its journal or its file; the
// session is simply thrown away to stop.

#include <memory>
#include <optional>
#include <string>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/simulation.h"
#include "cairn/serialization/scene_loader.h"

namespace cairn::editor {

class PlaySession {
 public:
  // Copies `edited`, reading the copy with `options` (the scene's project
  // components). Throws std::runtime_error naming the problem when the copy
  // does not load.
  PlaySession(const ecs::Coordinator& edited, const serialization::LoadOptions& options);

  ecs::Coordinator& World() { return *world_; }
  const ecs::Coordinator& World() const { return *world_; }

  [[nodiscard]] bool Paused() const { return paused_; }
  void SetPaused(bool paused) { paused_ = paused; }

  // Once a frame: advances by `seconds` of frame time unless paused or
  // failed. Returns a system's failure ("RotatorSystem: ..."), after which
  // the session stays failed and runs no more steps.
  std::optional<std::string> Frame(double seconds);
  // One step, paused or not (the toolbar's Step).
  std::optional<std::string> Step();

  [[nodiscard]] bool Failed() const { return failed_; }
  // The steps run and the time simulated since Play, across reloads.
  [[nodiscard]] std::uint64_t StepCount() const { return steps_before_ + simulation_->StepCount(); }
  [[nodiscard]] double Seconds() const { return static_cast<double>(StepCount()) * simulation_->StepSeconds(); }

  // The play world again, read with `options` from its own text: the same
  // entities (those the systems made too) and values, with the systems the
  // options register (a rebuilt game module's). The clock carries on.
  // Throws std::runtime_error, changing nothing, when it does not load.
  void Reload(const serialization::LoadOptions& options);

 private:
  template <typename Run>
  std::optional<std::string> Guarded(Run&& run);

  std::unique_ptr<ecs::Coordinator> world_;
  std::unique_ptr<ecs::Simulation> simulation_;
  std::uint64_t steps_before_ = 0;  // run by the worlds before the last Reload
  bool paused_ = false;
  bool failed_ = false;
};

}  // namespace cairn::editor
