#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/scene_files_session.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/test/files.h"

using namespace cairn::editor;
using cairn::test::TempDir;
namespace ecs = cairn::ecs;
namespace fs = std::filesystem;
namespace serialization = cairn::serialization;

namespace {

constexpr const char* kEmptyScene = R"({"format": "cairn.scene", "version": 3, "entities": [], "instances": []})";

// A session over a real context, without a window: what the GUI would
// supply is recorded.
struct Studio {
  TempDir folder;
  EditorContext context;
  bool closed = false;
  std::vector<fs::path> remembered;
  int replaced = 0;
  SceneFilesSession session;

  explicit Studio(bool journaling = false)
      : context(Options(folder, journaling)), session(context, Environment()) {}

  static EditorOptions Options(const TempDir& folder, bool journaling) {
    EditorOptions options;
    options.journaling = journaling;
    options.untitled_journal_directory = folder / "state";
    return options;
  }

  SceneFilesEnvironment Environment() {
    SceneFilesEnvironment environment;
    environment.close = [this] { closed = true; };
    environment.remember = [this](const fs::path& path) {
      remembered.push_back(path);
      return std::string();
    };
    environment.world_replaced = [this](const ecs::PlainValue&) { ++replaced; };
    return environment;
  }

  // A cube, applied: the scene has unsaved changes.
  void Edit() {
    context.Enqueue(actions::CreatePrimitive(context.World(), ecs::MeshShape::kCube));
    context.Flush();
  }

  // What a frame does: apply edits, then the session's work.
  void Frame() {
    context.Flush();
    session.ProcessPending();
  }
};

std::size_t EntitiesIn(const fs::path& scene) {
  const serialization::LoadResult loaded = serialization::LoadSceneFile(scene);
  REQUIRE(loaded.Ok());
  return loaded.scene->world->EntityCount();
}

}  // namespace

TEST_CASE("Session: New on a clean scene starts anew without asking", "[editor][scene_files]") {
  Studio studio;
  studio.session.Start(studio.folder / "level.json");
  studio.session.RequestNew();
  CHECK_FALSE(studio.session.UnsavedQuestion().has_value());
  studio.Frame();
  CHECK_FALSE(studio.context.ScenePath().has_value());
}

TEST_CASE("Session: New with unsaved changes asks, Don't Save drops them, Cancel keeps them", "[editor][scene_files]") {
  Studio studio;
  studio.session.Start(studio.folder / "level.json");
  studio.Edit();
  studio.session.RequestNew();
  REQUIRE(studio.session.UnsavedQuestion().has_value());
  CHECK(studio.session.UnsavedQuestion()->kind == GuardedOperation::Kind::kNew);
  SECTION("Cancel") {
    studio.session.AnswerUnsavedCancel();
    studio.Frame();
    CHECK(studio.context.World().EntityCount() == 1);
    CHECK(studio.context.ScenePath() == studio.folder / "level.json");
  }
  SECTION("Don't Save") {
    studio.session.AnswerUnsavedDontSave();
    studio.Frame();
    CHECK(studio.context.World().EntityCount() == 0);
    CHECK_FALSE(studio.context.ScenePath().has_value());
    CHECK_FALSE(fs::exists(studio.folder / "level.json"));
  }
  SECTION("Save writes the scene, then starts anew") {
    studio.session.AnswerUnsavedSave();
    studio.Frame();
    CHECK(EntitiesIn(studio.folder / "level.json") == 1);
    CHECK(studio.context.World().EntityCount() == 0);
    CHECK(studio.remembered == std::vector<fs::path>{studio.folder / "level.json"});
  }
}

TEST_CASE("Session: Quit of an untitled edited scene asks for a file, saves and closes", "[editor][scene_files]") {
  Studio studio;
  studio.session.Start(std::nullopt);  // no demo supplied: an empty scene
  studio.Edit();
  studio.session.RequestQuit();
  studio.session.AnswerUnsavedSave();
  REQUIRE(studio.session.FileRequest().has_value());
  CHECK(studio.session.FileRequest()->purpose == FileQuestion::Purpose::kSaveAs);
  CHECK(studio.session.FileRequest()->file_name == "untitled.json");
  SECTION("a file chosen: saved, then closed") {
    studio.session.FileChosen(studio.folder / "kept.json");
    studio.Frame();
    CHECK(EntitiesIn(studio.folder / "kept.json") == 1);
    CHECK(studio.closed);
  }
  SECTION("the file dialog cancelled: neither saved nor closed") {
    studio.session.FileCancelled();
    studio.Frame();
    CHECK_FALSE(studio.closed);
    CHECK(studio.context.IsDirty());
  }
}

TEST_CASE("Session: a scene that cannot be opened is reported and the open scene stays", "[editor][scene_files]") {
  Studio studio;
  studio.session.Start(studio.folder.Write("good.json", kEmptyScene));
  studio.session.RequestOpen(studio.folder.Write("bad.json", "{"));
  studio.Frame();
  REQUIRE(studio.session.Reports().size() == 1);
  CHECK(studio.session.Reports().front().title == "Cannot open 'bad.json'");
  CHECK(studio.context.ScenePath() == studio.folder / "good.json");
  studio.session.DismissReport();
  CHECK(studio.session.Reports().empty());
}

