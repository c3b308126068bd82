#include "cairn/serialization/runtime_export.h"

#include "cairn/serialization/json_text.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/scene_writer.h"
#include "entity_writer.h"

namespace cairn::serialization {

std::string ExportRuntime(const ecs::Coordinator& world, const ExportOptions& options) {
  std::string out;
  out.reserve(256 + world.EntityCount() * (options.include_world_matrices ? 900 : 640));
  out += "{\n  \"format\": ";
  AppendString(out, kRuntimeFormat);
  out += ",\n  \"version\": ";
  AppendInteger(out, kRuntimeVersion);
  out += ",\n  ";
  detail::AppendEntities(out, world, {.world_matrices = options.include_world_matrices, .runtime = true, .prefabs = nullptr});
  out += "\n}\n";
  return out;
}

SaveResult ExportRuntimeFile(const std::filesystem::path& path, const ecs::Coordinator& world,
                             const ExportOptions& options) {
  std::string text;
  try {
    text = ExportRuntime(world, options);
  } catch (const SaveError& error) {
    return {false, "cannot export " + path.string() + ": " + error.what()};
  }
  return WriteFileAtomically(path, text, {.keep_backup = false});
}

}  // namespace cairn::serialization
