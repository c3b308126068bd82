#include "cairn/editor/panels/field_editor.h"

#include <imgui.h>
#include <imgui_internal.h>  // ImGuiItemFlags_MixedValue: a checkbox whose selection differs
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <memory>

#include "cairn/ecs/field_codec.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/euler_hints.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/hierarchy_panel.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/serialization/asset_folder.h"

namespace cairn::editor {
namespace {

// The field's index among its component's fields.
std::size_t IndexOf(const ecs::ComponentInfo& info, const ecs::FieldInfo& field) {
  return static_cast<std::size_t>(&field - info.fields.data());
}

// Reports the edit of `field` to `value` (an object of the field type's C++
// type), of which `elements` changed; or, when the field cannot hold it (a
// number typed past a float's range, "1e39", reaches the widget as an
// infinity), refuses it in the loader's own words.
void Propose(FieldEdit& edit, const std::shared_ptr<const ecs::ComponentInfo>& info, const ecs::FieldInfo& field,
             const void* value, ecs::ElementMask elements) {
  try {
    edit.value = ecs::FieldValue::Checked(info, IndexOf(*info, field), value);
    edit.elements = elements;
  } catch (const ecs::CommandError& error) {
    std::optional<std::string> words;
    if (ecs::TraitsOf(field.type).floats > 0) {
      for (std::size_t i = 0; i < ecs::TraitsOf(field.type).floats && !words; ++i) {
        words = ecs::FloatProblem(static_cast<const float*>(value)[i]);
      }
    }
    edit.refused = words.value_or(error.what());
  }
}

template <typename T>
void Propose(FieldEdit& edit, const std::shared_ptr<const ecs::ComponentInfo>& info, const ecs::FieldInfo& field,
             const T& value) {
  Propose(edit, info, field, &value, ecs::kAllElements);
}

// The mask of the float components of `values` that differ from `before`.
ecs::ElementMask ChangedElements(const float* values, const float* before, std::size_t count) {
  ecs::ElementMask changed = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (values[i] != before[i]) changed |= ecs::ElementBit(i);
  }
  return changed;
}

// The em dash a mixed element shows instead of its number.
constexpr const char* kMixedFormat = "\xE2\x80\x94";

bool Bounded(const ecs::FieldHints& hints) { return hints.min < hints.max; }


ImGuiSliderFlags ClampFlags(const ecs::FieldHints& hints) {
  return Bounded(hints) ? ImGuiSliderFlags_AlwaysClamp : ImGuiSliderFlags_None;
}

// Widget activity turned into the edit's flags.
void NoteActivity(FieldEdit& edit, bool active, bool deactivated_after_edit) {
  edit.continuous = edit.continuous || active;
  edit.finished = edit.finished || deactivated_after_edit;
}

const ImVec4 kAxisColours[4] = {theme::kAxisX, theme::kAxisY, theme::kAxisZ, theme::kTextDim};

// One DragFloat per component, side by side, each marked with its axis colour.
// Returns true when a value changed; reports activity in `edit`.
bool DragComponents(float* values, int count, float speed, float min, float max, const char* format,
                    ImGuiSliderFlags flags, FieldEdit& edit, float total, ecs::ElementMask mixed) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float spacing = style.ItemInnerSpacing.x;
  const float width = std::max((total - spacing * static_cast<float>(count - 1)) / static_cast<float>(count), 20.0f);
  bool changed = false;
  for (int i = 0; i < count; ++i) {
    if (i > 0) ImGui::SameLine(0.0f, spacing);
    ImGui::PushID(i);
    ImGui::SetNextItemWidth(width);
    const bool dashed = (mixed & ecs::ElementBit(static_cast<std::size_t>(i))) != 0;
    changed |= ImGui::DragFloat("##c", &values[i], speed, min, max, dashed ? kMixedFormat : format, flags);
    NoteActivity(edit, ImGui::IsItemActive(), ImGui::IsItemDeactivatedAfterEdit());
    const ImVec2 item_min = ImGui::GetItemRectMin();
    const ImVec2 item_max = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddRectFilled(item_min, ImVec2(item_min.x + 3.0f, item_max.y),
                                              ImGui::ColorConvertFloat4ToU32(kAxisColours[std::min(i, 3)]),
                                              style.FrameRounding, ImDrawFlags_RoundCornersLeft);
    ImGui::PopID();
  }
  return changed;
}

