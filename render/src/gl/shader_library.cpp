#include "gl/shader_library.h"

#include <utility>

#include "cairn_render_shaders/embedded_shaders.h"

namespace cairn::render::gl {

ShaderLibrary::ShaderLibrary(std::vector<ShaderOverride> overrides) : overrides_(std::move(overrides)) {}

std::optional<ShaderSource> ShaderLibrary::Find(std::string_view file_name) const {
  for (const ShaderOverride& entry : overrides_) {
    if (entry.file_name == file_name) return ShaderSource{entry.file_name, entry.source};
  }
  if (const shaders::EmbeddedShader* shader = shaders::FindShader(file_name)) {
    return ShaderSource{std::string(shader->file_name), std::string(shader->source)};
  }
  return std::nullopt;
}

}  // namespace cairn::render::gl
