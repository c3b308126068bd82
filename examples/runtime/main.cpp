// A game's side of Cairn: loads a runtime export (docs/runtime.md) into an
// ECS world with the installed cairn::serialization library, computes the
// world matrices, and prints the hierarchy with each entity's world position.
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

namespace {

// "1.5" for 1.5f, "-0" never: a position printed the same on every platform.
std::string Number(float value) {
  if (value == 0.0f) value = 0.0f;
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
  return text;
}

void PrintSubtree(const cairn::ecs::Coordinator& world, const cairn::ecs::TransformSystem& transforms,
                  cairn::ecs::Entity entity, int depth) {
  const glm::mat4& matrix = transforms.WorldMatrix(entity);
  const auto* name = world.TryGetComponent<cairn::ecs::Name>(entity);
  std::cout << std::string(2 * static_cast<std::size_t>(depth), ' ')
            << (name != nullptr && !name->value.empty() ? name->value : "(unnamed)") << " "
            << cairn::ecs::ToHex(world.GetEntityId(entity)) << " at (" << Number(matrix[3][0]) << ", "
            << Number(matrix[3][1]) << ", " << Number(matrix[3][2]) << ")\n";
  world.ForEachChild(entity, [&](cairn::ecs::Entity child) { PrintSubtree(world, transforms, child, depth + 1); });
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: runtime_example LEVEL.runtime.json\n";
    return 2;
  }
  // The default options register the built-in components; a game adds its
  // own types through options.register_components.
  cairn::serialization::RuntimeLoadResult level = cairn::serialization::LoadRuntimeFile(argv[1]);
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
