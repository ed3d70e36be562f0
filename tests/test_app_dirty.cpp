// The texture's dirty box (app/logic/dirty_rect.hpp), fed by the timeline's observer: it covers
// every cell a step, an undo or a far seek across skips changed, and no more than a step's
// bounding box. And the queue that sends those boxes up (app/logic/upload_queue.hpp): a small box
// at once, a big one a band of rows at a time over several frames, and the texture it fills the
// map as it is once the queue is empty.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "app/logic/dirty_rect.hpp"
#include "app/logic/map_follower.hpp"
#include "app/logic/upload_queue.hpp"
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

// A small box goes up whole at once; a big one a band of rows at a time, top to bottom, each band
// at most band_cells cells (a row at least), clipped to the map, covering the box once.
TEST(AppUploadQueue, SmallBoxesAtOnceBigOnesInBandsOfRows) {
  UploadQueue q(/*big_cells=*/1000, /*hold_seconds=*/0.25);
  EXPECT_TRUE(q.empty());
  EXPECT_FALSE(q.next(100, 80, 300, false, 0.0));
  q.add({10, 5, 20, 30});  // 600 cells
  EXPECT_EQ(q.next(100, 80, 300, false, 0.0), (Rect{10, 5, 20, 30}));
  EXPECT_TRUE(q.empty());

  q.add({-5, 70, 60, 40});  // clipped: x 0..54, rows 70..79: 550 cells, small
  EXPECT_EQ(q.next(100, 80, 300, false, 0.0), (Rect{0, 70, 55, 10}));
  q.add({120, 90, 10, 10});  // off the map: nothing, and dropped
  EXPECT_FALSE(q.next(100, 80, 300, false, 0.0));
  EXPECT_TRUE(q.empty());

  q.add({3, 2, 70, 50});  // 3500 cells: bands of 300 / 70 = 4 rows
  int row = 2;
  int bands = 0;
  while (const auto band = q.next(100, 80, 300, false, 0.0)) {
    EXPECT_EQ(band->x, 3);
    EXPECT_EQ(band->w, 70);
    EXPECT_EQ(band->y, row);
    EXPECT_EQ(band->h, std::min(4, 52 - row));
    EXPECT_TRUE(q.in_bands() || band->bottom() == 52);
    row = band->bottom();
    ++bands;
  }
  EXPECT_EQ(row, 52);
  EXPECT_EQ(bands, 13);
  EXPECT_TRUE(q.empty());

  q.add({0, 0, 100, 80});  // band_cells under a row: a row a band
  const auto first = q.next(100, 80, 50, false, 0.0);
  EXPECT_EQ(first, (Rect{0, 0, 100, 1}));
}

// While the map moves (a seek going on), a big box starts at most every hold_seconds; a box that
// comes while one goes up waits for it; once the map is still, the waiting box goes at once.
TEST(AppUploadQueue, BigBoxesWaitWhileTheMapMoves) {
  UploadQueue q(1000, 0.25);
  q.add({0, 0, 100, 40});
  ASSERT_TRUE(q.next(100, 80, 2000, true, 1.0));  // the first big box: no wait
  ASSERT_TRUE(q.next(100, 80, 2000, true, 1.0));  // its second and last band
  EXPECT_TRUE(q.empty());
  q.add({0, 40, 100, 40});
  EXPECT_FALSE(q.next(100, 80, 2000, true, 1.1));  // moving, 0.1 s after the last started
  EXPECT_FALSE(q.empty());
  q.add({0, 0, 10, 10});  // merged with the waiting box
  const auto later = q.next(100, 80, 2000, true, 1.3);
  EXPECT_EQ(later, (Rect{0, 0, 100, 20}));  // 0.3 s on: it starts, rows 0..79 in bands of 20
  q.add({0, 0, 5, 5});                      // comes while the box goes up: waits for it
  for (int k = 0; k < 3; ++k) EXPECT_EQ(q.next(100, 80, 2000, true, 1.3)->y, 20 * (k + 1));
  EXPECT_EQ(q.next(100, 80, 2000, true, 1.3), (Rect{0, 0, 5, 5}));  // small: at once
  EXPECT_TRUE(q.empty());

  q.add({0, 0, 100, 80});
  EXPECT_FALSE(q.next(100, 80, 2000, true, 1.4));
  EXPECT_TRUE(q.next(100, 80, 2000, false, 1.4));  // the map is still: no wait
}

// The queue fed as the app feeds it: a timeline stepped and seeked far across its skips, its
// follower's box taken each frame and a few pieces uploaded a frame (copied from the map as it is
// then into a texture kept apart); once the moves stop and the queue is empty, the texture is the
// map, cell for cell, after every move.
TEST(AppUploadQueue, TheTextureCatchesUpWithTheMap) {
  Timeline t(rooms(5), kDefaultHistoryBytes, {.steps = 40, .group = 3});
  const int w = t.grid().width(), h = t.grid().height();
  MapTally tally = MapTally::uniform(t.grid().size(), Tile::Wall);
  DirtyRect dirty(w);
  MapFollower follow(tally, dirty);
  Grid texture = t.grid();
  UploadQueue q(/*big_cells=*/2000, /*hold_seconds=*/0.25);
  double now = 0.0;
  // One frame: the box taken, at most `pieces` pieces up (bands of 500 cells: 3 rows).
  const auto frame = [&](bool moving, int pieces) {
    if (const auto box = dirty.take()) q.add(*box);
    now += 0.016;
    for (int k = 0; k < pieces; ++k) {
      const auto piece = q.next(w, h, 500, moving, now);
      if (!piece) break;
      for (int y = piece->y; y < piece->bottom(); ++y) {
        for (int x = piece->x; x < piece->right(); ++x) {
          texture.put(texture.index(x, y), t.grid().cell(t.grid().index(x, y)));
        }
      }
    }
  };
  const auto expect_caught_up = [&](const std::string& what) {
    // (At least a frame: the box of the moves' last frame is taken there.)
    int frames = 0;
    do frame(false, 2);
    while (!q.empty() && ++frames < 1000);
    ASSERT_TRUE(q.empty()) << what;
    for (std::uint32_t i = 0; i < t.grid().size(); ++i) {
      ASSERT_EQ(texture.cell(i), t.grid().cell(i)) << what << ", cell " << i;
    }
  };
  // Stepped to the end, a few steps a frame.
  bool more = true;
  while (more) {
    for (int k = 0; k < 7 && more; ++k) more = t.next(&follow) != nullptr;
    frame(true, 2);
  }
  expect_caught_up("stepped to the end");
  const std::uint64_t end = t.cursor();
  ASSERT_GT(end, 400u);
  Rng rng(7);
  bool saw_bands = false;
  for (int i = 0; i < 12; ++i) {
    // A few far seeks with frames between them, each frame too short to send everything.
    for (int k = 0; k < 3; ++k) {
      t.seek(i % 2 ? rng.below(static_cast<std::uint32_t>(end + 1)) : (k % 2 ? 0 : end), &follow);
      frame(true, 1);
      saw_bands = saw_bands || q.in_bands();
    }
    expect_caught_up("seeks, round " + std::to_string(i));
  }
  EXPECT_TRUE(saw_bands);  // the far seeks' boxes were big: they went up in bands
}
