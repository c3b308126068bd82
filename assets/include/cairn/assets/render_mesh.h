#pragma once
// An imported Model as the renderer draws it (render::MeshAsset): one part
// per primitive, with its texture coordinates and its material's base colour
// factor and texture.

#include "cairn/assets/model.h"
#include "cairn/render/mesh_asset.h"

namespace cairn::assets {

render::MeshAsset ToRenderMesh(const Model& model);

}  // namespace cairn::assets
