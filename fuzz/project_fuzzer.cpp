// libFuzzer target for game project files, cairn.project.json
// (serialization/project.h), and for scenes that use a project's component
// types (scripts/fuzz.sh).
//
// The input is a project file, optionally followed by a scene
// (fuzz_support.h: a line "==> NAME" starts the scene; NAME is ignored).
// Neither loader may crash, leak, hang or trip a sanitizer, and:
//   - a project that loads has a canonical text (ProjectToText) that loads
//     again and gives the same text;
//   - its component types register on a world with the built-ins (the
//     loader already refused every name that clashes with one), and the
//     scene and runtime schemas can be generated from that world;
//   - a project that does not load says why (an error diagnostic);
//   - a scene that loads with the project's components keeps the scene
//     loader's promises (fuzz_support.h, CheckLoadedScene).
// A broken promise aborts with a message, which libFuzzer reports as a crash.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "cairn/ecs/builtin_components.h"
#include "cairn/ecs/coordinator.h"
#include "cairn/ecs/errors.h"
#include "cairn/serialization/project.h"
#include "cairn/serialization/schema.h"
#include "fuzz_support.h"
#include "json_mutator.h"

namespace {

using namespace cairn;
using namespace cairn::serialization;
using cairn::fuzz::AllProblems;
using cairn::fuzz::Broken;

bool HasError(const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& diagnostic : diagnostics) {
    if (diagnostic.IsError()) return true;
  }
  return false;
}

void CheckProject(const Project& project) {
  const std::string text = ProjectToText(project);
  const ProjectLoadResult again = LoadProject(text);
  if (!again.Ok()) Broken("a project's canonical text loads again", AllProblems(again.diagnostics) + "\n" + text);
  const std::string retext = ProjectToText(*again.project);
  if (retext != text) Broken("a project's canonical text loads to the same text", text + "\n----\n" + retext);

  ecs::Coordinator world(1);
  ecs::RegisterBuiltinComponents(world);
  try {
    RegisterProjectComponents(world, project);
  } catch (const ecs::ComponentRegistrationError& error) {
    Broken("a project that loads registers its components beside the built-ins", error.what() + std::string("\n") + text);
  }
  GenerateSceneSchema(world);
  GenerateRuntimeSchema(world);
}

}  // namespace

// Mutates the files as JSON documents too (the project and the scene): json_mutator.h.
CAIRN_FUZZ_JSON_MUTATOR(0, 1)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::vector<fuzz::Segment> segments = fuzz::SplitSegments(input, 2);
  const ProjectLoadResult loaded = LoadProject(segments[0].text);
  if (!loaded.Ok()) {
    if (!HasError(loaded.diagnostics)) Broken("a project that does not load has an error", AllProblems(loaded.diagnostics));
    return 0;
  }
  CheckProject(*loaded.project);
  if (segments.size() < 2) return 0;

  LoadOptions options = fuzz::FuzzOptions();
  const Project& project = *loaded.project;
  options.register_components = [&project](ecs::Coordinator& world) {
    ecs::RegisterBuiltinComponents(world);
    RegisterProjectComponents(world, project);
  };
  const std::string_view scene_text = segments[1].text;
  const LoadResult scene = LoadScene(scene_text, options);
  if (scene.Ok()) fuzz::CheckLoadedScene(scene_text, *scene.scene, options);
  LoadRuntime(scene_text, options);
  return 0;
}
