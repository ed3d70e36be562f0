#include "app/logic/region_phase.hpp"

#include "app/logic/map_follower.hpp"

#include "analysis/region_stepper.hpp"
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

RegionPhase make_region_phase(Grid map, const MapTally& map_tally, RegionsMode mode,
                              const ParamValues& region_params, std::size_t history_bytes,
                              std::uint64_t branch) {
  RegionPhase p;
  p.mode = mode;
  p.branch = branch;
  if (mode == RegionsMode::Animated) {
    p.flood = std::make_unique<Timeline>(start_region_stepper(map, region_params), history_bytes);
    p.tally = map_tally.without_regions();
    p.dirty = DirtyRect(p.flood->grid().width());
  } else if (mode == RegionsMode::Instant) {
    RegionMap labels = label_regions(map, region_params.get_int("connectivity"));
    map.assign_regions(std::move(labels.labels));
    p.labelled = std::make_unique<Grid>(std::move(map));
    p.tally = map_tally.with_regions(labels.sizes);
  }
  return p;
}

}  // namespace dungen::app
