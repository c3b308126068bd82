#pragma once

#include <utility>

#include <glad/gl.h>

namespace cairn::render::gl {

enum class ObjectKind { Buffer, VertexArray, Texture, Framebuffer, Renderbuffer, Program, Shader };

// Deletes one object of `kind`; 0 is ignored.
void DeleteObject(ObjectKind kind, GLuint name);
// Generates one object of `kind` (not for Program and Shader, which are created
// with glCreateProgram / glCreateShader).
GLuint GenerateObject(ObjectKind kind);

// Owns one OpenGL object name and deletes it on destruction. Move-only.
// Destroying an Object needs the context that created it to be current.
template <ObjectKind Kind>
class Object {
 public:
  Object() = default;
  explicit Object(GLuint name) : name_(name) {}
  ~Object() { Reset(); }
  Object(Object&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
  Object& operator=(Object&& other) noexcept {
    if (this != &other) Reset(std::exchange(other.name_, 0));
    return *this;
  }
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;

  static Object Generate() { return Object(GenerateObject(Kind)); }

  [[nodiscard]] GLuint Get() const { return name_; }
  [[nodiscard]] explicit operator bool() const { return name_ != 0; }
  void Reset(GLuint name = 0) {
    if (name_ != 0) DeleteObject(Kind, name_);
    name_ = name;
  }

 private:
  GLuint name_ = 0;
};

using Buffer = Object<ObjectKind::Buffer>;
using VertexArray = Object<ObjectKind::VertexArray>;
using Texture = Object<ObjectKind::Texture>;
using Framebuffer = Object<ObjectKind::Framebuffer>;
using Renderbuffer = Object<ObjectKind::Renderbuffer>;
using Program = Object<ObjectKind::Program>;
using Shader = Object<ObjectKind::Shader>;

}  // namespace cairn::render::gl
