#pragma once
// Forward declarations for the ECS, to keep includes light.

#include <cstdint>

namespace cairn::ecs {

struct Entity;
struct EntityId;
class Signature;
class SparseSet;
class IComponentStorage;
template <typename T> class ComponentStorage;
struct FieldInfo;
struct ComponentInfo;
class ComponentValue;
class PlainValue;
class System;
class SystemManager;
class EventBus;
class Coordinator;
struct Action;
class CommandQueue;

// Index of a registered component type within one Coordinator (0..kMaxComponentTypes-1).
using ComponentType = std::uint8_t;

}  // namespace cairn::ecs
