// A game's side of Cairn: loads a runtime export (docs/runtime.md) into an
// ECS world with the installed cairn::serialization library, computes the
// world matrices, and prints the hierarchy with each entity's world position
// and the game's own components (Spin, Pickup), read as the C++ structs that
// `cairn codegen` generated from game/cairn.project.json at build time.
//
//   runtime_example level.runtime.json

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/transform_system.h"
#include "cairn/serialization/runtime_loader.h"
#include "game_components.h"  // generated: game::Spin, game::Pickup, game::RegisterProjectComponents

namespace {

// "1.5" for 1.5f, "-0" never: a position printed the same on every platform.
std::string Number(float value) {
  if (value == 0.0f) value = 0.0f;
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
  return text;
}

std::string Vector(const glm::vec3& v) {
  std::string text = "(";
  text.append(Number(v.x)).append(", ").append(Number(v.y)).append(", ").append(Number(v.z)).append(")");
  return text;
}

const char* KindName(game::Pickup::Kind kind) {
  switch (kind) {
    case game::Pickup::Kind::kCoin: return "coin";
    case game::Pickup::Kind::kGem: return "gem";
    case game::Pickup::Kind::kKey: return "key";
  }
  return "?";
}

void PrintSubtree(const cairn::ecs::Coordinator& world, const cairn::ecs::TransformSystem& transforms,
                  cairn::ecs::Entity entity, int depth) {
  const std::string indent(2 * static_cast<std::size_t>(depth), ' ');
  const glm::mat4& matrix = transforms.WorldMatrix(entity);
  const auto* name = world.TryGetComponent<cairn::ecs::Name>(entity);
  std::cout << indent << (name != nullptr && !name->value.empty() ? name->value : "(unnamed)") << " "
            << cairn::ecs::ToHex(world.GetEntityId(entity)) << " at " << Vector(glm::vec3(matrix[3])) << "\n";
  if (const auto* spin = world.TryGetComponent<game::Spin>(entity)) {
    std::cout << indent << "  spins " << Number(spin->speed) << " deg/s about " << Vector(spin->axis) << "\n";
  }
  if (const auto* pickup = world.TryGetComponent<game::Pickup>(entity)) {
    std::cout << indent << "  pickup: " << pickup->amount << " " << KindName(pickup->kind) << ", mesh "
              << pickup->mesh << "\n";
  }
  world.ForEachChild(entity, [&](cairn::ecs::Entity child) { PrintSubtree(world, transforms, child, depth + 1); });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: runtime_example LEVEL.runtime.json\n";
    return 2;
  }
  // The built-in components, then the game's own; a component the world does
  // not register would be skipped with a warning.
  cairn::serialization::LoadOptions options;
  options.register_components = [](cairn::ecs::Coordinator& world) {
    cairn::ecs::RegisterBuiltinComponents(world);
    game::RegisterProjectComponents(world);
  };
  cairn::serialization::RuntimeLoadResult level = cairn::serialization::LoadRuntimeFile(argv[1], options);
  for (const cairn::serialization::Diagnostic& diagnostic : level.diagnostics) {
    std::cerr << argv[1] << ": " << diagnostic.ToString() << "\n";
  }
  if (!level.Ok()) return 1;

  cairn::ecs::Coordinator& world = *level.world;
  world.UpdateSystems(0.0f);  // the TransformSystem computes world matrices
  const auto transforms = world.GetSystem<cairn::ecs::TransformSystem>();
  std::cout << world.EntityCount() << " entities\n";
  world.ForEachChild(cairn::ecs::kNullEntity,
                     [&](cairn::ecs::Entity root) { PrintSubtree(world, *transforms, root, 0); });
  return 0;
}
