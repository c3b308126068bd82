#include "cairn/editor/viewport_panel.h"

#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <exception>
#include <span>
#include <unordered_map>
#include <utility>

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "cairn/editor/editor_context.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/asset_files.h"
#include "cairn/editor/viewport/asset_meshes.h"
#include "cairn/editor/viewport/drop_point.h"
#include "cairn/editor/viewport/placement.h"
#include "cairn/editor/viewport/scene_surfaces.h"
#include "cairn/render/screen_projection.h"
#include "cairn/editor/viewport/camera_navigator.h"
#include "cairn/editor/viewport/click_detector.h"
#include "cairn/editor/viewport/editor_camera_data.h"
#include "cairn/editor/viewport/pick_selection.h"
#include "cairn/editor/viewport/pick_table.h"
#include "cairn/editor/viewport/render_scene_builder.h"
#include "cairn/editor/viewport/selection_bounds.h"
#include "cairn/editor/viewport/transform_drag.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "cairn/render/gizmo.h"
#include "cairn/render/gizmo_renderer.h"
#include "cairn/render/renderer.h"

namespace cairn::editor {

namespace {

// Where the gizmo is told the pointer is when it must not hover anything.
constexpr glm::vec2 kPointerAway{-1.0e6f, -1.0e6f};

render::GizmoMode ToGizmoMode(GizmoTool tool) {
  switch (tool) {
    case GizmoTool::kTranslate: return render::GizmoMode::Translate;
    case GizmoTool::kRotate: return render::GizmoMode::Rotate;
    case GizmoTool::kScale: return render::GizmoMode::Scale;
  }
  return render::GizmoMode::Translate;
}

render::ViewPreset ToRenderPreset(ViewPreset preset) {
  switch (preset) {
    case ViewPreset::kPerspective: return render::ViewPreset::Perspective;
    case ViewPreset::kTop: return render::ViewPreset::Top;
    case ViewPreset::kFront: return render::ViewPreset::Front;
    case ViewPreset::kSide: return render::ViewPreset::Right;
  }
  return render::ViewPreset::Perspective;
}

bool SameDelta(const render::GizmoDelta& a, const render::GizmoDelta& b) {
  return a.translation == b.translation && a.rotation == b.rotation && a.scale == b.scale;
}

}  // namespace

// The panel's state between frames. Draw runs its steps in this order:
// input and camera, world matrices, gizmo (and the actions of a drag), the
// click against last frame's image, then the new frame.
struct ViewportPanel::Impl {
  // Imported meshes go to the viewport's renderer.
  class RendererUploader final : public MeshUploader {
   public:
    explicit RendererUploader(render::Renderer& renderer) : renderer_(renderer) {}
    render::MeshAssetId Upload(const render::MeshAsset& mesh) override { return renderer_.AddMesh(mesh); }
    void Remove(render::MeshAssetId mesh) override { renderer_.RemoveMesh(mesh); }

   private:
    render::Renderer& renderer_;
  };

  render::Renderer renderer;
  RendererUploader uploader{renderer};
  AssetMeshes assets;
  render::GizmoRenderer gizmo_renderer;
  render::EditorCamera camera;
  render::Gizmo gizmo;
  render::RenderScene scene;
  RenderSceneBuilder builder;
  PickTable picks;
  WorldMatrices matrices;
  SceneSurfaces surfaces;  // synced on demand: SyncedSurfaces
  CameraNavigator navigator;
  ClickDetector click;
  TransformDrag drag;
  render::GizmoDelta sent_delta;  // the delta of the drag's last enqueued action
  // What a move drag's snapping needs from its start: the targets' world
  // box and the selection's vertex nearest to where it was grabbed.
  render::Aabb drag_box;
  glm::vec3 drag_vertex{0.0f};
  render::GizmoPivot drag_pivot;
  // A scatter stroke in progress: its placements (or, erasing, the entities
  // to remove), created in one action on release.
  bool stroking = false;
  bool erasing = false;
  std::vector<ScatterPlacement> stroke;
  std::vector<ecs::EntityId> erased;
  std::optional<glm::vec3> last_dab;
  std::uint32_t dabs = 0;  // dabs so far with the brush's seed: the next dab's number
  std::uint32_t dabs_seed = 0;
  // The Measure tool's points: the first picked, and the second once picked.
  std::optional<glm::vec3> measure_from;
  std::optional<glm::vec3> measure_to;
  ecs::PlainValue editor_data = ecs::PlainValue::MakeObject();
  // The camera as the scene file had it, and as the camera held it right
  // after loading (its orbit form rounds the file's numbers): while the view
  // has not moved, saving writes the file's numbers back unchanged.
  std::optional<render::EditorCameraState> loaded_camera;
  render::EditorCameraState camera_after_load;
  bool initialize_attempted = false;
  bool initializing = false;  // errors are returned by Initialize, not logged
  bool left_owned = false;  // the left button went down on the viewport for the gizmo or a click
  // The world the pick table was built from: a click after the world was
  // replaced must not resolve old handles in the new world.
  const ecs::Coordinator* picked_world = nullptr;
  bool has_frame = false;
  // Draw showed the image; Render is to fill it, at this size.
  bool render_pending = false;
  glm::ivec2 render_size{1, 1};

