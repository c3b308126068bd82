#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include "headless_editor.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;
namespace ecs = cairn::ecs;

TEST_CASE("Editor: Ctrl+D duplicates the selection and selects the copy", "[editor_panels][app]") {
  HeadlessEditor editor;
  CreateCube(editor, "Crate");
  editor.Key(GLFW_KEY_D, true);
  editor.Frames(2);
  CHECK(ChildNames(editor, ecs::kNoEntityId) == std::vector<std::string>{"Crate", "Crate (1)"});
  CHECK(NameOf(editor, editor.Context().GetSelection().Primary()) == "Crate (1)");
}

TEST_CASE("Editor: Ctrl+Z, Ctrl+Y and Ctrl+Shift+Z undo and redo", "[editor_panels][app]") {
  HeadlessEditor editor;
  CreateCube(editor, "Crate");
  CHECK(editor.Context().GetHistory().UndoMenuLabel() == "Undo Rename 'Crate'");
  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  CHECK(ChildNames(editor, ecs::kNoEntityId) == std::vector<std::string>{"Cube"});
  CHECK(editor.Context().GetHistory().RedoMenuLabel() == "Redo Rename 'Crate'");
  editor.Key(GLFW_KEY_Y, true);
  editor.Frames(2);
  CHECK(ChildNames(editor, ecs::kNoEntityId) == std::vector<std::string>{"Crate"});
  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  editor.Key(GLFW_KEY_Z, true, true);
  editor.Frames(2);
  CHECK(ChildNames(editor, ecs::kNoEntityId) == std::vector<std::string>{"Crate"});
}

TEST_CASE("Editor: the window title names the scene and marks unsaved changes", "[editor_panels][app]") {
  HeadlessEditor editor;
  editor.Frames(2);
  CHECK(editor.WindowTitle() == "Untitled - Cairn");
  CreateCube(editor, "Crate");
  CHECK(editor.WindowTitle() == "Untitled * - Cairn");
  editor.Key(GLFW_KEY_Z, true);
  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  CHECK(editor.WindowTitle() == "Untitled - Cairn");
}

TEST_CASE("Editor: typing in a text field never triggers entity shortcuts", "[editor_panels][app]") {
  HeadlessEditor editor;
  CreateCube(editor, "Crate");
  editor.Click("inspector/name");
  editor.Key(GLFW_KEY_DELETE);
  editor.Key(GLFW_KEY_D, true);
  editor.Frames(2);
  CHECK(editor.Context().World().EntityCount() == 1);
}

TEST_CASE("Editor: Ctrl+A then Delete empties the scene, one undo restores it", "[editor_panels][app]") {
  HeadlessEditor editor;
  const ecs::EntityId a = CreateCube(editor, "A");
  CreateCube(editor, "B", a);
  CreateCube(editor, "C");
  editor.Key(GLFW_KEY_A, true);
  editor.Frame();
  CHECK(editor.Context().GetSelection().Count() == 3);
  editor.Key(GLFW_KEY_DELETE);
  editor.Frames(2);
  CHECK(editor.Context().World().EntityCount() == 0);
  editor.Key(GLFW_KEY_Z, true);
  editor.Frames(2);
  CHECK(editor.Context().World().EntityCount() == 3);
  CHECK(ChildNames(editor, a) == std::vector<std::string>{"B"});
}

TEST_CASE("Editor: closing with unsaved changes asks first", "[editor_panels][app]") {
  HeadlessEditor editor;
  CreateCube(editor, "Crate");
  editor.RequestClose();
  editor.Frames(2);
  REQUIRE(editor.App().Files().DialogTitle() == "Unsaved Changes");
  editor.Click("modal/unsaved/Cancel");
  editor.Frames(2);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK_FALSE(editor.Closed());

  editor.RequestClose();
  editor.Frames(2);
  editor.Click("modal/unsaved/Don't_Save");
  editor.Frames(2);
  CHECK(editor.Closed());
}

TEST_CASE("Editor: closing without unsaved changes closes at once", "[editor_panels][app]") {
  HeadlessEditor editor;
  editor.Frames(2);
  editor.RequestClose();
  editor.Frames(2);
  CHECK(editor.Closed());
}
