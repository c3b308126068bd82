// A scene's project link (serialization/project_link.h): what it names,
// relative to the scene's folder, and the problem of a link that gives no
// project.

#include "cairn/serialization/project_link.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "test_support.h"

namespace {

namespace fs = std::filesystem;
using namespace cairn::serialization;
using cairn::ecs::PlainValue;

struct Folder {
  fs::path root = fs::temp_directory_path() / ("cairn-project-link-" + std::to_string(::getpid()));
  Folder() {
    fs::remove_all(root);
    fs::create_directories(root / "game");
    fs::create_directories(root / "work/a");
    std::ofstream(root / "game/cairn.project.json") << R"({"format": "cairn.project", "version": 1, "name": "G", "components": []})";
  }
  ~Folder() { fs::remove_all(root); }
  fs::path Write(const std::string& name, const std::string& text) const {
    std::ofstream(root / name) << text;
    return root / name;
  }
};

PlainValue EditorLinking(const std::string& link) {
  PlainValue editor = PlainValue::MakeObject();
  editor.Add(std::string(kProjectLinkKey), link);
  return editor;
}

}  // namespace

TEST_CASE("a project link names its file relative to the scene's folder", "[project_link]") {
  const Folder folder;
  const fs::path project = (folder.root / "game/cairn.project.json").lexically_normal();

  const ProjectLink link = ProjectLinkOf(folder.root / "work/a/level.json", EditorLinking("../../game/cairn.project.json"));

  CHECK(link.named == project);
  CHECK(link.project == project);
  CHECK_FALSE(link.problem.has_value());
  // An absolute link is taken as it is.
  CHECK(ProjectLinkOf(folder.root / "work/a/level.json", EditorLinking(project.string())).project == project);
}

TEST_CASE("a scene without a project link has none and no problem", "[project_link]") {
  const Folder folder;
  const ProjectLink empty = ProjectLinkOf(folder.root / "level.json", PlainValue::MakeObject());
  CHECK_FALSE(empty.Linked());
  CHECK_FALSE(empty.problem.has_value());
  const ProjectLink plain = ProjectLinkOf(folder.root / "level.json",
                                          std::string_view(R"({"format": "cairn.scene", "version": 3, "entities": []})"));
  CHECK_FALSE(plain.Linked());
  CHECK_FALSE(plain.problem.has_value());
  // A text that does not parse has no link: loading it reports why.
  CHECK_FALSE(ProjectLinkOf(folder.root / "level.json", std::string_view(R"({"editor": {"project": )")).Linked());
  CHECK_FALSE(ReadProjectLink(folder.root / "missing.json").Linked());
}

TEST_CASE("a project link naming no file is a warning at /editor/project naming that file", "[project_link]") {
  const Folder folder;
  const fs::path gone = (folder.root / "gone/cairn.project.json").lexically_normal();

  const ProjectLink link = ProjectLinkOf(folder.root / "work/level.json", EditorLinking("../gone/cairn.project.json"));

  CHECK(link.named == gone);
  CHECK_FALSE(link.project.has_value());
  REQUIRE(link.problem.has_value());
  CHECK(link.problem->severity == Diagnostic::Severity::kWarning);
  CHECK(link.problem->pointer == "/editor/project");
  CHECK(link.problem->message == "its project link names " + gone.string() + ", which is not a file");
  // A folder is not a project file either.
  CHECK_FALSE(ProjectLinkOf(folder.root / "work/level.json", EditorLinking("../game")).project.has_value());
}

TEST_CASE("a project link that is not a path is a warning", "[project_link]") {
  const Folder folder;
  PlainValue editor = PlainValue::MakeObject();
  editor.Add(std::string(kProjectLinkKey), 3.0);

  const ProjectLink number = ProjectLinkOf(folder.root / "level.json", editor);
  const ProjectLink empty = ProjectLinkOf(folder.root / "level.json", EditorLinking(""));

  CHECK_FALSE(number.Linked());
  REQUIRE(number.problem.has_value());
  CHECK(number.problem->pointer == "/editor/project");
  CHECK(number.problem->message.starts_with("its project link is not a path"));
  CHECK(empty.problem.has_value());
}

TEST_CASE("a scene file's project link is read from its text", "[project_link]") {
  const Folder folder;
  const fs::path scene = folder.Write(
      "work/level.json",
      R"({"format": "cairn.scene", "version": 3, "editor": {"project": "../game/cairn.project.json"}, "entities": []})");

  const ProjectLink link = ReadProjectLink(scene);

  CHECK(link.project == (folder.root / "game/cairn.project.json").lexically_normal());
  CHECK_FALSE(link.problem.has_value());
}
