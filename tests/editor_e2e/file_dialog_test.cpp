#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include <cstdlib>

#include "cairn/editor/panels/file_dialog.h"
#include "cairn/test/files.h"
#include "headless_editor.h"

using cairn::editor::FolderEntry;
using cairn::editor::ListFolder;
using cairn::editor::ResolveTypedPath;
using cairn::editor::testing::HeadlessEditor;
using cairn::test::TempDir;

namespace {

std::vector<std::string> Names(const std::vector<FolderEntry>& entries) {
  std::vector<std::string> names;
  for (const FolderEntry& entry : entries) names.push_back(entry.is_folder ? entry.name + "/" : entry.name);
  return names;
}

}  // namespace

TEST_CASE("The file dialog lists folders, then .json files, each by name ignoring case", "[editor_panels][file_dialog]") {
  TempDir folder;
  folder.Write("b.json", "{}");
  folder.Write("A.JSON", "{}");
  folder.Write("notes.txt", "x");
  folder.Write(".hidden.json", "{}");
  folder.Write("zeta/x.json", "{}");
  folder.Write("Alpha/y.json", "{}");
  folder.Write(".git/config", "x");
  const auto listing = ListFolder(folder.Path());
  CHECK(listing.error.empty());
  CHECK(Names(listing.entries) == std::vector<std::string>{"Alpha/", "zeta/", "A.JSON", "b.json"});
  CHECK(listing.entries[3].size == 2);
}

TEST_CASE("A folder that cannot be read is named in the listing's error", "[editor_panels][file_dialog]") {
  const auto listing = ListFolder("/no/such/folder");
  CHECK(listing.entries.empty());
  CHECK_THAT(listing.error, Catch::StartsWith("cannot read the folder /no/such/folder: "));
}

TEST_CASE("Typed paths resolve against the dialog's folder", "[editor_panels][file_dialog]") {
  CHECK(ResolveTypedPath("/a/b", "level.json") == "/a/b/level.json");
  CHECK(ResolveTypedPath("/a/b", "../c/level.json") == "/a/c/level.json");
  CHECK(ResolveTypedPath("/a/b", "/x/y.json") == "/x/y.json");
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home == '/') {
    CHECK(ResolveTypedPath("/a", "~/s.json") == std::filesystem::path(home) / "s.json");
  }
}

TEST_CASE("Save As takes a path typed into its focused field and adds .json", "[editor_panels][file_dialog]") {
  TempDir folder;
  HeadlessEditor editor;
  editor.Frames(2);
  editor.Key(GLFW_KEY_S, true, true);  // Ctrl+Shift+S
  editor.Frames(3);
  REQUIRE(editor.App().Files().DialogTitle() == "Save Scene As");
  editor.Type((folder / "typed").string());
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(std::filesystem::exists(folder / "typed.json"));
  CHECK(editor.Context().Title() == "typed.json");
}

TEST_CASE("The file dialog walks folders with the keyboard", "[editor_panels][file_dialog]") {
  TempDir folder;
  folder.Write("inner/deep.json", R"({"format": "cairn.scene", "version": 1, "entities": []})");
  HeadlessEditor editor;
  editor.Frames(2);
  editor.Key(GLFW_KEY_O, true);
  editor.Frames(3);
  REQUIRE(editor.App().Files().DialogTitle() == "Open Scene");
  editor.Type(folder.Path().string());  // a folder: Enter opens it
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  editor.Key(GLFW_KEY_DOWN);  // ".."
  editor.Key(GLFW_KEY_DOWN);  // "inner"
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  editor.Key(GLFW_KEY_DOWN);  // ".."
  editor.Key(GLFW_KEY_DOWN);  // "deep.json"
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(3);
  CHECK(editor.App().Files().DialogTitle().empty());
  CHECK(editor.Context().ScenePath() == folder / "inner/deep.json");
}

TEST_CASE("Backspace in an empty path field goes up one folder", "[editor_panels][file_dialog]") {
  TempDir folder;
  folder.Write("sub/a.json", "{}");
  HeadlessEditor editor;
  editor.Frames(2);
  editor.Key(GLFW_KEY_O, true);
  editor.Frames(3);
  editor.Type((folder / "sub").string());
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(3);
  editor.Key(GLFW_KEY_BACKSPACE);
  editor.Frames(2);
  editor.Type("sub/a.json");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(3);
  // a.json is no scene: the open fails, but it was looked for in the right place.
  CHECK(editor.App().Files().DialogTitle() == "Cannot open 'a.json'");
}

TEST_CASE("A 20,000-character paste into the path field is cut to 4,096 bytes", "[editor_panels][file_dialog][long_text]") {
  TempDir folder;
  HeadlessEditor editor;
  editor.App().Start(folder / "level.json");
  editor.Frames(2);
  editor.Key(GLFW_KEY_S, true, true);  // Ctrl+Shift+S
  editor.Frames(3);
  REQUIRE(editor.App().Files().DialogTitle() == "Save Scene As");
  ImGui::SetClipboardText(std::string(20000, 'p').c_str());
  editor.Key(GLFW_KEY_A, true);
  editor.Key(GLFW_KEY_V, true);
  editor.Frames(2);
  CHECK(editor.LargestDrawListVertices() < 65536);
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(3);
  // The name typed is 4,096 p's, too long for any file system: the save fails naming it.
  CHECK(editor.App().Files().DialogTitle() == "Cannot save '" + std::string(4096, 'p') + ".json'");
  CHECK(editor.LargestDrawListVertices() < 65536);
}
