#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/room_accretion.hpp"
#include "replay_check.hpp"

using namespace dungen;

namespace {

const GeneratorSpec& spec() {
  return room_accretion_spec();
}

ParamValues params(std::initializer_list<std::pair<std::string_view, std::int64_t>> values) {
  return test_support::params_for(spec(), values);
}

// A room as its feature step reports it.
struct Grown {
  int id = -1;
  int target = 0;
  int cells = 0;
  bool boxed_in = false;
  Rect bounds;
};

struct Result {
  Grid grid;
  Layout layout;
  std::vector<Grown> rooms;
  std::vector<int> taken_per_room;  // from the cell steps
};

Result run(const ParamValues& p, std::uint64_t seed) {
  Stepper s = start_generator(spec(), p, seed, false);
  Result r;
  while (const Step* step = s.next()) {
    const Event& e = step->event;
    if (e.kind == EventKind::CellTaken) {
      if (e.id >= static_cast<int>(r.taken_per_room.size())) r.taken_per_room.resize(e.id + 1);
      // A plain check per cell step: gtest macros here would dominate the run under ASan.
      if (step->level != StepLevel::Cell ||
          e.value != ++r.taken_per_room[static_cast<std::size_t>(e.id)]) {
        ADD_FAILURE() << "cell step " << s.steps_taken() << " of room " << e.id;
      }
    } else if (e.kind == EventKind::RoomGrown) {
      EXPECT_EQ(step->level, StepLevel::Feature);
      r.rooms.push_back({e.id, e.other, e.value, e.reason == Reason::BoxedIn, e.rect});
    }
  }
  r.grid = s.grid();
  r.layout = s.layout();
  return r;
}

// The 4-connected pieces of the cells labelled `label`, counted from `first`, one of them.
int piece_size(const Grid& g, std::size_t first, std::int32_t label, std::vector<char>& seen,
               std::vector<std::size_t>& stack) {
  int n = 0;
  stack.assign(1, first);
  seen[first] = 1;
  while (!stack.empty()) {
    const std::size_t i = stack.back();
    stack.pop_back();
    ++n;
    const Point c = g.point(i);
    for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
      const Point q{c.x + d.x, c.y + d.y};
      if (!g.in_bounds(q)) continue;
      const std::size_t j = g.index(q.x, q.y);
      if (seen[j] || g.label(j) != label) continue;
      seen[j] = 1;
      stack.push_back(j);
    }
  }
  return n;
}

void check_map(const ParamValues& p, std::uint64_t seed) {
  const Result r = run(p, seed);
  const Grid& g = r.grid;
  SCOPED_TRACE("seed " + std::to_string(seed));
  const int min_size = p.get_int("room_min_size");
  const int max_size = p.get_int("room_max_size");
  const auto room_count = r.rooms.size();
  ASSERT_GE(room_count, 1u);
  ASSERT_EQ(r.layout.rooms.size(), room_count);
  ASSERT_EQ(r.taken_per_room.size(), room_count);
  ASSERT_TRUE(r.layout.start.has_value());
  EXPECT_EQ(g.label_at(r.layout.start->x, r.layout.start->y), 0);

  // Every cell belongs to exactly one room: floor, labelled with an id the run reported.
  std::vector<int> counted(room_count, 0);
  struct Box {
    int x0 = INT32_MAX, y0 = INT32_MAX, x1 = -1, y1 = -1;
  };
  std::vector<Box> box(room_count);
  for (std::size_t i = 0; i < g.size(); ++i) {
    const std::int32_t label = g.label(i);
    // Plain checks in the per-cell loops: gtest macros per cell would dominate under ASan.
    if (g.tile(i) != Tile::Floor || label < 0 || static_cast<std::size_t>(label) >= room_count) {
      FAIL() << "cell " << i << ": tile " << tile_name(g.tile(i)) << ", label " << label;
    }
    ++counted[static_cast<std::size_t>(label)];
    const Point c = g.point(i);
    Box& b = box[static_cast<std::size_t>(label)];
    b = {std::min(b.x0, c.x), std::min(b.y0, c.y), std::max(b.x1, c.x), std::max(b.y1, c.y)};
  }

  // Each room: its cells, bounds and size agree everywhere, and the size is the one drawn
  // unless the room was boxed in (then smaller). Only boxed-in rooms fall outside the range.
  for (std::size_t k = 0; k < room_count; ++k) {
    const Grown& room = r.rooms[k];
    const Layout::Room& lr = r.layout.rooms[k];
    EXPECT_EQ(room.id, static_cast<int>(k));
    EXPECT_EQ(lr.id, room.id);
    EXPECT_FALSE(lr.rectangular);
    EXPECT_EQ(lr.cells, counted[k]);
    EXPECT_EQ(room.cells, counted[k]);
    EXPECT_EQ(r.taken_per_room[k], counted[k]);
    const Rect bounds{box[k].x0, box[k].y0, box[k].x1 - box[k].x0 + 1, box[k].y1 - box[k].y0 + 1};
    EXPECT_EQ(lr.bounds, bounds);
    EXPECT_EQ(room.bounds, bounds);
    EXPECT_GE(room.target, min_size);
    EXPECT_LE(room.target, max_size);
    if (room.boxed_in) {
      EXPECT_LT(room.cells, room.target);
    } else {
      EXPECT_EQ(room.cells, room.target);
    }
  }

  // Each room is 4-connected: one flood fill from any of its cells reaches all of them.
  std::vector<char> seen(g.size(), 0);
  std::vector<std::size_t> stack;
  std::vector<char> started(room_count, 0);
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (seen[i]) continue;
    const auto label = static_cast<std::size_t>(g.label(i));
    if (started[label]) FAIL() << "room " << label << " is in more than one piece";
    started[label] = 1;
    EXPECT_EQ(piece_size(g, i, g.label(i), seen, stack), counted[label]) << "room " << label;
  }
}

