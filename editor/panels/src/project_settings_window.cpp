#include "cairn/editor/panels/project_settings_window.h"

#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <utility>

#include "cairn/ecs/field_codec.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/modal_frame.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"

namespace cairn::editor {
namespace {

constexpr float kListWidth = 230.0f;
const ImVec2 kWindowSize(1120.0f, 640.0f);

void Record(const std::string& name) { GlobalWidgetMap().Record("project/" + name); }

// "a, b ,c" -> {"a", "b", "c"}; empty pieces dropped.
std::vector<std::string> SplitList(const std::string& text) {
  std::vector<std::string> items;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const auto first = item.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    items.push_back(item.substr(first, item.find_last_not_of(" \t") - first + 1));
  }
  return items;
}

std::string JoinList(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ", ") + item;
  return text;
}

std::string FormatNumber(float value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

// "0..50 m/s", "at most 32", ".glb .gltf": what the Limits column shows.
std::string LimitsSummary(const ecs::RuntimeFieldDefinition& field) {
  using enum ecs::FieldHint;
  const ecs::FieldTypeTraits& traits = ecs::TraitsOf(field.type);
  const ecs::FieldHints& hints = field.hints;
  std::string summary;
  if (traits.Takes(kRange) && hints.min < hints.max) summary = FormatNumber(hints.min) + ".." + FormatNumber(hints.max);
  if (traits.Takes(kUnit) && !hints.unit.empty()) summary += (summary.empty() ? "" : " ") + hints.unit;
  if (traits.Takes(kMaxLength) && hints.max_length > 0) summary = "at most " + std::to_string(hints.max_length);
  if (traits.Takes(kExtensions)) summary = hints.extensions.empty() ? "any file" : JoinList(hints.extensions);
  if (traits.Takes(kEnumValues)) summary = JoinList(field.enum_names);
  return summary.empty() ? "none" : summary;
}

bool HasLimits(ecs::FieldType type) { return ecs::TraitsOf(type).hints != 0; }

}  // namespace

ProjectSettingsWindow::ProjectSettingsWindow(EditorContext& context) : context_(context), editor_(context) {}

void ProjectSettingsWindow::Open() {
  editor_.Sync();
  open_ = editor_.Current() != nullptr;
  asking_to_close_ = false;
  problem_.clear();
  if (open_ && selected_.empty() && !editor_.Current()->components.empty()) {
    selected_ = editor_.Current()->components.front().name;
  }
}

template <typename Build>
void ProjectSettingsWindow::Request(Build&& build) {
  const serialization::Project* project = editor_.Current();
  if (project == nullptr) return;
  try {
    requested_ = build(*project);
  } catch (const ActionError& error) {
    problem_ = error.what();
  }
}

void ProjectSettingsWindow::ApplyPending() {
  if (requested_) {
    ProjectChange change = std::move(*requested_);
    requested_.reset();
    const std::string name = change.name;
    const std::vector<std::string> problems = editor_.Apply(std::move(change));
    // Which edit was refused, then why (the loader's words, at its place in the file).
    problem_ = problems.empty() ? std::string() : name + " refused: " + problems.front();
  }
  std::vector<std::string> problems;
  switch (std::exchange(history_request_, HistoryRequest::kNone)) {
    case HistoryRequest::kUndo: problems = editor_.Undo(); break;
    case HistoryRequest::kRedo: problems = editor_.Redo(); break;
    case HistoryRequest::kSave:
      if (const std::optional<std::string> failed = editor_.Save()) problems.push_back(*failed);
      break;
    case HistoryRequest::kNone: return;
  }
  problem_ = problems.empty() ? std::string() : problems.front();
}

std::optional<std::string> ProjectSettingsWindow::CommitText(const std::string& id, const std::string& current,
                                                             float width, const char* hint) {
  const bool mine = editing_id_ == id;
  std::string shown = mine ? editing_text_ : current;
  ImGui::SetNextItemWidth(width);
  BoundedInputText(("##" + id).c_str(), &shown, hint);
  Record(id);
  if (ImGui::IsItemActive()) {
    editing_id_ = id;
    editing_text_ = shown;
    return std::nullopt;
  }
  if (!mine) return std::nullopt;
  editing_id_.clear();
  if (shown == current) return std::nullopt;
  return shown;
}

