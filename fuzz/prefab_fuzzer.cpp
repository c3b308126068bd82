// libFuzzer target for prefab instances (serialization/prefab.h): a scene
// whose instances place prefab files, loaded, saved and merged with a
// PrefabLibrary (scripts/fuzz.sh).
//
// The input is the scene, then the prefab files, each after a line
// "==> NAME" (fuzz_support.h), NAME its path relative to the project folder
// ("props/lamp.scene"):
//
//   {"format": "cairn.scene", ..., "instances": [{..., "prefab": "lamp.scene", ...}]}
//   ==> lamp.scene
//   {"format": "cairn.scene", ...}
//
// The files are written to a scratch folder that a fresh PrefabLibrary
// reads for each input. Nothing may crash, leak, hang or trip a sanitizer,
// and a scene that loads must keep the scene loader's promises against its
// prefabs (fuzz_support.h, CheckLoadedScene) and this one: its flat text
// (saved without a library, every instance as plain entities with its
// cairn.PrefabInstance marker, as the editor keeps its own copies) loads
// again and collapses back into the same instances: saved with the library,
// it gives the scene's canonical text.
// A broken promise aborts with a message, which libFuzzer reports as a crash.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "fuzz_support.h"
#include "json_mutator.h"

namespace {

using namespace cairn;
using namespace cairn::serialization;
using cairn::fuzz::AllProblems;
using cairn::fuzz::Broken;

void CheckFlatText(const Scene& scene, const LoadOptions& options, PrefabLibrary& library, const std::string& saved) {
  const std::string flat = SaveSceneToString(*scene.world, scene.editor);
  const LoadResult loaded = LoadScene(flat, options);
  if (!loaded.Ok()) Broken("a scene's flat text loads again", AllProblems(loaded.diagnostics) + "\n" + flat);
  std::string collapsed;
  try {
    collapsed = SaveSceneToString(*loaded.scene->world, loaded.scene->editor, &library);
  } catch (const SaveError& error) {
    Broken("a scene loaded from its flat text can be saved", error.what() + std::string("\n") + flat);
  }
  if (collapsed != saved) {
    Broken("a scene's flat text, loaded and saved with its prefabs, is its canonical text",
           saved + "\n----\n" + collapsed);
  }
}

}  // namespace

// Mutates the files as JSON documents too (every file is a scene): json_mutator.h.
CAIRN_FUZZ_JSON_MUTATOR(0, SIZE_MAX)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::vector<fuzz::Segment> segments = fuzz::SplitSegments(input);
  fuzz::ScratchFolder& folder = fuzz::ScratchFolder::Holding(segments, 1);

  LoadOptions options = fuzz::FuzzOptions();
  options.asset_folder = folder.Path();
  PrefabLibrary library(folder.Path(), options);
  options.prefabs = &library;

  const std::string_view text = segments[0].text;
  const LoadResult loaded = LoadScene(text, options);
  if (loaded.Ok()) {
    const std::string saved = fuzz::CheckLoadedScene(text, *loaded.scene, options, &library);
    CheckFlatText(*loaded.scene, options, library, saved);
  }
  return 0;
}
