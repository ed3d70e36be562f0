#pragma once
// The one door through which a stepper changes the grid. Every write that changes a cell is
// appended to the change log as (index, before, after): that list is what the renderer uploads,
// what the timeline undoes and redoes, and what the tests replay. Nobody diffs whole grids.

#include <cstddef>
#include <vector>

#include "core/grid.hpp"

namespace dungen {

struct CellChange {
  std::uint32_t index = 0;
  Cell before;
  Cell after;
  friend constexpr bool operator==(const CellChange&, const CellChange&) = default;
};

class Canvas {
 public:
  // log may be null: then nothing is recorded (batch runs that only want the final map).
  Canvas(Grid& grid, std::vector<CellChange>* log) : grid_(&grid), log_(log) {}

  const Grid& grid() const { return *grid_; }

  void set_cell(std::size_t i, const Cell& after) {
    const Cell before = grid_->cell(i);
    if (before == after) return;
    grid_->put(i, after);
    if (log_) log_->push_back({static_cast<std::uint32_t>(i), before, after});
  }
  void set_tile(std::size_t i, Tile t) {
    Cell c = grid_->cell(i);
    c.tile = t;
    set_cell(i, c);
  }
  void set_tile(int x, int y, Tile t) { set_tile(grid_->index(x, y), t); }
  void set_tile_label(std::size_t i, Tile t, std::int32_t label) {
    if (!log_) {  // nothing to record, so no before-value to read (room accretion, per cell)
      grid_->put_tile_label(i, t, label);
      return;
    }
    Cell c = grid_->cell(i);
    c.tile = t;
    c.label = label;
    set_cell(i, c);
  }
  void set_tile_label(int x, int y, Tile t, std::int32_t label) {
    set_tile_label(grid_->index(x, y), t, label);
  }
  void set_label(std::size_t i, std::int32_t label) {
    Cell c = grid_->cell(i);
    c.label = label;
    set_cell(i, c);
  }
  void set_mark(std::size_t i, Mark m) {
    Cell c = grid_->cell(i);
    c.mark = m;
    set_cell(i, c);
  }
  void set_region(std::size_t i, std::int32_t region, Mark m = Mark::None) {
    Cell c = grid_->cell(i);
    c.region = region;
    c.mark = m;
    set_cell(i, c);
  }

  // Bulk write of a row's tiles, for passes over the whole map (cellular caves): records one
  // change per cell that differs, and is a plain copy when nothing is being recorded.
  void write_tiles(std::size_t first, const Tile* src, std::size_t count);

  bool recording() const { return log_ != nullptr; }

 private:
  Grid* grid_;
  std::vector<CellChange>* log_;
};

}  // namespace dungen
