#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <variant>

#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generator_kit.hpp"
#include "generators/bsp_rooms.hpp"
#include "generators/map_promises.hpp"

using namespace dungen;
using namespace dungen::bsp_rooms;
using test_support::cells_of;
using test_support::line_saying;
using test_support::rects_of;

namespace {

const GeneratorSpec& spec() {
  return bsp_rooms_spec();
}

struct Setting {
  int w, h, depth, min_leaf, split_min, split_max, margin, room_min;
};

ParamValues params(const Setting& c) {
  ParamValues p(spec().schema);
  EXPECT_FALSE(p.set("width", c.w));
  EXPECT_FALSE(p.set("height", c.h));
  EXPECT_FALSE(p.set("depth", c.depth));
  EXPECT_FALSE(p.set("min_leaf_size", c.min_leaf));
  EXPECT_FALSE(p.set("split_min_percent", c.split_min));
  EXPECT_FALSE(p.set("split_max_percent", c.split_max));
  EXPECT_FALSE(p.set("room_margin", c.margin));
  EXPECT_FALSE(p.set("room_min_size", c.room_min));
  EXPECT_FALSE(p.validate());
  return p;
}

bool inside(const Rect& inner, const Rect& outer) {
  return inner.x >= outer.x && inner.y >= outer.y && inner.right() <= outer.right() &&
         inner.bottom() <= outer.bottom();
}

// Runs one seed to the end (nothing recorded) and checks every invariant of the finished map
// against what the steps said they did.
void check_invariants(const ParamValues& p, std::uint64_t seed) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  Stepper s = start_generator(spec(), p, seed, false);
  std::vector<Rect> leaves;
  int cuts = 0, joins = 0;
  while (const Step* step = s.next()) {
    if (step->event.kind == event_kind(Ev::Leaf)) leaves.push_back(step->event.rect);
    cuts += step->event.kind == event_kind(Ev::Cut);
    joins += step->event.kind == event_kind(Ev::Join);
  }
  const Grid& g = s.grid();
  const auto& rooms = s.layout().rooms;
  const auto v = test_support::stat_map(spec(), s);
  const int min_leaf = p.get_int("min_leaf_size");
  const int room_min = p.get_int("room_min_size");
  const int margin = p.get_int("room_margin");

  // A binary tree: leaves = cuts + 1, one room per leaf, one corridor per cut.
  ASSERT_EQ(static_cast<int>(leaves.size()), cuts + 1);
  ASSERT_LE(leaves.size(), std::size_t{1} << p.get("depth"));
  ASSERT_EQ(rooms.size(), leaves.size());
  ASSERT_EQ(joins, cuts);
  EXPECT_EQ(v.at("leaves"), static_cast<std::int64_t>(leaves.size()));
  EXPECT_EQ(v.at("splits"), cuts);
  EXPECT_EQ(v.at("rooms"), static_cast<std::int64_t>(rooms.size()));
  EXPECT_EQ(v.at("corridors"), joins);
  EXPECT_LE(v.at("depth_reached"), p.get("depth"));

