#pragma once
// A body that writes the map every way a step can (core/changes.hpp): rows as runs (their flips
// alike) and rows that cannot be runs (unalike flips, a cell change first, an overlap), runs of
// tile and label and runs over several rows and across a band chunk's edge, and cells of a run
// written again later in the same step. The history tests replay it.

#include <cstddef>
#include <vector>

#include "core/stepper.hpp"

namespace dungen::test {

inline StepGenerator runs_and_cells_body(StepContext& ctx, ParamValues) {
  Canvas& canvas = ctx.canvas();
  const Grid& g = ctx.grid();
  const int w = g.width(), h = g.height();
  std::vector<Tile> row(static_cast<std::size_t>(w));
  constexpr int kRounds = 300;
  for (int round = 0; round < kRounds; ++round) {
    const int y = round * 7 % h;
    const std::size_t first = g.index(0, y);
    for (int x = 0; x < w; ++x) {
      const bool floor = (x * 13 + round * 5) % 7 < 3;
      // Every fifth round a few doors: flips unalike, so the row is recorded cell by cell.
      row[static_cast<std::size_t>(x)] =
          round % 5 == 4 && x % 9 == 0 ? Tile::Door : (floor ? Tile::Floor : Tile::Wall);
    }
    if (round % 6 == 3) canvas.set_tile(first + 2, Tile::Corridor);  // a cell change first
    canvas.write_tiles(first, row.data(), row.size());
    // Tile and label, on the next row (before this one when it wraps: then cell by cell).
    canvas.fill_tile_label(g.index(3, (y + 1) % h), static_cast<std::size_t>(w - 6), Tile::Floor,
                           round);
    // Over two rows and more, crossing a chunk of 4096 cells on a big enough map.
    if (round % 10 == 0) {
      canvas.fill_tiles(g.index(0, (y + 2) % (h - 3)), static_cast<std::size_t>(2 * w + 5),
                        Tile::Floor);
    }
    // A run's cell written again, in another layer too.
    if (round % 4 == 1) {
      canvas.set_tile(first + 5, Tile::Door);
      canvas.set_mark(first + 5, Mark::Frontier);
    }
    if (round % 4 == 2) canvas.set_mark(first + 5, Mark::None);
    // Over the row again: overlapping its run, so cell by cell.
    if (round % 8 == 7) canvas.fill_tiles(first + 10, 20, Tile::Wall);
    co_yield Step{.level = StepLevel::Cell, .last = round == kRounds - 1};
  }
}

// On a 70 x 70 map (two band chunks; a width that is no multiple of 8).
inline Stepper runs_and_cells(int side = 70) {
  return Stepper(runs_and_cells_body, ParamValues(), Grid(side, side, Tile::Wall), Rng(5), 1);
}

}  // namespace dungen::test
