// gl_floor: the least any program can take to show a first frame the way dungen-viz does, on this
// machine's GL: start GLFW, make a hidden 1280x720 window with a GL 3.3 core context, compile and
// link one trivial program, draw one triangle over the window, show it and swap. What it prints
// is the floor under dungen-viz's "first frame shown N ms after start" (scripts/frame-times.sh
// runs both in the same run): the part of the start-up that is the platform's (the GL driver's
// loading, its first shader compile, the X server's first picture), not dungen's.
//
//   gl_floor [--size WxH] [--frames N]     (needs a display; exit 3 without one)
//
// --frames N: then N more frames, each the same clear, triangle and swap with the window's events
// polled between, as a loop of the app's would; it prints the mean frame and the longest gap from
// one frame's start to the next. That is the floor under the app's frame gap (frame-times.sh runs
// it beside the same load as the window): what the GL and the X server take to show a frame on
// this machine, with nothing of dungen's in it.
//
// A measurement, not a test: it prints figures and asserts nothing.

#include "app/gl.hpp"
// glad first: GLFW_INCLUDE_NONE (from the dungen::glfw target) keeps glfw3.h from including GL.
#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace {

using Clock = std::chrono::steady_clock;

// The most frames --frames may ask for (a bound on the loop; a few minutes at 60 fps).
constexpr int kMaxFrames = 100000;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

constexpr const char* kVertex =
    "#version 330 core\n"
    "void main() {\n"
    "  vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
    "  gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";
constexpr const char* kFragment =
    "#version 330 core\n"
    "out vec4 colour;\n"
    "void main() { colour = vec4(0.2, 0.3, 0.4, 1.0); }\n";

GLuint compile(GLenum kind, const char* source) {
  const GLuint s = glCreateShader(kind);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const Clock::time_point started = Clock::now();
  int width = 1280, height = 720, frames = 0;
  bool usage = false;
  for (int i = 1; i < argc; i += 2) {
    const bool has_value = i + 1 < argc;
    if (has_value && std::strcmp(argv[i], "--size") == 0) {
      usage |= std::sscanf(argv[i + 1], "%dx%d", &width, &height) != 2;
    } else if (has_value && std::strcmp(argv[i], "--frames") == 0) {
      usage |= std::sscanf(argv[i + 1], "%d", &frames) != 1;
    } else {
      usage = true;
    }
  }
  if (usage || width < 64 || height < 64 || width > 8192 || height > 8192 || frames < 0 ||
      frames > kMaxFrames) {
    std::fprintf(stderr,
                 "usage: gl_floor [--size WxH] [--frames N]  (W and H in 64..8192, N in "
                 "0..%d)\n",
                 kMaxFrames);
    return 2;
  }
  if (!glfwInit()) {
    std::fprintf(stderr, "gl_floor: no display\n");
    return 3;
  }
  const double glfw_started = ms_since(started);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  GLFWwindow* window = glfwCreateWindow(width, height, "gl_floor", nullptr, nullptr);
  if (!window) {
    std::fprintf(stderr, "gl_floor: no window with OpenGL 3.3 core\n");
    glfwTerminate();
    return 3;
  }
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    std::fprintf(stderr, "gl_floor: the OpenGL 3.3 core functions could not be loaded\n");
    glfwTerminate();
    return 3;
  }
  glfwSwapInterval(1);
  const double window_made = ms_since(started);

  const GLuint program = glCreateProgram();
  const GLuint vs = compile(GL_VERTEX_SHADER, kVertex);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, kFragment);
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  GLint linked = GL_FALSE;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  const double program_made = ms_since(started);

  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glUseProgram(program);
  glViewport(0, 0, width, height);
  glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  const double drawn = ms_since(started);
  glfwShowWindow(window);
  glfwSwapBuffers(window);
  const double shown = ms_since(started);

  std::printf(
      "gl_floor: first frame shown %.0f ms after start (GLFW start %.0f, window and context %.0f, "
      "one program %.0f, one draw %.0f, show and swap %.0f)%s\n",
      shown, glfw_started, window_made - glfw_started, program_made - window_made,
      drawn - program_made, shown - drawn, linked == GL_TRUE ? "" : " (the program did not link)");
  if (frames > 0) {
    double longest_gap = 0.0, total = 0.0;
    Clock::time_point last_start = Clock::now();
    for (int i = 0; i < frames; ++i) {
      const Clock::time_point start = Clock::now();
      if (i > 0) {
        longest_gap = std::max(
            longest_gap, std::chrono::duration<double, std::milli>(start - last_start).count());
      }
      last_start = start;
      glfwPollEvents();
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glfwSwapBuffers(window);
      total += ms_since(start);
    }
    std::printf("gl_floor: %d frames, mean %.1f ms, longest gap %.1f ms\n", frames, total / frames,
                longest_gap);
  }
  glDeleteVertexArrays(1, &vao);
  glDeleteShader(vs);
  glDeleteShader(fs);
  glDeleteProgram(program);
  glfwDestroyWindow(window);
  glfwTerminate();
  return linked == GL_TRUE ? 0 : 1;
}
