// libFuzzer target for the scene and runtime loaders (scripts/fuzz.sh).
//
// Any input: neither loader may crash, leak, hang or trip a sanitizer. An
// input that loads as a scene must also keep the file contract:
//   - its canonical text loads again and saves to the same bytes;
//   - its runtime export (with world matrices) loads with the runtime loader;
//   - merging it with itself is clean and gives its canonical text.
// A broken promise aborts with a message, which libFuzzer reports as a crash.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/runtime_loader.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_merge.h"
#include "cairn/serialization/scene_writer.h"

namespace {

using namespace cairn::serialization;

[[noreturn]] void Broken(const char* promise, const std::string& detail) {
  std::fprintf(stderr, "broken promise: %s\n%s\n", promise, detail.c_str());
  std::abort();
}

std::string FirstProblem(const std::vector<Diagnostic>& diagnostics) {
  return diagnostics.empty() ? std::string("(no diagnostic)") : diagnostics.front().ToString();
}

LoadOptions FuzzOptions() {
  LoadOptions options;
  options.id_seed = 1;
  options.max_bytes = std::size_t{1} << 20;
  options.max_entities = 10'000;
  return options;
}

void CheckLoadedScene(std::string_view text, const Scene& scene, const LoadOptions& options) {
  std::string saved;
  try {
    saved = SaveSceneToString(*scene.world, scene.editor);
  } catch (const SaveError& error) {
    Broken("a loaded scene can be saved", error.what());
  }
  const LoadResult again = LoadScene(saved, options);
  if (!again.Ok()) Broken("a saved scene loads again", FirstProblem(again.diagnostics) + "\n" + saved);
  const std::string resaved = SaveSceneToString(*again.scene->world, again.scene->editor);
  if (resaved != saved) Broken("saving, loading and saving again gives the same bytes", saved + "\n----\n" + resaved);

  try {
    const std::string exported = ExportRuntime(*scene.world, {.include_world_matrices = true});
    const RuntimeLoadResult runtime = LoadRuntime(exported, options);
    if (!runtime.Ok()) Broken("an export loads with the runtime loader", FirstProblem(runtime.diagnostics) + "\n" + exported);
  } catch (const SaveError&) {
    // A world matrix can overflow (huge scales down a deep hierarchy): the
    // export refuses it with SaveError, as documented.
  }

  const SceneMergeResult merged = MergeScenes(text, text, text, options);
  if (!merged.Clean()) {
    Broken("a scene merged with itself is clean",
           merged.conflicts.empty() ? FirstProblem({}) : merged.conflicts.front().ToString());
  }
  if (*merged.text != saved) Broken("a scene merged with itself is its canonical text", *merged.text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const LoadOptions options = FuzzOptions();
  const LoadResult loaded = LoadScene(text, options);
  if (loaded.Ok()) CheckLoadedScene(text, *loaded.scene, options);
  LoadRuntime(text, options);
  return 0;
}
