#pragma once
// How one asset file is read into the editor's metres and Y-up: a uniform
// scale (a model authored in centimetres takes 0.01) and the axis that is up
// in the file (Z-up files are turned so that their +Z becomes +Y). Kept per
// asset in the project's asset index (asset_index.h), so every scene, the
// viewport, surface queries and thumbnails agree, and the setting follows
// the file when it is moved.

#include <optional>
#include <string>
#include <string_view>

#include "cairn/assets/model.h"

namespace cairn::assets {

enum class UpAxis { kY, kZ };

struct ImportSettings {
  float scale = 1.0f;  // finite and > 0
  UpAxis up = UpAxis::kY;

  bool IsDefault() const { return scale == 1.0f && up == UpAxis::kY; }
  friend bool operator==(const ImportSettings&, const ImportSettings&) = default;
};

// "y", "z"; nullopt for any other name.
std::string_view UpAxisName(UpAxis axis);
std::optional<UpAxis> UpAxisFromName(std::string_view name);

// Why `settings` cannot be used ("the scale must be a finite number above 0,
// not -2"), or nullopt.
std::optional<std::string> ImportSettingsProblem(const ImportSettings& settings);

// Applies `settings` to every vertex (positions scaled and turned, normals
// turned) and to the bounds. Precondition: !ImportSettingsProblem(settings).
void ApplyImportSettings(Model& model, const ImportSettings& settings);

}  // namespace cairn::assets
