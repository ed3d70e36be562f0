// The texture's dirty box (app/logic/dirty_rect.hpp), fed by the timeline's observer: it covers
// every cell a step, an undo or a far seek across skips changed, and no more than a step's
// bounding box.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "app/logic/dirty_rect.hpp"
#include "app/logic/map_follower.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/cellular_caves.hpp"
#include "generators/registry.hpp"
#include "generators/rooms_and_tunnels.hpp"
#include "run_bodies.hpp"

using namespace dungen;
using namespace dungen::app;

namespace {

// A timeline whose moves all go through one follower, so run_until and run_steps can drive it.
struct Followed {
  Timeline& t;
  MapFollower& follow;
  const Step* next() { return t.next(&follow); }
};

Stepper rooms(std::uint64_t seed) {
  ParamValues p(rooms_and_tunnels_spec().schema);
  EXPECT_FALSE(p.set("width", 160));
  EXPECT_FALSE(p.set("height", 90));
  EXPECT_FALSE(p.set("max_rooms", 120));
  return start_generator(rooms_and_tunnels_spec(), p, seed);
}

}  // namespace

TEST(AppDirty, CoversEveryChange) {
  Timeline t(rooms(8));
  MapTally tally = MapTally::uniform(t.grid().size(), Tile::Wall);
  DirtyRect dirty(t.grid().width());
  MapFollower follow(tally, dirty);
  Followed f{t, follow};
  EXPECT_FALSE(dirty.take());
  ASSERT_EQ(f.next()->event.kind, kEventBegin);  // the map as it starts: no cell changes
  EXPECT_FALSE(dirty.take());
  run_until(f, StepLevel::Feature);  // the first room is carved and added
  const auto box = dirty.take();
  ASSERT_TRUE(box);
  ASSERT_NE(t.current(), nullptr);
  const Rect room = t.current()->event.rect;
  EXPECT_LE(box->x, room.x);
  EXPECT_LE(box->y, room.y);
  EXPECT_GE(box->right(), room.right());
  EXPECT_GE(box->bottom(), room.bottom());
  EXPECT_FALSE(dirty.take());  // taken
  // Back over the steps after the carving (the player start, adding the room: no cells change)
  // to the carving: undoing it dirties too.
  t.back(&follow);
  EXPECT_FALSE(dirty.take());
  bool dirtied = false;
  for (int i = 0; i < 3 && !dirtied; ++i) {
    t.back(&follow);
    dirtied = dirty.take().has_value();
  }
  EXPECT_TRUE(dirtied);
}

