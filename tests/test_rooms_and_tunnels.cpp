#include <gtest/gtest.h>

#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/rooms_and_tunnels.hpp"

using namespace dungen;

namespace {

const GeneratorSpec& spec() {
  return rooms_and_tunnels_spec();
}

ParamValues params(int w, int h, int max_rooms, int min_size, int max_size) {
  ParamValues p(spec().schema);
  EXPECT_FALSE(p.set("width", w));
  EXPECT_FALSE(p.set("height", h));
  EXPECT_FALSE(p.set("max_rooms", max_rooms));
  EXPECT_FALSE(p.set("room_min_size", min_size));
  EXPECT_FALSE(p.set("room_max_size", max_size));
  EXPECT_FALSE(p.validate());
  return p;
}

Rect grown(const Rect& r) {
  return {r.x - 1, r.y - 1, r.w + 2, r.h + 2};
}
bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

void check_invariants(const ParamValues& p, std::uint64_t seed) {
  Stepper s = start_generator(spec(), p, seed, false);
  run_to_end(s);
  const Grid& g = s.grid();
  const auto& rooms = s.layout().rooms;
  SCOPED_TRACE("seed " + std::to_string(seed));
  ASSERT_GE(rooms.size(), 1u);  // the first attempt always succeeds
  ASSERT_LE(rooms.size(), static_cast<std::size_t>(p.get("max_rooms")));
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    const Rect& r = rooms[i].bounds;
    // Inside the map, with the wall ring inside too.
    ASSERT_GE(r.x, 1);
    ASSERT_GE(r.y, 1);
    ASSERT_LE(r.right(), g.width() - 1);
    ASSERT_LE(r.bottom(), g.height() - 1);
    // Sides in range: the tutorial's room of size s carves s - 1 cells.
    ASSERT_GE(r.w, p.get("room_min_size") - 1);
    ASSERT_LE(r.w, p.get("room_max_size") - 1);
    ASSERT_GE(r.h, p.get("room_min_size") - 1);
    ASSERT_LE(r.h, p.get("room_max_size") - 1);
    // No two room floors overlap or touch (not even at a corner).
    for (std::size_t j = i + 1; j < rooms.size(); ++j) {
      ASSERT_FALSE(overlap(grown(r), rooms[j].bounds)) << "rooms " << i << " and " << j;
    }
    // Every cell of the room is floor, labelled with its id.
    for (int y = r.y; y < r.bottom(); ++y) {
      for (int x = r.x; x < r.right(); ++x) {
        ASSERT_EQ(g.at(x, y), Tile::Floor);
        ASSERT_EQ(g.label_at(x, y), rooms[i].id);
      }
    }
  }
  // Every walkable cell is 4-connected to every other.
  EXPECT_EQ(label_regions(g, 4).count(), 1);
  // The player starts on the first room's floor, at its centre.
  ASSERT_TRUE(s.layout().start);
  EXPECT_TRUE(rooms[0].bounds.contains(*s.layout().start));
  // Only wall, floor and corridor appear.
  for (std::size_t i = 0; i < g.size(); ++i) {
    const Tile t = g.tile(i);
    ASSERT_TRUE(t == Tile::Wall || t == Tile::Floor || t == Tile::Corridor);
    if (t != Tile::Floor) {
      ASSERT_EQ(g.label(i), -1);
    }
  }
}

}  // namespace

TEST(RoomsAndTunnels, InvariantsOver1000SeedsWithDefaults) {
  const ParamValues p = spec().schema.defaults();
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    check_invariants(p, seed);
    if (HasFatalFailure()) return;
  }
}

