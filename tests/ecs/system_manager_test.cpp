#include "cairn/ecs/system_manager.h"

#include <algorithm>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/coordinator.h"

using namespace cairn::ecs;

namespace {

struct Position {
  float x = 0.0f;
  friend bool operator==(const Position&, const Position&) = default;
};
struct Velocity {
  float dx = 0.0f;
  friend bool operator==(const Velocity&, const Velocity&) = default;
};
struct Health {
  int points = 100;
  friend bool operator==(const Health&, const Health&) = default;
};

// Logs Update calls and membership hooks; keeps its own mirror of membership.
class RecordingSystem : public System {
 public:
  explicit RecordingSystem(std::vector<std::string>* log = nullptr) : log_(log) {}

  void Update(Coordinator&, float delta_seconds) override {
    last_delta = delta_seconds;
    if (log_ != nullptr) log_->push_back(Name());
  }

  std::set<std::uint64_t> mirror;  // entity handles packed as index << 32 | generation
  std::vector<std::string> hooks;
  float last_delta = 0.0f;

 protected:
  void OnEntityAdded(Entity entity) override {
    REQUIRE(mirror.insert(Pack(entity)).second);
    hooks.push_back("added " + ToString(entity));
  }
  void OnEntityRemoved(Entity entity) override {
    REQUIRE(mirror.erase(Pack(entity)) == 1);
    hooks.push_back("removed " + ToString(entity));
  }

 private:
  static std::uint64_t Pack(Entity entity) { return std::uint64_t{entity.index} << 32 | entity.generation; }
  std::vector<std::string>* log_;
};

struct AlphaSystem : RecordingSystem {
  using RecordingSystem::RecordingSystem;
};
struct BetaSystem : RecordingSystem {
  using RecordingSystem::RecordingSystem;
};
struct GammaSystem : RecordingSystem {
  using RecordingSystem::RecordingSystem;
};
struct DeltaSystem : RecordingSystem {
  using RecordingSystem::RecordingSystem;
};

// Systems that keep System's empty membership hooks: their sets are kept
// lazily (an add, remove or destroy stamps the slot's word; the set catches
// up when it is read).
struct QuietPositionSystem : System {};
struct QuietPairSystem : System {};
struct QuietPairHealthSystem : QuietPairSystem {};  // inherits the base hooks through another system

// A system with hooks that reads another system's set from inside them.
struct ReadingHookSystem : System {
  const System* watched = nullptr;
  std::size_t reads = 0;

 protected:
  void OnEntityAdded(Entity) override { Read(); }
  void OnEntityRemoved(Entity) override { Read(); }

