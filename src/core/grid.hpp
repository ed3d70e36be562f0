#pragma once
// The map: width x height cells, row-major, in four layers (struct of arrays, so a pass over
// tiles or an upload of one layer touches only that layer's bytes).

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/geometry.hpp"
#include "core/tile.hpp"

namespace dungen {

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
  Mark mark(std::size_t i) const { return marks_[i]; }
  std::int32_t label(std::size_t i) const { return labels_[i]; }
  std::int32_t region(std::size_t i) const { return regions_[i]; }
  Cell cell(std::size_t i) const { return {tiles_[i], marks_[i], labels_[i], regions_[i]}; }

  // Whole layers, read-only (renderer uploads, exporters, fast analysis).
  const std::vector<Tile>& tiles() const { return tiles_; }
  const std::vector<Mark>& marks() const { return marks_; }
  const std::vector<std::int32_t>& labels() const { return labels_; }
  const std::vector<std::int32_t>& regions() const { return regions_; }

  // Writes go through Canvas (the one door that records changes) or, for analysis results that
  // are not part of any step, through these whole-layer setters.
  void put(std::size_t i, const Cell& c) {
    tiles_[i] = c.tile;
    marks_[i] = c.mark;
    labels_[i] = c.label;
    regions_[i] = c.region;
  }
  void assign_regions(std::vector<std::int32_t> regions);
  void clear_regions();

  std::size_t count_walkable() const;

  friend bool operator==(const Grid&, const Grid&) = default;

 private:
  friend class Canvas;
  friend struct history::LayerAccess;
  int width_ = 0;
  int height_ = 0;
  std::vector<Tile> tiles_;
  std::vector<Mark> marks_;
  std::vector<std::int32_t> labels_;
  std::vector<std::int32_t> regions_;
};

}  // namespace dungen
