#include "cairn/editor/viewport/editor_camera_data.h"

#include <charconv>
#include <cmath>
#include <string>
#include <utility>

namespace cairn::editor {

namespace {

// The double that prints as the float's shortest decimal form, so that 0.1f
// is written as 0.1 rather than 0.10000000149011612.
double ShortestDouble(float value) {
  char buffer[32];
  const auto printed = std::to_chars(buffer, buffer + sizeof buffer, value);
  double result = static_cast<double>(value);
  std::from_chars(buffer, printed.ptr, result);
  return result;
}

ecs::PlainValue VectorToPlain(glm::vec3 vector) {
  ecs::PlainValue::Array array;
  for (int i = 0; i < 3; ++i) {
    const double value = ShortestDouble(vector[i]);
    // Whole numbers as integers: [0, 5, 10] rather than [0.0, 5.0, 10.0].
    if (std::abs(value) < 1e15 && value == std::trunc(value)) {
      array.emplace_back(static_cast<std::int64_t>(value));
    } else {
      array.emplace_back(value);
    }
  }
  return ecs::PlainValue(std::move(array));
}

std::optional<glm::vec3> VectorFromPlain(const ecs::PlainValue* plain) {
  if (plain == nullptr || !plain->IsArray() || plain->AsArray().size() != 3) return std::nullopt;
  glm::vec3 result(0.0f);
  for (int i = 0; i < 3; ++i) {
    const ecs::PlainValue& element = plain->AsArray()[static_cast<std::size_t>(i)];
    if (!element.IsNumber()) return std::nullopt;
    const double value = element.AsNumber();
    if (!std::isfinite(value) || std::abs(value) > 3.0e38) return std::nullopt;
    result[i] = static_cast<float>(value);
  }
  return result;
}

}  // namespace

ecs::PlainValue CameraToEditorData(const render::EditorCameraState& state) {
  ecs::PlainValue camera = ecs::PlainValue::MakeObject();
  camera.Add("position", VectorToPlain(state.position));
  camera.Add("target", VectorToPlain(state.target));
  ecs::PlainValue editor = ecs::PlainValue::MakeObject();
  editor.Add("camera", std::move(camera));
  return editor;
}

std::optional<render::EditorCameraState> CameraFromEditorData(const ecs::PlainValue& editor,
                                                              const render::EditorCameraState& current) {
  const ecs::PlainValue* camera = editor.Find("camera");
  if (camera == nullptr || !camera->IsObject()) return std::nullopt;
  const std::optional<glm::vec3> position = VectorFromPlain(camera->Find("position"));
  const std::optional<glm::vec3> target = VectorFromPlain(camera->Find("target"));
  if (!position && !target) return std::nullopt;
  render::EditorCameraState state = current;
  if (position) state.position = *position;
  if (target) state.target = *target;
  return state;
}

ecs::PlainValue MergeCameraIntoEditorData(const ecs::PlainValue& editor, const render::EditorCameraState& state) {
  ecs::PlainValue merged = editor.IsObject() ? editor : ecs::PlainValue::MakeObject();
  ecs::PlainValue camera = CameraToEditorData(state).AsObject().front().second;
  for (ecs::PlainValue::Member& member : merged.AsObject()) {
    if (member.first == "camera") {
      member.second = std::move(camera);
      return merged;
    }
  }
  merged.Add("camera", std::move(camera));
  return merged;
}

}  // namespace cairn::editor
