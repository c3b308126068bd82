#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/render/render_error.h"
#include "cairn/render/shader_override.h"

namespace cairn::render::gl {

// One shader stage's source with the file it came from (for error messages).
struct ShaderSource {
  std::string file_name;
  std::string source;
};

// The shader sources a renderer builds from: the ones embedded from shaders/
// at build time, with any overrides taking precedence.
class ShaderLibrary {
 public:
  explicit ShaderLibrary(std::vector<ShaderOverride> overrides = {});

  // The source of `file_name`, or nullopt when neither embedded nor overridden.
  [[nodiscard]] std::optional<ShaderSource> Find(std::string_view file_name) const;

 private:
  std::vector<ShaderOverride> overrides_;
};

}  // namespace cairn::render::gl
