#pragma once
// Scene format versions and the chain that upgrades old documents.
//
// Each step turns a version N document into a version N + 1 document, in
// place, before validation; a file of any older version is loaded by running
// the steps in order. Changing the meaning or shape of anything a file holds
// means adding a step here, bumping kSceneVersion and documenting both
// versions in docs/scene-format.md.
//
// Version 0 (before names and quaternions):
//   - an entity's name was a component, "Name": {"value": "Player"}, and
//     entities had no "name" key;
//   - Transform "rotation" was Euler angles in degrees [x, y, z], applied
//     about the parent's X axis first, then Y, then Z.
//
// Version 1 (scene and runtime files): MeshRenderer had no "asset" field;
// every mesh was the built-in primitive its "mesh" names.

#include <string>
#include <vector>

#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/document.h"

namespace cairn::serialization {

struct MigrationStep {
  int from_version = 0;  // produces from_version + 1
  std::string description;
  // Reports what it cannot interpret (with the pointer of the old data) and
  // leaves everything it does not own to validation.
  void (*apply)(Document& document, DiagnosticSink& sink) = nullptr;
};

// Step i migrates version i; size() == kSceneVersion.
const std::vector<MigrationStep>& SceneMigrations();

// Step i migrates version kOldestRuntimeVersion + i;
// size() == kRuntimeVersion - kOldestRuntimeVersion.
const std::vector<MigrationStep>& RuntimeMigrations();

// Runs the steps from `from_version` up to kSceneVersion and sets "version".
// Stops at the first step that reports an error; returns whether all ran.
// Precondition: 0 <= from_version <= kSceneVersion.
bool MigrateScene(Document& document, int from_version, DiagnosticSink& sink);

// The same for a runtime file. Precondition:
// kOldestRuntimeVersion <= from_version <= kRuntimeVersion.
bool MigrateRuntime(Document& document, int from_version, DiagnosticSink& sink);

}  // namespace cairn::serialization