// Colours show 0-255 components, which fit the Inspector's width; the picker
// (click the swatch) edits them as floats.
constexpr ImGuiColorEditFlags kColourFlags = ImGuiColorEditFlags_Uint8 | ImGuiColorEditFlags_PickerHueWheel |
                                             ImGuiColorEditFlags_InputRGB;

// The `count` float components of a float or vector field: one drag for a
// single float, one per component for a vector, or a colour editor for a
// colour of 3 or 4 components. Returns true when a value changed; reports
// activity in `edit`.
bool DragFloats(float* values, std::size_t count, const ecs::FieldHints& hints, float min, float max,
                ImGuiSliderFlags clamp, FieldEdit& edit, float width, ecs::ElementMask mixed) {
  bool changed = false;
  if (count == 1) {
    changed = ImGui::DragFloat("##v", values, hints.speed, min, max, mixed != 0 ? kMixedFormat : "%.3f", clamp);
  } else if (hints.color && count == 3) {
    changed = ImGui::ColorEdit3("##v", values, kColourFlags);
  } else if (hints.color && count == 4) {
    changed = ImGui::ColorEdit4("##v", values, kColourFlags | ImGuiColorEditFlags_AlphaBar);
  } else {
    return DragComponents(values, static_cast<int>(count), hints.speed, min, max, "%.3f", clamp, edit, width, mixed);
  }
  NoteActivity(edit, ImGui::IsItemActive(), ImGui::IsItemDeactivatedAfterEdit());
  return changed;
}

std::string DisplayEnumName(const std::string& name) {
  std::string text = name;
  bool start = true;
  for (char& c : text) {
    if (c == '_') {
      c = ' ';
      start = true;
    } else if (start) {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      start = false;
    }
  }
  return text;
}

}  // namespace

std::string FieldLabel(const std::string& field_name) { return DisplayEnumName(field_name); }