  // Thumbnails of mesh files: GL textures by asset path, the paths asked for
  // and not made yet, and the folder they belong to.
  std::unordered_map<std::string, std::uint32_t> thumbnails;
  std::vector<std::string> thumbnail_requests;
  std::optional<std::filesystem::path> thumbnail_folder;

  ~Impl() { ForgetThumbnails(); }

  void ForgetThumbnails() {
    for (const auto& [asset, texture] : thumbnails) {
      const GLuint name = texture;
      if (name != 0) glDeleteTextures(1, &name);
    }
    thumbnails.clear();
    thumbnail_requests.clear();
  }

  // Renders one requested thumbnail whose mesh is ready, into the renderer's
  // target at thumbnail size, and copies it into a texture of its own.
  void RenderThumbnail() {
    if (assets.Folder() != thumbnail_folder) {
      ForgetThumbnails();
      thumbnail_folder = assets.Folder();
    }
    for (auto it = thumbnail_requests.begin(); it != thumbnail_requests.end();) {
      const AssetMesh& mesh = assets.Find(*it);
      if (mesh.state == AssetMeshState::kLoading) {
        ++it;
        continue;
      }
      const std::string asset = *it;
      it = thumbnail_requests.erase(it);
      if (mesh.state != AssetMeshState::kReady || !renderer.IsInitialized()) continue;

      render::RenderScene thumb;
      render::MeshInstance instance;
      instance.color = glm::vec4(1.0f);
      thumb.meshes.Add(mesh.mesh, instance);
      render::EditorCamera view;
      view.SetViewportSize(glm::vec2(kThumbnailSize));
      view.SetLookAt(glm::vec3(1.0f, 0.8f, 1.4f), glm::vec3(0.0f));
      view.FrameBox(mesh.bounds);
      const render::RenderSettings settings = renderer.Settings();
      render::RenderSettings plain = settings;
      plain.show_grid = false;
      plain.clear_color = glm::vec4(0.13f, 0.14f, 0.16f, 1.0f);
      renderer.SetSettings(plain);
      renderer.Resize(kThumbnailSize, kThumbnailSize);
      renderer.Render(thumb, view.Matrices());
      std::vector<std::uint8_t> pixels = renderer.ReadColorPixels();  // top row first
      renderer.SetSettings(settings);
      if (pixels.size() != static_cast<std::size_t>(kThumbnailSize) * kThumbnailSize * 4) return;
      // Bottom row first, as GL and the viewport's own image have it.
      const std::size_t row = static_cast<std::size_t>(kThumbnailSize) * 4;
      for (std::size_t y = 0; y < static_cast<std::size_t>(kThumbnailSize) / 2; ++y) {
        std::swap_ranges(pixels.begin() + static_cast<std::ptrdiff_t>(y * row),
                         pixels.begin() + static_cast<std::ptrdiff_t>((y + 1) * row),
                         pixels.end() - static_cast<std::ptrdiff_t>((y + 1) * row));
      }
      GLuint texture = 0;
      glGenTextures(1, &texture);
      glBindTexture(GL_TEXTURE_2D, texture);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kThumbnailSize, kThumbnailSize, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                   pixels.data());
      glBindTexture(GL_TEXTURE_2D, 0);
      thumbnails[asset] = texture;
      return;  // one a frame
    }
  }

  // Transform targets, recomputed when the selection or the world changed.
  std::vector<ecs::EntityId> targets;
  const ecs::Coordinator* targets_world = nullptr;
  std::uint64_t targets_selection_version = ~std::uint64_t{0};
  std::uint64_t targets_history_serial = ~std::uint64_t{0};
  std::size_t targets_history_depth = 0;

  const std::vector<ecs::EntityId>& Targets(EditorContext& context) {
    const ecs::Coordinator& world = context.World();
    const Selection& selection = context.GetSelection();
    const History& history = context.GetHistory();
    const std::size_t depth = history.UndoCount() + history.RedoCount();
    if (targets_world != &world || targets_selection_version != selection.Version() ||
        targets_history_serial != history.CurrentSerial() || targets_history_depth != depth) {
      targets = TransformTargets(world, selection);
      targets_world = &world;
      targets_selection_version = selection.Version();
      targets_history_serial = history.CurrentSerial();
      targets_history_depth = depth;
    }
    return targets;
  }

  std::vector<ecs::EntityId> DragIds() const {
    std::vector<ecs::EntityId> ids;
    for (const DragTarget& target : drag.Targets()) ids.push_back(target.id);
    return ids;
  }

  // The surfaces as the world is now (matrices refreshed first).
  SceneSurfaces& SyncedSurfaces(ecs::Coordinator& world) {
    matrices.Refresh(world);
    surfaces.Sync(world, matrices, &assets);
    return surfaces;
  }

