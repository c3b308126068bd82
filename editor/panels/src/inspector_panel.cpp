#include "cairn/editor/panels/inspector_panel.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <exception>

#include "cairn/ecs/component_value.h"
#include "cairn/ecs/components/name.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/bounded_text.h"
#include "cairn/editor/panels/editor_commands.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/editor/panels/world_watch.h"
#include "cairn/serialization/unknown_components.h"

namespace cairn::editor {
namespace {

// Mixed values are looked for among this many selected entities at most,
// so that a huge selection costs no more per frame than a large one.
constexpr std::size_t kMixedCheckLimit = 64;

std::string NameOf(const ecs::Coordinator& world, ecs::Entity entity) {
  if (!world.IsRegistered<ecs::Name>()) return {};
  const ecs::Name* name = world.TryGetComponent<ecs::Name>(entity);
  return name != nullptr ? name->value : std::string();
}

// `text` cut to fit `width` pixels, ending in an ellipsis when cut.
std::string FitText(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  const char* kEllipsis = "\xE2\x80\xA6";
  std::string cut = text;
  while (!cut.empty() && ImGui::CalcTextSize((cut + kEllipsis).c_str()).x > width) cut.pop_back();
  return cut + kEllipsis;
}

void CentredHint(const char* text) {
  const ImVec2 size = ImGui::CalcTextSize(text);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::SetCursorPos(ImVec2(ImGui::GetCursorPosX() + std::max((avail.x - size.x) * 0.5f, 0.0f),
                             ImGui::GetCursorPosY() + std::max(avail.y * 0.4f, 0.0f)));
  ImGui::TextColored(theme::kTextDim, "%s", text);
}

}  // namespace

InspectorPanel::InspectorPanel(EditorContext& context, EditorCommands& commands, const WorldWatch& watch)
    : context_(context), commands_(commands), watch_(watch) {}

void InspectorPanel::RefreshSelectionCache() {
  const Selection& selection = context_.GetSelection();
  if (selection.Version() == cached_selection_ && watch_.StructureRevision() == cached_structure_) return;
  cached_selection_ = selection.Version();
  cached_structure_ = watch_.StructureRevision();
  const ecs::Coordinator& world = context_.World();
  ids_.clear();
  entities_.clear();
  for (const ecs::EntityId id : selection.Ids()) {
    const ecs::Entity entity = world.FindEntity(id);
    if (entity.IsNull()) continue;
    ids_.push_back(id);
    entities_.push_back(entity);
  }
  shared_.clear();
  offered_.clear();
  if (entities_.empty()) return;
  // The components every selected entity has: one pass over the signatures.
  ecs::Signature common = world.GetSignature(entities_.front());
  for (const ecs::Entity entity : entities_) common &= world.GetSignature(entity);
  const auto all_have = [&common](ecs::ComponentType type) { return common.Test(type); };
  for (ecs::ComponentType type = 0; type < world.ComponentTypeCount(); ++type) {
    if (world.GetComponentInfo(type).ui_accessible && all_have(type)) shared_.push_back(type);
  }
  for (const std::string& name : world.UiAccessibleComponentNames()) {
    const ecs::ComponentInfo* info = world.FindComponentInfo(name);
    if (info != nullptr && !all_have(info->type)) offered_.push_back({name, info->category, info->description});
  }
}

void InspectorPanel::Draw() {
  RefreshSelectionCache();
  fields_.SetAssetFolder(context_.AssetFolder());
  if (entities_.empty()) {
    CentredHint("Select an entity to inspect it.");
    return;
  }
  const ecs::Coordinator& world = context_.World();
  ecs::Entity primary = world.FindEntity(context_.GetSelection().Primary());
  if (primary.IsNull()) primary = entities_.back();
  // While the scene plays, the Inspector shows the playing world, read-only.
  const bool playing = context_.IsPlaying();
  if (playing) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(theme::kAxisY, "Playing: values change as the scene runs; Stop to edit");
    ImGui::PopTextWrapPos();
    ImGui::BeginDisabled();
  }
  member_.reset();
  if (serialization::PrefabLibrary* prefabs = context_.Prefabs(); prefabs != nullptr && entities_.size() == 1 && !playing) {
    member_ = serialization::FindInstanceMember(world, *prefabs, primary);
  }
  DrawHeader(primary);
  ImGui::BeginChild("##components", ImVec2(0.0f, 0.0f), false);
  for (const ecs::ComponentType type : shared_) DrawComponent(primary, type);
  if (member_) DrawRemovedComponents(primary);
  if (entities_.size() == 1) DrawUnknownComponents(primary);
  DrawFooter();
  ImGui::EndChild();
  if (playing) ImGui::EndDisabled();
}

