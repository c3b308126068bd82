#include "standard_output.h"

#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace cairn::cli {

StandardOutput::Buffer::Buffer() { setp(bytes_.data(), bytes_.data() + bytes_.size()); }

bool StandardOutput::Buffer::WriteAll(const char* data, std::size_t count) {
  while (error_ == 0 && count != 0) {
    const ssize_t written = ::write(STDOUT_FILENO, data, count);
    if (written < 0) {
      if (errno != EINTR) error_ = errno;
      continue;
    }
    data += written;
    count -= static_cast<std::size_t>(written);
  }
  return error_ == 0;
}

bool StandardOutput::Buffer::Drain() {
  const bool written = WriteAll(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(bytes_.data(), bytes_.data() + bytes_.size());
  return written;
}

StandardOutput::Buffer::int_type StandardOutput::Buffer::overflow(int_type c) {
  if (!Drain()) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize StandardOutput::Buffer::xsputn(const char* data, std::streamsize count) {
  if (count <= epptr() - pptr()) return std::streambuf::xsputn(data, count);
  // Larger than the room left: out with the buffer, then the bytes directly.
  if (!Drain() || !WriteAll(data, static_cast<std::size_t>(count))) return 0;
  return count;
}

int StandardOutput::Buffer::sync() { return Drain() ? 0 : -1; }

StandardOutput::StandardOutput() : stream_(&buffer_) {}

std::string StandardOutput::Finish() {
  stream_.flush();
  if (buffer_.error() != 0) return std::generic_category().message(buffer_.error());
  if (!stream_) return "the output stream failed";
  return {};
}

}  // namespace cairn::cli
