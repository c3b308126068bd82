// cairn-editor [options] [SCENE]
//
// The Cairn level editor. SCENE is a scene file to open; when it does not
// exist yet, the editor starts an empty scene that Save writes there.
// Without SCENE the built-in demo scene opens (untitled). Options are the
// platform's (--size, --frames, --screenshot, --replay, --no-saved-layout)
// and --project DIR: the game project to work in (a folder holding
// cairn.project.json, or the file), instead of the one found walking up from
// SCENE; without SCENE a new untitled scene starts in it.
//
// Split sizes persist in the layout settings and Open Recent in
// "<config>/editor-recent.txt", except in scripted or --no-saved-layout runs.
// With CAIRN_EDITOR_WIDGET_MAP=FILE set, the editor keeps FILE listing where
// its named widgets are (see widget_map.h), for tests driving it with real
// X input. CAIRN_EDITOR_VIEWPORT=off leaves the Viewport out (its place stays
// empty, every other widget where it would be): the tests' quick runs that
// only look for widgets use it.
//
// Replay scripts may use these checks besides the platform's verbs (each
// reads the editor's state as of the last frame; put "wait 1" after the
// input that should have caused it):
//   expect-title TEXT          the scene title, e.g. "level.json *"
//   expect-entity-count N      entities in the scene
//   expect-selection [NAME...] the selected entities' names, in selection order
//   expect-dialog [TITLE]      the dialog showing (no TITLE: none)
//   expect-log TEXT            a Console message contains TEXT

#include <GLFW/glfw3.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cairn/editor/actions.h"
#include "cairn/editor/panels/editor_app.h"
#include "cairn/editor/panels/editor_host.h"
#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"
#include "cairn/platform/frame_loop.h"
#include "cairn/platform/layout_settings.h"
#include "cairn/platform/platform_error.h"
#include "cairn/platform/run_options.h"
#include "cairn/platform/window.h"

namespace {

using cairn::platform::ReplayCommand;

class WindowHost : public cairn::editor::EditorHost {
 public:
  explicit WindowHost(cairn::platform::Window& window) : window_(window) {}
  void SetTitle(const std::string& title) override { window_.SetTitle(title); }
  bool CloseRequested() const override { return window_.CloseRequested(); }
  void DismissCloseRequest() override { window_.ClearCloseRequest(); }
  void Close() override { window_.Close(); }

 private:
  cairn::platform::Window& window_;
};

// Layout setting names of the split sizes.
constexpr const char* kHierarchyWidth = "hierarchy.width";
constexpr const char* kInspectorWidth = "inspector.width";
constexpr const char* kConsoleHeight = "console.height";
constexpr const char* kAssetsHeight = "assets.height";

cairn::editor::PanelSizes SizesFrom(const cairn::platform::LayoutSettings& layout) {
  const cairn::editor::PanelSizes defaults;
  return {layout.Get(kHierarchyWidth, defaults.hierarchy_width), layout.Get(kInspectorWidth, defaults.inspector_width),
          layout.Get(kConsoleHeight, defaults.console_height), layout.Get(kAssetsHeight, defaults.assets_height)};
}

std::string Usage() {
  return "usage: cairn-editor [options] [--project DIR] [SCENE]\n\n"
         "Opens SCENE (created on the first save when it does not exist), or the demo scene.\n"
         "SCENE is read with the components of its game project (the cairn.project.json found\n"
         "walking up from its folder).\n\noptions:\n"
         "  --project DIR" + std::string(13, ' ') + "work in the game project in DIR (or the cairn.project.json\n" +
         std::string(28, ' ') + "named); without SCENE, start a new scene in it\n" +
         "  --trust-module" + std::string(12, ' ') + "run the project's game module without asking first\n" +
         std::string(28, ' ') + "(scripted runs; docs/game-modules.md)\n" +
         cairn::platform::RunOptionsHelp();
}

// The editor's own options, taken out of the arguments before the platform
// reads the rest.
struct EditorArguments {
  std::vector<std::string> platform;  // everything else, in order
  std::optional<std::filesystem::path> project;
  bool trust_module = false;
  std::string error;
};

EditorArguments SplitEditorArguments(int argc, char** argv) {
  EditorArguments split;
  bool options_ended = false;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (!options_ended && argument == "--trust-module") {
      split.trust_module = true;
      continue;
    }
    if (options_ended || argument != "--project") {
      options_ended = options_ended || argument == "--";
      split.platform.push_back(argument);
      continue;
    }
    if (i + 1 == argc) {
      split.error = "option '--project' needs a value (DIR)";
    } else if (split.project) {
      split.error = "option '--project' given twice";
    } else {
      split.project = std::filesystem::path(argv[++i]);
    }
  }
  return split;
}

std::string Joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "'" : ", '") + word + "'";
  return text.empty() ? "nothing" : text;
}