  // The move a drag makes this frame with the placement snaps applied: onto
  // the vertex under the cursor (V), onto the surface under it (Shift or the
  // toolbar's toggle), or the pivot onto the absolute grid (Ctrl, world axes).
  render::GizmoDelta Placed(ecs::Coordinator& world, const render::GizmoDelta& delta, const PlacementInput& input) {
    if (gizmo.Mode() != render::GizmoMode::Translate) return delta;
    // Until the pointer has moved the drag asks for nothing: a click on the
    // gizmo with Shift or V held must not jump the selection.
    if (SameDelta(delta, render::GizmoDelta{})) return delta;
    if (input.vertex || input.surface) {
      const SceneSurfaces& scene = SyncedSurfaces(world);
      const std::optional<SceneHit> hit = scene.Raycast(input.ray, SkipSubtrees(world, DragIds()));
      if (!hit) return delta;
      if (input.vertex) return VertexSnap(drag_vertex, hit->vertex);
      return SurfaceSnap(drag_box, drag_pivot.position, *hit, input.align);
    }
    if (input.grid && input.grid_step > 0.0f) {
      render::GizmoDelta snapped = delta;
      for (int axis = 0; axis < 3; ++axis) {
        if (delta.translation[axis] == 0.0f) continue;  // an axis not dragged stays where it is
        const float target = drag_pivot.position[axis] + delta.translation[axis];
        snapped.translation[axis] = std::round(target / input.grid_step) * input.grid_step - drag_pivot.position[axis];
      }
      return snapped;
    }
    return delta;
  }

  // At a move drag's start: the box and the grabbed vertex (the selection's
  // surface under the pointer, else where the ray towards the pivot meets it).
  void CaptureDragStart(ecs::Coordinator& world, const render::GizmoPivot& pivot, const render::Ray& pointer_ray,
                        const render::Ray& pivot_ray) {
    drag_pivot = pivot;
    drag_box = render::Aabb{};
    for (const ecs::EntityId id : DragIds()) {
      const ecs::Entity entity = world.FindEntity(id);
      if (!entity.IsNull()) drag_box.Expand(SubtreeBounds(world, matrices, entity, &assets));
    }
    drag_vertex = pivot.position;
    const SceneSurfaces& scene = SyncedSurfaces(world);
    const SceneSurfaces::Skip outside = SkipSubtrees(world, DragIds());
    const auto only_selection = [&outside](ecs::Entity entity) { return !outside(entity); };
    if (auto hit = scene.Raycast(pointer_ray, only_selection)) {
      drag_vertex = hit->vertex;
    } else if (auto towards_pivot = scene.Raycast(pivot_ray, only_selection)) {
      drag_vertex = towards_pivot->vertex;
    }
  }

  // The model bounds of what the brush places (none for a prefab).
  render::Aabb BrushBounds(const ScatterBrush& brush) {
    if (const BuiltinMesh* builtin = FindBuiltinMesh(brush.asset)) {
      return render::MeshShapeBounds(ToRenderShape(builtin->shape));
    }
    if (AssetKindOf(std::filesystem::path(brush.asset)) == AssetKind::kMesh) return assets.BoundsNow(brush.asset);
    return {};
  }

  // One frame of the scatter tool: a stroke starts when the left button goes
  // down over the viewport, lays a dab each time the cursor has moved a
  // radius, and becomes one action on release. Returns the brush's centre
  // under the cursor, if any, for drawing the circle.
  std::optional<SceneHit> FollowScatter(EditorContext& context, const ScatterBrush& brush, const render::Ray& ray,
                                        bool pressed, bool down, bool erase) {
    ecs::Coordinator& world = context.World();
    const std::optional<SceneHit> hit = SyncedSurfaces(world).Raycast(ray);
    if (dabs_seed != brush.seed) {
      dabs_seed = brush.seed;
      dabs = 0;
    }
    if (pressed) {
      stroking = true;
      erasing = erase;
      stroke.clear();
      erased.clear();
      last_dab.reset();
    }
    if (!stroking) return hit;
    // The press lays the first dab, even when the release comes in the same frame.
    if (hit && (!last_dab || glm::distance(hit->point, *last_dab) >= brush.radius)) {
      last_dab = hit->point;
      if (erasing) {
        for (const ecs::EntityId id : ScatteredNear(world, brush, hit->point)) {
          if (std::find(erased.begin(), erased.end(), id) == erased.end()) erased.push_back(id);
        }
      } else {
        const std::vector<ScatterPlacement> dab = ScatterDab(surfaces, brush, BrushBounds(brush), *hit, dabs++);
        stroke.insert(stroke.end(), dab.begin(), dab.end());
      }
    }
    if (down) return hit;
    stroking = false;
    try {
      if (erasing && !erased.empty()) {
        context.Enqueue(actions::Delete(world, erased));
      } else if (!erasing && !stroke.empty()) {
        context.Enqueue(ScatterStroke(world, brush, stroke, context.Prefabs()));
      }
    } catch (const std::exception& error) {
      context.Log().Warning(std::string("Scatter: ") + error.what());
    }
    stroke.clear();
    erased.clear();
    return hit;
  }

