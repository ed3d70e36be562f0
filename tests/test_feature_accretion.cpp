#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "analysis/regions.hpp"
#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/feature_accretion.hpp"
#include "replay_check.hpp"

using namespace dungen;

namespace {

const GeneratorSpec& spec() {
  return feature_accretion_spec();
}

ParamValues params(std::initializer_list<std::pair<std::string_view, std::int64_t>> values) {
  return test_support::params_for(spec(), values);
}

// One feature as its steps report it: the whole footprint (walls included), and for every feature
// but the first, the door that opened it and the feature it was opened from.
struct Placed {
  int id = -1;
  Rect footprint;
  bool room = true;
  bool first = false;
  Point door;
  int from = -1;
};

struct Result {
  Grid grid;
  Layout layout;
  std::vector<Placed> placed;
};

Result run(const ParamValues& p, std::uint64_t seed) {
  Stepper s = start_generator(spec(), p, seed, false);
  Result r;
  while (const Step* step = s.next()) {
    const Event& e = step->event;
    if (e.kind == EventKind::RoomCarved) {
      EXPECT_EQ(step->level, StepLevel::Feature);
      r.placed.push_back({e.id, *step->overlay.candidate, true, true, {}, -1});
    } else if (e.kind == EventKind::FeatureAttached) {
      EXPECT_EQ(step->level, StepLevel::Feature);
      EXPECT_EQ(step->overlay.candidate, e.rect);
      r.placed.push_back({e.id, e.rect, e.value == 0, false, e.at, e.other});
    }
  }
  r.grid = s.grid();
  r.layout = s.layout();
  return r;
}

bool inside(const Grid& g, const Rect& r) {
  return r.x >= 0 && r.y >= 0 && r.right() <= g.width() && r.bottom() <= g.height() && r.w > 0 &&
         r.h > 0;
}

// Every invariant of one finished map; returns the number of features for coverage checks.
int check_map(const ParamValues& p, std::uint64_t seed) {
  const Result r = run(p, seed);
  const Grid& g = r.grid;
  SCOPED_TRACE("seed " + std::to_string(seed));
  EXPECT_EQ(g.width(), p.get_int("width"));
  EXPECT_EQ(g.height(), p.get_int("height"));
  const int features = static_cast<int>(r.placed.size());
  EXPECT_GE(features, 1);
  EXPECT_LE(features, p.get_int("max_features"));

  // Footprints are inside the map and never overlap: paint each cell with its owner.
  std::vector<int> owner(g.size(), -1);
  int rooms = 0;
  int corridors = 0;
  for (std::size_t k = 0; k < r.placed.size(); ++k) {
    const Placed& f = r.placed[k];
    EXPECT_EQ(f.id, static_cast<int>(k));
    if (!inside(g, f.footprint)) {
      ADD_FAILURE() << "feature " << f.id << " leaves the map";
      return features;
    }
    if (f.room) {
      ++rooms;
      EXPECT_GE(f.footprint.w, p.get_int("room_min_size"));
      EXPECT_LE(f.footprint.w, p.get_int("room_max_size"));
      EXPECT_GE(f.footprint.h, p.get_int("room_min_size"));
      EXPECT_LE(f.footprint.h, p.get_int("room_max_size"));
    } else {
      ++corridors;
      const int len = std::max(f.footprint.w, f.footprint.h);
      EXPECT_EQ(std::min(f.footprint.w, f.footprint.h), 1);
      EXPECT_GE(len, p.get_int("corridor_min_length"));
      EXPECT_LE(len, p.get_int("corridor_max_length"));
    }
    for (int y = f.footprint.y; y < f.footprint.bottom(); ++y) {
      for (int x = f.footprint.x; x < f.footprint.right(); ++x) {
        int& o = owner[g.index(x, y)];
        if (o != -1) {
          ADD_FAILURE() << "feature " << f.id << " overlaps feature " << o << " at " << x << ","
                        << y;
          return features;
        }
        o = f.id;
      }
    }
  }

  // Tiles agree with the owners: unused space stays empty; floor and corridor carry their
  // feature's label; walls are room rings.
  int doors = 0;
  // Plain checks per cell (gtest macros per cell would dominate under ASan); the first bad cell
  // fails the map.
  for (std::size_t i = 0; i < g.size(); ++i) {
    const Tile t = g.tile(i);
    const int o = owner[i];
    const std::int32_t label = g.label(i);
    bool ok = true;
    if (o < 0) {
      ok = t == Tile::Empty;
    } else {
      const Placed& f = r.placed[static_cast<std::size_t>(o)];
      const Point c = g.point(i);
      const bool ring = c.x == f.footprint.x || c.y == f.footprint.y ||
                        c.x == f.footprint.right() - 1 || c.y == f.footprint.bottom() - 1;
      switch (t) {
        case Tile::Empty:
          ok = false;
          break;
        case Tile::Wall:
          ok = f.room && ring && label == -1;
          break;
        case Tile::Floor:
          ok = f.room && label == o;
          break;
        case Tile::Corridor:
          ok = !f.room && label == o;
          break;
        case Tile::Door:
          ++doors;
          ok = label == -1;
          break;
      }
    }
    if (!ok) {
      ADD_FAILURE() << "cell " << g.point(i).x << "," << g.point(i).y << ": " << tile_name(t)
                    << " labelled " << label << " in feature " << o;
      return features;
    }
  }
  EXPECT_EQ(doors, features - 1);
  EXPECT_EQ(r.layout.doors, doors);
  EXPECT_EQ(r.layout.corridors, corridors);
  EXPECT_EQ(static_cast<int>(r.layout.rooms.size()), rooms);

  // Every door sits between a walkable cell of the feature it came from and a walkable cell of
  // the feature it opened.
  for (const Placed& f : r.placed) {
    if (f.first) continue;
    const std::size_t di = g.index(f.door.x, f.door.y);
    EXPECT_EQ(g.tile(di), Tile::Door) << "feature " << f.id;
    EXPECT_NE(owner[di], f.id);
    int ahead_count = 0;
    for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
      const Point ahead{f.door.x + d.x, f.door.y + d.y};
      if (!g.in_bounds(ahead) || owner[g.index(ahead.x, ahead.y)] != f.id) continue;
      ++ahead_count;
      const Point behind{f.door.x - d.x, f.door.y - d.y};
      if (!g.in_bounds(behind)) {
        ADD_FAILURE() << "door of feature " << f.id << " on the border";
        continue;
      }
      EXPECT_TRUE(is_walkable(g.at(ahead.x, ahead.y)));
      EXPECT_TRUE(is_walkable(g.at(behind.x, behind.y)));
      EXPECT_EQ(owner[g.index(behind.x, behind.y)], f.from);
    }
    EXPECT_EQ(ahead_count, 1) << "door of feature " << f.id;
  }