  // The leaves tile the map (each cell in exactly one), each at least min_leaf_size across.
  std::vector<int> leaf_of(g.size(), -1);
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    const Rect& l = leaves[i];
    ASSERT_GE(l.w, min_leaf);
    ASSERT_GE(l.h, min_leaf);
    ASSERT_TRUE(inside(l, {0, 0, g.width(), g.height()}));
    for (int y = l.y; y < l.bottom(); ++y) {
      for (int x = l.x; x < l.right(); ++x) {
        ASSERT_EQ(leaf_of[g.index(x, y)], -1) << "leaves " << i << " overlap";
        leaf_of[g.index(x, y)] = static_cast<int>(i);
      }
    }
  }
  ASSERT_EQ(std::count(leaf_of.begin(), leaf_of.end(), -1), 0) << "the leaves cover the map";

  // Room k lies in leaf k, off the map's outermost cells, at least room_min_size a side; no two
  // rooms share a cell; every room cell is floor labelled with the room.
  std::vector<int> room_of(g.size(), -1);
  for (std::size_t i = 0; i < rooms.size(); ++i) {
    const Rect& r = rooms[i].bounds;
    ASSERT_EQ(rooms[i].id, static_cast<int>(i));
    ASSERT_TRUE(inside(r, leaves[i])) << "room " << i;
    // The margin: room_margin cells in from the leaf's edges, less only where the leaf is too
    // small for it and the smallest room; with a margin, never on the leaf's edge.
    const Rect& l = leaves[i];
    const int mx = std::min(margin, (l.w - room_min) / 2),
              my = std::min(margin, (l.h - room_min) / 2);
    ASSERT_TRUE(inside(r, {l.x + mx, l.y + my, l.w - 2 * mx, l.h - 2 * my})) << "room " << i;
    if (margin >= 1) {
      ASSERT_TRUE(inside(r, {l.x + 1, l.y + 1, l.w - 2, l.h - 2})) << "room " << i;
    }
    ASSERT_TRUE(inside(r, {1, 1, g.width() - 2, g.height() - 2})) << "room " << i;
    ASSERT_GE(r.w, room_min);
    ASSERT_GE(r.h, room_min);
    for (int y = r.y; y < r.bottom(); ++y) {
      for (int x = r.x; x < r.right(); ++x) {
        const std::size_t c = g.index(x, y);
        ASSERT_EQ(room_of[c], -1) << "rooms " << room_of[c] << " and " << i << " overlap";
        room_of[c] = static_cast<int>(i);
        ASSERT_EQ(g.tile(c), Tile::Floor);
        ASSERT_EQ(g.label(c), static_cast<int>(i));
      }
    }
  }

  // Only wall, floor (exactly the rooms) and corridor; the corridor cells are the ones counted.
  std::int64_t corridor = 0;
  for (std::size_t i = 0; i < g.size(); ++i) {
    const Tile t = g.tile(i);
    ASSERT_TRUE(t == Tile::Wall || t == Tile::Floor || t == Tile::Corridor) << int(t);
    ASSERT_EQ(t == Tile::Floor, room_of[i] >= 0);
    if (t != Tile::Floor) {
      ASSERT_EQ(g.label(i), -1);
    }
    corridor += t == Tile::Corridor;
  }
  EXPECT_EQ(v.at("corridor_cells"), corridor);

  // One walkable region, 4-connected.
  ASSERT_EQ(label_regions(g, 4).count(), 1);
  ASSERT_TRUE(s.layout().start);
  EXPECT_TRUE(rooms[0].bounds.contains(*s.layout().start));
}

}  // namespace

TEST(BspRooms, InvariantsOver1000SeedsWithDefaults) {
  const ParamValues p = spec().schema.defaults();
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    check_invariants(p, seed);
    if (HasFatalFailure()) return;
  }
}

