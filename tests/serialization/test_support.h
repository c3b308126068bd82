#pragma once
// Shared fixtures of the serialization tests: data paths, a hand-made sample
// scene (the golden files describe it), and small file helpers.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/plain_value.h"
#include "cairn/serialization/diagnostic.h"
#include "cairn/test/files.h"

namespace cairn::serialization::test {

// tests/serialization/data/<name> in the source tree.
std::filesystem::path DataPath(const std::string& name);
using cairn::test::ReadText;
using cairn::test::TempDir;
using cairn::test::WriteText;

// True when CAIRN_UPDATE_GOLDEN=1: golden files and schemas are rewritten
// from the code instead of compared (then review the diff).
bool UpdatingGoldenFiles();

// Each diagnostic as "pointer: message", in order.
std::vector<std::string> Texts(const std::vector<Diagnostic>& diagnostics);

// A fresh world with the built-in components.
std::unique_ptr<ecs::Coordinator> MakeWorld(std::uint64_t seed = 7);

// The sample scene of the golden files: a sun, a player with a following
// camera, a spinner, an unnamed entity and a name that needs escaping.
std::unique_ptr<ecs::Coordinator> MakeSampleWorld();
ecs::PlainValue SampleEditorData();

}  // namespace cairn::serialization::test