  // The layout's rooms are the floor inside each room's ring.
  std::size_t room_index = 0;
  for (const Placed& f : r.placed) {
    if (!f.room) continue;
    if (room_index >= r.layout.rooms.size()) {
      ADD_FAILURE() << "layout is missing room " << f.id;
      break;
    }
    const Layout::Room& lr = r.layout.rooms[room_index++];
    EXPECT_EQ(lr.id, f.id);
    EXPECT_TRUE(lr.rectangular);
    EXPECT_EQ(lr.bounds,
              (Rect{f.footprint.x + 1, f.footprint.y + 1, f.footprint.w - 2, f.footprint.h - 2}));
    EXPECT_EQ(lr.cells, lr.bounds.w * lr.bounds.h + (f.first ? 0 : 1));
  }

  // All walkable cells form one region.
  EXPECT_EQ(label_regions(g, 4).count(), 1);
  return features;
}

void check_seeds(const ParamValues& p, int seeds) {
  long total = 0;
  for (int s = 1; s <= seeds; ++s) {
    total += check_map(p, static_cast<std::uint64_t>(s));
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(total, seeds);  // features beyond the first room get built
}

void check_replay(const ParamValues& p, std::uint64_t seed) {
  test_support::check_replay(spec(), p, seed);
}

using test_support::cli;

}  // namespace

TEST(FeatureAccretion, DefaultsOverAThousandSeeds) {
  check_seeds(spec().schema.defaults(), 1000);
}

TEST(FeatureAccretion, RoomsOnly) {
  check_seeds(params({{"room_chance", 100}}), 1000);
}

TEST(FeatureAccretion, CorridorsOnly) {
  check_seeds(params({{"room_chance", 0}}), 1000);
}

