#pragma once
// Cellular-automaton caves, as the Caves of Clojure series makes the caves it later maps into
// regions: random floor and wall, smoothed a few times by a 3x3 rule.

#include "core/tile.hpp"
#include "generators/registry.hpp"

namespace dungen {

const GeneratorSpec& cellular_caves_spec();

// One row of a smoothing pass: out[x] is Floor when at least `threshold` of the 9 cells of the
// 3x3 block around row[x] (itself included) are Floor, else Wall. above/below are the rows over
// and under `row`; pass kWallRow for a row outside the map (cells outside count as wall), and
// columns -1 and w count as wall too. w <= kMaxMapSide. `out` must not alias the inputs.
void smooth_row(const Tile* above, const Tile* row, const Tile* below, Tile* out, int w,
                int threshold);

// A row of kMaxMapSide walls: the row above the top and below the bottom of every map.
extern const Tile* const kWallRow;

// One whole smoothing pass over a w x h map: reads `in`, writes `out` (which must not alias it).
// With border, the map's edge cells are written as wall whatever the rule says.
void smooth_pass(const Tile* in, Tile* out, int w, int h, int threshold, bool border);

}  // namespace dungen
