#pragma once

#include <vector>

#include "cairn/render/icon_instance.h"
#include "cairn/render/instance_batches.h"
#include "cairn/render/light_data.h"

namespace cairn::render {

// Everything the renderer draws in one frame, as plain data. The editor fills
// it from its world each frame; Clear() keeps allocations for the next frame.
struct RenderScene {
  InstanceBatches meshes;
  std::vector<LightData> lights;  // empty: the renderer uses DefaultLight()
  std::vector<IconInstance> icons;

  void Clear() {
    meshes.Clear();
    lights.clear();
    icons.clear();
  }
};

}  // namespace cairn::render
