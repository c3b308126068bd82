#include "cairn/platform/replay_error.h"

#include <utility>

namespace cairn::platform {

ReplayError::ReplayError(std::string source, int line, const std::string& message)
    : std::runtime_error(source + ":" + std::to_string(line) + ": " + message),
      source_(std::move(source)),
      line_(line) {}

ReplayError::ReplayError(std::string source, const std::string& message)
    : std::runtime_error(source + ": " + message), source_(std::move(source)) {}

}  // namespace cairn::platform
