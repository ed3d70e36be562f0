#include "app/app.hpp"

#include "app/gl.hpp"
// The GL header before GLFW (GLFW_INCLUDE_NONE is defined by the dungen::glfw target).
#include <GLFW/glfw3.h>
#include <imgui.h>

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/buffer_allocator.hpp"
#include "app/compare_pane.hpp"
#include "app/input.hpp"
#include "app/logic/headless.hpp"
#include "app/logic/plates.hpp"
#include "app/logic/session.hpp"
#include "app/logic/step_focus.hpp"
#include "app/logic/ui_layout.hpp"
#include "app/logic/view_follow.hpp"
#include "app/map_overlays.hpp"
#include "app/map_renderer.hpp"
#include "app/map_texture.hpp"
#include "app/map_view.hpp"
#include "app/panels.hpp"
#include "app/screenshot.hpp"
#include "app/window.hpp"
#include "render/palette.hpp"

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
// - While only background work moves the picture (a progress bar; no play, no input, no drag),
//   frames are kWorkingFrameSeconds apart: the worker thread (which runs at a lower priority,
//   logic/worker.hpp) gets the time between them, which on a machine with two cores is most of
//   what there is.
// Headless pictures (--frames N) never wait: their frames are back to back (but --no-wait runs,
// which time what the window does, are paced like it).
constexpr int kSettleFrames = 3;
constexpr double kIdleRedrawSeconds = 1.0;
constexpr double kCaretBlinkSeconds = 0.2;
constexpr double kMinFrameSeconds = 1.0 / 240.0;
constexpr double kWorkingFrameSeconds = 1.0 / 30.0;
// A browser page cannot sleep until an event comes: the browser calls tick() once a display
// frame (requestAnimationFrame), and a tick with nothing to show draws nothing.
#if defined(__EMSCRIPTEN__)
constexpr bool kWaitsForEvents = false;
#else
constexpr bool kWaitsForEvents = true;
#endif
// The browser build's state line (App::tick) comes at most this often while playing.
constexpr double kReportSeconds = 0.25;

// A dirty rectangle this big (seeking back across a 4096x4096 map) costs a software rasteriser
// a large part of a second to upload: while the session is still busy, such rectangles are
// merged and sent at most every kBigUploadSeconds, so the progress bar keeps moving.
constexpr long kBigUploadCells = 1L << 20;
constexpr double kBigUploadSeconds = 0.25;
// A whole new map this big (a 4096x4096 map is 16 M cells, 64 or 128 MB of texels) goes into the
// second texture (its buffer made on the allocator's thread when the one it has is too small), a
// band of rows per frame, while the first goes on showing the last map; it is shown once
// complete.
constexpr std::size_t kStagedUploadCells = std::size_t{1} << 20;
constexpr int kStagedBandCells = 1 << 17;       // one glTexSubImage2D call
constexpr double kStagedUploadSeconds = 0.006;  // bands per frame: until this much time is spent

Rect merge(const std::optional<Rect>& a, const Rect& b) {
  return a ? bounding(*a, b) : b;
}

class App {
 public:
  App(Window& window, const AppOptions& options)
      : window_(window),
        options_(options),
        ui_{.show_help = false, .font_scale = options.font_scale} {}

  // Returns false (with a message printed) if the session cannot be set up.
  bool setup();
  // The main loop, in three parts so that a browser page, which cannot block, calls tick() once
  // a display frame (run_app): begin_loop(), then tick() until it says false, then end_loop(),
  // which returns the exit code.
  void begin_loop();
  bool tick();
  int end_loop();
  // The browser build's console lines for whoever drives the page (tick, after a frame).
  void report_to_page(double took);

 private:
  void frame(double dt, bool capture);
  void apply_view_requests();
  LayoutInput layout_input() const;
  void keep_fit();
  bool follow_step(ScreenRect map, int map_w, int map_h);
  std::vector<int> named_by_step();
  bool animating() const;
  void sync_texture();
  void start_staged_upload(const Grid& grid, CellFormat format);
  void continue_staged_upload(const Grid& grid);
  void draw_map_overlays(const Palette& palette, bool capture);
  void split_for_compare();
  void print_layout() const;
  MapTexture& texture() { return textures_[shown_texture_]; }
  MapTexture& staged_texture() { return textures_[1 - shown_texture_]; }
  // Something will change what is shown without any input (the session's work, a staged
  // upload): keep drawing frames.
  bool working() const {
    return session_.busy() || staging_.has_value() || ui_.sweep.job.running() ||
           ui_.share.job.running();
  }

