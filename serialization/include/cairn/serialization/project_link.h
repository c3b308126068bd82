#pragma once
// A scene's project link (docs/scene-format.md, "Project link"): a scene kept
// away from its game project names the project's cairn.project.json in its
// editor object,
//
//   "editor": {"project": "../game/cairn.project.json"}
//
// relative to the scene file's folder ('/' separated), or absolute when no
// relative path leads there. Whoever reads a scene (the editor, the `cairn`
// command, cairn-player) reads it with the linked project when the link names
// a regular file, and otherwise reports the link's problem and falls back to
// the project found walking up from the scene's folder (FindProjectFile).

#include <filesystem>
#include <optional>
#include <string_view>

#include "cairn/ecs/plain_value.h"
#include "cairn/serialization/diagnostic.h"

namespace cairn::serialization {

// The editor-object key of the link.
inline constexpr std::string_view kProjectLinkKey = "project";
// Where the link is in a scene document.
inline constexpr std::string_view kProjectLinkPointer = "/editor/project";

struct ProjectLink {
  // What the link names, made absolute against the scene's folder and
  // normalised, whether or not a file is there. nullopt: no link (or one
  // that is not a path: see problem).
  std::optional<std::filesystem::path> named;
  // The project to read the scene with: `named`, when it is a regular file.
  std::optional<std::filesystem::path> project;
  // Set when the scene has a link that gives no project: a warning at
  // kProjectLinkPointer whose message names the file the link names ("its
  // project link names /work/game/cairn.project.json, which is not a file").
  // The reader reports it against the scene's file and looks for the
  // project walking up.
  std::optional<Diagnostic> problem;

  bool Linked() const { return named.has_value(); }
};

// The link in `editor` (the scene's editor object) of the scene file at
// `scene`.
ProjectLink ProjectLinkOf(const std::filesystem::path& scene, const ecs::PlainValue& editor);

// The link in `text`, the whole text of the scene file at `scene` (a scene or
// a runtime export, which has none). The text is parsed only when it mentions
// "project"; a text that is not a JSON object has no link (loading it
// reports why).
ProjectLink ProjectLinkOf(const std::filesystem::path& scene, std::string_view text);

// The link of the scene file at `scene`, read from the file. A file that
// cannot be read has no link (loading it reports why).
ProjectLink ReadProjectLink(const std::filesystem::path& scene);

}  // namespace cairn::serialization
