#include "cairn/assets/gltf_import.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <glm/mat3x3.hpp>
#include <glm/mat4x4.hpp>
#include <tiny_gltf.h>

#include "cairn/serialization/atomic_file.h"

namespace cairn::assets {

namespace {

// A reason the file cannot be imported; ImportGltf adds the file's name.
struct ImportFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

constexpr int kMaxNodeDepth = 256;

std::string Trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  for (char& c : text) {
    if (c == '\n') c = ' ';
  }
  return text;
}

std::size_t ComponentBytes(int component_type) {
  switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return 1;
    case TINYGLTF_COMPONENT_TYPE_SHORT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return 2;
    case TINYGLTF_COMPONENT_TYPE_INT:
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return 4;
    default: return 0;
  }
}

// "accessor 3 (mesh 0 primitive 1 NORMAL)": how every message names one.
std::string AccessorName(int index, const std::string& what) {
  return "accessor " + std::to_string(index) + " (" + what + ")";
}

// One accessor's elements, checked to lie inside its buffer.
struct ElementView {
  const std::uint8_t* data = nullptr;
  std::size_t stride = 0;
  std::size_t count = 0;
  int component_type = 0;
  int components = 0;
  bool normalized = false;

  const std::uint8_t* At(std::size_t i) const { return data + i * stride; }
};

class Importer {
 public:
  Importer(const tinygltf::Model& gltf, const ImportLimits& limits, std::vector<std::string>& warnings)
      : gltf_(gltf), limits_(limits), warnings_(warnings) {}

  Model Run() {
    for (const std::string& extension : gltf_.extensionsRequired) {
      throw ImportFailure("it requires the glTF extension " + extension + ", which Cairn does not read");
    }
    const int scene = gltf_.defaultScene >= 0 ? gltf_.defaultScene : (gltf_.scenes.empty() ? -1 : 0);
    if (scene >= static_cast<int>(gltf_.scenes.size())) {
      throw ImportFailure("its default scene " + std::to_string(scene) + " does not exist");
    }
    if (scene < 0) {
      for (std::size_t mesh = 0; mesh < gltf_.meshes.size(); ++mesh) AddMesh(static_cast<int>(mesh), glm::mat4(1.0f));
    } else {
      for (const int node : gltf_.scenes[static_cast<std::size_t>(scene)].nodes) VisitNode(node, glm::mat4(1.0f), 0);
    }
    if (model_.primitives.empty()) throw ImportFailure("it has no triangles to draw");
    ReadMaterials();
    ComputeBounds();
    return std::move(model_);
  }

 private:
  template <typename T>
  const T& Element(const std::vector<T>& items, int index, const char* kind) const {
    if (index < 0 || static_cast<std::size_t>(index) >= items.size()) {
      throw ImportFailure(std::string(kind) + " " + std::to_string(index) + " does not exist (the file has " +
                          std::to_string(items.size()) + ")");
    }
    return items[static_cast<std::size_t>(index)];
  }

  static glm::mat4 LocalMatrix(const tinygltf::Node& node) {
    if (node.matrix.size() == 16) {
      glm::mat4 matrix(1.0f);
      for (int i = 0; i < 16; ++i) glm::value_ptr(matrix)[i] = static_cast<float>(node.matrix[static_cast<std::size_t>(i)]);
      return matrix;
    }
    glm::mat4 matrix(1.0f);
    if (node.translation.size() == 3) {
      matrix = glm::translate(matrix, glm::vec3(static_cast<float>(node.translation[0]),
                                                static_cast<float>(node.translation[1]),
                                                static_cast<float>(node.translation[2])));
    }
    if (node.rotation.size() == 4) {
      const glm::quat rotation(static_cast<float>(node.rotation[3]), static_cast<float>(node.rotation[0]),
                               static_cast<float>(node.rotation[1]), static_cast<float>(node.rotation[2]));
      matrix *= glm::mat4_cast(glm::normalize(rotation));
    }
    if (node.scale.size() == 3) {
      matrix = glm::scale(matrix, glm::vec3(static_cast<float>(node.scale[0]), static_cast<float>(node.scale[1]),
                                            static_cast<float>(node.scale[2])));
    }
    return matrix;
  }

