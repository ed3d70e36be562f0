#include "app/logic/track.hpp"

#include "analysis/region_stepper.hpp"

namespace dungen::app {

Track::Track(const GeneratorSpec& spec, const ParamValues& params, std::uint64_t seed,
             std::size_t history_bytes)
    : spec_(&spec),
      gen_(start_generator(spec, params, seed, /*record_changes=*/true), history_bytes),
      gen_tally_(MapTally::uniform(gen_.grid().size(), spec.background)),
      regions_(RegionsMode::Off),
      region_params_(region_schema()),
      history_bytes_(history_bytes) {}

void Track::set_regions(RegionsMode mode, const ParamValues& region_params) {
  regions_ = mode;
  region_params_ = region_params;
  region_.reset();
  labelled_.reset();
  in_region_ = false;
  branch_ = 0;
  ++version_;
  instant_pending_ = false;
  // A finished map gets its instant labels at once (a big one by the next frame); animated ones
  // wait for the next step.
  if (mode == RegionsMode::Instant && gen_.at_end()) {
    if (gen_.grid().size() >= kBigMapCells) {
      instant_pending_ = true;
    } else {
      branch_at_cursor();
    }
  }
}

void Track::settle_regions() {
  if (!instant_pending_) return;
  instant_pending_ = false;
  if (regions_ == RegionsMode::Instant && gen_.at_end() && !in_regions()) branch_at_cursor();
}

void Track::branch_regions_here() {
  if (regions_ == RegionsMode::Off || in_regions()) return;
  branch_at_cursor();
}

void Track::branch_at_cursor() {
  instant_pending_ = false;
  branch_ = gen_.cursor();
  in_region_ = false;
  region_.reset();
  labelled_.reset();
  if (regions_ == RegionsMode::Animated) {
    region_ = std::make_unique<Timeline>(start_region_stepper(gen_.grid(), region_params_),
                                         history_bytes_);
    region_tally_ = gen_tally_.without_regions();
  } else if (regions_ == RegionsMode::Instant) {
    labelled_ = gen_.grid();
    RegionMap labels = label_regions(*labelled_, region_params_.get_int("connectivity"));
    labelled_->assign_regions(std::move(labels.labels));
    labelled_tally_ = gen_tally_.with_regions(labels.sizes);
  }
  ++version_;
}

bool Track::forward() {
  const auto region_step = [this] {
    if (!region_->next()) return false;
    region_tally_.apply(region_->changes_at(region_->cursor()), true);
    return true;
  };
  if (in_regions()) return region_step();
  if (region_ && gen_.cursor() == branch_) {
    in_region_ = true;
    if (region_step()) return true;
    in_region_ = false;
    return false;
  }
  if (gen_.next()) {
    gen_tally_.apply(gen_.changes_at(gen_.cursor()), true);
    if (!start_step_ && layout().start) start_step_ = gen_.cursor();
    // On the generator's final step the instant labels show at once.
    if (regions_ == RegionsMode::Instant && gen_.at_end()) branch_at_cursor();
    return true;
  }
  // The generator has finished: what follows depends on the regions mode.
  if (regions_ == RegionsMode::Animated && !region_) {
    branch_at_cursor();
    in_region_ = true;
    if (region_step()) return true;
    in_region_ = false;
  } else if (regions_ == RegionsMode::Instant && (!labelled_ || branch_ != gen_.cursor())) {
    branch_at_cursor();
  }
  return false;
}

bool Track::back() {
  if (in_regions()) {
    if (region_->cursor() <= region_->earliest()) return false;
    region_tally_.apply(region_->changes_at(region_->cursor()), false);
    region_->back();
    if (region_->cursor() == 0) in_region_ = false;  // region step 0 is generator step branch_
    return true;
  }
  if (gen_.cursor() <= gen_.earliest()) return false;
  gen_tally_.apply(gen_.changes_at(gen_.cursor()), false);
  gen_.back();
  return true;
}

std::uint64_t Track::position() const {
  return in_regions() ? branch_ + region_->cursor() : gen_.cursor();
}

std::uint64_t Track::earliest() const {
  if (in_regions() && region_->earliest() > 0) return branch_ + region_->earliest();
  return gen_.earliest();
}

std::uint64_t Track::recorded() const {
  return region_ ? branch_ + region_->recorded() : gen_.recorded();
}

bool Track::finished() const {
  if (in_regions()) return region_->at_end();
  if (region_) return false;  // its steps are still ahead
  return gen_.at_end() && regions_ != RegionsMode::Animated;
}

Phase Track::phase() const {
  return in_regions() ? Phase::Regions : Phase::Generator;
}

bool Track::labelled_shown() const {
  return labelled_ && regions_ == RegionsMode::Instant && gen_.cursor() == branch_;
}

ShownMap Track::shown() const {
  if (in_regions()) return ShownMap::Regions;
  return labelled_shown() ? ShownMap::Labelled : ShownMap::Generator;
}

const Grid& Track::grid() const {
  switch (shown()) {
    case ShownMap::Regions:
      return region_->grid();
    case ShownMap::Labelled:
      return *labelled_;
    case ShownMap::Generator:
      break;
  }
  return gen_.grid();
}

std::optional<Rect> Track::take_dirty() {
  std::optional<Rect> gen = gen_.take_dirty();
  std::optional<Rect> region = region_ ? region_->take_dirty() : std::nullopt;
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
  switch (shown()) {
    case ShownMap::Regions:
      return region_tally_;
    case ShownMap::Labelled:
      return labelled_tally_;
    case ShownMap::Generator:
      break;
  }
  return gen_tally_;
}

bool Track::has_regions() const {
  return in_regions() || labelled_shown();
}

bool Track::regions_complete() const {
  if (labelled_shown()) return true;
  return in_regions() && region_->at_end();
}

const Step* Track::current() const {
  return in_regions() ? region_->current() : gen_.current();
}

const Narration& Track::narration() const {
  return in_regions() ? region_narration() : spec_->narration;
}

const ParamValues& Track::narration_params() const {
  return in_regions() ? region_params_ : gen_.stepper().params();
}

const Timeline& Track::shown_timeline() const {
  return in_regions() ? *region_ : gen_;
}

std::uint64_t Track::shown_cursor() const {
  return shown_timeline().cursor();
}

}  // namespace dungen::app
