#pragma once

#include <string>
#include <vector>

#include "cairn/render/render_error.h"

namespace cairn::render {

// Replaces the embedded source of one shader file, e.g. to try an edit without
// rebuilding or to exercise the error path in tests.
struct ShaderOverride {
  std::string file_name;  // as in shaders/, e.g. "mesh.frag"
  std::string source;
};

struct RendererOptions {
  std::vector<ShaderOverride> shader_overrides;
  RenderErrorCallback on_error;  // optional; called for each error as it happens
};

}  // namespace cairn::render