void check_seeds(const ParamValues& p, int seeds) {
  for (int s = 1; s <= seeds; ++s) {
    check_map(p, static_cast<std::uint64_t>(s));
    if (::testing::Test::HasFailure()) return;
  }
}

void check_replay(const ParamValues& p, std::uint64_t seed) {
  test_support::check_replay(spec(), p, seed);
}

using test_support::cli;

}  // namespace

TEST(RoomAccretion, DefaultsOverAThousandSeeds) {
  check_seeds(spec().schema.defaults(), 1000);
}

TEST(RoomAccretion, SingleCellRooms) {
  check_seeds(params({{"width", 16}, {"height", 12}, {"room_min_size", 1}, {"room_max_size", 1}}),
              1000);
  const Result r = run(params({{"room_min_size", 1}, {"room_max_size", 1}}), 3);
  EXPECT_EQ(r.rooms.size(), 64u * 56u);
}

TEST(RoomAccretion, OneRoomFillsTheMap) {
  check_seeds(
      params({{"width", 20}, {"height", 15}, {"room_min_size", 300}, {"room_max_size", 300}}),
      1000);
  const Result r = run(params({{"room_min_size", 3584}, {"room_max_size", 3584}}), 5);
  ASSERT_EQ(r.rooms.size(), 1u);
  EXPECT_FALSE(r.rooms[0].boxed_in);
  EXPECT_EQ(r.rooms[0].cells, 64 * 56);
}

TEST(RoomAccretion, WideSizeRangeOnANarrowMap) {
  check_seeds(params({{"width", 4}, {"height", 200}, {"room_min_size", 1}, {"room_max_size", 500}}),
              1000);
}

TEST(RoomAccretion, BoxedInRoomsAreTheHolesLeftBehind) {
  // Random growth leaves holes that later become small boxed-in rooms; most of the map still
  // goes to rooms that reached the size they drew.
  long boxed_cells = 0, full_cells = 0, boxed = 0, total = 0;
  for (std::uint64_t s = 1; s <= 50; ++s) {
    for (const Grown& room : run(spec().schema.defaults(), s).rooms) {
      ++total;
      boxed += room.boxed_in;
      (room.boxed_in ? boxed_cells : full_cells) += room.cells;
    }
  }
  EXPECT_GT(boxed, 0);
  EXPECT_LT(boxed, total);
  EXPECT_GT(full_cells, 2 * boxed_cells);
}

TEST(RoomAccretion, NextRoomStartsNextToTheLastOne) {
  // A room that reached its size hands a free cell next to itself to the following room.
  Stepper s = start_generator(spec(), spec().schema.defaults(), 9, false);
  bool after_full_room = false;
  int prev_room = -1, checked = 0;
  while (const Step* step = s.next()) {
    const Event& e = step->event;
    if (e.kind == EventKind::RoomGrown) {
      after_full_room = e.reason != Reason::BoxedIn;
      prev_room = e.id;
    } else if (e.kind == EventKind::CellTaken && e.value == 1 && after_full_room) {
      bool touches = false;
      for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
        const Point q{e.at.x + d.x, e.at.y + d.y};
        touches |= s.grid().in_bounds(q) && s.grid().label_at(q.x, q.y) == prev_room;
      }
      EXPECT_TRUE(touches) << "room " << e.id;
      ++checked;
    }
  }
  EXPECT_GT(checked, 10);
}

