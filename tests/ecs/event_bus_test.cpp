#include "cairn/ecs/event_bus.h"

#include <string>
#include <vector>

#include <catch2/catch.hpp>

using cairn::ecs::EventBus;
using cairn::ecs::SubscriptionId;

namespace {

struct Ping {
  int value = 0;
};
struct Pong {
  std::string text;
};

}  // namespace

TEST_CASE("Handlers receive the published event, in subscription order", "[ecs][events]") {
  EventBus bus;
  std::vector<std::string> log;
  bus.Subscribe<Ping>([&log](const Ping& ping) { log.push_back("first " + std::to_string(ping.value)); });
  bus.Subscribe<Ping>([&log](const Ping& ping) { log.push_back("second " + std::to_string(ping.value)); });
  bus.Publish(Ping{3});
  REQUIRE(log == std::vector<std::string>{"first 3", "second 3"});
}

TEST_CASE("Channels are separated by event type", "[ecs][events]") {
  EventBus bus;
  int pings = 0;
  std::string pong;
  bus.Subscribe<Ping>([&pings](const Ping&) { ++pings; });
  bus.Subscribe<Pong>([&pong](const Pong& event) { pong = event.text; });
  bus.Publish(Pong{"hello"});
  REQUIRE(pings == 0);
  REQUIRE(pong == "hello");
  bus.Publish(Ping{});
  REQUIRE(pings == 1);
}

TEST_CASE("Publishing without subscribers does nothing", "[ecs][events]") {
  EventBus bus;
  REQUIRE_FALSE(bus.HasSubscribers<Ping>());
  bus.Publish(Ping{1});
  const SubscriptionId id = bus.Subscribe<Ping>([](const Ping&) {});
  REQUIRE(bus.HasSubscribers<Ping>());
  REQUIRE_FALSE(bus.HasSubscribers<Pong>());
  bus.Unsubscribe(id);
  REQUIRE_FALSE(bus.HasSubscribers<Ping>());
}

TEST_CASE("Subscribers are counted per event and across events", "[ecs][events]") {
  EventBus bus;
  int pings = 0;
  const SubscriptionId first = bus.Subscribe<Ping>([&pings](const Ping&) { ++pings; });
  const SubscriptionId second = bus.Subscribe<Ping>([&pings](const Ping&) { ++pings; });
  const SubscriptionId pong = bus.Subscribe<Pong>([](const Pong&) {});
  bus.Unsubscribe(pong);
  bus.Unsubscribe(pong);  // twice: counted once
  REQUIRE_FALSE(bus.HasSubscribers<Pong>());
  REQUIRE(bus.HasSubscribers<Ping>());
  bus.Publish(Ping{1});
  REQUIRE(pings == 2);
  bus.Unsubscribe(first);
  REQUIRE(bus.HasSubscribers<Ping>());
  bus.Publish(Ping{2});
  REQUIRE(pings == 3);
  // The last handler leaves during its own dispatch: nobody listens after.
  SubscriptionId self = 0;
  self = bus.Subscribe<Pong>([&bus, &self](const Pong&) { bus.Unsubscribe(self); });
  bus.Unsubscribe(second);
  bus.Publish(Pong{"bye"});
  REQUIRE_FALSE(bus.HasSubscribers<Ping>());
  REQUIRE_FALSE(bus.HasSubscribers<Pong>());
  bus.Publish(Ping{3});
  REQUIRE(pings == 3);
  bus.Subscribe<Ping>([&pings](const Ping&) { ++pings; });
  bus.Publish(Ping{4});
  REQUIRE(pings == 4);
}

TEST_CASE("Subscription ids are distinct and non-zero", "[ecs][events]") {
  EventBus bus;
  const SubscriptionId a = bus.Subscribe<Ping>([](const Ping&) {});
  const SubscriptionId b = bus.Subscribe<Pong>([](const Pong&) {});
  const SubscriptionId c = bus.Subscribe<Ping>([](const Ping&) {});
  REQUIRE(a != 0);
  REQUIRE(a != b);
  REQUIRE(b != c);
  REQUIRE(a != c);
}

TEST_CASE("Unsubscribed handlers receive nothing more, unknown ids are ignored", "[ecs][events]") {
  EventBus bus;
  int calls = 0;
  const SubscriptionId id = bus.Subscribe<Ping>([&calls](const Ping&) { ++calls; });
  bus.Publish(Ping{});
  bus.Unsubscribe(id);
  bus.Unsubscribe(id);
  bus.Unsubscribe(0);
  bus.Unsubscribe(12345);
  bus.Publish(Ping{});
  REQUIRE(calls == 1);
}

TEST_CASE("A handler may unsubscribe itself during dispatch", "[ecs][events]") {
  EventBus bus;
  std::vector<std::string> log;
  SubscriptionId self = 0;
  bus.Subscribe<Ping>([&log](const Ping&) { log.push_back("before"); });
  self = bus.Subscribe<Ping>([&](const Ping&) {
    log.push_back("once");
    bus.Unsubscribe(self);
  });
  bus.Subscribe<Ping>([&log](const Ping&) { log.push_back("after"); });
  bus.Publish(Ping{});
  bus.Publish(Ping{});
  REQUIRE(log == std::vector<std::string>{"before", "once", "after", "before", "after"});
}

TEST_CASE("A handler removed during dispatch is skipped from then on", "[ecs][events]") {
  EventBus bus;
  std::vector<std::string> log;
  SubscriptionId victim = 0;
  bus.Subscribe<Ping>([&](const Ping&) {
    log.push_back("killer");
    bus.Unsubscribe(victim);
  });
  victim = bus.Subscribe<Ping>([&log](const Ping&) { log.push_back("victim"); });
  bus.Publish(Ping{});
  REQUIRE(log == std::vector<std::string>{"killer"});
}

TEST_CASE("A handler added during dispatch sees only later events", "[ecs][events]") {
  EventBus bus;
  std::vector<int> late;
  bool added = false;
  bus.Subscribe<Ping>([&](const Ping&) {
    if (added) return;
    added = true;
    for (int i = 0; i < 20; ++i) {  // enough to reallocate the handler list
      bus.Subscribe<Ping>([&late](const Ping& ping) { late.push_back(ping.value); });
    }
  });
  bus.Publish(Ping{1});
  REQUIRE(late.empty());
  bus.Publish(Ping{2});
  REQUIRE(late == std::vector<int>(20, 2));
}

TEST_CASE("Nested publishing and unsubscribing inside it are safe", "[ecs][events]") {
  EventBus bus;
  std::vector<std::string> log;
  SubscriptionId pong_handler = 0;
  bus.Subscribe<Ping>([&](const Ping& ping) {
    log.push_back("ping " + std::to_string(ping.value));
    if (ping.value == 1) bus.Publish(Pong{"from ping"});
  });
  pong_handler = bus.Subscribe<Pong>([&](const Pong& pong) {
    log.push_back("pong " + pong.text);
    bus.Unsubscribe(pong_handler);
    bus.Publish(Ping{2});
  });
  bus.Publish(Ping{1});
  bus.Publish(Pong{"ignored"});
  REQUIRE(log == std::vector<std::string>{"ping 1", "pong from ping", "ping 2"});
  REQUIRE_FALSE(bus.HasSubscribers<Pong>());
}
