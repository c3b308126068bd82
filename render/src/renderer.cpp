#include "cairn/render/renderer.h"

#include <algorithm>
#include <array>
#include <utility>

#include <glad/gl.h>
#include <glm/gtc/type_ptr.hpp>

#include "cairn/render/packed_lights.h"
#include "gl/asset_mesh_library.h"
#include "gl/gl_state_guard.h"
#include "gl/mesh_library.h"
#include "gl/offscreen_target.h"
#include "gl/shader_library.h"
#include "passes/error_pattern.h"
#include "passes/frame_context.h"
#include "passes/grid_pass.h"
#include "passes/icon_pass.h"
#include "passes/mesh_pass.h"
#include "passes/outline_pass.h"

namespace cairn::render {

namespace {

bool OpenGlLoaded() { return GLAD_GL_VERSION_3_3 != 0 && glCreateShader != nullptr; }

void CountLights(const PackedLights& lights, RenderStats& stats) {
  stats.directional_lights = static_cast<std::uint32_t>(lights.directional_count);
  stats.point_lights = static_cast<std::uint32_t>(lights.point_count);
  stats.spot_lights = static_cast<std::uint32_t>(lights.spot_count);
  stats.dropped_lights = static_cast<std::uint32_t>(lights.dropped_count);
  stats.used_default_light = lights.uses_default_light;
}

}  // namespace

struct Renderer::Impl {
  RendererOptions options;
  std::vector<RenderError> errors;
  RenderSettings settings;
  RenderStats stats;
  bool initialized = false;
  glm::ivec2 requested_size{1, 1};

  gl::OffscreenTarget target;
  gl::MeshLibrary meshes;
  gl::AssetMeshLibrary asset_meshes;
  passes::MeshPass mesh_pass;
  passes::GridPass grid_pass;
  passes::OutlinePass outline_pass;
  passes::IconPass icon_pass;

  void Report(const RenderError& error) {
    errors.push_back(error);
    if (options.on_error) options.on_error(error);
  }

  void Release() {
    if (!initialized) return;
    mesh_pass.Release();
    grid_pass.Release();
    outline_pass.Release();
    icon_pass.Release();
    meshes.Release();
    asset_meshes.Release();
    target.Release();
    initialized = false;
  }

  void ResizeTarget() {
    if (auto error = target.Resize(requested_size.x, requested_size.y)) Report(*error);
  }

  void ClearTarget() {
    target.BindColorAndPick();
    glDisable(GL_SCISSOR_TEST);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);
    const std::array<GLuint, 4> no_pick{0, 0, 0, 0};
    glClearBufferfv(GL_COLOR, 0, glm::value_ptr(settings.clear_color));
    glClearBufferuiv(GL_COLOR, 1, no_pick.data());
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0);
  }

  void DrawFrame(const RenderScene& scene, const CameraMatrices& camera) {
    const PackedLights lights = PackLights(scene.lights);
    CountLights(lights, stats);
    const passes::FrameContext frame{camera, camera.projection * camera.view, settings, target, stats};

    ClearTarget();
    if (mesh_pass.IsReady()) {
      mesh_pass.Draw(scene.meshes, asset_meshes, lights, frame);
    } else {
      target.BindColorOnly();
      passes::DrawErrorCheckerboard(target, settings);
    }
    target.BindColorOnly();
    if (settings.show_grid && grid_pass.IsReady()) grid_pass.Draw(frame);
    if (outline_pass.IsReady()) outline_pass.Draw(scene.meshes, asset_meshes, frame);
    if (icon_pass.IsReady()) {
      target.BindColorAndPick();
      icon_pass.Draw(scene.icons, frame);
    }
    if (!errors.empty()) {
      target.BindColorOnly();
      passes::DrawErrorBorder(target, settings);
    }
  }

  // Reads one attachment's pixels into `out` (bottom row first).
  void ReadAttachment(GLenum attachment, int x, int y, int width, int height, GLenum format, GLenum type,
                      void* out) const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, target.Framebuffer());
    glReadBuffer(attachment);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(x, y, width, height, format, type, out);
  }
};

Renderer::Renderer() : impl_(std::make_unique<Impl>()) {}

Renderer::~Renderer() {
  if (impl_) impl_->Release();
}

Renderer::Renderer(Renderer&&) noexcept = default;