  Window& window_;
  const AppOptions& options_;
  UiState ui_;
  Session session_;
  MapTexture textures_[2];  // the one shown, and the one a big new map is staged into
  int shown_texture_ = 0;
  struct Staging {
    CellFormat format;
    int row = 0;            // the next row to upload
    bool awaiting = false;  // the staged texture's buffer is still being made
  };
  std::optional<Staging> staging_;
  bool stage_big_uploads_ = true;  // not for a headless picture of a finished run: no one waits
  std::unique_ptr<BufferAllocator> allocator_;  // made once the window shows (see frame())
  bool drawn_once_ = false;
  double first_shown_ = 0.0;  // when the first frame was swapped, in seconds since main started
  std::unique_ptr<MapRenderer> renderer_;
  std::unique_ptr<ComparePane> compare_;  // compare mode's pane B (ViewFlags::compare)
  ScreenRect compare_rect_;               // where pane B is drawn
  bool compare_flags_applied_ = false;    // --b-* go to the first pane B only
  MapView view_;
  MouseDrag drag_;
  UiLayout layout_;
  // The view as the last fit left it: while nobody zooms or pans, a new viewport size refits.
  MapView fitted_view_;
  ScreenRect fitted_for_;
  // Projector mode on a map too big for readable cells: the view follows the step
  // (ViewFlags::follow_step). following_: it did last frame, at followed_ (a zoom or pan by
  // the user since then stops following).
  bool following_ = false;
  MapView followed_;
  // What the last frame drew over the map (print_layout): the numbers the step's words name and
  // the plates drawn, with what they number ("room" or "region").
  std::vector<int> named_;
  NumberPlates plates_;
  const char* plates_of_ = "room";
  std::optional<Rect> pending_upload_;
  double last_big_upload_ = 0.0;
  std::string texture_error_;
  std::string capture_error_;
  bool captured_ = false;
  double capture_seconds_ = 0.0;
  int settle_frames_ = kSettleFrames;  // frames still to draw after the last event
  // Where the last frame's time went (seconds): panels, session, texture upload, map, UI + swap.
  std::array<double, 5> parts_{};
  std::optional<std::uint64_t> steps_to_check_;  // --no-wait --steps K: clamped, once done?
  // The loop's own state (begin_loop, tick, end_loop).
  double last_ = 0.0;        // when the last frame started, or the last idle wait ended
  double last_drawn_ = 0.0;  // when the last frame was drawn
  int frames_ = 0;
  double slowest_ = 0.0;  // seconds, frames after the first (which compiles shaders)
  double total_ = 0.0;
  std::FILE* frame_log_ = nullptr;
  std::string printed_items_;  // the browser build's last print_layout(): its items, where
  // The browser build's state line (tick): what it said last, and when.
  std::uint64_t reported_position_ = UINT64_MAX;
  bool reported_playing_ = false;
  double last_report_ = 0.0;
  int frames_at_report_ = 1;  // (total_ counts from the second frame)
  double total_at_report_ = 0.0;
};

bool App::setup() {
  HeadlessSetup setup = options_.setup;
  // The window never waits for a run before its first frame (a 4096x4096 map takes seconds): the
  // run goes on over the frames and on the session's worker thread, under the progress bar. A
  // headless run (--frames) waits unless --no-wait, so its picture shows the finished state, and
  // so does a --steps setup, which --back needs.
  setup.wait = options_.frames > 0 ? !options_.no_wait : setup.steps.has_value();
  stage_big_uploads_ = options_.frames == 0 || options_.no_wait;
  std::vector<std::string> notes;
  if (auto err = setup_session(session_, setup, &notes)) {
    std::fprintf(stderr, "dungen-viz: %s\n", err->c_str());
    return false;
  }
  for (const std::string& n : notes) std::fprintf(stderr, "dungen-viz: %s\n", n.c_str());
  // A --steps run the frames finish says whether it stopped short once they have.
  if (!setup.wait && options_.setup.steps) steps_to_check_ = options_.setup.steps;
  // The grid only shows once cells are big enough (MapView::grid_alpha), so it starts on.
  session_.view().show_grid = true;
  session_.view().projector = options_.projector;
  session_.view().compare = options_.compare;
  if (options_.sweep_seeds) {
    ui_.sweep.seeds = *options_.sweep_seeds;
    ui_.sweep.open = true;
    ui_.sweep.job.start(session_.generator(), session_.params(), session_.seed(),
                        *options_.sweep_seeds,
                        static_cast<int>(session_.region_params().get("connectivity")));
    // A headless picture that waits for its runs waits for the sweep too (it ends by itself).
    if (options_.frames > 0 && !options_.no_wait) ui_.sweep.job.wait();
  }
  if (options_.preset) {
    ui_.preset_note = options_.preset_is_share ? note_for_share(*options_.preset, lesson_presets())
                                               : note_of(*options_.preset);
  }
  renderer_ = std::make_unique<MapRenderer>();
  return true;
}