 private:
  void Read() {
    if (watched == nullptr) return;
    for (const Entity member : watched->Entities()) REQUIRE_FALSE(member.IsNull());
    ++reads;
  }
};

// The ways a system can override a hook, for KeepsBaseMembershipHooks.
struct PublicAddedHookSystem : System {
  void OnEntityAdded(Entity) override {}
};
struct ProtectedRemovedHookSystem : System {
 protected:
  void OnEntityRemoved(Entity) override {}
};
class PrivateHooksSystem : public System {
  void OnEntityAdded(Entity) override {}
  void OnEntityRemoved(Entity) override {}
};
struct DerivedFromHookedSystem : ProtectedRemovedHookSystem {};

void RegisterComponents(Coordinator& world) {
  world.RegisterComponent<Position>("Position").Field("x", &Position::x);
  world.RegisterComponent<Velocity>("Velocity").Field("dx", &Velocity::dx);
  world.RegisterComponent<Health>("Health").Field("points", &Health::points);
}

std::vector<std::string> NamesOf(const std::vector<System*>& systems) {
  std::vector<std::string> names;
  for (const System* system : systems) names.push_back(system->Name());
  return names;
}

std::set<std::uint64_t> Members(const System& system) {
  std::set<std::uint64_t> members;
  for (Entity entity : system.Entities()) members.insert(std::uint64_t{entity.index} << 32 | entity.generation);
  return members;
}

// Membership recomputed from the storages alone (not from cached signatures).
std::set<std::uint64_t> BruteForce(Coordinator& world, const Signature& required) {
  const auto has = [&world](Entity entity, ComponentType type) {
    if (type == world.GetComponentType<Position>()) return world.HasComponent<Position>(entity);
    if (type == world.GetComponentType<Velocity>()) return world.HasComponent<Velocity>(entity);
    if (type == world.GetComponentType<Health>()) return world.HasComponent<Health>(entity);
    return world.HasComponent<Hierarchy>(entity);
  };
  std::set<std::uint64_t> members;
  if (required.None()) return members;
  world.ForEachEntity([&](Entity entity) {
    bool matches = true;
    required.ForEach([&](ComponentType type) { matches = matches && has(entity, type); });
    if (matches) members.insert(std::uint64_t{entity.index} << 32 | entity.generation);
  });
  return members;
}

// One random edit of the property tests, chosen by `op` (0-9): create an
// entity (0-1; half of them under a live parent), destroy one with its
// subtree (2), or add (even op) or remove (odd op) a random one of
// Position, Velocity, Health on a live entity (4-9). 3 is left to the
// caller (a test's own edit); on its own it changes nothing.
void ApplyRandomEdit(Coordinator& world, std::mt19937& random, std::vector<Entity>& alive, unsigned op) {
  if (op <= 1) {
    const Entity entity = world.CreateEntity();
    if (!alive.empty() && random() % 2 == 0) world.SetParent(entity, alive[random() % alive.size()]);
    alive.push_back(entity);
  } else if (op == 2) {
    const Entity doomed = alive[random() % alive.size()];
    world.DestroyEntityAndChildren(doomed);
    std::erase_if(alive, [&world](Entity entity) { return !world.IsAlive(entity); });
  } else if (op >= 4) {
    const Entity entity = alive[random() % alive.size()];
    const unsigned type = random() % 3;
    const bool add = op % 2 == 0;
    auto toggle = [&](auto tag) {
      using T = decltype(tag);
      if (add && !world.HasComponent<T>(entity)) world.AddComponent<T>(entity);
      if (!add && world.HasComponent<T>(entity)) world.RemoveComponent<T>(entity);
    };
    if (type == 0) toggle(Position{});
    if (type == 1) toggle(Velocity{});
    if (type == 2) toggle(Health{});
  }
}

}  // namespace

TEST_CASE("A registered system is named after its type and can be fetched", "[ecs][systems]") {
  Coordinator world(1);
  const auto alpha = world.RegisterSystem<AlphaSystem>();
  REQUIRE(alpha->Name() == "AlphaSystem");
  REQUIRE(world.GetSystem<AlphaSystem>() == alpha);
  REQUIRE(world.Systems().Count() == 1);
  REQUIRE(alpha->GetSignature().None());
  REQUIRE(alpha->Entities().Empty());
}

TEST_CASE("Registering a system twice is an error", "[ecs][systems]") {
  Coordinator world(1);
  world.RegisterSystem<AlphaSystem>();
  REQUIRE_THROWS_AS(world.RegisterSystem<AlphaSystem>(), SystemError);
  REQUIRE_THROWS_WITH(world.RegisterSystem<AlphaSystem>(), "system AlphaSystem is already registered");
  const EntityPool pool(1);
  const cairn::ecs::detail::Table<Signature> signatures;
  SystemManager manager(pool, signatures);
  manager.Register<AlphaSystem>("Mover");
  REQUIRE_THROWS_WITH(manager.Register<BetaSystem>("Mover"), "a system named Mover is already registered");
}

TEST_CASE("Using an unregistered system type is an error", "[ecs][systems]") {
  Coordinator world(1);
  RegisterComponents(world);
  REQUIRE_THROWS_WITH(world.GetSystem<AlphaSystem>(),
                      "Get: the system type is not registered (call RegisterSystem first)");
  REQUIRE_THROWS_WITH(world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Position>()),
                      "SetSystemSignature: the system type is not registered (call RegisterSystem first)");
  world.RegisterSystem<AlphaSystem>();
  REQUIRE_THROWS_AS((world.SetSystemOrder<AlphaSystem, BetaSystem>()), SystemError);
  REQUIRE_THROWS_WITH((world.SetSystemOrder<AlphaSystem, BetaSystem>()),
                      "SetSystemOrder: the system type is not registered (call RegisterSystem first)");
}