void InspectorPanel::DrawHeader(ecs::Entity primary) {
  const ecs::Coordinator& world = context_.World();
  if (entities_.size() > 1) {
    ImGui::AlignTextToFramePadding();
    ImGui::Text("%zu entities selected", entities_.size());
    std::string names;
    for (std::size_t i = 0; i < std::min<std::size_t>(entities_.size(), 4); ++i) {
      names += (i > 0 ? ", " : "") + BoundedLabel(actions::DisplayName(world, ids_[i]));
    }
    if (entities_.size() > 4) names += ", ...";
    ImGui::PushTextWrapPos(0.0f);
    BoundedTextColored(theme::kTextDim, names);
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    return;
  }
  const ecs::EntityId id = world.GetEntityId(primary);
  if (!name_editing_) name_text_ = NameOf(world, primary);
  ImGui::SetNextItemWidth(-FLT_MIN);
  const bool changed = BoundedInputText("##name", &name_text_, "Name");
  GlobalWidgetMap().Record("inspector/name");
  name_editing_ = ImGui::IsItemActive();
  // A long name replaced through its popup changes with no field active.
  const bool committed = ImGui::IsItemDeactivatedAfterEdit() || (changed && !name_editing_);
  if (committed && name_text_ != NameOf(world, primary)) {
    const std::string name = name_text_;
    commands_.Queue("Rename", [&] { return actions::Rename(world, id, name); });
  }
  ImGui::TextColored(theme::kTextDim, "id %s", ecs::ToHex(id).c_str());
  if (member_) {
    const bool root = member_->root == primary;
    const std::string what = root ? "Instance of " + member_->prefab->path
                                  : "Part of '" + actions::DisplayName(world, member_->instance_id) + "' (" +
                                        member_->prefab->path + ")";
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(theme::kPrefab, "%s", BoundedLabel(what).c_str());
    GlobalWidgetMap().Record("inspector/prefab");
    if (root) {
      ImGui::SameLine();
      if (ImGui::SmallButton("Unpack")) commands_.UnpackSelection();
      GlobalWidgetMap().Record("inspector/prefab/unpack");
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Make this instance plain entities (undoable)");
    }
  }
  ImGui::Separator();
}

void InspectorPanel::DrawPrefabMenuItems(ecs::EntityId id, const std::string& component,
                                         std::optional<std::string> field) {
  const bool revert = ImGui::MenuItem("Revert to Prefab");
  GlobalWidgetMap().Record("inspector/prefab_menu/revert");
  const bool apply = ImGui::MenuItem("Apply to Prefab");
  GlobalWidgetMap().Record("inspector/prefab_menu/apply");
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("Write this value into %s: every instance without its own value follows",
                      member_ ? member_->prefab->path.c_str() : "the prefab");
  }
  if (revert) commands_.RevertToPrefab(id, component, field);
  if (apply) commands_.ApplyToPrefab(id, component, field);
}

void InspectorPanel::DrawRemovedComponents(ecs::Entity primary) {
  const ecs::Coordinator& world = context_.World();
  const ecs::Coordinator& prefab = *member_->prefab->world;
  const ecs::Signature& signature = prefab.GetSignature(member_->source);
  for (ecs::ComponentType type = 0; type < prefab.ComponentTypeCount(); ++type) {
    const ecs::ComponentInfo& info = prefab.GetComponentInfo(type);
    if (!signature.Test(type) || !info.ui_accessible) continue;
    const ecs::ComponentInfo* here = world.FindComponentInfo(info.name);
    if (here == nullptr || world.HasComponent(primary, here->type)) continue;
    ImGui::PushID(info.name.c_str());
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(theme::kPrefab, "%s removed in this instance", info.name.c_str());
    GlobalWidgetMap().Record("inspector/removed/" + info.name);
    ImGui::SameLine();
    const ecs::EntityId id = world.GetEntityId(primary);
    if (ImGui::SmallButton("Revert")) commands_.RevertToPrefab(id, info.name, std::nullopt);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Add %s back as the prefab has it", info.name.c_str());
    ImGui::PopID();
  }
}