void ProjectSettingsWindow::Draw() {
  editor_.Sync();
  if (!open_) return;
  if (editor_.Current() == nullptr) {  // the project was closed under the window
    open_ = false;
    return;
  }
  // Escape closes a Limits popup open in the last frame, not the window.
  const bool popup_was_open = std::exchange(popup_open_, false);
  if (!BeginModal(kTitle, kWindowSize)) return;
  const serialization::Project& project = *editor_.Current();
  if (std::none_of(project.components.begin(), project.components.end(),
                   [this](const ecs::RuntimeComponentDefinition& d) { return d.name == selected_; })) {
    selected_ = project.components.empty() ? std::string() : project.components.front().name;
  }

  if (asking_to_close_) {
    DrawCloseQuestion();
    EndModal();
    return;
  }
  // The window's own shortcuts, while no text field takes the keys.
  const ImGuiIO& io = ImGui::GetIO();
  if (io.KeyCtrl && !io.WantTextInput) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false)) {
      history_request_ = io.KeyShift ? HistoryRequest::kRedo : HistoryRequest::kUndo;
    } else if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y), false)) {
      history_request_ = HistoryRequest::kRedo;
    } else if (ImGui::IsKeyPressed('S', false)) {
      history_request_ = HistoryRequest::kSave;
    }
  }

  BeginModalBody();
  const std::string where = project.file.empty() ? "built in, no file" : project.file.string();
  ImGui::TextColored(theme::kTextDim, "%s", BoundedLabel(project.name + " - " + where).c_str());
  if (!problem_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, theme::kError);
    ImGui::PushTextWrapPos(0.0f);
    BoundedText(problem_);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    Record("problem");
  }
  ImGui::Separator();
  ImGui::BeginChild("##components", ImVec2(kListWidth, 0.0f), true);
  DrawComponentList(project);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("##definition", ImVec2(0.0f, 0.0f), true);
  DrawDefinition(project);
  ImGui::EndChild();
  EndModalBody();

  ImGui::SetCursorPosX(ImGui::GetStyle().WindowPadding.x);
  // Undo and Redo are the editor's: say which step they take (it may be a scene edit).
  std::string state = project.file.filename().string() + (editor_.IsDirty() ? " *" : "");
  if (editor_.CanUndo()) state += "   Undo: " + editor_.UndoName();
  ImGui::AlignTextToFramePadding();
  // Clipped short of the four buttons on its right.
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float buttons = 4.0f * ModalMetrics::kButtonWidth + 4.0f * ModalMetrics::kButtonGap;
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowWidth() - ImGui::GetStyle().WindowPadding.x - buttons;
  ImGui::PushClipRect(at, ImVec2(std::max(at.x, right), at.y + ImGui::GetFrameHeight()), true);
  ImGui::TextColored(theme::kTextDim, "%s", BoundedLabel(state).c_str());
  ImGui::PopClipRect();
  Record("history");
  switch (ModalButtons(kTitle, {"Undo", "Redo", "Save", "Close"}, -1, popup_was_open ? -1 : 3)) {
    case 0: history_request_ = HistoryRequest::kUndo; break;
    case 1: history_request_ = HistoryRequest::kRedo; break;
    case 2: history_request_ = HistoryRequest::kSave; break;
    case 3:
      if (editor_.IsDirty()) {
        asking_to_close_ = true;
      } else {
        open_ = false;
        ImGui::CloseCurrentPopup();
      }
      break;
    default: break;
  }
  EndModal();
}

void ProjectSettingsWindow::DrawCloseQuestion() {
  BeginModalBody();
  ImGui::Spacing();
  ImGui::PushTextWrapPos(0.0f);
  BoundedText("The component definitions of " + editor_.Current()->name + " have changes that are not saved in " +
              editor_.Current()->file.string() + ".");
  ImGui::Spacing();
  ImGui::TextColored(theme::kTextDim,
                     "Save writes them to the project file. Discard goes back to the file as it is, and the open "
                     "scene follows (values of removed fields come back; Redo brings the changes back).");
  ImGui::PopTextWrapPos();
  EndModalBody();
  switch (ModalButtons(kTitle, {"Save", "Discard", "Cancel"}, 0, 2)) {
    case 0:
      if (const std::optional<std::string> failed = editor_.Save()) {
        problem_ = *failed;
        asking_to_close_ = false;
        return;
      }
      break;
    case 1:
      if (std::vector<std::string> problems = editor_.Revert(); !problems.empty()) {
        problem_ = problems.front();
        asking_to_close_ = false;
        return;
      }
      break;
    case 2: asking_to_close_ = false; return;
    default: return;
  }
  asking_to_close_ = false;
  open_ = false;
  ImGui::CloseCurrentPopup();
}