TEST(BspRooms, InvariantsOver1000SeedsWithExtremeParameters) {
  const Setting cases[] = {
      // w, h, depth, min_leaf, split %, margin, room_min
      {80, 50, 16, 3, 1, 99, 0, 1},    // the deepest tree of the smallest leaves, rooms may touch
      {120, 40, 16, 3, 50, 50, 0, 1},  // always halves
      {60, 40, 16, 4, 99, 99, 3, 2},   // cuts pushed to the end, margin too big for the leaves
      {60, 60, 5, 20, 1, 1, 100, 18},  // few huge leaves, huge margin, rooms that fill them
      {4, 4, 16, 3, 1, 99, 0, 1},      // the smallest map: one leaf, one room
      {80, 50, 0, 6, 20, 80, 1, 4},    // depth 0: the whole map is the leaf
      {300, 7, 16, 4, 30, 70, 1, 2},   // a long corridor of a map: only vertical cuts
  };
  for (const Setting& c : cases) {
    const ParamValues p = params(c);
    SCOPED_TRACE(std::to_string(c.w) + "x" + std::to_string(c.h) + " depth " +
                 std::to_string(c.depth) + " leaf " + std::to_string(c.min_leaf));
    for (std::uint64_t seed = 0; seed < 1000; ++seed) {
      check_invariants(p, seed);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(BspRooms, DefaultsGiveALibtcodSampleLikeMap) {
  const ParamValues p = spec().schema.defaults();
  EXPECT_EQ(p.get("width"), 80);
  EXPECT_EQ(p.get("height"), 50);
  EXPECT_EQ(p.get("depth"), 8);
  EXPECT_EQ(p.get("min_leaf_size"), 6);
  EXPECT_EQ(p.get("room_min_size"), 4);
  EXPECT_EQ(p.get("room_margin"), 1);
  // Like the sample: a few dozen rooms, the tree cut several levels deep.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Stepper s = start_generator(spec(), p, seed, false);
    run_to_end(s);
    const auto v = test_support::stat_map(spec(), s);
    EXPECT_GE(v.at("rooms"), 20) << seed;
    EXPECT_LE(v.at("rooms"), 80) << seed;
    EXPECT_GE(v.at("depth_reached"), 5) << seed;
  }
}

TEST(BspRooms, EachStepLightsTheLineItPerformsAndEveryLineIsLit) {
  const std::map<EventKind, int> expected = {
      {kEventBegin, line_saying(spec(), "empty map")},
      {event_kind(Ev::Leaf), line_saying(spec(), "node is a leaf")},
      {event_kind(Ev::Cut), line_saying(spec(), "draw the cut")},
      {event_kind(Ev::SplitDone), line_saying(spec(), "split(the whole map")},
      {event_kind(Ev::Room), line_saying(spec(), "carve a room")},
      {event_kind(Ev::RoomsDone), line_saying(spec(), "carve a room")},
      {event_kind(Ev::Level), line_saying(spec(), "for each depth")},
      {event_kind(Ev::LevelDone), line_saying(spec(), "for each depth")},
      {event_kind(Ev::Join), line_saying(spec(), "join each node")},
      {event_kind(Ev::Dig), line_saying(spec(), "join each node")},
      {kEventDone, line_saying(spec(), "done")},
  };
  std::set<int> lit;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Stepper s = start_generator(spec(), spec().schema.defaults(), seed);
    while (const Step* step = s.next()) {
      const std::string said = spec().narration.words(*step, s.params());
      lit.insert(step->line);
      if (step->event.kind == event_kind(Ev::Visit)) {
        // The root's visit is the first call; every other node's is the recursive call.
        ASSERT_EQ(step->line, step->event.other < 0 ? line_saying(spec(), "split(the whole map")
                                                    : line_saying(spec(), "split(each part"))
            << said;
        continue;
      }
      ASSERT_TRUE(expected.contains(step->event.kind)) << int{step->event.kind};
      ASSERT_EQ(step->line, expected.at(step->event.kind)) << said;
    }
  }
  EXPECT_EQ(lit.size(), spec().narration.pseudocode.size());
}

TEST(BspRooms, SplitsAreActionsRoomsFeaturesLevelsPhasesAndTheOverlayShowsThem) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Stepper s = start_generator(spec(), spec().schema.defaults(), seed);
    const Step* previous_cut = nullptr;
    Step last_cut;
    std::vector<int> level_order;
    int joins_in_level = 0;
    while (const Step* step = s.next()) {
      const Event& e = step->event;
      switch (e.kind) {
        case event_kind(Ev::Visit):
          EXPECT_EQ(step->level, StepLevel::Cell);
          ASSERT_EQ(rects_of(step->overlay, Role::Part), std::vector<Rect>{e.rect});
          // Recursion: the step after a cut visits that node's first part.
          if (previous_cut) {
            EXPECT_EQ(e.other, last_cut.event.id);
            EXPECT_EQ(e.rect.x, last_cut.event.rect.x);
            EXPECT_EQ(e.rect.y, last_cut.event.rect.y);
            EXPECT_EQ(e.value, last_cut.event.value + 1);
          }
          break;
        case event_kind(Ev::Cut): {
          EXPECT_EQ(step->level, StepLevel::Action);
          // The node outlined, the cut line drawn right across it and onto the map as wall,
          // and the depth in the caption.
          ASSERT_EQ(rects_of(step->overlay, Role::Part), std::vector<Rect>{e.rect});
          EXPECT_FALSE(step->overlay.has(Role::Candidate));
          const auto& line = cells_of(step->overlay, Role::Cut);
          ASSERT_FALSE(line.empty());
          const bool vertical = line.front().x == line.back().x;
          ASSERT_EQ(static_cast<int>(line.size()), vertical ? e.rect.h : e.rect.w);
          EXPECT_EQ(e.reason, vertical ? kVertical : kHorizontal);
          for (const Point c : line) {
            ASSERT_TRUE(e.rect.contains(c));
            EXPECT_EQ(s.grid().at(c.x, c.y), Tile::Wall);
          }
          EXPECT_EQ(spec().narration.caption(*step, s.params()),
                    "depth " + std::to_string(e.value) + " cut");
          last_cut = *step;
          break;
        }
        case event_kind(Ev::Leaf):
          EXPECT_EQ(rects_of(step->overlay, Role::Part), std::vector<Rect>{e.rect});
          // The defaults' depth limit is 8: a leaf above it is too small to cut.
          EXPECT_EQ(e.reason, e.value == 8 ? kDepthLimit : kTooSmall);
          break;
        case event_kind(Ev::Room):
          EXPECT_EQ(step->level, StepLevel::Feature);
          // The leaf outlined as a part, the room drawn as accepted inside it.
          ASSERT_EQ(rects_of(step->overlay, Role::Part).size(), 1u);
          EXPECT_TRUE(inside(e.rect, *step->overlay.rect_of(Role::Part)));
          EXPECT_EQ(step->overlay.rect_of(Role::Accepted), e.rect);
          break;
        case event_kind(Ev::Level):
          EXPECT_EQ(step->level, StepLevel::Cell);
          level_order.push_back(e.value);
          joins_in_level = 0;
          break;
        case event_kind(Ev::Join): {
          EXPECT_EQ(step->level, StepLevel::Action);
          ++joins_in_level;
          // The pair being joined: the two parts, side by side, making up the node.
          const std::vector<Rect> parts = rects_of(step->overlay, Role::Part);
          ASSERT_EQ(parts.size(), 2u);
          const Rect a = parts[0], b = parts[1];
          EXPECT_EQ(bounding(a, b), e.rect);
          EXPECT_EQ(spec().narration.caption(*step, s.params()), "");
          EXPECT_EQ(a.w * a.h + b.w * b.h, e.rect.w * e.rect.h);
          // The corridor starts in one room and ends in the other, one 4-step at a time.
          const auto& path = cells_of(step->overlay, Role::Tunnel);
          ASSERT_FALSE(path.empty());
          EXPECT_FALSE(step->overlay.has(Role::Cut)) << "a corridor is no cut";
          const auto& rooms = s.layout().rooms;
          EXPECT_TRUE(rooms[e.other].bounds.contains(path.front()));
          EXPECT_TRUE(rooms[e.value].bounds.contains(path.back()));
          EXPECT_TRUE(inside(rooms[e.other].bounds, a));
          EXPECT_TRUE(inside(rooms[e.value].bounds, b));
          for (std::size_t i = 1; i < path.size(); ++i) {
            EXPECT_EQ(std::abs(path[i].x - path[i - 1].x) + std::abs(path[i].y - path[i - 1].y), 1);
          }
          // Straight when the rooms face each other: one row or one column.
          const bool one_line =
              std::all_of(path.begin(), path.end(),
                          [&](Point c) { return c.x == path.front().x; }) ||
              std::all_of(path.begin(), path.end(), [&](Point c) { return c.y == path.front().y; });
          EXPECT_EQ(e.reason, one_line ? kStraight : kZ);
          break;
        }
        case event_kind(Ev::Dig):
          EXPECT_EQ(step->level, StepLevel::Cell);
          ASSERT_EQ(s.changes().size(), 1u);
          EXPECT_EQ(s.changes()[0].before.tile, Tile::Wall);
          EXPECT_EQ(s.changes()[0].after.tile, Tile::Corridor);
          EXPECT_EQ(step->overlay.point_of(Role::Cursor), e.at);
          EXPECT_EQ(rects_of(step->overlay, Role::Part).size(), 2u) << "the pair being joined";
          break;
        case event_kind(Ev::LevelDone):
          EXPECT_EQ(step->level, StepLevel::Phase);
          EXPECT_EQ(e.id, joins_in_level);
          break;
        case event_kind(Ev::SplitDone):
        case event_kind(Ev::RoomsDone):
          EXPECT_EQ(step->level, StepLevel::Phase);
          break;
        default:
          break;
      }
      previous_cut = e.kind == event_kind(Ev::Cut) ? step : nullptr;
    }
    // Joining runs from the deepest cut up to the root, one phase per depth.
    ASSERT_FALSE(level_order.empty());
    for (std::size_t i = 0; i < level_order.size(); ++i) {
      EXPECT_EQ(level_order[i], static_cast<int>(level_order.size() - 1 - i));
    }
  }
}

