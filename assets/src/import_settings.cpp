#include "cairn/assets/import_settings.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/common.hpp>

namespace cairn::assets {

namespace {

// +Z up in the file becomes +Y: a quarter turn about X (y' = z, z' = -y).
glm::vec3 Upright(const glm::vec3& v, UpAxis up) {
  return up == UpAxis::kZ ? glm::vec3(v.x, v.z, -v.y) : v;
}

}  // namespace

std::string_view UpAxisName(UpAxis axis) { return axis == UpAxis::kZ ? "z" : "y"; }

std::optional<UpAxis> UpAxisFromName(std::string_view name) {
  if (name == "y") return UpAxis::kY;
  if (name == "z") return UpAxis::kZ;
  return std::nullopt;
}

std::optional<std::string> ImportSettingsProblem(const ImportSettings& settings) {
  if (!std::isfinite(settings.scale) || !(settings.scale > 0.0f)) {
    return "the scale must be a finite number above 0, not " + std::to_string(settings.scale);
  }
  return std::nullopt;
}

void ApplyImportSettings(Model& model, const ImportSettings& settings) {
  if (settings.IsDefault()) return;
  glm::vec3 low(std::numeric_limits<float>::max());
  glm::vec3 high(std::numeric_limits<float>::lowest());
  bool any = false;
  for (Primitive& primitive : model.primitives) {
    for (Vertex& vertex : primitive.vertices) {
      vertex.position = Upright(vertex.position, settings.up) * settings.scale;
      vertex.normal = Upright(vertex.normal, settings.up);  // a uniform scale keeps normals
      low = glm::min(low, vertex.position);
      high = glm::max(high, vertex.position);
      any = true;
    }
  }
  model.bounds = any ? Bounds{low, high} : Bounds{};
}

}  // namespace cairn::assets