TEST_CASE("A system's entity set follows component adds and removes", "[ecs][systems]") {
  Coordinator world(1);
  RegisterComponents(world);
  const auto movers = world.RegisterSystem<AlphaSystem>();
  world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Position, Velocity>());
  const Entity entity = world.CreateEntity();
  world.AddComponent<Position>(entity);
  REQUIRE(movers->Entities().Empty());
  world.AddComponent<Velocity>(entity);
  REQUIRE(movers->Entities().Contains(entity));
  world.AddComponent<Health>(entity);  // extra components do not matter
  REQUIRE(movers->Entities().Size() == 1);
  world.RemoveComponent<Position>(entity);
  REQUIRE(movers->Entities().Empty());
  world.AddComponent<Position>(entity);
  world.DestroyEntity(entity);
  REQUIRE(movers->Entities().Empty());
  const std::string handle = ToString(entity);
  REQUIRE(movers->hooks == std::vector<std::string>{"added " + handle, "removed " + handle, "added " + handle,
                                                     "removed " + handle});
}

TEST_CASE("A system with an empty signature has no entities", "[ecs][systems]") {
  Coordinator world(1);
  RegisterComponents(world);
  const auto idle = world.RegisterSystem<AlphaSystem>();
  const Entity entity = world.CreateEntity();
  world.AddComponent<Position>(entity);
  REQUIRE(idle->Entities().Empty());
  REQUIRE(idle->hooks.empty());
}

TEST_CASE("Setting a signature after entities exist rebuilds the entity set", "[ecs][systems]") {
  Coordinator world(1);
  RegisterComponents(world);
  std::vector<Entity> with_health;
  for (int i = 0; i < 10; ++i) {
    const Entity entity = world.CreateEntity();
    world.AddComponent<Position>(entity);
    if (i % 3 == 0) {
      world.AddComponent<Health>(entity);
      with_health.push_back(entity);
    }
  }
  const auto system = world.RegisterSystem<AlphaSystem>();
  world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Position>());
  REQUIRE(system->Entities().Size() == 10);
  REQUIRE(system->mirror.size() == 10);
  world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Health>());
  REQUIRE(system->Entities().Size() == with_health.size());
  for (Entity entity : with_health) REQUIRE(system->Entities().Contains(entity));
  REQUIRE(Members(*system) == system->mirror);
  REQUIRE(system->GetSignature() == world.MakeSignature<Health>());
}

TEST_CASE("After a signature changes, only the types of the new one move entities in and out", "[ecs][systems]") {
  Coordinator world(1);
  RegisterComponents(world);
  const auto system = world.RegisterSystem<AlphaSystem>();
  world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Position>());
  world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Velocity, Health>());
  const Entity entity = world.CreateEntity();
  world.AddComponent<Position>(entity);
  REQUIRE(system->Entities().Size() == 0);
  world.AddComponent<Velocity>(entity);
  REQUIRE(system->Entities().Size() == 0);
  world.AddComponent<Health>(entity);
  REQUIRE(system->Entities().Contains(entity));
  world.RemoveComponent<Position>(entity);
  REQUIRE(system->Entities().Contains(entity));
  world.RemoveComponent<Velocity>(entity);
  REQUIRE(system->Entities().Size() == 0);
  world.AddComponent<Velocity>(entity);
  world.DestroyEntity(entity);
  REQUIRE(system->Entities().Size() == 0);
  REQUIRE(system->hooks == std::vector<std::string>{"added " + ToString(entity), "removed " + ToString(entity),
                                                    "added " + ToString(entity), "removed " + ToString(entity)});
}

TEST_CASE("System entity sets stay exact under random adds, removes and destroys", "[ecs][systems]") {
  const auto seed = GENERATE(11u, 22u, 33u);
  Coordinator world(seed);
  RegisterComponents(world);
  const auto alpha = world.RegisterSystem<AlphaSystem>();
  const auto beta = world.RegisterSystem<BetaSystem>();
  const auto gamma = world.RegisterSystem<GammaSystem>();
  const auto delta = world.RegisterSystem<DeltaSystem>();
  world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Position>());
  world.SetSystemSignature<BetaSystem>(world.MakeSignature<Position, Velocity>());
  world.SetSystemSignature<GammaSystem>(world.MakeSignature<Position, Velocity, Health>());
  world.SetSystemSignature<DeltaSystem>(world.MakeSignature<Hierarchy, Health>());
  const std::vector<RecordingSystem*> systems{alpha.get(), beta.get(), gamma.get(), delta.get()};

  std::mt19937 random(seed);
  std::vector<Entity> alive;
  for (int step = 0; step < 1500; ++step) {
    const unsigned op = alive.empty() ? 0 : random() % 10;
    if (op == 3) {
      // A system is told about a re-signature of every entity.
      const unsigned which = random() % 3;
      if (which == 0) world.SetSystemSignature<GammaSystem>(world.MakeSignature<Velocity>());
      if (which == 1) world.SetSystemSignature<GammaSystem>(world.MakeSignature<Position, Velocity, Health>());
      if (which == 2) world.SetSystemSignature<GammaSystem>(world.MakeSignature<Health, Position>());
    } else {
      ApplyRandomEdit(world, random, alive, op);
    }
    for (RecordingSystem* system : systems) {
      INFO("seed " << seed << ", step " << step << ", system " << system->Name());
      const auto expected = BruteForce(world, system->GetSignature());
      REQUIRE(Members(*system) == expected);
      REQUIRE(system->mirror == expected);
    }
  }
}