  void FinishDrag(EditorContext& context) {
    if (!drag.Active()) return;
    drag.End();
    context.EndMerge();
  }

  // Follows one frame of the gizmo: a new drag captures its targets, every
  // frame whose delta changed enqueues the absolute transforms under the
  // drag's merge key, and the release closes the merge run.
  void FollowGizmo(EditorContext& context, const render::GizmoResult& result, const render::GizmoPivot& pivot,
                   std::span<const ecs::EntityId> ids, const PlacementInput& placement, const render::Ray& pivot_ray) {
    ecs::Coordinator& world = context.World();
    if (result.drag_started) {
      FinishDrag(context);
      drag.Begin(world, matrices, ids, pivot, gizmo.Mode());
      sent_delta = render::GizmoDelta{};
      if (gizmo.Mode() == render::GizmoMode::Translate) CaptureDragStart(world, pivot, placement.ray, pivot_ray);
    }
    if (!drag.Active() || !(result.dragging || result.drag_finished)) return;
    if (!drag.TargetsExist(world)) {
      gizmo.Cancel();
      FinishDrag(context);
      return;
    }
    const render::GizmoDelta delta = Placed(world, result.delta, placement);
    if (!SameDelta(delta, sent_delta)) {
      context.Enqueue(drag.MakeAction(world, delta), EnqueueOptions::Merging(drag.MergeKey()));
      sent_delta = delta;
    }
    if (result.drag_finished) FinishDrag(context);
  }
};

ViewportPanel::ViewportPanel(EditorContext& context) : context_(context), impl_(std::make_unique<Impl>()) {}

ViewportPanel::~ViewportPanel() = default;

std::vector<std::string> ViewportPanel::Initialize() { return Initialize({}); }

std::vector<std::string> ViewportPanel::Initialize(const std::vector<render::ShaderOverride>& shader_overrides) {
  Impl& impl = *impl_;
  impl.initialize_attempted = true;
  impl.assets.SetFolder(std::nullopt, impl.uploader);  // a new renderer holds none of the meshes
  render::RendererOptions options;
  options.shader_overrides = shader_overrides;
  // Problems met while initialising are returned; later ones (on a resize)
  // reach the Console as they happen.
  MessageLog& log = context_.Log();
  bool* initializing = &impl.initializing;
  options.on_error = [&log, initializing](const render::RenderError& error) {
    if (!*initializing) log.Error("Viewport: " + error.ToString());
  };

  std::vector<std::string> problems;
  impl.initializing = true;
  try {
    for (const render::RenderError& error : impl.renderer.Initialize(options)) problems.push_back(error.ToString());
    for (const render::RenderError& error : impl.gizmo_renderer.Initialize(options)) {
      problems.push_back(error.ToString());
    }
  } catch (const std::exception& error) {
    problems.push_back(std::string("cannot create the renderer: ") + error.what());
  }
  impl.initializing = false;
  return problems;
}

