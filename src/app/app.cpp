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
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/compare_pane.hpp"
#include "app/gl_check.hpp"
#include "app/input.hpp"
#include "app/logic/frame_pacer.hpp"
#include "app/logic/headless.hpp"
#include "app/logic/plates.hpp"
#include "app/logic/run_report.hpp"
#include "app/logic/session.hpp"
#include "app/logic/step_focus.hpp"
#include "app/logic/ui_layout.hpp"
#include "app/logic/view_follow.hpp"
#include "app/map_overlays.hpp"
#include "app/map_renderer.hpp"
#include "app/map_texture.hpp"
#include "app/map_view.hpp"
#include "app/page.hpp"
#include "app/panels.hpp"
#include "app/screenshot.hpp"
#include "app/texture_stager.hpp"
#include "app/ui_pass.hpp"
#include "app/window.hpp"
#include "render/palette.hpp"

namespace dungen::app {
namespace {

// While minimised, wake up this often to see whether the window came back.
constexpr double kMinimisedPollSeconds = 0.1;

// A browser page cannot sleep until an event comes: the browser calls tick() once a display
// frame (requestAnimationFrame), and a tick with nothing to show draws nothing (FramePacer).
#if defined(__EMSCRIPTEN__)
constexpr bool kWaitsForEvents = false;
#else
constexpr bool kWaitsForEvents = true;
#endif

// The session the flags start: with the scripts they read, listed after the built-ins.
SessionConfig session_config(const AppOptions& options) {
  SessionConfig config;
  config.scripts = options.scripts;
  return config;
}

// How often the --script files are looked at for changes.
constexpr double kScriptWatchSeconds = 0.5;

class App {
 public:
  App(Window& window, const AppOptions& options)
      : window_(window),
        options_(options),
        ui_{.show_help = false, .font_scale = options.font_scale},
        session_(session_config(options)),
        stager_(options.frames == 0 || options.no_wait),
        pacer_(kWaitsForEvents && (options.frames == 0 || options.no_wait)) {}

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
  RunState run_state() const;

 private:
  void frame(double dt, bool capture);
  void draw_panels();
  void first_frame_shown();
  void apply_view_requests();
  LayoutInput layout_input() const;
  void keep_fit();
  bool follow_step(ScreenRect map, int map_w, int map_h);
  std::vector<int> named_by_step();
  bool animating() const;
  void draw_map_overlays(const Palette& palette, bool capture);
  void split_for_compare();
  void print_layout() const;
  // Something will change what is shown without any input (the session's work, a staged
  // upload, changed cells still to upload, a cell's history still being read): keep drawing
  // frames.
  bool working() const {
    return session_.busy() || stager_.staging() || stager_.holding_upload() ||
           (ui_.history_cell && ui_.history_reading) ||
           (compare_ && (compare_->uploading() || compare_->refresh_pending())) ||
           ui_.sweep.job.running() || ui_.sweep.job_b.running() || ui_.share.job.running();
  }

