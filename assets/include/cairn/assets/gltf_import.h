#pragma once
// Reads a glTF 2.0 file (.gltf with its buffers and images, or .glb) into a
// Model. What is read: every triangle primitive of every mesh the default
// scene places (each with its node's world transform applied; a file without
// scenes gives every mesh untransformed), POSITION, NORMAL (computed flat when
// absent, as glTF asks), TEXCOORD_0, indices (generated when absent), and
// each material's base colour factor and texture, metallic and roughness.
// Triangle strips and fans become lists; points and lines are skipped with a
// warning.
//
// A file that cannot be read is refused with the reason ("cannot import
// mesh crate.glb: accessor 3 reads past the end of buffer 0"); nothing is
// partially returned. Not thread-affine: imports may run on any thread.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cairn/assets/model.h"

namespace cairn::assets {

struct ImportLimits {
  std::size_t max_file_bytes = std::size_t{1} << 30;  // the .gltf or .glb itself
  std::size_t max_vertices = std::size_t{1} << 26;    // after flattening, over all primitives
};

struct ImportResult {
  std::optional<Model> model;         // set on success
  std::string error;                  // set on failure: the whole message
  std::vector<std::string> warnings;  // things skipped or repaired, each naming what
};

ImportResult ImportGltf(const std::filesystem::path& path, const ImportLimits& limits = {});

}  // namespace cairn::assets