TEST_CASE("Systems run in registration order when nothing is declared", "[ecs][systems]") {
  Coordinator world(1);
  std::vector<std::string> log;
  world.RegisterSystem<GammaSystem>(&log);
  world.RegisterSystem<AlphaSystem>(&log);
  world.RegisterSystem<BetaSystem>(&log);
  world.UpdateSystems(0.5f);
  REQUIRE(log == std::vector<std::string>{"GammaSystem", "AlphaSystem", "BetaSystem"});
  REQUIRE(world.GetSystem<AlphaSystem>()->last_delta == 0.5f);
}

TEST_CASE("Runs-after orderings are honoured and ties keep registration order", "[ecs][systems]") {
  Coordinator world(1);
  std::vector<std::string> log;
  world.RegisterSystem<AlphaSystem>(&log);
  world.RegisterSystem<BetaSystem>(&log);
  world.RegisterSystem<GammaSystem>(&log);
  world.RegisterSystem<DeltaSystem>(&log);
  world.SetSystemOrder<AlphaSystem, GammaSystem>();  // Alpha runs after Gamma
  world.SetSystemOrder<BetaSystem, DeltaSystem>();
  REQUIRE(NamesOf(world.Systems().ExecutionOrder()) ==
          std::vector<std::string>{"GammaSystem", "AlphaSystem", "DeltaSystem", "BetaSystem"});
  world.UpdateSystems(1.0f);
  REQUIRE(log == std::vector<std::string>{"GammaSystem", "AlphaSystem", "DeltaSystem", "BetaSystem"});
}

TEST_CASE("Orderings can chain and be named by system name", "[ecs][systems]") {
  Coordinator world(1);
  world.RegisterSystem<AlphaSystem>();
  world.RegisterSystem<BetaSystem>();
  world.RegisterSystem<GammaSystem>();
  world.Systems().AddOrdering("AlphaSystem", "BetaSystem");
  world.Systems().AddOrdering("BetaSystem", "GammaSystem");
  REQUIRE(NamesOf(world.Systems().ExecutionOrder()) ==
          std::vector<std::string>{"GammaSystem", "BetaSystem", "AlphaSystem"});
  REQUIRE_THROWS_WITH(world.Systems().AddOrdering("AlphaSystem", "Physics"), "cannot order unknown system Physics");
  REQUIRE_THROWS_WITH(world.Systems().AddOrdering("Physics", "AlphaSystem"), "cannot order unknown system Physics");
  REQUIRE_THROWS_WITH(world.Systems().AddOrdering("AlphaSystem", "AlphaSystem"),
                      "system AlphaSystem cannot run after itself");
}

TEST_CASE("The order is recomputed when systems or orderings are added", "[ecs][systems]") {
  Coordinator world(1);
  world.RegisterSystem<AlphaSystem>();
  world.RegisterSystem<BetaSystem>();
  REQUIRE(NamesOf(world.Systems().ExecutionOrder()) == std::vector<std::string>{"AlphaSystem", "BetaSystem"});
  world.SetSystemOrder<AlphaSystem, BetaSystem>();
  REQUIRE(NamesOf(world.Systems().ExecutionOrder()) == std::vector<std::string>{"BetaSystem", "AlphaSystem"});
  world.RegisterSystem<GammaSystem>();
  world.SetSystemOrder<BetaSystem, GammaSystem>();
  REQUIRE(NamesOf(world.Systems().ExecutionOrder()) ==
          std::vector<std::string>{"GammaSystem", "BetaSystem", "AlphaSystem"});
}

