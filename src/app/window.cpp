#include "app/window.hpp"

#include "app/gl.hpp"
// glad first: GLFW_INCLUDE_NONE (from the dungen::glfw target) keeps glfw3.h from including GL.
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <algorithm>
#include <filesystem>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

#include "app/logic/ui_layout.hpp"
#include "app/page.hpp"

namespace dungen::app {
namespace {

// A clearer font than ImGui's built-in pixel font when Debian's fonts-dejavu is installed; the
// built-in one otherwise (it is always there).
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr float kBaseFontPx = 15.0f;
// The browser's device pixel ratio taken as the content scale, within what fonts can be built
// at (a page zoomed far out or in, a 4x phone).
constexpr float kMinPageScale = 0.5f;
constexpr float kMaxPageScale = 4.0f;

// The font at a scale of its base size: DejaVu Sans where installed, else ImGui's own.
void add_font(ImFontAtlas& atlas, float scale) {
  std::error_code ec;
  if (std::filesystem::exists(kFontPath, ec) &&
      atlas.AddFontFromFileTTF(kFontPath, kBaseFontPx * scale)) {
    return;
  }
  ImFontConfig cfg;
  cfg.SizePixels = 13.0f * scale;
  atlas.AddFontDefault(&cfg);
}

std::string glfw_error() {
#if DUNGEN_GL_ES
  return "the browser gave no WebGL 2 context";  // Emscripten's GLFW has no glfwGetError
#else
  const char* text = nullptr;
  glfwGetError(&text);
  return text ? text : "unknown GLFW error";
#endif
}

constexpr const char* kImGuiGlsl = DUNGEN_GL_ES ? "#version 300 es" : "#version 330 core";

}  // namespace

void hint_gl_context() {
#if DUNGEN_GL_ES
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  // A 2D picture: no depth or stencil buffer, and an opaque canvas, which the browser puts on
  // the page as a copy instead of blending it (Emscripten's GLFW asks WebGL for alpha, depth and
  // stencil by default; software WebGL pays for each every frame).
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
#else
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
#endif
}

// GLFW keeps one callback of each kind per window. The ImGui backend installs its own (and keeps
// whatever was there before); ours replace them and call them first, so ImGui still sees every
// key, character, click and wheel turn.
struct Window::Chained {
  GLFWkeyfun key = nullptr;
  GLFWcharfun character = nullptr;
  GLFWmousebuttonfun mouse_button = nullptr;
  GLFWscrollfun scroll = nullptr;
  GLFWcursorposfun cursor_pos = nullptr;
  GLFWcursorenterfun cursor_enter = nullptr;
  GLFWwindowfocusfun focus = nullptr;
  GLFWwindowsizefun size = nullptr;
  GLFWframebuffersizefun framebuffer_size = nullptr;
  GLFWwindowrefreshfun refresh = nullptr;
  GLFWwindowiconifyfun iconify = nullptr;
#if !DUNGEN_GL_ES
  GLFWwindowcontentscalefun content_scale = nullptr;
#endif
};

Window* Window::of(GLFWwindow* w) {
  return static_cast<Window*>(glfwGetWindowUserPointer(w));
}

template <auto Field, class... Args>
void Window::counted(GLFWwindow* gw, Args... args) {
  Window* w = of(gw);
  if (const auto previous = (*w->chained_).*Field) previous(gw, args...);
  ++w->events_;
}

void Window::on_key(GLFWwindow* gw, int key, int scancode, int action, int mods) {
  Window* w = of(gw);
  // ImGui 1.86 samples the keyboard once a frame: a key pressed and released between two
  // frames (a quick tap of Enter, Tab or Escape in a text field) would never be seen down. Its
  // release waits for the next frame's events (deliver_held_releases).
  const auto& unseen = w->pressed_unseen_;
  if (action == GLFW_RELEASE && std::find(unseen.begin(), unseen.end(), key) != unseen.end()) {
    w->held_releases_.push_back({key, scancode, mods});
    ++w->events_;
    return;
  }
  if (action == GLFW_PRESS) w->pressed_unseen_.push_back(key);
  counted<&Chained::key>(gw, key, scancode, action, mods);
  if (action != GLFW_PRESS && action != GLFW_REPEAT) return;  // a release acts on nothing
  of(gw)->keys_.push({.key = key,
                      .repeat = action == GLFW_REPEAT,
                      .shift = (mods & GLFW_MOD_SHIFT) != 0,
                      .ctrl = (mods & GLFW_MOD_CONTROL) != 0,
                      .alt = (mods & (GLFW_MOD_ALT | GLFW_MOD_SUPER)) != 0});
}

// A file dropped on the window (the desktop's drag and drop): opened by the app next frame.
void Window::on_drop(GLFWwindow* gw, int count, const char** paths) {
  Window* w = of(gw);
  for (int i = 0; i < count; ++i) w->opened_.emplace_back(paths[i]);
  ++w->events_;
}

std::vector<std::string> Window::take_opened_files() {
  std::vector<std::string> files = std::move(opened_);
  opened_.clear();
  for (std::string& path : page::take_opened_files()) files.push_back(std::move(path));
  if (!files.empty()) ++events_;
  return files;
}

void Window::install_callbacks() {
  glfwSetWindowUserPointer(window_, this);
  chained_ = std::make_unique<Chained>();
  Chained& c = *chained_;
  c.key = glfwSetKeyCallback(window_, &on_key);
  // The other kinds only count as "something happened": the next frames must be drawn.
  c.character = glfwSetCharCallback(window_, &counted<&Chained::character, unsigned int>);
  c.mouse_button =
      glfwSetMouseButtonCallback(window_, &counted<&Chained::mouse_button, int, int, int>);
  c.scroll = glfwSetScrollCallback(window_, &counted<&Chained::scroll, double, double>);
  c.cursor_pos = glfwSetCursorPosCallback(window_, &counted<&Chained::cursor_pos, double, double>);
  c.cursor_enter = glfwSetCursorEnterCallback(window_, &counted<&Chained::cursor_enter, int>);
  c.focus = glfwSetWindowFocusCallback(window_, &counted<&Chained::focus, int>);
  c.size = glfwSetWindowSizeCallback(window_, &counted<&Chained::size, int, int>);
  c.framebuffer_size =
      glfwSetFramebufferSizeCallback(window_, &counted<&Chained::framebuffer_size, int, int>);
  c.refresh = glfwSetWindowRefreshCallback(window_, &counted<&Chained::refresh>);
  c.iconify = glfwSetWindowIconifyCallback(window_, &counted<&Chained::iconify, int>);
  glfwSetDropCallback(window_, &on_drop);  // ImGui installs none
#if !DUNGEN_GL_ES                          // Emscripten's GLFW (3.2) has no content scale
  c.content_scale =
      glfwSetWindowContentScaleCallback(window_, &counted<&Chained::content_scale, float, float>);
#endif
}

// The releases held back whose presses a frame has now seen (begin_frame). (In the browser the
// events come between frames, so a release can be held and its frame not yet drawn.)
bool Window::deliver_held_releases() {
  bool delivered = false;
  std::vector<HeldRelease> still_held;
  for (const HeldRelease& r : held_releases_) {
    if (std::find(pressed_unseen_.begin(), pressed_unseen_.end(), r.key) != pressed_unseen_.end()) {
      still_held.push_back(r);
      continue;
    }
    if (chained_->key) chained_->key(window_, r.key, r.scancode, GLFW_RELEASE, r.mods);
    ++events_;
    delivered = true;
  }
  held_releases_ = std::move(still_held);
  return delivered;
}

void Window::poll_events() {
  follow_page();
  deliver_held_releases();
  glfwPollEvents();
}

void Window::wait_events(double seconds) {
  follow_page();
  // A release delivered is a change for the next frame: no waiting for more.
  if (deliver_held_releases()) {
    glfwPollEvents();
    return;
  }
  glfwWaitEventsTimeout(seconds);
}

// In the browser the window is the page's canvas: the page sizes it (page.hpp), and its pixel
// ratio is the UI's content scale, as a monitor's is on the desktop. The wheel turns the page
// read come in here too, before the frame's events (nothing happens on the desktop).
void Window::follow_page() {
  page::pass_wheel();
  const float ratio = page::fit_canvas();
  if (ratio <= 0.0f) return;  // the desktop
  const float scale = std::clamp(ratio, kMinPageScale, kMaxPageScale);
  if (scale != content_scale_) {
    content_scale_ = scale;
    fonts_dirty_ = true;
    ++events_;
  }
}

int Window::take_event_count() {
  const int n = events_;
  events_ = 0;
  return n;
}

Checked<std::unique_ptr<Window>> Window::open(const WindowConfig& config) {
  std::unique_ptr<Window> w(new Window());
  if (!glfwInit()) {
    return Error{"no display: GLFW could not start (" + glfw_error() + ")"};
  }
  w->glfw_ready_ = true;
  glfwSetTime(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - config.started).count());
  hint_gl_context();
#if !DUNGEN_GL_ES  // (the browser's canvas is the page's, always shown)
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  // Hidden until its first frame is drawn (swap): GLFW makes the window black at once, and the
  // first frame takes a software rasteriser about a tenth of a second more (shaders, fonts).
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
#endif
  w->window_ = glfwCreateWindow(config.width, config.height, "dungen-viz", nullptr, nullptr);
  glfwDefaultWindowHints();
  if (!w->window_) {
    return Error{DUNGEN_GL_ES ? "no WebGL 2: the browser gave the page no WebGL 2 context"
                              : "no display: no window with OpenGL 3.3 core could be opened (" +
                                    glfw_error() + ")"};
  }
  glfwMakeContextCurrent(w->window_);
#if !DUNGEN_GL_ES  // the browser's WebGL needs no loader, and the page paces the frames
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    return Error{"no display: the OpenGL 3.3 core functions could not be loaded"};
  }
  glfwSwapInterval(config.vsync ? 1 : 0);
  float sx = 1.0f, sy = 1.0f;
  glfwGetWindowContentScale(w->window_, &sx, &sy);
  w->content_scale_ = std::max(1.0f, std::max(sx, sy));