void App::sync_texture() {
  const TextureUpload up = session_.take_upload();
  const Grid& grid = session_.grid();
  MapTexture& shown = texture();
  const bool resized = shown.width() != grid.width() || shown.height() != grid.height();
  const CellFormat format = cell_format(grid, up.regions);
  // (A first map staged into the other texture leaves the shown one unready meanwhile: that
  // staging goes on; restarting it every frame, it never ended where a band takes a frame.)
  if (up.full || ((!shown.ready() || resized || shown.format() != format) && !staging_)) {
    pending_upload_.reset();
    texture_error_.clear();
    staging_.reset();
    if (grid.size() < kStagedUploadCells || !stage_big_uploads_) {
      if (!shown.reset(grid, format, &texture_error_)) return;
      if (resized) session_.view().fit_requested = true;
      return;
    }
    start_staged_upload(grid, format);
  }
  if (up.dirty) pending_upload_ = merge(pending_upload_, *up.dirty);
  if (staging_) {
    continue_staged_upload(grid);
    if (staging_) return;  // changes made meanwhile go to the staged texture once it is shown
  }
  if (!pending_upload_) return;
  const long cells = static_cast<long>(pending_upload_->w) * pending_upload_->h;
  const double now = glfwGetTime();
  const bool big = cells > kBigUploadCells;
  if (big && session_.busy() && now - last_big_upload_ < kBigUploadSeconds) return;
  texture().upload(grid, *pending_upload_);
  pending_upload_.reset();
  if (big) last_big_upload_ = now;
}

void App::start_staged_upload(const Grid& grid, CellFormat format) {
  MapTexture& staged = staged_texture();
  if (staged.fits(grid.width(), grid.height(), format)) {
    // The buffer of the map before last is big enough: reused (only without an allocator
    // thread; with one, that buffer was given back once this texture stopped being shown).
    if (staged.allocate(grid.width(), grid.height(), format, &texture_error_)) {
      staging_ = Staging{.format = format};
    }
    return;
  }
  if (!allocator_) allocator_ = std::make_unique<BufferAllocator>();
  if (allocator_->ready() && grid.size() <= max_buffer_cells()) {
    allocator_->request(grid.size() * format.bytes());
    staging_ = Staging{.format = format, .awaiting = true};
    return;
  }
  if (staged.allocate(grid.width(), grid.height(), format, &texture_error_)) {
    staging_ = Staging{.format = format};
  }
}

void App::continue_staged_upload(const Grid& grid) {
  MapTexture& staged = staged_texture();
  if (staging_->awaiting) {
    const CellFormat format = staging_->format;
    const auto made = allocator_->take(grid.size() * format.bytes());
    if (!made) return;
    allocator_->release(
        staged.adopt(made->buffer, made->bytes, grid.width(), grid.height(), format));
    staging_->awaiting = false;
  }
  const int band = std::max(1, kStagedBandCells / std::max(1, grid.width()));
  const double start = glfwGetTime();
  // At least one band a frame; the bound is the map's height.
  for (int guard = 0; guard <= grid.height() && staging_->row < grid.height(); ++guard) {
    const int rows = std::min(band, grid.height() - staging_->row);
    staged.upload(grid, {0, staging_->row, grid.width(), rows});
    staging_->row += rows;
    if (glfwGetTime() - start >= kStagedUploadSeconds) break;
  }
  if (staging_->row < grid.height()) return;
  const bool resized = texture().width() != grid.width() || texture().height() != grid.height();
  shown_texture_ = 1 - shown_texture_;
  staging_.reset();
  if (resized) session_.view().fit_requested = true;
  // The last map's buffer is not kept for the next one: on a big map that would be a second
  // copy of it all along (64-128 MB at 4096x4096). The allocator's thread makes the next one.
  if (allocator_ && allocator_->ready()) allocator_->release(staged_texture().release_buffer());
}

