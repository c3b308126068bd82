#include "replay_tokenizer.h"

#include <cstddef>
#include <stdexcept>

namespace cairn::platform::detail {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

char Unescape(char c) {
  switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case 'n': return '\n';
    case 't': return '\t';
    default: throw std::invalid_argument(std::string("unknown escape '\\") + c + "' in string");
  }
}

// Reads a quoted word starting at line[i] == '"'; returns the index after it.
std::size_t ReadQuoted(std::string_view line, std::size_t i, std::string& word) {
  for (++i; i < line.size(); ++i) {
    if (line[i] == '"') {
      if (i + 1 < line.size() && !IsBlank(line[i + 1])) {
        throw std::invalid_argument("missing blank after closing quote");
      }
      return i + 1;
    }
    if (line[i] == '\\') {
      if (++i == line.size()) break;
      word.push_back(Unescape(line[i]));
    } else {
      word.push_back(line[i]);
    }
  }
  throw std::invalid_argument("unterminated string");
}

}  // namespace

std::vector<std::string> TokenizeReplayLine(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    if (IsBlank(line[i])) {
      ++i;
      continue;
    }
    if (line[i] == '#') break;
    std::string word;
    if (line[i] == '"') {
      i = ReadQuoted(line, i, word);
    } else {
      while (i < line.size() && !IsBlank(line[i])) word.push_back(line[i++]);
    }
    words.push_back(std::move(word));
  }
  return words;
}

}  // namespace cairn::platform::detail
