#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <limits>
#include <thread>

#include "cairn/ecs/world_dump.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/panels/demo_scene.h"
#include "cairn/editor/panels/recent_files.h"
#include "cairn/serialization/asset_folder.h"
#include "cairn/serialization/atomic_file.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/test/files.h"
#include "headless_editor.h"
#include "long_text_scenes.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;
using cairn::test::TempDir;
using cairn::editor::EditorContext;
using cairn::serialization::NormalPath;
namespace ecs = cairn::ecs;

namespace {

std::string SaveWithCtrlS(HeadlessEditor& editor) {
  editor.Key(GLFW_KEY_S, true);
  editor.Frames(2);
  return editor.Context().Title();
}

}  // namespace

TEST_CASE("Files: a scene path that does not exist yet starts an empty scene saved there", "[editor_panels][files]") {
  TempDir folder;
  HeadlessEditor editor;
  editor.App().Start(folder / "new.json");
  editor.Frame();
  CHECK(editor.Context().Title() == "new.json");
  CHECK(editor.Context().World().EntityCount() == 0);
  CreateCube(editor, "Crate");
  CHECK(editor.Context().Title() == "new.json *");
  CHECK(SaveWithCtrlS(editor) == "new.json");
  const auto loaded = cairn::serialization::LoadSceneFile(folder / "new.json");
  REQUIRE(loaded.Ok());
  CHECK(loaded.scene->world->EntityCount() == 1);
}

TEST_CASE("Files: without a scene the demo opens, untitled and clean", "[editor_panels][files]") {
  HeadlessEditor editor;
  editor.App().Start(std::nullopt);
  editor.Frame();
  CHECK(editor.Context().Title() == "Untitled");
  CHECK(editor.Context().World().EntityCount() == 12);
}

TEST_CASE("Files: a malformed file is reported with its pointers and the open scene is kept", "[editor_panels][files]") {
  TempDir folder;
  folder.Write("bad.json", R"({"format": "cairn.scene", "version": 1, "entities": [
    {"id": "0000000000000001", "name": "A", "parent": null, "order": 0,
     "components": {"Transform": {"position": [1, 2]}}}]})");
  HeadlessEditor editor;
  editor.App().Start(folder / "good.json");
  CreateCube(editor, "Keep");
  const std::string before = ecs::DumpWorld(editor.Context().World());
  editor.App().Files().RequestOpen(folder / "bad.json");
  editor.Frames(2);  // the unsaved-changes question comes first
  editor.Click("modal/unsaved/Don't_Save");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle() == "Cannot open 'bad.json'");
  CHECK(HasLog(editor, "bad.json: /entities/0/components/Transform/position"));
  CHECK(ecs::DumpWorld(editor.Context().World()) == before);
  CHECK(editor.Context().Title() == "good.json *");
  editor.Click("modal/report/OK");
  editor.Frames(2);
  CHECK(editor.App().Files().DialogTitle().empty());
}

TEST_CASE("Files: a missing file is reported by name", "[editor_panels][files]") {
  TempDir folder;
  HeadlessEditor editor;
  editor.App().Files().RequestOpen(folder / "gone.json");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle() == "Cannot open 'gone.json'");
  CHECK(HasLog(editor, "gone.json"));
}

