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

}  // namespace
}  // namespace dungen
