#include "cairn/ecs/type_index.h"

#include <atomic>

namespace cairn::ecs::detail {

std::size_t NextTypeIndex() {
  static std::atomic<std::size_t> next{0};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace cairn::ecs::detail