TEST_CASE("Session: Open Project starts a new scene in it, a broken project is reported", "[editor][scene_files]") {
  Studio studio;
  studio.session.Start(std::nullopt);
  studio.folder.Write("game/cairn.project.json", R"({"format": "cairn.project", "version": 1, "name": "Game",
    "components": [{"name": "Door", "fields": [{"name": "open", "type": "bool"}]}]})");
  studio.session.RequestOpenProject(studio.folder / "game");
  studio.Frame();
  REQUIRE(studio.context.Project() != nullptr);
  CHECK(studio.context.Project()->name == "Game");
  CHECK(studio.context.World().FindComponentInfo("Door") != nullptr);

  studio.folder.Write("broken/cairn.project.json", R"({"format": "cairn.project", "version": 1})");
  studio.session.RequestOpenProject(studio.folder / "broken");
  studio.Frame();
  REQUIRE(studio.session.Reports().size() == 1);
  CHECK(studio.session.Reports().front().title == "Cannot use the project in 'broken'");
  CHECK(studio.context.Project()->name == "Game");  // unchanged
}

TEST_CASE("Session: New Project writes cairn.project.json and works in it, never over an existing one",
          "[editor][scene_files]") {
  Studio studio;
  studio.session.Start(std::nullopt);
  fs::create_directories(studio.folder / "fresh");
  studio.session.RequestNewProject(studio.folder / "fresh/cairn.project.json");
  studio.Frame();
  CHECK(fs::is_regular_file(studio.folder / "fresh/cairn.project.json"));
  REQUIRE(studio.context.Project() != nullptr);
  CHECK(studio.context.Project()->name == "fresh");
  studio.session.RequestNewProject(studio.folder / "fresh/cairn.project.json");
  studio.Frame();
  REQUIRE(studio.session.Reports().size() == 1);
  CHECK(studio.session.Reports().front().lines.front().find("already exists") != std::string::npos);
}

TEST_CASE("Session: a crashed session's journal is offered and recovered", "[editor][scene_files][recovery]") {
  TempDir shared;
  const fs::path scene = shared.Write("level.json", kEmptyScene);
  EditorOptions options;
  options.untitled_journal_directory = shared / "state";
  {
    EditorContext crashed(options);
    SceneFilesSession session(crashed, {});
    session.Start(scene);
    crashed.Enqueue(actions::CreatePrimitive(crashed.World(), ecs::MeshShape::kCube));
    crashed.Flush();
    // Gone without saving: the journal stays.
  }
  EditorContext context(options);
  SceneFilesSession session(context, {});
  session.Start(scene);
  REQUIRE(session.Recovery().has_value());
  CHECK(session.Recovery()->contents.entries.size() == 1);
  SECTION("Recover") {
    session.Recover();
    context.Flush();
    session.ProcessPending();
    CHECK_FALSE(session.Recovery().has_value());
    CHECK(context.World().EntityCount() == 1);
    CHECK(context.IsDirty());
  }
  SECTION("Discard") {
    session.DiscardRecovery();
    CHECK_FALSE(session.Recovery().has_value());
    CHECK_FALSE(fs::exists(shared / "level.json.journal"));
    CHECK(context.World().EntityCount() == 0);
  }
}

TEST_CASE("Session: Save As away from the project asks, and Link Project writes the link", "[editor][scene_files][relocation]") {
  Studio studio;
  studio.folder.Write("game/cairn.project.json", R"({"format": "cairn.project", "version": 1, "name": "Game",
    "components": [{"name": "Door", "fields": [{"name": "open", "type": "bool"}]}]})");
  studio.session.Start(studio.folder.Write("game/level.json", R"({"format": "cairn.scene", "version": 3, "entities": [
    {"id": "0000000000000001", "name": "Gate", "parent": null, "order": 0, "components": {"Door": {"open": true}}}],
    "instances": []})"));
  fs::create_directories(studio.folder / "away");
  studio.session.RequestSaveAs();
  studio.session.FileChosen(studio.folder / "away/level.json");
  studio.Frame();
  REQUIRE(studio.session.Relocation().has_value());
  CHECK(studio.session.Relocation()->lost_components == std::vector<std::string>{"Door"});
  CHECK_FALSE(fs::exists(studio.folder / "away/level.json"));
  studio.session.AnswerRelocation(SaveChoice::kLinkProject);
  studio.Frame();
  CHECK_FALSE(studio.session.Relocation().has_value());
  const serialization::LoadResult saved = serialization::LoadSceneFile(studio.folder / "away/level.json");
  REQUIRE(saved.Ok());
  REQUIRE(saved.scene->editor.Find(kProjectLinkKey) != nullptr);
  CHECK(saved.scene->editor.Find(kProjectLinkKey)->AsString() == "../game/cairn.project.json");
  CHECK(studio.context.ScenePath() == studio.folder / "away/level.json");
}
