// The timeline's packed history (core/history_codec.hpp): every step, its draws, statistics and
// cell changes come back exactly as the stepper made them, across block boundaries, after seeks
// and after the oldest history is forgotten.

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>
#include <vector>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "core/history_skip_index.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"
#include "run_bodies.hpp"

using namespace dungen;

namespace {

// What a stepper said at each step, copied out as it ran.
struct Said {
  std::vector<Step> steps;
  std::vector<std::vector<CellChange>> changes;
  std::vector<std::vector<StatChange>> stats;
  std::vector<std::vector<Draw>> draws;
  std::vector<Grid> grids;  // grids[k]: the map after k steps
};

Said record(Stepper s, bool grids = true) {
  Said out;
  if (grids) out.grids.push_back(s.grid());
  while (const Step* step = s.next()) {
    out.steps.push_back(*step);
    out.changes.emplace_back(s.changes().begin(), s.changes().end());
    out.stats.emplace_back(s.stat_changes().begin(), s.stat_changes().end());
    out.draws.emplace_back(s.draws().begin(), s.draws().end());
    if (grids) out.grids.push_back(s.grid());
  }
  return out;
}

std::vector<CellChange> vec(std::span<const CellChange> s) {
  return {s.begin(), s.end()};
}

// The event's cell of round `round`: on the map mostly (a step's first change is coded from it),
// off it now and then: left of it, past its right edge, below its last row.
Point event_cell(int round) {
  if (round % 10 == 7) return {-2, 5};
  if (round % 10 == 8) return {3, 30};
  if (round % 10 == 9) return {50, 3};
  // Jumps from the step before's cell at the edges of the codec's pairs: two bytes for both
  // within 43 (either form of their first byte), the escape past it.
  const Point before{(round - 1) % 13, (round - 1) % 11};
  if (round % 20 == 3) return {before.x + 43, before.y - 43};
  if (round % 20 == 5) return {before.x - 20, before.y + 8};
  if (round % 20 == 13) return {before.x - 43, before.y + 44};
  if (round % 20 == 15) return {before.x + 8, before.y - 8};
  return {round % 13, round % 11};
}

// A body that uses every field the codec packs: all overlay parts, far and negative index jumps,
// changes a row up or down, big label and region values, the same cell changed twice in one
// step, stats and draws. Overlay items of every shape: boxes equal to the event's rect or not,
// cells and lines (a walker's trail and the neighbours it drew from among them), read tiles of
// odd counts, several items of one role.
std::vector<OverlayItem> awkward_items(int round, Point at, const std::vector<Point>& path) {
  std::vector<OverlayItem> items;
  // A stretch of steps whose items only mark the event's cell, as most cell steps' do (the codec
  // writes nothing for them while their roles stay as before), their roles changing now and then.
  if (round >= 100 && round < 125) {
    if (round % 4 != 3) items.push_back(marker(Role::Cursor, at));
    if (round % 5 != 4) items.push_back(marker(Role::Walker, at));
    return items;
  }
  // A stretch whose items are mostly made of the step before's (the codec writes them as edits
  // of those): a line that grows a cell a step past what the codec remembers of an item and then
  // starts again, a box moving with its cells, the same cells again, read tiles under the roles
  // before (written whole), now and then one item fewer, a step without items between (the
  // items before stay the ones edited), and markers on the event's cell between.
  if (round >= 150) {
    const int r = round - 150;
    if (r % 10 == 5) return items;
    if (r % 10 == 7) {
      // Markers on the event's cell with the roles before (written as nothing), then edited.
      for (const Role role : {Role::Trail, Role::Candidate, Role::Choices}) {
        items.push_back(marker(role, at));
      }
      if ((r - 1) % 3 != 0) items.push_back(marker(Role::Read, at));
      return items;
    }
    std::vector<Point> grow;
    for (int j = 0; j <= r % 12; ++j) grow.push_back({j, r / 12});
    items.push_back(line(Role::Trail, grow));
    items.push_back({.role = Role::Candidate,
                     .rect = Rect{at.x, at.y, 3, 2},
                     .cells = {at, {at.x + 2, at.y + 1}}});
    if (r % 10 == 8) {
      items.push_back(cells(Role::Choices, {event_cell(round - 1), {1, 2}}));  // the marker kept
    } else {
      items.push_back(cells(Role::Choices, {{1, 2}, {3, 4}, {5, 6}}));
    }
    if (r % 3 != 0) items.push_back(read(Rect{0, 0, 3, 1}, {Tile::Floor, Tile::Wall, Tile::Door}));
    return items;
  }
  // A stretch like a walk's: a trail that slides along (restarting now and then, a jump the
  // codec cannot write in a byte), the neighbours around a cell that moves (fewer at times), a
  // long item of one cell over and over, and more items than usual.
  if (round >= 125) {
    const int start = round >= 140 ? std::max(140, round - 6) : std::max(125, round - 4);
    std::vector<Point> trail;
    for (int j = start; j <= round; ++j) trail.push_back({j % 37, (j / 2) % 23});
    if (round % 9 == 4) items.push_back(cells(Role::Dropped, std::vector<Point>(30, at)));
    items.push_back(line(Role::Trail, trail));
    std::vector<Point> around = {{at.x, at.y - 1}, {at.x + 1, at.y}, {at.x, at.y + 1}};
    if (round % 6 != 0) around.push_back({at.x - 1, at.y});
    items.push_back(cells(Role::Choices, around));
    items.push_back(marker(Role::Walker, at));
    if (round % 8 == 2) {
      for (int k = 0; k < 4; ++k) items.push_back(marker(Role::Cursor, {k, round}));
    }
    return items;
  }
  if (round % 3 == 1) items.push_back(box(Role::Rejected, Rect{-3, 2, round, 9}));
  if (round % 3 == 2) items.push_back(box(Role::Accepted, Rect{1, 1, 2, 2}));
  if (round % 2) items.push_back(box(Role::Cause, Rect{5, 6, 7, 8}));
  if (round % 4 == 1) items.push_back(cells(Role::Dropped, path));
  items.push_back(line(Role::Tunnel, path));
  if (round % 3 == 1) items.push_back(marker(Role::Cursor, at));
  if (round % 3 == 2) items.push_back(marker(Role::Cursor, Point{-at.x, 40}));
  if (round % 5) {
    std::vector<Tile> tiles;
    // Any tiles (4 bits each), or only wall and floor (1 bit each), of odd and even counts.
    // (Past 16 now and then: the encoder takes sixteen at a time where it can.)
    const int count = round % 7 + 1 + (round % 4 == 2 ? 33 : round % 8 == 5 ? 20 : 0);
    for (int k = 0; k < count; ++k) {
      tiles.push_back(round % 2 ? static_cast<Tile>(k % kTileCount)
                                : ((k * 7 + round) % 3 ? Tile::Floor : Tile::Wall));
    }
    items.push_back(read(Rect{0, -1, count, 1}, std::move(tiles)));
  }
  if (round % 7 == 3) items.push_back(marker(Role::Walker, at));
  if (round % 7 == 4) items.push_back(marker(Role::Walker, {at.x + 1, at.y}));
  return items;
}

StepGenerator awkward(StepContext& ctx, ParamValues) {
  Canvas& canvas = ctx.canvas();
  const Grid& g = ctx.grid();
  for (int round = 0; round < 190; ++round) {
    const auto far = static_cast<std::size_t>((round * 7919) % static_cast<int>(g.size()));
    canvas.set_tile(far, round % 2 ? Tile::Floor : Tile::Corridor);
    canvas.set_mark(far, round % 3 ? Mark::Frontier : Mark::None);  // the same cell again
    canvas.set_label(far, round * 100003 - 5);
    canvas.set_region(g.size() - 1 - far, -round * 65537, Mark::None);
    if (round % 5 == 0) canvas.set_tile(0, Tile::Door);
    // Cells around the event's (a flood fill's neighbours): a row up or down, one across.
    const Point near_at{round % 13, round % 11};
    for (const int d : {-g.width() - 1, -g.width(), 1, g.width() + 1, g.width(), g.width() - 1, -1,
                        -g.width() + 1, -5, 6}) {
      const int i = near_at.y * g.width() + near_at.x + d;
      if (round >= 60 && i >= 0 && i < static_cast<int>(g.size())) {
        canvas.set_mark(static_cast<std::size_t>(i), round % 2 ? Mark::Path : Mark::Frontier);
      }
    }
    // The same statistics and draw names as the step before mostly (the codec writes only their
    // values then), another set now and then, and lists longer than it remembers. Statistics:
    // some of the slots it remembers (small values and far ones), the same slots in another
    // order, and lists of more slots than it remembers.
    ctx.stats().add(0, round % 4 == 0 ? -1000000007 : 3);
    if (round % 6 == 0) ctx.stats().add(1, round);
    if (round % 7 == 3) ctx.stats().add(2, -(round % 9));
    if (round % 9 == 5) {
      ctx.stats().add(3, 1);
      ctx.stats().add(1, round % 2 ? -2 : 100000);
    }
    if (round % 17 == 8) {
      for (int k = 5; k >= 1; --k) ctx.stats().add(static_cast<std::size_t>(k), k - 3);
    }
    const int w = ctx.draw_int("w", 1, 1 << 20);
    ctx.note_draw("big", std::int64_t{1} << 40);
    if (round % 11 == 0) {
      for (int k = 0; k < 5; ++k) ctx.note_draw(k % 2 ? "odd" : "even", k);
    }
    const Point at = event_cell(round);
    std::vector<Point> path;
    for (int i = 0; i < round % 9; ++i) path.push_back({at.x + i * 3 - 4, at.y - i});
    const Step step{.level = static_cast<StepLevel>(round % 4),
                    .line = round % 5 * 37,
                    .event = {.kind = static_cast<EventKind>(kFirstOwnEvent + round % 3),
                              .reason = static_cast<std::uint8_t>(round % 2 * 200),
                              .id = round % 7 == 0 ? -1 : round * 1000,
                              .other = round % 3 == 0 ? -1 : -round,
                              .value = w,
                              .at = at,
                              .rect = round % 4 == 0 ? Rect{} : Rect{-3, 2, round, 9}},
                    .overlay = {awkward_items(round, at, path), round % 6 == 0},
                    .last = round == 189};
    co_yield step;
  }
}

Stepper awkward_stepper() {
  return Stepper(awkward, ParamValues(), Grid(37, 23, Tile::Wall), Rng(9), 6);
}

Stepper caves(int w, int h, std::uint64_t seed) {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  ParamValues p(spec.schema);
  EXPECT_FALSE(p.set("width", w));
  EXPECT_FALSE(p.set("height", h));
  return start_generator(spec, p, seed);
}

// Every recorded step read back at random, then each step's changes read at the cursor while
// stepping back (where they are exact in every layer).
// budget and pack_from: the timeline's (a small budget makes small chunks, see
// APackedLogReadsBackAsThePlainOne).
void check_round_trip(Stepper make(), const char* what, std::size_t budget = kDefaultHistoryBytes,
                      std::size_t pack_from = history::ByteLog::kPackFrom) {
  const Said said = record(make());
  Timeline t(make(), budget, {}, pack_from);
  while (t.next()) {
  }
  const std::uint64_t n = t.recorded();
  ASSERT_EQ(n, said.steps.size()) << what;
  ASSERT_GT(n, 2 * history::kBlockSteps) << what << ": crosses several blocks";
  std::mt19937_64 rng(5);
  for (int i = 0; i < 400; ++i) {
    const std::uint64_t k = 1 + rng() % n;
    ASSERT_NE(t.step_at(k), nullptr);
    ASSERT_EQ(*t.step_at(k), said.steps[k - 1]) << what << " step " << k;
    ASSERT_EQ(t.draws_at(k), said.draws[k - 1]) << what << " step " << k;
    ASSERT_EQ(t.stat_changes_at(k), said.stats[k - 1]) << what << " step " << k;
  }
  for (std::uint64_t k = n; k > 0; --k) {
    ASSERT_EQ(t.cursor(), k);
    ASSERT_EQ(vec(t.changes_at(k)), said.changes[k - 1]) << what << " step " << k;
    ASSERT_EQ(*t.current(), said.steps[k - 1]) << what << " step " << k;
    ASSERT_TRUE(t.back());
    ASSERT_EQ(t.grid(), said.grids[k - 1]) << what << " back to " << k - 1;
  }
  // Forward again: each redo shows its step and exact changes.
  for (std::uint64_t k = 1; k <= n; ++k) {
    const Step* s = t.next();
    ASSERT_NE(s, nullptr);
    ASSERT_EQ(*s, said.steps[k - 1]) << what << " redo " << k;
    ASSERT_EQ(vec(t.changes_at(k)), said.changes[k - 1]) << what << " redo " << k;
    ASSERT_EQ(t.grid(), said.grids[k]) << what << " redo " << k;
  }
}

}  // namespace

