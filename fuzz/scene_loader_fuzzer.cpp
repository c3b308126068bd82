// libFuzzer target for the scene and runtime loaders (scripts/fuzz.sh).
//
// Any input: neither loader may crash, leak, hang or trip a sanitizer, and
// each loads it as its whole-document load does (LoadOptions::streamed off):
// the same acceptance, world and diagnostics. An input that loads as a scene
// must also keep the file contract:
//   - its canonical text loads again and saves to the same bytes;
//   - its runtime export (with world matrices) loads with the runtime loader;
//   - merging it with itself is clean and gives its canonical text.
// A broken promise aborts with a message, which libFuzzer reports as a crash.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cairn/ecs/world_dump.h"
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

std::vector<std::string> SortedTexts(const std::vector<Diagnostic>& diagnostics) {
  std::vector<std::string> texts;
  for (const Diagnostic& diagnostic : diagnostics) texts.push_back(diagnostic.ToString());
  std::sort(texts.begin(), texts.end());
  return texts;
}

// Whether the sink stopped collecting: past max_errors (or as many warnings)
// the two loads may have kept different ones, as they meet them in another
// order.
bool Truncated(const std::vector<Diagnostic>& diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic& diagnostic) {
    return diagnostic.message.rfind("too many errors", 0) == 0 ||
           diagnostic.message.find("more warnings not shown") != std::string::npos;
  });
}

// The streamed load and the whole-document load agree on `text`.
void CheckAsWhole(bool streamed_ok, const std::vector<Diagnostic>& streamed, const cairn::ecs::Coordinator* world,
                  bool whole_ok, const std::vector<Diagnostic>& whole, const cairn::ecs::Coordinator* whole_world) {
  if (streamed_ok != whole_ok) {
    Broken("the streamed load accepts what the whole load accepts",
           FirstProblem(streamed) + "\n----\n" + FirstProblem(whole));
  }
  if (!Truncated(streamed) && !Truncated(whole) && SortedTexts(streamed) != SortedTexts(whole)) {
    Broken("the streamed load reports what the whole load reports",
           std::to_string(streamed.size()) + " against " + std::to_string(whole.size()) + ": " + FirstProblem(streamed) +
               "\n----\n" + FirstProblem(whole));
  }
  if (world != nullptr && cairn::ecs::DumpWorld(*world) != cairn::ecs::DumpWorld(*whole_world)) {
    Broken("the streamed load builds the world the whole load builds", cairn::ecs::DumpWorld(*world));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const LoadOptions options = FuzzOptions();
  const LoadResult loaded = LoadScene(text, options);
  LoadOptions whole_options = options;
  whole_options.streamed = false;
  const LoadResult whole = LoadScene(text, whole_options);
  CheckAsWhole(loaded.Ok(), loaded.diagnostics, loaded.Ok() ? loaded.scene->world.get() : nullptr, whole.Ok(),
               whole.diagnostics, whole.Ok() ? whole.scene->world.get() : nullptr);
  if (loaded.Ok()) CheckLoadedScene(text, *loaded.scene, options);
  const RuntimeLoadResult runtime = LoadRuntime(text, options);
  const RuntimeLoadResult runtime_whole = LoadRuntime(text, whole_options);
  CheckAsWhole(runtime.Ok(), runtime.diagnostics, runtime.world.get(), runtime_whole.Ok(), runtime_whole.diagnostics,
               runtime_whole.world.get());
  return 0;
}
