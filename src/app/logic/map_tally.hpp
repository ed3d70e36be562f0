#pragma once
// Live statistics kept from the change lists, so a frame never scans a 16 M-cell map: walkable
// cells, cells under each mark, and the size of every flood-fill region. Applying a step's
// changes forward and then backward returns the tally to where it was, so scrubbing keeps it
// exact.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/canvas.hpp"
#include "core/grid.hpp"
#include "core/history_skips.hpp"

namespace dungen::app {

class MapTally {
 public:
  MapTally() = default;
  // A map of `cells` cells, all of one tile and with no regions, without looking at it.
  static MapTally uniform(std::size_t cells, Tile fill);
  // A map counted cell by cell (an analysis's map made at once: its layer is not a labelling).
  static MapTally of(const Grid& grid);
  // The same map with the region layer and the marks cleared (where an analysis starts).
  MapTally without_regions() const;
  // The same map labelled with regions of these sizes (label_regions' result), without a scan.
  MapTally with_regions(const std::vector<int>& sizes) const;

  // Applies a step's changes (forward) or undoes them (backward).
  void apply(std::span<const CellChange> changes, bool forward);
  // A step's runs, once the map (`now`) has moved across them either way.
  void apply_runs(std::span<const CellRun> runs, const Grid& now);
  // Applies a run of a skip (core/history_skips.hpp): `cells` cells take or leave `value`.
  void apply_run(history::CellLayer layer, std::int64_t value, std::uint64_t cells, bool taken);

  std::size_t cells() const { return cells_; }
  std::size_t walkable() const { return walkable_; }
  double floor_fraction() const;
  int region_count() const { return nonzero_regions_; }  // regions with at least one cell
  std::int64_t largest_region() const;                   // cells in the largest region
  // The largest region id any cell has (an analysis's largest amount: its heat map's top), or -1.
  std::int32_t max_region_id() const;
  // Cells carrying mark m (the flood fill's frontier, a maze's connectors or dead ends).
  std::size_t marked(Mark m) const { return marks_[static_cast<std::size_t>(m) % kMarkCount]; }
  // Cells of tile t.
  std::size_t tiles(Tile t) const { return tiles_[static_cast<std::size_t>(t)]; }
  double largest_region_fraction() const;  // of all walkable cells

 private:
  void add_region(std::int32_t id, std::int64_t delta);

  std::size_t cells_ = 0;
  std::size_t walkable_ = 0;
  std::array<std::size_t, kMarkCount> marks_{};
  std::array<std::size_t, kTileCount> tiles_{};  // by Tile  // by Mark (Mark::None's slot unused)
  std::vector<std::int64_t> region_sizes_;       // by region id
  int nonzero_regions_ = 0;
  mutable std::int64_t largest_ = 0;  // cached: recomputing is O(regions)
  mutable bool largest_stale_ = false;
};

}  // namespace dungen::app
