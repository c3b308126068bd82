#include "gl/stream_buffer.h"

#include <algorithm>

namespace cairn::render::gl {

void StreamBuffer::Upload(const void* data, std::size_t bytes) {
  glBindBuffer(target_, buffer_.Get());
  if (bytes > capacity_) capacity_ = std::max({bytes, capacity_ * 2, kMinimumCapacity});
  glBufferData(target_, static_cast<GLsizeiptr>(capacity_), nullptr, GL_STREAM_DRAW);
  if (bytes > 0) glBufferSubData(target_, 0, static_cast<GLsizeiptr>(bytes), data);
}

}  // namespace cairn::render::gl