void App::draw_map_overlays(const Palette& palette, bool capture) {
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  const Grid& grid = session_.grid();
  const ScreenRect map = layout_.map;
  // While a new map is staged, or its picture drawn, the last one is shown: the new one's numbers
  // would not fit it. (A screenshot's frame finishes the picture: see MapRenderer::draw.)
  if (staging_ || (renderer_->busy() && !capture)) return;
  // Numbers first: the step's overlay (a candidate and its caption) goes on top. Projector
  // mode numbers rooms from smaller cells, and regions (while they are labelled, or with L) as
  // the log numbers them; the numbers the step's words name are placed first.
  named_ = named_by_step();
  plates_ = {};
  plates_of_ = "room";
  PlateOptions plates{.named = named_};
  // Clear of the cursor's square (drawn over the numbers, draw_step_overlay: at least 14 px).
  if (const auto focus = step_focus(session_.overlay());
      focus && focus->core.w == 1 && focus->core.h == 1) {
    const float half = std::max(7.0f, view_.cell_px() * 0.5f + 2.0f) + 2.0f;
    const float cx = view_.screen_x(static_cast<float>(focus->core.x) + 0.5f, map);
    const float cy = view_.screen_y(static_cast<float>(focus->core.y) + 0.5f, map);
    plates.keep_clear.push_back({cx - half, cy - half, 2.0f * half, 2.0f * half});
  }
  if (ui_.projector) {
    plates.min_cell_px = kProjectorNumberMinCellPx;
    if (session_.view().show_region_labels || session_.phase() == Phase::Regions) {
      plates_of_ = "region";
      plates_ = draw_region_numbers(list, grid, view_, map, plates);
    } else {
      plates_ = draw_room_numbers(list, grid, view_, map, plates);
    }
  } else if (session_.view().show_region_labels) {
    draw_region_glyphs(list, grid, view_, map, session_.regions_mode() != RegionsMode::Off);
  } else {
    plates_ = draw_room_numbers(list, grid, view_, map, plates);
  }
  if (compare_) compare_->draw_diff(list, view_, map, palette, grid);
  draw_step_overlay(list, session_.overlay(), view_, map, palette);
  // Headless runs have no real mouse (Xvfb parks it mid-screen): no hover tooltip in pictures.
  if (options_.frames == 0)
    draw_hover(list, grid, view_, map, session_.generator().text_shows_labels);
  if (!texture_error_.empty()) {
    list->AddText({map.x + 10, map.y + 10}, IM_COL32(255, 80, 80, 255),
                  ("cannot draw this map: " + texture_error_).c_str());
  }
}

// Compare mode (C, ViewFlags::compare) halves the map's viewport: pane A on the left, pane B on
// the right. The pane is made when the mode comes on (a copy of A) and dropped when it goes off.
void App::split_for_compare() {
  if (!session_.view().compare) {
    compare_.reset();
    return;
  }
  if (!compare_) {
    compare_ = std::make_unique<ComparePane>(session_, SessionConfig{});
    // The first pane B takes --b-generator, --b-seed and --b-PARAM.
    if (!compare_flags_applied_) {
      compare_flags_applied_ = true;
      Session& b = compare_->b();
      if (options_.b_generator) b.select_generator(options_.b_generator->name);
      if (options_.b_params) {
        if (auto err = b.set_params(*options_.b_params)) {
          std::fprintf(stderr, "dungen-viz: pane B: %s\n", err->c_str());
        }
      }
      if (options_.b_seed) b.set_seed(*options_.b_seed);
    }
  }
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  ScreenRect& a = layout_.map;
  const float half = std::max(1.0f, std::floor((a.w - gap) * 0.5f));
  compare_rect_ = {a.x + half + gap, a.y, std::max(1.0f, a.w - half - gap), a.h};
  a.w = half;
}

// Projector mode and the UI scale reset arrive as view flags (a key, a checkbox, --projector).
void App::apply_view_requests() {
  ViewFlags& view = session_.view();
  if (view.reset_ui_scale) {
    ui_.font_scale = kDefaultUiScale;
    view.reset_ui_scale = false;
  }
  if (view.projector == ui_.projector) return;
  ui_.projector = view.projector;
  if (ui_.projector) {
    ui_.scale_before_projector = ui_.font_scale;
    ui_.controls_before_projector = ui_.controls;
    ui_.font_scale = std::max(ui_.font_scale, kProjectorUiScale);
    ui_.controls = PanelState::Closed;  // map, transport, pseudocode and log only
  } else {
    ui_.font_scale = ui_.scale_before_projector;
    ui_.controls = ui_.controls_before_projector;
    ui_.reopen_controls = true;
  }
}

// The room and region numbers the current step's words name (its log line, the captions on the
// map): the plates that must not be left out.
std::vector<int> App::named_by_step() {
  std::string words;
  const auto& log = session_.log();
  if (!log.empty() && log.back().step == session_.position()) words = log.back().text;
  words += " " + session_.overlay().caption;
  return named_numbers(words);
}

LayoutInput App::layout_input() const {
  const ImGuiIO& io = ImGui::GetIO();
  const ImGuiStyle& style = ImGui::GetStyle();
  LayoutInput in;
  in.width = io.DisplaySize.x;
  in.height = io.DisplaySize.y;
  in.font = ImGui::GetFontSize();
  in.frame = ImGui::GetFrameHeight();
  in.gap_x = style.ItemSpacing.x;
  in.gap_y = style.ItemSpacing.y;
  in.pad_x = style.WindowPadding.x;
  in.pad_y = style.WindowPadding.y;
  in.controls = measure_controls_panel(session_);
  in.teaching = measure_teaching_panel(ui_.projector);
  in.controls_state = ui_.controls;
  in.teaching_state = ui_.teaching;
  in.bar = measure_transport_bar(session_);
  // The map first: the algorithm panel takes what kProjectorMapShare leaves (and wraps).
  if (ui_.projector) apply_projector_widths(in);
  return in;
}

