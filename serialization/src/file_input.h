#pragma once
// Reading a file as a stream, for loaders that never hold its whole text.
// ReadFileText (atomic_file.h) opens files the same way.

#include <cstddef>
#include <filesystem>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::serialization::detail {

struct OpenedFile {
  int fd = -1;  // -1 when refused; the caller closes it otherwise
  std::size_t size = 0;
  std::string error;  // names the path: see ReadFileText
};

// Opens a regular file no larger than max_bytes for reading; refuses
// anything else with ReadFileText's messages.
OpenedFile OpenRegularFile(const std::filesystem::path& path, std::size_t max_bytes);

// The bytes of an open file descriptor, which it closes, read a chunk at a
// time and walked with an input iterator: what the streamed load's parser
// reads a file through (json_scanner.h). Reading stops (the end of
// the input, Failed()) on an error or once the file has grown past max_bytes.
class FileBytes {
 public:
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    Iterator() = default;
    // `at`: a byte of the chunk read, or null (the end).
    Iterator(FileBytes* file, const char* at) : file_(file), at_(at), stop_(at == nullptr ? nullptr : file->end_) {}
    reference operator*() const { return *at_; }
    Iterator& operator++() {
      if (++at_ == stop_) NextChunk();
      return *this;
    }
    Iterator operator++(int) {
      Iterator before = *this;
      ++*this;
      return before;
    }
    friend bool operator==(const Iterator& a, const Iterator& b) { return a.at_ == b.at_; }
    // How far into the file `at` is (the walk begins at its first byte).
    friend std::size_t ByteOffset(const Iterator&, const Iterator& at) { return at.Offset(); }
    // The rest of the chunk read (see json_scanner.h's for text in memory).
    friend std::string_view ContiguousBytes(const Iterator& at, const Iterator&) { return at.RestOfChunk(); }
    friend void SkipBytes(Iterator& at, std::size_t count) { at.Skip(count); }

   private:
    std::string_view RestOfChunk() const { return {at_, static_cast<std::size_t>(stop_ - at_)}; }
    void Skip(std::size_t count) {
      at_ += count;
      if (at_ == stop_) NextChunk();
    }
    void NextChunk() {
      at_ = file_->Refill();
      stop_ = at_ == nullptr ? nullptr : file_->end_;
    }
    std::size_t Offset() const {
      return at_ == nullptr ? file_->read_ : file_->chunk_start_ + static_cast<std::size_t>(at_ - file_->buffer_.data());
    }

    FileBytes* file_ = nullptr;
    const char* at_ = nullptr;    // null: the end
    const char* stop_ = nullptr;  // the end of at_'s chunk, kept here so that a step reads no more than the iterator
  };

  FileBytes(int fd, std::size_t max_bytes);
  ~FileBytes();
  FileBytes(const FileBytes&) = delete;
  FileBytes& operator=(const FileBytes&) = delete;

  // Once only: the walk reads the file as it goes.
  Iterator Begin() { return Iterator(this, Refill()); }
  Iterator End() { return Iterator(this, nullptr); }
  // Whether reading stopped before the end of the file.
  bool Failed() const { return failed_; }

 private:
  // The next chunk's first byte; null at the end.
  const char* Refill();

  int fd_;
  std::size_t max_bytes_;
  std::size_t read_ = 0;
  std::size_t chunk_start_ = 0;  // the offset of the chunk in buffer_
  bool failed_ = false;
  std::vector<char> buffer_;
  const char* end_ = nullptr;
};

}  // namespace cairn::serialization::detail
