#pragma once
// Process-wide dense indices for C++ types, used to find a type's storage,
// system or event channel in a vector instead of a hash map.

#include <cstddef>

namespace cairn::ecs::detail {

std::size_t NextTypeIndex();

// The same T always yields the same index within one process; indices are
// dense from 0 in order of first use.
template <typename T>
std::size_t TypeIndexOf() {
  static const std::size_t index = NextTypeIndex();
  return index;
}

}  // namespace cairn::ecs::detail
