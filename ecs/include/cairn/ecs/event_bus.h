#pragma once
// Typed publish/subscribe. Handlers run synchronously, in subscription order.
// A handler may subscribe or unsubscribe (itself included) while an event is
// being published: new handlers see only later events, removed ones are
// skipped from then on.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "cairn/ecs/type_index.h"

namespace cairn::ecs {

using SubscriptionId = std::uint64_t;

class EventBus {
 public:
  template <typename Event>
  SubscriptionId Subscribe(std::function<void(const Event&)> handler) {
    Channel& channel = ChannelFor(detail::TypeIndexOf<Event>());
    const SubscriptionId id = ++last_id_;
    channel.handlers.push_back({id, std::make_unique<std::function<void(const void*)>>(
                                        [handler = std::move(handler)](const void* event) {
                                          handler(*static_cast<const Event*>(event));
                                        })});
    return id;
  }

  // Unknown or already removed ids are ignored.
  void Unsubscribe(SubscriptionId id);

  // A bus nobody listens to (a game's world, a benchmark) answers from one
  // counter, before looking for the event's channel.
  template <typename Event>
  bool HasSubscribers() const {
    if (live_ == 0) return false;
    const std::size_t index = detail::FastTypeIndexOf<Event>();
    return index < channels_.size() && channels_[index].live > 0;
  }

  template <typename Event>
  void Publish(const Event& event) {
    if (live_ == 0) return;
    const std::size_t index = detail::FastTypeIndexOf<Event>();
    if (index >= channels_.size() || channels_[index].live == 0) return;
    Dispatch(index, &event);
  }

 private:
  struct Handler {
    SubscriptionId id = 0;  // 0 once unsubscribed
    // At a stable address, so that a dispatch calls it in place (no copy, no
    // allocation) even when a handler subscribes another and the vector
    // grows; it is freed only by Compact, which waits for the outermost
    // dispatch to end.
    std::unique_ptr<std::function<void(const void*)>> call;
  };
  struct Channel {
    std::vector<Handler> handlers;
    std::size_t live = 0;
  };

  Channel& ChannelFor(std::size_t index);
  void Dispatch(std::size_t index, const void* event);
  void Compact();

  std::vector<Channel> channels_;
  std::size_t live_ = 0;  // live handlers in every channel
  SubscriptionId last_id_ = 0;
  int dispatch_depth_ = 0;
  bool needs_compaction_ = false;
};

}  // namespace cairn::ecs