// Fits on request, and again when the viewport changes size (a resize, a panel folding, the UI
// scale) as long as the user has not zoomed or panned since the last fit.
void App::keep_fit() {
  const ScreenRect map = layout_.map;
  if (map.w <= 0 || map.h <= 0) return;
  // The map drawn is the texture's (a new map being staged is not shown yet).
  const bool drawn = texture().ready() && texture_error_.empty();
  const int map_w = drawn ? texture().width() : session_.grid().width();
  const int map_h = drawn ? texture().height() : session_.grid().height();
  // Following the step, the view moves every frame.
  if (follow_step(map, map_w, map_h)) return;
  const bool untouched = view_.cell_px() == fitted_view_.cell_px() &&
                         view_.origin_x() == fitted_view_.origin_x() &&
                         view_.origin_y() == fitted_view_.origin_y();
  const bool resized = map.w != fitted_for_.w || map.h != fitted_for_.h;
  if (!session_.view().fit_requested && !(untouched && resized)) return;
  view_.fit(map_w, map_h, map);
  session_.view().fit_requested = false;
  fitted_view_ = view_;
  fitted_for_ = map;
}

// Projector mode, a map whose fitted cells are smaller than kFollowBelowCellPx (a 160x50 cave):
// the view zooms to kFollowCellPx and keeps the step's focus in view, until V (or the user's
// own zoom or pan) stops it. Returns true when it placed the view.
bool App::follow_step(ScreenRect map, int map_w, int map_h) {
  ViewFlags& flags = session_.view();
  const bool was = following_;
  following_ = false;
  if (was) {
    const bool moved_by_user = view_.cell_px() != followed_.cell_px() ||
                               view_.origin_x() != followed_.origin_x() ||
                               view_.origin_y() != followed_.origin_y();
    if (moved_by_user) {
      flags.follow_step = false;
      return true;  // the user's view stays
    }
  }
  MapView fitted;
  fitted.fit(map_w, map_h, map);
  if (!ui_.projector || !flags.follow_step || compare_ || fitted.cell_px() >= kFollowBelowCellPx) {
    if (was) flags.fit_requested = true;  // back to the whole map
    return false;
  }
  std::optional<ViewPlacement> current;
  if (was) current = ViewPlacement{view_.cell_px(), view_.origin_x(), view_.origin_y()};
  const ViewPlacement p = follow_focus(current, step_focus(session_.overlay()), map_w, map_h, map.w,
                                       map.h, kFollowCellPx);
  view_ = fitted;  // its zoom limits
  view_.place(p.cell_px, p.origin_x, p.origin_y);
  followed_ = view_;
  fitted_view_ = view_;
  fitted_for_ = map;
  flags.fit_requested = false;
  following_ = true;
  return true;
}