  void VisitNode(int index, const glm::mat4& parent, int depth) {
    if (depth >= kMaxNodeDepth) {
      throw ImportFailure("its nodes nest deeper than " + std::to_string(kMaxNodeDepth) +
                          " levels (a node is its own ancestor?)");
    }
    const tinygltf::Node& node = Element(gltf_.nodes, index, "node");
    const glm::mat4 world = parent * LocalMatrix(node);
    if (node.mesh >= 0) AddMesh(node.mesh, world);
    for (const int child : node.children) VisitNode(child, world, depth + 1);
  }

  void AddMesh(int index, const glm::mat4& world) {
    const tinygltf::Mesh& mesh = Element(gltf_.meshes, index, "mesh");
    for (std::size_t i = 0; i < mesh.primitives.size(); ++i) {
      AddPrimitive(mesh.primitives[i], "mesh " + std::to_string(index) + " primitive " + std::to_string(i), world);
    }
  }

  ElementView View(int index, const std::string& what) const {
    const tinygltf::Accessor& accessor = Element(gltf_.accessors, index, "accessor");
    const std::string name = AccessorName(index, what);
    if (accessor.sparse.isSparse) throw ImportFailure(name + " is sparse, which Cairn does not read");
    if (accessor.bufferView < 0) throw ImportFailure(name + " has no buffer view");
    const tinygltf::BufferView& view = Element(gltf_.bufferViews, accessor.bufferView, "buffer view");
    const tinygltf::Buffer& buffer = Element(gltf_.buffers, view.buffer, "buffer");
    const std::size_t component_bytes = ComponentBytes(accessor.componentType);
    const int components = tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(accessor.type));
    if (component_bytes == 0 || components <= 0) throw ImportFailure(name + " has an unknown component type");
    const std::size_t element_bytes = component_bytes * static_cast<std::size_t>(components);
    const std::size_t stride = view.byteStride != 0 ? view.byteStride : element_bytes;
    ElementView result{nullptr, stride, accessor.count, accessor.componentType, components, accessor.normalized};
    if (accessor.count == 0) return result;
    // Checked without overflow: every quantity is first bounded by the buffer's size.
    const std::size_t buffer_bytes = buffer.data.size();
    const std::size_t view_end = view.byteOffset + view.byteLength;
    if (view.byteOffset > buffer_bytes || view.byteLength > buffer_bytes - view.byteOffset) {
      throw ImportFailure("buffer view " + std::to_string(accessor.bufferView) + " reaches past the end of buffer " +
                          std::to_string(view.buffer) + " (" + std::to_string(buffer_bytes) + " bytes)");
    }
    const std::size_t begin = view.byteOffset + accessor.byteOffset;
    if (stride < element_bytes || begin > view_end || (accessor.count - 1) > (view_end - begin) / stride ||
        (accessor.count - 1) * stride + element_bytes > view_end - begin) {
      throw ImportFailure(name + " reads past the end of buffer view " + std::to_string(accessor.bufferView));
    }
    result.data = buffer.data.data() + begin;
    return result;
  }

  // Reads N floats per element (glTF float, or normalized integers for
  // texture coordinates).
  template <int N>
  std::vector<glm::vec<N, float>> ReadFloats(int index, const std::string& what) const {
    const ElementView view = View(index, what);
    if (view.components != N) {
      throw ImportFailure(AccessorName(index, what) + " has " +
                          std::to_string(view.components) + " components, not " + std::to_string(N));
    }
    std::vector<glm::vec<N, float>> values(view.count);
    for (std::size_t i = 0; i < view.count; ++i) {
      const std::uint8_t* element = view.At(i);
      for (int c = 0; c < N; ++c) {
        float value = 0.0f;
        switch (view.component_type) {
          case TINYGLTF_COMPONENT_TYPE_FLOAT: std::memcpy(&value, element + c * 4, 4); break;
          case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE:
            if (!view.normalized) throw ImportFailure(AccessorName(index, what) + " is not normalized");
            value = static_cast<float>(element[c]) / 255.0f;
            break;
          case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
            if (!view.normalized) throw ImportFailure(AccessorName(index, what) + " is not normalized");
            std::uint16_t raw = 0;
            std::memcpy(&raw, element + c * 2, 2);
            value = static_cast<float>(raw) / 65535.0f;
            break;
          }
          default:
            throw ImportFailure(AccessorName(index, what) + " stores a component type Cairn does not read for it");
        }
        if (!std::isfinite(value)) {
          throw ImportFailure(AccessorName(index, what) + " holds a value that is not a finite number");
        }
        values[i][c] = value;
      }
    }
    return values;
  }

  std::vector<std::uint32_t> ReadIndices(int index, std::size_t vertex_count, const std::string& where) const {
    const std::string what = where + " indices";
    const ElementView view = View(index, what);
    if (view.components != 1) throw ImportFailure(AccessorName(index, what) + " is not a scalar");
    std::vector<std::uint32_t> indices(view.count);
    for (std::size_t i = 0; i < view.count; ++i) {
      std::uint32_t value = 0;
      switch (view.component_type) {
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: value = *view.At(i); break;
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
          std::uint16_t raw = 0;
          std::memcpy(&raw, view.At(i), 2);
          value = raw;
          break;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: std::memcpy(&value, view.At(i), 4); break;
        default: throw ImportFailure(AccessorName(index, what) + " is not unsigned");
      }
      if (value >= vertex_count) {
        throw ImportFailure("index " + std::to_string(value) + " at position " + std::to_string(i) + " of " + where +
                            " is past its " + std::to_string(vertex_count) + " vertices");
      }
      indices[i] = value;
    }
    return indices;
  }

  // Strips and fans become lists; nullopt for modes that draw no triangles.
  static std::optional<std::vector<std::uint32_t>> AsTriangleList(int mode, std::vector<std::uint32_t> indices) {
    if (mode == -1 || mode == TINYGLTF_MODE_TRIANGLES) {
      indices.resize(indices.size() - indices.size() % 3);
      return indices;
    }
    std::vector<std::uint32_t> list;
    if (mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
      for (std::size_t i = 2; i < indices.size(); ++i) {
        const bool even = i % 2 == 0;
        list.insert(list.end(), {indices[i - 2], even ? indices[i - 1] : indices[i], even ? indices[i] : indices[i - 1]});
      }
      return list;
    }
    if (mode == TINYGLTF_MODE_TRIANGLE_FAN) {
      for (std::size_t i = 2; i < indices.size(); ++i) list.insert(list.end(), {indices[0], indices[i - 1], indices[i]});
      return list;
    }
    return std::nullopt;
  }

  void AddPrimitive(const tinygltf::Primitive& source, const std::string& where, const glm::mat4& world) {
    const auto position_it = source.attributes.find("POSITION");
    if (position_it == source.attributes.end()) throw ImportFailure(where + " has no POSITION attribute");
    const std::vector<glm::vec3> positions = ReadFloats<3>(position_it->second, where + " POSITION");
    std::vector<glm::vec3> normals;
    if (const auto it = source.attributes.find("NORMAL"); it != source.attributes.end()) {
      normals = ReadFloats<3>(it->second, where + " NORMAL");
    }
    std::vector<glm::vec2> uvs;
    if (const auto it = source.attributes.find("TEXCOORD_0"); it != source.attributes.end()) {
      uvs = ReadFloats<2>(it->second, where + " TEXCOORD_0");
    }
    if ((!normals.empty() && normals.size() != positions.size()) || (!uvs.empty() && uvs.size() != positions.size())) {
      throw ImportFailure(where + " has attributes of different lengths");
    }
    std::vector<std::uint32_t> indices;
    if (source.indices >= 0) {
      indices = ReadIndices(source.indices, positions.size(), where);
    } else {
      indices.resize(positions.size());
      for (std::size_t i = 0; i < indices.size(); ++i) indices[i] = static_cast<std::uint32_t>(i);
    }
    std::optional<std::vector<std::uint32_t>> triangles = AsTriangleList(source.mode, std::move(indices));
    if (!triangles) {
      warnings_.push_back(where + " draws points or lines (mode " + std::to_string(source.mode) + "): skipped");
      return;
    }
    if (triangles->empty()) {
      warnings_.push_back(where + " has no triangles: skipped");
      return;
    }
    if (source.material >= static_cast<int>(gltf_.materials.size())) {
      throw ImportFailure(where + " uses material " + std::to_string(source.material) + ", which does not exist");
    }

    Primitive primitive;
    primitive.material = source.material;
    const glm::mat3 normal_matrix = glm::transpose(glm::inverse(glm::mat3(world)));
    const bool mirrored = glm::determinant(glm::mat3(world)) < 0.0f;
    const auto place = [&](std::size_t i) {
      Vertex vertex;
      vertex.position = glm::vec3(world * glm::vec4(positions[i], 1.0f));
      if (!uvs.empty()) vertex.uv = uvs[i];
      if (!normals.empty()) vertex.normal = UnitOr(normal_matrix * normals[i], glm::vec3(0.0f, 1.0f, 0.0f));
      return vertex;
    };
    if (normals.empty()) {
      // Flat normals, as glTF asks: every triangle gets its own three vertices.
      primitive.vertices.reserve(triangles->size());
      for (std::size_t t = 0; t + 2 < triangles->size(); t += 3) {
        Vertex corners[3] = {place((*triangles)[t]), place((*triangles)[t + 1]), place((*triangles)[t + 2])};
        glm::vec3 normal = glm::cross(corners[1].position - corners[0].position, corners[2].position - corners[0].position);
        if (mirrored) normal = -normal;
        normal = UnitOr(normal, glm::vec3(0.0f, 1.0f, 0.0f));
        for (Vertex& corner : corners) {
          corner.normal = normal;
          primitive.vertices.push_back(corner);
        }
      }
      primitive.indices.resize(primitive.vertices.size());
      for (std::size_t i = 0; i < primitive.indices.size(); ++i) primitive.indices[i] = static_cast<std::uint32_t>(i);
    } else {
      primitive.vertices.reserve(positions.size());
      for (std::size_t i = 0; i < positions.size(); ++i) primitive.vertices.push_back(place(i));
      primitive.indices = std::move(*triangles);
    }
    if (mirrored) {
      // A mirroring transform turns the winding; turn it back.
      for (std::size_t t = 0; t + 2 < primitive.indices.size(); t += 3) std::swap(primitive.indices[t + 1], primitive.indices[t + 2]);
    }
    vertex_total_ += primitive.vertices.size();
    if (vertex_total_ > limits_.max_vertices) {
      throw ImportFailure("it has more than " + std::to_string(limits_.max_vertices) + " vertices");
    }
    model_.primitives.push_back(std::move(primitive));
  }

  static glm::vec3 UnitOr(const glm::vec3& v, const glm::vec3& fallback) {
    const float length = glm::length(v);
    return length > 1e-20f && std::isfinite(length) ? v / length : fallback;
  }

  void ReadMaterials() {
    std::vector<int> texture_of_image(gltf_.images.size(), -2);  // -2: not read yet; -1: unusable
    for (std::size_t m = 0; m < gltf_.materials.size(); ++m) {
      const tinygltf::Material& source = gltf_.materials[m];
      const tinygltf::PbrMetallicRoughness& pbr = source.pbrMetallicRoughness;
      Material material;
      material.name = source.name;
      if (pbr.baseColorFactor.size() == 4) {
        for (int c = 0; c < 4; ++c) material.base_color[c] = static_cast<float>(pbr.baseColorFactor[static_cast<std::size_t>(c)]);
      }
      material.metallic = static_cast<float>(pbr.metallicFactor);
      material.roughness = static_cast<float>(pbr.roughnessFactor);
      if (pbr.baseColorTexture.index >= 0) {
        const tinygltf::Texture& texture = Element(gltf_.textures, pbr.baseColorTexture.index, "texture");
        if (texture.source >= 0 && static_cast<std::size_t>(texture.source) < gltf_.images.size()) {
          int& slot = texture_of_image[static_cast<std::size_t>(texture.source)];
          if (slot == -2) slot = ReadTexture(texture.source);
          material.base_color_texture = slot;
        } else {
          warnings_.push_back("texture " + std::to_string(pbr.baseColorTexture.index) + " of material " +
                              std::to_string(m) + " has no image: drawn without it");
        }
      }
      model_.materials.push_back(std::move(material));
    }
  }

  int ReadTexture(int image_index) {
    const tinygltf::Image& image = gltf_.images[static_cast<std::size_t>(image_index)];
    const std::string name = "image " + std::to_string(image_index) + (image.uri.empty() ? "" : " (" + image.uri + ")");
    const std::size_t pixels = static_cast<std::size_t>(std::max(image.width, 0)) * static_cast<std::size_t>(std::max(image.height, 0));
    const int bytes_per_channel = image.bits == 16 ? 2 : 1;
    if (pixels == 0 || image.component < 1 || image.component > 4 || (image.bits != 8 && image.bits != 16) ||
        image.image.size() < pixels * static_cast<std::size_t>(image.component * bytes_per_channel)) {
      warnings_.push_back(name + " could not be read: drawn without it");
      return -1;
    }
    Texture texture;
    texture.name = image.name.empty() ? image.uri : image.name;
    texture.width = image.width;
    texture.height = image.height;
    texture.rgba.resize(pixels * 4);
    for (std::size_t p = 0; p < pixels; ++p) {
      std::uint8_t channel[4] = {0, 0, 0, 255};
      for (int c = 0; c < image.component; ++c) {
        const std::size_t at = (p * static_cast<std::size_t>(image.component) + static_cast<std::size_t>(c)) *
                               static_cast<std::size_t>(bytes_per_channel);
        channel[c] = bytes_per_channel == 2 ? image.image[at + 1] : image.image[at];  // the high byte of a little-endian 16-bit value
      }
      if (image.component == 1 || image.component == 2) {  // grey, grey + alpha
        const std::uint8_t alpha = image.component == 2 ? channel[1] : 255;
        channel[1] = channel[2] = channel[0];
        channel[3] = alpha;
      }
      std::memcpy(&texture.rgba[p * 4], channel, 4);
    }
    model_.textures.push_back(std::move(texture));
    return static_cast<int>(model_.textures.size()) - 1;
  }

  void ComputeBounds() {
    bool first = true;
    for (const Primitive& primitive : model_.primitives) {
      for (const Vertex& vertex : primitive.vertices) {
        model_.bounds.min = first ? vertex.position : glm::min(model_.bounds.min, vertex.position);
        model_.bounds.max = first ? vertex.position : glm::max(model_.bounds.max, vertex.position);
        first = false;
      }
    }
  }

  const tinygltf::Model& gltf_;
  const ImportLimits& limits_;
  std::vector<std::string>& warnings_;
  Model model_;
  std::size_t vertex_total_ = 0;
};