TEST(BspRooms, CutsKeepToTheRatioRangeAndTheDrawsAreShown) {
  // Split exactly in half: every cut at side / 2 (half a side always leaves min_leaf_size).
  const ParamValues half = params({96, 64, 6, 4, 50, 50, 1, 2});
  Stepper s = start_generator(spec(), half, 7);
  int cuts = 0;
  while (const Step* step = s.next()) {
    if (step->event.kind != event_kind(Ev::Cut)) continue;
    ++cuts;
    const Event& e = step->event;
    const bool vertical =
        cells_of(step->overlay, Role::Cut).front().x == cells_of(step->overlay, Role::Cut).back().x;
    const int side = vertical ? e.rect.w : e.rect.h;
    const int offset = vertical ? e.at.x - e.rect.x : e.at.y - e.rect.y;
    EXPECT_EQ(offset, side / 2);
    ASSERT_FALSE(s.draws().empty());
    EXPECT_EQ(s.draws().back().name, "cut");
    EXPECT_EQ(s.draws().back().value, offset);
    const std::string said = spec().narration.words(*step, s.params());
    EXPECT_NE(said.find((vertical ? "x = " : "y = ") + std::to_string(vertical ? e.at.x : e.at.y)),
              std::string::npos)
        << said;
  }
  EXPECT_EQ(cuts, 63);  // 96x64 halves down to 6 levels: 2^6 - 1 cuts

  // A 20..30 % range on a wide map: every cut within it, clamped only by min_leaf_size.
  const ParamValues low = params({200, 100, 3, 5, 20, 30, 1, 2});
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    Stepper t = start_generator(spec(), low, seed);
    while (const Step* step = t.next()) {
      if (step->event.kind != event_kind(Ev::Cut)) continue;
      const Event& e = step->event;
      const bool vertical = cells_of(step->overlay, Role::Cut).front().x ==
                            cells_of(step->overlay, Role::Cut).back().x;
      const int side = vertical ? e.rect.w : e.rect.h;
      const int offset = vertical ? e.at.x - e.rect.x : e.at.y - e.rect.y;
      EXPECT_GE(offset, std::max(side * 20 / 100, 5));
      EXPECT_LE(offset, std::max(side * 30 / 100, 5));
      // A side 1.5x the other is the one cut.
      if (e.rect.w * 2 >= e.rect.h * 3) {
        EXPECT_TRUE(vertical);
      }
      if (e.rect.h * 2 >= e.rect.w * 3) {
        EXPECT_FALSE(vertical);
      }
    }
  }
}