Renderer& Renderer::operator=(Renderer&& other) noexcept {
  if (this != &other) {
    if (impl_) impl_->Release();
    impl_ = std::move(other.impl_);
  }
  return *this;
}

std::vector<RenderError> Renderer::Initialize(const RendererOptions& options) {
  Impl& impl = *impl_;
  impl.Release();
  impl.options = options;
  impl.errors.clear();
  if (!OpenGlLoaded()) {
    impl.Report({"OpenGL", "OpenGL 3.3 functions are not loaded: make a 3.3 core context current and call "
                           "gladLoadGL before Renderer::Initialize"});
    return impl.errors;
  }

  const gl::StateGuard guard;
  const gl::ShaderLibrary library(options.shader_overrides);
  std::vector<RenderError> found;
  impl.meshes.Create();
  impl.mesh_pass.Initialize(library, impl.meshes, found);
  impl.grid_pass.Initialize(library, found);
  impl.outline_pass.Initialize(library, impl.meshes, found);
  impl.icon_pass.Initialize(library, found);
  for (const RenderError& error : found) impl.Report(error);
  impl.initialized = true;
  impl.ResizeTarget();
  return impl.errors;
}

void Renderer::Shutdown() { impl_->Release(); }

MeshAssetId Renderer::AddMesh(const MeshAsset& mesh) {
  if (!impl_->initialized) return {};
  const gl::StateGuard guard;
  return impl_->asset_meshes.Add(mesh);
}

void Renderer::RemoveMesh(MeshAssetId mesh) {
  if (!impl_->initialized) return;
  impl_->asset_meshes.Remove(mesh);
}

bool Renderer::IsInitialized() const { return impl_->initialized; }

const std::vector<RenderError>& Renderer::Errors() const { return impl_->errors; }

void Renderer::Resize(int width, int height) {
  impl_->requested_size = {std::max(width, 1), std::max(height, 1)};
  if (!impl_->initialized) return;
  const gl::StateGuard guard;
  impl_->ResizeTarget();
}

glm::ivec2 Renderer::Size() const { return impl_->requested_size; }

void Renderer::SetSettings(const RenderSettings& settings) { impl_->settings = settings; }

const RenderSettings& Renderer::Settings() const { return impl_->settings; }

void Renderer::Render(const RenderScene& scene, const CameraMatrices& camera) {
  impl_->stats = {};
  if (!impl_->initialized) return;
  const gl::StateGuard guard;
  impl_->DrawFrame(scene, camera);
}

std::uint32_t Renderer::PickAt(int x, int y) const {
  const Impl& impl = *impl_;
  if (!impl.initialized || x < 0 || y < 0 || x >= impl.target.Width() || y >= impl.target.Height()) return 0;
  const gl::StateGuard guard;
  GLuint id = 0;
  impl.ReadAttachment(gl::OffscreenTarget::kPickAttachment, x, impl.target.Height() - 1 - y, 1, 1, GL_RED_INTEGER,
                      GL_UNSIGNED_INT, &id);
  return id;
}

std::uint32_t Renderer::ColorTexture() const { return impl_->target.ColorTexture(); }

FramebufferView Renderer::Target() const {
  const gl::OffscreenTarget& target = impl_->target;
  return {target.Framebuffer(), target.ColorTexture(), target.Width(), target.Height()};
}

std::vector<std::uint8_t> Renderer::ReadColorPixels() const {
  const Impl& impl = *impl_;
  if (!impl.initialized) return {};
  const int width = impl.target.Width();
  const int height = impl.target.Height();
  const auto row_bytes = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> bottom_up(row_bytes * static_cast<std::size_t>(height));
  {
    const gl::StateGuard guard;
    impl.ReadAttachment(gl::OffscreenTarget::kColorAttachment, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE,
                        bottom_up.data());
  }
  std::vector<std::uint8_t> top_down(bottom_up.size());
  for (int row = 0; row < height; ++row) {
    std::copy_n(bottom_up.begin() + static_cast<std::ptrdiff_t>(row_bytes * static_cast<std::size_t>(row)), row_bytes,
                top_down.begin() + static_cast<std::ptrdiff_t>(row_bytes * static_cast<std::size_t>(height - 1 - row)));
  }
  return top_down;
}

const RenderStats& Renderer::Stats() const { return impl_->stats; }

}  // namespace cairn::render