TEST(History, EveryFieldRoundTrips) {
  check_round_trip(awkward_stepper, "awkward");
}

TEST(History, CavesAndFloodFillRoundTrip) {
  check_round_trip([] { return caves(40, 30, 3); }, "caves");
  check_round_trip(
      [] {
        Stepper c = caves(40, 30, 4);
        run_to_end(c);
        return start_region_stepper(c.grid(), region_schema().defaults());
      },
      "flood fill");
}

TEST(History, EveryGeneratorRoundTrips) {
  for (const GeneratorSpec* spec : all_generators()) {
    const Said said = record(start_generator(*spec, spec->schema.defaults(), 21), false);
    Timeline t(start_generator(*spec, spec->schema.defaults(), 21));
    while (t.next()) {
    }
    ASSERT_EQ(t.recorded(), said.steps.size()) << spec->name;
    for (std::uint64_t k = 1; k <= t.recorded(); ++k) {
      ASSERT_EQ(*t.step_at(k), said.steps[k - 1]) << spec->name << " step " << k;
      ASSERT_EQ(t.draws_at(k), said.draws[k - 1]) << spec->name << " step " << k;
    }
  }
}

// Seeks to random steps, both ways, land on the map, statistics and step of a fresh run to
// that step.
TEST(History, RandomSeeksMatchAFreshRun) {
  const Said said = record(caves(48, 32, 7));
  Stepper fresh_stats = caves(48, 32, 7);
  std::vector<std::vector<std::int64_t>> stats{
      {fresh_stats.stats().begin(), fresh_stats.stats().end()}};
  while (fresh_stats.next())
    stats.emplace_back(fresh_stats.stats().begin(), fresh_stats.stats().end());

  Timeline t(caves(48, 32, 7));
  const std::uint64_t n = said.steps.size();
  t.seek(n / 2);  // half recorded: later seeks also run the stepper on
  std::mt19937_64 rng(11);
  for (int i = 0; i < 60; ++i) {
    const std::uint64_t k = rng() % (n + 1);
    t.seek(k);
    ASSERT_EQ(t.cursor(), k);
    ASSERT_EQ(t.grid(), said.grids[k]) << "seek to " << k;
    ASSERT_EQ(std::vector<std::int64_t>(t.stats().begin(), t.stats().end()), stats[k]) << k;
    if (k > 0) {
      ASSERT_EQ(*t.current(), said.steps[k - 1]) << k;
    }
  }
}

namespace {

// What recording a generator's whole run at its default parameters (seed 7) takes.
Timeline::Usage recorded_usage(const char* generator) {
  const GeneratorSpec& spec = *find_generator(generator);
  Timeline t(start_generator(spec, spec.schema.defaults(), 7));
  run_to_end(t);
  return t.usage();
}

}  // namespace

// What the codec's short forms are for, measured: a flood fill's neighbours (a row up or down
// from the cell before) take a head byte, not three bytes more for the jump, and so does the cell
// it takes (its layers repeat the step before's first change, the neighbours' the step before's
// others: 1.6 bytes a change, 2.7 when a repeat was only of the change just before); a walk
// step's trail (the one before moved on by a cell) and the neighbours it drew from (the
// ones before, moved with the walker) take two bytes each as edits of the step before's. The
// bounds sit between the sizes with and without those forms (4.3 bytes a change; a walk step 14
// bytes, 30 with its items written whole, 44 with their cells a pair of varints each).
TEST(History, NeighboursAndTrailsPackSmall) {
  const GeneratorSpec& caves_spec = *find_generator("cellular-caves");
  Stepper cave = start_generator(caves_spec, caves_spec.schema.defaults(), 7);
  run_to_end(cave);
  Timeline flood(start_region_stepper(cave.grid(), region_schema().defaults()));
  run_to_end(flood);
  const Timeline::Usage f = flood.usage();
  ASSERT_GT(f.changes, 1000u);
  EXPECT_LT(static_cast<double>(f.change_bytes) / static_cast<double>(f.changes), 2.1);
  // A flood fill's step changes its frontier, its largest region, both or neither: some of the
  // statistics the codec remembers, which cost a byte with their values (3.9 bytes a step; 4.5
  // when only the same list as the step before was short).
  EXPECT_LT(static_cast<double>(f.step_bytes) / static_cast<double>(f.steps), 4.2);

  const Timeline::Usage w = recorded_usage("drunkards-walk");
  ASSERT_GT(w.steps, 1000u);
  EXPECT_LT(static_cast<double>(w.step_bytes) / static_cast<double>(w.steps), 18.0);
}