TEST(BspRooms, StatsAreExactAndStepBackWithTheTimeline) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Stepper stepped = start_generator(spec(), spec().schema.defaults(), seed);
    int deepest = 0;
    std::int64_t dug = 0;
    while (const Step* step = stepped.next()) {
      if (step->event.kind == event_kind(Ev::Visit)) deepest = std::max(deepest, step->event.value);
      if (step->event.kind == event_kind(Ev::Dig)) dug += 1;
    }
    const auto v = test_support::stat_map(spec(), stepped);
    EXPECT_EQ(v.at("depth_reached"), deepest);
    EXPECT_EQ(v.at("corridor_cells"), dug);

    Timeline t(start_generator(spec(), spec().schema.defaults(), seed));
    while (t.next()) {
    }
    const std::uint64_t n = t.recorded();
    for (std::uint64_t k : {n, n / 2, n / 3, std::uint64_t{1}, std::uint64_t{0}}) {
      t.seek(k);
      Stepper fresh = start_generator(spec(), spec().schema.defaults(), seed, false);
      run_steps(fresh, k);
      ASSERT_TRUE(std::equal(t.stats().begin(), t.stats().end(), fresh.stats().begin()))
          << "seed " << seed << " step " << k;
      ASSERT_EQ(t.grid(), fresh.grid()) << "seed " << seed << " step " << k;
    }
  }
}

