#include "cairn/serialization/project_link.h"

#include <cstddef>
#include <string>
#include <system_error>


#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/document.h"
#include "cairn/serialization/project.h"

namespace cairn::serialization {
namespace {

namespace fs = std::filesystem;

Diagnostic Warning(std::string message) {
  return {Diagnostic::Severity::kWarning, std::string(kProjectLinkPointer), std::move(message)};
}

// The link of the scene at `scene` whose editor object has kProjectLinkKey
// when `present`; `text` is its value when that is a string.
ProjectLink LinkFrom(const fs::path& scene, bool present, const std::string* text) {
  ProjectLink link;
  if (!present) return link;
  if (text == nullptr || text->empty()) {
    link.problem = Warning("its project link is not a path (expected the path of a " + std::string(kProjectFileName) +
                           " relative to the scene's folder)");
    return link;
  }
  const fs::path named(*text);
  link.named = NormalPath(named.is_absolute() ? named : NormalPath(scene).parent_path() / named);
  std::error_code error;
  if (fs::is_regular_file(*link.named, error)) {
    link.project = link.named;
  } else {
    link.problem = Warning("its project link names " + link.named->string() + ", which is not a file");
  }
  return link;
}

}  // namespace

ProjectLink ProjectLinkOf(const fs::path& scene, const ecs::PlainValue& editor) {
  const ecs::PlainValue* value = editor.IsObject() ? editor.Find(kProjectLinkKey) : nullptr;
  return LinkFrom(scene, value != nullptr, value != nullptr && value->IsString() ? &value->AsString() : nullptr);
}

namespace {

ProjectLink LinkInEditor(const fs::path& scene, const std::optional<Document>& editor) {
  if (!editor || !editor->is_object()) return {};
  const auto value = editor->find(kProjectLinkKey);
  if (value == editor->end()) return {};
  return LinkFrom(scene, true, value->is_string() ? value->get_ptr<const std::string*>() : nullptr);
}

}  // namespace

ProjectLink ProjectLinkOf(const fs::path& scene, std::string_view text) {
  // Most scenes have no link: only a text that mentions one is read.
  if (text.find("\"project\"") == std::string_view::npos) return {};
  return LinkInEditor(scene, PeekRootMember(text, "editor"));
}

ProjectLink ReadProjectLink(const fs::path& scene) {
  // Only as far as the editor object: a large scene is not read whole.
  return LinkInEditor(scene, PeekFileRootMember(scene, std::size_t{1} << 30, "editor"));
}

}  // namespace cairn::serialization