bool IsBinary(const std::string& bytes) { return bytes.size() >= 4 && bytes.compare(0, 4, "glTF") == 0; }

// tinygltf reads a model's buffers and images through these: a file is read
// by serialization::ReadFileText under the import's size limit, so a URI that
// names a directory, a FIFO or a huge file is refused with its name instead of
// being read blindly. Paths are never expanded, and nothing is ever written.
bool ExternalFileExists(const std::string& path, void*) {
  std::error_code error;
  return std::filesystem::exists(path, error);
}

std::string ExternalFilePath(const std::string& path, void*) { return path; }

bool ReadExternalFile(std::vector<unsigned char>* out, std::string* error, const std::string& path, void* limits) {
  const std::size_t max_bytes = static_cast<const ImportLimits*>(limits)->max_file_bytes;
  serialization::ReadResult file = serialization::ReadFileText(path, max_bytes);
  if (!file.text) {
    if (error != nullptr) *error += file.error + "\n";
    return false;
  }
  out->assign(file.text->begin(), file.text->end());
  return true;
}

bool RefuseWrite(std::string* error, const std::string& path, const std::vector<unsigned char>&, void*) {
  if (error != nullptr) *error += "an import writes no files (" + path + ")\n";
  return false;
}

}  // namespace

ImportResult ImportGltf(const std::filesystem::path& path, const ImportLimits& limits) {
  ImportResult result;
  const std::string prefix = "cannot import mesh " + path.string() + ": ";
  serialization::ReadResult file = serialization::ReadFileText(path, limits.max_file_bytes);
  if (!file.text) {
    result.error = "cannot import mesh: " + file.error;
    return result;
  }
  tinygltf::TinyGLTF loader;
  loader.SetFsCallbacks({&ExternalFileExists, &ExternalFilePath, &ReadExternalFile, &RefuseWrite,
                         const_cast<ImportLimits*>(&limits)});
  tinygltf::Model gltf;
  std::string error;
  std::string warning;
  const std::string base_dir = path.parent_path().string();
  const std::string& bytes = *file.text;
  const bool loaded =
      IsBinary(bytes)
          ? loader.LoadBinaryFromMemory(&gltf, &error, &warning, reinterpret_cast<const unsigned char*>(bytes.data()),
                                        static_cast<unsigned int>(bytes.size()), base_dir)
          : loader.LoadASCIIFromString(&gltf, &error, &warning, bytes.data(), static_cast<unsigned int>(bytes.size()),
                                       base_dir);
  if (!warning.empty()) result.warnings.push_back(Trimmed(warning));
  if (!loaded) {
    result.error = prefix + (error.empty() ? "it is not a glTF 2.0 file" : Trimmed(error));
    return result;
  }
  try {
    result.model = Importer(gltf, limits, result.warnings).Run();
  } catch (const ImportFailure& failure) {
    result.error = prefix + failure.what();
  } catch (const std::bad_alloc&) {
    result.error = prefix + "out of memory";
  }
  for (std::string& message : result.warnings) message = path.filename().string() + ": " + message;
  return result;
}

}  // namespace cairn::assets
