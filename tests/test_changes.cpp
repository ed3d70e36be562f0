// How the Canvas records bulk writes (core/changes.hpp): as one run when the cells that change
// all change alike, else cell by cell; and a run applied, expanded and counted.

#include <gtest/gtest.h>

#include <vector>

#include "core/canvas.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"
#include "run_bodies.hpp"

namespace dungen {
namespace {

struct Recorder {
  Grid grid;
  std::vector<CellChange> log;
  RunLog runs;
  Canvas canvas{grid, &log, &runs};
  explicit Recorder(int w, int h, Tile fill = Tile::Wall) : grid(w, h, fill) {}
  std::vector<CellChange> expanded() const {
    std::vector<CellChange> out;
    expand_changes(runs.runs(), log, grid, out);
    return out;
  }
};

// The changes a plain cell-by-cell write of `after` over `before` makes.
std::vector<CellChange> cell_by_cell(const Grid& before, std::size_t first,
                                     const std::vector<Tile>& after) {
  std::vector<CellChange> out;
  for (std::size_t k = 0; k < after.size(); ++k) {
    Cell was = before.cell(first + k), now = was;
    now.tile = after[k];
    if (was != now) out.push_back({static_cast<std::uint32_t>(first + k), was, now});
  }
  return out;
}

TEST(Changes, ARowWhoseCellsFlipAlikeIsOneRun) {
  Recorder r(37, 3);
  std::vector<Tile> row(37);
  for (std::size_t x = 0; x < row.size(); ++x) row[x] = x % 3 == 0 ? Tile::Floor : Tile::Wall;
  const Grid before = r.grid;
  r.canvas.write_tiles(37, row.data(), row.size());
  ASSERT_EQ(r.runs.runs().size(), 1u);
  EXPECT_TRUE(r.log.empty());
  const CellRun& run = r.runs.runs()[0];
  EXPECT_EQ(run.first, 37u);
  EXPECT_EQ(run.count, 37u);
  EXPECT_EQ(run.flip.tile, static_cast<unsigned>(Tile::Wall) ^ static_cast<unsigned>(Tile::Floor));
  EXPECT_EQ(run.changed_cells(), 13u);
  EXPECT_EQ(r.expanded(), cell_by_cell(before, 37, row));
  for (std::size_t x = 0; x < row.size(); ++x) EXPECT_EQ(r.grid.tile(37 + x), row[x]);
  // Applied again, a run undoes itself.
  apply_run(run, r.grid);
  EXPECT_EQ(r.grid, before);
}

TEST(Changes, UnalikeFlipsAndWritesAfterACellChangeGoCellByCell) {
  Recorder r(20, 4);
  std::vector<Tile> row(20, Tile::Floor);
  row[3] = Tile::Door;  // wall->door is another flip than wall->floor
  Grid before = r.grid;
  r.canvas.write_tiles(0, row.data(), row.size());
  EXPECT_TRUE(r.runs.empty());
  EXPECT_EQ(r.log, cell_by_cell(before, 0, row));

  Recorder s(20, 4);
  s.canvas.set_tile(45, Tile::Door);
  std::vector<Tile> floor(20, Tile::Floor);
  s.canvas.write_tiles(20, floor.data(), floor.size());
  EXPECT_TRUE(s.runs.empty()) << "a run must come before the step's cell changes";
  EXPECT_EQ(s.log.size(), 21u);
}

TEST(Changes, AnOverlappingBulkWriteGoesCellByCell) {
  Recorder r(16, 2);
  r.canvas.fill_tiles(0, 16, Tile::Floor);
  r.canvas.fill_tiles(4, 4, Tile::Door);
  ASSERT_EQ(r.runs.runs().size(), 1u);
  EXPECT_EQ(r.log.size(), 4u);
  // The expansion walks the rewritten cells right: floor after the run, then door.
  const std::vector<CellChange> all = r.expanded();
  ASSERT_EQ(all.size(), 20u);
  EXPECT_EQ(all[4].before.tile, Tile::Wall);
  EXPECT_EQ(all[4].after.tile, Tile::Floor);
  EXPECT_EQ(all[16].before.tile, Tile::Floor);
  EXPECT_EQ(all[16].after.tile, Tile::Door);
}

TEST(Changes, AFillOfTileAndLabelIsOneRunWhenItsCellsWereAlike) {
  Recorder r(10, 3);
  r.canvas.fill_tile_label(12, 6, Tile::Floor, 4);
  ASSERT_EQ(r.runs.runs().size(), 1u);
  const LayerFlip flip = r.runs.runs()[0].flip;
  EXPECT_EQ(flip.tile, static_cast<unsigned>(Tile::Wall) ^ static_cast<unsigned>(Tile::Floor));
  EXPECT_EQ(flip.label, static_cast<std::uint32_t>(-1) ^ 4u);
  EXPECT_EQ(r.grid.label(12), 4);
  EXPECT_EQ(r.grid.label(17), 4);
  EXPECT_EQ(r.grid.label(18), -1);

  // Over cells that held two labels: one flip cannot say both.
  Recorder s(10, 3);
  s.canvas.fill_tile_label(0, 10, Tile::Floor, 1);
  s.runs.clear();
  s.log.clear();
  s.canvas.set_label(3, 2);
  s.log.clear();
  s.canvas.fill_tile_label(0, 10, Tile::Floor, 7);
  EXPECT_TRUE(s.runs.empty());
  EXPECT_EQ(s.log.size(), 10u);
}

// A fill over cells that all held the same tile and label (a room's rock) changes every one of
// them alike: one run with a bit for each cell, whether the labels are held a byte a cell, 32 bits
// a cell or not at all yet; the same fill recording nothing leaves the same map; and a fill that
// changes nothing records nothing.
TEST(Changes, AFillOfAlikeCellsIsOneRunOfEveryCell) {
  for (const std::int32_t held : {-1, 3, 1 << 20}) {  // none yet, a byte a cell, 32 bits a cell
    Recorder r(40, 3);
    Grid plain(40, 3, Tile::Wall);
    if (held != -1) {
      for (std::size_t i = 0; i < r.grid.size(); ++i) {
        r.grid.put(i, {.tile = Tile::Wall, .label = held});
        plain.put(i, {.tile = Tile::Wall, .label = held});
      }
    }
    const Grid before = r.grid;
    r.canvas.fill_tile_label(43, 21, Tile::Floor, 7);  // 2 whole bytes of bits and 5 more
    ASSERT_EQ(r.runs.runs().size(), 1u) << held;
    EXPECT_TRUE(r.log.empty());
    const CellRun& run = r.runs.runs()[0];
    EXPECT_EQ(run.changed_cells(), 21u) << held;
    EXPECT_EQ(run.flip.tile,
              static_cast<unsigned>(Tile::Wall) ^ static_cast<unsigned>(Tile::Floor));
    EXPECT_EQ(run.flip.label, static_cast<std::uint32_t>(held) ^ 7u);
    std::vector<CellChange> want;
    for (std::uint32_t i = 43; i < 64; ++i) {
      want.push_back({i, before.cell(i), {.tile = Tile::Floor, .label = 7}});
    }
    EXPECT_EQ(r.expanded(), want) << held;
    Canvas(plain, nullptr).fill_tile_label(43, 21, Tile::Floor, 7);
    EXPECT_EQ(plain, r.grid) << held;

    r.runs.clear();
    r.canvas.fill_tile_label(43, 21, Tile::Floor, 7);  // again: nothing changes
    EXPECT_TRUE(r.runs.empty()) << held;
    EXPECT_TRUE(r.log.empty()) << held;
  }
}

// A fill of chosen cells (a row's corridors, its walls left out) is one run over the stretch,
// with only the chosen cells in it, and leaves the others as they were.
TEST(Changes, AFillOfChosenCellsIsOneRunThatLeavesTheOthers) {
  Recorder r(24, 2);
  for (std::size_t i = 0; i < r.grid.size(); ++i) {
    r.grid.put(i, {.tile = Tile::Floor, .label = 5});
  }
  r.grid.put(9, {.tile = Tile::Wall, .label = -1});  // not chosen: stays a wall
  // Cells 4..19 of the first row, every other one chosen, and 19.
  std::vector<std::uint8_t> which(2, 0);
  std::vector<CellChange> want;
  for (std::size_t k = 0; k < 16; ++k) {
    if (k % 2 != 0 && k != 15) continue;
    which[k / 8] |= static_cast<std::uint8_t>(1u << (k % 8));
    const std::size_t i = 4 + k;
    Cell after = r.grid.cell(i);
    after.tile = Tile::Corridor;
    after.label = -1;
    want.push_back({static_cast<std::uint32_t>(i), r.grid.cell(i), after});
  }
  const Grid before = r.grid;
  r.canvas.fill_tile_label_where(4, 16, which.data(), Tile::Corridor, -1);
  ASSERT_EQ(r.runs.runs().size(), 1u);
  EXPECT_TRUE(r.log.empty());
  EXPECT_EQ(r.runs.runs()[0].changed_cells(), 9u);
  EXPECT_EQ(r.expanded(), want);
  for (std::size_t i = 0; i < r.grid.size(); ++i) {
    const bool chosen = i >= 4 && i < 20 && ((i - 4) % 2 == 0 || i == 19);
    EXPECT_EQ(r.grid.tile(i), chosen ? Tile::Corridor : before.tile(i)) << i;
    EXPECT_EQ(r.grid.label(i), chosen ? -1 : before.label(i)) << i;
  }
  apply_run(r.runs.runs()[0], r.grid);
  EXPECT_EQ(r.grid, before);

  // Chosen cells that were unalike go cell by cell, still only the chosen ones.
  Recorder s(24, 2);
  s.grid.put(5, {.tile = Tile::Door, .label = 9});   // not chosen
  s.grid.put(6, {.tile = Tile::Floor, .label = 3});  // another flip than cell 4's
  const std::uint8_t two = 0b101;                    // cells 4 and 6
  s.canvas.fill_tile_label_where(4, 3, &two, Tile::Corridor, 1);
  EXPECT_TRUE(s.runs.empty());
  ASSERT_EQ(s.log.size(), 2u);
  EXPECT_EQ(s.log[0].index, 4u);
  EXPECT_EQ(s.log[1].index, 6u);
  EXPECT_EQ(s.grid.cell(5), (Cell{.tile = Tile::Door, .label = 9}));
  EXPECT_EQ(s.grid.label(6), 1);
}

TEST(Changes, NothingIsRecordedWhenNothingIsRecording) {
  Grid g(12, 2, Tile::Wall);
  RunLog runs;
  Canvas canvas(g, nullptr, &runs);
  std::vector<Tile> row(12, Tile::Floor);
  canvas.write_tiles(12, row.data(), row.size());
  canvas.fill_tile_label(0, 5, Tile::Floor, 3);
  EXPECT_TRUE(runs.empty());
  EXPECT_EQ(g.tile(13), Tile::Floor);
  EXPECT_EQ(g.label(4), 3);
}

// A stepper's changes() is its runs' cells then its cell changes, each cell's before and after
// exactly what a replay sees: replaying them, step by step, rebuilds every map.
TEST(Changes, AStepsChangesReplayItsMapsExactly) {
  Stepper s = test::runs_and_cells();
  Grid replay = s.grid();
  int with_runs = 0;
  while (s.next()) {
    with_runs += s.runs().empty() ? 0 : 1;
    for (const CellChange& c : s.changes()) {
      ASSERT_EQ(replay.cell(c.index), c.before) << "step " << s.steps_taken();
      replay.put(c.index, c.after);
    }
    ASSERT_EQ(replay, s.grid()) << "step " << s.steps_taken();
  }
  EXPECT_GT(with_runs, 150);
}

// A pass of a big cave is recorded as runs: a bit a cell, not a change a cell.
TEST(Changes, ACavePassIsRecordedAsRuns) {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  ParamValues p(spec.schema);
  ASSERT_FALSE(p.set("width", 512));
  ASSERT_FALSE(p.set("height", 64));
  Timeline t(start_generator(spec, p, 3));
  run_to_end(t);
  const Timeline::Usage u = t.usage();
  EXPECT_GT(u.changes, 512u * 64u / 2);
  EXPECT_LT(static_cast<double>(u.change_bytes) / static_cast<double>(u.changes), 0.6);
}

TEST(Changes, BitCountCountsEveryBitOfAWord) {
  EXPECT_EQ(lanes::bit_count(0), 0u);
  EXPECT_EQ(lanes::bit_count(~std::uint64_t{0}), 64u);
  EXPECT_EQ(lanes::bit_count(std::uint64_t{1} << 63), 1u);
  // Against counting bit by bit, over words of every density.
  std::uint64_t x = 0x9E3779B97F4A7C15ULL;
  for (int k = 0; k < 1000; ++k) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    const std::uint64_t word = k % 3 == 0 ? x & (x >> 1) : k % 3 == 1 ? x | (x << 3) : x;
    unsigned slow = 0;
    for (int b = 0; b < 64; ++b) slow += static_cast<unsigned>((word >> b) & 1u);
    EXPECT_EQ(lanes::bit_count(word), slow) << word;
  }
}

}  // namespace
}  // namespace dungen