void InspectorPanel::DrawComponent(ecs::Entity primary, ecs::ComponentType type) {
  const ecs::Coordinator& world = context_.World();
  const ecs::ComponentInfo& info = world.GetComponentInfo(type);
  const ecs::EntityId primary_id = world.GetEntityId(primary);
  ImGui::PushID(info.name.c_str());
  const bool added = member_ && !serialization::PrefabValue(world, *member_, type);
  const std::string header = added ? info.name + "  (added in this instance)###" + info.name : info.name;
  if (added) ImGui::PushStyleColor(ImGuiCol_Text, theme::kPrefab);
  const bool open = ImGui::CollapsingHeader(header.c_str(), ImGuiTreeNodeFlags_DefaultOpen | ImGuiTreeNodeFlags_AllowItemOverlap);
  if (added) ImGui::PopStyleColor();
  GlobalWidgetMap().Record("inspector/component/" + info.name);
  if (!info.description.empty() && ImGui::IsItemHovered()) BoundedTooltip(info.description);
  DrawComponentMenu(info, primary_id);
  // The remove button sits on the header's right end.
  const float button = ImGui::GetFrameHeight();
  ImGui::SameLine(ImGui::GetContentRegionMax().x - button);
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(0.0f, ImGui::GetStyle().FramePadding.y));
  if (ImGui::Button("x##remove", ImVec2(button, button))) {
    const std::vector<ecs::EntityId> ids = ids_;
    commands_.Queue("Remove Component", [&] { return actions::RemoveComponent(world, ids, info.name); });
  }
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
  GlobalWidgetMap().Record("inspector/remove/" + info.name);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove %s", info.name.c_str());
  if (open) {
    if (info.fields.empty()) {
      ImGui::Indent(ImGui::GetStyle().IndentSpacing * 0.5f);
      ImGui::TextColored(theme::kTextDim, "A tag: its presence is what counts.");
      ImGui::Unindent(ImGui::GetStyle().IndentSpacing * 0.5f);
    } else {
      DrawFields(primary, info);
    }
    ImGui::Spacing();
  }
  ImGui::PopID();
}

void InspectorPanel::DrawComponentMenu(const ecs::ComponentInfo& info, ecs::EntityId primary_id) {
  if (!ImGui::BeginPopupContextItem("##component_menu")) return;
  const ecs::Coordinator& world = context_.World();
  Clipboard& clipboard = context_.GetClipboard();
  const auto recorded = [](const char* label) {
    GlobalWidgetMap().Record(std::string("inspector/component_menu/") + label);
  };
  const bool copy = ImGui::MenuItem("Copy Values");
  recorded("Copy Values");
  if (copy) {
    try {
      clipboard.CopyComponent(world, primary_id, info.name);
    } catch (const std::exception& error) {
      context_.Log().Warning(std::string("Copy Values: ") + error.what());
    }
  }
  const bool can_paste = clipboard.HasComponent() && clipboard.ComponentName() == info.name;
  const bool paste = ImGui::MenuItem("Paste Values", nullptr, false, can_paste);
  recorded("Paste Values");
  if (paste) {
    const std::vector<ecs::EntityId> ids = ids_;
    commands_.Queue("Paste Values", [&] { return clipboard.PasteComponent(world, ids); });
  }
  const bool reset = ImGui::MenuItem("Reset to Defaults");
  recorded("Reset to Defaults");
  if (reset) {
    const std::vector<ecs::EntityId> ids = ids_;
    commands_.Queue("Reset", [&] {
      ecs::Action action = actions::PasteComponentValue(world, ids, ecs::ComponentValue(world.GetComponentInfoPtr(info.type)));
      action.name = "Reset " + info.name;
      return action;
    });
  }
  if (member_) {
    ImGui::Separator();
    DrawPrefabMenuItems(primary_id, info.name, std::nullopt);
  }
  ImGui::Separator();
  const bool remove = ImGui::MenuItem("Remove Component");
  recorded("Remove Component");
  if (remove) {
    const std::vector<ecs::EntityId> ids = ids_;
    commands_.Queue("Remove Component", [&] { return actions::RemoveComponent(world, ids, info.name); });
  }
  ImGui::EndPopup();
}