TEST(RoomsAndTunnels, InvariantsOver1000SeedsWithExtremeParameters) {
  const ParamValues cases[] = {
      params(12, 12, 10000, 2, 2),  // smallest rooms, many attempts
      params(20, 9, 50, 8, 8),      // rooms as big as the map allows
      params(200, 60, 300, 3, 30),  // wide range, many rooms
  };
  for (const ParamValues& p : cases) {
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      check_invariants(p, seed);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(RoomsAndTunnels, DefaultsAreTheTutorials) {
  const ParamValues p = spec().schema.defaults();
  EXPECT_EQ(p.get("width"), 80);
  EXPECT_EQ(p.get("height"), 45);
  EXPECT_EQ(p.get("max_rooms"), 30);
  EXPECT_EQ(p.get("room_min_size"), 6);
  EXPECT_EQ(p.get("room_max_size"), 10);
}

TEST(RoomsAndTunnels, StepsFollowTheIssuesLevels) {
  Stepper s = start_generator(spec(), spec().schema.defaults(), 1);
  int attempts = 0, carved = 0, tunnel_cells = 0, rejected = 0;
  while (const Step* step = s.next()) {
    switch (step->event.kind) {
      case EventKind::RoomRejected:
        EXPECT_EQ(step->level, StepLevel::Action);
        EXPECT_EQ(step->overlay.verdict, Verdict::Rejected);
        EXPECT_EQ(step->event.reason, Reason::Overlaps);
        EXPECT_GE(step->event.other, 0);
        ASSERT_TRUE(step->overlay.candidate);
        ++attempts;
        ++rejected;
        break;
      case EventKind::RoomAccepted:
        EXPECT_EQ(step->level, StepLevel::Action);
        EXPECT_EQ(step->overlay.verdict, Verdict::Accepted);
        ++attempts;
        break;
      case EventKind::RoomCarved:
        EXPECT_EQ(step->level, StepLevel::Feature);
        EXPECT_FALSE(s.changes().empty());
        ++carved;
        break;
      case EventKind::TunnelCell:
        EXPECT_EQ(step->level, StepLevel::Cell);
        ASSERT_EQ(s.changes().size(), 1u);
        EXPECT_EQ(s.changes()[0].after.tile, Tile::Corridor);
        ++tunnel_cells;
        break;
      default:
        break;
    }
    EXPECT_LT(static_cast<std::size_t>(step->line), spec().pseudocode.size());
  }
  EXPECT_EQ(attempts, 30);
  EXPECT_EQ(carved, static_cast<int>(s.layout().rooms.size()));
  EXPECT_EQ(rejected, 30 - carved);
  EXPECT_GT(tunnel_cells, 0);
  EXPECT_EQ(s.current(), nullptr);
}

TEST(RoomsAndTunnels, SteppedAndBatchGiveTheSameGrid) {
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Stepper batch = start_generator(spec(), spec().schema.defaults(), seed, false);
    run_to_end(batch);
    Stepper stepped = start_generator(spec(), spec().schema.defaults(), seed, true);
    while (stepped.next()) {
    }
    ASSERT_EQ(batch.grid(), stepped.grid()) << seed;
    // By feature, by action: the same again.
    Stepper coarse = start_generator(spec(), spec().schema.defaults(), seed, true);
    while (!run_until(coarse, StepLevel::Feature).finished) {
    }
    ASSERT_EQ(batch.grid(), coarse.grid()) << seed;
  }
}

TEST(RoomsAndTunnels, SameSeedSameMapDifferentSeedDifferentMap) {
  auto run = [](std::uint64_t seed) {
    Stepper s = start_generator(spec(), spec().schema.defaults(), seed, false);
    run_to_end(s);
    return s.grid();
  };
  EXPECT_EQ(run(42), run(42));
  EXPECT_NE(run(42), run(43));
}

TEST(RoomsAndTunnels, InvalidCombinationsAreClearErrors) {
  ParamValues p = spec().schema.defaults();
  ASSERT_FALSE(p.set("room_min_size", 12));
  auto err = p.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(*err, "room_min_size 12 is greater than room_max_size 10");
  EXPECT_THROW(start_generator(spec(), p, 1), std::invalid_argument);

  ParamValues big = spec().schema.defaults();
  ASSERT_FALSE(big.set("room_max_size", 45));
  err = big.validate();
  ASSERT_TRUE(err);
  EXPECT_NE(err->find("does not fit the 80x45 map"), std::string::npos) << *err;
}
