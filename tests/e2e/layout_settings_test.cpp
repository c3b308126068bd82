#include "cairn/platform/layout_settings.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cairn/platform/platform_error.h"
#include "cairn/platform/run_options.h"
#include "cairn/test/files.h"

using namespace cairn::platform;

namespace {

// Sets an environment variable for one scope and restores it afterwards.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) ::setenv(name, value, 1); else ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1); else ::unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

std::string ReadAll(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void WriteAll(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

}  // namespace

TEST_CASE("[LayoutSettings] The configuration directory follows XDG, then HOME", "[platform][layout]") {
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "/xdg/config");
    CHECK(ConfigDirectory() == std::filesystem::path("/xdg/config/cairn"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "relative/ignored");
    ScopedEnv home("HOME", "/home/u");
    CHECK(ConfigDirectory() == std::filesystem::path("/home/u/.config/cairn"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    CHECK_THROWS_AS(ConfigDirectory(), PlatformError);
    CHECK_THROWS_WITH(ConfigDirectory(),
                      "no configuration directory: neither XDG_CONFIG_HOME (absolute) nor HOME is set");
  }
}

TEST_CASE("[LayoutSettings] Values round-trip through a sorted text file", "[platform][layout]") {
  cairn::test::TempDir dir;
  const auto file = dir.Path() / "nested" / "editor-layout.txt";
  LayoutSettings saved(file, true);
  saved.Set("inspector.width", 320.0f);
  saved.Set("hierarchy.width", 280.5f);
  saved.Set("console.height", 0.1f);
  saved.Save();
  CHECK(ReadAll(file) == "# cairn layout 1\nconsole.height 0.1\nhierarchy.width 280.5\ninspector.width 320\n");
  CHECK(std::distance(std::filesystem::directory_iterator(file.parent_path()), {}) == 1);  // no temporary file left

  LayoutSettings loaded(file, true);
  CHECK(loaded.Load().empty());
  CHECK(loaded.Values() == saved.Values());
  CHECK(loaded.Get("console.height", 0.0f) == 0.1f);
}

TEST_CASE("[LayoutSettings] Missing values fall back", "[platform][layout]") {
  cairn::test::TempDir dir;
  LayoutSettings settings(dir.Path() / "none.txt", true);
  CHECK(settings.Load().empty());  // no file yet is fine
  CHECK_FALSE(settings.Contains("split"));
  CHECK(settings.Get("split", 0.25f) == 0.25f);
  settings.Set("split", 0.5f);
  CHECK(settings.Contains("split"));
  CHECK(settings.Get("split", 0.25f) == 0.5f);
}

TEST_CASE("[LayoutSettings] A non-persistent instance never touches the file", "[platform][layout]") {
  cairn::test::TempDir dir;
  const auto file = dir.Path() / "layout.txt";
  WriteAll(file, "split 0.75\n");
  LayoutSettings settings(file, false);
  settings.Set("split", 0.5f);
  CHECK(settings.Load().empty());
  CHECK(settings.Get("split", 0.0f) == 0.5f);
  settings.Set("split", 0.1f);
  settings.Save();
  CHECK(ReadAll(file) == "split 0.75\n");
}

TEST_CASE("[LayoutSettings] Unreadable lines are skipped and named", "[platform][layout]") {
  cairn::test::TempDir dir;
  const auto file = dir.Path() / "layout.txt";
  WriteAll(file, "# cairn layout 1\nok 1\nwide\nbad name 2\nsplit wide\n\ninf_value inf\nlast 2\n");
  LayoutSettings settings(file, true);
  const std::vector<std::string> problems = settings.Load();
  const std::string where = file.string();
  CHECK(problems == std::vector<std::string>{
                        where + ":3: expected 'name value', got 'wide'",
                        where + ":4: 'name 2' is not a number",
                        where + ":5: 'wide' is not a number",
                        where + ":7: 'inf' is not a number",
                    });
  CHECK(settings.Get("ok", 0.0f) == 1.0f);
  CHECK(settings.Get("last", 0.0f) == 2.0f);
  CHECK(settings.Values().size() == 2);
}

TEST_CASE("[LayoutSettings] Bad names and values are refused", "[platform][layout]") {
  LayoutSettings settings("unused.txt", false);
  CHECK_THROWS_WITH(settings.Set("a b", 1.0f), "layout setting name 'a b' is not [A-Za-z0-9_.-]+");
  CHECK_THROWS_WITH(settings.Set("", 1.0f), "layout setting name '' is not [A-Za-z0-9_.-]+");
  CHECK_THROWS_WITH(settings.Set("split", std::nanf("")), "layout setting 'split' must be finite");
}

TEST_CASE("[LayoutSettings] A failed save names the file", "[platform][layout]") {
  cairn::test::TempDir dir;
  WriteAll(dir.Path() / "plain-file", "");
  LayoutSettings settings(dir.Path() / "plain-file" / "layout.txt", true);
  settings.Set("split", 1.0f);
  CHECK_THROWS_AS(settings.Save(), PlatformError);
  const std::string directory = (dir.Path() / "plain-file").string();
  CHECK_THROWS_WITH(settings.Save(), Catch::StartsWith("cannot create directory '" + directory + "': "));
}

TEST_CASE("[LayoutSettings] Saving through a symbolic link replaces the file it points to", "[platform][layout]") {
  // Configuration files are often links into a dotfiles repository.
  cairn::test::TempDir dir;
  const auto dotfiles = dir.Path() / "dotfiles" / "editor-layout.txt";
  const auto file = dir.Path() / "config" / "editor-layout.txt";
  std::filesystem::create_directories(dotfiles.parent_path());
  std::filesystem::create_directories(file.parent_path());
  WriteAll(dotfiles, "# cairn layout 1\nsplit 1\n");
  std::filesystem::create_symlink(dotfiles, file);
  LayoutSettings settings(file, true);
  settings.Set("split", 2.0f);
  settings.Save();
  CHECK(std::filesystem::is_symlink(file));
  CHECK(ReadAll(dotfiles) == "# cairn layout 1\nsplit 2\n");
}

TEST_CASE("[LayoutSettings] An application's settings follow its run options", "[platform][layout]") {
  ScopedEnv xdg("XDG_CONFIG_HOME", "/xdg");
  RunOptions interactive;
  const LayoutSettings saved = LayoutSettings::ForApplication("editor", interactive);
  CHECK(saved.Persistent());
  CHECK(saved.File() == std::filesystem::path("/xdg/cairn/editor-layout.txt"));

  RunOptions replay;
  replay.replay_path = "s.txt";
  replay.no_saved_layout = true;
  CHECK_FALSE(LayoutSettings::ForApplication("editor", replay).Persistent());
}
