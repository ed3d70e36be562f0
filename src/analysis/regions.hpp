#pragma once
// Flood-fill region labelling (Caves of Clojure, part 7.1): every walkable cell gets the number
// of the connected region it belongs to. Regions are numbered in the order of their first cell in
// row-major order, so the fast path and the stepper (analysis/region_stepper.hpp) agree exactly.

#include <cstdint>
#include <functional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/params.hpp"

namespace dungen {

struct RegionMap {
  int connectivity = 8;              // 4 or 8
  std::vector<std::int32_t> labels;  // per cell: region id, -1 for cells that are not walkable
  std::vector<int> sizes;            // cells per region, by region id
  int count() const { return static_cast<int>(sizes.size()); }
};

// The labelling's own parameters (connectivity), for the CLI, the app and presets.
const Schema& region_schema();

// The fast path: labels every walkable cell without steps. connectivity must be 4 or 8
// (throws std::invalid_argument otherwise).
RegionMap label_regions(const Grid& grid, int connectivity);

// The same labelling written into grid's own region layer (a byte a cell when there are 255
// regions or fewer, see IdLayer), with no 32-bit copy of the map beside it; returns the
// regions' sizes by id (RegionMap::sizes).
std::vector<int> label_regions_into(Grid& grid, int connectivity);

// The same labelling for callers that label again and again (a slider drag relabels every
// frame): it keeps its result and working memory between calls, since on a 4096x4096 map
// touching fresh memory for the 64 MB label layer costs more than the labelling itself.
class RegionLabeller {
 public:
  // Labels `grid`; the result stays valid until the next call.
  const RegionMap& label(const Grid& grid, int connectivity);
  // The same labelling of any set of cells on a w x h map: row_cells(y, words) writes row y's
  // cells to label as a bitset (64 a word, bit x % 64 of word x / 64; bits past w are 0).
  const RegionMap& label_cells(std::uint32_t w, std::size_t h, int connectivity,
                               const std::function<void(std::size_t, std::uint64_t*)>& row_cells);
  RegionMap release() { return std::move(map_); }

  // The labelling in two halves, for a caller that writes the labels elsewhere
  // (label_regions_into): the walkable cells' runs numbered, returning how many regions; then
  // every cell written to labels (w x h of them): `none` off the runs, a run's region id plus
  // `offset` on it, and each region's cells counted into sizes (count of them, zeroed).
  std::size_t number_walkable(const Grid& grid, int connectivity);
  template <class T>
  void write_labels(T* labels, T none, int offset, std::vector<int>& sizes) const;

 private:
  std::size_t number_runs(std::uint32_t w, std::size_t h, int connectivity,
                          const std::function<void(std::size_t, std::uint64_t*)>& row_cells);
  const RegionMap& into_map(std::size_t count);  // the labels written to map_
  // A maximal stretch of walkable cells in one row: columns [x0, x1).
  struct Run {
    std::uint32_t x0;
    std::uint32_t x1;
  };
  RegionMap map_;
  std::vector<Run> runs_;
  std::vector<std::uint32_t> parent_;  // union-find over runs, then each run's region id
  std::vector<std::size_t> row_first_;
  std::vector<std::uint64_t> words_;  // one row's walkable cells as a bitset
  std::uint32_t w_ = 0;               // the map numbered last
  std::size_t h_ = 0;
};

struct RegionSummary {
  int connectivity = 8;
  int count = 0;
  std::vector<int> sizes_desc;    // region sizes, largest first
  double largest_fraction = 0.0;  // largest region / all walkable cells (0 with none)
};
RegionSummary summarize(const RegionMap& regions);

// The glyph drawn for region id n (0-based) in the text export and the app's overlay (the text
// export draws room labels with it too): it shows the 1-based number people read in the words
// ("region 1", "room 1"), so ids 0..8 are 1-9, then a-z and A-Z (61 glyphs; the series draws
// 0-9a-zA-Z from region 0); kRegionGlyphOverflow past that.
inline constexpr char kRegionGlyphOverflow = '*';
char region_glyph(std::int64_t n);

}  // namespace dungen
