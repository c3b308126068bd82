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

// TypeIndexOf<T>() plus one, read without TypeIndexOf's guarded static, so
// that a loop of lookups has no call in it and its invariant loads can be
// hoisted. Zero until dynamic initialization has run (a lookup from another
// static initializer): FastTypeIndexOf then asks the guarded function.
template <typename T>
inline const std::size_t type_index_plus_one = TypeIndexOf<T>() + 1;

template <typename T>
std::size_t FastTypeIndexOf() {
  const std::size_t plus_one = type_index_plus_one<T>;
  return plus_one != 0 ? plus_one - 1 : TypeIndexOf<T>();
}

}  // namespace cairn::ecs::detail
