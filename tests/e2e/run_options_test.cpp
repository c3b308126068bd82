#include "cairn/platform/run_options.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using cairn::platform::ParseRunOptions;
using cairn::platform::RunOptionsResult;

namespace {

RunOptionsResult Parse(std::vector<std::string> args) { return ParseRunOptions(args); }

std::string ErrorOf(std::vector<std::string> args) { return Parse(std::move(args)).error; }

}  // namespace

TEST_CASE("[RunOptions] No arguments give an interactive 1280x720 run", "[platform][options]") {
  const RunOptionsResult result = Parse({});
  REQUIRE(result.Ok());
  CHECK(result.options.width == 1280);
  CHECK(result.options.height == 720);
  CHECK_FALSE(result.options.frames);
  CHECK_FALSE(result.options.Replaying());
  CHECK(result.options.UseSavedLayout());
  CHECK_FALSE(result.options.Scripted());
  CHECK(result.options.positional.empty());
}

TEST_CASE("[RunOptions] Every option is read, in either spelling", "[platform][options]") {
  const RunOptionsResult result =
      Parse({"--size", "1920x1080", "--frames=30", "--screenshot", "out/shot.PNG", "--replay", "s.txt", "scene.json"});
  REQUIRE(result.Ok());
  CHECK(result.options.width == 1920);
  CHECK(result.options.height == 1080);
  CHECK(result.options.frames == 30);
  CHECK(result.options.screenshot_path == "out/shot.PNG");
  CHECK(result.options.replay_path == "s.txt");
  CHECK(result.options.positional == std::vector<std::string>{"scene.json"});
}

TEST_CASE("[RunOptions] A replay implies no saved layout and a scripted run", "[platform][options]") {
  const RunOptionsResult result = Parse({"--replay", "s.txt"});
  REQUIRE(result.Ok());
  CHECK(result.options.no_saved_layout);
  CHECK_FALSE(result.options.UseSavedLayout());
  CHECK(result.options.Scripted());
}

TEST_CASE("[RunOptions] --frames or --screenshot alone make a scripted run", "[platform][options]") {
  CHECK(Parse({"--frames", "3"}).options.Scripted());
  CHECK(Parse({"--screenshot", "a.png"}).options.Scripted());
  const RunOptionsResult layout_off = Parse({"--no-saved-layout"});
  CHECK_FALSE(layout_off.options.UseSavedLayout());
  CHECK_FALSE(layout_off.options.Scripted());
}

TEST_CASE("[RunOptions] Positional arguments keep their order, '--' and '-' are positional", "[platform][options]") {
  const RunOptionsResult result = Parse({"a.json", "-", "--", "--size", "b"});
  REQUIRE(result.Ok());
  CHECK(result.options.positional == std::vector<std::string>{"a.json", "-", "--size", "b"});
}

TEST_CASE("[RunOptions] -h and --help ask for usage", "[platform][options]") {
  CHECK(Parse({"-h"}).options.help);
  CHECK(Parse({"--help"}).options.help);
}

TEST_CASE("[RunOptions] argv's program name is skipped", "[platform][options]") {
  const char* argv[] = {"cairn-editor", "--frames", "2", "scene.json"};
  const RunOptionsResult result = ParseRunOptions(4, argv);
  REQUIRE(result.Ok());
  CHECK(result.options.frames == 2);
  CHECK(result.options.positional == std::vector<std::string>{"scene.json"});
}

TEST_CASE("[RunOptions] Errors name the argument", "[platform][options]") {
  CHECK(ErrorOf({"--sise", "1x1"}) == "unknown option '--sise'");
  CHECK(ErrorOf({"-x"}) == "unknown option '-x'");
  CHECK(ErrorOf({"--size"}) == "option '--size' needs a value (WxH)");
  CHECK(ErrorOf({"--replay"}) == "option '--replay' needs a value (FILE)");
  CHECK(ErrorOf({"--size", "12x"}) == "option '--size' expects WIDTHxHEIGHT (e.g. 1280x720), got '12x'");
  CHECK(ErrorOf({"--size", "800 x 600"}) == "option '--size' expects WIDTHxHEIGHT (e.g. 1280x720), got '800 x 600'");
  CHECK(ErrorOf({"--size=10x10"}) == "option '--size': 10x10 is outside 64x64..16384x16384");
  CHECK(ErrorOf({"--frames", "0"}) == "option '--frames' expects a whole number of frames >= 1, got '0'");
  CHECK(ErrorOf({"--frames", "ten"}) == "option '--frames' expects a whole number of frames >= 1, got 'ten'");
  CHECK(ErrorOf({"--screenshot", "a.jpg"}) == "option '--screenshot' expects a .png file, got 'a.jpg'");
  CHECK(ErrorOf({"--replay="}) == "option '--replay' expects FILE, got ''");
  CHECK(ErrorOf({"--size", "800x600", "--size", "640x480"}) == "option '--size' given twice");
  CHECK(ErrorOf({"--no-saved-layout=yes"}) == "option '--no-saved-layout' takes no value");
}

TEST_CASE("[RunOptions] --frame-delay-ms slows frames without making the run scripted", "[platform][options]") {
  CHECK(Parse({}).options.frame_delay_ms == 0);
  const RunOptionsResult result = Parse({"--frame-delay-ms", "200"});
  REQUIRE(result.Ok());
  CHECK(result.options.frame_delay_ms == 200);
  CHECK_FALSE(result.options.Scripted());
  CHECK(Parse({"--frame-delay-ms=0"}).options.frame_delay_ms == 0);
  CHECK(ErrorOf({"--frame-delay-ms", "-1"}) ==
        "option '--frame-delay-ms' expects a whole number of milliseconds from 0 to 10000, got '-1'");
  CHECK(ErrorOf({"--frame-delay-ms", "fast"}) ==
        "option '--frame-delay-ms' expects a whole number of milliseconds from 0 to 10000, got 'fast'");
  CHECK(ErrorOf({"--frame-delay-ms"}) == "option '--frame-delay-ms' needs a value (MS)");
}

TEST_CASE("[RunOptions] --no-draw builds frames without drawing them, and refuses --screenshot", "[platform][options]") {
  CHECK(Parse({}).options.draw);
  const RunOptionsResult result = Parse({"--replay", "s.txt", "--no-draw"});
  REQUIRE(result.Ok());
  CHECK_FALSE(result.options.draw);
  CHECK(result.options.Scripted());
  CHECK_FALSE(Parse({"--no-draw"}).options.Scripted());
  const std::string excluded =
      "options '--screenshot' and '--no-draw' exclude each other: a frame not drawn cannot be written";
  CHECK(ErrorOf({"--no-draw", "--screenshot", "a.png"}) == excluded);
  CHECK(ErrorOf({"--screenshot", "a.png", "--no-draw"}) == excluded);
  CHECK(ErrorOf({"--no-draw=yes"}) == "option '--no-draw' takes no value");
}

TEST_CASE("[RunOptions] The first error wins", "[platform][options]") {
  CHECK(ErrorOf({"--frames", "x", "--bogus"}) == "option '--frames' expects a whole number of frames >= 1, got 'x'");
}

TEST_CASE("[RunOptions] The help text lists every option", "[platform][options]") {
  const std::string help = cairn::platform::RunOptionsHelp();
  for (const char* option : {"--size WxH", "--frames N", "--screenshot FILE.png", "--replay FILE", "--no-saved-layout",
                             "--frame-delay-ms MS", "--no-draw", "--help"}) {
    CHECK_THAT(help, Catch::Contains(option));
  }
}
