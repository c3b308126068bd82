#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "cairn/editor/viewport/editor_camera_data.h"

using cairn::ecs::PlainValue;
using cairn::editor::CameraFromEditorData;
using cairn::editor::CameraToEditorData;
using cairn::editor::MergeCameraIntoEditorData;
using cairn::render::EditorCameraState;

TEST_CASE("The camera is written as a camera object of position and target with short numbers", "[viewport][camera][data]") {
  const PlainValue data = CameraToEditorData(EditorCameraState{{0.0f, 5.0f, 10.0f}, {0.1f, -2.5f, 0.0f}});
  CHECK(data.ToJsonText() == R"({"camera":{"position":[0,5,10],"target":[0.1,-2.5,0]}})");
}

TEST_CASE("A written camera reads back exactly", "[viewport][camera][data]") {
  const EditorCameraState state{{1.0f / 3.0f, 1e-7f, -12345.678f}, {0.3f, 2.0f / 7.0f, 1e20f}};
  const auto read = CameraFromEditorData(CameraToEditorData(state), EditorCameraState{});
  REQUIRE(read.has_value());
  CHECK(read->position == state.position);
  CHECK(read->target == state.target);
}

TEST_CASE("Missing or bad camera values keep the current ones", "[viewport][camera][data]") {
  const EditorCameraState current{{1, 2, 3}, {4, 5, 6}};
  PlainValue camera = PlainValue::MakeObject();
  camera.Add("position", PlainValue(PlainValue::Array{7, 8, 9}));
  camera.Add("target", PlainValue(PlainValue::Array{1, "two", 3}));
  PlainValue editor = PlainValue::MakeObject();
  editor.Add("camera", camera);
  const auto read = CameraFromEditorData(editor, current);
  REQUIRE(read.has_value());
  CHECK(read->position == glm::vec3(7, 8, 9));
  CHECK(read->target == glm::vec3(4, 5, 6));

  SECTION("nothing usable") {
    PlainValue bad = PlainValue::MakeObject();
    PlainValue bad_camera = PlainValue::MakeObject();
    bad_camera.Add("position", PlainValue(PlainValue::Array{1, 2}));
    bad_camera.Add("target", PlainValue(PlainValue::Array{std::numeric_limits<double>::infinity(), 0, 0}));
    bad.Add("camera", bad_camera);
    CHECK_FALSE(CameraFromEditorData(bad, current).has_value());
    CHECK_FALSE(CameraFromEditorData(PlainValue::MakeObject(), current).has_value());
    CHECK_FALSE(CameraFromEditorData(PlainValue(nullptr), current).has_value());
    PlainValue not_object = PlainValue::MakeObject();
    not_object.Add("camera", 5);
    CHECK_FALSE(CameraFromEditorData(not_object, current).has_value());
  }
  SECTION("numbers beyond float range") {
    PlainValue huge = PlainValue::MakeObject();
    PlainValue huge_camera = PlainValue::MakeObject();
    huge_camera.Add("position", PlainValue(PlainValue::Array{1e300, 0, 0}));
    huge.Add("camera", huge_camera);
    CHECK_FALSE(CameraFromEditorData(huge, current).has_value());
  }
}

TEST_CASE("Saving the camera keeps the editor data other parts stored", "[viewport][camera][data]") {
  PlainValue editor = PlainValue::MakeObject();
  editor.Add("grid", PlainValue(true));
  editor.Add("camera", PlainValue(nullptr));
  editor.Add("notes", PlainValue("keep me"));
  const PlainValue merged = MergeCameraIntoEditorData(editor, EditorCameraState{{0, 1, 2}, {0, 0, 0}});
  CHECK(merged.ToJsonText() == R"({"grid":true,"camera":{"position":[0,1,2],"target":[0,0,0]},"notes":"keep me"})");
  CHECK(MergeCameraIntoEditorData(PlainValue::MakeObject(), EditorCameraState{}).ToJsonText() ==
        R"({"camera":{"position":[0,5,10],"target":[0,0,0]}})");
  CHECK(MergeCameraIntoEditorData(PlainValue(3), EditorCameraState{}).IsObject());
}