// A room accretion room grows a cell a step, each step saying which room and the size it aims
// for (the event's id and other): the same all through the room, so they cost nothing after its
// first cell. The bound sits between the sizes with and without that (5.5 and 8.1 bytes a step
// at the default 64x56). Nor does the cell it takes, the step's one change: at the step's cell,
// floor of the room as the step before's was, it is a flag of the step's (0.23 bytes a change
// over the run; 2.2 with a count and a head byte each).
TEST(History, TheRoomAStepGrowsCostsNothingUntilItChanges) {
  const Timeline::Usage u = recorded_usage("room-accretion");
  ASSERT_GT(u.steps, 3000u);
  EXPECT_LT(static_cast<double>(u.step_bytes) / static_cast<double>(u.steps), 7.0);
  ASSERT_GT(u.changes, 3000u);
  EXPECT_LT(static_cast<double>(u.change_bytes) / static_cast<double>(u.changes), 0.8);
}

// A step that changes the same statistics by the same amounts as the step that last changed any
// (a flood fill's cell labelled, a tunnel's floor carved, a walker's new floor) says so with a flag
// and writes nothing for them. The bounds sit between the sizes with and without that form, at
// the defaults: a flood fill over room accretion 2.5 bytes a step before its changes (3.5 without),
// rooms-and-tunnels 8.5 (9.7), drunkards-walk 12.1 (13.0).
TEST(History, StatisticsChangedAsBeforeCostAFlag) {
  const GeneratorSpec& spec = *find_generator("room-accretion");
  Timeline rooms(start_generator(spec, spec.schema.defaults(), 1));
  run_to_end(rooms);
  Timeline flood(start_region_stepper(rooms.grid(), region_schema().defaults()));
  run_to_end(flood);
  const Timeline::Usage f = flood.usage();
  ASSERT_GT(f.steps, 3000u);
  EXPECT_LT(static_cast<double>(f.step_bytes) / static_cast<double>(f.steps), 3.0);
  const auto step_bytes = [](const Timeline::Usage& u) {
    return static_cast<double>(u.step_bytes) / static_cast<double>(u.steps);
  };
  EXPECT_LT(step_bytes(recorded_usage("rooms-and-tunnels")), 9.1);
  EXPECT_LT(step_bytes(recorded_usage("drunkards-walk")), 12.5);
}

// A skip builder keeps its scratch from one segment to the next, but not what a segment far
// bigger than it usually packs made it take (one step that wrote millions of cells: a maze's rooms
// numbered at once). Its skips lead back to where each segment began either way.
TEST(History, AnOutsizedSegmentsScratchIsGivenBack) {
  Grid g(256, 256, Tile::Wall);
  constexpr std::size_t kKeep = 1000;
  history::SkipBuilder builder(SIZE_MAX, kKeep);
  std::vector<history::Span> spans;
  const auto segment = [&](std::size_t cells) {
    const Grid start = g;
    std::vector<CellChange> changes;
    for (std::size_t i = 0; i < cells; ++i) {
      const auto at = static_cast<std::uint32_t>((i * 7919) % g.size());  // out of order
      Cell after = g.cell(at);
      after.tile = after.tile == Tile::Wall ? Tile::Floor : Tile::Wall;
      changes.push_back({at, g.cell(at), after});
      g.put(at, after);
    }
    builder.note(changes, g.size());
    const std::vector<std::uint8_t> skip = builder.finish(g);
    Grid back = g;
    history::apply_skip(skip, back, false, spans);
    EXPECT_EQ(back, start) << cells;
  };
  segment(kKeep / 2);
  EXPECT_GE(builder.bytes(), kKeep / 2 * sizeof(history::FirstState));  // kept for the next
  segment(5 * kKeep);
  EXPECT_LT(builder.bytes(), kKeep * sizeof(history::FirstState));  // given back
  segment(kKeep / 2);
}

// Nor what the last segment left when the next is far smaller (a run's peak is at its end, where
// such scratch would still sit): a skip keeps scratch for about four times its own cells.
TEST(History, ScratchFarBiggerThanTheLastSegmentIsGivenBack) {
  Grid g(512, 512, Tile::Wall);
  history::SkipBuilder builder;  // no cap on what it keeps but its cells
  const auto segment = [&](std::size_t cells) {
    std::vector<CellChange> changes;
    for (std::size_t i = 0; i < cells; ++i) {
      const auto at = static_cast<std::uint32_t>((i * 7919) % g.size());
      Cell after = g.cell(at);
      after.tile = after.tile == Tile::Wall ? Tile::Floor : Tile::Wall;
      changes.push_back({at, g.cell(at), after});
      g.put(at, after);
    }
    builder.note(changes, g.size());
    EXPECT_FALSE(builder.finish(g).empty());
  };
  const std::size_t big = 200000;
  segment(big);
  EXPECT_GE(builder.bytes(), big * sizeof(history::FirstState));  // a segment like it may follow
  segment(1000);
  EXPECT_LT(builder.bytes(), big * sizeof(history::FirstState) / 4);
}

// A group's builder that gave up (too many cells, or runs it cannot take in) notes nothing more
// until the next group: its scratch goes at once, not when the group ends.
TEST(History, AGroupBuilderThatGivesUpLetsItsScratchGo) {
  constexpr std::size_t kCap = 100000;
  history::SkipBuilder group(kCap);
  const Grid g(512, 512, Tile::Wall);
  std::vector<history::FirstState> cells;
  for (std::uint32_t i = 0; i < 60000; ++i) cells.push_back({i, g.cell(i)});
  group.absorb(cells, g.size());
  EXPECT_GE(group.bytes(), cells.size() * sizeof(history::FirstState));
  for (auto& [index, state] : cells) index += 60000;
  group.absorb(cells, g.size());  // over the cap: the group skip is none
  EXPECT_LT(group.bytes(), cells.size() * sizeof(history::FirstState) / 4);
  EXPECT_TRUE(group.finish(g).empty());
}

// A segment's cells are sorted by index however they were noted, by rank in the segment's bitmap
// where they are dense in the words they span and by radix where they are sparse: either way the
// skip is the one the same cells noted in order give, and it leads back to the segment's start.
TEST(History, ASkipIsTheSameWhateverOrderItsCellsWereChangedIn) {
  for (const std::uint32_t stride : {1u, 3u, 97u, 1000u}) {  // dense to far sparser than a word
    const Grid start(512, 512, Tile::Wall);
    const auto cells =
        static_cast<std::uint32_t>(std::min<std::size_t>(20000, start.size() / stride));
    const auto skip_of = [&](bool shuffled) {
      Grid g = start;
      std::vector<CellChange> changes;
      for (std::uint32_t i = 0; i < cells; ++i) {
        // 7919 is prime to the cell count's factors here, so i -> k is a permutation.
        const std::uint32_t k =
            shuffled ? static_cast<std::uint32_t>((std::uint64_t{i} * 7919) % cells) : i;
        const std::uint32_t at = k * stride;
        const Cell after{Tile::Floor, Mark::None, static_cast<std::int32_t>(k % 5), -1};
        changes.push_back({at, g.cell(at), after});
        g.put(at, after);
      }
      history::SkipBuilder builder;
      builder.note(changes, g.size());
      std::vector<std::uint8_t> skip = builder.finish(g);
      std::vector<history::Span> spans;
      Grid back = g;
      history::apply_skip(skip, back, false, spans);
      EXPECT_EQ(back, start) << stride << (shuffled ? " shuffled" : "");
      return skip;
    };
    EXPECT_EQ(skip_of(true), skip_of(false)) << stride;
  }
}

// A group is packed only where its segments met: changed the same cells again, or cells running on
// where another segment's stopped.
TEST(History, AGroupIsPackedOnlyWhereItsSegmentsMet) {
  const Grid g(512, 512, Tile::Wall);
  const auto block = [&](std::uint32_t first, std::uint32_t rows) {
    std::vector<history::FirstState> cells;  // rows of 20 cells, 512 apart: a span each
    for (std::uint32_t r = 0; r < rows; ++r) {
      for (std::uint32_t x = 0; x < 20; ++x) cells.push_back({first + r * 512 + x, g.cell(0)});
    }
    return cells;
  };
  const auto meet = [&](std::initializer_list<std::vector<history::FirstState>> segments) {
    history::SkipBuilder group;
    for (const auto& cells : segments) group.absorb(cells, g.size());
    return group.segments_meet();
  };
  EXPECT_FALSE(meet({block(0, 10), block(100, 10), block(200, 10)}));  // side by side, apart
  EXPECT_TRUE(meet({block(0, 10), block(0, 10)}));                     // the same cells again
  EXPECT_TRUE(meet({block(0, 10), block(20, 10)}));                    // each row runs on
  // At the edges. Spans fewer by one in 20: two blocks of 20 rows, the second's first rows running
  // on from the first's last two (38 spans of 40); one (39 of 40) is not enough.
  EXPECT_TRUE(meet({block(0, 20), block(18 * 512 + 20, 20)}));
  EXPECT_FALSE(meet({block(0, 20), block(19 * 512 + 20, 20)}));
  // Cells changed again, one in 200: two blocks of 100 rows sharing two (40 cells of 4000, and 198
  // spans of 200); of 200 rows sharing one (20 of 8000, 399 spans of 400) is not enough.
  EXPECT_TRUE(meet({block(0, 100), block(98 * 512, 100)}));
  EXPECT_FALSE(meet({block(0, 200), block(199 * 512, 200)}));
}

