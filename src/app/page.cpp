#include "app/page.hpp"

#if defined(__EMSCRIPTEN__)
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>

#include <algorithm>
#endif

// The JavaScript half is web/shell.html's `dungenPage` object: it keeps what the browser gave
// (wheel notches, picked and dropped files, pasted text) until these functions take it, once a
// frame, on the app's own thread.

namespace dungen::app::page {

#if defined(__EMSCRIPTEN__)
namespace {

GLFWwindow* g_window = nullptr;

// A JavaScript string the shell holds as dungenPage.held, copied out (EM_ASM returns numbers
// only).
std::string held_string(int bytes) {
  std::string text(static_cast<std::size_t>(std::max(0, bytes)), '\0');
  // clang-format off
  EM_ASM({ stringToUTF8(dungenPage.held, $0, $1 + 1); }, text.data(), bytes);
  // clang-format on
  return text;
}

void set_clipboard(void*, const char* text) {
  // clang-format off
  EM_ASM({ dungenPage.copy(UTF8ToString($0)); }, text);
  // clang-format on
}

// The page's newest clipboard text: what the app copied, or what a paste event brought (the
// browser hands the clipboard only to a paste event, which comes with Ctrl+V before the frame
// that reads it).
const char* get_clipboard(void*) {
  static std::string text;
  // clang-format off
  text = held_string(EM_ASM_INT({
    dungenPage.held = dungenPage.clipboard;
    return lengthBytesUTF8(dungenPage.held);
  }));
  // clang-format on
  return text.c_str();
}

}  // namespace

void pass_wheel() {
  if (!g_window) return;
  // clang-format off
  const double dx = EM_ASM_DOUBLE({ return dungenPage.wheel.x; });
  const double dy = EM_ASM_DOUBLE({ return dungenPage.wheel.y; });
  if (dx == 0.0 && dy == 0.0) return;
  EM_ASM({ dungenPage.wheel.x = 0; dungenPage.wheel.y = 0; });
  // clang-format on
  GLFWscrollfun callback = glfwSetScrollCallback(g_window, nullptr);
  glfwSetScrollCallback(g_window, callback);
  if (callback) callback(g_window, dx, dy);
}

void attach(GLFWwindow* window) {
  g_window = window;
  ImGuiIO& io = ImGui::GetIO();
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  io.ClipboardUserData = nullptr;
}

float fit_canvas() {
  // clang-format off
  const double ratio = EM_ASM_DOUBLE({
    var canvas = Module['canvas'];
    var ratio = window.devicePixelRatio || 1;
    var w = Math.max(1, Math.round(canvas.clientWidth * ratio));
    var h = Math.max(1, Math.round(canvas.clientHeight * ratio));
    if (canvas.width != w || canvas.height != h) {
      canvas.width = w;
      canvas.height = h;
      // Emscripten's GLFW keeps the window's size itself: tell it, and run the size callbacks.
      if (GLFW.active) {
        GLFW.active.width = w;
        GLFW.active.height = h;
        GLFW.onWindowSizeChanged();
        GLFW.onFramebufferSizeChanged();
      }
    }
    return ratio;
  });
  // clang-format on
  return static_cast<float>(ratio);
}

bool pick_file(const char* accept) {
  // clang-format off
  EM_ASM({ dungenPage.pickFile(UTF8ToString($0)); }, accept);
  // clang-format on
  return true;
}

std::vector<std::string> take_opened_files() {
  std::vector<std::string> paths;
  // A bound: files come one drop or pick at a time; the rest wait for the next frame.
  constexpr int kMaxFilesAFrame = 16;
  for (int i = 0; i < kMaxFilesAFrame; ++i) {
    // clang-format off
    const int bytes = EM_ASM_INT({
      if (!dungenPage.opened.length) return -1;
      dungenPage.held = dungenPage.opened.shift();
      return lengthBytesUTF8(dungenPage.held);
    });
    // clang-format on
    if (bytes < 0) break;
    paths.push_back(held_string(bytes));
  }
  return paths;
}

std::string link_for(const std::string& share, const std::string& script_text) {
  // clang-format off
  return held_string(EM_ASM_INT({
    var script = UTF8ToString($1);
    dungenPage.held = location.origin + location.pathname + '?share=' +
                      encodeURIComponent(UTF8ToString($0)) +
                      (script ? '&script=' + encodeURIComponent(script) : "");
    return lengthBytesUTF8(dungenPage.held);
  }, share.c_str(), script_text.c_str()));
  // clang-format on
}

void ended(int code) {
  // clang-format off
  EM_ASM({ if (window.dungenPage) dungenPage.ended($0); }, code);
  // clang-format on
}

#else  // the desktop: a window, not a page

void attach(GLFWwindow*) {}
void pass_wheel() {}
float fit_canvas() {
  return 0.0f;
}
bool pick_file(const char*) {
  return false;
}
std::vector<std::string> take_opened_files() {
  return {};
}
std::string link_for(const std::string&, const std::string&) {
  return {};
}
void ended(int) {}

#endif

}  // namespace dungen::app::page
