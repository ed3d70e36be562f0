#include "app/window.hpp"

#include <glad/gl.h>
// glad first: GLFW_INCLUDE_NONE (from the dungen::glfw target) keeps glfw3.h from including GL.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#include "app/logic/ui_layout.hpp"

namespace dungen::app {
namespace {

// A clearer font than ImGui's built-in pixel font when Debian's fonts-dejavu is installed; the
// built-in one otherwise (it is always there).
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kBaseFontPx = 15.0f;

std::string glfw_error() {
  const char* text = nullptr;
  glfwGetError(&text);
  return text ? text : "unknown GLFW error";
}

}  // namespace

std::unique_ptr<Window> Window::open(const WindowConfig& config, std::string* why) {
  std::unique_ptr<Window> w(new Window());
  if (!glfwInit()) {
    *why = "no display: GLFW could not start (" + glfw_error() + ")";
    return nullptr;
  }
  w->glfw_ready_ = true;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  w->window_ = glfwCreateWindow(config.width, config.height, "dungen-viz", nullptr, nullptr);
  if (!w->window_) {
    *why = "no display: no window with OpenGL 3.3 core could be opened (" + glfw_error() + ")";
    return nullptr;
  }
  glfwMakeContextCurrent(w->window_);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    *why = "no display: the OpenGL 3.3 core functions could not be loaded";
    return nullptr;
  }
  glfwSwapInterval(config.vsync ? 1 : 0);
  float sx = 1.0f, sy = 1.0f;
  glfwGetWindowContentScale(w->window_, &sx, &sy);
  w->content_scale_ = std::max(1.0f, std::max(sx, sy));
  w->font_scale_ = config.font_scale;

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  w->imgui_ready_ = true;
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini in whatever folder the app was started from
  io.LogFilename = nullptr;
  ImGui::StyleColorsDark();
  w->glfw_backend_ready_ = ImGui_ImplGlfw_InitForOpenGL(w->window_, true);
  w->gl_backend_ready_ = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!w->glfw_backend_ready_ || !w->gl_backend_ready_) {
    *why = "no display: the Dear ImGui backends could not start";
    return nullptr;
  }
  return w;
}

Window::~Window() {
  if (gl_backend_ready_) ImGui_ImplOpenGL3_Shutdown();
  if (glfw_backend_ready_) ImGui_ImplGlfw_Shutdown();
  if (imgui_ready_) ImGui::DestroyContext();
  if (window_) glfwDestroyWindow(window_);
  if (glfw_ready_) glfwTerminate();
}

bool Window::should_close() const {
  return glfwWindowShouldClose(window_) != 0;
}

bool Window::minimised() const {
  return glfwGetWindowAttrib(window_, GLFW_ICONIFIED) != 0 || framebuffer_width() <= 0 ||
         framebuffer_height() <= 0;
}

int Window::framebuffer_width() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return w;
}
int Window::framebuffer_height() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  return h;
}

void Window::set_font_scale(float scale) {
  scale = std::clamp(scale, kMinUiScale, kMaxUiScale);
  if (scale == font_scale_) return;
  font_scale_ = scale;
  fonts_dirty_ = true;
}

void Window::rebuild_fonts() {
  const float scale = font_scale_ * content_scale_;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  std::error_code ec;
  ImFont* font = nullptr;
  if (std::filesystem::exists(kFontPath, ec)) {
    font = io.Fonts->AddFontFromFileTTF(kFontPath, kBaseFontPx * scale);
  }
  if (!font) {
    ImFontConfig cfg;
    cfg.SizePixels = 13.0f * scale;
    io.Fonts->AddFontDefault(&cfg);
  }
  // Only the font texture: recreating all of the backend's objects gives it new, empty vertex
  // buffers while it remembers the old ones' sizes, and every later draw fails (GL_INVALID_VALUE
  // in glBufferSubData: the whole UI vanished after a change to a larger UI scale). Before the
  // first frame there is nothing to replace: ImGui_ImplOpenGL3_NewFrame creates it all.
  if (io.Fonts->TexID != ImTextureID{}) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 4.0f;
  style.FrameRounding = 3.0f;
  style.ScaleAllSizes(scale);
  fonts_dirty_ = false;
}

void Window::begin_frame() {
  if (fonts_dirty_) rebuild_fonts();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

void Window::render_ui() {
  ImGui::Render();
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void Window::swap() {
  glfwSwapBuffers(window_);
}

}  // namespace dungen::app