// A band keeps a chunk's label flips a bit a cell while the chunk has taken one value of flip (a
// maze's corridors renumbered, in a row without rooms), a byte a cell naming one of its values
// while it has taken at most 256 (rooms too: a few a row; at 4096x4096 4 MB of flips rather than
// 64), and a flip a cell past that; either way each cell's flip is the XOR of the runs over it,
// and the packed band leads from the start to the end and back.
// The band packed (at the map's end) leads from `start` to `end`, and back.
void expect_band_leads(history::RunBand& band, const Grid& start, const Grid& end) {
  const std::vector<std::uint8_t> packed = band.pack(end);
  Grid forward = start;
  history::apply_band(packed, forward, true);
  EXPECT_EQ(forward, end);
  Grid back = end;
  history::apply_band(packed, back, false);
  EXPECT_EQ(back, start);
}

TEST(History, ABandKeepsLabelFlipsAByteACellWhileAChunkHasFewValues) {
  constexpr int kW = 4096;  // a chunk a row
  Grid start(kW, 4, Tile::Floor);
  for (int x = 0; x < kW; ++x) start.put_tile_label(start.index(x, 0), Tile::Floor, 7);
  Grid end = start;
  std::vector<CellRun> runs;
  std::vector<std::vector<std::uint8_t>> bits;  // each run's (moved with the list, never copied)
  const auto run = [&](int y, int x, int count, std::int32_t label) {
    // Every cell of the run changes (and no bit past its end is set).
    std::vector<std::uint8_t>& b = bits.emplace_back(static_cast<std::size_t>(count + 7) / 8, 0);
    for (int k = 0; k < count; ++k) {
      b[static_cast<std::size_t>(k / 8)] |= static_cast<std::uint8_t>(1u << (k % 8));
    }
    const auto first = static_cast<std::uint32_t>(end.index(x, y));
    const auto flip =
        static_cast<std::uint32_t>(end.label(first)) ^ static_cast<std::uint32_t>(label);
    runs.push_back({first, static_cast<std::uint32_t>(count), {.label = flip}, b.data()});
    for (std::uint32_t i = first; i < first + static_cast<std::uint32_t>(count); ++i) {
      end.put_tile_label(
          i, Tile::Floor,
          static_cast<std::int32_t>(static_cast<std::uint32_t>(end.label(i)) ^ flip));
    }
  };
  // Row 0: rooms 0..9 along it, the rest corridor (-1); row 1 again and again, 300 flips that
  // overlap (a cell's flip is the XOR of its runs'); row 2 one flip, over runs that overlap
  // (their cells back to no flip where two meet).
  for (int x = 0; x < kW; x += 64) run(0, x, 64, x % 640 == 0 ? -1 : x / 64 % 10);
  for (int k = 0; k < 300; ++k) run(1, k * 8 % (kW - 100), 100, 1000 + k);
  for (int k = 0; k < 5; ++k) run(2, k * 50, 100, k % 2 == 0 ? 4 : -1);
  history::RunBand band;
  band.note(runs, start.size());
  for (std::uint32_t i = 0; i < start.size(); ++i) {
    ASSERT_EQ(band.at(i).label,
              static_cast<std::uint32_t>(start.label(i)) ^ static_cast<std::uint32_t>(end.label(i)))
        << i;
  }
  // Row 0 a byte a cell; row 1 a flip a cell (past 256 values); row 2 a bit a cell; row 3 none.
  EXPECT_LT(band.bytes(), kW * (1 + 4) + kW / 8 + 4096);
  EXPECT_GE(band.bytes(), kW * (1 + 4) + kW / 8);
  expect_band_leads(band, start, end);
}

// A band's tile flips as fills make them: long stretches of changed cells (a room's rows, but for
// the cells a fill found so already), two flips in one chunk (wall over rock, then floor over
// wall: it goes over to a byte a cell), runs that overlap, one across a chunk's edge, and one of
// scattered cells (a cave's row, taken a bit-byte at a time). The band holds each cell's net flip,
// and its skip leads from the start to the end and back.
TEST(History, ABandTakesLongStretchesOfTileFlipsWhole) {
  constexpr int kW = 4096;  // a chunk a row
  Grid start(kW, 3, Tile::Empty);
  for (int x = 0; x < 10; ++x) start.put_tile_label(start.index(x, 1), Tile::Wall, -1);
  for (int x = 0; x < 128; ++x) {
    start.put_tile_label(start.index(1000 + x, 2), x % 2 == 0 ? Tile::Wall : Tile::Floor, -1);
  }
  Grid end = start;
  std::vector<CellRun> runs;
  std::vector<std::vector<std::uint8_t>> bits;  // each run's (moved with the list, never copied)
  // A fill of cells first .. first + count - 1 with `to`: its run marks the cells that change
  // (they all change alike here).
  const auto fill = [&](std::size_t first, int count, Tile to) {
    std::vector<std::uint8_t>& b = bits.emplace_back(static_cast<std::size_t>(count + 7) / 8, 0);
    std::uint8_t flip = 0;
    for (int k = 0; k < count; ++k) {
      const std::size_t i = first + static_cast<std::size_t>(k);
      if (end.tile(i) == to) continue;
      flip =
          static_cast<std::uint8_t>(static_cast<unsigned>(end.tile(i)) ^ static_cast<unsigned>(to));
      b[static_cast<std::size_t>(k / 8)] |= static_cast<std::uint8_t>(1u << (k % 8));
      end.put_tile_label(i, to, -1);
    }
    runs.push_back({static_cast<std::uint32_t>(first),
                    static_cast<std::uint32_t>(count),
                    {.tile = flip},
                    b.data()});
  };
  fill(end.index(0, 0), 1000, Tile::Wall);
  fill(end.index(203, 0), 400, Tile::Floor);
  fill(end.index(301, 0), 99, Tile::Wall);
  fill(end.index(0, 1), 500, Tile::Wall);      // its first ten cells were wall already
  fill(end.index(4000, 1), 300, Tile::Floor);  // on across the chunk's edge into row 2
  fill(end.index(1000, 2), 128, Tile::Floor);  // every other cell
  history::RunBand band;
  band.note(runs, start.size());
  for (std::uint32_t i = 0; i < start.size(); ++i) {
    ASSERT_EQ(band.at(i).tile,
              static_cast<unsigned>(start.tile(i)) ^ static_cast<unsigned>(end.tile(i)))
        << i;
  }
  expect_band_leads(band, start, end);
}

namespace {

// What a skip or a band tells its observer, as (layer, value, taken) -> cells.
struct ToldCells final : history::RunObserver {
  std::map<std::tuple<int, std::int64_t, bool>, std::uint64_t> cells;
  void run(history::CellLayer layer, std::int64_t value, std::uint64_t n, bool taken) override {
    cells[{static_cast<int>(layer), value, taken}] += n;
  }
};

}  // namespace

