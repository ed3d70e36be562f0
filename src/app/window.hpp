#pragma once
// The platform layer: GLFW window, the GL 3.3 core context (loaded by glad; OpenGL ES 3.0 in the
// browser build, see gl.hpp) and Dear ImGui with
// its GLFW and OpenGL3 backends. Created in that order, destroyed in reverse (the ImGui
// example's shape). Nothing here knows about maps.

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "app/logic/key_queue.hpp"
#include "core/error.hpp"

struct GLFWwindow;

namespace dungen::app {

struct WindowConfig {
  int width = 1280;
  int height = 720;
  bool vsync = true;
  float font_scale = 1.0f;  // UI text scale on top of the monitor's content scale
  // When the program started: GLFW's clock (glfwGetTime, which the app's times read) counts from
  // here, so "first frame shown N ms after start" includes GLFW's start and the window's making.
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
};

// Sets GLFW's hints for the context the app draws with: GL 3.3 core on the desktop, OpenGL ES 3.0
// (WebGL 2) in the browser. Another window sharing the window's context (BufferAllocator's) asks
// for the same kind, which sharing needs.
void hint_gl_context();

class Window {
 public:
  // The window, or (one line) why there is no usable display or GL 3.3 context.
  static Checked<std::unique_ptr<Window>> open(const WindowConfig& config);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  bool should_close() const;
  // Iconified or a 0x0 framebuffer: nothing should be drawn or run.
  bool minimised() const;
  int framebuffer_width() const;
  int framebuffer_height() const;

  // The UI text scale (projectors): the font atlas is rebuilt before the next frame.
  void set_font_scale(float scale);
  float font_scale() const { return font_scale_; }

  // Events: handles what is waiting and returns at once, or sleeps until an event arrives or
  // `seconds` pass (the idle app's wait). Either way, keys land in keys().
  void poll_events();
  void wait_events(double seconds);
  // How many input or window events (keys, characters, mouse, wheel, resize, expose, focus)
  // arrived since the last call: anything that may change what the next frame shows.
  int take_event_count();
  // Every key press and auto-repeat since the last drain (ImGui's own callbacks still run).
  KeyQueue& keys() { return keys_; }
  bool fonts_pending() const { return fonts_dirty_; }
  // Files to open (a preset): dropped on the window, or, in the browser, picked or dropped on
  // the page. Oldest first, each taken once.
  std::vector<std::string> take_opened_files();

  void begin_frame();  // poll already done; rebuilds fonts if needed, starts an ImGui frame
  void swap();         // the first one also shows the window (see open)

 private:
  Window() = default;
  void rebuild_fonts();
  void follow_page();
  void install_callbacks();
  static Window* of(GLFWwindow* w);
  static void on_key(GLFWwindow* w, int key, int scancode, int action, int mods);
  static void on_drop(GLFWwindow* w, int count, const char** paths);
  bool deliver_held_releases();
  // A callback that calls the one it replaced, then counts an event.
  template <auto Field, class... Args>
  static void counted(GLFWwindow* w, Args... args);

  // The callbacks the ImGui backend installed before ours: each of ours calls its predecessor.
  struct Chained;
  std::unique_ptr<Chained> chained_;
  KeyQueue keys_;
  int events_ = 0;
  std::vector<std::string> opened_;  // dropped, not yet taken
  // Keys pressed since the current frame began, and releases of such keys held back until the
  // next frame's events (on_key): every key press is seen by at least one frame.
  struct HeldRelease {
    int key, scancode, mods;
  };
  std::vector<int> pressed_unseen_;
  std::vector<HeldRelease> held_releases_;

  GLFWwindow* window_ = nullptr;
  bool glfw_ready_ = false;
  bool imgui_ready_ = false;
  bool glfw_backend_ready_ = false;
  bool gl_backend_ready_ = false;
  bool shown_ = false;
  float content_scale_ = 1.0f;
  float font_scale_ = 1.0f;
  bool fonts_dirty_ = true;
};

}  // namespace dungen::app
