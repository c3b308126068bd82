#include "cairn/ecs/simulation.h"

#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>

#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/hierarchy.h"
#include "cairn/ecs/components/rotator.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/transform_system.h"

namespace cairn::ecs {

void RotatorSystem::Update(Coordinator& coordinator, float delta_seconds) {
  for (const Entity entity : Entities()) {
    const Rotator& rotator = coordinator.GetComponent<Rotator>(entity);
    const float length = glm::length(rotator.axis);
    if (!(length > 1e-6f) || !std::isfinite(length)) continue;
    const float radians = glm::radians(rotator.degrees_per_second * delta_seconds);
    Transform& transform = coordinator.GetComponent<Transform>(entity);
    transform.rotation = glm::normalize(transform.rotation * glm::angleAxis(radians, rotator.axis / length));
    coordinator.NotifyComponentChanged<Transform>(entity);
  }
}

void FollowSystem::Update(Coordinator& coordinator, float delta_seconds) {
  const auto transforms = coordinator.GetSystem<TransformSystem>();
  transforms->Update(coordinator, delta_seconds);  // targets' world matrices as this step left them
  for (const Entity entity : Entities()) {
    const Follow& follow = coordinator.GetComponent<Follow>(entity);
    const Entity target = follow.target ? coordinator.FindEntity(follow.target) : Entity{};
    if (target.IsNull() || target == entity) continue;
    const glm::vec3 goal_world = glm::vec3(transforms->WorldMatrix(target)[3]) + follow.offset;
    const Entity parent = coordinator.GetComponent<Hierarchy>(entity).parent;
    const glm::mat4 parent_world = parent.IsNull() ? glm::mat4(1.0f) : transforms->WorldMatrix(parent);
    const glm::vec3 goal = glm::vec3(glm::inverse(parent_world) * glm::vec4(goal_world, 1.0f));
    Transform& transform = coordinator.GetComponent<Transform>(entity);
    if (follow.smoothing > 0.0f) {
      const float blend = 1.0f - std::exp(-delta_seconds / follow.smoothing);
      transform.position += (goal - transform.position) * blend;
    } else {
      transform.position = goal;
    }
    coordinator.NotifyComponentChanged<Transform>(entity);
  }
}

void RegisterBuiltinSystems(Coordinator& coordinator) {
  coordinator.RegisterSystem<RotatorSystem>();
  coordinator.SetSystemSignature<RotatorSystem>(coordinator.MakeSignature<Rotator, Transform>());
  coordinator.RegisterSystem<FollowSystem>();
  coordinator.SetSystemSignature<FollowSystem>(coordinator.MakeSignature<Follow, Transform>());
  coordinator.SetSystemOrder<FollowSystem, RotatorSystem>();
  coordinator.SetSystemOrder<TransformSystem, FollowSystem>();
}

Simulation::Simulation(Coordinator& world, double step_seconds) : world_(&world), step_seconds_(step_seconds) {
  if (!world.HasSystem<RotatorSystem>()) RegisterBuiltinSystems(world);
}

void Simulation::Step() {
  world_->UpdateSystems(static_cast<float>(step_seconds_));
  ++steps_;
}

int Simulation::Advance(double seconds) {
  if (std::isfinite(seconds) && seconds > 0.0) pending_seconds_ += seconds;
  int ran = 0;
  while (pending_seconds_ >= step_seconds_ && ran < kMaxStepsPerAdvance) {
    Step();
    pending_seconds_ -= step_seconds_;
    ++ran;
  }
  if (ran == kMaxStepsPerAdvance) pending_seconds_ = std::fmod(pending_seconds_, step_seconds_);
  return ran;
}

}  // namespace cairn::ecs