void ProjectSettingsWindow::DrawComponentList(const serialization::Project& project) {
  ImGui::TextColored(theme::kTextDim, "Components");
  ImGui::Separator();
  for (const ecs::RuntimeComponentDefinition& definition : project.components) {
    if (ImGui::Selectable(BoundedLabel(definition.name).c_str(), definition.name == selected_)) {
      selected_ = definition.name;
    }
    Record("component/" + definition.name);
  }
  if (project.components.empty()) ImGui::TextColored(theme::kTextDim, "No components yet.");
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::SetNextItemWidth(-1.0f);
  BoundedInputText("##new_component", &new_component_name_, "New component name");
  Record("new_component");
  const bool enter = ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
  if ((ImGui::Button("Add Component", ImVec2(-1.0f, 0.0f)) || enter) && !new_component_name_.empty()) {
    const std::string name = new_component_name_;
    Request([&name](const serialization::Project& p) { return project_edits::AddComponent(p, name); });
    selected_ = name;
    new_component_name_.clear();
  }
  Record("add_component");
}

void ProjectSettingsWindow::DrawDefinition(const serialization::Project& project) {
  const auto it = std::find_if(project.components.begin(), project.components.end(),
                               [this](const ecs::RuntimeComponentDefinition& d) { return d.name == selected_; });
  if (it == project.components.end()) {
    ImGui::TextColored(theme::kTextDim, "Add a component type on the left: a name such as Door or Spawner.");
    return;
  }
  const ecs::RuntimeComponentDefinition& definition = *it;
  const std::string& name = definition.name;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(BoundedLabel(name).c_str());
  ImGui::SameLine();
  ImGui::SetCursorPosX(ImGui::GetWindowContentRegionMax().x - 150.0f);
  if (ImGui::Button("Remove Component", ImVec2(150.0f, 0.0f))) {
    Request([&name](const serialization::Project& p) { return project_edits::RemoveComponent(p, name); });
  }
  Record("remove_component");

  const float label_width = 90.0f;
  const auto label = [label_width](const char* text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(theme::kTextDim, "%s", text);
    ImGui::SameLine(label_width);
  };
  label("Description");
  if (auto text = CommitText("description", definition.description, -1.0f, "Shown as the Inspector's tooltip")) {
    std::string value = std::move(*text);
    Request([&](const serialization::Project& p) { return project_edits::SetDescription(p, name, value); });
  }
  label("Category");
  if (auto text = CommitText("category", definition.category, 260.0f, "Groups Add Component")) {
    std::string value = std::move(*text);
    Request([&](const serialization::Project& p) { return project_edits::SetCategory(p, name, value); });
  }
  ImGui::SameLine();
  bool accessible = definition.ui_accessible;
  if (ImGui::Checkbox("Offered by Add Component", &accessible)) {
    Request([&](const serialization::Project& p) { return project_edits::SetUiAccessible(p, name, accessible); });
  }
  Record("ui_accessible");
  ImGui::Spacing();
  DrawFields(definition);
}