void ViewportPanel::Draw() {
  Impl& impl = *impl_;
  if (!impl.initialize_attempted) {
    for (const std::string& problem : Initialize()) context_.Log().Error("Viewport: " + problem);
  }
  ImGuiIO& io = ImGui::GetIO();
  ecs::Coordinator& world = context_.World();
  Selection& selection = context_.GetSelection();

  // A child window that neither scrolls nor moves, filled by one invisible
  // button that owns the mouse buttons pressed over it.
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.0f, 0.0f));
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const ImVec2 size(std::max(available.x, 1.0f), std::max(available.y, 1.0f));
  ImGui::BeginChild("##cairn_viewport", size, false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoMove);
  ImGui::PopStyleVar();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("##cairn_viewport_canvas", size,
                         ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                             ImGuiButtonFlags_MouseButtonMiddle);
  hovered_ = ImGui::IsItemHovered();
  std::optional<std::string> dropped;  // an asset dropped on the canvas this frame
  if (ImGui::BeginDragDropTarget()) {
    if (const ImGuiPayload* payload = ImGui::AcceptDragDropPayload(kAssetPayload)) {
      dropped.emplace(static_cast<const char*>(payload->Data), static_cast<std::size_t>(payload->DataSize));
    }
    ImGui::EndDragDropTarget();
  }

  // Viewport pixels: the image is rendered at the framebuffer's resolution.
  const glm::vec2 pixel_scale(io.DisplayFramebufferScale.x > 0.0f ? io.DisplayFramebufferScale.x : 1.0f,
                              io.DisplayFramebufferScale.y > 0.0f ? io.DisplayFramebufferScale.y : 1.0f);
  const glm::ivec2 image_size(std::max(1, static_cast<int>(size.x * pixel_scale.x)),
                              std::max(1, static_cast<int>(size.y * pixel_scale.y)));
  const glm::vec2 pointer = (glm::vec2(io.MousePos.x, io.MousePos.y) - glm::vec2(origin.x, origin.y)) * pixel_scale;
  impl.camera.SetViewportSize(glm::vec2(image_size));
  if (dropped) {
    // Resting by its bounds on the surface under the cursor (or the ground).
    render::Aabb bounds;
    if (const BuiltinMesh* builtin = FindBuiltinMesh(*dropped)) {
      bounds = render::MeshShapeBounds(ToRenderShape(builtin->shape));
    } else if (AssetKindOf(std::filesystem::path(*dropped)) == AssetKind::kMesh) {
      bounds = impl.assets.BoundsNow(*dropped);
      if (const std::optional<std::string> warning = ImplausibleSize(*dropped, bounds)) context_.Log().Warning(*warning);
    }
    const glm::vec3 point = DropPosition(impl.SyncedSurfaces(world), impl.camera.ScreenRay(pointer), bounds);
    try {
      context_.Enqueue(CreateFromAssetPayload(world, *dropped, point, ecs::kNoEntityId, context_.Prefabs()),
                       EnqueueOptions::SelectingCreated());
    } catch (const std::exception& error) {
      context_.Log().Warning(std::string("Place asset: ") + error.what());
    }
  }

  // ---- Camera navigation ----
  NavigationInput navigation;
  navigation.pointer = pointer;
  navigation.pointer_delta = ImGui::IsMousePosValid() ? glm::vec2(io.MouseDelta.x, io.MouseDelta.y) * pixel_scale
                                                      : glm::vec2(0.0f);
  navigation.hovered = hovered_ && !impl.drag.Active();  // no camera drags start during a gizmo drag
  navigation.left_down = io.MouseDown[ImGuiMouseButton_Left];
  navigation.right_down = io.MouseDown[ImGuiMouseButton_Right];
  navigation.middle_down = io.MouseDown[ImGuiMouseButton_Middle];
  navigation.left_pressed = ImGui::IsMouseClicked(ImGuiMouseButton_Left);
  navigation.right_pressed = ImGui::IsMouseClicked(ImGuiMouseButton_Right);
  navigation.middle_pressed = ImGui::IsMouseClicked(ImGuiMouseButton_Middle);
  navigation.alt = io.KeyAlt;
  navigation.wheel = hovered_ || impl.navigator.Active() ? io.MouseWheel : 0.0f;
  if (!io.WantTextInput) {
    navigation.fly.forward = ImGui::IsKeyDown(GLFW_KEY_W);
    navigation.fly.backward = ImGui::IsKeyDown(GLFW_KEY_S);
    navigation.fly.left = ImGui::IsKeyDown(GLFW_KEY_A);
    navigation.fly.right = ImGui::IsKeyDown(GLFW_KEY_D);
    navigation.fly.down = ImGui::IsKeyDown(GLFW_KEY_Q);
    navigation.fly.up = ImGui::IsKeyDown(GLFW_KEY_E);
    navigation.fly.fast = io.KeyShift;
  }
  navigation.delta_seconds = io.DeltaTime;
  impl.navigator.Update(impl.camera, navigation);
  const bool navigating = impl.navigator.Active();

  // ---- World matrices and the gizmo ----
  impl.matrices.Refresh(world);
  if (navigation.left_pressed) impl.left_owned = hovered_ && !io.KeyAlt && !navigating;
  if (!navigation.left_down && !ImGui::IsMouseReleased(ImGuiMouseButton_Left)) impl.left_owned = false;

  const render::GizmoMode mode = ToGizmoMode(tools_.tool);
  const render::GizmoSpace space = tools_.local_space ? render::GizmoSpace::Local : render::GizmoSpace::World;
  if (impl.gizmo.Mode() != mode || impl.gizmo.Space() != space) {
    impl.FinishDrag(context_);  // changing either cancels the gizmo's drag
    impl.gizmo.SetMode(mode);
    impl.gizmo.SetSpace(space);
  }
  // Moves along world axes snap to the absolute grid (Placed); along local
  // axes, by steps from where the drag began, as rotation and scale do.
  const bool absolute_grid = !tools_.local_space;
  impl.gizmo.SetSnapping({io.KeyCtrl, absolute_grid ? 0.0f : tools_.translate_snap, tools_.rotate_snap_degrees,
                          tools_.scale_snap});
  PlacementInput placement;
  placement.ray = impl.camera.ScreenRay(pointer);
  placement.vertex = ImGui::IsKeyDown(GLFW_KEY_V) && !io.KeyCtrl;
  placement.surface = (io.KeyShift || tools_.surface_snap) && !navigating;
  placement.align = tools_.align_to_surface;
  placement.grid = io.KeyCtrl && absolute_grid;
  placement.grid_step = tools_.translate_snap;

  const render::CameraMatrices camera = impl.camera.Matrices();
  const render::GizmoView view{camera, glm::vec2(image_size)};
  // No gizmo while playing: the playing world is not edited.
  static const std::vector<ecs::EntityId> kNoTargets;
  const bool scattering = tools_.pointer == PointerTool::kScatter && !context_.IsPlaying();
  const bool measuring = tools_.pointer == PointerTool::kMeasure && !context_.IsPlaying();
  const std::vector<ecs::EntityId>& targets =
      context_.IsPlaying() || scattering || measuring ? kNoTargets : impl.Targets(context_);
  render::GizmoPivot pivot;
  render::GizmoResult gizmo_result;
  if (!targets.empty()) {
    pivot = TargetsPivot(world, impl.matrices, targets, selection.Primary(),
                         tools_.local_space || mode == render::GizmoMode::Scale);
    render::GizmoPointer gizmo_pointer;
    const bool pointer_ours = impl.gizmo.IsDragging() || (hovered_ && !navigating);
    gizmo_pointer.position = pointer_ours ? pointer : kPointerAway;
    gizmo_pointer.button_down = navigation.left_down && impl.left_owned;
    gizmo_result = impl.gizmo.Update(view, pivot, gizmo_pointer);
    const glm::vec3 eye = impl.camera.Position();
    const render::Ray pivot_ray{eye, glm::normalize(pivot.position - eye)};
    impl.FollowGizmo(context_, gizmo_result, pivot, targets, placement, pivot_ray);
  } else if (impl.gizmo.IsDragging() || impl.drag.Active()) {
    // The selection went away under the drag (undo, delete).
    impl.gizmo.Cancel();
    impl.FinishDrag(context_);
  }

  // ---- The scatter brush ----
  std::optional<SceneHit> brush_centre;
  if (scattering || impl.stroking) {
    brush_centre = impl.FollowScatter(context_, tools_.brush, placement.ray, navigation.left_pressed && impl.left_owned,
                                      navigation.left_down, io.KeyShift);
    if (!hovered_ && !impl.stroking) brush_centre.reset();
  }

  // ---- Measuring: two points picked on surfaces ----
  if (measuring && navigation.left_pressed && impl.left_owned) {
    if (const std::optional<SceneHit> hit = impl.SyncedSurfaces(world).Raycast(placement.ray)) {
      const glm::vec3 point = ImGui::IsKeyDown(GLFW_KEY_V) ? hit->vertex : hit->point;
      if (!impl.measure_from || impl.measure_to) {
        impl.measure_from = point;
        impl.measure_to.reset();
      } else {
        impl.measure_to = point;
        context_.Log().Info(MeasureText(*impl.measure_from, point));
      }
    }
  }
  if (!measuring) {
    impl.measure_from.reset();
    impl.measure_to.reset();
  }

  // ---- Picking: a click (not a drag, not on a handle) against last frame ----
  if (navigation.left_pressed && !scattering && !measuring) {
    impl.click.Press(pointer, impl.left_owned && !gizmo_result.WantsPointer());
  } else if (navigation.left_down) {
    impl.click.Move(pointer);
  }
  if (ImGui::IsMouseReleased(ImGuiMouseButton_Left) && impl.click.Release(pointer) && impl.has_frame &&
      impl.picked_world == &world) {
    const std::uint32_t pick_id = impl.renderer.PickAt(static_cast<int>(pointer.x), static_cast<int>(pointer.y));
    ApplyPickClick(selection, impl.picks.FindId(pick_id, world), io.KeyCtrl);
  }

  // ---- The new frame ----
  impl.assets.SetFolder(context_.AssetFolder(), impl.uploader);
  impl.assets.Update(impl.uploader, context_.Log(), ImGui::GetTime());
  impl.RenderThumbnail();
  impl.renderer.Resize(image_size.x, image_size.y);  // before the image is shown: its texture may change
  impl.render_pending = true;
  impl.render_size = image_size;
  const bool game_view = tools_.game_view && context_.IsPlaying() &&
                         scene_view::PrimaryCameraView(
                             world, [&](ecs::Entity entity) { return impl.matrices.Of(world, entity); }, 1.0f);

  ImDrawList* draw_list = ImGui::GetWindowDrawList();
  const ImVec2 end(origin.x + size.x, origin.y + size.y);
  draw_list->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(impl.renderer.ColorTexture())), origin,
                      end, ImVec2(0.0f, 1.0f), ImVec2(1.0f, 0.0f));
  if (impl.renderer.HasErrors()) {
    draw_list->AddText(ImVec2(origin.x + 8.0f, origin.y + 8.0f), IM_COL32(255, 255, 255, 255),
                       "The viewport renderer failed: see the Console");
  }
  if (brush_centre) {
    // The brush's circle where it touches the surface: green paints, red erases.
    const glm::vec3 centre = brush_centre->point;
    const glm::vec3 right(camera.view[0][0], camera.view[1][0], camera.view[2][0]);  // the view's x axis
    const auto at = render::WorldToScreen(camera, centre, glm::vec2(image_size));
    const auto rim = render::WorldToScreen(camera, centre + right * tools_.brush.radius, glm::vec2(image_size));
    if (at && rim) {
      const ImVec2 screen(origin.x + at->x / pixel_scale.x, origin.y + at->y / pixel_scale.y);
      const float radius = glm::length((*rim - *at) / pixel_scale);
      const bool erase = impl.stroking ? impl.erasing : io.KeyShift;
      draw_list->AddCircle(screen, radius, erase ? IM_COL32(230, 80, 70, 255) : IM_COL32(90, 210, 120, 255), 48, 2.0f);
    }
  }
  // A stroke's instances are created when it ends; until then, a dot marks each.
  for (const ScatterPlacement& placed : impl.stroke) {
    if (const auto at = render::WorldToScreen(camera, placed.position, glm::vec2(image_size))) {
      draw_list->AddCircleFilled(ImVec2(origin.x + at->x / pixel_scale.x, origin.y + at->y / pixel_scale.y), 3.0f,
                                 IM_COL32(90, 210, 120, 255));
    }
  }
  if (impl.measure_from) {
    // The measured points and, once both are picked, the line between them
    // with its length.
    const auto screen_of = [&](const glm::vec3& point) -> std::optional<ImVec2> {
      const auto at = render::WorldToScreen(camera, point, glm::vec2(image_size));
      if (!at) return std::nullopt;
      return ImVec2(origin.x + at->x / pixel_scale.x, origin.y + at->y / pixel_scale.y);
    };
    const ImU32 colour = IM_COL32(250, 210, 80, 255);
    const auto from = screen_of(*impl.measure_from);
    if (from) draw_list->AddCircleFilled(*from, 4.0f, colour);
    if (impl.measure_to) {
      const auto to = screen_of(*impl.measure_to);
      if (to) draw_list->AddCircleFilled(*to, 4.0f, colour);
      if (from && to) {
        draw_list->AddLine(*from, *to, colour, 2.0f);
        char length[32];
        std::snprintf(length, sizeof length, "%.3f m",
                      static_cast<double>(glm::distance(*impl.measure_from, *impl.measure_to)));
        draw_list->AddText(ImVec2((from->x + to->x) * 0.5f + 6.0f, (from->y + to->y) * 0.5f - 18.0f), colour, length);
      }
    }
  }
  if (const PlaySession* play = context_.Play()) {
    // A tinted frame says the picture is the playing copy, not the scene.
    const ImU32 tint = play->Paused() ? IM_COL32(230, 170, 60, 255) : IM_COL32(90, 200, 110, 255);
    draw_list->AddRect(origin, end, tint, 0.0f, 0, 3.0f);
    char time[32];
    std::snprintf(time, sizeof time, "  %.2f s", play->Seconds());
    std::string label = std::string(play->Paused() ? "PAUSED" : "PLAYING") + time;
    if (const auto& module = context_.Modules().Module()) label += "  module " + module->Name();
    if (tools_.game_view) label += game_view ? "  game view" : "  game view: the scene has no primary camera";
    draw_list->AddText(ImVec2(origin.x + 10.0f, origin.y + 8.0f), tint, label.c_str());
  }
  if (const assets::ImportProgress progress = impl.assets.Progress(); progress.Busy()) {
    const std::string text = "Importing meshes: " + std::to_string(progress.finished) + " of " +
                             std::to_string(progress.requested) + " done";
    const ImVec2 text_size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 corner(origin.x + 8.0f, end.y - text_size.y - 10.0f);
    draw_list->AddRectFilled(ImVec2(corner.x - 4.0f, corner.y - 3.0f),
                             ImVec2(corner.x + text_size.x + 4.0f, corner.y + text_size.y + 3.0f),
                             IM_COL32(20, 20, 24, 200), 3.0f);
    draw_list->AddText(corner, IM_COL32(230, 230, 235, 255), text.c_str());
  }
  ImGui::EndChild();
}

