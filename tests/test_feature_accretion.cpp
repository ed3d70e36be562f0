#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/regions.hpp"
#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generator_kit.hpp"
#include "generators/feature_accretion.hpp"

using namespace dungen;
using namespace dungen::feature_accretion;

namespace {

const GeneratorSpec& spec() {
  return feature_accretion_spec();
}

ParamValues params(std::initializer_list<std::pair<std::string_view, std::int64_t>> values) {
  return test_support::params_for(spec(), values);
}

constexpr std::size_t kHitCellCap = kMaxHitCells;

// What each kind of step performs, as a piece of the one pseudocode line it must light, and its
// level.
struct Expect {
  std::string_view line;
  StepLevel level;
};
const std::map<EventKind, Expect>& expected() {
  static const std::map<EventKind, Expect> table = {
      {kEventBegin, {"fill the map with empty", StepLevel::Phase}},
      {event_kind(Ev::FirstRoom), {"first room", StepLevel::Feature}},
      {event_kind(Ev::Attempt), {"for attempt in 1..max_attempts", StepLevel::Cell}},
      {event_kind(Ev::Probed), {"probe random cells", StepLevel::Cell}},
      {event_kind(Ev::SiteFound), {"that is the site", StepLevel::Cell}},
      {event_kind(Ev::NoSite), {"no probe found a site", StepLevel::Action}},
      {event_kind(Ev::Chosen), {"room_chance %", StepLevel::Cell}},
      {event_kind(Ev::Rejected), {"reject it", StepLevel::Action}},
      {event_kind(Ev::Built), {"build it past the site", StepLevel::Feature}},
      {kEventDone, {"done", StepLevel::Phase}},
  };
  return table;
}

std::string_view line_of(const Step& s) {
  return test_support::line_text(spec(), s);
}

std::int64_t draw(std::span<const Draw> draws, std::string_view name) {
  for (const Draw& d : draws) {
    if (d.name == name) return d.value;
  }
  ADD_FAILURE() << "no draw named " << name;
  return -1;
}
bool has_draw(std::span<const Draw> draws, std::string_view name) {
  return std::any_of(draws.begin(), draws.end(), [&](const Draw& d) { return d.name == name; });
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
  bool from_room = false;  // what the Built step says the feature it opened from is
};

struct Result {
  Grid grid;
  Layout layout;
  std::vector<Placed> placed;
  std::vector<std::int64_t> stats;
};

Result run(const ParamValues& p, std::uint64_t seed) {
  Stepper s = start_generator(spec(), p, seed, false);
  Result r;
  while (const Step* step = s.next()) {
    const Event& e = step->event;
    if (e.kind == event_kind(Ev::FirstRoom)) {
      EXPECT_TRUE(step->overlay.rect_of(Role::Accepted));
      r.placed.push_back(
          {e.id, step->overlay.rect_of(Role::Accepted).value_or(Rect{}), true, true, {}, -1});
    } else if (e.kind == event_kind(Ev::Built)) {
      EXPECT_EQ(step->overlay.rect_of(Role::Accepted), e.rect);
      r.placed.push_back({e.id, e.rect, e.value == kRoom, false, e.at, e.other, e.reason == kRoom});
    }
  }
  r.grid = s.grid();
  r.layout = s.layout();
  r.stats.assign(s.stats().begin(), s.stats().end());
  return r;
}

std::int64_t stat(const ParamValues& p, std::span<const std::int64_t> values, std::string key) {
  for (const StatRow& row : spec().narration.stat_rows(values, p)) {
    if (row.key == key) return std::get<std::int64_t>(row.value);
  }
  ADD_FAILURE() << "no stat " << key;
  return -1;
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
  // feature's label; walls are room rings. Plain checks per cell (gtest macros per cell would
  // dominate under ASan); the first bad cell fails the map.
  int doors = 0;
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
  EXPECT_EQ(stat(p, r.stats, "doors"), doors);
  EXPECT_EQ(stat(p, r.stats, "corridors"), corridors);
  EXPECT_EQ(static_cast<int>(r.layout.rooms.size()), rooms);
  // The batch run's stats count what the map shows.
  EXPECT_EQ(stat(p, r.stats, "rooms"), rooms);
  EXPECT_EQ(stat(p, r.stats, "corridors"), corridors);
  EXPECT_EQ(stat(p, r.stats, "doors"), doors);

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
      // The kind it names for the feature behind the door is that feature's.
      const auto from = static_cast<std::size_t>(f.from);
      if (from < r.placed.size()) {
        EXPECT_EQ(f.from_room, r.placed[from].room) << f.id;
      }
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

// Maps checked per parameter set: enough to meet every geometry (each direction, both kinds, the
// edges), few enough that the suite stays quick under the sanitizers.
constexpr int kSeeds = 300;

void check_seeds(const ParamValues& p, int seeds = kSeeds) {
  long total = 0;
  for (int s = 1; s <= seeds; ++s) {
    total += check_map(p, static_cast<std::uint64_t>(s));
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(total, seeds);  // features beyond the first room get built
}

// The parameter sets the map tests use, also used by the step-by-step tests.
ParamValues smallest_features() {
  return params({{"max_attempts", 300},
                 {"probe_attempts", 100},
                 {"room_min_size", 3},
                 {"room_max_size", 3},
                 {"corridor_min_length", 1},
                 {"corridor_max_length", 1}});
}
ParamValues largest_features() {
  return params({{"room_min_size", 3},
                 {"room_max_size", 25},
                 {"corridor_min_length", 1},
                 {"corridor_max_length", 78}});
}
ParamValues smallest_map() {
  return params({{"width", 4},
                 {"height", 4},
                 {"room_min_size", 3},
                 {"room_max_size", 4},
                 {"corridor_min_length", 1},
                 {"corridor_max_length", 2},
                 {"max_attempts", 100},
                 {"probe_attempts", 20}});
}
ParamValues few_probes() {
  return params({{"max_features", 1000000}, {"max_attempts", 2000}, {"probe_attempts", 1}});
}

using test_support::cli;

// The statistics a student would count from the steps: features from the build steps, attempts
// from the attempt headers, cells probed from each attempt's "probes" draw (the last one counts
// every cell probed in that attempt), probes without a site = cells probed - sites found.
// Work = cells probed + the footprint cells of every candidate inside the map (its fit check).
struct Tally {
  int map_w = 0, map_h = 0;
  std::int64_t probed_before = 0;  // in finished attempts
  std::int64_t probed_now = 0;     // in the attempt under way
  std::int64_t sites = 0, attempts = 0, rooms = 0, corridors = 0, doors = 0, checked = 0;

  void see(const Step& s, std::span<const Draw> draws) {
    switch (s.event.kind) {
      case event_kind(Ev::Chosen): {
        const Rect& r = s.event.rect;
        if (r.x >= 0 && r.y >= 0 && r.right() <= map_w && r.bottom() <= map_h) {
          checked += std::int64_t{r.w} * r.h;
        }
        break;
      }
      case event_kind(Ev::FirstRoom):
        ++rooms;
        break;
      case event_kind(Ev::Attempt):
        ++attempts;
        probed_before += probed_now;
        probed_now = 0;
        break;
      case event_kind(Ev::SiteFound):
        ++sites;
        [[fallthrough]];
      case event_kind(Ev::Probed):
      case event_kind(Ev::NoSite):
        probed_now = draw(draws, "probes");
        break;
      case event_kind(Ev::Built):
        ++doors;
        ++(s.event.value == kRoom ? rooms : corridors);
        break;
    }
  }
  std::vector<std::int64_t> values() const {
    const std::int64_t probed = probed_before + probed_now;
    return {probed, probed - sites, attempts, rooms, corridors, doors, probed + checked, 0};
  }
};

std::vector<std::int64_t> row_values(const ParamValues& p, std::span<const std::int64_t> v) {
  std::vector<std::int64_t> out;
  for (const StatRow& row : spec().narration.stat_rows(v, p)) {
    out.push_back(std::get<std::int64_t>(row.value));
  }
  return out;
}

// Every step of one recorded run against the independent tables; adds the lines lit to `lit`.
void check_steps(const ParamValues& p, std::uint64_t seed, std::set<int>& lit,
                 std::set<int>& reasons) {
  SCOPED_TRACE("seed " + std::to_string(seed));
  Stepper s = start_generator(spec(), p, seed, true);
  const int chance = p.get_int("room_chance");
  int steps = 0;
  while (const Step* step = s.next()) {
    const Event& e = step->event;
    const Grid& g = s.grid();
    ++steps;
    lit.insert(step->line);
    const auto it = expected().find(e.kind);
    if (it == expected().end()) {
      ADD_FAILURE() << "unknown event kind " << int{e.kind};
      break;
    }
    EXPECT_NE(line_of(*step).find(it->second.line), std::string_view::npos)
        << "kind " << int{e.kind} << " lights '" << line_of(*step) << "'";
    EXPECT_EQ(step->level, it->second.level) << "kind " << int{e.kind};
    EXPECT_FALSE(spec().narration.words(*step, p).empty());
    EXPECT_EQ(step->last, e.kind == kEventDone);
    // A candidate that fits never lights the reject line.
    if (step->overlay.has(Role::Accepted)) {
      EXPECT_EQ(line_of(*step).find("reject"), std::string_view::npos);
    }
    const auto draws = s.draws();
    switch (e.kind) {
      case event_kind(Ev::FirstRoom):
        EXPECT_EQ(draw(draws, "w"), e.rect.w + 2);
        EXPECT_EQ(draw(draws, "h"), e.rect.h + 2);
        break;
      case event_kind(Ev::Attempt):
        EXPECT_TRUE(draws.empty());
        EXPECT_TRUE(s.changes().empty());
        break;
      case event_kind(Ev::Probed):
      case event_kind(Ev::SiteFound): {
        EXPECT_EQ(step->overlay.point_of(Role::Cursor), e.at);
        EXPECT_TRUE(s.changes().empty());
        const Tile t = g.at(e.at.x, e.at.y);
        EXPECT_TRUE(t == Tile::Wall || t == Tile::Corridor);
        EXPECT_EQ(draw(draws, "x"), e.at.x);
        EXPECT_EQ(draw(draws, "y"), e.at.y);
        EXPECT_EQ(draw(draws, "probes"), e.value);
        EXPECT_LE(e.value, p.get_int("probe_attempts"));
        break;
      }
      case event_kind(Ev::NoSite):
        EXPECT_EQ(draw(draws, "probes"), p.get_int("probe_attempts"));
        EXPECT_TRUE(step->overlay.items.empty()) << "no candidate to draw";
        break;
      case event_kind(Ev::Chosen): {
        ASSERT_TRUE(step->overlay.rect_of(Role::Candidate));
        EXPECT_EQ(*step->overlay.rect_of(Role::Candidate), e.rect);
        EXPECT_FALSE(step->overlay.has(Role::Accepted) || step->overlay.has(Role::Rejected));
        EXPECT_TRUE(s.changes().empty());
        EXPECT_EQ(has_draw(draws, "roll"), chance > 0 && chance < 100);
        if (e.value == kRoom) {
          EXPECT_EQ(draw(draws, "w"), e.rect.w);
          EXPECT_EQ(draw(draws, "h"), e.rect.h);
        } else {
          EXPECT_EQ(draw(draws, "length"), std::max(e.rect.w, e.rect.h));
        }
        if (has_draw(draws, "roll")) {
          EXPECT_EQ(draw(draws, "roll") < chance, e.value == kRoom);
        }
        break;
      }
      case event_kind(Ev::Rejected): {
        ASSERT_TRUE(step->overlay.rect_of(Role::Rejected));
        EXPECT_EQ(*step->overlay.rect_of(Role::Rejected), e.rect);
        EXPECT_FALSE(step->overlay.has(Role::Candidate) || step->overlay.has(Role::Accepted));
        EXPECT_TRUE(s.changes().empty());
        reasons.insert(e.reason);
        // What it ran into: the used cells it would have covered (none when it leaves the map).
        static const std::vector<Point> kNone;
        const OverlayItem* cause = step->overlay.find(Role::Cause);
        const std::vector<Point>& hit = cause ? cause->cells : kNone;
        if (e.reason == kLeavesMap) {
          EXPECT_FALSE(inside(g, e.rect));
          EXPECT_TRUE(hit.empty());
        } else {
          ASSERT_EQ(e.reason, kCoversUsed);
          ASSERT_TRUE(inside(g, e.rect));
          // Exactly the footprint's used cells (up to the cap), each once.
          int used = 0;
          for (int y = e.rect.y; y < e.rect.bottom(); ++y) {
            for (int x = e.rect.x; x < e.rect.right(); ++x) used += g.at(x, y) != Tile::Empty;
          }
          EXPECT_GT(used, 0);
          EXPECT_EQ(e.other, used);
          EXPECT_EQ(hit.size(), std::min<std::size_t>(static_cast<std::size_t>(used), kHitCellCap));
          std::set<std::pair<int, int>> seen;
          for (const Point c : hit) {
            EXPECT_TRUE(e.rect.contains(c) && g.at(c.x, c.y) != Tile::Empty) << c.x << "," << c.y;
            seen.insert({c.x, c.y});
          }
          EXPECT_EQ(seen.size(), hit.size());
        }
        break;
      }
      case event_kind(Ev::Built):
        EXPECT_EQ(step->overlay.rect_of(Role::Accepted), e.rect);
        EXPECT_FALSE(step->overlay.has(Role::Rejected));
        EXPECT_FALSE(s.changes().empty());
        EXPECT_TRUE(draws.empty());
        EXPECT_EQ(g.at(e.at.x, e.at.y), Tile::Door);
        break;
    }
    if (::testing::Test::HasFailure()) break;
  }
  EXPECT_GT(steps, 2);
}

}  // namespace

TEST(FeatureAccretion, DefaultsOverManySeeds) {
  check_seeds(spec().schema.defaults());
}

TEST(FeatureAccretion, RoomsOnly) {
  check_seeds(params({{"room_chance", 100}}));
}

TEST(FeatureAccretion, CorridorsOnly) {
  check_seeds(params({{"room_chance", 0}}));
}

// Tiny features leave few walls to probe, so most probes miss and many attempts find no wall in
// all their probes: tighter bounds keep the maps quick.
TEST(FeatureAccretion, SmallestFeatures) {
  check_seeds(smallest_features());
}

TEST(FeatureAccretion, LargestFeatures) {
  check_seeds(largest_features());
}

// A 4x4 room fills the map and leaves no wall to probe: the bounds end the run.
TEST(FeatureAccretion, SmallestMap) {
  check_seeds(smallest_map(), 1000);
}

TEST(FeatureAccretion, ManyFeaturesAndFewProbes) {
  check_seeds(few_probes());
}

TEST(FeatureAccretion, StopsAtMaxFeatures) {
  const ParamValues p = params({{"max_features", 5}});
  for (std::uint64_t s = 1; s <= 100; ++s) {
    const Result r = run(p, s);
    EXPECT_EQ(r.placed.size(), 5u);  // a 80x25 map always has room for five
  }
  const ParamValues only_first = params({{"max_features", 1}});
  const Result one = run(only_first, 1);
  EXPECT_EQ(one.placed.size(), 1u);
  EXPECT_EQ(stat(only_first, one.stats, "doors"), 0);
  EXPECT_EQ(stat(only_first, one.stats, "attempts"), 0);  // the loop never starts
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

// The maps are the ones the generator made before it was split into parts (commit d1711dc):
// a hash of tiles and labels over seeds 1..20 for each parameter set.
TEST(FeatureAccretion, MapsAreUnchangedByThePort) {
  const auto mix = [](std::uint64_t h, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 1099511628211ull;
    }
    return h;
  };
  const std::pair<ParamValues, std::uint64_t> cases[] = {
      {spec().schema.defaults(), 0x6b7bb7994f90da33ull},
      {params({{"room_chance", 100}}), 0x5c2fd9541d862dc6ull},
      {params({{"room_chance", 0}}), 0x3d86db08e1404b1cull},
      {smallest_features(), 0x6e5443469fd823baull},
      {largest_features(), 0xee18ba676a60b050ull},
      {smallest_map(), 0xf98f7d62f244fe76ull},
      {few_probes(), 0x068ea5727af6aa3bull},
      {params({{"width", 200}, {"height", 120}, {"max_features", 300}, {"room_chance", 37}}),
       0x8bc0279543eb2e3full},
  };
  for (const auto& [p, want] : cases) {
    std::uint64_t h = 14695981039346656037ull;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid g = run(p, seed).grid;
      h = mix(h, static_cast<std::uint64_t>(g.width()));
      h = mix(h, static_cast<std::uint64_t>(g.height()));
      for (std::size_t i = 0; i < g.size(); ++i) {
        h = mix(h, static_cast<std::uint64_t>(g.tile(i)));
        h = mix(h, static_cast<std::uint64_t>(static_cast<std::int64_t>(g.label(i))));
      }
    }
    EXPECT_EQ(h, want) << "width " << p.get("width") << ", room_chance " << p.get("room_chance");
  }
}

// Every pseudocode line is lit by some step, and every step lights the line it performs.
TEST(FeatureAccretion, EveryLineIsLitByTheStepThatPerformsIt) {
  const ParamValues sets[] = {spec().schema.defaults(), smallest_features(), largest_features(),
                              smallest_map(), params({{"room_chance", 0}, {"max_features", 30}})};
  std::set<int> lit, reasons;
  for (const ParamValues& p : sets) {
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      check_steps(p, seed, lit, reasons);
      if (HasFailure()) return;
    }
  }
  for (std::size_t i = 0; i < spec().narration.pseudocode.size(); ++i) {
    EXPECT_TRUE(lit.count(static_cast<int>(i))) << spec().narration.pseudocode[i];
  }
  EXPECT_EQ(reasons, (std::set<int>{kLeavesMap, kCoversUsed}));  // both kinds of rejection met
}