TEST_CASE("A cycle in the ordering is reported by the systems' names", "[ecs][systems]") {
  Coordinator world(1);
  world.RegisterSystem<DeltaSystem>();  // depends on the cycle but is not part of it
  world.RegisterSystem<AlphaSystem>();
  world.RegisterSystem<BetaSystem>();
  world.RegisterSystem<GammaSystem>();
  world.SetSystemOrder<DeltaSystem, AlphaSystem>();
  world.SetSystemOrder<AlphaSystem, BetaSystem>();
  world.SetSystemOrder<BetaSystem, GammaSystem>();
  world.SetSystemOrder<GammaSystem, AlphaSystem>();
  REQUIRE_THROWS_AS(world.Systems().ExecutionOrder(), SystemError);
  REQUIRE_THROWS_WITH(world.UpdateSystems(0.0f),
                      "system ordering has a cycle: AlphaSystem runs after BetaSystem runs after GammaSystem runs "
                      "after AlphaSystem");
}

TEST_CASE("A two-system cycle names both systems", "[ecs][systems]") {
  Coordinator world(1);
  world.RegisterSystem<AlphaSystem>();
  world.RegisterSystem<BetaSystem>();
  world.SetSystemOrder<AlphaSystem, BetaSystem>();
  world.SetSystemOrder<BetaSystem, AlphaSystem>();
  REQUIRE_THROWS_WITH(world.Systems().ExecutionOrder(),
                      "system ordering has a cycle: AlphaSystem runs after BetaSystem runs after AlphaSystem");
}

TEST_CASE("A system's entities come in slot order, and a stale handle is never among them", "[ecs][systems]") {
  Coordinator world(1);
  RegisterComponents(world);
  const auto system = world.RegisterSystem<AlphaSystem>();
  world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Position>());
  std::vector<Entity> entities;
  for (int i = 0; i < 200; ++i) entities.push_back(world.CreateEntity());
  // Members in three words of the set, and gaps of whole words between them.
  std::vector<Entity> expected;
  for (const int i : {0, 1, 63, 64, 130, 199}) {
    world.AddComponent<Position>(entities[i]);
    expected.push_back(entities[i]);
  }
  REQUIRE(std::vector<Entity>(system->Entities().begin(), system->Entities().end()) == expected);
  REQUIRE(system->Entities().Size() == expected.size());

  // Slot 64 is freed and reused by an entity without Position: neither the
  // old handle nor the new one is a member.
  world.DestroyEntity(entities[64]);
  REQUIRE_FALSE(system->Entities().Contains(entities[64]));
  Entity reused = world.CreateEntity();
  while (reused.index != 64) reused = world.CreateEntity();
  REQUIRE_FALSE(system->Entities().Contains(reused));
  REQUIRE_FALSE(system->Entities().Contains(kNullEntity));
  world.AddComponent<Position>(reused);
  REQUIRE(system->Entities().Contains(reused));
  REQUIRE_FALSE(system->Entities().Contains(entities[64]));
  expected[3] = reused;
  REQUIRE(std::vector<Entity>(system->Entities().begin(), system->Entities().end()) == expected);
  REQUIRE(Members(*system) == system->mirror);
}

TEST_CASE("Only a system type that overrides a membership hook is called for it", "[ecs][systems]") {
  STATIC_REQUIRE(detail::KeepsBaseMembershipHooks<QuietPositionSystem>::value);
  STATIC_REQUIRE(detail::KeepsBaseMembershipHooks<QuietPairHealthSystem>::value);
  STATIC_REQUIRE_FALSE(detail::KeepsBaseMembershipHooks<PublicAddedHookSystem>::value);
  STATIC_REQUIRE_FALSE(detail::KeepsBaseMembershipHooks<ProtectedRemovedHookSystem>::value);
  STATIC_REQUIRE_FALSE(detail::KeepsBaseMembershipHooks<PrivateHooksSystem>::value);
  STATIC_REQUIRE_FALSE(detail::KeepsBaseMembershipHooks<DerivedFromHookedSystem>::value);
  STATIC_REQUIRE_FALSE(detail::KeepsBaseMembershipHooks<AlphaSystem>::value);

  // A quiet system and a hooked one watching the same type: the hooked one
  // still hears of every change, and both memberships stay exact.
  Coordinator world(5);
  RegisterComponents(world);
  const auto quiet = world.RegisterSystem<QuietPositionSystem>();
  const auto hooked = world.RegisterSystem<AlphaSystem>();
  world.SetSystemSignature<QuietPositionSystem>(world.MakeSignature<Position>());
  world.SetSystemSignature<AlphaSystem>(world.MakeSignature<Position>());
  const Entity entity = world.CreateEntity();
  world.AddComponent<Position>(entity);
  world.RemoveComponent<Position>(entity);
  world.AddComponent<Position>(entity);
  REQUIRE(quiet->Entities().Contains(entity));
  REQUIRE(hooked->Entities().Contains(entity));
  const std::string handle = ToString(entity);
  REQUIRE(hooked->hooks == std::vector<std::string>{"added " + handle, "removed " + handle, "added " + handle});
  world.DestroyEntity(entity);
  REQUIRE(quiet->Entities().Empty());
  REQUIRE(hooked->mirror.empty());
}

