#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/cellular_caves.hpp"
#include "generators/rooms_and_tunnels.hpp"

using namespace dungen;

namespace {

// A map big enough, with enough rooms, that a run takes well over 1,000 steps.
ParamValues busy_params() {
  ParamValues p(rooms_and_tunnels_spec().schema);
  EXPECT_FALSE(p.set("width", 160));
  EXPECT_FALSE(p.set("height", 90));
  EXPECT_FALSE(p.set("max_rooms", 120));
  return p;
}

Stepper fresh(std::uint64_t seed) {
  return start_generator(rooms_and_tunnels_spec(), busy_params(), seed);
}

}  // namespace

// The round trip: 1,000 steps forward, back to 0 and forward again, comparing every grid
// bit for bit with a fresh run stepped alongside.
TEST(Timeline, ThousandStepsForwardBackAndForwardAgain) {
  constexpr int kSteps = 1000;
  Timeline t(fresh(11));
  Stepper reference = fresh(11);
  std::vector<Grid> seen;  // seen[k] = the grid after k steps
  seen.push_back(reference.grid());
  EXPECT_EQ(t.grid(), seen[0]);
  for (int k = 1; k <= kSteps; ++k) {
    ASSERT_NE(t.next(), nullptr) << "run ended before step " << k;
    ASSERT_NE(reference.next(), nullptr);
    ASSERT_EQ(t.grid(), reference.grid()) << "forward, step " << k;
    EXPECT_EQ(*t.current(), *reference.current());
    seen.push_back(reference.grid());
  }
  for (int k = kSteps - 1; k >= 0; --k) {
    ASSERT_TRUE(t.back());
    ASSERT_EQ(t.cursor(), static_cast<std::uint64_t>(k));
    ASSERT_EQ(t.grid(), seen[static_cast<std::size_t>(k)]) << "back, step " << k;
  }
  EXPECT_FALSE(t.back());
  EXPECT_EQ(t.current(), nullptr);
  for (int k = 1; k <= kSteps; ++k) {
    ASSERT_NE(t.next(), nullptr);
    ASSERT_EQ(t.grid(), seen[static_cast<std::size_t>(k)]) << "redo, step " << k;
  }
  EXPECT_TRUE(t.at_head());
  // Past the head the stepper resumes where it paused and still agrees with the reference.
  while (t.next()) ASSERT_NE(reference.next(), nullptr);
  EXPECT_EQ(reference.next(), nullptr);
  EXPECT_EQ(t.grid(), reference.grid());
  EXPECT_TRUE(t.at_end());
}

TEST(Timeline, SeekJumpsBothWays) {
  Timeline t(fresh(5));
  Stepper reference = fresh(5);
  run_steps(reference, 300);
  t.seek(300);
  EXPECT_EQ(t.cursor(), 300u);
  EXPECT_EQ(t.grid(), reference.grid());
  t.seek(17);
  Stepper again = fresh(5);
  run_steps(again, 17);
  EXPECT_EQ(t.grid(), again.grid());
  EXPECT_EQ(*t.current(), *again.current());
  t.seek(UINT64_MAX);  // past the end: stops at the end
  EXPECT_TRUE(t.at_end());
  run_to_end(reference);
  EXPECT_EQ(t.grid(), reference.grid());
}

TEST(Timeline, ChangesAtMatchTheStepperChanges) {
  Timeline t(fresh(3));
  Stepper reference = fresh(3);
  for (int k = 1; k <= 200; ++k) {
    ASSERT_NE(t.next(), nullptr);
    ASSERT_NE(reference.next(), nullptr);
    const auto a = t.changes_at(static_cast<std::uint64_t>(k));
    const auto b = reference.changes();
    ASSERT_EQ(std::vector<CellChange>(a.begin(), a.end()),
              std::vector<CellChange>(b.begin(), b.end()));
  }
}

