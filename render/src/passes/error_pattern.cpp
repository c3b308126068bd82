#include "passes/error_pattern.h"

#include <algorithm>

#include <glm/gtc/type_ptr.hpp>

namespace cairn::render::passes {

namespace {

constexpr int kTileSize = 32;
constexpr int kBorderWidth = 4;

void ClearRect(int x, int y, int width, int height, const glm::vec4& color) {
  glScissor(x, y, width, height);
  glClearBufferfv(GL_COLOR, 0, glm::value_ptr(color));
}

}  // namespace

void DrawErrorCheckerboard(const gl::OffscreenTarget& target, const RenderSettings& settings) {
  glEnable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  ClearRect(0, 0, target.Width(), target.Height(), glm::vec4{0.0f, 0.0f, 0.0f, 1.0f});
  for (int y = 0; y < target.Height(); y += kTileSize) {
    for (int x = ((y / kTileSize) % 2) * kTileSize; x < target.Width(); x += 2 * kTileSize) {
      ClearRect(x, y, kTileSize, kTileSize, settings.error_color);
    }
  }
  glDisable(GL_SCISSOR_TEST);
}

void DrawErrorBorder(const gl::OffscreenTarget& target, const RenderSettings& settings) {
  const int width = target.Width();
  const int height = target.Height();
  const int border = std::min({kBorderWidth, width, height});
  glEnable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  ClearRect(0, 0, width, border, settings.error_color);
  ClearRect(0, height - border, width, border, settings.error_color);
  ClearRect(0, 0, border, height, settings.error_color);
  ClearRect(width - border, 0, border, height, settings.error_color);
  glDisable(GL_SCISSOR_TEST);
}

}  // namespace cairn::render::passes
