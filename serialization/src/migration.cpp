#include "cairn/serialization/migration.h"

#include <cmath>
#include <numbers>

#include "cairn/serialization/scene_format.h"

namespace cairn::serialization {

namespace {

std::string EntityPointer(std::size_t index) { return "/entities/" + std::to_string(index); }

// Version 0 -> 1: names move from the Name component to the entity's "name";
// Transform rotations turn from Euler degrees [x, y, z] into quaternions
// [x, y, z, w].
void NamesAndQuaternions(Document& document, DiagnosticSink& sink) {
  const auto entities = document.find("entities");
  if (entities == document.end() || !entities->is_array()) return;  // validation reports it
  for (std::size_t i = 0; i < entities->size(); ++i) {
    Document& entity = (*entities)[i];
    if (!entity.is_object()) continue;
    const auto components = entity.find("components");
    if (components == entity.end() || !components->is_object()) continue;

    if (entity.contains("name")) {
      sink.Error(EntityPointer(i) + "/name", "unexpected in a version 0 file (names are components/Name there)");
    } else if (const auto name = components->find("Name"); name != components->end()) {
      const auto value = name->is_object() && name->size() == 1 ? name->find("value") : name->end();
      if (value == name->end() || !value->is_string()) {
        sink.Error(EntityPointer(i) + "/components/Name",
                   "expected {\"value\": a string} (a version 0 name), found " + DescribeJsonValue(*name));
      } else {
        entity["name"] = std::move(*value);
        components->erase(name);
      }
    } else {
      entity["name"] = nullptr;
    }

    const auto transform = components->find("Transform");
    if (transform == components->end() || !transform->is_object()) continue;
    const auto rotation = transform->find("rotation");
    if (rotation == transform->end()) continue;
    const std::string pointer = EntityPointer(i) + "/components/Transform/rotation";
    const bool well_formed = rotation->is_array() && rotation->size() == 3 && (*rotation)[0].is_number() &&
                             (*rotation)[1].is_number() && (*rotation)[2].is_number();
    if (!well_formed) {
      sink.Error(pointer, "expected an array of 3 numbers (version 0 Euler angles in degrees), found " +
                              DescribeJsonValue(*rotation));
      continue;
    }
    // q = qz * qy * qx: rotate about X first, then Y, then Z (fixed axes).
    double c[3];
    double s[3];
    for (std::size_t axis = 0; axis < 3; ++axis) {
      const double half = (*rotation)[axis].get<double>() * std::numbers::pi / 360.0;
      c[axis] = std::cos(half);
      s[axis] = std::sin(half);
    }
    const double w = c[0] * c[1] * c[2] + s[0] * s[1] * s[2];
    const double x = s[0] * c[1] * c[2] - c[0] * s[1] * s[2];
    const double y = c[0] * s[1] * c[2] + s[0] * c[1] * s[2];
    const double z = c[0] * c[1] * s[2] - s[0] * s[1] * c[2];
    *rotation = Document::array({x, y, z, w});
  }
}

// Version 1 -> 2 (scene and runtime): MeshRenderer gains "asset", a mesh
// file; "" keeps drawing the built-in primitive "mesh" names.
void MeshRendererAssets(Document& document, DiagnosticSink&) {
  const auto entities = document.find("entities");
  if (entities == document.end() || !entities->is_array()) return;  // validation reports it
  for (Document& entity : *entities) {
    if (!entity.is_object()) continue;
    const auto components = entity.find("components");
    if (components == entity.end() || !components->is_object()) continue;
    const auto mesh = components->find("MeshRenderer");
    if (mesh == components->end() || !mesh->is_object() || mesh->contains("asset")) continue;
    (*mesh)["asset"] = "";
  }
}

// Version 2 -> 3 (scene): prefab instances ("instances") follow the
// entities; a version 2 scene has none.
void PrefabInstances(Document& document, DiagnosticSink&) {
  if (document.is_object() && !document.contains("instances")) document["instances"] = Document::array();
}

constexpr const char* kMeshRendererAssets = "MeshRenderer gains \"asset\" (\"\": the built-in \"mesh\")";

bool Migrate(Document& document, const std::vector<MigrationStep>& steps, int from_version, int to_version,
             DiagnosticSink& sink) {
  const std::size_t errors_before = sink.ErrorCount();
  const int first = steps.empty() ? to_version : steps.front().from_version;
  for (int version = from_version; version < to_version; ++version) {
    steps[static_cast<std::size_t>(version - first)].apply(document, sink);
    if (sink.ErrorCount() != errors_before) return false;
    document["version"] = version + 1;
  }
  return true;
}

}  // namespace

const std::vector<MigrationStep>& SceneMigrations() {
  static const std::vector<MigrationStep> steps = {
      {0, "names move from the Name component to \"name\"; Transform rotation from Euler degrees to a quaternion",
       &NamesAndQuaternions},
      {1, kMeshRendererAssets, &MeshRendererAssets},
      {2, "prefab instances (\"instances\": the prefab's path and the instance's overrides) follow the entities",
       &PrefabInstances},
  };
  static_assert(kSceneVersion == 3, "add a migration step for the new version");
  return steps;
}

const std::vector<MigrationStep>& RuntimeMigrations() {
  static const std::vector<MigrationStep> steps = {
      {1, kMeshRendererAssets, &MeshRendererAssets},
  };
  static_assert(kRuntimeVersion == 2 && kOldestRuntimeVersion == 1, "add a migration step for the new version");
  return steps;
}

bool MigrateScene(Document& document, int from_version, DiagnosticSink& sink) {
  return Migrate(document, SceneMigrations(), from_version, kSceneVersion, sink);
}

bool MigrateRuntime(Document& document, int from_version, DiagnosticSink& sink) {
  return Migrate(document, RuntimeMigrations(), from_version, kRuntimeVersion, sink);
}

}  // namespace cairn::serialization
