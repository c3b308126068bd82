#include "gl/shader_program.h"

#include <algorithm>
#include <optional>

namespace cairn::render::gl {

namespace {

std::string ShaderInfoLog(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
  return log.empty() ? "(the driver gave no info log)" : log;
}

std::string ProgramInfoLog(GLuint program) {
  GLint length = 0;
  glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
  glGetProgramInfoLog(program, length, nullptr, log.data());
  log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
  return log.empty() ? "(the driver gave no info log)" : log;
}

const char* StageName(GLenum stage) { return stage == GL_VERTEX_SHADER ? "vertex" : "fragment"; }

std::optional<Shader> CompileStage(GLenum stage, const ShaderLibrary& library, std::string_view file_name,
                                   std::string_view defines, std::vector<RenderError>& errors) {
  const std::optional<ShaderSource> source = library.Find(file_name);
  if (!source) {
    errors.push_back({std::string(file_name), "no such shader is embedded or overridden"});
    return std::nullopt;
  }
  const std::string text = InsertDefines(source->source, defines);
  Shader shader(glCreateShader(stage));
  const char* text_pointer = text.c_str();
  glShaderSource(shader.Get(), 1, &text_pointer, nullptr);
  glCompileShader(shader.Get());
  GLint compiled = GL_FALSE;
  glGetShaderiv(shader.Get(), GL_COMPILE_STATUS, &compiled);
  if (compiled != GL_TRUE) {
    errors.push_back({source->file_name,
                      std::string(StageName(stage)) + " shader failed to compile:\n" + ShaderInfoLog(shader.Get())});
    return std::nullopt;
  }
  return shader;
}

}  // namespace

std::string InsertDefines(std::string_view source, std::string_view defines) {
  if (defines.empty()) return std::string(source);
  const std::size_t version = source.find("#version");
  if (version == std::string_view::npos) return std::string(defines) + "\n#line 1\n" + std::string(source);
  const std::size_t end_of_line = source.find('\n', version);
  if (end_of_line == std::string_view::npos) return std::string(source) + "\n" + std::string(defines) + "\n";
  // The #version line's number, counting from 1; the next file line follows it.
  std::size_t version_line = 1;
  for (std::size_t i = 0; i < version; ++i) version_line += source[i] == '\n' ? 1 : 0;
  std::string result(source.substr(0, end_of_line + 1));
  result += defines;
  if (!defines.empty() && defines.back() != '\n') result += '\n';
  result += "#line " + std::to_string(version_line + 1) + "\n";
  result += source.substr(end_of_line + 1);
  return result;
}

ShaderProgram ShaderProgram::Build(std::string_view name, const ShaderLibrary& library, std::string_view vertex_file,
                                   std::string_view fragment_file, std::string_view defines,
                                   std::vector<RenderError>& errors) {
  std::optional<Shader> vertex = CompileStage(GL_VERTEX_SHADER, library, vertex_file, defines, errors);
  std::optional<Shader> fragment = CompileStage(GL_FRAGMENT_SHADER, library, fragment_file, defines, errors);
  if (!vertex || !fragment) return {};

  Program program(glCreateProgram());
  glAttachShader(program.Get(), vertex->Get());
  glAttachShader(program.Get(), fragment->Get());
  glLinkProgram(program.Get());
  glDetachShader(program.Get(), vertex->Get());
  glDetachShader(program.Get(), fragment->Get());
  GLint linked = GL_FALSE;
  glGetProgramiv(program.Get(), GL_LINK_STATUS, &linked);
  if (linked != GL_TRUE) {
    errors.push_back({std::string(name) + " program (" + std::string(vertex_file) + " + " +
                          std::string(fragment_file) + ")",
                      "failed to link:\n" + ProgramInfoLog(program.Get())});
    return {};
  }
  ShaderProgram result;
  result.program_ = std::move(program);
  return result;
}

}  // namespace cairn::render::gl
