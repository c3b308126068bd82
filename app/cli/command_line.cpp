#include "command_line.h"

#include <algorithm>
#include <cstddef>

namespace cairn::cli {

namespace {

bool IsVariadic(std::string_view positional) { return positional.ends_with("..."); }

std::string Quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

const OptionSpec* FindOption(const CommandSpec& spec, std::string_view name) {
  const auto found = std::find_if(spec.options.begin(), spec.options.end(),
                                  [name](const OptionSpec& option) { return option.name == name; });
  return found == spec.options.end() ? nullptr : &*found;
}

std::string OptionUsage(const OptionSpec& option) {
  std::string text(option.name);
  if (!option.value_name.empty()) text += " " + std::string(option.value_name);
  return option.required ? text : "[" + text + "]";
}

void CheckPositionals(const CommandSpec& spec, const std::vector<std::string>& positionals) {
  const bool variadic = !spec.positionals.empty() && IsVariadic(spec.positionals.back());
  if (positionals.size() < spec.positionals.size()) {
    std::string_view missing = spec.positionals[positionals.size()];
    if (IsVariadic(missing)) missing.remove_suffix(3);
    throw UsageError("missing " + std::string(missing));
  }
  if (!variadic && positionals.size() > spec.positionals.size()) {
    throw UsageError("unexpected argument " + Quoted(positionals[spec.positionals.size()]));
  }
  if (std::count(positionals.begin(), positionals.end(), "-") > 1) {
    throw UsageError("standard input ('-') can be read only once");
  }
}

}  // namespace

const std::string* Invocation::Value(std::string_view option) const {
  const auto found = values.find(option);
  return found == values.end() ? nullptr : &found->second;
}

Invocation ParseArguments(const CommandSpec& spec, std::span<const std::string> arguments) {
  Invocation invocation;
  if (std::any_of(arguments.begin(), arguments.end(),
                  [](const std::string& argument) { return argument == "-h" || argument == "--help"; })) {
    invocation.help = true;
    return invocation;
  }
  bool options_ended = false;
  for (std::size_t i = 0; i < arguments.size(); ++i) {
    const std::string& argument = arguments[i];
    if (options_ended || argument == "-" || !argument.starts_with("-")) {
      invocation.positionals.push_back(argument);
      continue;
    }
    if (argument == "--") {
      options_ended = true;
      continue;
    }
    const OptionSpec* option = FindOption(spec, argument);
    if (option == nullptr) throw UsageError("unknown option " + Quoted(argument));
    if (option->value_name.empty()) {
      if (!invocation.flags.insert(argument).second) throw UsageError("option " + Quoted(argument) + " given twice");
      continue;
    }
    if (i + 1 == arguments.size()) {
      throw UsageError("option " + Quoted(argument) + " needs a value (" + std::string(option->value_name) + ")");
    }
    if (!invocation.values.emplace(argument, arguments[++i]).second) {
      throw UsageError("option " + Quoted(argument) + " given twice");
    }
  }
  CheckPositionals(spec, invocation.positionals);
  for (const OptionSpec& option : spec.options) {
    if (option.required && !invocation.values.contains(option.name)) {
      throw UsageError("missing option " + std::string(option.name) + " " + std::string(option.value_name));
    }
  }
  return invocation;
}

std::string UsageLine(const CommandSpec& spec) {
  std::string line = "cairn " + std::string(spec.name);
  for (std::string_view positional : spec.positionals) line += " " + std::string(positional);
  for (const OptionSpec& option : spec.options) line += " " + OptionUsage(option);
  return line;
}

std::string HelpText(const CommandSpec& spec) {
  std::string text = "usage: " + UsageLine(spec) + "\n\n" + std::string(spec.summary) + ".\n";
  if (!spec.description.empty()) text += "\n" + std::string(spec.description);
  text += "\noptions:\n";
  std::vector<std::pair<std::string, std::string_view>> rows;
  for (const OptionSpec& option : spec.options) {
    std::string name(option.name);
    if (!option.value_name.empty()) name += " " + std::string(option.value_name);
    rows.emplace_back(std::move(name), option.help);
  }
  rows.emplace_back("-h, --help", "show this help");
  std::size_t width = 0;
  for (const auto& [name, help] : rows) width = std::max(width, name.size());
  for (const auto& [name, help] : rows) {
    text += "  " + name + std::string(width - name.size() + 2, ' ') + std::string(help) + "\n";
  }
  return text;
}

}  // namespace cairn::cli