void InspectorPanel::DrawFields(ecs::Entity primary, const ecs::ComponentInfo& info) {
  const ecs::Coordinator& world = context_.World();
  const void* data = world.GetComponentData(primary, info.type);
  const float label_width = std::min(120.0f, std::max(ImGui::GetContentRegionAvail().x * 0.34f, 60.0f));
  if (!ImGui::BeginTable("##fields", 2, ImGuiTableFlags_None)) return;
  ImGui::TableSetupColumn("field", ImGuiTableColumnFlags_WidthFixed, label_width);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  const ecs::EntityId primary_id = world.GetEntityId(primary);
  const std::string key_prefix = ecs::ToHex(primary_id) + "/" + info.name + "/";
  // The fields this instance overrides (none when the whole component is its own).
  std::vector<const ecs::FieldInfo*> overridden;
  if (member_ && serialization::PrefabValue(world, *member_, info.type)) {
    overridden = serialization::OverriddenFields(world, *member_, primary, info.type);
  }
  for (const ecs::FieldInfo& field : info.fields) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::AlignTextToFramePadding();
    const std::string label = FitText(FieldLabel(field.name), ImGui::GetContentRegionAvail().x);
    const FieldDisplay display = Display(info, field, data);
    const bool mixed = display.mixed != 0;
    const ecs::FieldInfo* superseding = SupersedingField(info, field, data);
    const bool own = std::find(overridden.begin(), overridden.end(), &field) != overridden.end();
    const ImVec4 colour = own                    ? theme::kPrefab
                          : superseding != nullptr ? theme::kTextDim
                          : mixed                ? theme::kCameraIcon
                                                 : theme::kInfo;
    ImGui::TextColored(colour, "%s", label.c_str());
    if (own) {  // bold (drawn twice, a pixel apart) with a bar on the left, as overrides read elsewhere
      const ImVec2 min = ImGui::GetItemRectMin();
      const ImVec2 max = ImGui::GetItemRectMax();
      ImDrawList* draw = ImGui::GetWindowDrawList();
      draw->AddText(ImVec2(min.x + 1.0f, min.y), ImGui::ColorConvertFloat4ToU32(colour), label.c_str());
      draw->AddRectFilled(ImVec2(min.x - 5.0f, min.y - 2.0f), ImVec2(min.x - 3.0f, max.y + 2.0f),
                          ImGui::ColorConvertFloat4ToU32(colour));
      GlobalWidgetMap().Record("inspector/overridden/" + info.name + "/" + field.name);
    }
    if (ImGui::IsItemHovered()) {
      const std::string full = FieldLabel(field.name);
      if (own) {
        ImGui::SetTooltip("%s: this instance's own value (right-click: Revert or Apply to Prefab)", full.c_str());
      } else if (superseding != nullptr) {
        ImGui::SetTooltip("%s: not used while %s is set", full.c_str(), FieldLabel(superseding->name).c_str());
      } else {
        ImGui::SetTooltip(mixed ? "%s: the selected entities differ here; an edit sets them all" : "%s", full.c_str());
      }
    }
    if (own && ImGui::BeginPopupContextItem(("##prefab_field_" + field.name).c_str())) {
      DrawPrefabMenuItems(primary_id, info.name, field.name);
      ImGui::EndPopup();
    }
    ImGui::TableSetColumnIndex(1);
    ImGui::PushID(field.name.c_str());
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const FieldEdit edit = fields_.Draw(world, info, field, data, key_prefix + field.name, display);
    if (edit.refused) context_.Log().Warning(info.name + "." + field.name + ": " + *edit.refused);
    GlobalWidgetMap().RecordBox("inspector/field/" + info.name + "/" + field.name,
                                {start.x, start.y, width, ImGui::GetFrameHeight()});
    ImGui::PopID();
    Apply(info, field, edit);
  }
  ImGui::EndTable();
}

FieldDisplay InspectorPanel::Display(const ecs::ComponentInfo& info, const ecs::FieldInfo& field,
                                     const void* primary_value) const {
  const ecs::Coordinator& world = context_.World();
  const std::string path = info.name + "." + field.name;
  FieldDisplay display;
  const bool rotation = ecs::TraitsOf(field.type).widget == ecs::FieldWidget::kRotation;
  if (rotation) {
    display.euler_degrees = euler_hints_.Shown(PrimaryId(), path,
                                               field.Ref<glm::quat>(primary_value));
  }
  if (entities_.size() < 2) return display;
  const std::size_t count = std::min(entities_.size(), kMixedCheckLimit);
  const std::size_t floats = ecs::TraitsOf(field.type).floats;
  for (std::size_t i = 0; i < count && display.mixed != ecs::kAllElements; ++i) {
    const void* other = world.GetComponentData(entities_[i], info.type);
    if (rotation) {  // compared as the angles each entity shows
      const glm::vec3 angles = euler_hints_.Shown(ids_[i], path, field.Ref<glm::quat>(other));
      for (std::size_t axis = 0; axis < 3; ++axis) {
        if (angles[static_cast<glm::length_t>(axis)] != (*display.euler_degrees)[static_cast<glm::length_t>(axis)]) {
          display.mixed |= ecs::ElementBit(axis);
        }
      }
    } else if (floats > 1) {
      const float* mine = &field.Ref<float>(primary_value);
      const float* theirs = &field.Ref<float>(other);
      for (std::size_t element = 0; element < floats; ++element) {
        if (mine[element] != theirs[element]) display.mixed |= ecs::ElementBit(element);
      }
    } else if (!ecs::FieldEquals(field, primary_value, other)) {
      display.mixed = ecs::kAllElements;
    }
  }
  return display;
}

