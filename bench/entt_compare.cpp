// Cairn against EnTT's registry on the six workloads of ecs_bench.cpp, as an
// outside harness would write them: each workload on a world built from
// nothing, timed by the wall clock, the variants interleaved in rounds in one
// process and the median of the rounds printed as Cairn's time / EnTT's.
//
// Cairn runs four ways: components registered with the default storage
// (adaptive: what a game gets from RegisterComponent(name)); packed storage;
// per-entity storage with a system whose signature is Position + Velocity
// (what ecs_bench.cpp measures, and how the editor stores Transform and
// Name); and per-entity storage without the system.
//
//   cairn_entt_compare                  100,000 entities (9 rounds), then 1,000,000 (7)
//   cairn_entt_compare N [ROUNDS]       N entities (7 rounds unless given)

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <entt/entt.hpp>
#include <glm/vec3.hpp>

#include "cairn/ecs/coordinator.h"
#include "ecs_workload.h"

namespace {

using cairn::ecs::Coordinator;
using cairn::ecs::Entity;
using cairn::ecs::StorageKind;
using cairn::bench::Health;
using cairn::bench::kDeltaSeconds;
using cairn::bench::MovementSystem;
using cairn::bench::Position;
using cairn::bench::StartPosition;
using cairn::bench::StartVelocity;
using cairn::bench::Velocity;

constexpr int kWorkloads = 6;
constexpr const char* kWorkloadNames[kWorkloads] = {"(1) create with Position + Velocity", "(2) P + V pass",
                                                    "(3) P + V + Health pass", "(4) random get",
                                                    "(5) remove + add Velocity on 1/2", "(6) destroy all"};

double Seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

using Times = std::array<double, kWorkloads>;  // seconds, by workload

enum class Variant { kDefault, kPacked, kPerEntityWithSystem, kPerEntity };

std::unique_ptr<Coordinator> MakeCoordinator(Variant variant) {
  auto coordinator = std::make_unique<Coordinator>(7);
  if (variant == Variant::kDefault) {
    coordinator->RegisterComponent<Position>("Position").Field("value", &Position::value);
    coordinator->RegisterComponent<Velocity>("Velocity").Field("value", &Velocity::value);
  } else {
    const StorageKind storage = variant == Variant::kPacked ? StorageKind::kPacked : StorageKind::kPerEntity;
    coordinator->RegisterComponent<Position>("Position", storage).Field("value", &Position::value);
    coordinator->RegisterComponent<Velocity>("Velocity", storage).Field("value", &Velocity::value);
  }
  coordinator->RegisterComponent<Health>("Health").Field("value", &Health::value);
  if (variant == Variant::kPerEntityWithSystem) {
    coordinator->RegisterSystem<MovementSystem>();
    coordinator->SetSystemSignature<MovementSystem>(coordinator->MakeSignature<Position, Velocity>());
  }
  return coordinator;
}

// Runs the six workloads in order on one world of `count` entities.
Times RunCairn(std::size_t count, Variant variant, const std::vector<std::uint32_t>& order) {
  Times times{};
  std::unique_ptr<Coordinator> world = MakeCoordinator(variant);
  std::vector<Entity> entities;
  entities.reserve(count);
  double start = Seconds();
  for (std::size_t i = 0; i < count; ++i) {
    const Entity entity = world->CreateEntity();
    world->AddComponent<Position>(entity, StartPosition(i));
    world->AddComponent<Velocity>(entity, StartVelocity(i));
    entities.push_back(entity);
  }
  times[0] = Seconds() - start;
  start = Seconds();
  world->Each<Position, Velocity>(
      [](Entity, Position& position, const Velocity& velocity) { position.value += velocity.value * kDeltaSeconds; });
  times[1] = Seconds() - start;
  for (std::size_t i = 0; i < count; i += 2) world->AddComponent<Health>(entities[i], Health{});
  start = Seconds();
  world->Each<Position, Velocity, Health>([](Entity, Position& position, const Velocity& velocity, Health& health) {
    position.value += velocity.value * kDeltaSeconds;
    health.value -= kDeltaSeconds;
  });
  times[2] = Seconds() - start;
  volatile float sum = 0.0f;
  start = Seconds();
  for (const std::uint32_t index : order) sum = sum + world->GetComponent<Position>(entities[index]).value.x;
  times[3] = Seconds() - start;
  start = Seconds();
  for (std::size_t i = 0; i < count; i += 2) world->RemoveComponent<Velocity>(entities[i]);
  for (std::size_t i = 0; i < count; i += 2) world->AddComponent<Velocity>(entities[i], StartVelocity(i));
  times[4] = Seconds() - start;
  start = Seconds();
  for (const Entity entity : entities) world->DestroyEntity(entity);
  times[5] = Seconds() - start;
  return times;
}

Times RunEntt(std::size_t count, const std::vector<std::uint32_t>& order) {
  Times times{};
  entt::registry registry;
  std::vector<entt::entity> entities;
  entities.reserve(count);
  double start = Seconds();
  for (std::size_t i = 0; i < count; ++i) {
    const entt::entity entity = registry.create();
    registry.emplace<Position>(entity, StartPosition(i));
    registry.emplace<Velocity>(entity, StartVelocity(i));
    entities.push_back(entity);
  }
  times[0] = Seconds() - start;
  start = Seconds();
  registry.view<Position, const Velocity>().each(
      [](Position& position, const Velocity& velocity) { position.value += velocity.value * kDeltaSeconds; });
  times[1] = Seconds() - start;
  for (std::size_t i = 0; i < count; i += 2) registry.emplace<Health>(entities[i]);
  start = Seconds();
  registry.view<Position, const Velocity, Health>().each(
      [](Position& position, const Velocity& velocity, Health& health) {
        position.value += velocity.value * kDeltaSeconds;
        health.value -= kDeltaSeconds;
      });
  times[2] = Seconds() - start;
  volatile float sum = 0.0f;
  start = Seconds();
  for (const std::uint32_t index : order) sum = sum + registry.get<Position>(entities[index]).value.x;
  times[3] = Seconds() - start;
  start = Seconds();
  for (std::size_t i = 0; i < count; i += 2) registry.remove<Velocity>(entities[i]);
  for (std::size_t i = 0; i < count; i += 2) registry.emplace<Velocity>(entities[i], StartVelocity(i));
  times[4] = Seconds() - start;
  start = Seconds();
  for (const entt::entity entity : entities) registry.destroy(entity);
  times[5] = Seconds() - start;
  return times;
}

double Median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// One table: every workload at `count` entities, medians of `rounds`.
void Compare(std::size_t count, int rounds) {
  std::vector<std::uint32_t> order(count);
  std::iota(order.begin(), order.end(), 0u);
  std::shuffle(order.begin(), order.end(), std::mt19937(42));

  std::vector<Times> entt_times, adaptive, packed, per_entity_system, per_entity;
  for (int round = 0; round < rounds; ++round) {
    entt_times.push_back(RunEntt(count, order));
    adaptive.push_back(RunCairn(count, Variant::kDefault, order));
    packed.push_back(RunCairn(count, Variant::kPacked, order));
    per_entity_system.push_back(RunCairn(count, Variant::kPerEntityWithSystem, order));
    per_entity.push_back(RunCairn(count, Variant::kPerEntity, order));
  }
  std::printf("%zu entities, median of %d interleaved rounds; Cairn's time / EnTT's\n\n", count, rounds);
  std::printf(
      "| workload | EnTT | default (adaptive) | packed | per-entity + system | per-entity |\n"
      "|---|---:|---:|---:|---:|---:|\n");
  for (int workload = 0; workload < kWorkloads; ++workload) {
    const auto median = [&](const std::vector<Times>& runs) {
      std::vector<double> values;
      for (const Times& times : runs) values.push_back(times[static_cast<std::size_t>(workload)]);
      return Median(values);
    };
    const double entt = median(entt_times);
    std::printf("| %s | %.2f ms | %.2fx | %.2fx | %.2fx | %.2fx |\n", kWorkloadNames[workload], entt * 1e3,
                median(adaptive) / entt, median(packed) / entt, median(per_entity_system) / entt,
                median(per_entity) / entt);
  }
  std::printf("\n");
}

}  // namespace

// Without arguments: 100,000 entities (9 rounds), then 1,000,000 (7 rounds).
int main(int argc, char** argv) {
  if (argc > 1) {
    Compare(std::stoul(argv[1]), argc > 2 ? std::max(1, std::stoi(argv[2])) : 7);
    return 0;
  }
  Compare(100'000, 9);
  Compare(1'000'000, 7);
  return 0;
}
