#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/rotator.h"
#include "cairn/editor/panels/add_component_popup.h"
#include "headless_editor.h"
#include "panel_helpers.h"

using cairn::editor::FilterComponentNames;
using cairn::editor::testing::HeadlessEditor;
namespace ecs = cairn::ecs;

TEST_CASE("Component names filter by substring ignoring case, in order", "[editor_panels][add_component]") {
  const std::vector<std::string> names{"Camera", "Light", "MeshRenderer", "Rotator", "Transform"};
  CHECK(FilterComponentNames(names, "") == names);
  CHECK(FilterComponentNames(names, "RA") == std::vector<std::string>{"Camera", "Transform"});
  CHECK(FilterComponentNames(names, "xyz").empty());
}

TEST_CASE("Add Component: typing filters and Enter adds the highlighted component", "[editor_panels][add_component]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = cairn::editor::testing::CreateCube(editor, "Crate");
  editor.Click("inspector/add_component");
  editor.Frame();
  editor.Type("rot");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  const ecs::Entity entity = editor.Context().World().FindEntity(cube);
  CHECK(editor.Context().World().HasComponent<ecs::Rotator>(entity));
  CHECK(editor.Context().GetHistory().UndoName() == "Add Rotator");
}

TEST_CASE("Add Component: Down moves the highlight to the next match", "[editor_panels][add_component]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = cairn::editor::testing::CreateCube(editor, "Crate");
  editor.Click("inspector/add_component");
  editor.Frame();
  editor.Type("o");  // a cube lacks Follow and Rotator among the names with an "o"
  editor.Key(GLFW_KEY_DOWN);
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  const ecs::Entity entity = editor.Context().World().FindEntity(cube);
  CHECK(editor.Context().World().HasComponent<ecs::Rotator>(entity));
  CHECK_FALSE(editor.Context().World().HasComponent<ecs::Follow>(entity));
}

TEST_CASE("Add Component does not offer what the selection already has", "[editor_panels][add_component]") {
  HeadlessEditor editor;
  cairn::editor::testing::CreateCube(editor, "Crate");
  editor.Click("inspector/add_component");
  editor.Frame();
  const auto& boxes = cairn::editor::GlobalWidgetMap().Boxes();
  CHECK(boxes.contains("inspector/add_component/Light"));
  CHECK_FALSE(boxes.contains("inspector/add_component/Transform"));
  CHECK_FALSE(boxes.contains("inspector/add_component/MeshRenderer"));
}
