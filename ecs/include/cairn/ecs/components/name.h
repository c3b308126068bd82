#pragma once

#include <string>

namespace cairn::ecs {

// The display name of an entity; not necessarily unique.
struct Name {
  std::string value;

  friend bool operator==(const Name&, const Name&) = default;
};

}  // namespace cairn::ecs