// Tiny features leave few walls to probe, so most probes miss and many attempts find no wall in
// all their probes: tighter bounds keep the thousand maps quick.
TEST(FeatureAccretion, SmallestFeatures) {
  check_seeds(params({{"max_attempts", 300},
                      {"probe_attempts", 100},
                      {"room_min_size", 3},
                      {"room_max_size", 3},
                      {"corridor_min_length", 1},
                      {"corridor_max_length", 1}}),
              1000);
}

TEST(FeatureAccretion, LargestFeatures) {
  check_seeds(params({{"room_min_size", 3},
                      {"room_max_size", 25},
                      {"corridor_min_length", 1},
                      {"corridor_max_length", 78}}),
              1000);
}

// A 4x4 room fills the map and leaves no wall to probe: the bounds end the run.
TEST(FeatureAccretion, SmallestMap) {
  check_seeds(params({{"width", 4},
                      {"height", 4},
                      {"room_min_size", 3},
                      {"room_max_size", 4},
                      {"corridor_min_length", 1},
                      {"corridor_max_length", 2},
                      {"max_attempts", 100},
                      {"probe_attempts", 20}}),
              1000);
}

TEST(FeatureAccretion, ManyFeaturesAndFewProbes) {
  check_seeds(params({{"max_features", 1000000}, {"max_attempts", 2000}, {"probe_attempts", 1}}),
              1000);
}

TEST(FeatureAccretion, StopsAtMaxFeatures) {
  const ParamValues p = params({{"max_features", 5}});
  for (std::uint64_t s = 1; s <= 100; ++s) {
    const Result r = run(p, s);
    EXPECT_EQ(r.placed.size(), 5u);  // a 80x25 map always has room for five
  }
  const Result one = run(params({{"max_features", 1}}), 1);
  EXPECT_EQ(one.placed.size(), 1u);
  EXPECT_EQ(one.layout.doors, 0);
}

TEST(FeatureAccretion, FirstRoomSitsInTheMiddle) {
  for (std::uint64_t s = 1; s <= 50; ++s) {
    const Result r = run(spec().schema.defaults(), s);
    const Rect f = r.placed.front().footprint;
    ASSERT_TRUE(r.layout.start.has_value());
    EXPECT_EQ(r.grid.at(r.layout.start->x, r.layout.start->y), Tile::Floor);
    EXPECT_EQ(r.grid.label_at(r.layout.start->x, r.layout.start->y), 0);
    EXPECT_LE(std::abs((f.x + f.right()) - 80), 1);
    EXPECT_LE(std::abs((f.y + f.bottom()) - 25), 1);
  }
}

TEST(FeatureAccretion, StepsSayWhatHappened) {
  Stepper s = start_generator(spec(), spec().schema.defaults(), 7, true);
  int probes = 0, rejected = 0, accepted = 0, built = 0;
  Counters last;
  while (const Step* step = s.next()) {
    const Event& e = step->event;
    ASSERT_LT(static_cast<std::size_t>(step->line), spec().pseudocode.size());
    EXPECT_FALSE(describe(e).empty());
    if (e.kind == EventKind::WallProbed) {
      ++probes;
      EXPECT_EQ(step->level, StepLevel::Cell);
      EXPECT_EQ(step->overlay.cursor, e.at);
      EXPECT_TRUE(s.changes().empty());
      const Tile t = s.grid().at(e.at.x, e.at.y);
      EXPECT_TRUE(t == Tile::Wall || t == Tile::Corridor);
    } else if (e.kind == EventKind::FeatureRejected) {
      ++rejected;
      EXPECT_EQ(step->level, StepLevel::Action);
      EXPECT_EQ(step->overlay.verdict, Verdict::Rejected);
      EXPECT_EQ(step->overlay.candidate, e.rect);
      EXPECT_TRUE(e.reason == Reason::OutOfBounds || e.reason == Reason::NotEmpty);
    } else if (e.kind == EventKind::FeatureAccepted) {
      ++accepted;
      EXPECT_EQ(step->level, StepLevel::Action);
      EXPECT_EQ(step->overlay.verdict, Verdict::Accepted);
      EXPECT_TRUE(s.changes().empty());
    } else if (e.kind == EventKind::FeatureAttached) {
      ++built;
      EXPECT_FALSE(s.changes().empty());
    }
    last = step->counters;
  }
  EXPECT_GT(probes, accepted + rejected);
  EXPECT_GT(rejected, 0);
  EXPECT_EQ(accepted, built);
  EXPECT_EQ(last.placed, built + 1);
  EXPECT_EQ(last.rejected, rejected);
  EXPECT_EQ(last.attempts, accepted + rejected);
}

