#pragma once
// What the app keeps beside a timeline's map follows every move of it: the tally (walkable cells,
// region sizes) and the dirty box of the texture. A MapFollower is the timeline's observer for
// one move (next, back or seek) and tells both.

#include <cstdint>
#include <span>

#include "app/logic/dirty_rect.hpp"
#include "app/logic/map_tally.hpp"
#include "core/timeline.hpp"

namespace dungen::app {

class MapFollower final : public SeekObserver {
 public:
  MapFollower(MapTally& tally, DirtyRect& dirty) : tally_(tally), dirty_(dirty) {}
  void replayed(std::span<const CellChange> changes, bool forward) override {
    tally_.apply(changes, forward);
    dirty_.mark(changes);
  }
  void replayed_runs(std::span<const CellRun> runs, const Grid& now) override {
    tally_.apply_runs(runs, now);
    for (const CellRun& run : runs) dirty_.mark(run);
  }
  void run(history::CellLayer layer, std::int64_t value, std::uint64_t cells, bool taken) override {
    tally_.apply_run(layer, value, cells, taken);
  }
  void crossed(std::uint32_t lo, std::uint32_t hi) override { dirty_.mark_rows(lo, hi); }

 private:
  MapTally& tally_;
  DirtyRect& dirty_;
};

}  // namespace dungen::app
