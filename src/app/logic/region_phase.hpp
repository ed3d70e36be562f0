#pragma once
// What follows the generator on the track when regions are on, made from a copy of the
// generator's map at one of its steps (the branch): the flood-fill stepper's timeline (animated)
// or that map labelled at once by label_regions (instant), each with its tally. It is a value
// the track owns, so it can be made off the UI thread (on a big map copying and labelling take
// longer than a frame) and handed over whole.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "analysis/analysis.hpp"
#include "app/logic/dirty_rect.hpp"
#include "app/logic/map_tally.hpp"
#include "app/logic/modes.hpp"
#include "core/params.hpp"
#include "core/timeline.hpp"

namespace dungen::app {

struct RegionPhase {
  RegionsMode mode = RegionsMode::Off;
  AnalysisKind kind = AnalysisKind::Regions;  // which analysis follows the generator
  // For an analysis of amounts (analysis_spec(kind).values): the largest its layer will hold, so
  // the heat map keeps one scale from its first step to its last; 0 for ids.
  std::int32_t heat_max = 0;
  // The largest room label on the map it starts from (-1: none): the labels stay as they are
  // through the phase, and the map's texture sizes their bits by it (app/map_texture.hpp).
  std::int32_t max_label = -1;
  // Instant, an analysis other than the regions: its statistics at its end (its narration's).
  std::vector<std::int64_t> stats;
  std::uint64_t branch = 0;         // the generator step whose map it starts from
  std::unique_ptr<Timeline> flood;  // Animated
  std::unique_ptr<Grid> labelled;   // Instant
  MapTally tally;                   // of the flood fill's map as of its cursor, or of labelled
  DirtyRect dirty;                  // of the flood fill's map, since its last upload

  bool empty() const { return !flood && !labelled; }
  // One flood-fill step forward or back, keeping the tally (false at either end).
  bool forward();
  bool back();
  // Its map's labels, lent while the generator's cursor is away from the branch and taken back
  // from the generator's map there (Grid::lend_labels): the two maps' labels are the same cells
  // only while the generator stands at the branch, and a generator that writes labels going back
  // from it would otherwise copy them (64 MB at 4096x4096 for room accretion).
  void lend_labels();
  void take_back_labels(const Grid& generator_map);
};

// Makes the phase of analysis `kind` for `mode` (Animated or Instant) from `map`, the
// generator's map at `branch`, whose tally is `map_tally`; `start` is the player start placed by
// then, if any. The analysis stands at its step 0.
RegionPhase make_region_phase(Grid map, const MapTally& map_tally, RegionsMode mode,
                              AnalysisKind kind, std::optional<Point> start,
                              const ParamValues& region_params, std::size_t history_bytes,
                              std::uint64_t branch);

}  // namespace dungen::app