#endif
  w->font_scale_ = config.font_scale;

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  w->imgui_ready_ = true;
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // no imgui.ini in whatever folder the app was started from
  io.LogFilename = nullptr;
  ImGui::StyleColorsDark();
  w->glfw_backend_ready_ = ImGui_ImplGlfw_InitForOpenGL(w->window_, true);
  w->gl_backend_ready_ = ImGui_ImplOpenGL3_Init(kImGuiGlsl);
  if (!w->glfw_backend_ready_ || !w->gl_backend_ready_) {
    return Error{"no display: the Dear ImGui backends could not start"};
  }
  w->install_callbacks();    // after ImGui's, which ours call
  page::attach(w->window_);  // the page's wheel, clipboard and files (nothing natively)
  w->follow_page();          // the page's size and pixel ratio before the first frame's fonts
  return w;
}

Window::~Window() {
  // ImGui's shutdown puts back the callbacks it found; ours go first so none outlives this.
  if (window_ && chained_) {
    const Chained& c = *chained_;
    glfwSetKeyCallback(window_, c.key);
    glfwSetCharCallback(window_, c.character);
    glfwSetMouseButtonCallback(window_, c.mouse_button);
    glfwSetScrollCallback(window_, c.scroll);
    glfwSetCursorPosCallback(window_, c.cursor_pos);
    glfwSetCursorEnterCallback(window_, c.cursor_enter);
    glfwSetWindowFocusCallback(window_, c.focus);
    glfwSetWindowSizeCallback(window_, c.size);
    glfwSetFramebufferSizeCallback(window_, c.framebuffer_size);
    glfwSetWindowRefreshCallback(window_, c.refresh);
    glfwSetWindowIconifyCallback(window_, c.iconify);
    glfwSetDropCallback(window_, nullptr);
#if !DUNGEN_GL_ES
    glfwSetWindowContentScaleCallback(window_, c.content_scale);
#endif
  }
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
  add_font(*io.Fonts, scale);
  // The second font, for the captions over the map (map_overlays.cpp): they follow the map's
  // cells, not the UI scale, so at a fixed size; the UI's font shrunk to a small caption lost
  // its thin strokes between texels ("re ected" at UI scale 3).
  // A third larger than the UI's base: a caption is drawn from about half of it up to a
  // quarter more (logic/map_text.hpp) and stays sharp.
  add_font(*io.Fonts, content_scale_ * 4.0f / 3.0f);
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
  pressed_unseen_.clear();  // this frame has seen them down
}

void Window::swap() {
  if (!shown_) {
    glfwShowWindow(window_);
    shown_ = true;
  }
  glfwSwapBuffers(window_);
}

}  // namespace dungen::app