TEST_CASE("Files: a FIFO given to open is refused at once, not waited on", "[editor_panels][files]") {
  TempDir folder;
  const std::filesystem::path fifo = folder / "pipe.json";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Should the editor block on the FIFO, a writer comes after 10 s and ends
  // the wait, so that the checks below fail instead of the test hanging.
  std::atomic<bool> done{false};
  std::thread rescue([&] {
    for (int i = 0; i < 100 && !done; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    while (!done) {
      const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
      if (writer >= 0) ::close(writer);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  });
  HeadlessEditor editor;
  const auto start = std::chrono::steady_clock::now();
  editor.App().Start(fifo);
  editor.Frames(3);
  const auto waited = std::chrono::steady_clock::now() - start;
  done = true;
  rescue.join();
  CHECK(waited < std::chrono::seconds(5));
  CHECK(editor.App().Files().DialogTitle() == "Cannot open 'pipe.json'");
  CHECK(HasLog(editor, "pipe.json: cannot read " + fifo.string() + ": it is a FIFO, not a regular file"));
}

TEST_CASE("Files: a save into a folder that cannot be written is reported and changes nothing", "[editor_panels][files]") {
  TempDir folder;
  std::filesystem::path target = "/sys/cairn-level.json";  // refused even to root
  if (::geteuid() != 0) {
    std::filesystem::create_directories(folder / "locked");
    std::filesystem::permissions(folder / "locked", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    target = folder / "locked/level.json";
  }
  HeadlessEditor editor;
  editor.App().Start(target);
  CreateCube(editor, "Crate");
  CHECK(SaveWithCtrlS(editor) == target.filename().string() + " *");
  CHECK(editor.App().Files().DialogTitle() == "Cannot save '" + target.filename().string() + "'");
  CHECK(HasLog(editor, "cannot save"));
  CHECK_FALSE(std::filesystem::exists(target));
  std::filesystem::permissions(folder.Path(), std::filesystem::perms::owner_all, std::filesystem::perm_options::add);
  if (std::filesystem::exists(folder / "locked")) {
    std::filesystem::permissions(folder / "locked", std::filesystem::perms::owner_all);
  }
}

TEST_CASE("Files: the editor object of a scene survives opening and saving", "[editor_panels][files]") {
  TempDir folder;
  const auto file = folder.Write("cam.json", R"({"format": "cairn.scene", "version": 1,
    "editor": {"camera": {"position": [1, 2, 3], "target": [0, 0, 0]}, "grid": false}, "entities": []})");
  HeadlessEditor editor;
  editor.App().Start(file);
  CreateCube(editor, "Crate");
  SaveWithCtrlS(editor);
  const auto loaded = cairn::serialization::LoadSceneFile(file);
  REQUIRE(loaded.Ok());
  REQUIRE(loaded.scene->editor.Find("camera") != nullptr);
  CHECK(loaded.scene->editor.Find("grid") != nullptr);
}

TEST_CASE("Files: New with unsaved changes saves first when asked to", "[editor_panels][files]") {
  TempDir folder;
  HeadlessEditor editor;
  editor.App().Start(folder / "first.json");
  CreateCube(editor, "Crate");
  editor.Key(GLFW_KEY_N, true);
  editor.Frames(2);
  REQUIRE(editor.App().Files().DialogTitle() == "Unsaved Changes");
  editor.Click("modal/unsaved/Save");
  editor.Frames(3);
  CHECK(editor.Context().Title() == "Untitled");
  CHECK(editor.Context().World().EntityCount() == 0);
  const auto loaded = cairn::serialization::LoadSceneFile(folder / "first.json");
  REQUIRE(loaded.Ok());
  CHECK(loaded.scene->world->EntityCount() == 1);
}

TEST_CASE("Files: a crashed session is offered for recovery and recovers every action", "[editor_panels][files][recovery]") {
  TempDir folder;
  const auto scene = folder.Write("level.json", kEmptyScene);
  std::string expected;
  {
    HeadlessEditor session({.journal_directory = folder / "state"});
    session.App().Start(scene);
    const ecs::EntityId a = CreateCube(session, "Alpha");
    CreateCube(session, "Beta", a);
    TransformOf(session, a);  // (read only)
    expected = ecs::DumpWorld(session.Context().World());
    REQUIRE(std::filesystem::exists(folder / "level.json.journal"));
    // The session ends without saving or quitting: as after a crash, the journal stays.
  }
  HeadlessEditor editor({.journal_directory = folder / "state"});
  editor.App().Start(scene);
  editor.Frames(2);
  REQUIRE(editor.App().Files().DialogTitle() == "Recover Unsaved Changes");
  editor.Click("modal/recovery/Recover");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(ecs::DumpWorld(editor.Context().World()) == expected);
  CHECK(editor.Context().Title() == "level.json *");
}

TEST_CASE("Files: Discard drops a crashed session's journal", "[editor_panels][files][recovery]") {
  TempDir folder;
  const auto scene = folder.Write("level.json", kEmptyScene);
  {
    HeadlessEditor session({.journal_directory = folder / "state"});
    session.App().Start(scene);
    CreateCube(session, "Alpha");
  }
  HeadlessEditor editor({.journal_directory = folder / "state"});
  editor.App().Start(scene);
  editor.Frames(2);
  editor.Click("modal/recovery/Discard");
  editor.Frames(2);
  CHECK_FALSE(std::filesystem::exists(folder / "level.json.journal"));
  CHECK(editor.Context().World().EntityCount() == 0);
  CHECK(editor.Context().Title() == "level.json");
}

TEST_CASE("Files: an untitled session started from the demo recovers onto the demo", "[editor_panels][files][recovery]") {
  TempDir folder;
  std::string expected;
  {
    HeadlessEditor session({.journal_directory = folder / "state"});
    session.App().Start(std::nullopt);
    session.Frame();
    session.Click(session.Centre("hierarchy/entity/Crate"));
    session.Key(GLFW_KEY_DELETE);
    session.Frames(2);
    expected = ecs::DumpWorld(session.Context().World());
  }
  HeadlessEditor editor({.journal_directory = folder / "state"});
  editor.App().Start(std::nullopt);
  editor.Frames(2);
  editor.Click("modal/recovery/Recover");
  editor.Frames(3);
  CHECK(ecs::DumpWorld(editor.Context().World()) == expected);
}

// ---- Text too long to draw whole ----------------------------------------------------------

TEST_CASE("Files: a 32,000-digit number is reported with the diagnostic elided, its whole text one copy away",
          "[editor_panels][files][long_text]") {
  TempDir folder;
  const std::string number(32000, '9');
  const auto file = folder.Write("digits.json", SceneWithPositionX(number));
  HeadlessEditor editor;
  editor.App().Start(file);
  editor.Frames(3);
  REQUIRE(editor.App().Files().DialogTitle() == "Cannot open 'digits.json'");
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(HasLog(editor, number));  // the log keeps the whole diagnostic
  // The last elided text drawn is the report's: above its OK button.
  CHECK(editor.Where("text/elided").y < editor.Where("modal/report/OK").y);
  editor.Click("text/elided", 1);
  editor.Click("text/elided/copy");
  CHECK_THAT(std::string(ImGui::GetClipboardText()), Catch::Contains(number));
  editor.Click("modal/report/OK");
  editor.Frames(2);
  CHECK(editor.App().Files().DialogTitle().empty());
}

TEST_CASE("Files: a 17 KB unknown component name is warned about in the Console, elided", "[editor_panels][files][long_text]") {
  TempDir folder;
  const std::string name(17000, 'K');
  const auto file = folder.Write("unknown.json", SceneWithUnknownComponent(name));
  HeadlessEditor editor;
  editor.App().Start(file);
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(HasLog(editor, name));
  CHECK(editor.LargestDrawListVertices() < 65536);
  const auto elided = editor.Where("text/elided");
  const auto console = editor.Where("panel/Console");
  CHECK((elided.y >= console.y && elided.y <= console.y + console.h));
}

TEST_CASE("Files: a failed save that quotes a 20,000-character name is reported elided", "[editor_panels][files][long_text]") {
  TempDir folder;
  HeadlessEditor editor;
  editor.App().Start(folder / "level.json");
  const std::string name(kLongTextCharacters, 'N');
  const ecs::EntityId cube = CreateCube(editor, name);
  TransformOf(editor, cube).position.x = std::numeric_limits<float>::infinity();  // refused by the writer
  SaveWithCtrlS(editor);
  editor.Frames(2);
  REQUIRE(editor.App().Files().DialogTitle() == "Cannot save 'level.json'");
  CHECK(HasLog(editor, name));
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(editor.Where("text/elided").y < editor.Where("modal/report/OK").y);
}

TEST_CASE("Files: a journaled 20,000-character name is listed elided in the recovery dialog",
          "[editor_panels][files][recovery][long_text]") {
  TempDir folder;
  const auto scene = folder.Write("level.json", kEmptyScene);
  const std::string name(kLongTextCharacters, 'R');
  {
    HeadlessEditor session({.journal_directory = folder / "state"});
    session.App().Start(scene);
    CreateCube(session, name);
  }
  HeadlessEditor editor({.journal_directory = folder / "state"});
  editor.App().Start(scene);
  editor.Frames(2);
  REQUIRE(editor.App().Files().DialogTitle() == "Recover Unsaved Changes");
  CHECK(editor.LargestDrawListVertices() < 65536);
  CHECK(editor.Where("text/elided").y < editor.Where("modal/recovery/Recover").y);
  editor.Click("modal/recovery/Recover");
  editor.Frames(3);
  const ecs::Coordinator& world = editor.Context().World();
  REQUIRE(world.EntityCount() == 1);
  world.ForEachEntity([&](ecs::Entity entity) { CHECK(world.GetComponent<ecs::Name>(entity).value == name); });
}

// ---- Saving a scene away from its project and assets ---------------------------------------

namespace {

constexpr const char* kRelocationDialog = "Save Away From the Project";

std::filesystem::path DemoAssets() { return cairn::test::SourcePath("examples/demo"); }

// The demo open untitled, its meshes in examples/demo (as cairn-editor has it).
HeadlessEditor::Options DemoOptions() {
  HeadlessEditor::Options options;
  options.untitled_asset_folder = DemoAssets();
  return options;
}

void SaveAsTyped(HeadlessEditor& editor, const std::filesystem::path& path) {
  editor.Key(GLFW_KEY_S, true, true);  // Ctrl+Shift+S
  editor.Frames(3);
  REQUIRE(editor.App().Files().DialogTitle() == "Save Scene As");
  editor.Type(path.string());
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(3);
}

std::optional<std::string> ProjectLinkIn(const std::filesystem::path& scene) {
  const auto loaded = cairn::serialization::LoadSceneFile(scene);
  REQUIRE(loaded.scene.has_value());
  const ecs::PlainValue* link = loaded.scene->editor.Find("project");
  if (link == nullptr || !link->IsString()) return std::nullopt;
  return link->AsString();
}

// Opens `scene` in a fresh editor and checks what the demo needs: its
// project components known, its tree meshes found.
void CheckReopenedDemo(const std::filesystem::path& scene, const std::filesystem::path& expected_assets) {
  HeadlessEditor reopened;
  reopened.App().Start(scene);
  reopened.Frames(2);
  CHECK(reopened.App().Files().DialogTitle().empty());
  EditorContext& context = reopened.Context();
  CHECK(context.World().EntityCount() == 12);
  REQUIRE(context.Project() != nullptr);
  CHECK(context.Project()->name == "Cairn Demo");
  for (const char* component : {"Door", "Pickup", "Blinker"}) {
    INFO(component);
    CHECK(context.World().FindComponentInfo(component) != nullptr);
  }
  CHECK_FALSE(HasLog(reopened, "unknown component"));
  CHECK_FALSE(HasLog(reopened, "is missing"));
  REQUIRE(context.AssetFolder().has_value());
  CHECK(NormalPath(*context.AssetFolder()) == NormalPath(expected_assets));
  CHECK_FALSE(cairn::serialization::MissingAssetProblem(*context.AssetFolder(), "meshes/tree.glb").has_value());
}

}  // namespace

TEST_CASE("Files: Save As of the demo to another folder asks before writing anything",
          "[editor_panels][files][relocation]") {
  TempDir folder;
  HeadlessEditor editor(DemoOptions());
  editor.App().Start(std::nullopt);
  editor.Frame();
  SaveAsTyped(editor, folder / "level.json");
  // The demo's project and meshes are built in: saved there as it is, the
  // scene would lose its Door, Pickup and Blinker and its two trees.
  REQUIRE(editor.App().Files().DialogTitle() == kRelocationDialog);
  CHECK_FALSE(std::filesystem::exists(folder / "level.json"));
  CHECK(editor.Context().Title() == "Untitled");
  editor.Click("modal/relocation/Cancel");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK_FALSE(std::filesystem::exists(folder / "level.json"));
  CHECK(std::filesystem::is_empty(folder.Path()));
  CHECK(editor.Context().Title() == "Untitled");
}

TEST_CASE("Files: the demo saved elsewhere with Link Project reopens with its components and meshes",
          "[editor_panels][files][relocation]") {
  TempDir folder;
  HeadlessEditor editor(DemoOptions());
  editor.App().Start(std::nullopt);
  editor.Frame();
  SaveAsTyped(editor, folder / "level.json");
  REQUIRE(editor.App().Files().DialogTitle() == kRelocationDialog);
  editor.Click("modal/relocation/Link_Project");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(editor.Context().Title() == "level.json");
  REQUIRE(ProjectLinkIn(folder / "level.json").has_value());
  const std::filesystem::path linked = NormalPath(folder.Path() / *ProjectLinkIn(folder / "level.json"));
  CHECK(linked == NormalPath(DemoAssets() / "cairn.project.json"));
  CHECK_FALSE(std::filesystem::exists(folder / "meshes"));  // nothing copied
  CheckReopenedDemo(folder / "level.json", DemoAssets());
}

TEST_CASE("Files: the demo saved elsewhere with Copy Files reopens with its components and meshes",
          "[editor_panels][files][relocation]") {
  TempDir folder;
  HeadlessEditor editor(DemoOptions());
  editor.App().Start(std::nullopt);
  editor.Frame();
  std::filesystem::create_directories(folder / "copy");
  SaveAsTyped(editor, folder / "copy/level.json");
  REQUIRE(editor.App().Files().DialogTitle() == kRelocationDialog);
  editor.Click("modal/relocation/Copy_Files");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(editor.Context().Title() == "level.json");
  CHECK(std::filesystem::is_regular_file(folder / "copy/meshes/tree.glb"));
  CHECK(std::filesystem::is_regular_file(folder / "copy/cairn.project.json"));
  CHECK_FALSE(std::filesystem::exists(folder / "copy/meshes/crate.glb"));  // only what the scene names
  CHECK_FALSE(ProjectLinkIn(folder / "copy/level.json").has_value());
  // The session goes on in the copy.
  REQUIRE(editor.Context().AssetFolder().has_value());
  CHECK(NormalPath(*editor.Context().AssetFolder()) == NormalPath(folder / "copy"));
  CheckReopenedDemo(folder / "copy/level.json", folder / "copy");
}

TEST_CASE("Files: Copy Files never overwrites a different file of the same name",
          "[editor_panels][files][relocation]") {
  TempDir folder;
  folder.Write("meshes/tree.glb", "not the demo's tree");
  HeadlessEditor editor(DemoOptions());
  editor.App().Start(std::nullopt);
  editor.Frame();
  SaveAsTyped(editor, folder / "level.json");
  REQUIRE(editor.App().Files().DialogTitle() == kRelocationDialog);
  editor.Click("modal/relocation/Copy_Files");
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle() == "Cannot copy beside 'level.json'");
  CHECK(HasLog(editor, "already exists"));
  CHECK_FALSE(std::filesystem::exists(folder / "level.json"));
  CHECK_FALSE(std::filesystem::exists(folder / "cairn.project.json"));
  CHECK(cairn::test::ReadText(folder / "meshes/tree.glb") == "not the demo's tree");
  CHECK(editor.Context().Title() == "Untitled");
}

TEST_CASE("Files: a project scene saved beside its project keeps a relative link, and follows it when saved again",
          "[editor_panels][files][relocation]") {
  TempDir folder;
  folder.Write("game/cairn.project.json", R"({"format": "cairn.project", "version": 1, "name": "Game",
    "components": [{"name": "Door", "fields": [{"name": "open", "type": "bool", "default": false}]}]})");
  std::filesystem::create_directories(folder / "game/meshes");
  std::filesystem::copy_file(DemoAssets() / "meshes/tree.glb", folder / "game/meshes/tree.glb");
  folder.Write("game/levels/one.json", R"({"format": "cairn.scene", "version": 3, "entities": [
    {"id": "0000000000000001", "name": "Gate", "parent": null, "order": 0, "components": {
      "Door": {"open": true},
      "MeshRenderer": {"mesh": "cube", "color": [1, 1, 1, 1], "asset": "meshes/tree.glb"}}}], "instances": []})");
  HeadlessEditor editor;
  editor.App().Start(folder / "game/levels/one.json");
  editor.Frames(2);
  // Inside the project's folder nothing is lost: no question.
  SaveAsTyped(editor, folder / "game/levels/two.json");
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(std::filesystem::exists(folder / "game/levels/two.json"));
  CHECK_FALSE(ProjectLinkIn(folder / "game/levels/two.json").has_value());
  // Beside the project: asked, linked with a relative path.
  std::filesystem::create_directories(folder / "work/deeper");
  SaveAsTyped(editor, folder / "work/three.json");
  REQUIRE(editor.App().Files().DialogTitle() == kRelocationDialog);
  editor.Click("modal/relocation/Link_Project");
  editor.Frames(3);
  CHECK(ProjectLinkIn(folder / "work/three.json") == "../game/cairn.project.json");
  CHECK_FALSE(HasLog(editor, "is outside the folder of the project"));
  // The linked scene saved further away keeps its link, rewritten, without asking.
  SaveAsTyped(editor, folder / "work/deeper/four.json");
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(ProjectLinkIn(folder / "work/deeper/four.json") == "../../game/cairn.project.json");
  // Reopened, it reads the project and its assets through the link.
  HeadlessEditor reopened;
  reopened.App().Start(folder / "work/deeper/four.json");
  reopened.Frames(2);
  REQUIRE(reopened.Context().Project() != nullptr);
  CHECK(reopened.Context().Project()->name == "Game");
  CHECK(reopened.Context().World().FindComponentInfo("Door") != nullptr);
  CHECK_FALSE(HasLog(reopened, "unknown component"));
  CHECK_FALSE(HasLog(reopened, "is missing"));
  // Saved back into the project, the link is not needed and goes.
  SaveAsTyped(reopened, folder / "game/five.json");
  CHECK(reopened.App().Files().DialogTitle().empty());
  CHECK_FALSE(ProjectLinkIn(folder / "game/five.json").has_value());
}

