#include "cairn/editor/project_editor.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <utility>

#include "cairn/ecs/field_codec.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/serialization/atomic_file.h"

namespace cairn::editor {
namespace project_edits {
namespace {

using serialization::Project;
using ecs::RuntimeComponentDefinition;
using ecs::RuntimeFieldDefinition;

std::string Quoted(const std::string& text) { return "'" + text + "'"; }

RuntimeComponentDefinition& Definition(Project& project, const std::string& component) {
  const auto it = std::find_if(project.components.begin(), project.components.end(),
                               [&component](const RuntimeComponentDefinition& d) { return d.name == component; });
  if (it == project.components.end()) throw ActionError("the project has no component " + Quoted(component));
  return *it;
}

RuntimeFieldDefinition& Field(RuntimeComponentDefinition& definition, std::size_t field) {
  if (field >= definition.fields.size()) {
    throw ActionError(definition.name + " has no field number " + std::to_string(field + 1) + " (it has " +
                      std::to_string(definition.fields.size()) + ")");
  }
  return definition.fields[field];
}

const serialization::ProjectFieldType& NamedType(std::string_view type_name) {
  for (const serialization::ProjectFieldType& named : serialization::ProjectFieldTypes()) {
    if (named.name == type_name) return named;
  }
  throw ActionError("unknown field type '" + std::string(type_name) + "'");
}

bool HasField(const RuntimeComponentDefinition& definition, const std::string& name) {
  return std::any_of(definition.fields.begin(), definition.fields.end(),
                     [&name](const RuntimeFieldDefinition& field) { return field.name == name; });
}

// A name no field has now or had before (scenes may still hold those).
bool NameTaken(const RuntimeComponentDefinition& definition, const std::string& name) {
  return std::any_of(definition.fields.begin(), definition.fields.end(), [&name](const RuntimeFieldDefinition& field) {
    return field.name == name ||
           std::find(field.previous_names.begin(), field.previous_names.end(), name) != field.previous_names.end();
  });
}

// A field of that type with what a new field starts with: the type's zero
// and hints that are valid for it.
RuntimeFieldDefinition NewField(std::string name, const serialization::ProjectFieldType& type) {
  RuntimeFieldDefinition field;
  field.name = std::move(name);
  field.type = type.type;
  field.hints.color = type.color;
  field.hints.speed = ecs::TraitsOf(type.type).default_step;
  if (ecs::TraitsOf(type.type).Takes(ecs::FieldHint::kEnumValues)) field.enum_names = {"first", "second"};
  return field;
}

}  // namespace

ProjectChange AddComponent(const Project& project, const std::string& name) {
  ProjectChange change{"Add component " + Quoted(name), project};
  for (const RuntimeComponentDefinition& definition : project.components) {
    if (definition.name == name) throw ActionError("the project already has a component " + Quoted(name));
  }
  RuntimeComponentDefinition definition;
  definition.name = name;
  change.project.components.push_back(std::move(definition));
  return change;
}

ProjectChange RemoveComponent(const Project& project, const std::string& component) {
  ProjectChange change{"Remove component " + Quoted(component), project};
  Definition(change.project, component);
  std::erase_if(change.project.components,
                [&component](const RuntimeComponentDefinition& d) { return d.name == component; });
  return change;
}

ProjectChange SetDescription(const Project& project, const std::string& component, std::string description) {
  ProjectChange change{"Describe " + Quoted(component), project};
  Definition(change.project, component).description = std::move(description);
  return change;
}

ProjectChange SetCategory(const Project& project, const std::string& component, std::string category) {
  ProjectChange change{"Set the category of " + Quoted(component), project};
  Definition(change.project, component).category = std::move(category);
  return change;
}

ProjectChange SetUiAccessible(const Project& project, const std::string& component, bool accessible) {
  ProjectChange change{(accessible ? "Offer " : "Hide ") + Quoted(component) + " in Add Component", project};
  Definition(change.project, component).ui_accessible = accessible;
  return change;
}

ProjectChange AddField(const Project& project, const std::string& component, std::string_view type_name) {
  ProjectChange change{"", project};
  RuntimeComponentDefinition& definition = Definition(change.project, component);
  std::string name = "new_field";
  for (int n = 2; NameTaken(definition, name); ++n) name = "new_field_" + std::to_string(n);
  definition.fields.push_back(NewField(name, NamedType(type_name)));
  change.name = "Add field " + Quoted(name) + " to " + component;
  return change;
}

ProjectChange RemoveField(const Project& project, const std::string& component, std::size_t field) {
  ProjectChange change{"", project};
  RuntimeComponentDefinition& definition = Definition(change.project, component);
  change.name = "Remove field " + Quoted(Field(definition, field).name) + " from " + component;
  definition.fields.erase(definition.fields.begin() + static_cast<std::ptrdiff_t>(field));
  return change;
}

ProjectChange RenameField(const Project& project, const std::string& component, std::size_t field,
                          const std::string& name, const Project* saved) {
  ProjectChange change{"", project};
  RuntimeComponentDefinition& definition = Definition(change.project, component);
  RuntimeFieldDefinition& renamed = Field(definition, field);
  if (renamed.name == name) throw ActionError(component + "." + name + " already has that name");
  if (HasField(definition, name)) throw ActionError(component + " already has a field " + Quoted(name));
  change.name = "Rename field " + Quoted(renamed.name) + " of " + component + " to " + Quoted(name);
  // Scenes saved under any earlier name keep their values; a name given
  // back is no longer an earlier one.
  std::erase(renamed.previous_names, name);
  bool saved_with_it = saved == nullptr;
  if (saved != nullptr) {
    const auto it = std::find_if(saved->components.begin(), saved->components.end(),
                                 [&component](const RuntimeComponentDefinition& d) { return d.name == component; });
    saved_with_it = it != saved->components.end() && NameTaken(*it, renamed.name);
  }
  if (saved_with_it && std::find(renamed.previous_names.begin(), renamed.previous_names.end(), renamed.name) ==
      renamed.previous_names.end()) {
    renamed.previous_names.push_back(renamed.name);
  }
  change.renames.push_back(FieldRename{component, renamed.name, name});
  renamed.name = name;
  return change;
}

ProjectChange MoveField(const Project& project, const std::string& component, std::size_t field, std::size_t to) {
  ProjectChange change{"", project};
  RuntimeComponentDefinition& definition = Definition(change.project, component);
  const std::string name = Field(definition, field).name;
  if (to >= definition.fields.size()) throw ActionError(component + " has no place " + std::to_string(to + 1));
  change.name = "Move field " + Quoted(name) + " of " + component + (to < field ? " up" : " down");
  RuntimeFieldDefinition moved = std::move(definition.fields[field]);
  definition.fields.erase(definition.fields.begin() + static_cast<std::ptrdiff_t>(field));
  definition.fields.insert(definition.fields.begin() + static_cast<std::ptrdiff_t>(to), std::move(moved));
  return change;
}

ProjectChange SetFieldType(const Project& project, const std::string& component, std::size_t field,
                           std::string_view type_name) {
  ProjectChange change{"", project};
  RuntimeComponentDefinition& definition = Definition(change.project, component);
  RuntimeFieldDefinition& changed = Field(definition, field);
  const serialization::ProjectFieldType& type = NamedType(type_name);
  change.name = "Make " + component + "." + changed.name + " " + std::string(type.name);
  RuntimeFieldDefinition fresh = NewField(changed.name, type);
  fresh.previous_names = std::move(changed.previous_names);
  // A range means the same for every ranged type.
  if (ecs::TraitsOf(changed.type).Ranged() && ecs::TraitsOf(type.type).Ranged()) {
    fresh.hints.min = changed.hints.min;
    fresh.hints.max = changed.hints.max;
  }
  changed = std::move(fresh);
  return change;
}

ProjectChange SetFieldDefault(const Project& project, const std::string& component, std::size_t field,
                              ecs::PlainValue value) {
  ProjectChange change{"", project};
  RuntimeFieldDefinition& changed = Field(Definition(change.project, component), field);
  change.name = "Set the default of " + component + "." + changed.name;
  changed.default_value = std::move(value);
  return change;
}

ProjectChange SetFieldHints(const Project& project, const std::string& component, std::size_t field,
                            ecs::FieldHints hints) {
  ProjectChange change{"", project};
  RuntimeFieldDefinition& changed = Field(Definition(change.project, component), field);
  change.name = "Set the limits of " + component + "." + changed.name;
  hints.color = changed.hints.color;  // part of the type ("color")
  changed.hints = std::move(hints);
  return change;
}

ProjectChange SetEnumValues(const Project& project, const std::string& component, std::size_t field,
                            std::vector<std::string> values) {
  ProjectChange change{"", project};
  RuntimeFieldDefinition& changed = Field(Definition(change.project, component), field);
  if (changed.type != ecs::FieldType::kEnum) throw ActionError(component + "." + changed.name + " is not an enum");
  change.name = "Set the values of " + component + "." + changed.name;
  // A default that is no longer among the values becomes the first one.
  if (changed.default_value.IsString() &&
      std::find(values.begin(), values.end(), changed.default_value.AsString()) == values.end()) {
    changed.default_value = ecs::PlainValue();
  }
  changed.enum_names = std::move(values);
  return change;
}

}  // namespace project_edits

// ---- ProjectEditor ---------------------------------------------------------------

namespace {

// The renames that take `from`'s fields back to `to`'s: a field of `from`
// that lists a name of a field of `to` (in the same component) among its
// previous names was renamed from it since.
std::vector<FieldRename> RenamesBack(const serialization::Project& from, const serialization::Project& to) {
  std::vector<FieldRename> renames;
  for (const ecs::RuntimeComponentDefinition& target : to.components) {
    const auto source = std::find_if(from.components.begin(), from.components.end(),
                                     [&target](const ecs::RuntimeComponentDefinition& d) { return d.name == target.name; });
    if (source == from.components.end()) continue;
    for (const ecs::RuntimeFieldDefinition& field : target.fields) {
      if (std::any_of(source->fields.begin(), source->fields.end(),
                      [&field](const ecs::RuntimeFieldDefinition& f) { return f.name == field.name; })) {
        continue;  // still there under its name
      }
      for (const ecs::RuntimeFieldDefinition& now : source->fields) {
        const auto& previous = now.previous_names;
        if (std::find(previous.begin(), previous.end(), field.name) != previous.end()) {
          renames.push_back(FieldRename{target.name, now.name, field.name});
          break;
        }
      }
    }
  }
  return renames;
}

}  // namespace

ProjectEditor::ProjectEditor(EditorContext& context) : context_(context) { Sync(); }

const serialization::Project* ProjectEditor::Current() const { return context_.Project().get(); }

void ProjectEditor::Sync() {
  if (context_.ProjectGeneration() == seen_) return;
  seen_ = context_.ProjectGeneration();
  const serialization::Project* now = Current();
  saved_text_ = now != nullptr ? serialization::ProjectToText(*now) : std::string();
  saved_ = now != nullptr ? std::optional<serialization::Project>(*now) : std::nullopt;
}

std::vector<std::string> ProjectEditor::ChangeTo(const serialization::Project& project, std::string name,
                                                 std::vector<FieldRename> renames) {
  // Checked as the file will be when read again: the project in memory is
  // what its text reads back as.
  serialization::ProjectLoadResult checked = serialization::LoadProject(serialization::ProjectToText(project));
  std::vector<std::string> problems;
  for (const serialization::Diagnostic& diagnostic : checked.diagnostics) {
    if (diagnostic.IsError()) problems.push_back(diagnostic.ToString());
  }
  if (!checked.Ok()) return problems;
  checked.project->file = project.file;
  ProjectChangeResult migrated =
      context_.ChangeProject(std::make_shared<const serialization::Project>(std::move(*checked.project)),
                             ProjectChangeOptions{std::move(name), std::move(renames)});
  if (!migrated.applied) return migrated.errors;
  return {};
}

std::vector<std::string> ProjectEditor::Apply(ProjectChange change) {
  Sync();
  if (Current() == nullptr) return {"there is no project to change: open or create one first"};
  change.project.file = Current()->file;
  std::vector<std::string> problems = ChangeTo(change.project, change.name, std::move(change.renames));
  if (!problems.empty()) {
    context_.Log().Error("cannot " + change.name + ": " + problems.front() +
                         (problems.size() > 1 ? " (and " + std::to_string(problems.size() - 1) + " more)" : ""));
  }
  return problems;
}

bool ProjectEditor::CanUndo() const { return context_.GetHistory().CanUndo(); }

bool ProjectEditor::CanRedo() const { return context_.GetHistory().CanRedo(); }

std::string ProjectEditor::UndoName() const { return context_.GetHistory().UndoName(); }

std::string ProjectEditor::RedoName() const { return context_.GetHistory().RedoName(); }

std::vector<std::string> ProjectEditor::Undo() {
  if (!CanUndo()) return {};
  context_.Undo();
  return context_.Flush().errors;
}

std::vector<std::string> ProjectEditor::Redo() {
  if (!CanRedo()) return {};
  context_.Redo();
  return context_.Flush().errors;
}

std::vector<std::string> ProjectEditor::Revert() {
  Sync();
  if (!IsDirty()) return {};
  context_.Flush();
  // The project steps on top of the history, down to the nearest that
  // started from the file's project.
  const std::deque<HistoryEntry>& steps = context_.GetHistory().UndoEntries();
  std::size_t undo = 0;
  for (auto it = steps.rbegin(); it != steps.rend() && it->IsProjectStep(); ++it) {
    const std::shared_ptr<const serialization::Project>& before = it->project->before;
    if (before == nullptr) break;
    if (serialization::ProjectToText(*before) == saved_text_) {
      undo = static_cast<std::size_t>(it - steps.rbegin()) + 1;
      break;
    }
  }
  for (std::size_t i = 0; i < undo; ++i) {
    context_.Undo();
    std::vector<std::string> problems = context_.Flush().errors;
    if (!problems.empty()) return problems;
  }
  if (!IsDirty()) return {};
  serialization::Project saved = *saved_;
  saved.file = Current()->file;
  return ChangeTo(saved, "Discard the changes to the project " + saved.name, RenamesBack(*Current(), saved));
}

bool ProjectEditor::IsDirty() const {
  const serialization::Project* project = Current();
  return project != nullptr && context_.ProjectGeneration() == seen_ &&
         serialization::ProjectToText(*project) != saved_text_;
}

std::optional<std::string> ProjectEditor::Save() {
  Sync();
  const serialization::Project* project = Current();
  if (project == nullptr) return std::string("there is no project to save");
  if (project->file.empty()) {
    std::string problem = "the project " + project->name +
                          " lives in memory and has no file to save to: File > New Project makes a project on disk";
    context_.Log().Error(problem);
    return problem;
  }
  std::string text = serialization::ProjectToText(*project);
  const serialization::SaveResult saved = serialization::WriteFileAtomically(project->file, text);
  if (!saved.ok) {
    context_.Log().Error(saved.error);
    return saved.error;
  }
  saved_text_ = std::move(text);
  saved_ = *project;
  context_.Log().Info("Saved the project " + project->name + " to " + project->file.string());
  return std::nullopt;
}

}  // namespace cairn::editor