  Window& window_;
  const AppOptions& options_;
  UiState ui_;
  Session session_;
  TextureStager stager_;
  FramePacer pacer_;
  RunReport report_;
  bool drawn_once_ = false;
  bool worked_ = false;  // the last frame was working() (or the picture was being drawn)
  std::unique_ptr<MapRenderer> renderer_;
  std::unique_ptr<UiPass> ui_pass_;
  int frame_events_ = 0;                  // the input and window events before this frame
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
  std::string capture_error_;
  bool captured_ = false;
  double capture_seconds_ = 0.0;
  // The --script files, read again when one changes on disk (looked at every
  // kScriptWatchSeconds; the idle window redraws at least every second).
  struct Watched {
    std::string path;
    const GeneratorSpec* spec = nullptr;  // its version in the session's list (null: none read)
    std::filesystem::file_time_type stamp{};
    std::uintmax_t size = 0;
  };
  std::vector<Watched> watched_;
  double next_watch_ = 0.0;
  void watch_scripts(double now);
  void open_script(const std::string& path);
  void run_edited_script();
  void show_read_error(const std::string& path, const std::string& message);
  FrameParts parts_{};                           // where the last frame's time went
  std::optional<std::uint64_t> steps_to_check_;  // --no-wait --steps K: clamped, once done?
};

bool App::setup() {
  HeadlessSetup setup = options_.setup;
  // The window never waits for a run before its first frame (a 4096x4096 map takes seconds): the
  // run goes on over the frames and on the session's worker thread, under the progress bar. A
  // headless run (--frames) waits unless --no-wait, so its picture shows the finished state, and
  // so does a --steps setup, which --back needs.
  setup.wait = options_.frames > 0 ? !options_.no_wait : setup.steps.has_value();
  std::vector<std::string> notes;
  if (auto err = setup_session(session_, setup, &notes)) {
    std::fprintf(stderr, "dungen-viz: %s\n", err->message.c_str());
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
    // A preset with a fork opens compare mode with pane B forked (options.cpp turns it on).
    ui_.fork_into_b = options_.preset->fork;
  }
  ui_.share.scripts = static_cast<bool>(options_.load_script);
  for (const auto& script : options_.scripts) {
    const bool watched = std::any_of(options_.watched.begin(), options_.watched.end(),
                                     [&](const auto& w) { return w.spec == script.get(); });
    if (!watched) ui_.share.shipped_scripts.push_back(script.get());
  }
  for (const AppOptions::WatchedScript& w : options_.watched) {
    std::error_code ec;
    watched_.push_back({w.path, w.spec, std::filesystem::last_write_time(w.path, ec),
                        std::filesystem::file_size(w.path, ec)});
    if (!w.spec) show_read_error(w.path, w.error);
  }
  renderer_ = std::make_unique<MapRenderer>();
  renderer_->warm_up();
  ui_pass_ = std::make_unique<UiPass>();
  gl_check::after("the setup (the window, the map's shader)");
  return true;
}

// A script that could not be read: its error under the log, with the file's text for the line
// the error names.
void App::show_read_error(const std::string& path, const std::string& message) {
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  session_.set_script_error(message, std::move(text));
}

// A script dropped on the window: listed (or, when it is watched already, read again), shown,
// and watched from now on like a --script file.
void App::open_script(const std::string& path) {
  if (!options_.load_script) {
    session_.set_script_error("this build runs no scripts: " + path, "");
    return;
  }
  std::error_code ec;
  const auto stamp = std::filesystem::last_write_time(path, ec);
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  auto loaded = options_.load_script(path);
  auto known = std::find_if(watched_.begin(), watched_.end(),
                            [&](const Watched& w) { return w.path == path; });
  if (!loaded) {
    // Watched all the same: the fix, when saved, opens it.
    if (known == watched_.end()) {
      watched_.push_back({path, nullptr, stamp, size});
    } else {
      known->stamp = stamp;
      known->size = size;
    }
    return show_read_error(path, loaded.error().message);
  }
  const GeneratorSpec* spec = loaded->get();
  session_.replace_generator(known == watched_.end() ? nullptr : known->spec, std::move(*loaded));
  session_.select_generator(*spec);
  if (known == watched_.end()) {
    watched_.push_back({path, spec, stamp, size});
  } else {
    *known = {path, spec, stamp, size};
  }
}

// The Script section's text, run in place of the script it was loaded from. A watched file's
// entry follows it: the next save of that file replaces what was run.
void App::run_edited_script() {
  const GeneratorSpec* before = run_script_text(session_, ui_.script, options_.load_script_text);
  if (!before) return;
  for (Watched& w : watched_) {
    if (w.spec == before) w.spec = &session_.generator();
  }
}

// A watched script whose file changed is read again: a good read replaces it in the session
// (same seed, parameters and step where they still fit), a bad one shows its error under the
// log, and the last good run stays on screen.
void App::watch_scripts(double now) {
  if (watched_.empty() || now < next_watch_ || !options_.load_script) return;
  next_watch_ = now + kScriptWatchSeconds;
  for (Watched& w : watched_) {
    std::error_code ec;
    const auto stamp = std::filesystem::last_write_time(w.path, ec);
    if (ec) continue;  // mid-save (an editor's rename): the next look sees the new file
    const std::uintmax_t size = std::filesystem::file_size(w.path, ec);
    if (ec || (stamp == w.stamp && size == w.size)) continue;
    w.stamp = stamp;
    w.size = size;
    auto loaded = options_.load_script(w.path);
    if (!loaded) {
      show_read_error(w.path, loaded.error().message);
      continue;
    }
    const GeneratorSpec* before = w.spec;
    w.spec = loaded->get();
    session_.replace_generator(before, std::move(*loaded));
    // A file that had not read yet: its first good version is what the student waits to see.
    if (!before) session_.select_generator(*w.spec);
  }
}

namespace {

// Over a map being rebuilt the picture is the last map's (or the new one part-drawn), and over
// one a job moves across frames (a far seek, a run to the end) it changes from frame to frame:
// the hover says so instead of naming a cell that may not be the one under the mouse (and says
// the same in every frame of the job, not a cell's words in one and these in the next).
void hover_rebuilding(ScreenRect map, const Session& session) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse || !map.contains(io.MousePos.x, io.MousePos.y)) return;
  if (session.rebuilding()) {
    ImGui::SetTooltip("the map is being rebuilt (%s, %.0f%%):\nthe picture is the last map's",
                      std::string(session.busy_label()).c_str(), session.progress() * 100.0);
  } else if (session.moving()) {
    // (No percentage: the transport bar's, drawn before the session moved in this frame, would
    // say another.)
    ImGui::SetTooltip("%s:\nthe picture shows the steps on the way",
                      std::string(session.busy_label()).c_str());
  } else {
    ImGui::SetTooltip("the new map is being drawn:\nthe picture is the last map's");
  }
}

}  // namespace