TEST_CASE("Files: a scene whose project link names no file is read with the project found walking up, with a warning",
          "[editor_panels][files][relocation]") {
  TempDir folder;
  const auto scene = folder.Write("level.json", R"({"format": "cairn.scene", "version": 3,
    "editor": {"project": "../gone/cairn.project.json"}, "entities": [], "instances": []})");
  HeadlessEditor editor;
  editor.App().Start(scene);
  editor.Frames(2);
  CHECK(editor.Context().Project() == nullptr);
  CHECK(HasLog(editor, "its project link names"));
}

TEST_CASE("Files: Save with unsaved changes before New, cancelled at the relocation question, does not start anew",
          "[editor_panels][files][relocation]") {
  TempDir folder;
  HeadlessEditor editor(DemoOptions());
  editor.App().Start(std::nullopt);
  editor.Frame();
  CreateCube(editor, "Extra");
  editor.Key(GLFW_KEY_N, true);
  editor.Frames(2);
  REQUIRE(editor.App().Files().DialogTitle() == "Unsaved Changes");
  editor.Click("modal/unsaved/Save");
  editor.Frames(3);
  REQUIRE(editor.App().Files().DialogTitle() == "Save Scene As");
  editor.Type((folder / "level.json").string());
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(3);
  REQUIRE(editor.App().Files().DialogTitle() == kRelocationDialog);
  editor.Click("modal/relocation/Cancel");
  editor.Frames(3);
  CHECK(editor.Context().World().EntityCount() == 13);  // still the demo, with its change
  CHECK(editor.Context().Title() == "Untitled *");
  CHECK_FALSE(std::filesystem::exists(folder / "level.json"));
}

TEST_CASE("Files: examples/demo/cairn.project.json defines the demo's built-in project", "[editor_panels][files][relocation]") {
  // The demo's link target: a demo saved elsewhere with Link Project reads it.
  const auto loaded = cairn::serialization::LoadProjectFile(DemoAssets() / "cairn.project.json");
  REQUIRE(loaded.project.has_value());
  CHECK(cairn::serialization::ProjectToText(*loaded.project) ==
        cairn::serialization::ProjectToText(*cairn::editor::DemoProject()));
}
