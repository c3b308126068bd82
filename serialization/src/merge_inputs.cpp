#include "merge_inputs.h"

#include <optional>
#include <utility>

namespace cairn::serialization::detail {

namespace {

const Document& EmptyObject() {
  static const Document empty = Document::object();
  return empty;
}

constexpr std::size_t kLongestShownValue = 80;

}  // namespace

SceneVersion::SceneVersion() : editor_(&EmptyObject()) {}

SceneVersion::SceneVersion(const Document& document) : editor_(&EmptyObject()) {
  const auto editor = document.find("editor");
  if (editor != document.end() && editor->is_object()) editor_ = &*editor;
  const auto entities = document.find("entities");
  if (entities == document.end() || !entities->is_array()) return;
  ids_.reserve(entities->size());
  by_id_.reserve(entities->size());
  for (const Document& entity : *entities) {
    const std::optional<ecs::EntityId> id = ecs::ParseEntityId(entity.at("id").get_ref<const std::string&>());
    ids_.push_back(*id);
    by_id_.emplace(*id, &entity);
  }
}

const Document* SceneVersion::Find(ecs::EntityId id) const {
  const auto found = by_id_.find(id);
  return found == by_id_.end() ? nullptr : found->second;
}

ecs::EntityId ParentOf(const Document& entity) {
  const Document& parent = entity.at("parent");
  if (!parent.is_string()) return ecs::kNoEntityId;
  return ecs::ParseEntityId(parent.get_ref<const std::string&>()).value_or(ecs::kNoEntityId);
}

std::uint64_t OrderOf(const Document& entity) {
  const Document& order = entity.at("order");
  return order.is_number_unsigned() ? order.get<std::uint64_t>()
                                    : static_cast<std::uint64_t>(order.get<std::int64_t>());
}

const Document* ComponentOf(const Document& entity, const std::string& component) {
  const Document& components = entity.at("components");
  const auto found = components.find(component);
  return found == components.end() ? nullptr : &*found;
}

std::string ShowValue(const Document& value) {
  std::string text = value.dump(-1, ' ', false, Document::error_handler_t::replace);
  if (text.size() <= kLongestShownValue) return text;
  return DescribeJsonValue(value);
}

std::string MergeInputs::Describe(ecs::EntityId id) const {
  std::string text = "entity " + ecs::ToHex(id);
  for (const SceneVersion* version : {&ours, &theirs, &base}) {
    const Document* entity = version->Find(id);
    if (entity == nullptr) continue;
    const Document& name = entity->at("name");
    if (name.is_string() && !name.get_ref<const std::string&>().empty()) {
      text += " (" + name.get<std::string>() + ")";
    }
    break;
  }
  return text;
}

MergeConflict MergeInputs::Conflict(ecs::EntityId id, std::string subject, const std::string& detail) const {
  return MergeConflict{id, std::move(subject), Describe(id) + ": " + detail};
}

}  // namespace cairn::serialization::detail
