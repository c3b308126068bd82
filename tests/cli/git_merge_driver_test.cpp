// `cairn merge` as git's merge driver (docs/merge.md), in a real repository.

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "cairn/serialization/scene_merge.h"
#include "cli_test_support.h"

namespace {

using namespace cairn::cli::test;

constexpr const char* kRoom = "1000000000000001";
constexpr const char* kCrate = "3f2a9c0d41be7e10";

// Runs git in `repo`, isolated from the user's and the system's git
// configuration.
ProcessResult Git(const TempDir& repo, std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), {"HOME=" + repo.Path().string(), "GIT_CONFIG_NOSYSTEM=1", "git"});
  return Run("env", arguments, repo.Path() / "work");
}

void RequireGit(const TempDir& repo, std::vector<std::string> arguments) {
  const ProcessResult result = Git(repo, arguments);
  INFO(result.out << result.err);
  REQUIRE(result.exit_code == 0);
}

// A repository whose main branch holds level.scene (`base`), with the
// configuration docs/merge.md gives.
void SetUpRepository(const TempDir& repo, const Document& base) {
  std::filesystem::create_directories(repo / "work");
  RequireGit(repo, {"init", "-q", "-b", "main"});
  RequireGit(repo, {"config", "user.name", "Cairn Test"});
  RequireGit(repo, {"config", "user.email", "cairn-test@example.com"});
  RequireGit(repo, {"config", "merge.cairn.name", "Cairn scene merge"});
  RequireGit(repo, {"config", "merge.cairn.driver", "'" + CairnBinary().string() + "' merge %O %A %B -o %A"});
  WriteText(repo.Path() / "work" / ".gitattributes", "*.scene merge=cairn\n");
  WriteText(repo.Path() / "work" / "level.scene", Canonical(base));
  RequireGit(repo, {"add", ".gitattributes", "level.scene"});
  RequireGit(repo, {"commit", "-q", "-m", "base"});
}

void CommitOnBranch(const TempDir& repo, const std::string& branch, bool create, const Document& scene) {
  if (create) {
    RequireGit(repo, {"checkout", "-q", "-b", branch});
  } else {
    RequireGit(repo, {"checkout", "-q", branch});
  }
  WriteText(repo.Path() / "work" / "level.scene", Canonical(scene));
  RequireGit(repo, {"commit", "-q", "-a", "-m", branch});
}

Document BaseScene() { return Scene({Entity(kRoom, "Room"), Entity(kCrate, "Crate", kRoom)}); }

}  // namespace

TEST_CASE("git merges scenes with cairn merge where a line-by-line merge goes wrong", "[cli][merge][git]") {
  const TempDir repo("git");
  const Document base = BaseScene();
  SetUpRepository(repo, base);
  // Both branches add a child at the end of Room and edit Crate's Transform.
  Document theirs = base, ours = base;
  theirs["entities"].push_back(Entity("5000000000000005", "Lamp", kRoom, 1));
  EntityIn(theirs, kCrate)["components"]["Transform"]["scale"] = {2, 2, 2};
  ours["entities"].push_back(Entity("4000000000000004", "Barrel", kRoom, 1));
  EntityIn(ours, kCrate)["components"]["Transform"]["position"] = {1, 0, 0};
  CommitOnBranch(repo, "theirs", true, theirs);
  CommitOnBranch(repo, "main", false, ours);

  Document expected = ours;
  EntityIn(expected, kCrate)["components"]["Transform"]["scale"] = {2, 2, 2};
  expected["entities"].push_back(Entity("5000000000000005", "Lamp", kRoom, 2));

  // Line by line, the merge stops or goes wrong (git 2.39 puts theirs'
  // scale on Barrel, whose lines look like Crate's).
  WriteText(repo / "base.txt", Canonical(base));
  WriteText(repo / "ours.txt", Canonical(ours));
  WriteText(repo / "theirs.txt", Canonical(theirs));
  const ProcessResult by_lines = Run("git", {"merge-file", "-p", "ours.txt", "base.txt", "theirs.txt"}, repo.Path());
  REQUIRE((by_lines.exit_code != 0 || by_lines.out != Canonical(expected)));

  const ProcessResult merge = Git(repo, {"merge", "-q", "--no-edit", "theirs"});

  INFO(merge.out << merge.err);
  REQUIRE(merge.exit_code == 0);
  REQUIRE(ReadText(repo.Path() / "work" / "level.scene") == Canonical(expected));
  REQUIRE(Git(repo, {"status", "--porcelain"}).out.empty());
}

TEST_CASE("git stops on a true conflict with cairn's report and ours in the file", "[cli][merge][git]") {
  const TempDir repo("git");
  const Document base = BaseScene();
  SetUpRepository(repo, base);
  Document theirs = base, ours = base;
  EntityIn(theirs, kCrate)["components"]["Transform"]["position"] = {2, 0, 0};
  EntityIn(ours, kCrate)["components"]["Transform"]["position"] = {1, 0, 0};
  CommitOnBranch(repo, "theirs", true, theirs);
  CommitOnBranch(repo, "main", false, ours);

  const ProcessResult merge = Git(repo, {"merge", "--no-edit", "theirs"});

  REQUIRE(merge.exit_code == 1);
  REQUIRE(merge.out.find("conflict: entity 3f2a9c0d41be7e10 (Crate): Transform.position changed to [1,0,0] in ours "
                         "and [2,0,0] in theirs\n") != std::string::npos);
  REQUIRE(ReadText(repo.Path() / "work" / "level.scene") == Canonical(ours));
  REQUIRE(Git(repo, {"status", "--porcelain"}).out == "UU level.scene\n");
}
