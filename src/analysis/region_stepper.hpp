#pragma once
// The flood-fill labelling as a stepper, so the app can animate it: regions grow one at a time,
// breadth first, with the frontier (cells waiting to be visited) marked Mark::Frontier and the
// visited cells carrying their region id in the region layer. It ends with exactly the labels
// of label_regions (analysis/regions.hpp), numbered the same way.

#include "core/grid.hpp"
#include "core/narration.hpp"
#include "core/params.hpp"
#include "core/step.hpp"
#include "core/stepper.hpp"

namespace dungen {

namespace region_steps {
// The labelling's own event kinds (begin and done are core's: kEventBegin's value = walkable
// cells, kEventDone's value = regions).
enum class Ev : EventKind {
  Start = kFirstOwnEvent,  // id = region, at = its first cell, value = 1 (frontier size)
  Visit,                   // id = region, at = cell taken, value = frontier size after it
  RegionDone,              // id = region, at = its first cell, value = cells, rect = bounding box
};
}  // namespace region_steps

// Copies `map` (any generator's), clears its region layer and marks, and returns a stepper at
// step 0. region_params come from region_schema(); invalid ones throw std::invalid_argument.
Stepper start_region_stepper(const Grid& map, const ParamValues& region_params,
                             bool record_changes = true);

// How the labelling's steps are told: its pseudocode (Step::line indexes it), words, caption
// and statistics (regions, largest region, frontier).
const Narration& region_narration();

}  // namespace dungen