// Big rooms crashing into big rooms cover thousands of used cells: the outline lists the first
// 4096 of them, the words count them all.
TEST(FeatureAccretion, ARejectionOutlinesAtMostTheCapOfHitCells) {
  const ParamValues p = params({{"width", 400},
                                {"height", 400},
                                {"room_min_size", 70},
                                {"room_max_size", 100},
                                {"room_chance", 100},
                                {"max_attempts", 40}});
  std::set<int> lit, reasons;
  check_steps(p, 1, lit, reasons);
  Stepper s = start_generator(spec(), p, 1, true);
  int capped = 0;
  while (const Step* step = s.next()) {
    if (step->event.kind != event_kind(Ev::Rejected) ||
        step->event.other <= static_cast<int>(kHitCellCap)) {
      continue;
    }
    ++capped;
    ASSERT_TRUE(step->overlay.has(Role::Cause));
    EXPECT_EQ(step->overlay.find(Role::Cause)->cells.size(), kHitCellCap);
    EXPECT_NE(
        spec().narration.words(*step, p).find(std::to_string(step->event.other) + " used cells"),
        std::string::npos);
  }
  EXPECT_GT(capped, 0);
}

TEST(FeatureAccretion, StatsAreExactInBatchAndBackThroughTheTimeline) {
  const ParamValues sets[] = {spec().schema.defaults(), smallest_map(), few_probes(),
                              params({{"room_chance", 100}, {"max_attempts", 200}})};
  for (const ParamValues& p : sets) {
    for (std::uint64_t seed : {1u, 2u, 7u}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + ", width " + std::to_string(p.get("width")));
      Timeline t(start_generator(spec(), p, seed, true));
      Tally tally{.map_w = p.get_int("width"), .map_h = p.get_int("height")};
      std::vector<std::vector<std::int64_t>> want = {tally.values()};
      EXPECT_EQ(row_values(p, t.stats()), want.back());
      while (const Step* step = t.next()) {
        tally.see(*step, t.draws_at(t.cursor()));
        want.push_back(tally.values());
        ASSERT_EQ(row_values(p, t.stats()), want.back()) << "at step " << t.cursor();
      }
      // The batch run ends on the same numbers.
      Stepper batch = start_generator(spec(), p, seed, false);
      run_to_end(batch);
      EXPECT_EQ(row_values(p, batch.stats()), want.back());
      // Attempts count every loop: all of them unless max_features stopped the run.
      const std::int64_t features = want.back()[3] + want.back()[4];
      if (features < p.get("max_features")) {
        EXPECT_EQ(want.back()[2], p.get("max_attempts"));
      }
      // Stepping back shows each earlier step's own numbers.
      while (t.back()) {
        ASSERT_EQ(row_values(p, t.stats()), want[t.cursor()]) << "back at step " << t.cursor();
      }
      EXPECT_EQ(t.cursor(), 0u);
    }
  }
}

