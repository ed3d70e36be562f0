#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "core/rng.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/cellular_caves.hpp"
#include "generators/registry.hpp"
#include "generators/rooms_and_tunnels.hpp"
#include "run_bodies.hpp"

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

// While its map's labels are lent (Grid::lend_labels) a timeline's cursor stays put: moving it
// would read and write labels that are not there.
TEST(Timeline, TheCursorStaysPutWhileTheLabelsAreLent) {
  Timeline t(fresh(4));
  run_steps(t, 300);
  const Grid copy = t.grid();  // the map the labels are taken back from
  t.lend_labels();
  EXPECT_THROW(t.next(), std::logic_error);
  EXPECT_THROW(t.back(), std::logic_error);
  EXPECT_THROW(t.seek(10), std::logic_error);
  EXPECT_EQ(t.cursor(), 300u);
  t.take_back_labels(copy);
  EXPECT_TRUE(t.grid().shares_labels_with(copy));
  EXPECT_TRUE(t.back());
  EXPECT_NE(t.next(), nullptr);
  Stepper reference = fresh(4);
  run_steps(reference, 300);
  EXPECT_EQ(t.grid(), reference.grid());
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

TEST(Timeline, ForgetHistoryLetsThePastBeforeTheCursorGo) {
  // Chunks of 4 KB (a budget of 256 KB, never reached): 2000 steps fill several. Forgetting
  // drops every chunk before the cursor's; the cursor, its map and the steps after it stay.
  Timeline t(fresh(2), 256 * 1024);
  Stepper reference = fresh(2);
  run_steps(t, 2000);
  run_steps(reference, 2000);
  ASSERT_EQ(t.earliest(), 0u);
  t.seek(1500);
  const Grid at_cursor = t.grid();
  const std::size_t before = t.history_bytes();
  t.forget_history();
  EXPECT_GT(t.earliest(), 0u);
  EXPECT_LE(t.earliest(), 1500u);
  EXPECT_LT(t.history_bytes(), before);
  EXPECT_EQ(t.cursor(), 1500u);
  EXPECT_EQ(t.recorded(), 2000u);
  EXPECT_EQ(t.grid(), at_cursor);
  EXPECT_EQ(t.step_at(t.earliest()), nullptr);
  EXPECT_NE(t.step_at(t.earliest() + 1), nullptr);
  // Back as far as what is kept, then forward again to the reference's map.
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

// cell_history against a replay: a fresh stepper run step by step, each step's changes of the
// chosen cells collected as they happen.
namespace {

using Touches = std::vector<Timeline::CellTouch>;

std::vector<CellChange> vec_of(std::span<const CellChange> s) {
  return {s.begin(), s.end()};
}

// What a replay saw of some cells: by_cell[i] is cells[i]'s touches, one a step, oldest first.
struct Replayed {
  std::vector<std::uint32_t> cells;
  std::vector<Touches> by_cell;
  std::uint64_t steps = 0;
};

// A step that writes a cell more than once is one touch, from its first change's before to its
// last change's after.
Replayed replay(Stepper s, std::vector<std::uint32_t> cells) {
  Replayed r;
  r.cells = std::move(cells);
  r.by_cell.resize(r.cells.size());
  std::vector<int> slot(s.grid().size(), -1);
  for (std::size_t i = 0; i < r.cells.size(); ++i) slot[r.cells[i]] = static_cast<int>(i);
  while (s.next()) {
    ++r.steps;
    for (const CellChange& c : s.changes()) {
      if (slot[c.index] < 0) continue;
      Touches& t = r.by_cell[static_cast<std::size_t>(slot[c.index])];
      if (!t.empty() && t.back().step == r.steps) {
        t.back().after = c.after;
      } else {
        t.push_back({r.steps, c.before, c.after});
      }
    }
  }
  return r;
}

// About 50 cells of the map: half where the run changed something after step `after` (so that
// few histories are empty), the rest anywhere. Distinct, in no particular order.
std::vector<std::uint32_t> pick_cells(Stepper s, std::uint64_t seed, std::uint64_t after) {
  std::vector<bool> touched(s.grid().size(), false);
  for (std::uint64_t k = 1; s.next(); ++k) {
    if (k <= after) continue;
    for (const CellChange& c : s.changes()) touched[c.index] = true;
  }
  std::vector<std::uint32_t> changed;
  for (std::uint32_t i = 0; i < touched.size(); ++i) {
    if (touched[i]) changed.push_back(i);
  }
  Rng rng(seed);
  const auto size = static_cast<std::uint32_t>(touched.size());
  std::vector<bool> taken(size, false);
  std::vector<std::uint32_t> cells;
  for (int i = 0; i < 50; ++i) {
    const bool from_changed = i % 2 == 0 && !changed.empty();
    const std::uint32_t c = from_changed
                                ? changed[rng.below(static_cast<std::uint32_t>(changed.size()))]
                                : rng.below(size);
    if (!taken[c]) cells.push_back(c);
    taken[c] = true;
  }
  return cells;
}

// The timeline's history of every chosen cell is the replay's, less the steps it forgot, and
// asking leaves the cursor and the map where they were.
void expect_histories(const Timeline& t, const Replayed& r, const std::string& what) {
  const std::uint64_t cursor = t.cursor();
  const Grid before = t.grid();
  std::size_t touches = 0;
  for (std::size_t i = 0; i < r.cells.size(); ++i) {
    Touches want;
    for (const Timeline::CellTouch& touch : r.by_cell[i]) {
      if (touch.step > t.earliest()) want.push_back(touch);
    }
    const Touches got = t.cell_history(r.cells[i]);
    ASSERT_EQ(got.size(), want.size()) << what << ", cell " << r.cells[i];
    for (std::size_t k = 0; k < want.size(); ++k) {
      ASSERT_EQ(got[k].step, want[k].step) << what << ", cell " << r.cells[i] << " touch " << k;
      ASSERT_EQ(got[k].before, want[k].before)
          << what << ", cell " << r.cells[i] << " step " << want[k].step;
      ASSERT_EQ(got[k].after, want[k].after)
          << what << ", cell " << r.cells[i] << " step " << want[k].step;
    }
    touches += want.size();
  }
  EXPECT_GT(touches, 0u) << what << ": the cells chosen have some history";
  EXPECT_EQ(t.cursor(), cursor);
  EXPECT_EQ(t.grid(), before);
}

// A run's histories with the cursor at its end, in its middle (where the touches on either side
// are walked out from the map in opposite directions), at the earliest step and after stepping
// on from the middle; then the map and steps are still the replay's.
// forgets: the budget is small enough that the oldest steps go.
void check_cell_history(const std::function<Stepper()>& make, const std::string& what,
                        std::size_t budget = kDefaultHistoryBytes, history::SkipShape shape = {},
                        bool forgets = false) {
  Timeline t(make(), budget, shape);
  run_to_end(t);
  const Replayed r = replay(make(), pick_cells(make(), 7, t.earliest()));
  ASSERT_EQ(t.recorded(), r.steps) << what;
  if (forgets) {
    // Some cells' histories are cut: touched both before and after the earliest step.
    ASSERT_GT(t.earliest(), 0u) << what;
    const auto cut = std::count_if(r.by_cell.begin(), r.by_cell.end(), [&](const Touches& h) {
      return !h.empty() && h.front().step <= t.earliest() && h.back().step > t.earliest();
    });
    EXPECT_GT(cut, 0) << what;
  }
  expect_histories(t, r, what + " at the end");
  const std::uint64_t middle = t.earliest() + (t.recorded() - t.earliest()) / 2;
  t.seek(middle);
  ASSERT_EQ(t.cursor(), middle);
  expect_histories(t, r, what + " in the middle");
  t.seek(0);
  expect_histories(t, r, what + " at the earliest step");
  t.seek(middle);
  for (int i = 0; i < 3 && t.next(); ++i) {
  }
  expect_histories(t, r, what + " after stepping on");
  Stepper reference = make();
  run_steps(reference, t.cursor());
  EXPECT_EQ(t.grid(), reference.grid()) << what;
  EXPECT_EQ(vec_of(t.changes_at(t.cursor())), vec_of(reference.changes())) << what;
}

ParamValues small(const GeneratorSpec& spec) {
  ParamValues p = spec.schema.defaults();
  p.set_clamped("width", 48);
  p.set_clamped("height", 32);
  return p;
}

Stepper cell_caves() {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  ParamValues p = small(spec);
  EXPECT_FALSE(p.set("step_cells", 1));
  return start_generator(spec, p, 6);
}

// The flood fill writes the region layer (and marks its frontier), which generators leave alone.
Stepper flood() {
  Stepper c = cell_caves();
  run_to_end(c);
  return start_region_stepper(c.grid(), region_schema().defaults());
}

// Steps that write one cell several times, in different layers, and some that put it back as it
// was (a touch whose before and after are equal), spread over many blocks.
StepGenerator rewrites(StepContext& ctx, ParamValues) {
  Canvas& canvas = ctx.canvas();
  const auto size = static_cast<std::uint32_t>(ctx.grid().size());
  for (std::uint32_t round = 0; round < 400; ++round) {
    const std::size_t i = round * 37 % size;
    const Cell was = ctx.grid().cell(i);
    canvas.set_tile(i, round % 3 ? Tile::Floor : Tile::Door);
    canvas.set_mark(i, round % 4 ? Mark::Frontier : Mark::None);
    if (round % 5 == 0) canvas.set_label(i, static_cast<std::int32_t>(round));
    if (round % 7 == 0) canvas.set_cell(i, was);
    if (round % 3 == 1) canvas.set_region(round * 11 % size, static_cast<std::int32_t>(round));
    co_yield Step{.level = StepLevel::Cell, .last = round == 399};
  }
}

Stepper rewriting() {
  return Stepper(rewrites, ParamValues(), Grid(13, 9, Tile::Wall), Rng(3), 1);
}

}  // namespace

TEST(CellHistory, EveryGeneratorMatchesAReplay) {
  for (const GeneratorSpec* spec : all_generators()) {
    check_cell_history([spec] { return start_generator(*spec, small(*spec), 4); },
                       std::string(spec->name));
  }
}

TEST(CellHistory, CavesCellByCellAndFloodFillMatchAReplay) {
  check_cell_history(cell_caves, "caves cell by cell");
  check_cell_history(flood, "flood fill");
  check_cell_history(rewriting, "cells rewritten within a step");
  check_cell_history([] { return test::runs_and_cells(); }, "runs and cell changes");
}

// With a budget that forgets the older blocks, only the steps still reachable are listed, and
// their values still come out exact (the earliest touches' before-cells included).
TEST(CellHistory, ForgottenStepsAreLeftOut) {
  Timeline full(cell_caves());
  run_to_end(full);
  check_cell_history(cell_caves, "caves, a third kept", full.history_bytes() / 3,
                     {.steps = 100, .group = 4}, true);
}

// A read in parts (a few records a call, as a frame's budget allows), resumed as the run grows
// and after the oldest steps were forgotten, finds what a whole read of the run finds; each call
// gets on (a read of B blocks takes at most B + 1 calls however small the part).
void check_read_in_parts(const std::function<Stepper()>& make, const std::string& what,
                         std::size_t budget = kDefaultHistoryBytes, history::SkipShape shape = {}) {
  Timeline t(make(), budget, shape);
  std::vector<Timeline::CellHistoryRead> reads;
  for (const std::uint32_t c : pick_cells(make(), 11, 0)) reads.emplace_back(c);
  std::size_t touched = 0;
  for (int round = 0; round < 1000; ++round) {
    std::uint64_t steps = 0;
    for (; steps < 97 && t.next(); ++steps) {
    }
    for (Timeline::CellHistoryRead& read : reads) {
      const std::uint64_t blocks = t.recorded() / history::kBlockSteps + 1;
      std::uint64_t calls = 1;
      for (const std::uint64_t part : {1, 3}) {
        while (!t.read_cell_history(read, part)) ++calls;
      }
      ASSERT_LE(calls, blocks + 1) << what << ", cell " << read.index();
      ASSERT_EQ(read.read_to(), t.recorded()) << what;
      const std::vector<Timeline::CellTouch> whole = t.cell_history(read.index());
      ASSERT_EQ(t.cell_touches(read), whole)
          << what << ", cell " << read.index() << " at step " << t.recorded();
      touched += whole.size();
    }
    if (steps == 0) break;
  }
  EXPECT_GT(touched, 0u) << what;
  EXPECT_FALSE(t.next()) << what << ": the run ended";
}

TEST(CellHistory, ReadInPartsAsTheRunGrowsIsTheWholeRead) {
  check_read_in_parts(cell_caves, "caves cell by cell");
  check_read_in_parts(flood, "flood fill");
  check_read_in_parts([] { return test::runs_and_cells(); }, "runs and cell changes");
  const GeneratorSpec& mazes = *find_generator("rooms-and-mazes");
  check_read_in_parts([&] { return start_generator(mazes, small(mazes), 4); }, "rooms-and-mazes");
  // The oldest steps forgotten while the reads go on: the touches left are a fresh read's.
  Timeline full(cell_caves());
  run_to_end(full);
  check_read_in_parts(cell_caves, "caves, a third kept", full.history_bytes() / 3,
                      {.steps = 100, .group = 4});
}

// One record a call: the read stops after each block that may hold the cell, and gets on with
// every call (what it has read grows) until it is done.
TEST(CellHistory, AReadOfOneRecordACallGetsOnEachCall) {
  Timeline t(flood());
  run_to_end(t);
  const std::uint32_t centre =
      static_cast<std::uint32_t>(t.grid().index(t.grid().width() / 2, t.grid().height() / 2));
  Timeline::CellHistoryRead read(centre);
  std::uint64_t calls = 1, before = read.read_to();
  while (!t.read_cell_history(read, 1)) {
    ++calls;
    ASSERT_GT(read.read_to(), before);
    ASSERT_LT(read.read_to(), t.recorded());
    before = read.read_to();
  }
  EXPECT_GE(calls, 2u);
  EXPECT_EQ(read.read_to(), t.recorded());
  EXPECT_EQ(t.cell_touches(read), t.cell_history(centre));
}

TEST(CellHistory, OutsideTheMapIsEmpty) {
  Timeline t(cell_caves());
  run_steps(t, 100);
  EXPECT_TRUE(t.cell_history(static_cast<std::uint32_t>(t.grid().size())).empty());
  EXPECT_TRUE(t.cell_history(UINT32_MAX).empty());
}

// changed_cells_at names exactly the cells changes_at does, in the same order, for every step of
// a run with cell changes (rooms and tunnels) and one with runs (a cave's rows), from the cursor
// at the end and from the cursor in the middle (a step's runs are read the same either way); with
// a limit they would pass, it names none and says so.
TEST(Timeline, ChangedCellsAtNameTheCellsOfChangesAt) {
  ParamValues caves(cellular_caves_spec().schema);
  ASSERT_FALSE(caves.set("width", 96));
  ASSERT_FALSE(caves.set("height", 64));
  std::vector<Timeline> runs;
  runs.emplace_back(fresh(5));
  runs.emplace_back(start_generator(cellular_caves_spec(), caves, 5));
  for (Timeline& t : runs) {
    while (t.next()) {
    }
    ASSERT_GT(t.recorded(), 100u);
    for (const std::uint64_t cursor : {t.recorded(), t.recorded() / 2}) {
      t.seek(cursor);
      std::size_t cells = 0;
      for (std::uint64_t k = t.earliest() + 1; k <= t.recorded(); ++k) {
        std::vector<std::uint32_t> expected;
        for (const CellChange& c : t.changes_at(k)) expected.push_back(c.index);
        std::vector<std::uint32_t> got{7};                             // appended to, not replaced
        ASSERT_TRUE(t.changed_cells_at(k, got, 1 + expected.size()));  // the limit, just met
        ASSERT_EQ(got.front(), 7u);
        got.erase(got.begin());
        ASSERT_EQ(got, expected) << "step " << k << " of " << t.recorded() << ", cursor " << cursor;
        if (!expected.empty()) {
          std::vector<std::uint32_t> over{7};
          ASSERT_FALSE(t.changed_cells_at(k, over, expected.size())) << "step " << k;
          ASSERT_EQ(over, std::vector<std::uint32_t>{7}) << "step " << k;
        }
        cells += got.size();
      }
      EXPECT_GT(cells, 1000u);
    }
  }
  std::vector<std::uint32_t> none;
  runs[0].changed_cells_at(0, none);
  runs[0].changed_cells_at(runs[0].recorded() + 1, none);
  EXPECT_TRUE(none.empty());
}