void ViewportPanel::Render() {
  Impl& impl = *impl_;
  if (!impl.render_pending) return;
  impl.render_pending = false;
  ecs::Coordinator& world = context_.World();
  const glm::ivec2 image_size = impl.render_size;
  impl.matrices.Refresh(world);
  std::optional<render::CameraMatrices> game_camera;
  if (tools_.game_view && context_.IsPlaying()) {
    game_camera = scene_view::PrimaryCameraView(
        world, [&](ecs::Entity entity) { return impl.matrices.Of(world, entity); },
        static_cast<float>(image_size.x) / static_cast<float>(image_size.y));
  }
  // Only what the camera can see is sent to the GPU.
  const render::CameraMatrices view_camera = game_camera ? *game_camera : impl.camera.Matrices();
  const render::Frustum view(view_camera.projection * view_camera.view);
  impl.builder.Build(world, impl.matrices, context_.GetSelection(), impl.scene, impl.picks, &impl.assets, &view);
  impl.picked_world = &world;
  if (game_camera) {
    // As the game shows it: no grid, no light or camera icons.
    impl.scene.icons.clear();
    render::RenderSettings settings = impl.renderer.Settings();
    const bool grid = settings.show_grid;
    settings.show_grid = false;
    impl.renderer.SetSettings(settings);
    impl.renderer.Render(impl.scene, *game_camera);
    settings.show_grid = grid;
    impl.renderer.SetSettings(settings);
  } else {
    impl.renderer.Render(impl.scene, impl.camera.Matrices());
  }
  // The gizmo where the targets are now (a drag this frame moved them).
  static const std::vector<ecs::EntityId> kNoTargets;  // no gizmo while playing
  const bool pointer_tool = tools_.pointer != PointerTool::kSelect && !context_.IsPlaying();
  const std::vector<ecs::EntityId>& targets =
      context_.IsPlaying() || pointer_tool ? kNoTargets : impl.Targets(context_);
  if (!targets.empty()) {
    const render::GizmoPivot pivot =
        TargetsPivot(world, impl.matrices, targets, context_.GetSelection().Primary(),
                     tools_.local_space || impl.gizmo.Mode() == render::GizmoMode::Scale);
    const render::GizmoView frame_view{impl.camera.Matrices(), glm::vec2(image_size)};
    impl.gizmo_renderer.Render(impl.gizmo, frame_view, pivot, impl.renderer.Target());
  }
  impl.has_frame = impl.renderer.IsInitialized();
}