FieldEdit FieldEditor::Draw(const ecs::Coordinator& world, const ecs::ComponentInfo& info, const ecs::FieldInfo& field,
                            const void* component, const std::string& key, const FieldDisplay& display) {
  FieldEdit edit;
  const std::shared_ptr<const ecs::ComponentInfo>& info_ptr = world.GetComponentInfoPtr(info.type);
  const ecs::FieldHints& hints = field.hints;
  const float min = Bounded(hints) ? hints.min : 0.0f;
  const float max = Bounded(hints) ? hints.max : 0.0f;
  const ImGuiSliderFlags clamp = ClampFlags(hints);
  // The unit goes after the value, in room taken from the widget.
  const float spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  const std::string unit = hints.unit.empty() ? std::string() : BoundedLabel(hints.unit);
  const float unit_width = unit.empty() ? 0.0f : ImGui::CalcTextSize(unit.c_str()).x + spacing;
  const float width = std::max(ImGui::GetContentRegionAvail().x - unit_width, 20.0f);
  ImGui::SetNextItemWidth(width);
  const ecs::FieldTypeTraits& traits = ecs::TraitsOf(field.type);
  switch (traits.widget) {
    case ecs::FieldWidget::kCheckbox: {
      bool value = field.Ref<bool>(component);
      ImGui::PushItemFlag(ImGuiItemFlags_MixedValue, display.mixed != 0);
      if (ImGui::Checkbox("##v", &value)) Propose(edit, info_ptr, field, value);
      ImGui::PopItemFlag();
      break;
    }
    case ecs::FieldWidget::kDragInt: {
      std::int32_t value = field.Ref<std::int32_t>(component);
      const bool changed = ImGui::DragInt("##v", &value, std::max(hints.speed, 0.1f), static_cast<int>(min),
                                          static_cast<int>(max), "%d", clamp);
      NoteActivity(edit, ImGui::IsItemActive(), ImGui::IsItemDeactivatedAfterEdit());
      if (changed) Propose(edit, info_ptr, field, value);
      break;
    }
    case ecs::FieldWidget::kDragFloats: {
      const float* before = &field.Ref<float>(component);
      float values[ecs::kMostFieldFloats];
      std::copy_n(before, traits.floats, values);
      if (DragFloats(values, traits.floats, hints, min, max, clamp, edit, width, display.mixed)) {
        // The components the user changed: one drag, or the channels a colour picker moved.
        const ecs::ElementMask changed = traits.floats == 1 ? ecs::kAllElements
                                                            : ChangedElements(values, before, traits.floats);
        if (changed != 0) Propose(edit, info_ptr, field, values, changed);
      }
      break;
    }
    case ecs::FieldWidget::kRotation: return DrawQuat(info_ptr, field, component, display);
    case ecs::FieldWidget::kText: {
      FieldEdit text_edit = DrawText(info_ptr, field, component, key, width);
      const std::string& path = field.Ref<std::string>(component);
      if (field.type == ecs::FieldType::kAsset && !path.empty() && asset_folder_ && key != refused_key_) {
        if (std::optional<std::string> missing = serialization::MissingAssetProblem(*asset_folder_, path)) {
          ImGui::PushTextWrapPos(0.0f);
          BoundedTextColored(theme::kWarning, *missing);
          ImGui::PopTextWrapPos();
          GlobalWidgetMap().Record("inspector/missing_asset/" + info.name + "/" + field.name);
        }
      }
      return text_edit;
    }
    case ecs::FieldWidget::kChoice: {
      const std::int32_t current = field.Ref<std::int32_t>(component);
      const bool known = current >= 0 && static_cast<std::size_t>(current) < field.enum_names.size();
      const std::string preview = known ? DisplayEnumName(field.enum_names[static_cast<std::size_t>(current)])
                                        : "(" + std::to_string(current) + ")";
      if (ImGui::BeginCombo("##v", preview.c_str())) {
        for (std::size_t i = 0; i < field.enum_names.size(); ++i) {
          const bool selected = static_cast<std::int32_t>(i) == current;
          if (ImGui::Selectable(DisplayEnumName(field.enum_names[i]).c_str(), selected) && !selected) {
            Propose(edit, info_ptr, field, static_cast<std::int32_t>(i));
          }
          if (selected) ImGui::SetItemDefaultFocus();
          GlobalWidgetMap().Record("choice/" + field.enum_names[i]);
        }
        ImGui::EndCombo();
      }
      break;
    }
    case ecs::FieldWidget::kEntityPicker: return DrawEntityRef(world, info_ptr, field, component);
  }
  if (!unit.empty()) {
    ImGui::SameLine(0.0f, spacing);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(theme::kTextDim, "%s", unit.c_str());
  }
  return edit;
}

FieldEdit FieldEditor::DrawText(const std::shared_ptr<const ecs::ComponentInfo>& info, const ecs::FieldInfo& field,
                                const void* component, const std::string& key, float width) {
  FieldEdit edit;
  // While the field holds refused text, the field shows it, not the value.
  const bool refusing = key == refused_key_;
  std::string value = refusing ? refused_text_ : field.Ref<std::string>(component);
  ImGui::SetNextItemWidth(width);
  bool changed = BoundedInputText("##v", &value);
  const bool active = ImGui::IsItemActive();
  NoteActivity(edit, active, ImGui::IsItemDeactivatedAfterEdit());
  if (field.type == ecs::FieldType::kAsset && ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload(kAssetPayload)) {
      value.assign(static_cast<const char*>(payload->Data), static_cast<std::size_t>(payload->DataSize));
      changed = true;
      edit.finished = true;  // a drop is one whole edit
    }
    ImGui::EndDragDropTarget();
  }
  if (changed) {
    if (std::optional<std::string> problem = ecs::TextProblem(field, value)) {
      refused_key_ = key;
      refused_text_ = value;
      refused_problem_ = std::move(*problem);
    } else {
      if (refusing) refused_key_.clear();
      Propose(edit, info, field, value);
    }
  }
  if (key != refused_key_) return edit;
  if (active) {
    ImGui::PushTextWrapPos(0.0f);
    BoundedTextColored(theme::kError, refused_problem_);
    ImGui::PopTextWrapPos();
  } else {
    edit.refused = "kept \"" + BoundedLabel(field.Ref<std::string>(component)) + "\", not \"" +
                   BoundedLabel(refused_text_) + "\" (" + refused_problem_ + ")";
    refused_key_.clear();
  }
  return edit;
}

