#pragma once
// The platform layer: GLFW window, the GL 3.3 core context (loaded by glad) and Dear ImGui with
// its GLFW and OpenGL3 backends. Created in that order, destroyed in reverse (the ImGui
// example's shape). Nothing here knows about maps.

#include <memory>
#include <string>

struct GLFWwindow;

namespace dungen::app {

struct WindowConfig {
  int width = 1280;
  int height = 720;
  bool vsync = true;
  float font_scale = 1.0f;  // UI text scale on top of the monitor's content scale
};

class Window {
 public:
  // Returns null and sets *why (one line) when there is no usable display or GL 3.3 context.
  static std::unique_ptr<Window> open(const WindowConfig& config, std::string* why);
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

  void begin_frame();  // poll already done; rebuilds fonts if needed, starts an ImGui frame
  void render_ui();    // ImGui::Render + draw into the back buffer
  void swap();

 private:
  Window() = default;
  void rebuild_fonts();

  GLFWwindow* window_ = nullptr;
  bool glfw_ready_ = false;
  bool imgui_ready_ = false;
  bool glfw_backend_ready_ = false;
  bool gl_backend_ready_ = false;
  float content_scale_ = 1.0f;
  float font_scale_ = 1.0f;
  bool fonts_dirty_ = true;
};

}  // namespace dungen::app
