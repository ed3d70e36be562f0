#include "app/gl_check.hpp"

#include "app/gl.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace dungen::app::gl_check {
namespace {

// GL keeps one flag per kind of error, so a handful of reads empties them; a lost context can
// answer with an error for ever, so the reads stop here.
constexpr int kMaxReadsPerCheck = 16;

// An enum that is no capability: glEnable must refuse it with GL_INVALID_ENUM.
constexpr GLenum kNoSuchCapability = 0x0001;

enum class Mode { Off, On, Provoke };

Mode read_mode() {
  const char* env = std::getenv("DUNGEN_GL_CHECK");
  if (env == nullptr || *env == '\0') {
#if defined(NDEBUG)
    return Mode::Off;
#else
    return Mode::On;
#endif
  }
  if (std::strcmp(env, "0") == 0) return Mode::Off;
  if (std::strcmp(env, "provoke") == 0) return Mode::Provoke;
  return Mode::On;
}

Mode mode() {
  static const Mode m = read_mode();
  return m;
}

int reported = 0;
bool provoked = false;

}  // namespace

bool enabled() {
  return mode() != Mode::Off;
}

const char* error_name(unsigned code) {
  switch (code) {
    case GL_INVALID_ENUM:
      return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE:
      return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION:
      return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION:
      return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY:
      return "GL_OUT_OF_MEMORY";
    default:  // a core profile has no matrix stacks to overflow: nothing else is raised
      return "unknown GL error";
  }
}

void after(const char* pass) {
  if (!enabled()) return;
  for (int i = 0; i < kMaxReadsPerCheck; ++i) {
    const GLenum code = glGetError();
    if (code == GL_NO_ERROR) return;
    ++reported;
    std::fprintf(stderr, "dungen-viz: GL error %s (0x%04X) in %s\n", error_name(code), code, pass);
  }
}

void frame_start() {
  after("the time between frames (the swap, ImGui's new frame and fonts)");
  if (mode() == Mode::Provoke && !provoked) {
    provoked = true;
    glEnable(kNoSuchCapability);  // deliberately wrong: DUNGEN_GL_CHECK=provoke
    after("a deliberate bad call (DUNGEN_GL_CHECK=provoke)");
  }
}

int errors() {
  return reported;
}

}  // namespace dungen::app::gl_check
