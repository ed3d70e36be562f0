#pragma once
// The one door through which a stepper changes the grid. Every write that changes a cell is
// recorded (core/changes.hpp): a cell write as a cell change (index, before, after), a write of
// many consecutive cells alike (a row of a pass, a row of a room) as one run. Those records are
// what the renderer uploads, what the timeline undoes and redoes, and what the tests replay.
// Nobody diffs whole grids.

#include <cstddef>
#include <optional>
#include <vector>

#include "core/changes.hpp"
#include "core/grid.hpp"

namespace dungen {

class Canvas {
 public:
  // log may be null: then nothing is recorded (batch runs that only want the final map). runs
  // may be null: then every write is recorded as cell changes.
  Canvas(Grid& grid, std::vector<CellChange>* log, RunLog* runs = nullptr)
      : grid_(&grid), log_(log), runs_(log ? runs : nullptr) {}

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

  // Bulk writes of consecutive cells (a row of a pass over the whole map, a row of a room):
  // recorded as one run when the cells that change all change alike (core/changes.hpp), else as
  // one change per cell that differs; plain copies and fills when nothing is being recorded.
  // A step's runs come before its cell changes: a bulk write after a cell write in the same
  // step, or overlapping an earlier run of it, is recorded cell by cell.
  void write_tiles(std::size_t first, const Tile* src, std::size_t count);
  void fill_tiles(std::size_t first, std::size_t count, Tile t);
  void fill_tile_label(std::size_t first, std::size_t count, Tile t, std::int32_t label);
  // The same for the chosen cells of [first, first + count) only (bit k of which[k / 8] chooses
  // cell first + k), the others left as they are: a row's corridors between its walls, as one
  // run when they all change alike.
  void fill_tile_label_where(std::size_t first, std::size_t count, const std::uint8_t* which,
                             Tile t, std::int32_t label);

  bool recording() const { return log_ != nullptr; }

 private:
  Grid* grid_;
  std::vector<CellChange>* log_;
  RunLog* runs_;
  // Whether a bulk write from first may be recorded as a run (see above).
  bool run_fits(std::size_t first) const { return runs_ && log_->empty() && first >= runs_->end(); }
  // which: the chosen cells' bits, or null for all of them.
  void fill(std::size_t first, std::size_t count, Tile t, const std::int32_t* label,
            const std::uint8_t* which);
  bool record_fill(std::size_t first, std::size_t count, Tile t, const std::int32_t* label,
                   const std::uint8_t* which);
  std::optional<LayerFlip> same_flip(std::size_t first, std::size_t count, Tile t,
                                     std::int32_t label) const;
  void put_fill(std::size_t first, std::size_t count, Tile t, const std::int32_t* label,
                const std::uint8_t* which);
};

}  // namespace dungen