TEST(FeatureAccretion, SteppedBatchAndTimelineAgree) {
  for (std::uint64_t s : {1u, 2u, 3u, 99u}) check_replay(spec().schema.defaults(), s);
  check_replay(params({{"room_chance", 0}, {"max_features", 200}}), 5);
  check_replay(params({{"width", 200}, {"height", 120}, {"max_features", 300}}), 6);
}

TEST(FeatureAccretion, SameSeedSameMapOtherSeedOtherMap) {
  const ParamValues p = spec().schema.defaults();
  EXPECT_EQ(run(p, 11).grid, run(p, 11).grid);
  EXPECT_NE(run(p, 11).grid, run(p, 12).grid);
}

TEST(FeatureAccretion, SchemaRejectsBadParameters) {
  ParamValues p(spec().schema);
  ASSERT_EQ(p.set("room_min_size", 9), std::nullopt);
  ASSERT_EQ(p.set("room_max_size", 5), std::nullopt);
  EXPECT_EQ(p.validate(), "room_min_size 9 is greater than room_max_size 5");

  p = spec().schema.defaults();
  ASSERT_EQ(p.set("corridor_min_length", 7), std::nullopt);
  EXPECT_EQ(p.validate(), "corridor_min_length 7 is greater than corridor_max_length 6");

  p = spec().schema.defaults();
  ASSERT_EQ(p.set("room_max_size", 26), std::nullopt);
  ASSERT_TRUE(p.validate().has_value());
  EXPECT_NE(p.validate()->find("room_max_size 26 does not fit the 80x25 map"), std::string::npos);
  EXPECT_THROW(start_generator(spec(), p, 1), std::invalid_argument);

  p = spec().schema.defaults();
  ASSERT_EQ(p.set("corridor_max_length", 100), std::nullopt);
  ASSERT_EQ(p.set("corridor_min_length", 79), std::nullopt);
  ASSERT_TRUE(p.validate().has_value());
  EXPECT_NE(p.validate()->find("corridor_min_length 79 does not fit"), std::string::npos);

  EXPECT_TRUE(p.set("room_min_size", 2).has_value());  // a room needs a floor inside its walls
}

TEST(FeatureAccretion, CliReportsBadParametersInOneLine) {
  auto [rc, text] =
      cli({"generate", "feature-accretion", "--room-min-size", "9", "--room-max-size", "5"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_EQ(text, "dungen: --room-min-size 9 is greater than --room-max-size 5\n");

  std::tie(rc, text) = cli({"generate", "feature-accretion", "--corridor-min-length", "8"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_EQ(text, "dungen: --corridor-min-length 8 is greater than --corridor-max-length 6\n");

  std::tie(rc, text) = cli({"generate", "feature-accretion", "--width", "10", "--height", "8"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_NE(text.find("--room-max-size 10 does not fit the 10x8 map"), std::string::npos);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
}

TEST(FeatureAccretion, CliPrintsTheMapAndItsStats) {
  auto [rc, text] = cli({"generate", "feature-accretion", "--format", "json", "--seed", "3"});
  ASSERT_EQ(rc, kExitOk);
  EXPECT_NE(text.find("\"generator\": \"feature-accretion\""), std::string::npos);
  EXPECT_NE(text.find("\"floor_fraction\""), std::string::npos);
  EXPECT_NE(text.find("\"corridors\""), std::string::npos);
  EXPECT_NE(text.find("\"doors\""), std::string::npos);

  std::tie(rc, text) = cli({"generate", "feature-accretion", "--help"});
  ASSERT_EQ(rc, kExitOk);
  for (const char* flag :
       {"--max-features", "--room-chance", "--room-min-size", "--room-max-size",
        "--corridor-min-length", "--corridor-max-length", "--max-attempts", "--probe-attempts"}) {
    EXPECT_NE(text.find(flag), std::string::npos) << flag;
  }

  std::tie(rc, text) = cli({"generate", "feature-accretion", "--seed", "3"});
  ASSERT_EQ(rc, kExitOk);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 25);
  EXPECT_NE(text.find(' '), std::string::npos);  // unused space stays empty
  EXPECT_NE(text.find('+'), std::string::npos);
}
