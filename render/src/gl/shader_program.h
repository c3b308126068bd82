#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <glad/gl.h>

#include "cairn/render/render_error.h"
#include "gl/gl_object.h"
#include "gl/shader_library.h"

namespace cairn::render::gl {

// Inserts `defines` (complete "#define ..." lines) right after the #version
// line of `source`, followed by a #line directive so the driver's line numbers
// still match the file. Sources without #version get the defines in front.
std::string InsertDefines(std::string_view source, std::string_view defines);

// A linked vertex + fragment program.
class ShaderProgram {
 public:
  ShaderProgram() = default;

  // Compiles and links the program called `name` from `vertex_file` and
  // `fragment_file` looked up in `library`. On failure returns an invalid
  // program and appends errors naming the file (compile) or the program and
  // its files (link) with the driver's info log.
  static ShaderProgram Build(std::string_view name, const ShaderLibrary& library, std::string_view vertex_file,
                             std::string_view fragment_file, std::string_view defines,
                             std::vector<RenderError>& errors);

  [[nodiscard]] bool IsValid() const { return static_cast<bool>(program_); }
  [[nodiscard]] GLuint Id() const { return program_.Get(); }
  void Use() const { glUseProgram(program_.Get()); }
  // -1 when the uniform does not exist or was optimised away.
  [[nodiscard]] GLint Uniform(const char* name) const { return glGetUniformLocation(program_.Get(), name); }

 private:
  Program program_;
};

}  // namespace cairn::render::gl
