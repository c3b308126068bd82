#pragma once
// Pick ids of one rendered frame. Renderer::PickAt returns, for a pixel, the
// pick_id of the instance or icon drawn there; the viewport numbers what it
// draws 1, 2, 3, ... and keeps the entity of each number here, so a click
// maps back to its entity with one array index. Id 0 means "nothing".
//
// The table must describe the frame PickAt reads: rebuild it only while
// building the next frame, after the frame's clicks were resolved.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/fwd.h"

namespace cairn::editor {

class PickTable {
 public:
  // Forgets every id; keeps the allocation for the next frame.
  void Clear() { entities_.clear(); }
  void Reserve(std::size_t count) { entities_.reserve(count); }

  // The pick id of the next thing drawn for `entity` (one more than the last).
  std::uint32_t Add(ecs::Entity entity) {
    entities_.push_back(entity);
    return static_cast<std::uint32_t>(entities_.size());
  }

  // The entity drawn with `pick_id`; kNullEntity for 0 and unknown ids.
  ecs::Entity Find(std::uint32_t pick_id) const {
    return pick_id == 0 || pick_id > entities_.size() ? ecs::kNullEntity : entities_[pick_id - 1];
  }

  // The id of the entity drawn with `pick_id`, or kNoEntityId when nothing
  // was drawn with it or the entity no longer exists (it may have been
  // deleted since the frame was drawn).
  ecs::EntityId FindId(std::uint32_t pick_id, const ecs::Coordinator& world) const;

  std::size_t Size() const { return entities_.size(); }

 private:
  std::vector<ecs::Entity> entities_;  // [pick_id - 1]
};

}  // namespace cairn::editor
