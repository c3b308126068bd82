#pragma once

#include <stdexcept>
#include <string>

namespace cairn::platform {

// A replay script that cannot be read, parsed or played. The message starts
// with the place, "source:line: ", e.g.
// "probe.txt:7: click: X 'abc' is not a number".
class ReplayError : public std::runtime_error {
 public:
  ReplayError(std::string source, int line, const std::string& message);
  // For errors about the whole file (it cannot be opened): "source: message".
  ReplayError(std::string source, const std::string& message);

  const std::string& Source() const { return source_; }
  int Line() const { return line_; }  // 0 when the error is about the whole file

 private:
  std::string source_;
  int line_ = 0;
};

}  // namespace cairn::platform