FieldEdit FieldEditor::DrawQuat(const std::shared_ptr<const ecs::ComponentInfo>& info, const ecs::FieldInfo& field,
                                const void* component, const FieldDisplay& display) {
  FieldEdit edit;
  glm::vec3 degrees = display.euler_degrees.value_or(EulerDegreesOf(field.Ref<glm::quat>(component)));
  const glm::vec3 before = degrees;
  const bool changed = DragComponents(&degrees.x, 3, 0.5f, 0.0f, 0.0f, "%.1f\xC2\xB0", ImGuiSliderFlags_None, edit,
                                      ImGui::GetContentRegionAvail().x, display.mixed);
  if (changed) {
    const ecs::ElementMask angles = ChangedElements(&degrees.x, &before.x, 3);
    if (angles != 0) {
      Propose(edit, info, field, QuatFromEulerDegrees(degrees));
      edit.euler_degrees = degrees;
      edit.angles = angles;
    }
  }
  return edit;
}

FieldEdit FieldEditor::DrawEntityRef(const ecs::Coordinator& world,
                                     const std::shared_ptr<const ecs::ComponentInfo>& info,
                                     const ecs::FieldInfo& field, const void* component) {
  FieldEdit edit;
  const ecs::EntityId target = field.Ref<ecs::EntityId>(component);
  const bool exists = target && !world.FindEntity(target).IsNull();
  std::string label = !target  ? "None"
                      : exists ? BoundedLabel(actions::DisplayName(world, target))
                               : "Missing " + ecs::ToHex(target);
  const float clear_width = ImGui::GetFrameHeight();
  const float width = std::max(ImGui::GetContentRegionAvail().x - clear_width - ImGui::GetStyle().ItemInnerSpacing.x, 20.0f);
  ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImGui::GetStyleColorVec4(ImGuiCol_FrameBgHovered));
  ImGui::PushStyleColor(ImGuiCol_Text, !target ? theme::kTextDim : exists ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : theme::kError);
  ImGui::PushStyleVar(ImGuiStyleVar_ButtonTextAlign, ImVec2(0.0f, 0.5f));
  ImGui::Button((label + "##ref").c_str(), ImVec2(width, 0.0f));
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(3);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", target ? ("Entity " + ecs::ToHex(target) + "\nDrag an entity from the Hierarchy here to change it.").c_str()
                                   : "Drag an entity from the Hierarchy here.");
  }
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload(kEntityPayload)) {
      ecs::EntityId dropped;
      std::memcpy(&dropped, payload->Data, sizeof dropped);
      Propose(edit, info, field, dropped);
    }
    ImGui::EndDragDropTarget();
  }
  ImGui::SameLine(0.0f, ImGui::GetStyle().ItemInnerSpacing.x);
  if (!target) ImGui::BeginDisabled();
  if (ImGui::Button("x##clear", ImVec2(clear_width, 0.0f))) Propose(edit, info, field, ecs::kNoEntityId);
  if (!target) ImGui::EndDisabled();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Clear the reference");
  return edit;
}

const ecs::FieldInfo* SupersedingField(const ecs::ComponentInfo& info, const ecs::FieldInfo& field,
                                       const void* component) {
  if (field.hints.unused_while.empty()) return nullptr;
  for (const ecs::FieldInfo& other : info.fields) {
    if (other.name != field.hints.unused_while) continue;
    const bool text = other.type == ecs::FieldType::kString || other.type == ecs::FieldType::kAsset;
    return text && !other.Ref<std::string>(component).empty() ? &other : nullptr;
  }
  return nullptr;
}

}  // namespace cairn::editor
