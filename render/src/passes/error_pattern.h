#pragma once

#include "cairn/render/render_settings.h"
#include "gl/offscreen_target.h"

namespace cairn::render::passes {

// Marks a broken renderer without any shader (they may be what failed), using
// scissored clears of the bound target's colour attachment 0.

// Fills the target with a checkerboard of the error colour and black.
void DrawErrorCheckerboard(const gl::OffscreenTarget& target, const RenderSettings& settings);
// Paints a border of the error colour around the target.
void DrawErrorBorder(const gl::OffscreenTarget& target, const RenderSettings& settings);

}  // namespace cairn::render::passes