TEST_CASE("Systems without membership hooks stay exact under random adds, removes and destroys", "[ecs][systems]") {
  const auto seed = GENERATE(44u, 55u);
  Coordinator world(seed);
  RegisterComponents(world);
  const auto position = world.RegisterSystem<QuietPositionSystem>();
  const auto pair = world.RegisterSystem<QuietPairSystem>();
  const auto pair_health = world.RegisterSystem<QuietPairHealthSystem>();
  world.SetSystemSignature<QuietPositionSystem>(world.MakeSignature<Position>());
  world.SetSystemSignature<QuietPairSystem>(world.MakeSignature<Position, Velocity>());
  world.SetSystemSignature<QuietPairHealthSystem>(world.MakeSignature<Position, Velocity, Health>());
  const std::vector<System*> systems{position.get(), pair.get(), pair_health.get()};

  // Half way through, a ComponentRemoved handler appears: removals then take
  // the path that runs handlers first; it checks the component is still there.
  std::size_t removals_heard = 0;
  std::mt19937 random(seed);
  std::vector<Entity> alive;
  for (int step = 0; step < 1500; ++step) {
    if (step == 750) {
      world.Events().Subscribe<ComponentRemoved>([&](const ComponentRemoved& event) {
        REQUIRE(world.HasComponent(event.entity, event.type));
        ++removals_heard;
      });
    }
    ApplyRandomEdit(world, random, alive, alive.empty() ? 0 : random() % 10);
    for (System* system : systems) {
      INFO("seed " << seed << ", step " << step << ", system " << system->Name());
      const auto expected = BruteForce(world, system->GetSignature());
      REQUIRE(Members(*system) == expected);
      REQUIRE(system->Entities().Size() == expected.size());
    }
  }
  REQUIRE(removals_heard > 0);
}

TEST_CASE("Quiet systems catch up when read, however many changes came between reads", "[ecs][systems]") {
  const auto seed = GENERATE(7u, 8u, 9u);
  Coordinator world(seed);
  RegisterComponents(world);
  const auto position = world.RegisterSystem<QuietPositionSystem>();
  const auto pair = world.RegisterSystem<QuietPairSystem>();
  const auto pair_health = world.RegisterSystem<QuietPairHealthSystem>();
  world.SetSystemSignature<QuietPositionSystem>(world.MakeSignature<Position>());
  world.SetSystemSignature<QuietPairSystem>(world.MakeSignature<Position, Velocity>());
  world.SetSystemSignature<QuietPairHealthSystem>(world.MakeSignature<Position, Velocity, Health>());
  const std::vector<System*> systems{position.get(), pair.get(), pair_health.get()};

  // Each system is read at its own random moments, so one catches up over
  // changes another has already caught up over. Now and then a batch of
  // Velocity arrives through the bulk path, and the pair system swaps its
  // signature.
  std::mt19937 random(seed);
  std::vector<Entity> alive;
  std::vector<Entity> destroyed;
  bool pair_wants_velocity = true;
  for (int step = 0; step < 3000; ++step) {
    const unsigned op = alive.empty() ? 0 : random() % 10;
    if (op == 3 && random() % 4 == 0) {
      std::vector<Entity> batch;
      for (const Entity entity : alive) {
        if (!world.HasComponent<Velocity>(entity) && random() % 3 == 0) batch.push_back(entity);
      }
      world.AddComponents<Velocity>(batch, [](std::size_t) { return Velocity{1.0f}; });
    } else if (op == 3 && random() % 8 == 0) {
      pair_wants_velocity = !pair_wants_velocity;
      world.SetSystemSignature<QuietPairSystem>(pair_wants_velocity ? world.MakeSignature<Position, Velocity>()
                                                                    : world.MakeSignature<Health>());
    } else {
      const std::vector<Entity> before = alive;
      ApplyRandomEdit(world, random, alive, op);
      for (const Entity entity : before) {
        if (!world.IsAlive(entity)) destroyed.push_back(entity);
      }
    }
    for (System* system : systems) {
      if (random() % 5 != 0) continue;
      INFO("seed " << seed << ", step " << step << ", system " << system->Name());
      const auto expected = BruteForce(world, system->GetSignature());
      REQUIRE(Members(*system) == expected);
      REQUIRE(system->Entities().Size() == expected.size());
      REQUIRE(system->Entities().Empty() == expected.empty());
      for (const Entity entity : alive) {
        REQUIRE(system->Entities().Contains(entity) ==
                expected.contains(std::uint64_t{entity.index} << 32 | entity.generation));
      }
      for (std::size_t i = 0; i < destroyed.size(); i += 7) REQUIRE_FALSE(system->Entities().Contains(destroyed[i]));
    }
  }
}