ecs::EntityId InspectorPanel::PrimaryId() const {
  const ecs::EntityId primary = context_.GetSelection().Primary();
  return std::find(ids_.begin(), ids_.end(), primary) != ids_.end() ? primary : ids_.back();
}

void InspectorPanel::Apply(const ecs::ComponentInfo& info, const ecs::FieldInfo& field, const FieldEdit& edit) {
  if (edit.value) {
    const ecs::Coordinator& world = context_.World();
    const std::vector<ecs::EntityId>& ids = ids_;
    EnqueueOptions options;
    if (edit.continuous) {
      const ecs::ElementMask elements = edit.euler_degrees ? edit.angles : edit.elements;
      options = EnqueueOptions::Merging(actions::FieldMergeKey(ids, info.name, field.name, elements));
    }
    if (edit.euler_degrees) {
      commands_.Queue(
          "Change " + info.name, [&] { return RotationEdit(info, field, *edit.euler_degrees, edit.angles); },
          std::move(options));
    } else {
      commands_.Queue(
          "Change " + info.name, [&] { return actions::SetField(world, ids, *edit.value, edit.elements); },
          std::move(options));
    }
  }
  if (edit.finished) context_.EndMerge();
}

ecs::Action InspectorPanel::RotationEdit(const ecs::ComponentInfo& info, const ecs::FieldInfo& field,
                                         const glm::vec3& degrees, ecs::ElementMask angles) {
  const ecs::Coordinator& world = context_.World();
  const std::string path = info.name + "." + field.name;
  const std::shared_ptr<const ecs::ComponentInfo>& info_ptr = world.GetComponentInfoPtr(info.type);
  const std::size_t index = static_cast<std::size_t>(&field - info.fields.data());
  std::vector<ecs::FieldValue> values;
  values.reserve(ids_.size());
  for (std::size_t i = 0; i < ids_.size(); ++i) {
    const glm::quat& rotation = field.Ref<glm::quat>(world.GetComponentData(entities_[i], info.type));
    const glm::quat edited = QuatFromEulerDegrees(euler_hints_.Edit(ids_[i], path, rotation, degrees, angles));
    values.push_back(ecs::FieldValue::Checked(info_ptr, index, &edited));
  }
  return actions::SetFieldEach(world, ids_, values);
}

void InspectorPanel::DrawUnknownComponents(ecs::Entity primary) {
  const ecs::Coordinator& world = context_.World();
  if (!world.IsRegistered<serialization::UnknownComponents>()) return;
  const auto* unknown = world.TryGetComponent<serialization::UnknownComponents>(primary);
  if (unknown == nullptr) return;
  const bool open = ImGui::CollapsingHeader("Unknown Components");
  GlobalWidgetMap().Record("inspector/unknown_components");
  if (open) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(theme::kTextDim, "Components this build does not know, kept as the file had them:");
    BoundedText(unknown->json);
    ImGui::PopTextWrapPos();
  }
}

void InspectorPanel::DrawFooter() {
  ImGui::Spacing();
  ImGui::Spacing();
  if (std::optional<std::string> picked = add_component_.Draw(offered_)) {
    const ecs::Coordinator& world = context_.World();
    const std::vector<ecs::EntityId> ids = ids_;
    const std::string name = *picked;
    commands_.Queue("Add Component", [&] { return actions::AddComponent(world, ids, name); });
  }
  const Clipboard& clipboard = context_.GetClipboard();
  if (clipboard.HasComponent()) {
    const std::string label = "Paste " + clipboard.ComponentName();
    if (ImGui::Button(label.c_str(), ImVec2(ImGui::GetContentRegionAvail().x, 0.0f))) {
      const ecs::Coordinator& world = context_.World();
      const std::vector<ecs::EntityId> ids = ids_;
      commands_.Queue("Paste Component", [&] { return clipboard.PasteComponent(world, ids); });
    }
    GlobalWidgetMap().Record("inspector/paste_component");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("Adds the copied %s, or sets its values where the selection has one", clipboard.ComponentName().c_str());
    }
  }
}

}  // namespace cairn::editor
