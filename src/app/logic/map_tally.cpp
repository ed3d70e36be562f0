#include "app/logic/map_tally.hpp"

#include <algorithm>

namespace dungen::app {

MapTally MapTally::uniform(std::size_t cells, Tile fill) {
  MapTally t;
  t.cells_ = cells;
  t.walkable_ = is_walkable(fill) ? cells : 0;
  t.tiles_[static_cast<std::size_t>(fill)] = cells;
  return t;
}

MapTally MapTally::of(const Grid& grid) {
  MapTally t;
  t.cells_ = grid.size();
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const Cell c = grid.cell(i);
    ++t.tiles_[static_cast<std::size_t>(c.tile)];
    t.walkable_ += static_cast<std::size_t>(is_walkable(c.tile));
    if (c.mark != Mark::None) ++t.marks_[static_cast<std::size_t>(c.mark) % kMarkCount];
    if (c.region >= 0) t.add_region(c.region, 1);
  }
  return t;
}

std::int32_t MapTally::max_region_id() const {
  for (std::size_t i = region_sizes_.size(); i-- > 0;) {
    if (region_sizes_[i] > 0) return static_cast<std::int32_t>(i);
  }
  return -1;
}

MapTally MapTally::without_regions() const {
  MapTally t;
  t.cells_ = cells_;
  t.walkable_ = walkable_;
  t.tiles_ = tiles_;
  return t;
}

MapTally MapTally::with_regions(const std::vector<int>& sizes) const {
  MapTally t = without_regions();
  for (std::size_t id = 0; id < sizes.size(); ++id) {
    if (sizes[id] > 0) t.add_region(static_cast<std::int32_t>(id), sizes[id]);
  }
  return t;
}

void MapTally::add_region(std::int32_t id, std::int64_t delta) {
  const auto i = static_cast<std::size_t>(id);
  if (i >= region_sizes_.size()) region_sizes_.resize(i + 1, 0);
  const bool was = region_sizes_[i] > 0;
  region_sizes_[i] += delta;
  const bool is = region_sizes_[i] > 0;
  nonzero_regions_ += static_cast<int>(is) - static_cast<int>(was);
  if (largest_stale_) return;
  if (delta > 0) {
    largest_ = std::max(largest_, region_sizes_[i]);
  } else if (region_sizes_[i] - delta == largest_) {
    largest_stale_ = true;  // the largest shrank: another may be larger now
  }
}

void MapTally::apply(std::span<const CellChange> changes, bool forward) {
  for (const CellChange& c : changes) {
    const Cell& from = forward ? c.before : c.after;
    const Cell& to = forward ? c.after : c.before;
    walkable_ += static_cast<std::size_t>(is_walkable(to.tile));
    walkable_ -= static_cast<std::size_t>(is_walkable(from.tile));
    if (from.tile != to.tile) {
      --tiles_[static_cast<std::size_t>(from.tile)];
      ++tiles_[static_cast<std::size_t>(to.tile)];
    }
    if (from.mark != to.mark) {
      if (from.mark != Mark::None) --marks_[static_cast<std::size_t>(from.mark) % kMarkCount];
      if (to.mark != Mark::None) ++marks_[static_cast<std::size_t>(to.mark) % kMarkCount];
    }
    if (from.region != to.region) {
      if (from.region >= 0) add_region(from.region, -1);
      if (to.region >= 0) add_region(to.region, 1);
    }
  }
}

void MapTally::apply_runs(std::span<const CellRun> runs, const Grid& now) {
  for (const CellRun& run : runs) {
    // A run's flip took each of its cells from the flipped value to the one it holds now.
    if (const unsigned flip = run.flip.tile) {
      run.for_each([&](std::uint32_t i) {
        const auto to = static_cast<unsigned>(now.tile(i));
        const auto from = to ^ flip;
        --tiles_[from % kTileCount];
        ++tiles_[to % kTileCount];
        walkable_ += static_cast<std::size_t>(is_walkable(static_cast<Tile>(to)));
        walkable_ -= static_cast<std::size_t>(is_walkable(static_cast<Tile>(from)));
      });
    }
    if (const unsigned flip = run.flip.mark) {
      run.for_each([&](std::uint32_t i) {
        const auto to = static_cast<unsigned>(now.mark(i));
        const auto from = to ^ flip;
        if (from != 0) --marks_[from % kMarkCount];
        if (to != 0) ++marks_[to % kMarkCount];
      });
    }
  }
}

void MapTally::apply_run(history::CellLayer layer, std::int64_t value, std::uint64_t cells,
                         bool taken) {
  // (A map has at most 2^24 cells: a count of them fits any size_t.)
  const auto count = static_cast<std::size_t>(cells);
  if (layer == history::CellLayer::Tile) {
    std::size_t& n = tiles_[static_cast<std::size_t>(value) % kTileCount];
    n = taken ? n + count : n - std::min(n, count);
    if (!is_walkable(static_cast<Tile>(value))) return;
    walkable_ = taken ? walkable_ + count : walkable_ - count;
  } else if (layer == history::CellLayer::Mark && value != 0) {
    std::size_t& n = marks_[static_cast<std::size_t>(value) % kMarkCount];
    n = taken ? n + count : n - std::min(n, count);
  } else if (layer == history::CellLayer::Region && value >= 0) {
    const auto n = static_cast<std::int64_t>(cells);
    add_region(static_cast<std::int32_t>(value), taken ? n : -n);
  }
}

double MapTally::floor_fraction() const {
  return cells_ ? static_cast<double>(walkable_) / static_cast<double>(cells_) : 0.0;
}

std::int64_t MapTally::largest_region() const {
  if (largest_stale_) {
    largest_ =
        region_sizes_.empty() ? 0 : *std::max_element(region_sizes_.begin(), region_sizes_.end());
    largest_stale_ = false;
  }
  return largest_;
}

double MapTally::largest_region_fraction() const {
  return walkable_ ? static_cast<double>(largest_region()) / static_cast<double>(walkable_) : 0.0;
}

}  // namespace dungen::app
