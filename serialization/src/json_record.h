#pragma once
// One JSON value recorded from a SAX parse into a flat, reusable tree: the
// streaming loader records each entity of a scene into it, reads the entity
// from it, and clears it for the next one without giving back its memory.
// A value's children follow it in order; `span` skips a whole subtree.
// Keys and strings are views of the record's own copies of their bytes,
// good until the record is cleared.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cairn/serialization/diagnostic.h"
#include "cairn/serialization/document.h"

namespace cairn::serialization::detail {

struct JsonNode {
  enum class Kind : std::uint8_t { kNull, kBool, kInteger, kUnsigned, kFloat, kString, kArray, kObject };

  Kind kind = Kind::kNull;
  bool boolean = false;
  std::int64_t integer = 0;
  std::uint64_t unsigned_integer = 0;
  double number = 0.0;
  std::string_view text;     // a string's value
  std::string_view key;      // the member's key, when the parent is an object
  std::uint32_t size = 0;    // arrays and objects: how many children
  std::uint32_t span = 1;    // nodes in this subtree, itself included

  bool IsObject() const { return kind == Kind::kObject; }
  bool IsString() const { return kind == Kind::kString; }
  // The first child (when size > 0) and the sibling after this node.
  const JsonNode* FirstChild() const { return this + 1; }
  const JsonNode* Next() const { return this + span; }
};

class JsonRecord {
 public:
  // Forgets the recorded value, keeping the memory for the next one.
  void Clear();
  bool Empty() const { return count_ == 0; }
  // Whether a whole value has been recorded (every container closed).
  bool Complete() const { return count_ != 0 && open_.empty(); }
  const JsonNode& Root() const { return nodes_.front(); }

  void Null() { Push(JsonNode::Kind::kNull); }
  void Bool(bool value) { Push(JsonNode::Kind::kBool).boolean = value; }
  void Integer(std::int64_t value) { Push(JsonNode::Kind::kInteger).integer = value; }
  void Unsigned(std::uint64_t value) { Push(JsonNode::Kind::kUnsigned).unsigned_integer = value; }
  void Float(double value) { Push(JsonNode::Kind::kFloat).number = value; }
  void String(std::string_view value) { Push(JsonNode::Kind::kString).text = Keep(value); }
  void Key(std::string_view key) { pending_key_ = Keep(key); }
  void StartObject() { Open(JsonNode::Kind::kObject); }
  void StartArray() { Open(JsonNode::Kind::kArray); }
  void End();

 private:
  JsonNode& Push(JsonNode::Kind kind);
  void Open(JsonNode::Kind kind);
  // A copy of `bytes` that stays where it is until Clear.
  std::string_view Keep(std::string_view bytes);

  std::vector<JsonNode> nodes_;  // nodes_[0, count_) hold the value
  std::size_t count_ = 0;
  std::vector<std::size_t> open_;  // indices of the open containers
  std::string_view pending_key_;
  // The copies of keys and strings: blocks that never move, filled in
  // turn; Clear starts again at the first.
  std::vector<std::vector<char>> blocks_;
  std::size_t block_ = 0;       // the block being filled
  std::size_t block_used_ = 0;  // its bytes taken
};

// The recorded value as a Document. Reports each duplicate key at its
// object's pointer, under `pointer` (the value's own), as ParseDocument
// does; the last of them wins.
Document ToDocument(const JsonNode& node, const std::string& pointer, DiagnosticSink& sink);

// ecs::DecodeField's view of a recorded value (see DocumentTree).
struct RecordTree {
  using Node = JsonNode;
  using Kind = JsonNode::Kind;
  static bool IsNull(const Node& node) { return node.kind == Kind::kNull; }
  static bool IsBool(const Node& node) { return node.kind == Kind::kBool; }
  static bool IsString(const Node& node) { return node.kind == Kind::kString; }
  static bool IsArray(const Node& node) { return node.kind == Kind::kArray; }
  static bool IsNumber(const Node& node) {
    return node.kind == Kind::kInteger || node.kind == Kind::kUnsigned || node.kind == Kind::kFloat;
  }
  static bool IsInteger(const Node& node) { return node.kind == Kind::kInteger || node.kind == Kind::kUnsigned; }
  static std::optional<std::int64_t> Integer(const Node& node) {
    if (node.kind == Kind::kInteger) return node.integer;
    if (node.unsigned_integer > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
    return static_cast<std::int64_t>(node.unsigned_integer);
  }
  static bool Bool(const Node& node) { return node.boolean; }
  static double Number(const Node& node) {
    if (node.kind == Kind::kInteger) return static_cast<double>(node.integer);
    if (node.kind == Kind::kUnsigned) return static_cast<double>(node.unsigned_integer);
    return node.number;
  }
  static std::string_view String(const Node& node) { return node.text; }
  static std::size_t Size(const Node& node) { return node.size; }
  static const Node& At(const Node& node, std::size_t index) {
    const Node* child = node.FirstChild();
    for (std::size_t i = 0; i < index; ++i) child = child->Next();
    return *child;
  }
  static std::string Found(const Node& node, bool quote_strings);
};

}  // namespace cairn::serialization::detail
