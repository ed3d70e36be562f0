#pragma once
// The part of the map changed since the texture was last uploaded: the bounding box of every cell
// a move changed, so a step's upload is a few rows, not the whole map. Fed by the timeline's
// observer (MapFollower), for every step replayed or run and every skip crossed.

#include <cstdint>
#include <optional>
#include <span>

#include "core/canvas.hpp"
#include "core/grid.hpp"

namespace dungen::app {

class DirtyRect {
 public:
  DirtyRect() = default;  // a one-column map, until a real one is given
  explicit DirtyRect(int width);

  // The cells of a step's changes.
  void mark(std::span<const CellChange> changes);
  // The cells a run changed (core/changes.hpp).
  void mark(const CellRun& run);
  // Whole rows, from the row of cell lo to the row of cell hi (a skip's cells spread over them).
  void mark_rows(std::uint32_t lo, std::uint32_t hi);
  // The box marked since the last call, if any.
  std::optional<Rect> take();

 private:
  // Cell index -> row without a division: ceil(2^40 / width) times the index, shifted back, is
  // exact for every index of a map (index * (magic * width - 2^40) < 2^24 * 2^12 < 2^40).
  static constexpr unsigned kRowShift = 40;
  std::uint32_t row_of(std::uint32_t index) const {
    return static_cast<std::uint32_t>((index * row_magic_) >> kRowShift);
  }
  bool empty() const { return x1_ < x0_; }

  std::uint32_t width_ = 1;
  std::uint64_t row_magic_ = std::uint64_t{1} << kRowShift;
  int x0_ = 0, y0_ = 0, x1_ = -1, y1_ = -1;  // empty while x1_ < x0_
};

}  // namespace dungen::app