bool ViewportPanel::IsDragging() const { return impl_->drag.Active(); }

bool ViewportPanel::IsNavigating() const { return impl_->navigator.Active(); }

void ViewportPanel::FrameSelected() {
  Impl& impl = *impl_;
  ecs::Coordinator& world = context_.World();
  impl.matrices.Refresh(world);
  const render::Aabb bounds = SelectionBounds(world, impl.matrices, context_.GetSelection().Ids(), &impl.assets);
  if (!bounds.IsEmpty()) impl.camera.FrameBox(bounds);
}

AssetMeshes& ViewportPanel::Meshes() { return impl_->assets; }

void ViewportPanel::DropSelectionToFloor() {
  Impl& impl = *impl_;
  if (context_.IsPlaying()) return;
  ecs::Coordinator& world = context_.World();
  const std::vector<ecs::EntityId>& targets = impl.Targets(context_);
  if (targets.empty()) return;
  try {
    const SceneSurfaces& surfaces = impl.SyncedSurfaces(world);
    context_.Enqueue(DropToFloor(world, impl.matrices, surfaces, targets, &impl.assets));
  } catch (const std::exception& error) {
    context_.Log().Warning(error.what());
  }
}

void ViewportPanel::SetViewPreset(ViewPreset preset) { impl_->camera.SetViewPreset(ToRenderPreset(preset)); }