void ProjectSettingsWindow::DrawFields(const ecs::RuntimeComponentDefinition& definition) {
  const std::string& name = definition.name;
  const ecs::Coordinator& world = context_.World();
  const ecs::ComponentInfo* info = world.FindComponentInfo(name);
  // The defaults being edited follow the registration (a new one after every change).
  if (info != nullptr && (defaults_.Empty() || defaults_.InfoPtr().get() != info)) {
    defaults_ = ecs::ComponentValue(world.GetComponentInfoPtr(info->type));
  }
  const auto types = serialization::ProjectFieldTypes();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (ImGui::BeginTable("##fields", 5, flags)) {
    ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthFixed, 170.0f);
    ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthFixed, 96.0f);
    ImGui::TableSetupColumn("Default", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Limits", ImGuiTableColumnFlags_WidthFixed, 150.0f);
    ImGui::TableSetupColumn("##order", ImGuiTableColumnFlags_WidthFixed, 92.0f);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < definition.fields.size(); ++i) {
      const ecs::RuntimeFieldDefinition& field = definition.fields[i];
      const std::string row = "field/" + field.name + "/";
      ImGui::PushID(static_cast<int>(i));
      ImGui::TableNextRow();

      ImGui::TableSetColumnIndex(0);
      if (auto text = CommitText(row + "name", field.name, -1.0f)) {
        std::string value = std::move(*text);
        Request([&](const serialization::Project& p) {
          return project_edits::RenameField(p, name, i, value, editor_.Saved());
        });
      }
      if (ImGui::IsItemHovered() && !field.previous_names.empty()) {
        BoundedTooltip("Scenes saved with " + JoinList(field.previous_names) + " keep their values");
      }

      ImGui::TableSetColumnIndex(1);
      const std::string type_name(serialization::ProjectFieldTypeName(field));
      ImGui::SetNextItemWidth(-1.0f);
      if (ImGui::BeginCombo("##type", type_name.c_str(), ImGuiComboFlags_HeightLargest)) {
        for (const serialization::ProjectFieldType& type : types) {
          if (ImGui::Selectable(std::string(type.name).c_str(), type.name == type_name) && type.name != type_name) {
            const std::string chosen(type.name);
            Request([&](const serialization::Project& p) { return project_edits::SetFieldType(p, name, i, chosen); });
          }
          Record(row + "type/" + std::string(type.name));
        }
        ImGui::EndCombo();
      }
      Record(row + "type");

      ImGui::TableSetColumnIndex(2);
      const ecs::FieldInfo* live = info != nullptr ? info->FindField(field.name) : nullptr;
      if (live == nullptr || defaults_.Empty()) {
        ImGui::TextColored(theme::kTextDim, "-");
      } else if (field.type == ecs::FieldType::kEntityRef) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(theme::kTextDim, "none (set per entity)");
      } else {
        const FieldEdit edit = field_editor_.Draw(world, defaults_.Info(), *live, defaults_.Data(),
                                                  "project/" + name + "/" + field.name);
        Record(row + "default");
        if (edit.refused) problem_ = name + "." + field.name + ": " + *edit.refused;
        if (edit.value) edit.value->WriteInto(defaults_.Data(), edit.elements);
        if ((edit.value && !edit.continuous) || edit.finished) {
          ecs::PlainValue value = ecs::FieldToPlain(*live, defaults_.Data());
          Request([&](const serialization::Project& p) {
            return project_edits::SetFieldDefault(p, name, i, std::move(value));
          });
        }
      }

      ImGui::TableSetColumnIndex(3);
      if (HasLimits(field.type)) {
        if (ImGui::Button(BoundedLabel(LimitsSummary(field)).c_str(), ImVec2(-1.0f, 0.0f))) {
          ImGui::OpenPopup("##limits");
        }
        Record(row + "limits");
        DrawLimits(definition, i);
      } else {
        ImGui::TextColored(theme::kTextDim, "-");
      }

      ImGui::TableSetColumnIndex(4);
      ImGui::BeginDisabled(i == 0);
      if (ImGui::ArrowButton("##up", ImGuiDir_Up)) {
        Request([&](const serialization::Project& p) { return project_edits::MoveField(p, name, i, i - 1); });
      }
      ImGui::EndDisabled();
      Record(row + "up");
      ImGui::SameLine();
      ImGui::BeginDisabled(i + 1 == definition.fields.size());
      if (ImGui::ArrowButton("##down", ImGuiDir_Down)) {
        Request([&](const serialization::Project& p) { return project_edits::MoveField(p, name, i, i + 1); });
      }
      ImGui::EndDisabled();
      Record(row + "down");
      ImGui::SameLine();
      if (ImGui::Button("x")) {
        Request([&](const serialization::Project& p) { return project_edits::RemoveField(p, name, i); });
      }
      if (ImGui::IsItemHovered()) BoundedTooltip("Remove " + field.name + " (scenes keep its values as unknown data)");
      Record(row + "remove");
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (definition.fields.empty()) ImGui::TextColored(theme::kTextDim, "No fields yet: pick a type and add one.");
  ImGui::Spacing();
  ImGui::SetNextItemWidth(120.0f);
  new_field_type_ = std::min(new_field_type_, types.size() - 1);
  if (ImGui::BeginCombo("##new_field_type", std::string(types[new_field_type_].name).c_str(),
                        ImGuiComboFlags_HeightLargest)) {
    for (std::size_t t = 0; t < types.size(); ++t) {
      if (ImGui::Selectable(std::string(types[t].name).c_str(), t == new_field_type_)) new_field_type_ = t;
      Record("new_field_type/" + std::string(types[t].name));
    }
    ImGui::EndCombo();
  }
  Record("new_field_type");
  ImGui::SameLine();
  if (ImGui::Button("Add Field")) {
    const std::string type(types[new_field_type_].name);
    Request([&](const serialization::Project& p) { return project_edits::AddField(p, name, type); });
  }
  Record("add_field");
}

