#include "cairn/ecs/event_bus.h"

#include <algorithm>

namespace cairn::ecs {

EventBus::Channel& EventBus::ChannelFor(std::size_t index) {
  if (channels_.size() <= index) channels_.resize(index + 1);
  Channel& channel = channels_[index];
  ++channel.live;
  ++live_;
  return channel;
}

void EventBus::Unsubscribe(SubscriptionId id) {
  if (id == 0) return;
  for (Channel& channel : channels_) {
    for (Handler& handler : channel.handlers) {
      if (handler.id != id) continue;
      handler.id = 0;
      --channel.live;
      --live_;
      needs_compaction_ = true;
      if (dispatch_depth_ == 0) Compact();
      return;
    }
  }
}

void EventBus::Dispatch(std::size_t index, const void* event) {
  ++dispatch_depth_;
  // Index-based and bounded by the size at entry: handlers added meanwhile
  // wait for the next event, and a reallocation cannot invalidate the loop.
  const std::size_t count = channels_[index].handlers.size();
  for (std::size_t i = 0; i < count; ++i) {
    if (channels_[index].handlers[i].id == 0) continue;
    // Called where it lies: unsubscribing only marks it, and growth moves the
    // pointer, not the handler.
    const std::function<void(const void*)>& call = *channels_[index].handlers[i].call;
    call(event);
  }
  if (--dispatch_depth_ == 0 && needs_compaction_) Compact();
}

void EventBus::Compact() {
  for (Channel& channel : channels_) {
    std::erase_if(channel.handlers, [](const Handler& handler) { return handler.id == 0; });
  }
  needs_compaction_ = false;
}

}  // namespace cairn::ecs