std::vector<cairn::platform::AppReplayVerb> ReplayChecks(cairn::editor::EditorApp& app) {
  using cairn::editor::EditorContext;
  std::vector<cairn::platform::AppReplayVerb> verbs;
  verbs.push_back({{"expect-title", 1, 1, "TEXT"}, [&app](const ReplayCommand& command) {
                     const std::string title = app.Context().Title();
                     if (title != command.args[0]) {
                       throw std::runtime_error("the title is '" + title + "', expected '" + command.args[0] + "'");
                     }
                   }});
  verbs.push_back({{"expect-entity-count", 1, 1, "N"}, [&app](const ReplayCommand& command) {
                     const std::string count = std::to_string(app.Context().World().EntityCount());
                     if (count != command.args[0]) {
                       throw std::runtime_error("the scene has " + count + " entities, expected " + command.args[0]);
                     }
                   }});
  verbs.push_back({{"expect-selection", 0, 1000, "[NAME...]"}, [&app](const ReplayCommand& command) {
                     EditorContext& context = app.Context();
                     std::vector<std::string> names;
                     for (const cairn::ecs::EntityId id : context.GetSelection().Ids()) {
                       names.push_back(cairn::editor::actions::DisplayName(context.World(), id));
                     }
                     if (names != command.args) {
                       throw std::runtime_error("the selection is " + Joined(names) + ", expected " + Joined(command.args));
                     }
                   }});
  verbs.push_back({{"expect-dialog", 0, 1, "[TITLE]"}, [&app](const ReplayCommand& command) {
                     const std::string title = app.DialogTitle();
                     const std::string expected = command.args.empty() ? std::string() : command.args[0];
                     if (title != expected) {
                       throw std::runtime_error("the dialog showing is '" + (title.empty() ? "none" : title) +
                                                "', expected '" + (expected.empty() ? "none" : expected) + "'");
                     }
                   }});
  verbs.push_back({{"expect-log", 1, 1, "TEXT"}, [&app](const ReplayCommand& command) {
                     for (const cairn::editor::LogEntry& entry : app.Context().Log().Entries()) {
                       if (entry.text.find(command.args[0]) != std::string::npos) return;
                     }
                     throw std::runtime_error("no Console message contains '" + command.args[0] + "'");
                   }});
  return verbs;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace cairn;
  const EditorArguments arguments = SplitEditorArguments(argc, argv);
  if (!arguments.error.empty()) {
    std::cerr << "cairn-editor: " << arguments.error << "\n" << Usage();
    return 2;
  }
  const platform::RunOptionsResult parsed = platform::ParseRunOptions(arguments.platform);
  if (!parsed.Ok()) {
    std::cerr << "cairn-editor: " << parsed.error << "\n" << Usage();
    return 2;
  }
  const platform::RunOptions& run = parsed.options;
  if (run.help) {
    std::cout << Usage();
    return 0;
  }
  if (run.positional.size() > 1) {
    std::cerr << "cairn-editor: expected at most one SCENE, got '" << run.positional[1] << "' too\n" << Usage();
    return 2;
  }
  try {
    platform::Window window(platform::WindowOptionsFor("editor", "Cairn", run));
    float scale_x = 1.0f;
    float scale_y = 1.0f;
    glfwGetWindowContentScale(window.Handle(), &scale_x, &scale_y);
    editor::ApplyEditorTheme(scale_x);

    platform::LayoutSettings layout = platform::LayoutSettings::ForApplication("editor", run);
    const std::vector<std::string> layout_problems = layout.Load();

    editor::EditorAppOptions options;
    options.sizes = SizesFrom(layout);
    // The demo scene's meshes (and any untitled scene's) come from the demo folder.
    if (std::error_code error; std::filesystem::is_directory(CAIRN_DEMO_ASSETS_DIR, error)) {
      options.context.untitled_asset_folder = std::filesystem::path(CAIRN_DEMO_ASSETS_DIR);
    }
    options.context.trust_modules = arguments.trust_module;
    if (run.UseSavedLayout()) {
      try {
        options.recent_files = platform::ConfigDirectory() / "editor-recent.txt";
      } catch (const platform::PlatformError&) {
        options.recent_files.clear();  // no configuration folder: this run only
      }
    }
    options.sizes_changed = [&layout](const editor::PanelSizes& sizes) {
      layout.Set(kHierarchyWidth, sizes.hierarchy_width);
      layout.Set(kInspectorWidth, sizes.inspector_width);
      layout.Set(kConsoleHeight, sizes.console_height);
      layout.Set(kAssetsHeight, sizes.assets_height);
      if (!layout.Persistent()) return;
      try {
        layout.Save();
      } catch (const platform::PlatformError& error) {
        std::cerr << "cairn-editor: " << error.what() << "\n";
      }
    };
    if (const char* viewport = std::getenv("CAIRN_EDITOR_VIEWPORT"); viewport != nullptr) {
      options.viewport = std::string(viewport) != "off";
    }
    if (const char* map = std::getenv("CAIRN_EDITOR_WIDGET_MAP"); map != nullptr && *map != '\0') {
      editor::GlobalWidgetMap().SetFile(map);
    }

    WindowHost host(window);
    editor::EditorApp app(host, std::move(options));
    for (const std::string& problem : layout_problems) app.Context().Log().Warning(problem);
    app.Initialize();
    app.Start(run.positional.empty() ? std::nullopt : std::optional<std::filesystem::path>(run.positional[0]),
              arguments.project);

    platform::FrameCallbacks callbacks;
    callbacks.draw_frame = [&app] { app.DrawFrame(); };
    callbacks.app_handles_close = true;
    callbacks.replay_verbs = ReplayChecks(app);
    return platform::RunLoop(window, run, std::move(callbacks));
  } catch (const platform::PlatformError& error) {
    std::cerr << "cairn-editor: " << error.what() << "\n";
    return 1;
  } catch (const std::exception& error) {
    std::cerr << "cairn-editor: " << error.what() << "\n";
    return 1;
  }
}