void App::frame(double dt, bool capture) {
  const double frame_start = glfwGetTime();
  apply_view_requests();
  window_.set_font_scale(ui_.font_scale);
  window_.begin_frame();
  const ImGuiIO& io = ImGui::GetIO();
  const Palette& palette = palette_for(ui_.projector);
  apply_theme(palette, ui_.projector);
  ui_.drawn.clear();
  ui_.another_frame = false;
  LayoutInput in = layout_input();
  layout_ = compute_layout(in);
  // The preset's note under the map, as tall as its text wrapped at the map's width.
  in.note_h = measure_preset_note(session_, ui_, layout_.map.w);
  if (in.note_h > 0) layout_ = compute_layout(in);
  split_for_compare();

  handle_keys(window_.keys(), session_, ui_);
  handle_mouse(view_, layout_.map, drag_);
  draw_controls_panel(session_, ui_, layout_);
  draw_teaching_panel(session_, ui_, layout_, ui_.projector);
  draw_transport_bar(session_, ui_, layout_);
  draw_preset_note(session_, ui_, layout_);
  draw_help_window(ui_);
  draw_sweep_window(session_, ui_);
  draw_file_dialog(session_, ui_);
  if (compare_) compare_->draw_window(session_);

  const double t0 = glfwGetTime();
  session_.update(dt);
  if (compare_) compare_->update(session_, dt, options_.frames > 0 && !options_.no_wait);
  const double t1 = glfwGetTime();
  sync_texture();
  const double t2 = glfwGetTime();
  keep_fit();
  // The map's picture first (drawn off screen; the UI's pass puts it under everything else in
  // the background list), then what goes over it.
  // Region tints apply only to labelled cells, so they can always be on.
  const MapStyle style{session_.generator().text_shows_labels, true, session_.view().show_grid,
                       ui_.projector};
  renderer_->draw(texture(), view_, layout_.map, io.DisplayFramebufferScale.x, style, palette,
                  ImGui::GetBackgroundDrawList(), capture);
  draw_map_overlays(palette, capture);
  if (compare_)
    compare_->draw(view_, compare_rect_, io.DisplayFramebufferScale.x, palette, capture);

  const int fb_w = window_.framebuffer_width();
  const int fb_h = window_.framebuffer_height();
  glViewport(0, 0, fb_w, fb_h);
  const Rgb clear = palette.outside;
  glClearColor(clear.r / 255.0f, clear.g / 255.0f, clear.b / 255.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  const double t3 = glfwGetTime();
  window_.render_ui();
  if (capture && options_.screenshot) {
    const double start = glfwGetTime();
    captured_ = write_screenshot(*options_.screenshot, fb_w, fb_h, &capture_error_);
    capture_seconds_ = glfwGetTime() - start;
  }
  window_.swap();
  parts_ = {t0 - frame_start, t1 - t0, t2 - t1, t3 - t2, glfwGetTime() - t3};
  if (!drawn_once_) {
    first_shown_ = glfwGetTime();
    // The window's figure now (scripts/frame-times.sh reads it); a headless run's comes with the
    // rest of its figures at the end.
    if (options_.frames == 0) {
      std::printf("dungen-viz: first frame shown %.0f ms after start\n", first_shown_ * 1000.0);
      std::fflush(stdout);
    }
    // The allocator's hidden GL context takes a software rasteriser some 60 ms to make: not
    // before the first frame, which shows the window, nor in a later one, which should be
    // short; right after the first is shown, whose cost is the window's start-up anyway.
    if (stage_big_uploads_ && !allocator_) allocator_ = std::make_unique<BufferAllocator>();
  }
  drawn_once_ = true;
}

// Where everything is in the picture, in pixels from the top-left. tests/png_check looks for the
// tile colours in the map viewport only (the legend has every colour too); tests/layout_check
// checks that nothing is outside the window, overlaps the map, or is cut.
void App::print_layout() const {
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  const auto rect = [scale](ScreenRect r) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%ld,%ld,%ldx%ld", std::lround(r.x * scale),
                  std::lround(r.y * scale), std::lround(r.w * scale), std::lround(r.h * scale));
    return std::string(buf);
  };
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  std::printf("dungen-viz: window %ldx%ld, UI scale %.2f%s\n", std::lround(size.x * scale),
              std::lround(size.y * scale), ui_.font_scale, ui_.projector ? ", projector" : "");
  std::printf("dungen-viz: map viewport %s\n", rect(layout_.map).c_str());
  std::printf("dungen-viz: map cell %.2f px, grid %.2f, %s\n", view_.cell_px() * scale,
              session_.view().show_grid ? view_.grid_alpha(ui_.projector) : 0.0f,
              following_ ? "following the step" : "whole map");
  if (layout_.note.h > 0) std::printf("dungen-viz: preset note %s\n", rect(layout_.note).c_str());
  // "step names rooms 27 18; in view 27": a merged region's old number is on no cell any more.
  const auto list = [](const std::vector<int>& numbers) {
    std::string out;
    for (const int n : numbers) {
      out += ' ';
      out += std::to_string(n);
    }
    return numbers.empty() ? std::string(" none") : out;
  };
  std::printf("dungen-viz: step names %ss%s; in view%s\n", plates_of_, list(named_).c_str(),
              list(plates_.named_in_view).c_str());
  for (const PlacedPlate& p : plates_.placed) {
    const ScreenRect r = p.rect;
    std::printf("dungen-viz: plate %s %d %s\n", plates_of_, p.number, rect(r).c_str());
  }
  if (compare_) std::printf("dungen-viz: compare viewport %s\n", rect(compare_rect_).c_str());
  std::printf("dungen-viz: panel controls %s %s\n", rect(layout_.controls).c_str(),
              layout_.controls_open ? "open" : "strip");
  std::printf("dungen-viz: panel teaching %s %s\n", rect(layout_.teaching).c_str(),
              layout_.teaching_open ? "open" : "strip");
  std::printf("dungen-viz: transport bar %s %s%s\n", rect(layout_.transport).c_str(),
              layout_.compact ? "compact" : "full", layout_.bar_scrolls ? " scrolls" : "");
  for (const DrawnItem& item : ui_.drawn) {
    std::printf("dungen-viz: item %s %s text %ld\n", item.name.c_str(), rect(item.rect).c_str(),
                std::lround(item.text_w * scale));
  }
}