TEST(FeatureAccretion, StatRowsAreTheAlgorithms) {
  const ParamValues p = spec().schema.defaults();
  const std::vector<std::int64_t> v = {100, 90, 12, 4, 3, 6, 500, 0};
  std::vector<std::string> keys;
  for (const StatRow& row : spec().narration.stat_rows(v, p)) keys.push_back(row.key);
  EXPECT_EQ(keys,
            (std::vector<std::string>{"cells_probed", "probes_without_site", "attempts", "rooms",
                                      "corridors", "doors", "work", "stopped_early"}));
  EXPECT_EQ(spec().narration.stat_slots, 8u);
  // The cap is named with the work: 250K + 32 per cell of the 80x25 default map.
  EXPECT_EQ(spec().narration.stat_rows(v, p)[6].text, "500 of 314000");
  EXPECT_EQ(spec().narration.stat_rows(v, p)[2].text, "12 of 1000");
}

TEST(FeatureAccretion, WordsCountFromOneAndNameEachFeature) {
  Stepper s = start_generator(spec(), params({{"max_features", 20}}), 3, true);
  const ParamValues& p = s.params();
  std::vector<std::string> built;
  std::string first, done, attempt1, rejected;
  while (const Step* step = s.next()) {
    const std::string w = spec().narration.words(*step, p);
    switch (step->event.kind) {
      case event_kind(Ev::FirstRoom):
        first = w;
        break;
      case event_kind(Ev::Attempt):
        if (step->event.id == 0) attempt1 = w;
        break;
      case event_kind(Ev::Rejected):
        if (rejected.empty() && step->event.reason == kCoversUsed) rejected = w;
        break;
      case event_kind(Ev::Built):
        built.push_back(w);
        // "feature 4 (a room)": rooms and corridors numbered together, like the label layer
        // plus one, each saying what it is.
        EXPECT_EQ(
            w.rfind("feature " + std::to_string(step->event.id + 1) +
                        (step->event.value == kRoom ? " (a room)" : " (a corridor)") + " built",
                    0),
            0u)
            << w;
        EXPECT_EQ(w.find("(a notch)") != std::string::npos, step->event.value == kRoom) << w;
        break;
      case kEventDone:
        done = w;
        break;
    }
  }
  EXPECT_EQ(first.rfind("feature 1 (a room; rooms and corridors are numbered together) built", 0),
            0u)
      << first;
  EXPECT_EQ(attempt1.rfind("attempt 1 of 1000", 0), 0u) << attempt1;
  EXPECT_NE(rejected.find("used cell"), std::string::npos) << rejected;
  ASSERT_EQ(built.size(), 19u);
  const auto rooms = static_cast<int>(s.layout().rooms.size());
  EXPECT_EQ(done, "done: 20 features (" + std::to_string(rooms) + " rooms, " +
                      std::to_string(20 - rooms) + " corridors)");
}

