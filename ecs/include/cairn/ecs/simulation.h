#pragma once
// The built-in gameplay systems and the fixed-step clock that runs a world:
// what the editor's Play mode and cairn-player both use, so a scene moves the
// same way in both.
//
//   RotatorSystem  Rotator + Transform: turns the entity about its local
//                  `axis` at `degrees_per_second` (a zero axis: no turn).
//   FollowSystem   Follow + Transform: puts the entity at its target's world
//                  position plus `offset` (world space), rigidly when
//                  `smoothing` is 0, else closing the gap with a time constant
//                  of `smoothing` seconds (frame-rate independent). A target
//                  that does not exist (yet, or any more) is skipped.
//   TransformSystem  runs last, so world matrices are current after a step.
//
// A step runs Rotator, then Follow (which reads its targets' world matrices
// as Rotator left them), then the TransformSystem. Steps are deterministic:
// the same world and the same steps give the same world, bit for bit.

#include <cstdint>

#include "cairn/ecs/system.h"

namespace cairn::ecs {

class Coordinator;

class RotatorSystem : public System {
 public:
  void Update(Coordinator& coordinator, float delta_seconds) override;
};

class FollowSystem : public System {
 public:
  void Update(Coordinator& coordinator, float delta_seconds) override;
};

// Registers RotatorSystem and FollowSystem with their signatures and the
// order above. The world must have the built-in components (and so the
// TransformSystem). Throws as RegisterSystem does when called twice.
void RegisterBuiltinSystems(Coordinator& coordinator);

// Advances a world at a fixed time step, whatever the frame rate.
class Simulation {
 public:
  static constexpr double kDefaultStepSeconds = 1.0 / 60.0;
  // Runs at most this many steps per Advance (a long frame is not caught up
  // in full: the simulation slows down instead of stalling the editor).
  static constexpr int kMaxStepsPerAdvance = 8;

  // Registers the built-in systems on `world` unless it has them.
  explicit Simulation(Coordinator& world, double step_seconds = kDefaultStepSeconds);

  // Adds `seconds` of frame time and runs the whole steps that fit (at most
  // kMaxStepsPerAdvance; the remainder waits for the next call). Returns how
  // many ran. A system's exception propagates; the world is then as the
  // failing step left it.
  int Advance(double seconds);
  // Exactly one step.
  void Step();

  [[nodiscard]] std::uint64_t StepCount() const { return steps_; }
  [[nodiscard]] double StepSeconds() const { return step_seconds_; }
  // Simulated time: StepCount() * StepSeconds().
  [[nodiscard]] double Seconds() const { return static_cast<double>(steps_) * step_seconds_; }

 private:
  Coordinator* world_;
  double step_seconds_;
  double pending_seconds_ = 0.0;
  std::uint64_t steps_ = 0;
};

}  // namespace cairn::ecs