// The box is exactly the changed cells' bounding box, step by step, at widths where a row found
// by multiplying (DirtyRect::row_of) would be off by one if its constant were too small: odd
// widths, powers of two and the widest map. The caves write whole rows, so every row's first
// cell (an exact multiple of the width, where a too-small constant errs) is among the changes.
TEST(AppDirty, IsTheChangesBoundingBoxAtAnyWidth) {
  for (const int width : {13, 80, 1023, 1024, 4093, 4096}) {
    ParamValues p(cellular_caves_spec().schema);
    ASSERT_FALSE(p.set("width", width));
    ASSERT_FALSE(p.set("height", 20));
    Timeline t(start_generator(cellular_caves_spec(), p, 5));
    MapTally tally = MapTally::uniform(t.grid().size(), Tile::Wall);
    DirtyRect dirty(width);
    MapFollower follow(tally, dirty);
    int checked = 0;
    while (t.next(&follow)) {
      const auto changes = t.stepper().changes();
      const auto box = dirty.take();
      if (changes.empty()) {
        ASSERT_FALSE(box);
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
      ASSERT_TRUE(box);
      ASSERT_EQ(*box, (Rect{static_cast<int>(x0), static_cast<int>(y0),
                            static_cast<int>(x1 - x0 + 1), static_cast<int>(y1 - y0 + 1)}))
          << "width " << width << ", step " << t.cursor();
      ++checked;
    }
    EXPECT_GT(checked, 40) << "width " << width;
  }
}

// A far seek crosses skips (whole segments and groups, not steps): the box still covers every
// cell that differs between the map before and after it, both ways.
TEST(AppDirty, FarSeeksAcrossSkipsCoverEveryChangedCell) {
  Timeline t(rooms(3), kDefaultHistoryBytes, {.steps = 40, .group = 3});
  run_steps(t, UINT64_MAX);
  const std::uint64_t end = t.cursor();
  ASSERT_GT(end, 400u);
  MapTally tally = MapTally::uniform(t.grid().size(), Tile::Wall);
  DirtyRect dirty(t.grid().width());
  MapFollower follow(tally, dirty);
  for (const std::uint64_t to : {std::uint64_t{0}, end - 3, end / 3 + 7, std::uint64_t{1}, end}) {
    const Grid before = t.grid();
    t.seek(to, &follow);
    ASSERT_EQ(t.cursor(), to);
    const auto box = dirty.take();
    int differ = 0;
    for (std::uint32_t i = 0; i < before.size(); ++i) {
      if (before.cell(i) == t.grid().cell(i)) continue;
      ++differ;
      const Point p = before.point(i);
      ASSERT_TRUE(box) << "seek to " << to;
      EXPECT_TRUE(box->contains(p)) << "seek to " << to << ", cell " << p.x << "," << p.y;
    }
    EXPECT_GT(differ, 0) << "seek to " << to;
  }
}

// Runs (core/changes.hpp) step and seek through the app's follower too: replayed one by one
// and crossed as bands of flips, the tally (walkable cells, marks) stays a recount's and the box
// covers every cell that changed: caves row by row, bsp-rooms' carved leaves, and a body that
// mixes runs with cell changes of the same cells.
TEST(AppDirty, TallyAndBoxFollowRunsThroughStepsAndSeeks) {
  const auto sized = [](const char* name, int w, int h, std::uint64_t seed) {
    const GeneratorSpec& spec = *find_generator(name);
    ParamValues p(spec.schema);
    EXPECT_FALSE(p.set("width", w));
    EXPECT_FALSE(p.set("height", h));
    return start_generator(spec, p, seed);
  };
  const auto check = [](Stepper stepper, const char* what, history::SkipShape shape) {
    Timeline t(std::move(stepper), kDefaultHistoryBytes, shape);
    MapTally tally = MapTally::of(t.grid());
    DirtyRect dirty(t.grid().width());
    MapFollower follow(tally, dirty);
    const auto expect_followed = [&](const Grid& before, const std::string& move) {
      ASSERT_EQ(tally.walkable(), t.grid().count_walkable()) << what << ", " << move;
      const MapTally recount = MapTally::of(t.grid());
      for (std::size_t m = 1; m < kMarkCount; ++m) {
        ASSERT_EQ(tally.marked(static_cast<Mark>(m)), recount.marked(static_cast<Mark>(m)))
            << what << ", " << move << ", mark " << m;
      }
      const auto box = dirty.take();
      for (std::uint32_t i = 0; i < before.size(); ++i) {
        if (before.cell(i) == t.grid().cell(i)) continue;
        ASSERT_TRUE(box) << what << ", " << move;
        ASSERT_TRUE(box->contains(before.point(i))) << what << ", " << move << ", cell " << i;
      }
    };
    Grid before = t.grid();
    while (t.next(&follow)) {
      expect_followed(before, "step " + std::to_string(t.cursor()));
      before = t.grid();
    }
    const std::uint64_t end = t.cursor();
    Rng rng(29);
    for (int i = 0; i < 60; ++i) {
      before = t.grid();
      const std::uint64_t to =
          i % 7 == 0 ? (i % 2 ? end : 0) : rng.below(static_cast<std::uint32_t>(end + 1));
      t.seek(to, &follow);
      expect_followed(before, "seek to " + std::to_string(to));
      before = t.grid();
      if (t.back(&follow)) expect_followed(before, "back from " + std::to_string(to));
    }
  };
  for (const history::SkipShape& shape :
       {history::SkipShape{.steps = 9, .group = 3}, history::SkipShape{.band_cells = 1}}) {
    check(sized("cellular-caves", 70, 66, 4), "caves", shape);
    check(sized("bsp-rooms", 90, 60, 2), "bsp-rooms", shape);
    check(test::runs_and_cells(), "runs and cells", shape);
  }
}
