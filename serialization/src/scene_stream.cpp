#include "scene_stream.h"

#include <algorithm>
#include <functional>
#include <string>
#include <unordered_set>
#include <utility>

#include "cairn/serialization/scene_format.h"
#include "file_input.h"
#include "json_record.h"
#include "json_scanner.h"

namespace cairn::serialization::detail {

namespace {

// The SAX handler (json_scanner.h) of a streamed load. The root object's members
// are recorded one by one and kept as Documents, except the elements of
// "entities", each handed to the EntityStream as soon as it is complete.
// Anything the stream does not take stops the parse (Abandoned()).
class StreamHandler {
 public:
  using number_integer_t = Document::number_integer_t;
  using number_unsigned_t = Document::number_unsigned_t;
  using number_float_t = Document::number_float_t;

  // `size`: the bytes of the whole text.
  StreamHandler(FileKind kind, const LoadOptions& options, DiagnosticSink& sink, EntityStream& entities,
                std::size_t size)
      : kind_(kind), options_(options), sink_(sink), entities_(entities), size_(size) {}

  void Follow(std::function<std::size_t()> position) { position_ = std::move(position); }

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
  bool number_float(number_float_t value) {
    return Scalar([value](JsonRecord& record) { record.Float(value); });
  }
  bool string(std::string_view value) { return Scalar([value](JsonRecord& record) { record.String(value); }); }

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
      entities_start_ = position_ ? position_() : 0;
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
  bool key(std::string_view key) {
    if (depth_ == 1) {
      if (!root_keys_.emplace(key).second) return Abandon();  // the whole-document load names the duplicate
      key_ = key;
      return true;
    }
    recording_->Key(key);
    return true;
  }

  void SyntaxError() { Abandon(); }

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
      if (++entity_count_ == kSampledEntities) ExpectEntities();
    } else {
      root_[key_] = ToDocument(member_.Root(), "/" + EscapePointerToken(key_), sink_);
    }
    recording_ = nullptr;
    return true;
  }

  // Once the first entities have arrived, the world makes room for as many
  // as the rest of the text holds at their size (a sixteenth more): without
  // it, its tables would grow by doubling, copying themselves each time and
  // keeping up to twice the room they need.
  void ExpectEntities() {
    if (!position_) return;
    const std::size_t read = position_() - entities_start_;
    if (read == 0) return;
    const double per_entity = static_cast<double>(read) / static_cast<double>(entity_count_);
    const auto expected = static_cast<std::size_t>(static_cast<double>(size_ - entities_start_) / per_entity * 1.0625);
    entities_.Expect(std::min(expected, options_.max_entities));
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

  static constexpr std::size_t kSampledEntities = 1024;

  FileKind kind_;
  const LoadOptions& options_;
  DiagnosticSink& sink_;
  EntityStream& entities_;
  std::size_t size_;
  std::function<std::size_t()> position_;
  std::size_t entities_start_ = 0;  // where the array of entities begins
  std::size_t entity_count_ = 0;
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
StreamedLoad Stream(FileKind kind, const LoadOptions& options, std::size_t size, Parse parse) {
  StreamedLoad load;
  DiagnosticSink sink(options.max_errors);
  const std::unique_ptr<EntityStream> entities = StreamWorld(kind, options, sink);
  StreamHandler handler(kind, options, sink, *entities, size);
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
  if (text.size() > options.max_bytes) return {};
  return Stream(kind, options, text.size(), [text](StreamHandler& handler) {
    return ScanJsonFollowed(text.data(), text.data() + text.size(), handler);
  });
}

StreamedLoad StreamLoadFile(const std::filesystem::path& path, FileKind kind, const LoadOptions& options) {
  OpenedFile file = OpenRegularFile(path, options.max_bytes);
  if (file.fd < 0) return {};
  FileBytes bytes(file.fd, options.max_bytes);
  return Stream(kind, options, file.size, [&bytes](StreamHandler& handler) {
    return ScanJsonFollowed(bytes.Begin(), bytes.End(), handler) && !bytes.Failed();
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
  bool number_float(number_float_t value) {
    return Scalar([value](JsonRecord& record) { record.Float(value); });
  }
  bool string(std::string_view value) { return Scalar([value](JsonRecord& record) { record.String(value); }); }
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
  bool key(std::string_view key) {
    if (recording_) {
      value_.Key(key);
    } else {
      recording_ = depth_ == 1 && key == key_;
    }
    return true;
  }
  void SyntaxError() {}

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
  detail::ScanJson(text.data(), text.data() + text.size(), peek);
  return peek.Value();
}

std::optional<Document> PeekFileRootMember(const std::filesystem::path& path, std::size_t max_bytes,
                                           std::string_view key) {
  detail::OpenedFile file = detail::OpenRegularFile(path, max_bytes);
  if (file.fd < 0) return std::nullopt;
  detail::FileBytes bytes(file.fd, max_bytes);
  MemberPeek peek(key);
  detail::ScanJson(bytes.Begin(), bytes.End(), peek);
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
