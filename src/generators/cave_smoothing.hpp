#pragma once
// The cave's 3x3 smoothing rule over whole rows of tiles, written for speed (byte lanes the
// compiler vectorises, an AVX2 build picked at load time): cellular_caves.cpp's body calls these
// and reads like the rule; tests/test_cellular_caves.cpp holds them to a plain cell-by-cell count.

#include "core/grid.hpp"
#include "core/tile.hpp"

namespace dungen {

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

// The Floor cells among the first w of a row, and the cells where two rows differ.
int count_floor(const Tile* row, int w);
int count_changed(const Tile* a, const Tile* b, int w);

}  // namespace dungen
