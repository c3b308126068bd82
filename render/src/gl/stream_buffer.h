#pragma once

#include <cstddef>

#include <glad/gl.h>

#include "gl/gl_object.h"

namespace cairn::render::gl {

// A buffer rewritten every frame. Each upload orphans the previous storage
// (glBufferData with no data) before writing, so the driver hands out fresh
// memory instead of waiting for draws still reading the old contents. The
// storage only grows (doubling), so steady scenes do not reallocate.
class StreamBuffer {
 public:
  StreamBuffer() = default;
  explicit StreamBuffer(GLenum target) : target_(target), buffer_(Buffer::Generate()) {}

  // Leaves the buffer bound to its target.
  void Upload(const void* data, std::size_t bytes);

  [[nodiscard]] GLuint Id() const { return buffer_.Get(); }
  [[nodiscard]] std::size_t Capacity() const { return capacity_; }

 private:
  static constexpr std::size_t kMinimumCapacity = 4096;

  GLenum target_ = GL_ARRAY_BUFFER;
  Buffer buffer_;
  std::size_t capacity_ = 0;
};

}  // namespace cairn::render::gl