TEST(RoomAccretion, StepsSayWhatHappened) {
  Stepper s = start_generator(spec(), spec().schema.defaults(), 4, true);
  int cells = 0, rooms = 0;
  Counters last;
  while (const Step* step = s.next()) {
    ASSERT_LT(static_cast<std::size_t>(step->line), spec().pseudocode.size());
    EXPECT_FALSE(describe(step->event).empty());
    if (step->event.kind == EventKind::CellTaken) {
      ++cells;
      ASSERT_EQ(s.changes().size(), 1u);
      EXPECT_EQ(s.changes()[0].after.label, step->event.id);
      EXPECT_EQ(step->overlay.cursor, step->event.at);
    } else {
      EXPECT_TRUE(s.changes().empty());
    }
    rooms += step->event.kind == EventKind::RoomGrown;
    last = step->counters;
  }
  EXPECT_EQ(cells, 64 * 56);
  EXPECT_EQ(last.cells, cells);
  EXPECT_EQ(last.placed, rooms);
}

TEST(RoomAccretion, SteppedBatchAndTimelineAgree) {
  for (std::uint64_t s : {1u, 2u, 3u, 77u}) check_replay(spec().schema.defaults(), s);
  check_replay(params({{"room_min_size", 1}, {"room_max_size", 4}}), 5);
  check_replay(params({{"width", 300}, {"height", 200}, {"room_max_size", 2000}}), 6);
}

TEST(RoomAccretion, SameSeedSameMapOtherSeedOtherMap) {
  const ParamValues p = spec().schema.defaults();
  EXPECT_EQ(run(p, 11).grid, run(p, 11).grid);
  EXPECT_NE(run(p, 11).grid, run(p, 12).grid);
}

TEST(RoomAccretion, LargeRoomsStayCheap) {
  // One room covering a 1024x1024 map: the growth must not rescan the room per cell (that would
  // be ~10^12 operations); this finishes in well under a second in any build.
  const Result r = run(params({{"width", 1024},
                               {"height", 1024},
                               {"room_min_size", 1 << 20},
                               {"room_max_size", 1 << 20}}),
                       1);
  ASSERT_EQ(r.rooms.size(), 1u);
  EXPECT_EQ(r.rooms[0].cells, 1 << 20);
}

TEST(RoomAccretion, SchemaRejectsBadParameters) {
  ParamValues p(spec().schema);
  ASSERT_EQ(p.set("room_min_size", 200), std::nullopt);
  EXPECT_EQ(p.validate(), "room_min_size 200 is greater than room_max_size 150");
  EXPECT_THROW(start_generator(spec(), p, 1), std::invalid_argument);

  p = spec().schema.defaults();
  ASSERT_EQ(p.set("room_max_size", 5000), std::nullopt);
  ASSERT_EQ(p.set("room_min_size", 4000), std::nullopt);
  EXPECT_EQ(p.validate(),
            "room_min_size 4000 does not fit the 64x56 map: allowed up to 3584 cells");

  EXPECT_TRUE(p.set("room_min_size", 0).has_value());
}

TEST(RoomAccretion, CliReportsBadParametersInOneLine) {
  auto [rc, text] =
      cli({"generate", "room-accretion", "--room-min-size", "90", "--room-max-size", "80"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_EQ(text, "dungen: --room-min-size 90 is greater than --room-max-size 80\n");

  std::tie(rc, text) = cli({"generate", "room-accretion", "--width", "8", "--height", "5"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_EQ(text, "dungen: --room-min-size 50 does not fit the 8x5 map: allowed up to 40 cells\n");
}

TEST(RoomAccretion, CliPrintsRoomIdsAndStats) {
  auto [rc, text] = cli({"generate", "room-accretion", "--seed", "2"});
  ASSERT_EQ(rc, kExitOk);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 56);
  for (const char c : text) {  // only room ids: no tile glyphs
    EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '*' || c == '\n') << c;
  }

  std::tie(rc, text) = cli({"generate", "room-accretion", "--format", "json"});
  ASSERT_EQ(rc, kExitOk);
  EXPECT_NE(text.find("\"floor_fraction\": 1"), std::string::npos);
  EXPECT_NE(text.find("\"cells\":"), std::string::npos);
}