TEST_CASE("A quiet system's set may be changed while it is walked, and is exact when next read", "[ecs][systems]") {
  Coordinator world(10);
  RegisterComponents(world);
  const auto system = world.RegisterSystem<QuietPositionSystem>();
  world.SetSystemSignature<QuietPositionSystem>(world.MakeSignature<Position>());
  std::set<std::uint64_t> before;
  for (int i = 0; i < 300; ++i) {
    const Entity entity = world.CreateEntity();
    if (i % 3 != 0) {
      world.AddComponent<Position>(entity);
      before.insert(std::uint64_t{entity.index} << 32 | entity.generation);
    }
  }
  // Every member walked loses Position, and a new member appears on the way
  // (the walk may or may not reach it).
  std::set<std::uint64_t> walked;
  Entity added = kNullEntity;
  for (const Entity entity : system->Entities()) {
    walked.insert(std::uint64_t{entity.index} << 32 | entity.generation);
    world.RemoveComponent<Position>(entity);
    if (walked.size() == 10) {
      added = world.CreateEntity();
      world.AddComponent<Position>(added);
      before.insert(std::uint64_t{added.index} << 32 | added.generation);
    }
  }
  REQUIRE(std::includes(before.begin(), before.end(), walked.begin(), walked.end()));
  REQUIRE(walked.size() >= 200);  // every member there was when the walk began
  const auto expected = BruteForce(world, system->GetSignature());
  REQUIRE(Members(*system) == expected);
  REQUIRE(system->Entities().Size() == expected.size());
  REQUIRE(system->Entities().Contains(added) == expected.contains(std::uint64_t{added.index} << 32 | added.generation));
}

TEST_CASE("A walk of a quiet system never reaches an entity that left, or was destroyed, before it", "[ecs][systems]") {
  Coordinator world(13);
  RegisterComponents(world);
  const auto system = world.RegisterSystem<QuietPositionSystem>();
  world.SetSystemSignature<QuietPositionSystem>(world.MakeSignature<Position>());
  std::vector<Entity> entities;
  for (int i = 0; i < 200; ++i) {
    entities.push_back(world.CreateEntity());
    world.AddComponent<Position>(entities.back());
  }
  // At the first member, the walk's later members are taken apart: one in
  // four destroyed (its slot then reused by an entity without Position, or
  // with it), one in four losing Position.
  std::vector<Entity> reached;
  for (const Entity entity : system->Entities()) {
    REQUIRE(world.IsAlive(entity));
    REQUIRE(world.HasComponent<Position>(entity));
    reached.push_back(entity);
    if (reached.size() != 1) continue;
    for (std::size_t i = 1; i < entities.size(); ++i) {
      if (i % 4 == 1) world.DestroyEntity(entities[i]);
      if (i % 4 == 2) world.RemoveComponent<Position>(entities[i]);
    }
    for (int i = 0; i < 50; ++i) {
      const Entity newcomer = world.CreateEntity();  // reuses a freed slot
      if (i % 2 == 0) world.AddComponent<Position>(newcomer);
    }
  }
  // Every entity that kept Position all along was reached; nothing else but
  // newcomers with Position (which may or may not be).
  std::size_t kept = 0;
  for (std::size_t i = 0; i < entities.size(); ++i) {
    if (i % 4 == 1 || i % 4 == 2) continue;
    ++kept;
    REQUIRE(std::find(reached.begin(), reached.end(), entities[i]) != reached.end());
  }
  REQUIRE(reached.size() >= kept);
  REQUIRE(reached.size() <= kept + 25);
  REQUIRE(Members(*system) == BruteForce(world, system->GetSignature()));
}