TEST(Timeline, DirtyRectCoversEveryChange) {
  Timeline t(fresh(8));
  EXPECT_FALSE(t.take_dirty());
  ASSERT_EQ(t.next()->event.kind, kEventBegin);  // the map as it starts: no cell changes
  EXPECT_FALSE(t.take_dirty());
  run_until(t, StepLevel::Feature);  // the first room is carved and added
  const auto dirty = t.take_dirty();
  ASSERT_TRUE(dirty);
  ASSERT_NE(t.current(), nullptr);
  const Rect room = t.current()->event.rect;
  EXPECT_LE(dirty->x, room.x);
  EXPECT_LE(dirty->y, room.y);
  EXPECT_GE(dirty->right(), room.right());
  EXPECT_GE(dirty->bottom(), room.bottom());
  EXPECT_FALSE(t.take_dirty());  // taken
  // Back over the steps after the carving (the player start, adding the room: no cells change)
  // to the carving: undoing it dirties too.
  t.back();
  EXPECT_FALSE(t.take_dirty());
  bool dirtied = false;
  for (int i = 0; i < 3 && !dirtied; ++i) {
    t.back();
    dirtied = t.take_dirty().has_value();
  }
  EXPECT_TRUE(dirtied);
}

// The box is exactly the changed cells' bounding box, step by step, at widths where a row found
// by multiplying (Timeline::row_of) would be off by one if its constant were too small: odd
// widths, powers of two and the widest map. The caves write whole rows, so every row's first
// cell (an exact multiple of the width, where a too-small constant errs) is among the changes.
TEST(Timeline, DirtyRectIsTheChangesBoundingBoxAtAnyWidth) {
  for (const int width : {13, 80, 1023, 1024, 4093, 4096}) {
    ParamValues p(cellular_caves_spec().schema);
    ASSERT_FALSE(p.set("width", width));
    ASSERT_FALSE(p.set("height", 20));
    Timeline t(start_generator(cellular_caves_spec(), p, 5));
    int checked = 0;
    while (t.next()) {
      const auto changes = t.stepper().changes();
      const auto dirty = t.take_dirty();
      if (changes.empty()) {
        ASSERT_FALSE(dirty);
        continue;
      }
      const auto w = static_cast<std::uint32_t>(width);
      std::uint32_t x0 = w, y0 = UINT32_MAX, x1 = 0, y1 = 0;
      for (const CellChange& c : changes) {
        x0 = std::min(x0, c.index % w);
        x1 = std::max(x1, c.index % w);
        y0 = std::min(y0, c.index / w);
        y1 = std::max(y1, c.index / w);
      }
      ASSERT_TRUE(dirty);
      ASSERT_EQ(*dirty, (Rect{static_cast<int>(x0), static_cast<int>(y0),
                              static_cast<int>(x1 - x0 + 1), static_cast<int>(y1 - y0 + 1)}))
          << "width " << width << ", step " << t.cursor();
      ++checked;
    }
    EXPECT_GT(checked, 40) << "width " << width;
  }
}

TEST(Timeline, HistoryIsBoundedAndForgetsTheOldestSteps) {
  // A budget of a few records: the earliest reachable step moves forward, memory stays bounded,
  // and the live grid is still exactly the stepper's.
  Timeline t(fresh(2), 64 * 1024);
  Stepper reference = fresh(2);
  run_steps(t, 2000);
  run_steps(reference, 2000);
  EXPECT_GT(t.earliest(), 0u);
  EXPECT_LE(t.history_bytes(), 64u * 1024u + 64u * 1024u);
  EXPECT_EQ(t.grid(), reference.grid());
  t.seek(0);
  EXPECT_EQ(t.cursor(), t.earliest());
  EXPECT_FALSE(t.back());
  t.seek(2000);
  EXPECT_EQ(t.grid(), reference.grid());
}

TEST(Runner, RunUntilStopsAtTheRequestedLevel) {
  Stepper s = fresh(4);
  for (int i = 0; i < 20; ++i) {
    const RunResult r = run_until(s, StepLevel::Feature);
    if (r.finished) break;
    ASSERT_NE(r.last, nullptr);
    EXPECT_GE(r.last->level, StepLevel::Feature);
  }
  Stepper c = fresh(4);
  const RunResult one = run_until(c, StepLevel::Cell);
  EXPECT_EQ(one.steps, 1u);
  const RunResult bounded = run_until(c, StepLevel::Phase, 5);
  EXPECT_EQ(bounded.steps, 5u);
}
