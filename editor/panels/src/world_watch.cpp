#include "cairn/editor/panels/world_watch.h"

#include "cairn/ecs/components/name.h"
#include "cairn/ecs/events.h"

namespace cairn::editor {

WorldWatch::~WorldWatch() { Unsubscribe(); }

void WorldWatch::Unsubscribe() {
  if (world_ == nullptr) return;
  for (const ecs::SubscriptionId id : subscriptions_) world_->Events().Unsubscribe(id);
  subscriptions_.clear();
}

void WorldWatch::Attach(ecs::Coordinator& world) {
  subscriptions_.clear();  // they belonged to the replaced world
  world_ = &world;
  ++structure_;
  ++content_;
  const auto structural = [this](const auto&) {
    ++structure_;
    ++content_;
  };
  ecs::EventBus& events = world.Events();
  subscriptions_.push_back(events.Subscribe<ecs::EntityCreated>(structural));
  subscriptions_.push_back(events.Subscribe<ecs::EntityDestroyed>(structural));
  subscriptions_.push_back(events.Subscribe<ecs::ComponentAdded>(structural));
  subscriptions_.push_back(events.Subscribe<ecs::ComponentRemoved>(structural));
  subscriptions_.push_back(events.Subscribe<ecs::ParentChanged>(structural));
  // kMaxComponentTypes is below 255, so 255 never names a registered type.
  const ecs::ComponentType name_type =
      world.IsRegistered<ecs::Name>() ? world.GetComponentType<ecs::Name>() : static_cast<ecs::ComponentType>(255);
  subscriptions_.push_back(events.Subscribe<ecs::ComponentChanged>([this, name_type](const ecs::ComponentChanged& e) {
    ++content_;
    if (e.type == name_type) ++structure_;
  }));
}

}  // namespace cairn::editor