TEST(BspRooms, SteppedByLevelAndBatchGiveTheSameGrid) {
  for (std::uint64_t seed = 0; seed < 30; ++seed) {
    Stepper batch = start_generator(spec(), spec().schema.defaults(), seed, false);
    run_to_end(batch);
    for (StepLevel level : {StepLevel::Cell, StepLevel::Action, StepLevel::Phase}) {
      Stepper coarse = start_generator(spec(), spec().schema.defaults(), seed, true);
      while (!run_until(coarse, level).finished) {
      }
      ASSERT_EQ(batch.grid(), coarse.grid()) << seed;
    }
  }
}

TEST(BspRooms, InvalidCombinationsAreClearErrors) {
  ParamValues p = spec().schema.defaults();
  ASSERT_FALSE(p.set("room_min_size", 5));
  auto err = p.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(err->param, "room_min_size");
  EXPECT_EQ(err->bound, 4);
  EXPECT_NE(err->words().find("min_leaf_size"), std::string::npos) << err->words();
  EXPECT_THROW(start_generator(spec(), p, 1), std::invalid_argument);

  ParamValues ratio = spec().schema.defaults();
  ASSERT_FALSE(ratio.set("split_min_percent", 90));
  err = ratio.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(err->param, "split_min_percent");
  EXPECT_EQ(err->bound, 80);

  ParamValues leaf = spec().schema.defaults();
  ASSERT_FALSE(leaf.set("min_leaf_size", 51));
  err = leaf.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(err->param, "min_leaf_size");
  EXPECT_EQ(err->bound, 50);
  EXPECT_TRUE(leaf.set("depth", 17)) << "the depth is capped";
}

TEST(BspRooms, FinishedMapsKeepTheirPromisesAndABrokenOneIsNamed) {
  const ParamValues p = spec().schema.defaults();
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Stepper s = start_generator(spec(), p, seed, false);
    run_to_end(s);
    EXPECT_EQ(broken_promises(spec(), s), std::vector<std::string>{}) << seed;
  }
  // Stopped after the rooms, before any join: more than one walkable region.
  Stepper part = start_generator(spec(), p, 1, false);
  while (const Step* step = part.next()) {
    if (step->event.kind == event_kind(Ev::RoomsDone)) break;
  }
  EXPECT_EQ(broken_promises(spec(), part), std::vector<std::string>{"at most one walkable region"});
}