void ProjectSettingsWindow::DrawLimits(const ecs::RuntimeComponentDefinition& definition, std::size_t index) {
  if (!ImGui::BeginPopup("##limits")) return;
  popup_open_ = true;
  const std::string& name = definition.name;
  const ecs::RuntimeFieldDefinition& field = definition.fields[index];
  const ecs::FieldTypeTraits& traits = ecs::TraitsOf(field.type);
  const std::string row = "limits/" + field.name + "/";
  const auto label = [](const char* text) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(theme::kTextDim, "%s", text);
    ImGui::SameLine(110.0f);
  };
  const auto set_hints = [&](ecs::FieldHints hints) {
    Request([&](const serialization::Project& p) { return project_edits::SetFieldHints(p, name, index, hints); });
  };
  // A number typed into a limit: refused (with the reason) unless all of it reads as one.
  const auto number = [this](const std::string& text, float& out) {
    char* end = nullptr;
    const float value = std::strtof(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) {
      problem_ = "\"" + text + "\" is not a number";
      return false;
    }
    out = value;
    return true;
  };
  if (traits.Ranged()) {
    ImGui::TextColored(theme::kTextDim, "Min below max bounds the value; equal: no bounds.");
    label("Min");
    if (auto text = CommitText(row + "min", FormatNumber(field.hints.min), 140.0f)) {
      ecs::FieldHints hints = field.hints;
      if (number(*text, hints.min)) set_hints(hints);
    }
    label("Max");
    if (auto text = CommitText(row + "max", FormatNumber(field.hints.max), 140.0f)) {
      ecs::FieldHints hints = field.hints;
      if (number(*text, hints.max)) set_hints(hints);
    }
    label("Step");
    if (auto text = CommitText(row + "step", FormatNumber(field.hints.speed), 140.0f)) {
      ecs::FieldHints hints = field.hints;
      if (number(*text, hints.speed)) set_hints(hints);
    }
    if (traits.Takes(ecs::FieldHint::kUnit)) {
      label("Unit");
      if (auto text = CommitText(row + "unit", field.hints.unit, 140.0f, "m/s")) {
        ecs::FieldHints hints = field.hints;
        hints.unit = *text;
        set_hints(hints);
      }
    }
  } else if (traits.Takes(ecs::FieldHint::kMaxLength)) {
    label("Max length");
    const std::string current = field.hints.max_length == 0 ? std::string() : std::to_string(field.hints.max_length);
    if (auto text = CommitText(row + "max_length", current, 140.0f, "no limit")) {
      ecs::FieldHints hints = field.hints;
      float length = 0.0f;
      if (text->empty()) {
        hints.max_length = 0;
        set_hints(hints);
      } else if (number(*text, length)) {
        hints.max_length = length < 0.0f ? 0 : static_cast<std::uint32_t>(std::min(length, 4.0e9f));
        set_hints(hints);
      }
    }
  } else if (traits.Takes(ecs::FieldHint::kExtensions)) {
    label("Extensions");
    if (auto text = CommitText(row + "extensions", JoinList(field.hints.extensions), 220.0f, ".glb, .gltf")) {
      ecs::FieldHints hints = field.hints;
      hints.extensions = SplitList(*text);
      set_hints(hints);
    }
  } else if (traits.Takes(ecs::FieldHint::kEnumValues)) {
    label("Values");
    if (auto text = CommitText(row + "values", JoinList(field.enum_names), 260.0f, "first, second")) {
      std::vector<std::string> values = SplitList(*text);
      Request([&](const serialization::Project& p) { return project_edits::SetEnumValues(p, name, index, values); });
    }
  }
  ImGui::EndPopup();
}

}  // namespace cairn::editor