// True while the picture changes without any input (see the frame pacing rule at the top).
bool App::animating() const {
  return settle_frames_ > 0 || session_.playing() || working() || renderer_->busy() ||
         (compare_ && (compare_->b().busy() || compare_->b().playing())) ||
         pending_upload_.has_value() || session_.view().fit_requested || window_.fonts_pending() ||
         ui_.another_frame || ImGui::IsAnyMouseDown();
}

void App::begin_loop() {
  last_ = glfwGetTime();
  // DUNGEN_VIZ_FRAME_LOG=FILE: a line a frame, "seconds-since-start frame-ms working" and where
  // the frame's milliseconds went ("panels session upload map present"), so that
  // scripts/frame-times.sh can time what xdotool does to the real window.
  if (const char* path = std::getenv("DUNGEN_VIZ_FRAME_LOG")) frame_log_ = std::fopen(path, "w");
}

bool App::tick() {
  if (window_.should_close()) return false;
  const bool headless = options_.frames > 0;
  if (headless || animating()) {
    window_.poll_events();
  } else {
    window_.wait_events(ImGui::GetIO().WantTextInput ? kCaretBlinkSeconds : kIdleRedrawSeconds);
    // Nothing played while waiting: the wait is not part of the next frame's time (Space
    // after a long pause starts from the first step, not a quarter second's worth).
    last_ = glfwGetTime();
  }
  const int events = window_.take_event_count();
  if (events > 0) {
    settle_frames_ = kSettleFrames;
  } else if (settle_frames_ > 0) {
    --settle_frames_;
  }
  if constexpr (!kWaitsForEvents) {
    // The page cannot sleep in wait_events: it is called once a display frame whatever happens.
    // With nothing new and nothing moving, that frame is not drawn (until the idle redraw is due).
    const double idle_for = ImGui::GetIO().WantTextInput ? kCaretBlinkSeconds : kIdleRedrawSeconds;
    if (!headless && events == 0 && !animating() && glfwGetTime() - last_drawn_ < idle_for) {
      return true;
    }
  }
  if (window_.minimised()) {
    // No stepping, no drawing: a minimised window costs nothing but this wait.
    glfwWaitEventsTimeout(kMinimisedPollSeconds);
    last_ = glfwGetTime();
    return true;
  }
  const double now = glfwGetTime();
  const double dt = now - last_;
  last_ = now;
  ++frames_;
  const bool final_frame = headless && frames_ >= options_.frames;
  const double start = glfwGetTime();
  frame(dt, final_frame);
  last_drawn_ = glfwGetTime();
  // The screenshot's PNG encoding is not part of a frame's cost.
  const double took = glfwGetTime() - start - capture_seconds_;
  if (frames_ > 1) {
    slowest_ = std::max(slowest_, took);
    total_ += took;
  }
  if (frame_log_) {
    std::fprintf(frame_log_, "%.3f %.2f %d %.1f %.1f %.1f %.1f %.1f\n", start, took * 1000.0,
                 working() || renderer_->busy() ? 1 : 0, parts_[0] * 1e3, parts_[1] * 1e3,
                 parts_[2] * 1e3, parts_[3] * 1e3, parts_[4] * 1e3);
    std::fflush(frame_log_);
  }
  if constexpr (!kWaitsForEvents) report_to_page(took);
  if (steps_to_check_ && !session_.busy()) {
    if (auto note = steps_clamp_note(*steps_to_check_, session_.position())) {
      std::fprintf(stderr, "dungen-viz: %s\n", note->c_str());
    }
    steps_to_check_.reset();
  }
  if (final_frame) return false;
  const bool only_work =
      working() && !session_.playing() && settle_frames_ == 0 && !ImGui::IsAnyMouseDown();
  const double period = only_work ? kWorkingFrameSeconds : kMinFrameSeconds;
  const double spare = period - (glfwGetTime() - start);
  // A headless --no-wait run times what a window does, so it is paced like one.
  if (kWaitsForEvents && (!headless || options_.no_wait) && spare > 0.0) {
    window_.wait_events(spare);
  }
  return true;
}

