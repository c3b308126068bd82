#pragma once

#include <glm/mat4x4.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "cairn/render/bounds.h"
#include "cairn/render/camera_matrices.h"
#include "cairn/render/ray.h"

namespace cairn::render {

enum class ProjectionKind { Perspective, Orthographic };

// Fixed views. The axis views look at the target along a world axis and switch
// to an orthographic projection; Perspective returns to a perspective
// three-quarter view (from +X+Z, 30 degrees above the target).
enum class ViewPreset { Perspective, Top, Bottom, Front, Back, Right, Left };

// Keys held for fly navigation (WASD + Q/E, Shift for fast).
struct FlyInput {
  bool forward = false;
  bool backward = false;
  bool left = false;
  bool right = false;
  bool up = false;    // world +Y
  bool down = false;  // world -Y
  bool fast = false;
};

// What a scene file keeps of the camera.
struct EditorCameraState {
  glm::vec3 position{0.0f, 5.0f, 10.0f};
  glm::vec3 target{0.0f};
};

struct EditorCameraSettings {
  float orbit_degrees_per_pixel = 0.3f;
  float look_degrees_per_pixel = 0.2f;
  float zoom_factor_per_step = 0.85f;   // distance multiplier for one wheel step in
  float min_distance = 0.01f;           // zooming closer dollies the target forward
  float max_distance = 1.0e5f;
  float fly_speed = 5.0f;               // world units per second
  float fly_fast_multiplier = 4.0f;
  float frame_margin = 1.15f;           // how much room framing leaves around the sphere
};

// The viewport camera: orbits a target point, pans, zooms towards the cursor,
// flies, frames bounds, and snaps to axis views. It is plain maths (no GL, no
// input library); the editor feeds it mouse deltas in pixels.
//
// Orientation is yaw (around world +Y, 0 looks down -Z, positive turns left)
// then pitch (positive looks up, clamped to +-90 degrees). The camera is always
// `Distance()` in front of its target along the view direction; Position() and
// Target() are the state to save. The orthographic view height follows the
// distance (2 * distance * tan(fov / 2)), so switching projection keeps framing.
class EditorCamera {
 public:
  EditorCamera();

  // --- State -----------------------------------------------------------------
  [[nodiscard]] glm::vec3 Position() const;
  [[nodiscard]] glm::vec3 Target() const { return target_; }
  [[nodiscard]] float Distance() const { return distance_; }
  [[nodiscard]] float Yaw() const { return yaw_; }      // radians
  [[nodiscard]] float Pitch() const { return pitch_; }  // radians
  [[nodiscard]] glm::quat Orientation() const;
  [[nodiscard]] glm::vec3 Forward() const;  // unit, from the camera towards the target
  [[nodiscard]] glm::vec3 Right() const;
  [[nodiscard]] glm::vec3 Up() const;

  // Places the camera at `position` looking at `target`. When the two points
  // (nearly) coincide, the target is put min_distance in front of the current
  // view direction instead.
  void SetLookAt(glm::vec3 position, glm::vec3 target);
  [[nodiscard]] EditorCameraState State() const { return {Position(), target_}; }
  void SetState(const EditorCameraState& state) { SetLookAt(state.position, state.target); }

  // --- Projection ------------------------------------------------------------
  // Viewport in pixels; sizes below 1 are clamped to 1.
  void SetViewportSize(glm::vec2 size);
  [[nodiscard]] glm::vec2 ViewportSize() const { return viewport_size_; }
  [[nodiscard]] float AspectRatio() const { return viewport_size_.x / viewport_size_.y; }
  void SetFieldOfViewDegrees(float fov_y_degrees);  // clamped to 1..170
  [[nodiscard]] float FieldOfViewDegrees() const;
  void SetClipPlanes(float near_plane, float far_plane);  // 0 < near < far
  [[nodiscard]] float NearPlane() const { return near_plane_; }
  [[nodiscard]] float FarPlane() const { return far_plane_; }
  void SetProjection(ProjectionKind kind) { projection_ = kind; }
  [[nodiscard]] ProjectionKind Projection() const { return projection_; }
  [[nodiscard]] float OrthographicHeight() const;

  [[nodiscard]] glm::mat4 ViewMatrix() const;
  [[nodiscard]] glm::mat4 ProjectionMatrix() const;
  // Orthographic views report near_plane = -far_plane: they keep what lies
  // behind the eye visible (see ProjectionMatrix).
  [[nodiscard]] CameraMatrices Matrices() const;
  // The picking ray through `pixel` (top-left origin) of a viewport of
  // `viewport_size` pixels; see ScreenRay in screen_projection.h.
  [[nodiscard]] Ray ScreenRay(glm::vec2 pixel, glm::vec2 viewport_size) const;
  // Same, using the viewport size set with SetViewportSize.
  [[nodiscard]] Ray ScreenRay(glm::vec2 pixel) const { return ScreenRay(pixel, viewport_size_); }

  // --- Navigation (deltas in pixels, y down) ---------------------------------
  // Turns the camera around its target, as if dragging the scene.
  void Orbit(glm::vec2 delta_pixels);
  // Moves camera and target in the view plane so the point at the target's
  // depth follows the cursor exactly.
  void Pan(glm::vec2 delta_pixels);
  // Moves towards the target; positive steps zoom in. Below the minimum
  // distance the target is carried forward instead, so zooming never stalls.
  void Zoom(float steps);
  // Zooms so that the point under `pixel` (at the target's depth) stays under
  // the cursor, like Blender's "zoom to mouse position".
  void ZoomTowards(float steps, glm::vec2 pixel);
  // Turns the camera in place (first-person look); the target moves with it.
  void Look(glm::vec2 delta_pixels);
  // Moves camera and target for `dt_seconds` of held keys.
  void Fly(const FlyInput& input, float dt_seconds);
  // Multiplies the fly speed by 1.2 per step (clamped to 0.01..1000).
  void AdjustFlySpeed(float steps);
  [[nodiscard]] float FlySpeed() const { return settings_.fly_speed; }

  // Targets `center` from the current direction at a distance that fits the
  // sphere in both the horizontal and vertical field of view.
  void FrameSphere(glm::vec3 center, float radius);
  // Frames the sphere around `box`; an empty box leaves the camera unchanged.
  void FrameBox(const Aabb& box);
  void SetViewPreset(ViewPreset preset);

  [[nodiscard]] const EditorCameraSettings& Settings() const { return settings_; }
  void SetSettings(const EditorCameraSettings& settings) { settings_ = settings; }

 private:
  void SetOrientation(float yaw, float pitch);
  // Zooms by `steps` keeping `focus` (a point on the target's plane) in place.
  void ZoomAbout(float steps, glm::vec3 focus);
  [[nodiscard]] float WorldUnitsPerPixelAtTarget() const;

  EditorCameraSettings settings_;
  glm::vec3 target_{0.0f};
  float distance_ = 1.0f;
  float yaw_ = 0.0f;
  float pitch_ = 0.0f;
  float fov_y_ = 0.0f;  // radians
  float near_plane_ = 0.05f;
  float far_plane_ = 5000.0f;
  glm::vec2 viewport_size_{1280.0f, 720.0f};
  ProjectionKind projection_ = ProjectionKind::Perspective;
};

}  // namespace cairn::render
