#include "scene_stream.h"

#include <cstring>
#include <string>
#include <unordered_set>
#include <utility>

#include "cairn/serialization/scene_format.h"
#include "file_input.h"
#include "json_record.h"

namespace cairn::serialization::detail {

namespace {

// The nlohmann SAX handler of a streamed load. The root object's members
// are recorded one by one and kept as Documents, except the elements of
// "entities", each handed to the EntityStream as soon as it is complete.
// Anything the stream does not take stops the parse (Abandoned()).
class StreamHandler {
 public:
  using number_integer_t = Document::number_integer_t;
  using number_unsigned_t = Document::number_unsigned_t;
  using number_float_t = Document::number_float_t;
  using string_t = Document::string_t;
  using binary_t = Document::binary_t;

  StreamHandler(FileKind kind, const LoadOptions& options, DiagnosticSink& sink, EntityStream& entities)
      : kind_(kind), options_(options), sink_(sink), entities_(entities) {}

  bool Abandoned() const { return abandoned_; }
  // Whether the whole text was one object whose entities were streamed.
  bool Complete() const { return root_closed_ && entities_streamed_; }
  const Document& Root() const { return root_; }

  bool null() { return Scalar([](JsonRecord& record) { record.Null(); }); }
  bool boolean(bool value) { return Scalar([value](JsonRecord& record) { record.Bool(value); }); }
  bool number_integer(number_integer_t value) {
    return Scalar([value](JsonRecord& record) { record.Integer(value); });
  }
  bool number_unsigned(number_unsigned_t value) {
    return Scalar([value](JsonRecord& record) { record.Unsigned(value); });
  }
  bool number_float(number_float_t value, const string_t&) {
    return Scalar([value](JsonRecord& record) { record.Float(value); });
  }
  bool string(string_t& value) { return Scalar([&value](JsonRecord& record) { record.String(value); }); }
  bool binary(binary_t&) { return Abandon(); }  // text JSON has no binary values

  bool start_object(std::size_t) {
    if (!Deeper()) return false;
    if (depth_ == 1) return true;  // the root
    if (recording_ == nullptr && !StartRecording()) return false;
    recording_->StartObject();
    return true;
  }
  bool start_array(std::size_t) {
    if (!Deeper()) return false;
    if (depth_ == 1) return Abandon();  // a root that is not an object
    if (depth_ == 2 && key_ == "entities") {  // the stream of entities
      if (!HeaderIsCurrent()) return Abandon();
      in_entities_ = true;
      entities_streamed_ = true;
      root_["entities"] = Document::array();
      return true;
    }
    if (recording_ == nullptr && !StartRecording()) return false;
    recording_->StartArray();
    return true;
  }
  bool end_object() {
    --depth_;
    if (depth_ == 0) {
      root_closed_ = true;
      return true;
    }
    recording_->End();
    return Delivered();
  }
  bool end_array() {
    --depth_;
    if (in_entities_ && depth_ == 1) {
      in_entities_ = false;
      return true;
    }
    recording_->End();
    return Delivered();
  }
  bool key(string_t& key) {
    if (depth_ == 1) {
      if (!root_keys_.insert(key).second) return Abandon();  // the whole-document load names the duplicate
      key_ = key;
      return true;
    }
    recording_->Key(key);
    return true;
  }

  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return Abandon(); }

 private:
  bool Abandon() {
    abandoned_ = true;
    return false;
  }

  bool Deeper() {
    if (++depth_ > options_.max_depth) return Abandon();
    return true;
  }

  // A value starts outside any recording: a member of the root, or an entity.
  bool StartRecording() {
    if (depth_ <= 1 && !in_entities_) return Abandon();  // a scalar root
    recording_ = in_entities_ ? &entity_ : &member_;
    recording_->Clear();
    return true;
  }

  template <typename Add>
  bool Scalar(Add add) {
    if (recording_ == nullptr) {
      ++depth_;  // as if opened, so that StartRecording sees the value's level
      const bool started = StartRecording();
      --depth_;
      if (!started) return false;
    }
    add(*recording_);
    return Delivered();
  }

  // Hands a completed value on: an entity to the stream, a member to the root.
  bool Delivered() {
    if (!recording_->Complete()) return true;
    if (recording_ == &entity_) {
      entities_.Entity(entity_.Root());
    } else {
      root_[key_] = ToDocument(member_.Root(), "/" + EscapePointerToken(key_), sink_);
    }
    recording_ = nullptr;
    return true;
  }

  // Whether format and version, already read, name the current version of
  // this kind of file: only then are the entities read as they come.
  bool HeaderIsCurrent() const {
    const std::string_view format = kind_ == FileKind::kScene ? kSceneFormat : kRuntimeFormat;
    const std::uint64_t version = kind_ == FileKind::kScene ? kSceneVersion : kRuntimeVersion;
    const auto format_it = root_.find("format");
    const auto version_it = root_.find("version");
    return format_it != root_.end() && format_it->is_string() && *format_it == format && version_it != root_.end() &&
           version_it->is_number_unsigned() && version_it->get<std::uint64_t>() == version;
  }