// A band's skip tells an observer how many cells leave and take each tile and mark value, as the
// two maps count them: where a chunk keeps one tile flip a bit a cell (a cave pass's), where it
// keeps a byte a cell and sixty-four cells mix flips (rooms beside corridors, marks among them),
// and in the map's last cells, which fill no whole word of sixty-four.
TEST(History, ABandTellsItsObserverTheValuesItsCellsLeaveAndTake) {
  Grid start(100, 83, Tile::Wall);  // 8,300 cells: two whole chunks and 108 cells of a third
  std::mt19937 rng(5);
  for (std::size_t i = 0; i < start.size(); ++i) {
    if (rng() % 3 == 0) start.put_tile_label(i, Tile::Floor, -1);
  }
  Grid end = start;
  std::vector<CellRun> runs;
  std::vector<std::vector<std::uint8_t>> bits;  // each run's (moved with the list, never copied)
  // A run over cells first .. first + count - 1 flipping those `chosen` picks by `flip`.
  const auto run = [&](std::size_t first, std::size_t count, LayerFlip flip, auto chosen) {
    std::vector<std::uint8_t>& b = bits.emplace_back((count + 7) / 8, 0);
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t i = first + k;
      const Cell c = end.cell(i);
      if (!chosen(i, c)) continue;
      b[k / 8] |= static_cast<std::uint8_t>(1u << (k % 8));
      end.put(i, {static_cast<Tile>(static_cast<unsigned>(c.tile) ^ flip.tile),
                  static_cast<Mark>(static_cast<unsigned>(c.mark) ^ flip.mark), c.label, c.region});
    }
    runs.push_back(
        {static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(count), flip, b.data()});
  };
  constexpr std::uint8_t kWallFloor = 1 ^ 2, kWallCorridor = 1 ^ 3;
  // Chunk 0: a cave's wall <-> floor, rows of scattered cells, some flipped twice.
  for (std::size_t y = 0; y < 40; ++y) {
    run(y * 100, 100, {.tile = kWallFloor}, [&](std::size_t, const Cell&) { return rng() % 2; });
  }
  run(0, 4096, {.tile = kWallFloor}, [&](std::size_t i, const Cell&) { return i % 5 == 0; });
  // Chunk 1: floor to wall on the left of each row, wall to corridor on the right, in words of
  // sixty-four that cross the rows; then marks on a few.
  for (std::size_t y = 41; y < 81; ++y) {
    run(y * 100, 50, {.tile = kWallFloor},
        [](std::size_t i, const Cell& c) { return c.tile == Tile::Floor && i % 7 != 0; });
    run(y * 100 + 50, 50, {.tile = kWallCorridor},
        [](std::size_t, const Cell& c) { return c.tile == Tile::Wall; });
  }
  run(4200, 3000, {.mark = 1}, [](std::size_t i, const Cell&) { return i % 3 == 0; });
  run(5000, 200, {.mark = 1 ^ 3}, [](std::size_t i, const Cell&) { return i % 2 == 0; });
  // The last cells: both flips.
  run(8192, 108, {.tile = kWallFloor}, [](std::size_t i, const Cell&) { return i % 4 != 1; });
  run(8250, 50, {.tile = kWallCorridor},
      [](std::size_t, const Cell& c) { return c.tile == Tile::Wall; });

  history::RunBand band;
  band.note(runs, start.size());
  const std::vector<std::uint8_t> packed = band.pack(end);
  const auto expected = [&](bool forward) {
    std::map<std::tuple<int, std::int64_t, bool>, std::uint64_t> want;
    const auto add = [&](history::CellLayer layer, std::int64_t from, std::int64_t to) {
      if (from == to) return;
      want[{static_cast<int>(layer), forward ? from : to, false}] += 1;
      want[{static_cast<int>(layer), forward ? to : from, true}] += 1;
    };
    for (std::size_t i = 0; i < end.size(); ++i) {
      const Cell a = start.cell(i), b = end.cell(i);
      add(history::CellLayer::Tile, static_cast<int>(a.tile), static_cast<int>(b.tile));
      add(history::CellLayer::Mark, static_cast<int>(a.mark), static_cast<int>(b.mark));
    }
    return want;
  };
  ToldCells told_forward, told_back;
  Grid forward = start;
  history::apply_band(packed, forward, true, &told_forward);
  EXPECT_EQ(forward, end);
  Grid back = end;
  history::apply_band(packed, back, false, &told_back);
  EXPECT_EQ(back, start);
  EXPECT_EQ(told_forward.cells, expected(true));
  EXPECT_EQ(told_back.cells, expected(false));
}

// A skip writes the region layer as the grid holds it: a byte a cell while the values it writes
// fit one (IdLayer), else widened to 32 bits first; and either way leads to the same values.
TEST(History, ASkipWritesRegionsNarrowWhileTheyFit) {
  Grid start(64, 64, Tile::Floor);
  for (std::size_t i = 0; i < start.size(); i += 5) {
    start.put(i, {Tile::Floor, Mark::None, -1, static_cast<std::int32_t>(i % 200)});
  }
  ASSERT_NE(start.region_layer().narrow(), nullptr);
  const auto segment = [&](std::int32_t most) {
    Grid end = start;
    std::vector<CellChange> changes;
    for (std::size_t i = 0; i < end.size(); i += 3) {
      Cell after = end.cell(i);
      after.region = static_cast<std::int32_t>(i % static_cast<std::size_t>(most + 1));
      if (after == end.cell(i)) continue;
      changes.push_back({static_cast<std::uint32_t>(i), end.cell(i), after});
      end.put(i, after);
    }
    history::SkipBuilder builder;
    builder.note(changes, end.size());
    const std::vector<std::uint8_t> skip = builder.finish(end);
    std::vector<history::Span> spans;
    Grid forward = start;
    history::apply_skip(skip, forward, true, spans);
    EXPECT_EQ(forward, end) << most;
    EXPECT_EQ(forward.region_layer().narrow() != nullptr, most <= IdLayer::kNarrowMax) << most;
    Grid back = end;
    history::apply_skip(skip, back, false, spans);
    EXPECT_EQ(back, start) << most;
    EXPECT_EQ(back.region_layer().wide() != nullptr, most > IdLayer::kNarrowMax) << most;
  };
  segment(254);
  segment(255);
  segment(100000);
}

// A skip keeps each layer's values as runs where cells come alike (a room's) and, where that is
// smaller, as a few bits a cell naming one of up to 16 values (a flood fill's front, its marks
// alternating cell by cell); its changed cells as spans, one cell or many. Either way it leads
// from the segment's start to its end and back, and tells an observer how many cells leave and
// take each value.
TEST(History, ASkipNamesValuesThatAlternateInAFewBitsACell) {
  constexpr int kSide = 256;
  Grid start(kSide, kSide, Tile::Wall);
  for (std::size_t i = 0; i < start.size(); i += 7) start.put(i, {Tile::Floor, Mark::None, -1, -1});
  Grid end = start;
  std::vector<CellChange> changes;
  const auto change = [&](std::size_t i, Cell after) {
    if (after == end.cell(i)) return;
    changes.push_back({static_cast<std::uint32_t>(i), end.cell(i), after});
    end.put(i, after);
  };
  // Rows 0..99, every third cell: a front of marks cycling through three values, regions through
  // `regions` values (a region id past a narrow layer's in the last case); rows 100..109 whole:
  // floor taken by region 2; one cell of row 110 region 99.
  const auto segment = [&](std::int32_t regions, std::int32_t region_base) {
    end = start;
    changes.clear();
    for (std::size_t i = 0; i < 100 * kSide; i += 3) {
      const Cell c = end.cell(i);
      change(i, {c.tile, static_cast<Mark>(i % 3 == 0 ? (i / 3) % 3 : 0), c.label,
                 region_base + static_cast<std::int32_t>(i % static_cast<std::size_t>(regions))});
    }
    for (std::size_t i = 100 * kSide; i < 110 * kSide; ++i) {
      change(i, {Tile::Floor, Mark::None, -1, 2});
    }
    change(110 * kSide + 5, {Tile::Floor, Mark::None, -1, 99});  // a value one cell takes
    history::SkipBuilder builder;
    builder.note(changes, end.size());
    return builder.finish(end);
  };
  // The same counted from the two maps: each changed cell leaves its start value and takes its
  // end value in every layer that changed somewhere.
  const auto expected = [&](bool forward) {
    std::map<std::tuple<int, std::int64_t, bool>, std::uint64_t> want;
    for (std::size_t i = 0; i < end.size(); ++i) {
      const Cell a = start.cell(i), b = end.cell(i);
      if (a == b) continue;
      const auto add = [&](history::CellLayer layer, std::int64_t from, std::int64_t to) {
        want[{static_cast<int>(layer), forward ? from : to, false}] += 1;
        want[{static_cast<int>(layer), forward ? to : from, true}] += 1;
      };
      add(history::CellLayer::Tile, static_cast<int>(a.tile), static_cast<int>(b.tile));
      add(history::CellLayer::Mark, static_cast<int>(a.mark), static_cast<int>(b.mark));
      add(history::CellLayer::Region, a.region, b.region);
    }
    return want;
  };
  for (const auto& [regions, base] :
       {std::pair{5, 0}, std::pair{16, 0}, std::pair{40, 0}, std::pair{3, 1000}}) {
    const std::vector<std::uint8_t> skip = segment(regions, base);
    std::vector<history::Span> spans;
    ToldCells told_forward, told_back;
    Grid forward = start;
    history::apply_skip(skip, forward, true, spans, &told_forward);
    EXPECT_EQ(forward, end) << regions;
    Grid back = end;
    history::apply_skip(skip, back, false, spans, &told_back);
    EXPECT_EQ(back, start) << regions;
    EXPECT_EQ(told_forward.cells, expected(true)) << regions;
    EXPECT_EQ(told_back.cells, expected(false)) << regions;
    // The front's 8,534 cells, each its own span: a byte each (the gap and the length in one).
    // Over all n changed cells: the tiles a bit a cell each way, the marks two bits a cell at the
    // end (one run at the start), the regions four bits a cell while they take up to 16 values
    // (past that, or with 2 and 99, a run of one each, two bytes, for the front's cells). Runs of
    // the marks alone would take two bytes a front cell.
    const std::size_t front = (100 * kSide + 2) / 3;
    const std::size_t n = front + 10 * kSide + 1;
    const std::size_t region_bytes = regions <= 14 ? n / 2 : 2 * front;
    EXPECT_LT(skip.size(), front + n / 4 + n / 4 + region_bytes + 256) << regions;
  }
}