TEST_CASE("A bulk add that fails part-way leaves a quiet system exact, even one read meanwhile", "[ecs][systems]") {
  Coordinator world(11);
  RegisterComponents(world);
  const auto system = world.RegisterSystem<QuietPositionSystem>();
  world.SetSystemSignature<QuietPositionSystem>(world.MakeSignature<Position>());
  const std::vector<Entity> entities{world.CreateEntity(), world.CreateEntity(), world.CreateEntity()};
  std::size_t seen_during = 0;
  REQUIRE_THROWS_WITH(world.AddComponents<Position>(entities,
                                                    [&](std::size_t i) {
                                                      seen_during = system->Entities().Size();
                                                      if (i == 2) throw std::runtime_error("no value");
                                                      return Position{};
                                                    }),
                      "no value");
  REQUIRE(seen_during > 0);  // the set was read while the signatures were marked
  REQUIRE(system->Entities().Empty());
  REQUIRE(Members(*system).empty());
  for (const Entity entity : entities) REQUIRE_FALSE(system->Entities().Contains(entity));
  world.AddComponent<Position>(entities[1]);
  REQUIRE(Members(*system) == BruteForce(world, system->GetSignature()));
}

TEST_CASE("A quiet system read from another system's hooks during a change is exact afterwards", "[ecs][systems]") {
  Coordinator world(12);
  RegisterComponents(world);
  const auto quiet = world.RegisterSystem<QuietPositionSystem>();
  const auto reader = world.RegisterSystem<ReadingHookSystem>();
  world.SetSystemSignature<QuietPositionSystem>(world.MakeSignature<Position>());
  world.SetSystemSignature<ReadingHookSystem>(world.MakeSignature<Position>());
  reader->watched = quiet.get();
  std::vector<Entity> entities;
  for (int i = 0; i < 5; ++i) {
    entities.push_back(world.CreateEntity());
    world.AddComponent<Position>(entities.back());
  }
  world.RemoveComponent<Position>(entities[1]);
  world.DestroyEntity(entities[2]);  // the hook reads the set while the entity is still alive
  world.DestroyEntity(entities[3]);
  REQUIRE(reader->reads == 8);  // five joins, one removal, two destroys
  const auto expected = BruteForce(world, quiet->GetSignature());
  REQUIRE(expected.size() == 2);
  REQUIRE(Members(*quiet) == expected);
  REQUIRE(quiet->Entities().Size() == 2);
  for (const Entity member : quiet->Entities()) REQUIRE(world.IsAlive(member));
}

TEST_CASE("The typed RemoveComponent reports the same errors as the one by type", "[ecs][systems]") {
  Coordinator world(6);
  RegisterComponents(world);
  world.RegisterSystem<QuietPositionSystem>();
  world.SetSystemSignature<QuietPositionSystem>(world.MakeSignature<Position>());
  const Entity entity = world.CreateEntity();
  REQUIRE_THROWS_AS(world.RemoveComponent<Position>(entity), MissingComponentError);
  REQUIRE_THROWS_AS(world.RemoveComponent<Hierarchy>(entity), HierarchyError);
  world.AddComponent<Position>(entity);
  world.DestroyEntity(entity);
  REQUIRE_THROWS_WITH(world.RemoveComponent<Position>(entity),
                      Catch::Contains("stale entity handle") && Catch::Contains("RemoveComponent<Position>"));
}

namespace {

class ThrowingSystem : public System {
 public:
  void Update(Coordinator&, float) override { throw std::runtime_error("the table is empty"); }
};

class SelfNamingSystem : public System {
 public:
  void Update(Coordinator&, float) override { throw std::runtime_error("SelfNamingSystem: already named"); }
};

}  // namespace

TEST_CASE("A system's exception leaves UpdateSystems named by the system, once", "[ecs][systems]") {
  Coordinator world(1);
  world.RegisterSystem<ThrowingSystem>();
  REQUIRE_THROWS_AS(world.UpdateSystems(0.0f), SystemError);
  REQUIRE_THROWS_WITH(world.UpdateSystems(0.0f), "ThrowingSystem: the table is empty");
  Coordinator other(1);
  other.RegisterSystem<SelfNamingSystem>();
  REQUIRE_THROWS_WITH(other.UpdateSystems(0.0f), "SelfNamingSystem: already named");
}
