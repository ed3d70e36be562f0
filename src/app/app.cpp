#include "app/app.hpp"

#include <glad/gl.h>
// glad before GLFW (GLFW_INCLUDE_NONE is defined by the dungen::glfw target).
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/input.hpp"
#include "app/logic/headless.hpp"
#include "app/logic/session.hpp"
#include "app/map_overlays.hpp"
#include "app/map_renderer.hpp"
#include "app/map_texture.hpp"
#include "app/map_view.hpp"
#include "app/palette.hpp"
#include "app/panels.hpp"
#include "app/screenshot.hpp"
#include "app/ui_layout.hpp"
#include "app/window.hpp"

namespace dungen::app {
namespace {

// While minimised, wake up this often to see whether the window came back.
constexpr double kMinimisedPollSeconds = 0.1;

// Frame pacing: when to draw. Drawing costs a frame's CPU (a software rasteriser spends a whole
// core drawing as fast as it can), so the app draws only when the picture may change:
// - Continuously while something changes on its own: the session plays or works on a job (its
//   progress bar moves), a texture upload is held back, the fonts are rebuilt, a mouse button is
//   down (a pan, a slider or the scrubber being dragged), or for kSettleFrames frames after any
//   input or window event. Those frames are needed because an event often shows only a frame
//   later: a click on "step" changes the session after the panels above it were drawn, a
//   scroll asked for (the log following its newest line) applies at the next frame, a window
//   takes a frame to size itself, and the frame after a change is one more "something changed".
//   Anything new that animates by itself (a fade, a worker thread's result) must be added to
//   App::animating(), or wake the loop with glfwPostEmptyEvent.
// - Otherwise it sleeps in glfwWaitEventsTimeout until an event comes; at most kIdleRedrawSeconds
//   (nothing changes on screen by itself when idle; the timeout is only a safety net), or
//   kCaretBlinkSeconds while a text field is edited, so its caret blinks.
// - Drawing continuously, a frame never starts sooner than kMinFrameSeconds after the last: a
//   display with vsync paces frames itself (this limit is above common refresh rates, so it
//   never adds a wait there), one without (Xvfb, a driver forcing vsync off) would otherwise
//   draw thousands of identical frames a second.
// Headless runs (--frames N) never wait: their frames are back to back.
constexpr int kSettleFrames = 3;
constexpr double kIdleRedrawSeconds = 1.0;
constexpr double kCaretBlinkSeconds = 0.2;
constexpr double kMinFrameSeconds = 1.0 / 240.0;

// A dirty rectangle this big (seeking back across a 4096x4096 map) costs a software rasteriser
// a large part of a second to upload: while the session is still busy, such rectangles are
// merged and sent at most every kBigUploadSeconds, so the progress bar keeps moving.
constexpr long kBigUploadCells = 1L << 20;
constexpr double kBigUploadSeconds = 0.25;

Rect merge(const std::optional<Rect>& a, const Rect& b) {
  if (!a) return b;
  const int x0 = std::min(a->x, b.x), y0 = std::min(a->y, b.y);
  const int x1 = std::max(a->right(), b.right()), y1 = std::max(a->bottom(), b.bottom());
  return {x0, y0, x1 - x0, y1 - y0};
}

class App {
 public:
  App(Window& window, const AppOptions& options)
      : window_(window),
        options_(options),
        ui_{.show_help = false, .font_scale = options.font_scale} {}

  // Returns false (with a message printed) if the session cannot be set up.
  bool setup();
  int loop();

 private:
  void frame(double dt, bool capture);
  bool animating() const;
  void sync_texture();
  void draw_map_overlays();