TEST(FeatureAccretion, SteppedBatchAndTimelineAgree) {
  for (std::uint64_t s : {1u, 2u, 3u, 99u}) {
    test_support::check_replay(spec(), spec().schema.defaults(), s);
  }
  test_support::check_replay(spec(), params({{"room_chance", 0}, {"max_features", 200}}), 5);
  test_support::check_replay(spec(),
                             params({{"width", 200}, {"height", 120}, {"max_features", 300}}), 6);
}

TEST(FeatureAccretion, SameSeedSameMapOtherSeedOtherMap) {
  const ParamValues p = spec().schema.defaults();
  EXPECT_EQ(run(p, 11).grid, run(p, 11).grid);
  EXPECT_NE(run(p, 11).grid, run(p, 12).grid);
}

TEST(FeatureAccretion, SchemaRejectsBadParameters) {
  // Bounds made of the map say why (min <= max needs no words).
  for (const Constraint& c : spec().schema.constraints) {
    if (c.bound != BoundKind::Param) {
      EXPECT_FALSE(c.why.empty()) << c.param;
    }
  }

  ParamValues p(spec().schema);
  ASSERT_EQ(p.set("room_min_size", 9), std::nullopt);
  ASSERT_EQ(p.set("room_max_size", 5), std::nullopt);
  ASSERT_TRUE(p.validate());
  EXPECT_EQ(p.validate()->words(),
            "room_min_size 9 is greater than room_max_size 5: allowed up to 5");

  p = spec().schema.defaults();
  ASSERT_EQ(p.set("corridor_min_length", 7), std::nullopt);
  ASSERT_TRUE(p.validate());
  EXPECT_EQ(p.validate()->words(),
            "corridor_min_length 7 is greater than corridor_max_length 6: allowed up to 6");

  p = spec().schema.defaults();
  ASSERT_EQ(p.set("room_max_size", 26), std::nullopt);
  ASSERT_TRUE(p.validate().has_value());
  EXPECT_EQ(p.validate()->words(),
            "room_max_size 26 does not fit the 80x25 map: allowed up to 25 (the smaller side, so "
            "the first room fits in the middle)");
  EXPECT_EQ(p.validate()->bound, 25);
  EXPECT_THROW(start_generator(spec(), p, 1), std::invalid_argument);

  p = spec().schema.defaults();
  ASSERT_EQ(p.set("corridor_max_length", 100), std::nullopt);
  ASSERT_EQ(p.set("corridor_min_length", 79), std::nullopt);
  ASSERT_TRUE(p.validate().has_value());
  EXPECT_EQ(p.validate()->param, "corridor_min_length");
  EXPECT_EQ(p.validate()->bound, 78);
  EXPECT_NE(p.validate()->words().find("corridor_min_length 79 does not fit"), std::string::npos);
  ASSERT_EQ(p.set("corridor_min_length", 78), std::nullopt);
  EXPECT_EQ(p.validate(), std::nullopt);

  EXPECT_TRUE(p.set("room_min_size", 2).has_value());  // a room needs a floor inside its walls
}

