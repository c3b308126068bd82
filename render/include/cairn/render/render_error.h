#pragma once

#include <functional>
#include <string>

namespace cairn::render {

// A problem the renderer met and survived. `source` names what failed (a
// shader file name such as "mesh.frag", a program, "framebuffer", "OpenGL");
// `message` carries the detail, e.g. the driver's info log.
struct RenderError {
  std::string source;
  std::string message;

  [[nodiscard]] std::string ToString() const { return source + ": " + message; }
};

// Receives each error as it happens (for a console or log). Errors are also
// returned from Initialize() and kept by the renderer.
using RenderErrorCallback = std::function<void(const RenderError&)>;

}  // namespace cairn::render
