#include "app/gl_program.hpp"

#include "app/gl.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include "app/shader_sources.hpp"

namespace dungen::app {
namespace {

GLuint compile(GLenum type, std::string_view name) {
  const auto source = embedded_shader(name);
  if (!source) throw std::runtime_error("shader '" + std::string(name) + "' is not embedded");
  const GLuint shader = glCreateShader(type);
  const GLchar* text = source->data();
  const auto length = static_cast<GLint>(source->size());
  glShaderSource(shader, 1, &text, &length);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    char log[2048] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    glDeleteShader(shader);
    throw std::runtime_error("shaders/" + std::string(name) + " does not compile: " + log);
  }
  return shader;
}

}  // namespace

GlProgram::GlProgram(std::string_view vertex, std::string_view fragment) {
  const GLuint vs = compile(GL_VERTEX_SHADER, vertex);
  GLuint fs = 0;
  try {
    fs = compile(GL_FRAGMENT_SHADER, fragment);
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  id_ = glCreateProgram();
  glAttachShader(id_, vs);
  glAttachShader(id_, fs);
  glLinkProgram(id_);
  glDeleteShader(vs);  // the program keeps them alive while it needs them
  glDeleteShader(fs);
  GLint ok = GL_FALSE;
  glGetProgramiv(id_, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    char log[2048] = {};
    glGetProgramInfoLog(id_, sizeof log, nullptr, log);
    glDeleteProgram(id_);
    id_ = 0;
    throw std::runtime_error("shaders " + std::string(vertex) + " + " + std::string(fragment) +
                             " do not link: " + log);
  }
}

GlProgram::GlProgram(GlProgram&& o) noexcept : id_(std::exchange(o.id_, 0)) {}
GlProgram& GlProgram::operator=(GlProgram&& o) noexcept {
  if (this != &o) {
    if (id_) glDeleteProgram(id_);
    id_ = std::exchange(o.id_, 0);
  }
  return *this;
}
GlProgram::~GlProgram() {
  if (id_) glDeleteProgram(id_);
}

int GlProgram::uniform(const char* name) const {
  return glGetUniformLocation(id_, name);
}

}  // namespace dungen::app
