#include "app/logic/track.hpp"

#include <algorithm>
#include <utility>

#include "app/logic/map_follower.hpp"

namespace dungen::app {

Track::Track(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
             std::size_t history_bytes, const DrawFork* fork)
    : spec_(&spec),
      gen_(start_generator(spec, params, seed, /*record_changes=*/true, fork), history_bytes),
      gen_tally_(MapTally::uniform(gen_.grid().size(), spec.background)),
      gen_dirty_(gen_.grid().width()),
      regions_(RegionsMode::Off),
      region_params_(region_schema()),
      history_bytes_(history_bytes) {}

void Track::set_regions(RegionsMode mode, const ParamValues& region_params, AnalysisKind kind) {
  regions_ = mode;
  region_params_ = region_params;
  analysis_ = kind;
  // Only a dropped region map changes what may be shown (and a 16M-cell upload is not free).
  if (!phase_.empty()) ++version_;
  drop_regions();
  clear_pending();
  // A finished map gets its instant labels at once; animated ones wait for the next step.
  if (mode == RegionsMode::Instant && gen_.at_end()) want_regions_here();
}

void Track::branch_regions_here() {
  if (regions_ == RegionsMode::Off || in_regions()) return;
  drop_regions();
  clear_pending();
  want_regions_here();
}

void Track::want_regions_here() {
  if (regions_ == RegionsMode::Off) return;
  const std::uint64_t at = gen_.cursor();
  if ((!phase_.empty() && phase_.branch == at) || (pending_ && *pending_ == at)) return;
  if (gen_.grid().size() >= defer_from_) {
    pending_ = at;
    ++pending_serial_;
    return;
  }
  make_regions_here();
}

void Track::make_regions_here() {
  drop_regions();
  clear_pending();
  phase_ = make_region_phase(gen_.grid(), gen_tally_, regions_, analysis_, start_here(),
                             region_params_, history_bytes_, gen_.cursor());
  ++version_;
}

void Track::drop_regions() {
  in_region_ = false;
  if (phase_.empty()) return;
  garbage_.push_back(std::move(phase_));
  phase_ = {};
}

template <class Move>
void Track::move_generator(Move move) {
  phase_.lend_labels();  // (a phase without a map has nothing to lend or take back)
  struct TakeBack {
    Track& t;
    ~TakeBack() {
      if (t.gen_.cursor() == t.phase_.branch) t.phase_.take_back_labels(t.gen_.grid());
    }
  } take_back{*this};
  move();
}

void Track::clear_pending() {
  if (!pending_) return;
  pending_.reset();
  ++pending_serial_;
}

std::optional<RegionWork> Track::region_work() const {
  if (!pending_) return std::nullopt;
  return RegionWork{regions_, analysis_, start_here(), region_params_, *pending_, pending_serial_};
}

std::optional<std::vector<StatRow>> Track::instant_stats() const {
  if (!labelled_shown() || phase_.kind == AnalysisKind::Regions) return std::nullopt;
  return analysis_spec(phase_.kind).narration().stat_rows(phase_.stats, region_params_);
}

std::optional<Point> Track::start_here() const {
  return start_step_ && *start_step_ <= gen_.cursor() ? layout().start : std::nullopt;
}

bool Track::install_regions(RegionPhase phase, std::uint64_t serial) {
  if (!pending_ || serial != pending_serial_ || phase.branch != *pending_ ||
      phase.mode != regions_ || phase.kind != analysis_ || gen_.cursor() != phase.branch ||
      phase.empty()) {
    garbage_.push_back(std::move(phase));
    return false;
  }
  drop_regions();
  clear_pending();
  phase_ = std::move(phase);
  in_region_ = phase_.flood && phase_.flood->cursor() > 0;
  ++version_;
  return true;
}

std::vector<RegionPhase> Track::take_garbage() {
  return std::exchange(garbage_, {});
}

void Track::forget_history() {
  gen_.forget_history();
  if (phase_.flood) phase_.flood->forget_history();
}

std::vector<Grid::IdCopy> Track::id_layers() const {
  std::vector<Grid::IdCopy> copies;
  const auto add = [&copies](const Grid& g) {
    for (Grid::IdCopy& c : g.id_layers()) {
      const auto same = [&c](const Grid::IdCopy& o) { return o.cells_were == c.cells_were; };
      if (std::none_of(copies.begin(), copies.end(), same)) copies.push_back(std::move(c));
    }
  };
  add(gen_.grid());
  if (phase_.labelled) add(*phase_.labelled);
  if (phase_.flood) add(phase_.flood->grid());
  return copies;
}

std::vector<IdLayer::Unpacked> Track::adopt_packed(const std::vector<Grid::IdCopy>& packed) {
  std::vector<IdLayer::Unpacked> away = gen_.adopt_packed(packed);
  const auto take = [&away](std::vector<IdLayer::Unpacked> more) {
    for (IdLayer::Unpacked& u : more) away.push_back(std::move(u));
  };
  if (phase_.labelled) take(phase_.labelled->adopt_packed(packed));
  if (phase_.flood) take(phase_.flood->adopt_packed(packed));
  return away;
}

bool Track::forward() {
  if (in_regions()) return phase_.forward();
  // The flood fill from here is being made elsewhere: its first step is the next one.
  if (pending_ && *pending_ == gen_.cursor() && regions_ == RegionsMode::Animated) return false;
  if (phase_.flood && gen_.cursor() == phase_.branch) {
    in_region_ = true;
    if (phase_.forward()) return true;
    in_region_ = false;
    return false;
  }
  MapFollower follow(gen_tally_, gen_dirty_);
  const Step* step = nullptr;
  try {
    move_generator([&] { step = gen_.next(&follow); });
  } catch (const GeneratorStopped& e) {
    // A script broke a rule: its run ends at its last whole step, which stays shown, and the
    // words say why (the stepper has undone the broken step's cells).
    stopped_ = e.what();
  }
  if (step) {
    clear_pending();  // the cursor moved on from where the regions were wanted
    if (!start_step_ && layout().start) start_step_ = gen_.cursor();
    // On the generator's final step the instant labels show at once.
    if (regions_ == RegionsMode::Instant && gen_.at_end()) want_regions_here();
    return true;
  }
  // The generator has finished: what follows depends on the regions mode.
  if (regions_ == RegionsMode::Animated && !phase_.flood) {
    want_regions_here();
    if (!phase_.flood) return false;  // deferred: the flood fill comes with install_regions
    in_region_ = true;
    if (phase_.forward()) return true;
    in_region_ = false;
  } else if (regions_ == RegionsMode::Instant) {
    want_regions_here();
  }
  return false;
}

bool Track::back() {
  if (in_regions()) {
    if (!phase_.back()) return false;
    if (phase_.flood->cursor() == 0) in_region_ = false;  // region step 0 is generator step branch
    return true;
  }
  MapFollower follow(gen_tally_, gen_dirty_);
  bool moved = false;
  move_generator([&] { moved = gen_.back(&follow); });
  if (!moved) return false;
  clear_pending();
  return true;
}

void Track::jump(std::uint64_t k, SeekBudget budget) {
  k = std::clamp(k, earliest(), recorded());
  if (k == position()) return;
  if (phase_.flood && k > phase_.branch) {  // a step of the flood fill
    if (!in_regions()) {
      MapFollower follow(gen_tally_, gen_dirty_);
      move_generator([&] { gen_.seek(phase_.branch, &follow, budget); });
      clear_pending();
      if (gen_.cursor() != phase_.branch) return;  // stopped short: the fill waits for the next
      in_region_ = true;
    }
    MapFollower follow(phase_.tally, phase_.dirty);
    phase_.flood->seek(k - phase_.branch, &follow, budget);
    return;
  }
  if (in_regions()) {
    MapFollower follow(phase_.tally, phase_.dirty);
    phase_.flood->seek(0, &follow, budget);
    if (phase_.flood->cursor() != 0) return;  // stopped short in the flood fill
    in_region_ = false;
  }
  MapFollower follow(gen_tally_, gen_dirty_);
  move_generator([&] { gen_.seek(k, &follow, budget); });
  clear_pending();
}

std::uint64_t Track::position() const {
  return in_regions() ? phase_.branch + phase_.flood->cursor() : gen_.cursor();
}

std::uint64_t Track::earliest() const {
  if (in_regions() && phase_.flood->earliest() > 0) return phase_.branch + phase_.flood->earliest();
  return gen_.earliest();
}

std::uint64_t Track::recorded() const {
  return phase_.flood ? phase_.branch + phase_.flood->recorded() : gen_.recorded();
}

bool Track::finished() const {
  if (in_regions()) return phase_.flood->at_end();
  if (pending_ || phase_.flood) return false;  // its steps (or labels) are still ahead
  return gen_.at_end() && regions_ != RegionsMode::Animated;
}

bool Track::recorded_whole() const {
  if (pending_) return false;
  if (phase_.flood) return phase_.flood->stepper().done();
  return gen_.stepper().done() && regions_ != RegionsMode::Animated;
}

Phase Track::phase() const {
  return in_regions() ? Phase::Regions : Phase::Generator;
}

bool Track::labelled_shown() const {
  return phase_.labelled && regions_ == RegionsMode::Instant && gen_.cursor() == phase_.branch;
}

ShownMap Track::shown() const {
  if (in_regions()) return ShownMap::Regions;
  return labelled_shown() ? ShownMap::Labelled : ShownMap::Generator;
}

const Grid& Track::grid() const {
  switch (shown()) {
    case ShownMap::Regions:
      return phase_.flood->grid();
    case ShownMap::Labelled:
      return *phase_.labelled;
    case ShownMap::Generator:
      break;
  }
  return gen_.grid();
}

std::optional<Rect> Track::take_dirty() {
  std::optional<Rect> gen = gen_dirty_.take();
  std::optional<Rect> region = phase_.flood ? phase_.dirty.take() : std::nullopt;
  switch (shown()) {
    case ShownMap::Regions:
      return region;
    case ShownMap::Labelled:
      return std::nullopt;  // never changes once made
    case ShownMap::Generator:
      break;
  }
  return gen;
}

const MapTally& Track::tally() const {
  return shown() == ShownMap::Generator ? gen_tally_ : phase_.tally;
}

bool Track::has_regions() const {
  return in_regions() || labelled_shown();
}

bool Track::regions_complete() const {
  if (labelled_shown()) return true;
  return in_regions() && phase_.flood->at_end();
}

const Step* Track::current() const {
  return in_regions() ? phase_.flood->current() : gen_.current();
}

OverlayView Track::overlay() const {
  // The player start was placed before the regions began.
  const std::uint64_t start_from = phase() == Phase::Regions ? 0 : start_step();
  return build_overlay(shown_timeline(), narration(), narration_params(), shown_cursor(), start(),
                       start_from);
}

const Narration& Track::narration() const {
  return in_regions() ? analysis_spec(phase_.kind).narration() : spec_->narration;
}

const ParamValues& Track::narration_params() const {
  return in_regions() ? region_params_ : gen_.stepper().params();
}

const Timeline& Track::shown_timeline() const {
  return in_regions() ? *phase_.flood : gen_;
}

std::uint64_t Track::shown_cursor() const {
  return shown_timeline().cursor();
}

}  // namespace dungen::app