ecs::PlainValue ViewportPanel::SaveEditorData() const {
  const Impl& impl = *impl_;
  render::EditorCameraState state = impl.camera.State();
  if (impl.loaded_camera && state.position == impl.camera_after_load.position &&
      state.target == impl.camera_after_load.target) {
    state = *impl.loaded_camera;
  }
  return MergeCameraIntoEditorData(impl.editor_data, state);
}

void ViewportPanel::LoadEditorData(const ecs::PlainValue& editor) {
  Impl& impl = *impl_;
  impl.editor_data = editor.IsObject() ? editor : ecs::PlainValue::MakeObject();
  impl.loaded_camera.reset();
  if (const std::optional<render::EditorCameraState> state = CameraFromEditorData(editor, impl.camera.State())) {
    impl.camera.SetState(*state);
    impl.loaded_camera = state;
    impl.camera_after_load = impl.camera.State();
  }
}

std::uint32_t ViewportPanel::Thumbnail(std::string_view asset) {
  Impl& impl = *impl_;
  const std::string key(asset);
  if (const auto it = impl.thumbnails.find(key); it != impl.thumbnails.end()) return it->second;
  if (std::find(impl.thumbnail_requests.begin(), impl.thumbnail_requests.end(), key) == impl.thumbnail_requests.end()) {
    impl.thumbnail_requests.push_back(key);
  }
  return 0;
}

void ViewportPanel::Reimport(std::string_view asset) {
  Impl& impl = *impl_;
  impl.assets.Reload(asset, impl.uploader);
  if (const auto it = impl.thumbnails.find(std::string(asset)); it != impl.thumbnails.end()) {
    const GLuint texture = it->second;
    if (texture != 0) glDeleteTextures(1, &texture);
    impl.thumbnails.erase(it);
  }
}

render::EditorCamera& ViewportPanel::Camera() { return impl_->camera; }

const render::EditorCamera& ViewportPanel::Camera() const { return impl_->camera; }

std::vector<std::uint8_t> ViewportPanel::ReadColorPixels() const {
  return impl_->has_frame ? impl_->renderer.ReadColorPixels() : std::vector<std::uint8_t>{};
}

glm::ivec2 ViewportPanel::ImageSize() const { return impl_->has_frame ? impl_->renderer.Size() : glm::ivec2(0); }

}  // namespace cairn::editor
