#pragma once
// GL errors, checked after each pass of a frame. GL reports a bad call only through
// glGetError's flags, which stay set until read: without reading them a wrong call draws nothing
// (or the wrong thing) and stderr stays clean. After each pass the app calls gl_check::after
// with the pass's name; every flag set since the previous check is printed on stderr
// ("dungen-viz: GL error GL_INVALID_ENUM in the map picture") and counted, and a run that saw
// one exits non-zero (app.cpp's end_loop), so the screenshot tests fail on it.
//
// glGetError waits for the GPU on some drivers, so the checks are off in a Release build unless
// asked for: on in a debug build (NDEBUG not defined), and wherever DUNGEN_GL_CHECK is set:
//   DUNGEN_GL_CHECK=1        on (the GUI tests run with it)
//   DUNGEN_GL_CHECK=0        off, even in a debug build
//   DUNGEN_GL_CHECK=provoke  on, and the first frame makes one invalid call (glEnable of no
//                            capability) and checks it: tests/ use it to see a GL error read,
//                            named, printed and turned into the exit status.

namespace dungen::app::gl_check {

// Whether the checks run (read from the build and DUNGEN_GL_CHECK once).
bool enabled();

// Reads GL's error flags (when enabled) and reports each one as raised in `pass`.
void after(const char* pass);

// At the start of a frame (after ImGui's new frame): reports what was raised since the last
// frame's checks, then, with DUNGEN_GL_CHECK=provoke, makes the one deliberate bad call.
void frame_start();

// The GL errors reported so far.
int errors();

// GL's name for an error code ("GL_INVALID_ENUM"); "unknown GL error" for any other value.
const char* error_name(unsigned code);

}  // namespace dungen::app::gl_check
