#include "cairn/platform/run_options.h"

#include <set>
#include <string_view>
#include <utility>

#include "text_parsing.h"

namespace cairn::platform {
namespace {

using detail::Quoted;

// An option and, when it takes one, the name of its value in messages.
struct OptionSpec {
  std::string_view name;
  std::string_view value_name;  // empty: a flag without value
  std::string_view help;
};

constexpr OptionSpec kOptions[] = {
    {"--size", "WxH", "window size in screen pixels (default 1280x720)"},
    {"--frames", "N", "quit after N frames"},
    {"--screenshot", "FILE.png", "write the last frame to FILE.png before quitting"},
    {"--replay", "FILE", "drive the UI with a replay script (implies --no-saved-layout)"},
    {"--no-saved-layout", "", "neither read nor write the saved window layout"},
    {"--frame-delay-ms", "MS", "make every frame MS milliseconds slower (tests of slow frames)"},
    {"--no-draw", "", "build every frame but draw none (screenshots refused)"},
    {"--help", "", "print usage and exit"},
};

const OptionSpec* FindOption(std::string_view name) {
  for (const OptionSpec& spec : kOptions) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

// Parses "1280x720" into options.width/height; returns an error or "".
std::string ParseSize(std::string_view value, RunOptions& options) {
  const std::size_t x = value.find('x');
  const auto width = x == std::string_view::npos ? std::nullopt : detail::ParseWholeInt(value.substr(0, x));
  const auto height = x == std::string_view::npos ? std::nullopt : detail::ParseWholeInt(value.substr(x + 1));
  if (!width || !height) {
    return "option '--size' expects WIDTHxHEIGHT (e.g. 1280x720), got " + Quoted(value);
  }
  const auto in_range = [](int side) { return side >= kMinWindowSide && side <= kMaxWindowSide; };
  if (!in_range(*width) || !in_range(*height)) {
    return "option '--size': " + std::string(value) + " is outside " + std::to_string(kMinWindowSide) + "x" +
           std::to_string(kMinWindowSide) + ".." + std::to_string(kMaxWindowSide) + "x" +
           std::to_string(kMaxWindowSide);
  }
  options.width = *width;
  options.height = *height;
  return "";
}

std::string ParseFrames(std::string_view value, RunOptions& options) {
  const auto frames = detail::ParseWholeInt(value);
  if (!frames || *frames < 1) return "option '--frames' expects a whole number of frames >= 1, got " + Quoted(value);
  options.frames = *frames;
  return "";
}

std::string ParseFrameDelay(std::string_view value, RunOptions& options) {
  const auto delay = detail::ParseWholeInt(value);
  if (!delay || *delay < 0 || *delay > kMaxFrameDelayMs) {
    return "option '--frame-delay-ms' expects a whole number of milliseconds from 0 to " +
           std::to_string(kMaxFrameDelayMs) + ", got " + Quoted(value);
  }
  options.frame_delay_ms = *delay;
  return "";
}

bool EndsWithPng(std::string_view path) {
  return path.size() > 4 && detail::AsciiLower(path.substr(path.size() - 4)) == ".png";
}

// Stores the value of one option; returns an error or "".
std::string ApplyValue(const OptionSpec& spec, std::string_view value, RunOptions& options) {
  if (spec.name == "--size") return ParseSize(value, options);
  if (spec.name == "--frames") return ParseFrames(value, options);
  if (spec.name == "--frame-delay-ms") return ParseFrameDelay(value, options);
  if (value.empty()) return "option " + Quoted(spec.name) + " expects " + std::string(spec.value_name) + ", got ''";
  if (spec.name == "--screenshot") {
    if (!EndsWithPng(value)) return "option '--screenshot' expects a .png file, got " + Quoted(value);
    options.screenshot_path = value;
  } else {
    options.replay_path = value;
    options.no_saved_layout = true;
  }
  return "";
}

void ApplyFlag(const OptionSpec& spec, RunOptions& options) {
  if (spec.name == "--help") options.help = true;
  if (spec.name == "--no-saved-layout") options.no_saved_layout = true;
  if (spec.name == "--no-draw") options.draw = false;
}

// Walks the arguments; one instance per parse.
class Parser {
 public:
  explicit Parser(std::span<const std::string> args) : args_(args) {}

  RunOptionsResult Run() {
    for (index_ = 0; index_ < args_.size() && result_.error.empty(); ++index_) {
      ParseOne(args_[index_]);
    }
    if (!result_.options.draw && !result_.options.screenshot_path.empty()) {
      Fail("options '--screenshot' and '--no-draw' exclude each other: a frame not drawn cannot be written");
    }
    return std::move(result_);
  }

 private:
  void ParseOne(std::string_view arg) {
    if (only_positional_ || arg == "-" || !arg.starts_with('-')) {
      result_.options.positional.emplace_back(arg);
    } else if (arg == "--") {
      only_positional_ = true;
    } else if (arg == "-h") {
      result_.options.help = true;
    } else {
      ParseOption(arg);
    }
  }

  void ParseOption(std::string_view arg) {
    const std::size_t equals = arg.find('=');
    const std::string_view name = arg.substr(0, equals);
    const OptionSpec* spec = FindOption(name);
    if (spec == nullptr) return Fail("unknown option " + Quoted(name));
    if (!seen_.insert(std::string(name)).second) return Fail("option " + Quoted(name) + " given twice");
    if (spec->value_name.empty()) {
      if (equals != std::string_view::npos) return Fail("option " + Quoted(name) + " takes no value");
      return ApplyFlag(*spec, result_.options);
    }
    if (equals != std::string_view::npos) return Fail(ApplyValue(*spec, arg.substr(equals + 1), result_.options));
    if (index_ + 1 >= args_.size()) {
      return Fail("option " + Quoted(name) + " needs a value (" + std::string(spec->value_name) + ")");
    }
    Fail(ApplyValue(*spec, args_[++index_], result_.options));
  }

  void Fail(std::string error) {
    if (result_.error.empty()) result_.error = std::move(error);
  }

  std::span<const std::string> args_;
  std::size_t index_ = 0;
  bool only_positional_ = false;
  std::set<std::string> seen_;
  RunOptionsResult result_;
};

}  // namespace

RunOptionsResult ParseRunOptions(std::span<const std::string> args) { return Parser(args).Run(); }

RunOptionsResult ParseRunOptions(int argc, const char* const* argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  return ParseRunOptions(args);
}

std::string RunOptionsHelp() {
  std::string help;
  for (const OptionSpec& spec : kOptions) {
    std::string left = "  " + std::string(spec.name);
    if (!spec.value_name.empty()) left += " " + std::string(spec.value_name);
    left.resize(left.size() < 28 ? 28 : left.size() + 1, ' ');
    help += left + std::string(spec.help) + "\n";
  }
  return help;
}

}  // namespace cairn::platform
