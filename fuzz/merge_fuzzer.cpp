// libFuzzer target for the three-way scene merge (serialization/scene_merge.h,
// merge_inputs.h and the merge steps) (scripts/fuzz.sh).
//
// The input is BASE, OURS and THEIRS, then any prefab files their instances
// place, each after a line "==> NAME" (fuzz_support.h); the names of the
// OURS and THEIRS lines are only labels, a prefab file's is its path
// relative to the project folder:
//
//   {"format": "cairn.scene", ...}
//   ==> ours
//   {"format": "cairn.scene", ...}
//   ==> theirs
//   {"format": "cairn.scene", ...}
//   ==> props/lamp.scene
//   {"format": "cairn.scene", ...}
//
// A missing OURS or THEIRS is empty (not a scene: an input error). The
// prefab files are written to a scratch folder that a fresh PrefabLibrary
// reads for each input. MergeScenes may not crash, leak, hang, trip a
// sanitizer or throw, and it keeps the promises of its header and
// docs/merge.md:
//   - there is a merged text exactly when every input loads on its own (an
//     empty or all-whitespace BASE stands for a scene without entities),
//     and every input error is an error;
//   - the merged text is a valid scene in canonical form: it loads, and
//     saving it again gives the same bytes;
//   - conflicts are sorted by entity id;
//   - merging the same inputs again gives the same text and conflicts;
//   - a side that changed nothing takes the other's scene (its editor data
//     compared as values: 0 and 0.0 are the same camera position):
//     merge(B, O, O), and for a BASE that is a scene merge(B, O, B), are
//     clean and give O's canonical text, merge(B, B, T) gives T's.
// A broken promise aborts with a message, which libFuzzer reports as a crash.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_merge.h"
#include "cairn/serialization/scene_writer.h"
#include "fuzz_support.h"
#include "json_mutator.h"

namespace {

using namespace cairn;
using namespace cairn::serialization;
using cairn::fuzz::AllProblems;
using cairn::fuzz::Broken;

bool AllWhitespace(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

std::string Describe(const SceneMergeResult& result) {
  std::string text = result.text ? *result.text : std::string("(no merged text)\n");
  for (const MergeConflict& conflict : result.conflicts) text += conflict.ToString() + "\n";
  for (const MergeInputError& error : result.input_errors) {
    text += std::string(MergeInputName(error.input)) + ": " + error.diagnostic.ToString() + "\n";
  }
  return text;
}

// The canonical text of an input that loads, saved against the prefabs.
std::optional<std::string> Canonical(std::string_view text, const LoadOptions& options, PrefabLibrary& library) {
  const LoadResult loaded = LoadScene(text, options);
  if (!loaded.Ok()) return std::nullopt;
  try {
    return SaveSceneToString(*loaded.scene->world, loaded.scene->editor, &library);
  } catch (const SaveError& error) {
    Broken("a loaded scene can be saved", error.what());
  }
}

void CheckMergedText(const std::string& text, const LoadOptions& options, PrefabLibrary& library) {
  const LoadResult loaded = LoadScene(text, options);
  if (!loaded.Ok()) Broken("a merged scene loads", AllProblems(loaded.diagnostics) + "\n" + text);
  std::string saved;
  try {
    saved = SaveSceneToString(*loaded.scene->world, loaded.scene->editor, &library);
  } catch (const SaveError& error) {
    Broken("a merged scene can be saved", error.what() + std::string("\n") + text);
  }
  if (saved != text) Broken("a merged scene is canonical (saving it again gives the same bytes)", text + "\n----\n" + saved);
}

// Whether two canonical scene texts hold the same scene: the same text but
// for the editor's data, which the writer keeps as the file had it (0 or
// 0.0) and the merge rightly compares as values. Everything else is
// compared as written, so -0.0 against 0 in a component field counts, as
// it does for prefab overrides (docs/scene-format.md).
bool SameScene(const std::string& a, const std::string& b) {
  if (a == b) return true;
  nlohmann::json first = nlohmann::json::parse(a, nullptr, false);
  nlohmann::json second = nlohmann::json::parse(b, nullptr, false);
  if (first.is_discarded() || second.is_discarded() || !first.is_object() || !second.is_object()) return false;
  if (first.value("editor", nlohmann::json()) != second.value("editor", nlohmann::json())) return false;
  first.erase("editor");
  second.erase("editor");
  return first.dump() == second.dump();
}

void CheckTakesSide(const char* promise, std::string_view base, std::string_view ours, std::string_view theirs,
                    const std::string& expected, const LoadOptions& options) {
  const SceneMergeResult merged = MergeScenes(base, ours, theirs, options);
  if (!merged.Clean() || !SameScene(*merged.text, expected)) Broken(promise, expected + "\n----\n" + Describe(merged));
}

}  // namespace

// Mutates the files as JSON documents too (every file is a scene): json_mutator.h.
CAIRN_FUZZ_JSON_MUTATOR(0, SIZE_MAX)

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::vector<fuzz::Segment> segments = fuzz::SplitSegments(input);
  fuzz::ScratchFolder& folder = fuzz::ScratchFolder::Holding(segments, 3);
  const std::string_view base = segments[0].text;
  const std::string_view ours = segments.size() > 1 ? segments[1].text : std::string_view();
  const std::string_view theirs = segments.size() > 2 ? segments[2].text : std::string_view();

  LoadOptions options = fuzz::FuzzOptions();
  options.asset_folder = folder.Path();
  PrefabLibrary library(folder.Path(), options);
  options.prefabs = &library;

  const SceneMergeResult merged = MergeScenes(base, ours, theirs, options);
  for (const MergeInputError& error : merged.input_errors) {
    if (!error.diagnostic.IsError()) Broken("every input error is an error", Describe(merged));
  }
  if (merged.text.has_value() == !merged.input_errors.empty()) {
    Broken("there is a merged text exactly when there is no input error", Describe(merged));
  }
  for (std::size_t i = 1; i < merged.conflicts.size(); ++i) {
    if (merged.conflicts[i].entity.value < merged.conflicts[i - 1].entity.value) {
      Broken("conflicts are sorted by entity id", Describe(merged));
    }
  }

  const std::optional<std::string> base_text =
      AllWhitespace(base) ? std::optional<std::string>("") : Canonical(base, options, library);
  const std::optional<std::string> ours_text = Canonical(ours, options, library);
  const std::optional<std::string> theirs_text = Canonical(theirs, options, library);
  const bool all_load = base_text && ours_text && theirs_text;
  if (merged.text.has_value() != all_load) {
    Broken(all_load ? "inputs that load merge" : "an input that does not load is an input error", Describe(merged));
  }
  if (!merged.text) return 0;

  CheckMergedText(*merged.text, options, library);
  const SceneMergeResult again = MergeScenes(base, ours, theirs, options);
  if (again.text != merged.text || again.conflicts != merged.conflicts) {
    Broken("merging the same inputs again gives the same result", Describe(merged) + "\n----\n" + Describe(again));
  }
  CheckTakesSide("merge(B, O, O) is clean and gives O", base, ours, ours, *ours_text, options);
  if (!AllWhitespace(base)) {  // an empty BASE is no scene for a side
    CheckTakesSide("merge(B, O, B) is clean and gives O", base, ours, base, *ours_text, options);
    CheckTakesSide("merge(B, B, T) is clean and gives T", base, base, theirs, *theirs_text, options);
  }
  return 0;
}
