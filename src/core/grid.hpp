#pragma once
// The map: width x height cells, row-major, in four layers (struct of arrays, so a pass over
// tiles or an upload of one layer touches only that layer's bytes).
//
// Only the tile layer always exists. The mark, label and region layers are allocated the first
// time a cell gets a value other than the default (Mark::None, -1): caves never label rooms and
// most maps are never flood-filled, and at 4096x4096 the three layers are 144 MB of the 160 MB a
// full grid would take. An absent layer reads as its default everywhere (cell(), mark(), ...),
// and two grids compare equal whether a layer of defaults is allocated or not.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/geometry.hpp"
#include "core/tile.hpp"

namespace dungen {

struct CellRun;
namespace history {
struct LayerAccess;  // the timeline's skips write whole layers (core/history_skips.cpp)
}

// The largest width or height any generator accepts: 4096 x 4096 is 16 M cells, the biggest map
// the app and the benchmarks are sized for.
inline constexpr int kMaxMapSide = 4096;

// One cell, all layers together: what a change records before and after.
struct Cell {
  Tile tile = Tile::Empty;
  Mark mark = Mark::None;
  std::int32_t label = -1;   // room id (generators), -1 for none
  std::int32_t region = -1;  // flood-fill region id (analysis), -1 for none
  friend constexpr bool operator==(const Cell&, const Cell&) = default;
};

class Grid {
 public:
  Grid() = default;
  // Throws std::invalid_argument unless 1 <= width, height <= kMaxMapSide.
  Grid(int width, int height, Tile fill = Tile::Empty);

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t size() const { return tiles_.size(); }

  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  bool in_bounds(Point p) const { return in_bounds(p.x, p.y); }
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }
  Point point(std::size_t i) const {
    return {static_cast<int>(i % static_cast<std::size_t>(width_)),
            static_cast<int>(i / static_cast<std::size_t>(width_))};
  }

  // Checked access: throws std::out_of_range outside the map.
  Tile at(int x, int y) const;
  std::int32_t label_at(int x, int y) const;
  std::int32_t region_at(int x, int y) const;
  Cell cell_at(int x, int y) const;

  // Unchecked access by index, for hot loops that have already checked.
  Tile tile(std::size_t i) const { return tiles_[i]; }
  Mark mark(std::size_t i) const { return marks_.empty() ? Mark::None : marks_[i]; }
  std::int32_t label(std::size_t i) const { return labels_.empty() ? -1 : labels_[i]; }
  std::int32_t region(std::size_t i) const { return regions_.empty() ? -1 : regions_[i]; }
  Cell cell(std::size_t i) const { return {tiles_[i], mark(i), label(i), region(i)}; }

  // Whether a layer is allocated (it may still hold only defaults).
  bool has_marks() const { return !marks_.empty(); }
  bool has_labels() const { return !labels_.empty(); }
  bool has_regions() const { return !regions_.empty(); }

  // Whole layers, read-only (renderer uploads, exporters, fast analysis). The tile layer always
  // has size() cells; the others are empty while absent (every cell at its default).
  const std::vector<Tile>& tiles() const { return tiles_; }
  const std::vector<Mark>& marks() const { return marks_; }
  const std::vector<std::int32_t>& labels() const { return labels_; }
  const std::vector<std::int32_t>& regions() const { return regions_; }

  // Writes go through Canvas (the one door that records changes) or, for analysis results that
  // are not part of any step, through these whole-layer setters. Writing a default into an
  // absent layer leaves it absent.
  void put(std::size_t i, const Cell& c) {
    tiles_[i] = c.tile;
    if (c.mark != Mark::None || !marks_.empty()) layer(marks_, Mark::None)[i] = c.mark;
    if (c.label != -1 || !labels_.empty()) layer(labels_, std::int32_t{-1})[i] = c.label;
    if (c.region != -1 || !regions_.empty()) layer(regions_, std::int32_t{-1})[i] = c.region;
  }
  // Cell i's tile and label, its other layers untouched: a write that needs no before-value
  // (Canvas when it records nothing).
  void put_tile_label(std::size_t i, Tile t, std::int32_t label) {
    tiles_[i] = t;
    if (label != -1 || !labels_.empty()) layer(labels_, std::int32_t{-1})[i] = label;
  }
  void assign_regions(std::vector<std::int32_t> regions);
  // Every cell's region back to -1: the region layer is freed.
  void clear_regions();

  std::size_t count_walkable() const;

  friend bool operator==(const Grid& a, const Grid& b);

 private:
  friend class Canvas;
  friend struct history::LayerAccess;
  friend void apply_run(const CellRun& run, Grid& grid);  // core/changes.hpp
  // The layer, allocated (every cell at `fill`) if it was absent.
  std::vector<Mark>& layer(std::vector<Mark>& v, Mark fill) {
    if (v.empty()) allocate(v, fill);
    return v;
  }
  std::vector<std::int32_t>& layer(std::vector<std::int32_t>& v, std::int32_t fill) {
    if (v.empty()) allocate(v, fill);
    return v;
  }
  void allocate(std::vector<Mark>& v, Mark fill);
  void allocate(std::vector<std::int32_t>& v, std::int32_t fill);

  int width_ = 0;
  int height_ = 0;
  std::vector<Tile> tiles_;
  std::vector<Mark> marks_;
  std::vector<std::int32_t> labels_;
  std::vector<std::int32_t> regions_;
};

}  // namespace dungen
