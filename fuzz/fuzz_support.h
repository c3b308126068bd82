#pragma once
// What the libFuzzer targets share (scripts/fuzz.sh): aborting on a broken
// promise, the loader bounds every target uses, splitting one input into
// several files, a scratch folder those files are written to, and the
// round trip every loaded scene must survive.
//
// Several files in one input (fuzz/README.md): the text up to the first
// separator line is the first segment; each line "==> NAME" starts another,
// named NAME, that runs to the next separator or the end:
//
//   {"format": "cairn.scene", ...}
//   ==> props/lamp.scene
//   {"format": "cairn.scene", ...}
//
// A separator's leading newline belongs to it, not to the segment before.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "cairn/ecs/builtin_components.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/runtime_export.h"
#include "cairn/serialization/runtime_loader.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_merge.h"
#include "cairn/serialization/scene_writer.h"

namespace cairn::fuzz {

[[noreturn]] inline void Broken(const char* promise, const std::string& detail) {
  std::fprintf(stderr, "broken promise: %s\n%s\n", promise, detail.c_str());
  std::abort();
}

inline std::string FirstProblem(const std::vector<serialization::Diagnostic>& diagnostics) {
  return diagnostics.empty() ? std::string("(no diagnostic)") : diagnostics.front().ToString();
}

inline std::string AllProblems(const std::vector<serialization::Diagnostic>& diagnostics) {
  std::string text;
  for (const serialization::Diagnostic& diagnostic : diagnostics) text += diagnostic.ToString() + "\n";
  return text.empty() ? std::string("(no diagnostic)") : text;
}

// The bounds of scene_loader_fuzzer.cpp: small enough that a slow input is a
// finding, not the size of the input.
inline serialization::LoadOptions FuzzOptions() {
  serialization::LoadOptions options;
  options.id_seed = 1;
  options.max_bytes = std::size_t{1} << 20;
  options.max_entities = 10'000;
  return options;
}

struct Segment {
  std::string_view name;  // empty for the first segment
  std::string_view text;
};

inline constexpr std::string_view kSeparator = "\n==> ";

// The input's segments: always at least one (the first, maybe empty).
inline std::vector<Segment> SplitSegments(std::string_view input, std::size_t max_segments = 16) {
  std::vector<Segment> segments;
  std::string_view name;
  for (;;) {
    const std::size_t at = segments.size() + 1 < max_segments ? input.find(kSeparator) : std::string_view::npos;
    if (at == std::string_view::npos) {
      segments.push_back({name, input});
      return segments;
    }
    segments.push_back({name, input.substr(0, at)});
    input.remove_prefix(at + kSeparator.size());
    const std::size_t end = input.find('\n');
    name = input.substr(0, end);
    input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
  }
}

// A folder of its own for this process (under $TMPDIR, else /tmp), emptied
// before each input writes its files there, removed at a normal exit.
class ScratchFolder {
 public:
  static ScratchFolder& Get() {
    static ScratchFolder folder;
    return folder;
  }

  const std::filesystem::path& Path() const { return path_; }

  // Removes everything the previous input wrote.
  void Clear() {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(path_, error)) {
      std::filesystem::remove_all(entry.path(), error);
    }
  }

  // The folder holding exactly the segments from `first` on, each written
  // under its name (a name Write refuses is skipped).
  static ScratchFolder& Holding(const std::vector<Segment>& segments, std::size_t first) {
    ScratchFolder& folder = Get();
    folder.Clear();
    for (std::size_t i = first; i < segments.size(); ++i) folder.Write(segments[i].name, segments[i].text);
    return folder;
  }

  // Writes `text` to the relative file `name`, making its folders. Only
  // plain relative names are written ([A-Za-z0-9._-] parts, no "." or ".."
  // part, at most three deep); false for any other name, or when the file
  // cannot be made (a folder of that name already exists, say).
  bool Write(std::string_view name, std::string_view text) {
    if (!Writable(name)) return false;
    const std::filesystem::path file = path_ / std::string(name);
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    if (error) return false;
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    return static_cast<bool>(out);
  }

  static bool Writable(std::string_view name) {
    if (name.empty() || name.size() > 100) return false;
    int parts = 0;
    while (!name.empty()) {
      const std::size_t slash = name.find('/');
      const std::string_view part = name.substr(0, slash);
      if (part.empty() || part == "." || part == ".." || ++parts > 3) return false;
      for (const char c : part) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                           c == '_' || c == '-';
        if (!plain) return false;
      }
      name.remove_prefix(slash == std::string_view::npos ? name.size() : slash + 1);
    }
    return true;
  }

 private:
  ScratchFolder() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/cairn-fuzz-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) {
      std::perror("cairn fuzz: cannot make a scratch folder");
      std::abort();
    }
    path_ = pattern;
  }
  ~ScratchFolder() {
    std::error_code error;
    std::filesystem::remove_all(path_, error);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;

  std::filesystem::path path_;
};

// The promises every scene that loads keeps (the scene loader fuzzer's,
// with prefabs when `prefabs` is set):
//   - its canonical text (written against the same prefabs) loads again and
//     saves to the same bytes;
//   - its runtime export (with world matrices) loads with the runtime loader;
//   - merging its text with itself is clean and gives its canonical text.
// Returns the canonical text.
inline std::string CheckLoadedScene(std::string_view text, const serialization::Scene& scene,
                                    const serialization::LoadOptions& options,
                                    serialization::PrefabLibrary* prefabs = nullptr) {
  using namespace serialization;
  std::string saved;
  try {
    saved = SaveSceneToString(*scene.world, scene.editor, prefabs);
  } catch (const SaveError& error) {
    Broken("a loaded scene can be saved", error.what());
  }
  const LoadResult again = LoadScene(saved, options);
  if (!again.Ok()) Broken("a saved scene loads again", AllProblems(again.diagnostics) + "\n" + saved);
  std::string resaved;
  try {
    resaved = SaveSceneToString(*again.scene->world, again.scene->editor, prefabs);
  } catch (const SaveError& error) {
    Broken("a scene loaded from saved text can be saved", error.what() + std::string("\n") + saved);
  }
  if (resaved != saved) Broken("saving, loading and saving again gives the same bytes", saved + "\n----\n" + resaved);

  try {
    const std::string exported = ExportRuntime(*scene.world, {.include_world_matrices = true});
    const RuntimeLoadResult runtime = LoadRuntime(exported, options);
    if (!runtime.Ok()) Broken("an export loads with the runtime loader", AllProblems(runtime.diagnostics) + "\n" + exported);
  } catch (const SaveError&) {
    // A world matrix can overflow (huge scales down a deep hierarchy): the
    // export refuses it with SaveError, as documented.
  }

  const SceneMergeResult merged = MergeScenes(text, text, text, options);
  if (!merged.Clean()) {
    std::string problem = merged.conflicts.empty() ? std::string("(no conflict)") : merged.conflicts.front().ToString();
    if (!merged.input_errors.empty()) problem = merged.input_errors.front().diagnostic.ToString();
    Broken("a scene merged with itself is clean", problem);
  }
  if (*merged.text != saved) Broken("a scene merged with itself is its canonical text", saved + "\n----\n" + *merged.text);
  return saved;
}

}  // namespace cairn::fuzz
