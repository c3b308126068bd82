#pragma once

#include <stdexcept>

namespace cairn::platform {

// Raised when the platform cannot provide what was asked for: a window, a GL
// context, a file. The message names the thing and the reason, e.g.
// "cannot write screenshot 'out/a.png': No such file or directory".
class PlatformError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace cairn::platform
