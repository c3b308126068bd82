#pragma once
// A parsed JSON document, as the loaders, migrations and schemas see it.
//
// Objects keep their keys sorted (member order carries no meaning in JSON),
// numbers keep their kind (integer, unsigned, double). ParseDocument is
// stricter than nlohmann::json::parse: it refuses duplicate keys, numbers
// that overflow a double, nesting past a bound and any byte after the
// document (a NUL included), and it names the place of every problem as a
// JSON pointer, or a line, column and byte offset.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cairn/serialization/diagnostic.h"

namespace cairn::serialization {

using Document = nlohmann::json;

struct ParseLimits {
  std::size_t max_bytes = std::size_t{1} << 30;
  std::size_t max_depth = 64;  // the root object is depth 1
};

// Parses strict UTF-8 JSON. Reports into `sink`:
//   ""          "the document is N bytes, over the limit of M bytes"
//   ""          "not valid JSON at line L, column C: <reason>"
//   ""          "not valid JSON at line L, column C (byte offset N): a NUL byte, ..."
//   ""          "not valid JSON at line L, column C (byte offset N): K bytes after
//                the end of the document, starting '<0x00>garbage'"
//   pointer     "nesting deeper than the limit of N levels"
//   pointer     "expected a finite number, found 1e999"
//   object      "duplicate key \"id\""
// Returns nullopt when the text is not one JSON document (nothing but
// whitespace may follow it, not even a NUL byte). A document with duplicate
// keys (the last value wins) or with numbers too large for a double (null
// in their place, a DiagnosticSink::PlaceholderError) is returned with its
// errors recorded, so that a caller can go on checking it and report every
// problem; it must still refuse it.
//
// A number with a fraction or exponent is kept as the nearest double. Every
// float written by AppendFloat reads back exactly through that double.
std::optional<Document> ParseDocument(std::string_view text, const ParseLimits& limits, DiagnosticSink& sink);

// The "format" the root object of a document declares ("cairn.scene",
// "cairn.runtime", "cairn.project"), read without parsing past it; "" when
// the text is not a JSON object with a string "format" (or has a syntax
// error before it). DeclaredFileFormat reads no more of the file than that;
// a file that cannot be read (ReadFileText) has "".
std::string DeclaredFormat(std::string_view text);

// The value of the root object's member `key`, read without parsing past it;
// nullopt when the text is not an object with that member (or has a syntax
// error before the member's end). Duplicate keys inside it are not reported.
std::optional<Document> PeekRootMember(std::string_view text, std::string_view key);
std::optional<Document> PeekFileRootMember(const std::filesystem::path& path, std::size_t max_bytes,
                                           std::string_view key);
std::string DeclaredFileFormat(const std::filesystem::path& path, std::size_t max_bytes);

// "duplicate key \"id\"": how every reader of JSON objects reports a key
// written twice.
std::string DuplicateKeyMessage(std::string_view key);

// How a value reads in a message: "null", "true", "1.5", "a string"
// (or "\"text\"" when quote_strings is set), "an array of 2 elements",
// "an object".
std::string DescribeJsonValue(const Document& value, bool quote_strings = false);

}  // namespace cairn::serialization