void App::draw_map_overlays(const Palette& palette, bool capture) {
  ImDrawList* list = ImGui::GetBackgroundDrawList();
  const Grid& grid = session_.grid();
  const ScreenRect map = layout_.map;
  // While a new map is staged, or its picture drawn, the last one is shown: the new one's numbers
  // would not fit it. (A screenshot's frame finishes the picture: see MapRenderer::draw.)
  const bool drawing_new =
      stager_.staging() || stager_.awaiting_cells() || (renderer_->busy() && !capture);
  // Headless runs have no real mouse (Xvfb parks it mid-screen): no hover tooltip in pictures.
  const bool hover = options_.frames == 0;
  if (hover && (drawing_new || session_.rebuilding() || session_.moving())) {
    hover_rebuilding(map, session_);
  }
  if (drawing_new) return;
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
  // An analysis of amounts (distances) shows each cell's number when zoomed in.
  const std::optional<AnalysisKind> shown = session_.shown_analysis();
  const bool amounts = shown && analysis_spec(*shown).values == AnalysisValues::Amounts;
  if (amounts) {
    draw_region_glyphs(list, grid, view_, map, session_.view().show_region_labels, true);
  } else if (ui_.projector) {
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
  if (hover && !session_.rebuilding()) {
    draw_hover(list, grid, view_, map, session_.generator().text_shows_labels);
  }
  if (!stager_.error().empty()) {
    list->AddText({map.x + 10, map.y + 10}, IM_COL32(255, 80, 80, 255),
                  ("cannot draw this map: " + stager_.error()).c_str());
  }
}

// Compare mode (C, ViewFlags::compare) halves the map's viewport: pane A on the left, pane B on
// the right. The pane is made when the mode comes on (a copy of A) and dropped when it goes off.
void App::split_for_compare() {
  const std::optional<DrawFork> fork = std::exchange(ui_.fork_into_b, std::nullopt);
  if (fork) session_.view().compare = true;
  if (!session_.view().compare) {
    // B's run is freed on A's worker, its pane's GL objects here.
    if (compare_) session_.dispose(compare_->take_b());
    compare_.reset();
    ui_.compare = nullptr;  // the panels drawn this frame see the pane as it now is
    return;
  }
  if (!compare_) {
    compare_ = std::make_unique<ComparePane>(session_, session_config(options_),
                                             stager_.stages_big_uploads());
    // The first pane B takes --b-generator, --b-seed and --b-PARAM.
    if (!compare_flags_applied_) {
      compare_flags_applied_ = true;
      Session& b = compare_->b();
      if (options_.b_generator) b.select_generator(options_.b_generator->name);
      if (options_.b_params) {
        if (auto err = b.set_params(*options_.b_params)) {
          std::fprintf(stderr, "dungen-viz: pane B: %s\n", err->message.c_str());
        }
      }
      if (options_.b_seed) b.set_seed(*options_.b_seed);
      compare_->set_by_fraction(options_.by_fraction);
      // --sweep N in compare mode sweeps pane B's parameters over the same seeds too.
      if (options_.sweep_seeds) {
        ui_.sweep.job_b.start(b.generator(), b.params(), session_.seed(), *options_.sweep_seeds,
                              static_cast<int>(b.region_params().get("connectivity")));
        if (options_.frames > 0 && !options_.no_wait) ui_.sweep.job_b.wait();
      }
    }
  }
  if (fork) compare_->fork(session_, *fork);
  ui_.compare = compare_.get();
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
  in.controls =
      measure_controls_panel(session_, compare_ ? &compare_->b() : nullptr, ui_.script.open);
  in.teaching = measure_teaching_panel(ui_.projector);
  in.controls_state = ui_.controls;
  in.teaching_state = ui_.teaching;
  in.bar = measure_transport_bar(session_);
  in.lab = ui_.sweep.open;
  in.lab_state = ui_.sweep.fold;
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
  const MapTexture& texture = stager_.texture();
  const bool drawn = texture.ready() && stager_.error().empty();
  const int map_w = drawn ? texture.width() : session_.grid().width();
  const int map_h = drawn ? texture.height() : session_.grid().height();
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
  gl_check::frame_start();  // each pass below is checked for GL errors (app/gl_check.hpp)
  const ImGuiIO& io = ImGui::GetIO();
  const Palette& palette = palette_for(ui_.projector);
  apply_theme(palette, ui_.projector);
  draw_panels();

  const double t0 = glfwGetTime();
  if (compare_) {
    // Both panes' updates, taking turns while they move (ComparePane::update).
    compare_->update(session_, stager_, dt, options_.frames > 0 && !options_.no_wait);
  } else {
    session_.update(dt);
  }
  const double t1 = glfwGetTime();
  stager_.set_work_share(compare_ ? kPaneBudgetShare : 1.0);
  stager_.sync(session_);
  gl_check::after("the map's texture upload");
  const double t2 = glfwGetTime();
  keep_fit();
  // The map's picture first (drawn off screen; the UI's pass puts it under everything else in
  // the background list), then what goes over it.
  // Region tints apply only to labelled cells, so they can always be on.
  const MapStyle style{session_.generator().text_shows_labels, true, session_.view().show_grid,
                       ui_.projector, session_.heat_max()};
  // While a big map's successor is built its texture is given back as long as the picture on
  // show needs none of its cells (TextureStager::park).
  stager_.park(session_, renderer_->current(stager_.texture(), view_, layout_.map,
                                            io.DisplayFramebufferScale.x, style, palette));
  // The picture gets what the upload left of the frame's map work (map_texture.hpp), or of the
  // pane's share of it in compare mode (pane B's picture takes the other).
  renderer_->draw(stager_.texture(), view_, layout_.map, io.DisplayFramebufferScale.x, style,
                  palette, ImGui::GetBackgroundDrawList(), capture,
                  kMapWorkSeconds * (compare_ ? kPaneBudgetShare : 1.0) - (t2 - t1));
  gl_check::after("the map's picture (MapRenderer)");
  draw_map_overlays(palette, capture);
  if (compare_)
    compare_->draw(view_, compare_rect_, io.DisplayFramebufferScale.x, palette, capture);
  gl_check::after("the overlays and compare's pane B");

  const int fb_w = window_.framebuffer_width();
  const int fb_h = window_.framebuffer_height();
  const double t3 = glfwGetTime();
  // The UI's pass draws nothing when nothing can look other than the last frame (ui_pass.hpp):
  // the map pictures say when theirs were drawn again in place. A frame after window events or
  // for a screenshot is drawn anyway (an expose wants the window's pixels again).
  std::vector<std::uintptr_t> pictures;
  bool pictures_changed = false;
  const auto tell = [&](MapRenderer& r) {
    for (const std::uintptr_t p : r.pictures()) pictures.push_back(p);
    pictures_changed = r.take_shown_change() || pictures_changed;
  };
  tell(*renderer_);
  if (compare_) tell(compare_->renderer());
  ImGui::Render();
  const bool shown = ui_pass_->draw(*ImGui::GetDrawData(), palette.outside, pictures,
                                    pictures_changed, capture || frame_events_ > 0 || !drawn_once_);
  gl_check::after("the window's pass (clear, ImGui's draw lists, the map's quad)");
  if (capture && options_.screenshot) {
    const double start = glfwGetTime();
    const std::optional<Error> failed = write_screenshot(*options_.screenshot, fb_w, fb_h);
    captured_ = !failed;
    if (failed) capture_error_ = failed->message;
    capture_seconds_ = glfwGetTime() - start;
  }
  if (shown) window_.swap();
  parts_ = {t0 - frame_start, t1 - t0, t2 - t1, t3 - t2, glfwGetTime() - t3};
  if (!drawn_once_) first_frame_shown();
  drawn_once_ = true;
}

// The layout, the input and the panels, before the session moves (panels above the map act on
// it: a click on "step" shows in the next frame, see the pacing rule).
void App::draw_panels() {
  ui_.drawn.clear();
  ui_.another_frame = false;
  ui_.compare = compare_.get();
  LayoutInput in = layout_input();
  layout_ = compute_layout(in);
  // The preset's note under the map, as tall as its text wrapped at the map's width.
  in.note_h = measure_preset_note(session_, ui_, layout_.map.w);
  if (in.note_h > 0) layout_ = compute_layout(in);
  split_for_compare();

  handle_keys(window_.keys(), session_, ui_);
  for (const std::string& path : std::exchange(ui_.share.scripts_to_open, {})) open_script(path);
  if (ui_.script.run) run_edited_script();
  for (const std::string& path : window_.take_opened_files()) {
    if (path.ends_with(".lua")) {
      open_script(path);  // a generator script, dropped on the window
    } else {
      open_preset_file(session_, ui_, path);
    }
  }
  // A click on the map answers the question waiting (predict mode), or opens the cell's history.
  if (const std::optional<Point> cell = handle_mouse(view_, layout_.map, session_.grid().width(),
                                                     session_.grid().height(), drag_)) {
    if (session_.question()) {
      if (const std::optional<int> choice = session_.choice_at(*cell)) session_.answer(*choice);
    } else {
      ui_.history_cell = *cell;
    }
  }
  draw_controls_panel(session_, ui_, layout_);
  draw_teaching_panel(session_, ui_, layout_, ui_.projector);
  draw_transport_bar(session_, ui_, layout_);
  draw_preset_note(session_, ui_, layout_);
  draw_help_window(ui_);
  draw_lesson_window(session_, ui_);
  draw_predict_card(session_, ui_, layout_);
  draw_cell_history_window(session_, ui_);
  draw_sweep_pane(session_, ui_, layout_);
  draw_file_dialog(session_, ui_);
}

void App::first_frame_shown() {
  report_.first_shown(glfwGetTime());
  // The window's figure now (scripts/frame-times.sh reads it); a headless run's comes with the
  // rest of its figures at the end.
  if (options_.frames == 0) {
    std::printf("dungen-viz: first frame shown %.0f ms after start\n",
                report_.first_shown() * 1000.0);
    std::fflush(stdout);
  }
  stager_.first_frame_shown();
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
  // What a cell of the map's texture holds (map_texture.hpp).
  const CellFormat f = stager_.texture().format();
  std::string holds = f.id_is_region ? "region" : "label";
  if (f.words == 2) holds = "label, then region";
  if (f.region_bits > 0) {
    holds = "label and region, " + std::to_string(f.region_bits) + " bits the region's";
  }
  std::printf("dungen-viz: map texture %d bytes a cell: %s\n", static_cast<int>(f.bytes()),
              holds.c_str());
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
  // What each pane shows (tests/gui/fields_test.sh reads the seeds a field committed; the
  // compare-by-fraction test the steps).
  const auto pane = [](char name, const Session& s) {
    std::printf("dungen-viz: pane %c seed %llu\n", name, static_cast<unsigned long long>(s.seed()));
    std::printf("dungen-viz: pane %c step %llu of %llu%s\n", name,
                static_cast<unsigned long long>(s.position()),
                static_cast<unsigned long long>(s.recorded()),
                s.recorded_whole() ? " (whole run)" : "");
    // A script's name (a reload may change it) and its error (tests/gui/script_reload_test.sh).
    if (!s.generator().source.empty()) {
      std::printf("dungen-viz: pane %c script %s\n", name, std::string(s.generator().name).c_str());
    }
    if (const Session::RunError e = s.run_error(); !e.text.empty()) {
      std::printf("dungen-viz: pane %c error %s\n", name, e.text.c_str());
    }
    if (const std::optional<ForkState> fork = s.fork_state()) {
      std::printf("dungen-viz: pane %c %s\n", name, fork_words(*fork).c_str());
    }
    // Predict mode (tests/gui/predict_test.sh): the lesson's score, the question waiting or the
    // answer shown.
    if (s.predict()) {
      std::printf("dungen-viz: pane %c predict: %d of %d right\n", name, s.lesson().right(),
                  s.lesson().asked());
      if (const Question* q = s.question()) {
        std::printf("dungen-viz: pane %c question: %s\n", name, q->prompt.c_str());
      } else if (const Reveal* r = s.reveal()) {
        std::printf("dungen-viz: pane %c revealed: %s\n", name, r->right ? "right" : "wrong");
      }
    }
  };
  pane('A', session_);
  if (compare_) pane('B', compare_->b());
  if (ui_.history_cell) {
    std::printf("dungen-viz: cell history %s %zu steps\n", xy_text(*ui_.history_cell).c_str(),
                ui_.history_steps);
  }
  std::printf("dungen-viz: panel controls %s %s\n", rect(layout_.controls).c_str(),
              layout_.controls_open ? "open" : "strip");
  std::printf("dungen-viz: panel teaching %s %s\n", rect(layout_.teaching).c_str(),
              layout_.teaching_open ? "open" : "strip");
  if (layout_.lab.h > 0) {
    std::printf("dungen-viz: panel lab %s %s\n", rect(layout_.lab).c_str(),
                layout_.lab_open ? "open" : "strip");
  }
  std::printf("dungen-viz: transport bar %s %s%s\n", rect(layout_.transport).c_str(),
              layout_.compact ? "compact" : "full", layout_.bar_scrolls ? " scrolls" : "");
  for (const DrawnItem& item : ui_.drawn) {
    std::printf("dungen-viz: item %s %s text %ld\n", item.name.c_str(), rect(item.rect).c_str(),
                std::lround(item.text_w * scale));
  }
}

// True while the picture changes without any input (the frame pacing rule: logic/frame_pacer.hpp).
bool App::animating() const {
  return pacer_.settling() || session_.playing() || working() || renderer_->busy() ||
         (compare_ && (compare_->b().busy() || compare_->b().playing())) ||
         session_.view().fit_requested || window_.fonts_pending() || ui_.another_frame ||
         ImGui::IsAnyMouseDown();
}

void App::begin_loop() {
  pacer_.restart_clock(glfwGetTime());
  // DUNGEN_VIZ_FRAME_LOG=FILE: a line a frame (RunReport::log_frame), so that
  // scripts/frame-times.sh can time what xdotool does to the real window.
  report_.open_frame_log(std::getenv("DUNGEN_VIZ_FRAME_LOG"));
}

bool App::tick() {
  if (window_.should_close()) return false;
  const bool headless = options_.frames > 0;
  const bool editing_text = ImGui::GetIO().WantTextInput;
  const bool woke = !headless && !animating();  // nothing moves: wait for input
  if (!woke) {
    window_.poll_events();
  } else {
    window_.wait_events(FramePacer::idle_wait(editing_text));
    pacer_.restart_clock(glfwGetTime());  // the wait is not part of the next frame's time
  }
  const int events = window_.take_event_count();
  frame_events_ = events;
  pacer_.saw_events(events);
  if constexpr (!kWaitsForEvents) {
    if (!headless &&
        pacer_.skip_idle_page_frame(glfwGetTime(), events, animating(), editing_text)) {
      return true;
    }
  }
  if (window_.minimised()) {
    // No stepping, no drawing: a minimised window costs nothing but this wait.
    glfwWaitEventsTimeout(kMinimisedPollSeconds);
    pacer_.restart_clock(glfwGetTime());
    return true;
  }
  watch_scripts(glfwGetTime());
  const double dt = pacer_.start_frame(glfwGetTime());
  const bool final_frame = headless && pacer_.frames() >= options_.frames;
  const double start = glfwGetTime();
  frame(dt, final_frame);
  // The screenshot's PNG encoding is not part of a frame's cost.
  const double drawn = glfwGetTime();
  const double took = drawn - start - capture_seconds_;
  pacer_.drawn(took, drawn);
  const bool busy = working() || renderer_->busy();
  report_.log_frame(start, took, busy, parts_,
                    {.rebuilding = session_.rebuilding(),
                     .parked = stager_.parked(),
                     .woke = woke,
                     .drawn = ui_pass_->drew()});
  // The end of the work counts as an event: a few more frames let what sizes itself to its
  // content catch up (a tooltip whose words the new map changed) before the window waits, rather
  // than at the idle redraw a second later.
  if (worked_ && !busy) pacer_.saw_events(1);
  worked_ = busy;
  if constexpr (!kWaitsForEvents) report_to_page(took);
  if (steps_to_check_ && !session_.busy()) {
    if (auto note = steps_clamp_note(*steps_to_check_, session_.position())) {
      std::fprintf(stderr, "dungen-viz: %s\n", note->c_str());
    }
    steps_to_check_.reset();
  }
  if (final_frame) return false;
  const bool only_work =
      working() && !session_.playing() && !pacer_.settling() && !ImGui::IsAnyMouseDown();
  // A headless --no-wait run times what a window does, so it is paced like one.
  if (const double spare = pacer_.spare(only_work, glfwGetTime() - start); spare > 0.0) {
    window_.wait_events(spare);
  }
  return true;
}

RunState App::run_state() const {
  return {session_.position(), session_.recorded(), session_.playing(), session_.busy()};
}

// The browser build tells whoever drives the page (tests/web) what it shows, on its console.
void App::report_to_page(double took) {
  // Where everything is (print_layout), whenever what is drawn, or where, changes (a section
  // opened, a generator with other parameters, a resize): where to click.
  // (The map's cell size too: a wheel turn or a pinch changes what the map shows.)
  std::string drawn = std::to_string(std::lround(view_.cell_px() * 100.0f)) + ';';
  for (const DrawnItem& item : ui_.drawn) {
    drawn += item.name + ' ' + std::to_string(std::lround(item.rect.x)) + ',' +
             std::to_string(std::lround(item.rect.y)) + ';';
  }
  if (report_.items_changed(drawn)) print_layout();
  // Where the run is, whenever that changes.
  if (auto line = report_.page_line(run_state(), pacer_.last_drawn(), pacer_.frames(),
                                    pacer_.total(), took, parts_)) {
    std::fputs(line->c_str(), stdout);
    std::fflush(stdout);
  }
}

int App::end_loop() {
  report_.close_frame_log();
  if (options_.frames > 0) {
    std::fputs(
        report_.end_figures(run_state(), pacer_.frames(), pacer_.mean(), pacer_.slowest()).c_str(),
        stdout);
    print_layout();
  }
  if (options_.frames > 0 || ui_pass_->checking()) std::fputs(ui_pass_->summary().c_str(), stdout);
  if (ui_pass_->counts().differing > 0) return kExitFailure;  // (DUNGEN_VIZ_REDRAW=check)
  if (options_.screenshot && !captured_) {
    std::fprintf(stderr, "dungen-viz: screenshot not written: %s\n",
                 capture_error_.empty() ? "the window closed first" : capture_error_.c_str());
    return kExitFailure;
  }
  if (gl_check::errors() > 0) {
    std::fprintf(stderr, "dungen-viz: %d GL error(s), each named above\n", gl_check::errors());
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
    page::ended(kExitFailure);
  }
}

int run_page(const AppOptions& options, std::chrono::steady_clock::time_point started) {
  auto* loop = new PageLoop{options, nullptr, nullptr};  // never freed: it is the page's
  Checked<std::unique_ptr<Window>> window =
      Window::open({options.width, options.height, true, options.font_scale, started});
  if (!window) {
    std::fprintf(stderr, "dungen-viz: %s\n", window.error().message.c_str());
    return kExitNoDisplay;
  }
  loop->window = std::move(*window);
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

#if !defined(__EMSCRIPTEN__)
namespace {
// SIGINT (Ctrl+C in the terminal) and SIGTERM end the loop as closing the window does: a --frames
// run prints its closing lines, and the worker is stopped and joined. A handler may only set a
// flag: the loop reads it before each frame (an idle window wakes at least once a second).
volatile std::sig_atomic_t stop_signal = 0;
void on_stop_signal(int) {
  stop_signal = 1;
}
}  // namespace
#endif

int run_app(const AppOptions& options, std::chrono::steady_clock::time_point started) {
#if defined(__EMSCRIPTEN__)
  return run_page(options, started);
#else
  const bool headless = options.frames > 0;
  Checked<std::unique_ptr<Window>> opened =
      Window::open({options.width, options.height, !headless, options.font_scale, started});
  if (!opened) {
    std::fprintf(stderr, "dungen-viz: %s\n", opened.error().message.c_str());
    return kExitNoDisplay;
  }
  const std::unique_ptr<Window> window = std::move(*opened);
  try {
    App app(*window, options);
    if (!app.setup()) return kExitBadFlags;
    app.begin_loop();
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
    while (stop_signal == 0 && app.tick()) {
    }
    return app.end_loop();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "dungen-viz: %s\n", e.what());
    return kExitFailure;
  }
#endif
}

}  // namespace dungen::app