// A step of many changes is bounded at 24 bytes a change and takes one or two: the log writes it
// aside and copies it in at its size, so such steps (a maze's rooms carved, its regions numbered)
// do not each leave most of a chunk unused. Before, each of these steps started a chunk of its
// bound (240 KB) and used 10 KB of it: 2 MB held for 60 KB of records. (At 4096x4096 a maze's
// log held 268 MB for 164 MB of records.)
StepGenerator big_and_small_steps(StepContext& ctx, ParamValues) {
  const Grid& g = ctx.grid();
  for (int round = 0; round < 12; ++round) {
    const std::size_t changes = round % 2 == 0 ? 10000 : 1;
    for (std::size_t k = 0; k < changes; ++k) {
      const std::size_t at = (k * 3 + static_cast<std::size_t>(round)) % g.size();
      ctx.canvas().set_tile(at, g.tile(at) == Tile::Wall ? Tile::Floor : Tile::Wall);
    }
    co_yield Step{
        .level = StepLevel::Cell, .line = 0, .event = {.value = round}, .last = round == 11};
  }
}

TEST(History, ABigStepTakesTheBytesItUsesNotItsBound) {
  const auto make = [] {
    return Stepper(big_and_small_steps, ParamValues(), Grid(300, 300, Tile::Wall), Rng(1), 0);
  };
  const Said said = record(make());
  Timeline t(make());
  run_to_end(t);
  ASSERT_EQ(t.recorded(), 12u);
  const Timeline::Usage u = t.usage();
  const std::size_t used = u.step_bytes + u.change_bytes;
  EXPECT_GT(used, 50'000u);
  EXPECT_LT(t.history_bytes(), 2 * used + (std::size_t{64} << 10)) << "records take " << used;
  // Every step reads back exactly, the big ones copied in and the small ones between them.
  for (std::uint64_t k = 12; k > 0; --k) {
    ASSERT_EQ(vec(t.changes_at(k)), said.changes[k - 1]) << k;
    ASSERT_EQ(*t.current(), said.steps[k - 1]) << k;
    ASSERT_TRUE(t.back());
    ASSERT_EQ(t.grid(), said.grids[k - 1]) << k;
  }
  for (std::uint64_t k = 1; k <= 12; ++k) ASSERT_EQ(*t.step_at(k), said.steps[k - 1]) << k;
}

// The largest record the codec can write fits the room the timeline reserves for it: one step
// whose every change jumps across a 2 M-cell map (a 4-byte index delta), changes tile and mark,
// and swings label and region by 2^31 both before and after (every pair escaped). It is written
// aside, into a buffer of exactly the reserved size, so a bound too small overruns it (which
// AddressSanitizer reports) or the round trip fails.
constexpr std::size_t kWorstChanges = 3000;
constexpr std::int32_t kSwing = 1 << 30;
std::size_t worst_cell(std::size_t k, std::size_t size) {
  return k % 2 == 0 ? k / 2 : size - 1 - k / 2;
}
std::int32_t worst_sign(std::size_t k) {
  return k % 2 == 0 ? 1 : -1;
}

StepGenerator worst_changes(StepContext& ctx, ParamValues) {
  const std::size_t size = ctx.grid().size();
  for (std::size_t k = 0; k < kWorstChanges; ++k) {
    const std::int32_t after = -worst_sign(k) * kSwing;
    ctx.canvas().set_cell(worst_cell(k, size), {Tile::Floor, Mark::Frontier, after, after});
  }
  co_yield Step{.level = StepLevel::Phase, .line = 0, .event = {.kind = kEventBegin}, .last = true};
}

Stepper worst_stepper() {
  Grid g(2048, 1024, Tile::Wall);
  for (std::size_t k = 0; k < kWorstChanges; ++k) {
    const std::int32_t before = worst_sign(k) * kSwing;
    g.put(worst_cell(k, g.size()), {Tile::Wall, Mark::None, before, before});
  }
  return Stepper(worst_changes, ParamValues(), std::move(g), Rng(1), 0);
}

TEST(History, TheLargestChangesFitTheirBound) {
  const Said said = record(worst_stepper(), false);
  Timeline t(worst_stepper());
  run_to_end(t);
  ASSERT_EQ(t.recorded(), 1u);
  const Timeline::Usage u = t.usage();
  EXPECT_EQ(u.changes, kWorstChanges);
  EXPECT_GT(u.change_bytes, 28 * u.changes);  // past the old bound: as large as they come
  EXPECT_LE(u.step_bytes + u.change_bytes,
            history::max_record_bytes(said.steps[0], {{}, said.changes[0]}, 0, 0));
  t.seek(0);
  t.seek(1);
  EXPECT_EQ(vec(t.changes_at(1)), said.changes[0]);
}

// The accounting adds up, and a budget too small for the run forgets whole blocks from the
// front while everything still kept stays exact.
TEST(History, AccountingAndForgetting) {
  const Said said = record(caves(60, 40, 2));
  const std::uint64_t n = said.steps.size();
  {
    Timeline t(caves(60, 40, 2));
    run_to_end(t);
    const Timeline::Usage u = t.usage();
    EXPECT_EQ(u.steps, n);
    std::uint64_t changes = 0;
    for (const auto& c : said.changes) changes += c.size();
    EXPECT_EQ(u.changes, changes);
    EXPECT_GE(t.history_bytes(), u.step_bytes + u.change_bytes);
    EXPECT_EQ(t.earliest(), 0u);
    EXPECT_LE(u.change_bytes, 12 * u.changes);
  }
  Timeline full(caves(60, 40, 2));
  run_to_end(full);
  const std::size_t budget = full.history_bytes() / 3;
  Timeline t(caves(60, 40, 2), budget);
  run_to_end(t);
  EXPECT_GT(t.earliest(), 0u);
  EXPECT_EQ(t.earliest() % history::kBlockSteps, 0u);
  EXPECT_LE(t.history_bytes(), budget + (std::size_t{64} << 10));
  EXPECT_EQ(t.step_at(t.earliest()), nullptr);
  EXPECT_EQ(*t.step_at(t.earliest() + 1), said.steps[t.earliest()]);
  t.seek(0);
  EXPECT_EQ(t.cursor(), t.earliest());
  EXPECT_EQ(t.grid(), said.grids[t.earliest()]);
  EXPECT_FALSE(t.back());
  t.seek(n);
  EXPECT_EQ(t.grid(), said.grids[n]);
}

namespace {

// Stats of a fresh run after every step (stats[k]: after k steps).
std::vector<std::vector<std::int64_t>> stats_by_step(Stepper s) {
  std::vector<std::vector<std::int64_t>> out{{s.stats().begin(), s.stats().end()}};
  while (s.next()) out.emplace_back(s.stats().begin(), s.stats().end());
  return out;
}

Stepper cell_caves() {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  ParamValues p(spec.schema);
  EXPECT_FALSE(p.set("width", 30));
  EXPECT_FALSE(p.set("height", 20));
  EXPECT_FALSE(p.set("step_cells", 1));
  return start_generator(spec, p, 6);
}

Stepper flood() {
  Stepper c = caves(40, 30, 8);
  run_to_end(c);
  return start_region_stepper(c.grid(), region_schema().defaults());
}

// Random seeks over a timeline cut into many short skip segments: every seek, near or far,
// forward or back, lands exactly on the fresh run's map and statistics, and stepping on from
// there (back and forth) still agrees.
void check_skips(Stepper make(), std::size_t budget, const char* what,
                 history::SkipShape shape = {.steps = 100, .group = 4},
                 std::size_t pack_from = history::ByteLog::kPackFrom) {
  const Said said = record(make());
  const auto stats = stats_by_step(make());
  const std::uint64_t n = said.steps.size();
  Timeline t(make(), budget, shape, pack_from);
  run_to_end(t);
  ASSERT_EQ(t.recorded(), n);
  std::mt19937_64 rng(17);
  for (int i = 0; i < 120; ++i) {
    const std::uint64_t k = t.earliest() + rng() % (n - t.earliest() + 1);
    t.seek(k);
    ASSERT_EQ(t.cursor(), k) << what;
    ASSERT_EQ(t.grid(), said.grids[k]) << what << ": seek " << i << " to " << k;
    ASSERT_EQ(std::vector<std::int64_t>(t.stats().begin(), t.stats().end()), stats[k])
        << what << ": seek to " << k;
    if (k > t.earliest()) {
      ASSERT_EQ(*t.current(), said.steps[k - 1]) << what << ": seek to " << k;
      ASSERT_EQ(vec(t.changes_at(k)), said.changes[k - 1]) << what << ": seek to " << k;
      ASSERT_TRUE(t.back());
      ASSERT_EQ(t.grid(), said.grids[k - 1]) << what << ": back from " << k;
    }
    if (t.cursor() < n) {
      ASSERT_NE(t.next(), nullptr);
      ASSERT_EQ(t.grid(), said.grids[t.cursor()]) << what << ": next after seek to " << k;
    }
  }
}

}  // namespace

// A flood fill of 400 regions: its region layer is a byte a cell until region 255, then 32
// bits (IdLayer), and seeks across that, both ways, land on the same values.
Stepper flood_of_many_regions() {
  Grid g(60, 60, Tile::Wall);
  for (int y = 1; y < 60; y += 3) {
    for (int x = 1; x < 60; x += 3) g.put(g.index(x, y), {Tile::Floor, Mark::None, -1, -1});
  }
  return start_region_stepper(g, region_schema().defaults());
}

// Small steps (marks anywhere, tiles and labels in the map's last rows), one that relabels and
// floors every other row above those in runs (as a maze's last step makes every passage corridor),
// then small steps again.
StepGenerator one_big_step(StepContext& ctx, ParamValues) {
  Canvas& canvas = ctx.canvas();
  const int w = ctx.grid().width();
  const auto top = static_cast<std::uint32_t>(w * (ctx.grid().height() - 10));
  const auto low = static_cast<std::uint32_t>(ctx.grid().size()) - top;
  for (std::uint32_t round = 0; round < 600; ++round) {
    if (round == 350) {
      for (std::uint32_t first = 0; first < top; first += 2 * w) {
        canvas.fill_tile_label(first, static_cast<std::size_t>(w), Tile::Floor, 7);
      }
    } else {
      canvas.set_tile(top + round * 37 % low, round % 3 ? Tile::Floor : Tile::Door);
      if (round % 4 == 0)
        canvas.set_label(top + round * 13 % low, static_cast<std::int32_t>(round));
      // Marks in the rows above too: the big step's runs rewrite some of their cells.
      canvas.set_mark(round * 29 % top, round % 2 ? Mark::Frontier : Mark::None);
    }
    co_yield Step{.level = StepLevel::Cell, .last = round == 599};
  }
}
Stepper big_step() {
  return Stepper(one_big_step, ParamValues(), Grid(60, 50, Tile::Wall), Rng(5), 1);
}

// What a seek replayed, step by step (not what it crossed with skips).
struct ReplayCount final : SeekObserver {
  std::uint64_t cells = 0;
  void replayed(std::span<const CellChange> c, bool) override { cells += c.size(); }
  void replayed_runs(std::span<const CellRun> runs, const Grid&) override {
    for (const CellRun& r : runs) cells += r.changed_cells();
  }
  void crossed(std::uint32_t, std::uint32_t) override {}
  void run(history::CellLayer, std::int64_t, std::uint64_t, bool) override {}
};

// A step that changes a segment's cells or more (SkipShape::max_cells) has a segment of its own:
// no seek replays it, however near its target lies to it, and every seek lands on the fresh
// run's map.
TEST(History, AStepOfASegmentsCellsIsCrossedNotReplayed) {
  const history::SkipShape shape{.steps = 100, .max_cells = 1000, .group = 4};
  check_skips(big_step, kDefaultHistoryBytes, "one big step", shape);
  Timeline t(big_step(), kDefaultHistoryBytes, shape);
  run_to_end(t);
  const Said said = record(big_step());
  Stepper s = big_step();
  for (int k = 0; k < 351; ++k) ASSERT_NE(s.next(), nullptr);
  ASSERT_FALSE(s.runs().empty());  // (written as runs: taken off the map and put back as such)
  // Step 351 is the big one (inside a segment of 100 steps): on either side of it, from either
  // end of the run.
  for (const std::uint64_t k : {350u, 351u, 349u, 352u}) {
    for (const std::uint64_t from : {std::uint64_t{0}, t.recorded()}) {
      t.seek(from);
      ReplayCount replayed;
      t.seek(k, &replayed);
      EXPECT_EQ(t.grid(), said.grids[k]) << "from " << from << " to " << k;
      // (The small steps replayed to and from boundaries are about one cell each; the big step's
      // runs are 1200.)
      EXPECT_LT(replayed.cells, 500u) << "from " << from << " to " << k;
    }
  }
}

TEST(History, SeeksAcrossSkipsMatchAFreshRun) {
  check_skips(cell_caves, kDefaultHistoryBytes, "caves cell by cell");
  check_skips(flood, kDefaultHistoryBytes, "flood fill");
  Stepper many = flood_of_many_regions();
  run_to_end(many);
  ASSERT_NE(many.grid().region_layer().wide(), nullptr);  // it did widen
  EXPECT_EQ(many.grid().max_region(), 399);
  check_skips(flood_of_many_regions, kDefaultHistoryBytes, "flood fill of 400 regions");
}

// A far seek in parts (Timeline::seek with a budget of skip cells, as the app's window seeks a
// frame's worth at a time): each part stops at a skip boundary, where the map and statistics are
// those of the fresh run at that step, and the parts arrive where one seek does.
TEST(History, SeeksInPartsStopAtBoundariesAndArrive) {
  const history::SkipShape shape{.steps = 37, .group = 3, .group_max_cells = 150};
  for (Stepper (*make)() : {cell_caves, flood}) {
    const Said said = record(make());
    const auto stats = stats_by_step(make());
    const std::uint64_t n = said.steps.size();
    Timeline t(make(), kDefaultHistoryBytes, shape);
    run_to_end(t);
    std::mt19937_64 rng(29);
    int split = 0;  // seeks that took more than one part
    for (int i = 0; i < 60; ++i) {
      const std::uint64_t k = rng() % (n + 1);
      int parts = 0;
      // One cell a part: each part crosses one skip (a segment or a group).
      for (; t.cursor() != k; ++parts) {
        ASSERT_LT(parts, static_cast<int>(n / shape.steps) + 3) << "seek " << i << " to " << k;
        const std::uint64_t was = t.cursor();
        t.seek(k, nullptr, {.skip_cells = 1});
        ASSERT_NE(t.cursor(), was) << "a part must move: seek " << i << " to " << k;
        ASSERT_EQ(t.grid(), said.grids[t.cursor()]) << "seek " << i << ", part " << parts;
        ASSERT_EQ(std::vector<std::int64_t>(t.stats().begin(), t.stats().end()), stats[t.cursor()])
            << "seek " << i << ", part " << parts;
      }
      if (parts > 1) ++split;
    }
    EXPECT_GT(split, 10);
  }
}

// With a budget of steps as well, a part also stops after replaying that many steps (to or from a
// skip boundary, or inside a segment), wherever that is: seeks take more parts, each lands on the
// fresh run's map and statistics, and they arrive.
TEST(History, SeeksInPartsOfStepsStopOnTheWayAndArrive) {
  const history::SkipShape shape{.steps = 37, .group = 3, .group_max_cells = 150};
  constexpr SeekBudget kSkipsOnly{.skip_cells = 1};
  constexpr SeekBudget kFiveSteps{.skip_cells = 1, .steps = 5};
  for (Stepper (*make)() : {cell_caves, flood}) {
    const Said said = record(make());
    const auto stats = stats_by_step(make());
    const std::uint64_t n = said.steps.size();
    ASSERT_GT(n, 200u);
    Timeline t(make(), kDefaultHistoryBytes, shape);
    Timeline by_skips(make(), kDefaultHistoryBytes, shape);
    run_to_end(t);
    run_to_end(by_skips);
    const auto seek_in_parts = [&](Timeline& tl, std::uint64_t k, SeekBudget budget) {
      int parts = 0;
      for (; tl.cursor() != k; ++parts) {
        if (parts > static_cast<int>(n)) {
          ADD_FAILURE() << "no end to the seek to " << k;
          break;
        }
        const std::uint64_t was = tl.cursor();
        tl.seek(k, nullptr, budget);
        EXPECT_NE(tl.cursor(), was) << "a part must move: to " << k;
        EXPECT_EQ(tl.grid(), said.grids[tl.cursor()]) << "to " << k << ", part " << parts;
        EXPECT_EQ(std::vector<std::int64_t>(tl.stats().begin(), tl.stats().end()),
                  stats[tl.cursor()])
            << "to " << k << ", part " << parts;
      }
      return parts;
    };
    // Nearer the first boundary than the second there is no skip to cross: 15 steps, five a part.
    t.seek(0);
    EXPECT_EQ(seek_in_parts(t, 15, kFiveSteps), 3);
    t.seek(0);
    by_skips.seek(0);
    std::mt19937_64 rng(26);
    int more = 0;  // seeks that took more parts than with the skip cells alone
    for (int i = 0; i < 60; ++i) {
      const std::uint64_t k = rng() % (n + 1);
      const int with_steps = seek_in_parts(t, k, kFiveSteps);
      const int skips_only = seek_in_parts(by_skips, k, kSkipsOnly);
      EXPECT_GE(with_steps, skips_only) << "seek " << i << " to " << k;
      if (with_steps > skips_only) ++more;
    }
    EXPECT_GT(more, 30);
  }
}

TEST(History, SeeksAcrossGroupsMatchAFreshRun) {
  // Groups of 3 segments of 37 steps: far seeks cross many groups; a group over 150 changed cells
  // has no group skip, so seeks mix group skips with single segments.
  const history::SkipShape shape{.steps = 37, .group = 3, .group_max_cells = 150};
  check_skips(cell_caves, kDefaultHistoryBytes, "caves cell by cell, groups", shape);
  check_skips(flood, kDefaultHistoryBytes, "flood fill, groups", shape);
  // Segments cut short by changed cells (a cave pass changes a row a step).
  check_skips(cell_caves, kDefaultHistoryBytes, "caves, short segments",
              {.steps = 1000, .max_cells = 40, .group = 5});
}

// A big run's log packs each chunk it finishes (history::ByteLog, core/byte_pack.hpp). Read back
// (steps at random, back to the start and forward again, seeks across skips, a cell's history)
// it is the plain log's. A small budget makes small chunks (4 KiB), and packing from the first
// byte makes a small run pack many of them.
TEST(History, APackedLogReadsBackAsThePlainOne) {
  constexpr std::size_t kSmallChunks = std::size_t{256} << 10;
  check_round_trip(cell_caves, "caves cell by cell, packed", kSmallChunks, 0);
  check_round_trip(flood, "flood fill, packed", kSmallChunks, 0);
  check_skips(flood, kSmallChunks, "flood fill, packed", {.steps = 100, .group = 4}, 0);
  check_skips(cell_caves, kSmallChunks, "caves cell by cell, packed", {.steps = 100, .group = 4},
              0);
  Timeline plain(cell_caves(), kSmallChunks, {}, SIZE_MAX);
  Timeline packed(cell_caves(), kSmallChunks, {}, 0);
  run_to_end(plain);
  run_to_end(packed);
  EXPECT_EQ(plain.packed_chunks(), 0u);
  EXPECT_GE(packed.packed_chunks(), 4u);
  EXPECT_LT(packed.history_bytes(), plain.history_bytes());
  // A cell's history reads blocks in many chunks, each unpacked as it comes, and agrees with the
  // plain log's, with the cursor at the end and in the middle.
  for (const std::uint64_t at : {packed.recorded(), packed.recorded() / 2}) {
    plain.seek(at);
    packed.seek(at);
    for (std::uint32_t i = 0; i < packed.grid().size(); i += 7) {
      ASSERT_EQ(packed.cell_history(i), plain.cell_history(i)) << "cell " << i << " at " << at;
    }
  }
}

// A group skip is kept where it is smaller than its segments together: where they changed the
// same cells again (here each segment relabels one block of cells) it writes each cell once. Where
// each changed other cells apart (room accretion takes every cell once, room after room; here
// each segment labels its own block, the blocks side by side) it is their sum again, bigger even
// (the blocks' rows interleave, so their labels no longer run on): none is kept, and crossing goes
// segment by segment. Either way crossing lands on the map at each boundary.
TEST(History, AGroupSkipIsKeptOnlyWhereItIsSmallerThanItsSegments) {
  const history::SkipShape shape{.steps = 1000, .group = 4};
  for (const bool again : {true, false}) {
    Grid g(256, 256, Tile::Wall);
    history::SkipIndex index(shape, {});
    // The same segments without groups: where none is kept, no byte more than this.
    history::SkipIndex segments_only({.steps = shape.steps, .group = 1000}, {});
    std::vector<Grid> at_boundary{g};
    std::uint64_t step = 0;
    for (int segment = 0; segment < 16; ++segment) {
      const int block = again ? 0 : segment;
      for (int k = 0; k < 1000; ++k) {  // a 40 x 25 block, a cell a step
        const Point p{block % 4 * 64 + k % 40, block / 4 * 64 + k / 40};
        const auto cell = static_cast<std::uint32_t>(g.index(p.x, p.y));
        const Cell before = g.cell(cell);
        const Cell after{Tile::Floor, Mark::None, segment + 1, -1};
        g.put(cell, after);
        const CellChange change{cell, before, after};
        index.record({{}, std::span(&change, 1)}, g, ++step, {});
        segments_only.record({{}, std::span(&change, 1)}, g, step, {});
      }
      at_boundary.push_back(g);
    }
    EXPECT_EQ(index.group_skips(), again ? 4u : 0u) << again;
    index.release();
    segments_only.release();
    if (again) {
      EXPECT_GT(index.bytes(), segments_only.bytes());
    } else {  // (an empty vector in each group's place)
      EXPECT_LE(index.bytes(), segments_only.bytes() + 4 * sizeof(std::vector<std::uint8_t>));
    }
    for (const auto& [from, to] :
         {std::pair<std::size_t, std::size_t>{16, 0}, {0, 16}, {16, 1}, {1, 9}, {9, 4}}) {
      Grid moved = at_boundary[from];
      index.cross(from, to, moved, nullptr);
      EXPECT_EQ(moved, at_boundary[to]) << again << ": " << from << " to " << to;
    }
  }
}

// A crossing's budget counts the cells its skips write, not their bytes: a segment that fills a
// block of 1000 cells with one region number packs into a few bytes (the values run on), yet
// costs its thousand cells. A budget of 2500 cells crosses three such segments (at least one
// whatever the budget), and lands on the map at the boundary it reached.
TEST(History, ACrossingsBudgetCountsTheCellsItsSkipsWrite) {
  Grid g(256, 256, Tile::Floor);
  history::SkipIndex index({.steps = 1000, .group = 1000}, {});
  std::vector<Grid> at_boundary{g};
  std::uint64_t step = 0;
  for (int segment = 0; segment < 8; ++segment) {
    for (int k = 0; k < 1000; ++k) {  // a 1000-cell stretch of rows, a cell a step
      const auto cell = static_cast<std::uint32_t>(segment * 1000 + k);
      const Cell before = g.cell(cell);
      const Cell after{Tile::Floor, Mark::None, -1, 7};
      g.put(cell, after);
      const CellChange change{cell, before, after};
      index.record({{}, std::span(&change, 1)}, g, ++step, {});
    }
    at_boundary.push_back(g);
  }
  index.release();
  EXPECT_LT(index.bytes(), 8u * 1000u);  // a byte a cell would be more than all of them
  for (const auto& [budget, from, to] :
       {std::tuple<std::uint64_t, std::size_t, std::size_t>{2500, 8, 5},
        {2500, 0, 3},
        {1, 8, 7},
        {0, 2, 3},
        {3000, 8, 5},
        {UINT64_MAX, 8, 0}}) {
    Grid moved = at_boundary[from];
    const history::SkipIndex::Crossed c =
        index.cross(from, from > 4 ? 0 : 8, moved, nullptr, budget);
    EXPECT_EQ(c.reached, to) << budget << " cells from " << from;
    EXPECT_EQ(moved, at_boundary[to]) << budget << " cells from " << from;
  }
}

// Runs (core/changes.hpp) go into skips as bands of flips: seeks across them, and across
// segments that mix runs with cell changes of the same cells, land exactly. The caves write rows
// and wall their edge cell by cell; bsp-rooms fills leaves with wall and carves rooms row by row.
TEST(History, SeeksAcrossRunsMatchAFreshRun) {
  const auto row_caves = [] { return caves(70, 66, 4); };
  const auto bsp = [] {
    const GeneratorSpec& spec = *find_generator("bsp-rooms");
    ParamValues p(spec.schema);
    EXPECT_FALSE(p.set("width", 90));
    EXPECT_FALSE(p.set("height", 60));
    return start_generator(spec, p, 2);
  };
  for (const history::SkipShape& shape :
       {history::SkipShape{.steps = 100, .group = 4}, history::SkipShape{.steps = 9, .group = 3},
        history::SkipShape{.steps = 1000, .band_cells = 1}}) {
    check_skips(row_caves, kDefaultHistoryBytes, "caves row by row", shape);
    check_skips(bsp, kDefaultHistoryBytes, "bsp-rooms", shape);
    check_skips([] { return test::runs_and_cells(); }, kDefaultHistoryBytes, "runs and cells",
                shape);
  }
}

TEST(History, SkipsOfForgottenHistoryAreDropped) {
  Timeline full(cell_caves(), kDefaultHistoryBytes, {.steps = 100, .group = 4});
  run_to_end(full);
  // A third of the history: the seeks stay inside what is kept.
  check_skips(cell_caves, full.history_bytes() / 3, "caves, bounded");
  Timeline t(cell_caves(), full.history_bytes() / 3, {.steps = 100, .group = 4});
  run_to_end(t);
  EXPECT_GT(t.earliest(), 0u);
  EXPECT_LT(t.history_bytes(), full.history_bytes());
}