TEST(FeatureAccretion, CliReportsBadParametersInOneLine) {
  auto [rc, text] =
      cli({"generate", "feature-accretion", "--room-min-size", "9", "--room-max-size", "5"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_EQ(text, "dungen: --room-min-size 9 is greater than --room-max-size 5: allowed up to 5\n");

  std::tie(rc, text) = cli({"generate", "feature-accretion", "--corridor-min-length", "8"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_EQ(
      text,
      "dungen: --corridor-min-length 8 is greater than --corridor-max-length 6: allowed up to 6\n");

  std::tie(rc, text) = cli({"generate", "feature-accretion", "--width", "10", "--height", "8"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_NE(text.find("--room-max-size 10 does not fit the 10x8 map"), std::string::npos);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1);
}

TEST(FeatureAccretion, CliPrintsTheMapAndItsStats) {
  auto [rc, text] = cli({"generate", "feature-accretion", "--format", "json", "--seed", "3"});
  ASSERT_EQ(rc, kExitOk);
  EXPECT_NE(text.find("\"generator\": \"feature-accretion\""), std::string::npos);
  for (const char* key : {"\"floor_fraction\"", "\"cells_probed\"", "\"probes_without_site\"",
                          "\"attempts\"", "\"corridors\"", "\"doors\""}) {
    EXPECT_NE(text.find(key), std::string::npos) << key;
  }

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

TEST(FeatureAccretion, TheWorkCapStopsAnAstronomicRunAndSaysSo) {
  // 10^10 probes asked for on a map whose one room fills it: no probe can ever find a site.
  const ParamValues p = params({{"width", 4},
                                {"height", 4},
                                {"room_min_size", 4},
                                {"room_max_size", 4},
                                {"max_attempts", 100000},
                                {"probe_attempts", 100000}});
  Stepper s = start_generator(spec(), p, 1, false);
  const RunResult r = run_to_end(s);
  ASSERT_NE(r.last, nullptr);
  EXPECT_EQ(r.last->event.kind, kEventDone);
  const std::string words = spec().narration.words(*r.last, p);
  EXPECT_NE(words.find("stopped early"), std::string::npos) << words;
  EXPECT_NE(words.find("work cap of 250512"), std::string::npos) << words;
  std::map<std::string, std::int64_t> stats;
  for (const StatRow& row : spec().narration.stat_rows(s.stats(), p)) {
    if (auto* v = std::get_if<std::int64_t>(&row.value)) stats[row.key] = *v;
  }
  EXPECT_EQ(stats["work"], 250512);  // probes stop exactly at the cap
  EXPECT_EQ(stats["cells_probed"], 250512);
  EXPECT_EQ(stats["stopped_early"], 1);
  EXPECT_LT(stats["attempts"], 100000);
  // A run the cap does not touch says nothing of it.
  Stepper d = start_generator(spec(), spec().schema.defaults(), 1, false);
  const RunResult rd = run_to_end(d);
  EXPECT_EQ(spec().narration.words(*rd.last, d.params()).find("stopped"), std::string::npos);
  EXPECT_EQ(d.stats()[7], 0);
}