  Window& window_;
  const AppOptions& options_;
  UiState ui_;
  Session session_;
  MapTexture texture_;
  std::unique_ptr<MapRenderer> renderer_;
  MapView view_;
  MouseDrag drag_;
  UiLayout layout_;
  std::optional<Rect> pending_upload_;
  double last_big_upload_ = 0.0;
  std::string texture_error_;
  std::string capture_error_;
  bool captured_ = false;
  double capture_seconds_ = 0.0;
  int settle_frames_ = kSettleFrames;            // frames still to draw after the last event
  std::optional<std::uint64_t> steps_to_check_;  // --no-wait --steps K: clamped, once done?
};

bool App::setup() {
  HeadlessSetup setup = options_.setup;
  if (options_.no_wait) {
    setup.steps = 0;  // configure only: paused at step 0, nothing run yet
    setup.back = 0;
  }
  std::vector<std::string> notes;
  if (auto err = setup_session(session_, setup, &notes)) {
    std::fprintf(stderr, "dungen-viz: %s\n", err->c_str());
    return false;
  }
  for (const std::string& n : notes) std::fprintf(stderr, "dungen-viz: %s\n", n.c_str());
  if (options_.no_wait) {
    // Start the job the frames will work on, as a click in the app would.
    if (options_.setup.steps) {
      session_.seek(*options_.setup.steps);
      steps_to_check_ = options_.setup.steps;  // said once the frames have run it
    } else {
      session_.set_mode(RunMode::Live);
      session_.run_to_end();
    }
  }
  // The grid only shows once cells are big enough (MapView::grid_alpha), so it starts on.
  session_.view().show_grid = true;
  renderer_ = std::make_unique<MapRenderer>();
  return true;
}

void App::sync_texture() {
  const TextureUpload up = session_.take_upload();
  const Grid& grid = session_.grid();
  const bool resized = texture_.width() != grid.width() || texture_.height() != grid.height();
  if (up.full || !texture_.ready() || resized) {
    pending_upload_.reset();
    texture_error_.clear();
    if (!texture_.reset(grid, &texture_error_)) return;
    if (resized) session_.view().fit_requested = true;
    return;
  }
  if (up.dirty) pending_upload_ = merge(pending_upload_, *up.dirty);
  if (!pending_upload_) return;
  const long cells = static_cast<long>(pending_upload_->w) * pending_upload_->h;
  const double now = glfwGetTime();
  const bool big = cells > kBigUploadCells;
  if (big && session_.busy() && now - last_big_upload_ < kBigUploadSeconds) return;
  texture_.upload(grid, *pending_upload_);
  pending_upload_.reset();
  if (big) last_big_upload_ = now;
}

void App::draw_map_overlays() {
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  const Grid& grid = session_.grid();
  const ScreenRect map = layout_.map;
  // Numbers first: the step's overlay (a candidate and its caption) goes on top.
  if (session_.view().show_region_labels) {
    draw_region_glyphs(list, grid, view_, map);
  } else {
    draw_room_numbers(list, grid, view_, map);
  }
  draw_step_overlay(list, session_.overlay(), view_, map);
  // Headless runs have no real mouse (Xvfb parks it mid-screen): no hover tooltip in pictures.
  if (options_.frames == 0)
    draw_hover(list, grid, view_, map, session_.generator().text_shows_labels);
  if (!texture_error_.empty()) {
    list->AddText({map.x + 10, map.y + 10}, IM_COL32(255, 80, 80, 255),
                  ("cannot draw this map: " + texture_error_).c_str());
  }
}

void App::frame(double dt, bool capture) {
  window_.set_font_scale(ui_.font_scale);
  window_.begin_frame();
  const ImGuiIO& io = ImGui::GetIO();
  layout_ = compute_layout(io.DisplaySize.x, io.DisplaySize.y, ImGui::GetFontSize());

  handle_keys(window_.keys(), session_, ui_);
  handle_mouse(view_, layout_.map, drag_);
  draw_controls_panel(session_, ui_, layout_.controls);
  draw_teaching_panel(session_, layout_.teaching);
  draw_transport_bar(session_, layout_.transport);
  draw_help_window(ui_);

  session_.update(dt);
  sync_texture();
  if (session_.view().fit_requested && layout_.map.w > 0 && layout_.map.h > 0) {
    view_.fit(session_.grid().width(), session_.grid().height(), layout_.map);
    session_.view().fit_requested = false;
  }
  draw_map_overlays();

  const int fb_w = window_.framebuffer_width();
  const int fb_h = window_.framebuffer_height();
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(kOutsideMap.r / 255.0f, kOutsideMap.g / 255.0f, kOutsideMap.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  // Region tints apply only to labelled cells, so they can always be on.
  const MapStyle style{session_.generator().text_shows_labels, true, session_.view().show_grid};
  renderer_->draw(texture_, view_, layout_.map, io.DisplayFramebufferScale.x, fb_h, style);
  window_.render_ui();
  if (capture && options_.screenshot) {
    const double start = glfwGetTime();
    captured_ = write_screenshot(*options_.screenshot, fb_w, fb_h, &capture_error_);
    capture_seconds_ = glfwGetTime() - start;
  }
  window_.swap();
}

// True while the picture changes without any input (see the frame pacing rule at the top).
bool App::animating() const {
  return settle_frames_ > 0 || session_.playing() || session_.busy() ||
         pending_upload_.has_value() || session_.view().fit_requested || window_.fonts_pending() ||
         ImGui::IsAnyMouseDown();
}

int App::loop() {
  const bool headless = options_.frames > 0;
  double last = glfwGetTime();
  int frames = 0;
  double slowest = 0.0;  // seconds, frames after the first (which compiles shaders)
  double total = 0.0;
  while (!window_.should_close()) {
    if (headless || animating()) {
      window_.poll_events();
    } else {
      window_.wait_events(ImGui::GetIO().WantTextInput ? kCaretBlinkSeconds : kIdleRedrawSeconds);
      // Nothing played while waiting: the wait is not part of the next frame's time (Space
      // after a long pause starts from the first step, not a quarter second's worth).
      last = glfwGetTime();
    }
    if (window_.take_event_count() > 0) {
      settle_frames_ = kSettleFrames;
    } else if (settle_frames_ > 0) {
      --settle_frames_;
    }
    if (window_.minimised()) {
      // No stepping, no drawing: a minimised window costs nothing but this wait.
      glfwWaitEventsTimeout(kMinimisedPollSeconds);
      last = glfwGetTime();
      continue;
    }
    const double now = glfwGetTime();
    const double dt = now - last;
    last = now;
    ++frames;
    const bool final_frame = headless && frames >= options_.frames;
    const double start = glfwGetTime();
    frame(dt, final_frame);
    // The screenshot's PNG encoding is not part of a frame's cost.
    const double took = glfwGetTime() - start - capture_seconds_;
    if (frames > 1) {
      slowest = std::max(slowest, took);
      total += took;
    }
    if (steps_to_check_ && !session_.busy()) {
      if (auto note = steps_clamp_note(*steps_to_check_, session_.position())) {
        std::fprintf(stderr, "dungen-viz: %s\n", note->c_str());
      }
      steps_to_check_.reset();
    }
    if (final_frame) break;
    const double spare = kMinFrameSeconds - (glfwGetTime() - start);
    if (!headless && spare > 0.0) window_.wait_events(spare);  // an event ends it early
  }
  if (options_.frames > 0) {
    // Figures for whoever runs it headless (never asserted: times vary by machine).
    std::printf(
        "dungen-viz: %d frames, after the first: mean %.1f ms, slowest %.1f ms; step %llu of "
        "%llu%s\n",
        frames, frames > 1 ? total * 1000.0 / (frames - 1) : 0.0, slowest * 1000.0,
        static_cast<unsigned long long>(session_.position()),
        static_cast<unsigned long long>(session_.recorded()),
        session_.busy() ? " (still working)" : "");
    // Where the map is in the picture, in pixels from the top-left: tests/png_check looks for
    // the tile colours there only (the legend has every colour too).
    const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
    const ScreenRect m = layout_.map;
    std::printf("dungen-viz: map viewport %ld,%ld,%ldx%ld\n", std::lround(m.x * scale),
                std::lround(m.y * scale), std::lround(m.w * scale), std::lround(m.h * scale));
  }
  if (options_.screenshot && !captured_) {
    std::fprintf(stderr, "dungen-viz: screenshot not written: %s\n",
                 capture_error_.empty() ? "the window closed first" : capture_error_.c_str());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace

int run_app(const AppOptions& options) {
  std::string why;
  const bool headless = options.frames > 0;
  auto window = Window::open({options.width, options.height, !headless, options.font_scale}, &why);
  if (!window) {
    std::fprintf(stderr, "dungen-viz: %s\n", why.c_str());
    return kExitNoDisplay;
  }
  try {
    App app(*window, options);
    if (!app.setup()) return kExitBadFlags;
    return app.loop();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dungen-viz: %s\n", e.what());
    return kExitFailure;
  }
}

}  // namespace dungen::app