  FileKind kind_;
  const LoadOptions& options_;
  DiagnosticSink& sink_;
  EntityStream& entities_;
  Document root_ = Document::object();
  std::unordered_set<std::string> root_keys_;
  std::string key_;  // the root member being read
  std::size_t depth_ = 0;  // open containers, the root included
  bool in_entities_ = false;
  bool entities_streamed_ = false;
  bool root_closed_ = false;
  bool abandoned_ = false;
  JsonRecord member_;
  JsonRecord entity_;
  JsonRecord* recording_ = nullptr;
};

template <typename Parse>
StreamedLoad Stream(FileKind kind, const LoadOptions& options, Parse parse) {
  StreamedLoad load;
  DiagnosticSink sink(options.max_errors);
  const std::unique_ptr<EntityStream> entities = StreamWorld(kind, options, sink);
  StreamHandler handler(kind, options, sink, *entities);
  if (!parse(handler) || handler.Abandoned() || !handler.Complete()) return load;
  load.taken = true;
  if (CheckHeader(handler.Root(), kind, sink)) {
    load.world = entities->Finish(handler.Root(), kind == FileKind::kScene ? &load.editor : nullptr);
  }
  load.diagnostics = sink.Take();
  return load;
}

}  // namespace

StreamedLoad StreamLoad(std::string_view text, FileKind kind, const LoadOptions& options) {
  // nlohmann takes a NUL byte for the end of the text: the whole-document
  // load reports it.
  if (text.size() > options.max_bytes || std::memchr(text.data(), '\0', text.size()) != nullptr) return {};
  return Stream(kind, options, [text](StreamHandler& handler) {
    return Document::sax_parse(text.begin(), text.end(), &handler, Document::input_format_t::json, true, false);
  });
}

StreamedLoad StreamLoadFile(const std::filesystem::path& path, FileKind kind, const LoadOptions& options) {
  OpenedFile file = OpenRegularFile(path, options.max_bytes);
  if (file.fd < 0) return {};
  FileBytes bytes(file.fd, options.max_bytes);
  return Stream(kind, options, [&bytes](StreamHandler& handler) {
    return Document::sax_parse(bytes.Begin(), bytes.End(), &handler, Document::input_format_t::json, true, false) &&
           !bytes.Failed() && !bytes.SawNul();
  });
}

}  // namespace cairn::serialization::detail

namespace cairn::serialization {

namespace {

using detail::JsonRecord;
using detail::ToDocument;

// Records the value of one member of the root object and stops there: the
// members before it are skipped, not kept.
class MemberPeek {
 public:
  using number_integer_t = Document::number_integer_t;
  using number_unsigned_t = Document::number_unsigned_t;
  using number_float_t = Document::number_float_t;
  using string_t = Document::string_t;
  using binary_t = Document::binary_t;

  explicit MemberPeek(std::string_view key) : key_(key) {}

  std::optional<Document> Value() const {
    if (!value_.Complete()) return std::nullopt;
    DiagnosticSink ignored(1);
    return ToDocument(value_.Root(), "", ignored);
  }

  bool null() { return Scalar([](JsonRecord& record) { record.Null(); }); }
  bool boolean(bool value) { return Scalar([value](JsonRecord& record) { record.Bool(value); }); }
  bool number_integer(number_integer_t value) {
    return Scalar([value](JsonRecord& record) { record.Integer(value); });
  }
  bool number_unsigned(number_unsigned_t value) {
    return Scalar([value](JsonRecord& record) { record.Unsigned(value); });
  }
  bool number_float(number_float_t value, const string_t&) {
    return Scalar([value](JsonRecord& record) { record.Float(value); });
  }
  bool string(string_t& value) { return Scalar([&value](JsonRecord& record) { record.String(value); }); }
  bool binary(binary_t&) { return false; }
  bool start_object(std::size_t) {
    if (recording_) value_.StartObject();
    return Open();
  }
  bool start_array(std::size_t) {
    if (depth_ == 0) return false;  // not an object
    if (recording_) value_.StartArray();
    return Open();
  }
  bool end_object() { return Close(); }
  bool end_array() { return Close(); }
  bool key(string_t& key) {
    if (recording_) {
      value_.Key(key);
    } else {
      recording_ = depth_ == 1 && key == key_;
    }
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) { return false; }

 private:
  template <typename Add>
  bool Scalar(Add add) {
    if (depth_ == 0) return false;  // not an object
    if (!recording_) return true;
    add(value_);
    return !value_.Complete();  // the member was a scalar: done
  }
  bool Open() { return ++depth_ <= ParseLimits{}.max_depth; }
  bool Close() {
    --depth_;
    if (recording_) {
      value_.End();
      return !value_.Complete();
    }
    return depth_ != 0;  // the root closed without the member
  }

  std::string_view key_;
  JsonRecord value_;
  std::size_t depth_ = 0;
  bool recording_ = false;
};

}  // namespace

std::optional<Document> PeekRootMember(std::string_view text, std::string_view key) {
  MemberPeek peek(key);
  Document::sax_parse(text.begin(), text.end(), &peek, Document::input_format_t::json, false, false);
  return peek.Value();
}

std::optional<Document> PeekFileRootMember(const std::filesystem::path& path, std::size_t max_bytes,
                                           std::string_view key) {
  detail::OpenedFile file = detail::OpenRegularFile(path, max_bytes);
  if (file.fd < 0) return std::nullopt;
  detail::FileBytes bytes(file.fd, max_bytes);
  MemberPeek peek(key);
  Document::sax_parse(bytes.Begin(), bytes.End(), &peek, Document::input_format_t::json, false, false);
  return peek.Value();
}

namespace {

std::string FormatOf(const std::optional<Document>& format) {
  return format && format->is_string() ? format->get<std::string>() : std::string();
}

}  // namespace

std::string DeclaredFormat(std::string_view text) { return FormatOf(PeekRootMember(text, "format")); }

std::string DeclaredFileFormat(const std::filesystem::path& path, std::size_t max_bytes) {
  return FormatOf(PeekFileRootMember(path, max_bytes, "format"));
}

}  // namespace cairn::serialization
