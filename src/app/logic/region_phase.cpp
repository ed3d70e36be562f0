#include "app/logic/region_phase.hpp"

#include <algorithm>

#include "app/logic/map_follower.hpp"

#include "analysis/regions.hpp"

namespace dungen::app {

bool RegionPhase::forward() {
  MapFollower follow(tally, dirty);
  return flood && flood->next(&follow);
}

bool RegionPhase::back() {
  MapFollower follow(tally, dirty);
  return flood && flood->back(&follow);
}

void RegionPhase::lend_labels() {
  if (flood) flood->lend_labels();
  if (labelled) labelled->lend_labels();
}

void RegionPhase::take_back_labels(const Grid& generator_map) {
  if (flood) flood->take_back_labels(generator_map);
  if (labelled) labelled->take_back_labels(generator_map);
}

namespace {

std::int32_t largest_value(const Grid& g) {
  return std::max(0, g.max_region());
}

// The largest number the analysis's layer holds at any step: its last map's largest, as every
// step's are at most that (a search's distances never pass the farthest pair's length; discovery
// times count up to the walkable cells).
std::int32_t heat_top(AnalysisKind kind, const Grid& map, std::optional<Point> start,
                      const ParamValues& params) {
  switch (kind) {
    case AnalysisKind::Distance:
    case AnalysisKind::Path:
      return largest_value(analyse_at_once(kind, map, start, params));
    case AnalysisKind::Chokepoints:
      return static_cast<std::int32_t>(map.count_walkable()) - 1;
    default:
      return 0;
  }
}

}  // namespace

RegionPhase make_region_phase(Grid map, const MapTally& map_tally, RegionsMode mode,
                              AnalysisKind kind, std::optional<Point> start,
                              const ParamValues& region_params, std::size_t history_bytes,
                              std::uint64_t branch) {
  RegionPhase p;
  p.mode = mode;
  p.kind = kind;
  p.branch = branch;
  if (map.has_labels()) p.max_label = map.max_label();
  if (mode != RegionsMode::Off && analysis_spec(kind).values == AnalysisValues::Amounts) {
    p.heat_max = std::max(1, heat_top(kind, map, start, region_params));
  }
  if (mode == RegionsMode::Animated) {
    p.flood =
        std::make_unique<Timeline>(start_analysis(kind, map, start, region_params), history_bytes);
    p.tally = map_tally.without_regions();  // marks too: the analysis starts without
    p.dirty = DirtyRect(p.flood->grid().width());
  } else if (mode == RegionsMode::Instant && kind == AnalysisKind::Regions) {
    const std::vector<int> sizes = label_regions_into(map, region_params.get_int("connectivity"));
    p.labelled = std::make_unique<Grid>(std::move(map));
    p.tally = map_tally.with_regions(sizes);
  } else if (mode == RegionsMode::Instant) {
    // Run to its end unrecorded: the map and the statistics the panel shows.
    AnalysisRun run = run_analysis(kind, map, start, region_params);
    p.labelled = std::make_unique<Grid>(std::move(run.map));
    p.stats = std::move(run.stats);
    p.tally = MapTally::of(*p.labelled);
  }
  return p;
}

}  // namespace dungen::app
