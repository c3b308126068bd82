#include "json_record.h"

#include <algorithm>
#include <cstring>

namespace cairn::serialization::detail {

namespace {

// A block of the record's copies; a longer string gets a block of its size.
constexpr std::size_t kBlockBytes = 16 * 1024;

}  // namespace

void JsonRecord::Clear() {
  count_ = 0;
  open_.clear();
  pending_key_ = {};
  block_ = 0;
  block_used_ = 0;
}

std::string_view JsonRecord::Keep(std::string_view bytes) {
  if (bytes.empty()) return {};
  while (block_ < blocks_.size() && block_used_ + bytes.size() > blocks_[block_].size()) {
    ++block_;
    block_used_ = 0;
  }
  if (block_ == blocks_.size()) blocks_.emplace_back(std::max(kBlockBytes, bytes.size()));
  char* copy = blocks_[block_].data() + block_used_;
  std::memcpy(copy, bytes.data(), bytes.size());
  block_used_ += bytes.size();
  return {copy, bytes.size()};
}

JsonNode& JsonRecord::Push(JsonNode::Kind kind) {
  if (count_ == nodes_.size()) nodes_.emplace_back();
  JsonNode& node = nodes_[count_++];
  node.kind = kind;
  node.size = 0;
  node.span = 1;
  node.key = {};
  if (!open_.empty()) {
    JsonNode& parent = nodes_[open_.back()];
    ++parent.size;
    if (parent.kind == JsonNode::Kind::kObject) node.key = pending_key_;
  }
  return node;
}

void JsonRecord::Open(JsonNode::Kind kind) {
  Push(kind);
  open_.push_back(count_ - 1);
}

void JsonRecord::End() {
  const std::size_t index = open_.back();
  open_.pop_back();
  nodes_[index].span = static_cast<std::uint32_t>(count_ - index);
}

Document ToDocument(const JsonNode& node, const std::string& pointer, DiagnosticSink& sink) {
  switch (node.kind) {
    case JsonNode::Kind::kNull: return nullptr;
    case JsonNode::Kind::kBool: return node.boolean;
    case JsonNode::Kind::kInteger: return node.integer;
    case JsonNode::Kind::kUnsigned: return node.unsigned_integer;
    case JsonNode::Kind::kFloat: return node.number;
    case JsonNode::Kind::kString: return std::string(node.text);
    case JsonNode::Kind::kArray: {
      Document array = Document::array();
      const JsonNode* child = node.FirstChild();
      for (std::uint32_t i = 0; i < node.size; ++i, child = child->Next()) {
        array.push_back(ToDocument(*child, pointer + "/" + std::to_string(i), sink));
      }
      return array;
    }
    case JsonNode::Kind::kObject: {
      Document object = Document::object();
      auto& members = object.get_ref<Document::object_t&>();
      const JsonNode* child = node.FirstChild();
      for (std::uint32_t i = 0; i < node.size; ++i, child = child->Next()) {
        const auto [it, inserted] = members.emplace(std::string(child->key), nullptr);
        if (!inserted) sink.Error(pointer, DuplicateKeyMessage(child->key));
        it->second = ToDocument(*child, pointer + "/" + EscapePointerToken(child->key), sink);
      }
      return object;
    }
  }
  return nullptr;
}

std::string RecordTree::Found(const Node& node, bool quote_strings) {
  DiagnosticSink ignored(0);
  return DescribeJsonValue(ToDocument(node, "", ignored), quote_strings);
}

}  // namespace cairn::serialization::detail
