#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <variant>

#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generator_kit.hpp"
#include "generators/rooms_and_tunnels.hpp"

using namespace dungen;
using namespace dungen::rooms_and_tunnels;
using test_support::for_each_step;
using test_support::params_for;
using test_support::stat_map;

namespace {

const GeneratorSpec& spec() {
  return rooms_and_tunnels_spec();
}

ParamValues params(int w, int h, int max_rooms, int min_size, int max_size) {
  return params_for(spec(), {{"width", w},
                             {"height", h},
                             {"max_rooms", max_rooms},
                             {"room_min_size", min_size},
                             {"room_max_size", max_size}});
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
      params(12, 12, 2000, 2, 2),   // smallest rooms, many attempts
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

namespace {

// The pseudocode line that says `words`.
int line_saying(std::string_view words) {
  return test_support::line_saying(spec(), words);
}

// A rejection draws the box it refused and the room it hit, never a candidate or an accepted
// box; a touch (the outlines share only a wall line or a corner) also draws that shared wall, an
// overlap does not, and the event's reason says which. Returns whether it was a touch.
bool check_rejection(const Step& step, const ParamValues& p) {
  const Overlay& o = step.overlay;
  EXPECT_FALSE(o.has(Role::Candidate)) << "a verdict draws the rejected box, not a candidate";
  EXPECT_FALSE(o.has(Role::Accepted));
  EXPECT_TRUE(o.rect_of(Role::Cause)) << "a rejection outlines the room it hit";
  EXPECT_TRUE(o.rect_of(Role::Rejected));
  if (!o.rect_of(Role::Cause) || !o.rect_of(Role::Rejected)) return false;
  const Rect a = *o.rect_of(Role::Rejected);
  const Rect b = *o.rect_of(Role::Cause);
  EXPECT_TRUE(a.x <= b.right() - 1 && b.x <= a.right() - 1 && a.y <= b.bottom() - 1 &&
              b.y <= a.bottom() - 1)
      << "the outline it hit touches or overlaps the candidate";
  const int ix = std::max(a.x, b.x), iy = std::max(a.y, b.y);
  const int iw = std::min(a.right(), b.right()) - ix;
  const int ih = std::min(a.bottom(), b.bottom()) - iy;
  const bool touches = iw == 1 || ih == 1;
  EXPECT_EQ(step.event.reason, touches ? kTouches : kOverlaps) << spec().narration.words(step, p);
  const OverlayItem* wall = o.find(Role::SharedWall);
  EXPECT_EQ(wall != nullptr, touches);
  if (wall) {
    EXPECT_EQ(wall->cells.size(), static_cast<std::size_t>(iw) * ih);
    for (const Point c : wall->cells) {
      EXPECT_TRUE(a.contains(c) && b.contains(c)) << "a shared wall cell lies on both outlines";
    }
  }
  return touches;
}

}  // namespace

TEST(RoomsAndTunnels, EachStepLightsTheLineItPerformsAndEveryLineIsLit) {
  const std::map<EventKind, int> expected = {
      {kEventBegin, line_saying("fill the map with wall")},
      {event_kind(Ev::Attempt), line_saying("repeat max_rooms times")},
      {event_kind(Ev::SizeDrawn), line_saying("w, h = random")},
      {event_kind(Ev::PositionDrawn), line_saying("x, y = random")},
      {event_kind(Ev::Rejected), line_saying("reject it")},
      {event_kind(Ev::Carved), line_saying("carve its inside")},
      {event_kind(Ev::PlayerStart), line_saying("the player starts")},
      {event_kind(Ev::TunnelPlanned), line_saying("L-shaped tunnel")},
      {event_kind(Ev::TunnelCell), line_saying("L-shaped tunnel")},
      {event_kind(Ev::Added), line_saying("add the room to the list")},
      {kEventDone, line_saying("done")},
  };
  std::set<int> lit;
  int touches_seen = 0, overlaps_seen = 0;
  const auto check = [&](std::uint64_t, const Stepper& s, const Step& step) {
    ASSERT_TRUE(expected.contains(step.event.kind)) << int{step.event.kind};
    ASSERT_EQ(step.line, expected.at(step.event.kind)) << spec().narration.words(step, s.params());
    lit.insert(step.line);
    // A line that tests and rejects is lit only by rejections.
    if (step.line == expected.at(event_kind(Ev::Rejected))) {
      (check_rejection(step, s.params()) ? touches_seen : overlaps_seen) += 1;
    }
  };
  for_each_step(spec(), spec().schema.defaults(), 1, 20, check);
  EXPECT_EQ(lit.size(), spec().narration.pseudocode.size());
  EXPECT_GT(touches_seen, 0) << "the seeds reject some rooms for touching";
  EXPECT_GT(overlaps_seen, 0);
}

TEST(RoomsAndTunnels, StepsFollowTheIssuesLevelsAndDrawsAreShown) {
  Stepper s = start_generator(spec(), spec().schema.defaults(), 1);
  int attempts = 0, carved = 0, tunnel_cells = 0, rejected = 0, coins = 0;
  while (const Step* step = s.next()) {
    std::vector<std::string_view> drawn;
    for (const Draw& d : s.draws()) drawn.push_back(d.name);
    switch (step->event.kind) {
      case event_kind(Ev::Attempt):
        EXPECT_EQ(step->level, StepLevel::Cell);
        ++attempts;
        break;
      case event_kind(Ev::SizeDrawn): {
        EXPECT_EQ(drawn, (std::vector<std::string_view>{"w", "h"}));
        const int w = static_cast<int>(s.draws()[0].value);
        EXPECT_GE(w, 6);
        EXPECT_LE(w, 10);
        // The event holds the w and h drawn, as the words say them.
        EXPECT_EQ(step->event.rect.w, w);
        EXPECT_EQ(step->event.rect.h, s.draws()[1].value);
        // The words speak of the tutorial's w and h, as the sliders do (not the outline).
        EXPECT_NE(spec().narration.words(*step, s.params()).find("w = " + std::to_string(w)),
                  std::string::npos);
        break;
      }
      case event_kind(Ev::PositionDrawn):
        EXPECT_EQ(drawn, (std::vector<std::string_view>{"x", "y"}));
        ASSERT_TRUE(step->overlay.rect_of(Role::Candidate));
        EXPECT_EQ(step->overlay.rect_of(Role::Candidate)->x, s.draws()[0].value);
        break;
      case event_kind(Ev::Rejected):
        EXPECT_EQ(step->level, StepLevel::Action);
        EXPECT_GE(step->event.other, 0);
        ++rejected;
        break;
      case event_kind(Ev::Carved):
        EXPECT_EQ(step->level, StepLevel::Action);
        EXPECT_TRUE(step->overlay.has(Role::Accepted));
        EXPECT_FALSE(step->overlay.has(Role::Rejected));
        EXPECT_FALSE(s.changes().empty());
        ++carved;
        break;
      case event_kind(Ev::TunnelPlanned):
        ASSERT_EQ(drawn.size(), 1u) << "the corner coin";
        EXPECT_EQ(step->event.reason, s.draws()[0].value == 1 ? kHorizontalFirst : kVerticalFirst);
        ++coins;
        break;
      case event_kind(Ev::TunnelCell):
        EXPECT_EQ(step->level, StepLevel::Cell);
        ASSERT_EQ(s.changes().size(), 1u);
        EXPECT_EQ(s.changes()[0].after.tile, Tile::Corridor);
        ++tunnel_cells;
        break;
      case event_kind(Ev::Added):
        EXPECT_EQ(step->level, StepLevel::Feature);
        break;
      default:
        break;
    }
  }
  EXPECT_EQ(attempts, 30);
  EXPECT_EQ(carved, static_cast<int>(s.layout().rooms.size()));
  EXPECT_EQ(rejected, 30 - carved);
  EXPECT_EQ(coins, carved - 1);
  EXPECT_GT(tunnel_cells, 0);
  EXPECT_EQ(s.current(), nullptr);
}

TEST(RoomsAndTunnels, StatsAreExactAndStepBackWithTheTimeline) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Stepper batch = start_generator(spec(), spec().schema.defaults(), seed, false);
    run_to_end(batch);
    std::map<std::string, std::int64_t> v = stat_map(spec(), batch);
    const auto rooms = static_cast<std::int64_t>(batch.layout().rooms.size());
    EXPECT_EQ(v["attempts"], 30);
    EXPECT_EQ(v["rooms"], rooms);
    EXPECT_EQ(v["rejected"], 30 - rooms);
    // Tunnel cells dug = the cells the tunnel steps turned from wall into corridor (a later
    // room may carve some of them into its floor, so the map alone does not tell).
    Stepper stepped = start_generator(spec(), spec().schema.defaults(), seed);
    std::int64_t dug = 0;
    while (const Step* step = stepped.next()) {
      if (step->event.kind != event_kind(Ev::TunnelCell)) continue;
      for (const CellChange& c : stepped.changes()) {
        dug += c.before.tile == Tile::Wall && c.after.tile == Tile::Corridor;
      }
    }
    EXPECT_EQ(v["tunnel_cells"], dug);

    // Through a timeline: at every step the stats equal a fresh run of that many steps.
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
    }
  }
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
  for (const std::uint64_t seed : {1, 7})
    test_support::check_replay(spec(), spec().schema.defaults(), seed);
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
  EXPECT_EQ(err->words(), "room_min_size 12 is greater than room_max_size 10: allowed up to 10");
  EXPECT_EQ(err->param, "room_min_size");
  EXPECT_EQ(err->bound, 10);
  EXPECT_EQ(err->involved, std::vector<std::string_view>{"room_max_size"});
  EXPECT_THROW(start_generator(spec(), p, 1), std::invalid_argument);

  ParamValues big = spec().schema.defaults();
  ASSERT_FALSE(big.set("room_max_size", 45));
  err = big.validate();
  ASSERT_TRUE(err);
  EXPECT_NE(err->words().find("does not fit the 80x45 map: allowed up to 44"), std::string::npos)
      << err->words();
  EXPECT_EQ(err->bound, 44);
  EXPECT_EQ(err->involved, (std::vector<std::string_view>{"width", "height"}));
}
