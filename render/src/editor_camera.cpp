#include "cairn/render/editor_camera.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/constants.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/trigonometric.hpp>

#include "cairn/render/gizmo_math.h"
#include "cairn/render/screen_projection.h"

namespace cairn::render {

namespace {

constexpr float kDefaultFovDegrees = 50.0f;
constexpr float kMinFovDegrees = 1.0f;
constexpr float kMaxFovDegrees = 170.0f;
constexpr float kFlySpeedStep = 1.2f;
constexpr float kMinFlySpeed = 0.01f;
constexpr float kMaxFlySpeed = 1000.0f;
constexpr glm::vec3 kWorldUp{0.0f, 1.0f, 0.0f};

struct PresetAngles {
  float yaw_degrees;
  float pitch_degrees;
};

PresetAngles AnglesFor(ViewPreset preset) {
  switch (preset) {
    case ViewPreset::Perspective: return {45.0f, -30.0f};
    case ViewPreset::Top: return {0.0f, -90.0f};
    case ViewPreset::Bottom: return {0.0f, 90.0f};
    case ViewPreset::Front: return {0.0f, 0.0f};
    case ViewPreset::Back: return {180.0f, 0.0f};
    case ViewPreset::Right: return {90.0f, 0.0f};
    case ViewPreset::Left: return {-90.0f, 0.0f};
  }
  return {0.0f, 0.0f};
}

}  // namespace

EditorCamera::EditorCamera() : fov_y_(glm::radians(kDefaultFovDegrees)) {
  const EditorCameraState initial;
  SetLookAt(initial.position, initial.target);
}

// --- State -------------------------------------------------------------------

glm::quat EditorCamera::Orientation() const {
  return glm::angleAxis(yaw_, kWorldUp) * glm::angleAxis(pitch_, glm::vec3{1.0f, 0.0f, 0.0f});
}

glm::vec3 EditorCamera::Forward() const { return Orientation() * glm::vec3{0.0f, 0.0f, -1.0f}; }
glm::vec3 EditorCamera::Right() const { return Orientation() * glm::vec3{1.0f, 0.0f, 0.0f}; }
glm::vec3 EditorCamera::Up() const { return Orientation() * glm::vec3{0.0f, 1.0f, 0.0f}; }
glm::vec3 EditorCamera::Position() const { return target_ - Forward() * distance_; }

void EditorCamera::SetOrientation(float yaw, float pitch) {
  yaw_ = std::remainder(yaw, glm::two_pi<float>());
  pitch_ = std::clamp(pitch, -glm::half_pi<float>(), glm::half_pi<float>());
}

void EditorCamera::SetLookAt(glm::vec3 position, glm::vec3 target) {
  const glm::vec3 offset = target - position;
  const float length = glm::length(offset);
  if (length < 1e-6f) {
    distance_ = settings_.min_distance;
    target_ = position + Forward() * distance_;
    return;
  }
  const glm::vec3 forward = offset / length;
  // Looking straight up or down leaves the yaw undefined; keep the current one.
  const bool vertical = forward.x * forward.x + forward.z * forward.z < 1e-12f;
  const float yaw = vertical ? yaw_ : std::atan2(-forward.x, -forward.z);
  SetOrientation(yaw, std::asin(std::clamp(forward.y, -1.0f, 1.0f)));
  target_ = target;
  distance_ = std::clamp(length, settings_.min_distance, settings_.max_distance);
}

// --- Projection --------------------------------------------------------------

void EditorCamera::SetViewportSize(glm::vec2 size) { viewport_size_ = glm::max(size, glm::vec2{1.0f}); }

void EditorCamera::SetFieldOfViewDegrees(float fov_y_degrees) {
  fov_y_ = glm::radians(std::clamp(fov_y_degrees, kMinFovDegrees, kMaxFovDegrees));
}

float EditorCamera::FieldOfViewDegrees() const { return glm::degrees(fov_y_); }

void EditorCamera::SetClipPlanes(float near_plane, float far_plane) {
  near_plane_ = std::max(near_plane, 1e-5f);
  far_plane_ = std::max(far_plane, near_plane_ * 2.0f);
}

float EditorCamera::OrthographicHeight() const { return 2.0f * distance_ * std::tan(fov_y_ * 0.5f); }

glm::mat4 EditorCamera::ViewMatrix() const {
  const glm::mat4 camera_to_world = glm::translate(glm::mat4{1.0f}, Position()) * glm::mat4_cast(Orientation());
  return glm::inverse(camera_to_world);
}

glm::mat4 EditorCamera::ProjectionMatrix() const {
  if (projection_ == ProjectionKind::Perspective) {
    return glm::perspective(fov_y_, AspectRatio(), near_plane_, far_plane_);
  }
  // Orthographic views keep what lies behind the eye visible too: the eye is
  // only a distance-derived vantage point, not a physical camera.
  const float half_height = OrthographicHeight() * 0.5f;
  const float half_width = half_height * AspectRatio();
  return glm::ortho(-half_width, half_width, -half_height, half_height, -far_plane_, far_plane_);
}

CameraMatrices EditorCamera::Matrices() const {
  CameraMatrices matrices;
  matrices.view = ViewMatrix();
  matrices.projection = ProjectionMatrix();
  matrices.position = Position();
  matrices.near_plane = projection_ == ProjectionKind::Perspective ? near_plane_ : -far_plane_;
  matrices.far_plane = far_plane_;
  return matrices;
}

Ray EditorCamera::ScreenRay(glm::vec2 pixel, glm::vec2 viewport_size) const {
  return render::ScreenRay(Matrices(), pixel, viewport_size);
}

// --- Navigation --------------------------------------------------------------

float EditorCamera::WorldUnitsPerPixelAtTarget() const {
  // The same for both projections, since the orthographic height follows the
  // distance.
  return WorldSizeForPixels(1.0f, distance_, fov_y_, viewport_size_.y);
}

void EditorCamera::Orbit(glm::vec2 delta_pixels) {
  const float step = glm::radians(settings_.orbit_degrees_per_pixel);
  SetOrientation(yaw_ - delta_pixels.x * step, pitch_ - delta_pixels.y * step);
}

void EditorCamera::Pan(glm::vec2 delta_pixels) {
  const float units = WorldUnitsPerPixelAtTarget();
  target_ += (-Right() * delta_pixels.x + Up() * delta_pixels.y) * units;
}

void EditorCamera::Zoom(float steps) { ZoomAbout(steps, target_); }

void EditorCamera::ZoomTowards(float steps, glm::vec2 pixel) {
  // For a perspective camera the ray is cast from the eye (not the near
  // plane), so it meets the target's plane even when zoomed in very close.
  Ray ray = ScreenRay(pixel);
  if (projection_ == ProjectionKind::Perspective) ray.origin = Position();
  const std::optional<glm::vec3> focus = RayPlaneHit(ray, Plane{target_, Forward()});
  ZoomAbout(steps, focus.value_or(target_));
}

void EditorCamera::ZoomAbout(float steps, glm::vec3 focus) {
  // Scaling the camera about a point at the target's depth keeps that point at
  // the same pixel: the eye, the target and the point stay on the same lines.
  const float wanted = distance_ * std::pow(settings_.zoom_factor_per_step, steps);
  const float factor = std::clamp(wanted, settings_.min_distance, settings_.max_distance) / distance_;
  target_ = focus + (target_ - focus) * factor;
  distance_ *= factor;
  if (wanted < settings_.min_distance) {
    // Out of room in front of the target: carry the target forward instead of
    // stalling, so repeated zooming keeps moving through the scene.
    target_ += Forward() * (settings_.min_distance - wanted);
  }
}

void EditorCamera::Look(glm::vec2 delta_pixels) {
  const glm::vec3 eye = Position();
  const float step = glm::radians(settings_.look_degrees_per_pixel);
  SetOrientation(yaw_ - delta_pixels.x * step, pitch_ - delta_pixels.y * step);
  target_ = eye + Forward() * distance_;
}

void EditorCamera::Fly(const FlyInput& input, float dt_seconds) {
  const auto axis = [](bool positive, bool negative) { return (positive ? 1.0f : 0.0f) - (negative ? 1.0f : 0.0f); };
  const glm::vec3 direction = Forward() * axis(input.forward, input.backward) +
                              Right() * axis(input.right, input.left) + kWorldUp * axis(input.up, input.down);
  const float length = glm::length(direction);
  if (length < 1e-6f || dt_seconds <= 0.0f) return;
  const float speed = settings_.fly_speed * (input.fast ? settings_.fly_fast_multiplier : 1.0f);
  target_ += direction / length * speed * dt_seconds;
}

void EditorCamera::AdjustFlySpeed(float steps) {
  settings_.fly_speed = std::clamp(settings_.fly_speed * std::pow(kFlySpeedStep, steps), kMinFlySpeed, kMaxFlySpeed);
}

void EditorCamera::FrameSphere(glm::vec3 center, float radius) {
  const float half_fov_y = fov_y_ * 0.5f;
  const float half_fov_x = std::atan(std::tan(half_fov_y) * AspectRatio());
  const float half_fov = std::min(half_fov_y, half_fov_x);
  const float fitted = std::max(radius, 1e-3f) * settings_.frame_margin / std::sin(half_fov);
  target_ = center;
  distance_ = std::clamp(fitted, settings_.min_distance, settings_.max_distance);
}

void EditorCamera::FrameBox(const Aabb& box) {
  if (box.IsEmpty()) return;
  FrameSphere(box.Center(), box.BoundingRadius());
}

void EditorCamera::SetViewPreset(ViewPreset preset) {
  const PresetAngles angles = AnglesFor(preset);
  SetOrientation(glm::radians(angles.yaw_degrees), glm::radians(angles.pitch_degrees));
  projection_ = preset == ViewPreset::Perspective ? ProjectionKind::Perspective : ProjectionKind::Orthographic;
}

}  // namespace cairn::render