// The browser build tells whoever drives the page (tests/web) what it shows, on its console.
void App::report_to_page(double took) {
  // Where everything is (print_layout), whenever what is drawn, or where, changes (a section
  // opened, a generator with other parameters, a resize): where to click.
  std::string drawn;
  for (const DrawnItem& item : ui_.drawn) {
    drawn += item.name + ' ' + std::to_string(std::lround(item.rect.x)) + ',' +
             std::to_string(std::lround(item.rect.y)) + ';';
  }
  if (drawn != printed_items_) {
    printed_items_ = drawn;
    print_layout();
  }
  // Where the run is, whenever that changes (while playing, at most every kReportSeconds):
  // "dungen-viz: step 3 of 120, paused, 5.1 ms a frame (the last: ...)" (the mean of the frames
  // drawn since the last such line, the first frame's start-up excepted).
  const bool moved =
      session_.position() != reported_position_ || session_.playing() != reported_playing_;
  const bool due = !session_.playing() || session_.playing() != reported_playing_ ||
                   last_drawn_ - last_report_ >= kReportSeconds;
  if (moved && due && !session_.busy()) {
    reported_position_ = session_.position();
    reported_playing_ = session_.playing();
    last_report_ = last_drawn_;
    const int frames = frames_ - frames_at_report_;
    std::printf(
        "dungen-viz: step %llu of %llu, %s, %.1f ms a frame (the last: panels %.1f, session "
        "%.1f, upload %.1f, map %.1f, UI and present %.1f)\n",
        static_cast<unsigned long long>(session_.position()),
        static_cast<unsigned long long>(session_.recorded()),
        session_.playing() ? "playing" : "paused",
        frames > 0 ? (total_ - total_at_report_) * 1000.0 / frames : took * 1000.0, parts_[0] * 1e3,
        parts_[1] * 1e3, parts_[2] * 1e3, parts_[3] * 1e3, parts_[4] * 1e3);
    frames_at_report_ = frames_;
    total_at_report_ = total_;
    std::fflush(stdout);
  }
}

int App::end_loop() {
  if (frame_log_) std::fclose(frame_log_);
  frame_log_ = nullptr;
  if (options_.frames > 0) {
    // Figures for whoever runs it headless (never asserted: times vary by machine).
    std::printf("dungen-viz: first frame shown %.0f ms after start (%s)\n", first_shown_ * 1000.0,
                session_.busy() ? "work still under way" : "finished");
    std::printf(
        "dungen-viz: %d frames, after the first: mean %.1f ms, slowest %.1f ms; step %llu of "
        "%llu%s\n",
        frames_, frames_ > 1 ? total_ * 1000.0 / (frames_ - 1) : 0.0, slowest_ * 1000.0,
        static_cast<unsigned long long>(session_.position()),
        static_cast<unsigned long long>(session_.recorded()),
        session_.busy() ? " (still working)" : "");
    print_layout();
  }
  if (options_.screenshot && !captured_) {
    std::fprintf(stderr, "dungen-viz: screenshot not written: %s\n",
                 capture_error_.empty() ? "the window closed first" : capture_error_.c_str());
    return kExitFailure;
  }
  return kExitOk;
}

#if defined(__EMSCRIPTEN__)
// The page's loop: everything lives as long as the page (the browser never returns to main).
struct PageLoop {
  AppOptions options;
  std::unique_ptr<Window> window;
  std::unique_ptr<App> app;
};

void page_tick(void* arg) {
  auto* loop = static_cast<PageLoop*>(arg);
  try {
    if (!loop->app->tick()) {
      loop->app->end_loop();
      emscripten_cancel_main_loop();
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dungen-viz: %s\n", e.what());
    emscripten_cancel_main_loop();
  }
}

int run_page(const AppOptions& options, std::chrono::steady_clock::time_point started) {
  auto* loop = new PageLoop{options, nullptr, nullptr};  // never freed: it is the page's
  std::string why;
  loop->window =
      Window::open({options.width, options.height, true, options.font_scale, started}, &why);
  if (!loop->window) {
    std::fprintf(stderr, "dungen-viz: %s\n", why.c_str());
    return kExitNoDisplay;
  }
  try {
    loop->app = std::make_unique<App>(*loop->window, loop->options);
    if (!loop->app->setup()) return kExitBadFlags;
    loop->app->begin_loop();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dungen-viz: %s\n", e.what());
    return kExitFailure;
  }
  emscripten_set_main_loop_arg(page_tick, loop, 0, true);  // does not return
  return kExitOk;
}
#endif

}  // namespace

int run_app(const AppOptions& options, std::chrono::steady_clock::time_point started) {
#if defined(__EMSCRIPTEN__)
  return run_page(options, started);
#else
  std::string why;
  const bool headless = options.frames > 0;
  auto window =
      Window::open({options.width, options.height, !headless, options.font_scale, started}, &why);
  if (!window) {
    std::fprintf(stderr, "dungen-viz: %s\n", why.c_str());
    return kExitNoDisplay;
  }
  try {
    App app(*window, options);
    if (!app.setup()) return kExitBadFlags;
    app.begin_loop();
    while (app.tick()) {
    }
    return app.end_loop();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dungen-viz: %s\n", e.what());
    return kExitFailure;
  }
#endif
}

}  // namespace dungen::app
