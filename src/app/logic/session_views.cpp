// What the renderer and the panels read from Session: the map, uploads, overlay, log, stats.

#include "app/logic/session.hpp"
#include "app/logic/session_state.hpp"

#include <algorithm>

namespace dungen::app {

// --- drawing ---

const Grid& Session::grid() const {
  return s_->track->grid();
}

std::int32_t Session::heat_max() const {
  return s_->track->heat_max();
}

std::optional<AnalysisKind> Session::shown_analysis() const {
  return s_->track->shown_analysis();
}

TextureUpload Session::take_upload() {
  Track& t = *s_->track;
  std::optional<ViewCaches::Upload>& uploaded = s_->caches.uploaded;
  const ViewCaches::Upload now{s_->track_serial, t.shown(), t.version()};
  const std::optional<Rect> dirty = t.take_dirty();
  const bool same = uploaded == now;
  uploaded = now;
  const bool regions = now.shown != ShownMap::Generator;
  TextureUpload up{.full = !same, .dirty = same ? dirty : std::nullopt, .regions = regions};
  if (regions) {
    up.max_label = t.phase_max_label();
    up.max_region = std::max(t.tally().max_region_id(), t.heat_max());
  }
  return up;
}

const OverlayView& Session::overlay() {
  ViewCaches& c = s_->caches;
  if (c.overlay_key == s_->key()) return c.overlay;
  c.overlay_key = s_->key();
  c.overlay = s_->track->overlay();
  if (s_->predict.waiting) {
    show_question(c.overlay, *s_->predict.waiting);
  } else if (const Reveal* r = reveal()) {
    show_reveal(c.overlay, *r);
  }
  return c.overlay;
}

Legend Session::legend() {
  return make_legend(overlay(), s_->track->tally());
}

ViewFlags& Session::view() {
  return s_->view;
}
const ViewFlags& Session::view() const {
  return s_->view;
}

// --- teaching panels ---

std::span<const std::string_view> Session::pseudocode() const {
  return s_->track->narration().pseudocode;
}
std::optional<int> Session::current_line() const {
  const Step* s = s_->track->current();
  return s ? std::optional<int>(s->line) : std::nullopt;
}
const Step* Session::current_step() const {
  return s_->track->current();
}
std::vector<ShownDraw> Session::current_draws() const {
  const Track& t = *s_->track;
  const Step* at = t.current();
  if (!at) return {};
  const Step step = *at;  // a copy: draws_at may decode over the timeline's
  const std::vector<Draw> draws = t.shown_timeline().draws_at(t.shown_cursor());
  const std::vector<int> occurrences = draw_occurrences(draws);
  std::vector<ShownDraw> out;
  for (std::size_t i = 0; i < draws.size(); ++i) {
    const Draw& d = draws[i];
    out.push_back({std::string(d.name), d, occurrences[i],
                   step_draws_text(t.narration(), step, std::span(&d, 1), t.narration_params())});
  }
  return out;
}

const std::vector<LogEntry>& Session::log() {
  ViewCaches& c = s_->caches;
  const Track& t = *s_->track;
  if (c.log_key == s_->key()) return c.log;
  c.log_key = s_->key();
  std::vector<LogEntry>& log = c.log;
  log.clear();
  if (t.phase() == Phase::Regions) {
    const std::uint64_t local = t.position() - t.branch();
    if (local < kLogLines) {
      const Timeline& gen = t.generator_timeline();
      append_log(gen, t.spec().narration, gen.stepper().params(), 0, t.branch(), 0,
                 kLogLines - static_cast<std::size_t>(local), log);
    }
    append_log(t.shown_timeline(), t.narration(), t.narration_params(), 0, local, t.branch(),
               kLogLines, log);
  } else {
    append_log(t.shown_timeline(), t.narration(), t.narration_params(), 0, t.position(), 0,
               kLogLines, log);
  }
  return log;
}

LiveStats Session::stats() const {
  const Track& t = *s_->track;
  LiveStats out;
  out.step = t.position();
  out.recorded = t.recorded();
  const Timeline& gen = t.generator_timeline();
  out.generator = t.spec().narration.stat_rows(gen.stats(), gen.stepper().params());
  if (t.phase() == Phase::Regions) {
    out.flood_fill = t.narration().stat_rows(t.shown_timeline().stats(), t.narration_params());
  } else if (auto rows = t.instant_stats()) {
    out.flood_fill = std::move(*rows);
  }
  out.analysis = analysis_spec(t.analysis()).title;
  out.analysis_on = s_->settings.regions != RegionsMode::Off;
  const MapTally& tally = t.tally();
  out.walkable = tally.walkable();
  out.floor_fraction = tally.floor_fraction();
  if (t.has_regions() && t.analysis() == AnalysisKind::Regions) {
    out.regions =
        RegionStats{tally.region_count(), tally.largest_region_fraction(), t.regions_complete()};
  }
  return out;
}

std::optional<Point> Session::start_shown() const {
  return s_->track->start_here();
}

const Layout& Session::layout() const {
  return s_->track->layout();
}

}  // namespace dungen::app
