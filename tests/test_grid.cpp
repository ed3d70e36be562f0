#include <gtest/gtest.h>

#include <stdexcept>
#include <utility>
#include <vector>

#include "core/canvas.hpp"
#include "core/geometry.hpp"
#include "core/grid.hpp"
#include "core/packed_ids.hpp"

using namespace dungen;

TEST(Grid, StartsFilledAndUnlabelled) {
  Grid g(5, 3, Tile::Wall);
  EXPECT_EQ(g.width(), 5);
  EXPECT_EQ(g.height(), 3);
  EXPECT_EQ(g.size(), 15u);
  for (std::size_t i = 0; i < g.size(); ++i) {
    EXPECT_EQ(g.tile(i), Tile::Wall);
    EXPECT_EQ(g.label(i), -1);
    EXPECT_EQ(g.region(i), -1);
    EXPECT_EQ(g.mark(i), Mark::None);
  }
}

TEST(Grid, AllocatesALayerOnlyWhenACellLeavesItsDefault) {
  Grid g(6, 4, Tile::Wall);
  EXPECT_FALSE(g.has_marks());
  EXPECT_FALSE(g.has_labels());
  EXPECT_FALSE(g.has_regions());
  EXPECT_TRUE(g.label_values().empty());
  EXPECT_EQ(g.tiles().size(), 24u);
  // Defaults written into absent layers leave them absent.
  g.put(3, {Tile::Floor, Mark::None, -1, -1});
  EXPECT_FALSE(g.has_marks() || g.has_labels() || g.has_regions());
  g.put(5, {Tile::Floor, Mark::None, 9, -1});
  EXPECT_TRUE(g.has_labels());
  EXPECT_FALSE(g.has_marks() || g.has_regions());
  ASSERT_EQ(g.label_values().size(), 24u);
  EXPECT_EQ(g.label(5), 9);
  EXPECT_EQ(g.label(4), -1);
  EXPECT_EQ(g.cell(5), (Cell{Tile::Floor, Mark::None, 9, -1}));
  g.put(7, {Tile::Floor, Mark::Frontier, -1, 2});
  EXPECT_TRUE(g.has_marks() && g.has_regions());
  EXPECT_EQ(g.cell(7), (Cell{Tile::Floor, Mark::Frontier, -1, 2}));
  EXPECT_EQ(g.region_at(1, 1), 2);
  g.clear_regions();
  EXPECT_FALSE(g.has_regions());
  EXPECT_EQ(g.region(7), -1);
  EXPECT_THROW(g.assign_regions(std::vector<std::int32_t>(23, 0)), std::invalid_argument);
  g.assign_regions(std::vector<std::int32_t>(24, 1));
  EXPECT_EQ(g.region(0), 1);
}

TEST(Grid, EqualWhetherALayerOfDefaultsIsAllocatedOrNot) {
  Grid a(3, 2, Tile::Wall);
  Grid b = a;
  b.put(1, {Tile::Wall, Mark::Frontier, 4, 5});
  EXPECT_NE(a, b);
  b.put(1, {Tile::Wall, Mark::None, -1, -1});  // back to defaults, layers stay allocated
  EXPECT_TRUE(b.has_marks() && b.has_labels() && b.has_regions());
  EXPECT_EQ(a, b);
  EXPECT_EQ(b, a);
  b.put(2, {Tile::Wall, Mark::None, 0, -1});
  EXPECT_NE(a, b);
  EXPECT_NE(b, a);
  EXPECT_NE(a, Grid(2, 3, Tile::Wall));
}

// A layer whose every cell is back at its default is given back (a flood fill's frontier marks
// at its end); a layer with one cell off its default stays, and so does what the map reads.
TEST(Grid, DropsTheLayersLeftAtTheirDefault) {
  Grid g(6, 4, Tile::Wall);
  g.put(1, {Tile::Floor, Mark::Frontier, 4, 5});
  g.put(2, {Tile::Floor, Mark::None, 7, 8});
  g.put(1, {Tile::Floor, Mark::None, -1, -1});  // marks all back to None, labels and regions not
  const Grid before = g;
  g.drop_default_layers();
  EXPECT_FALSE(g.has_marks());
  EXPECT_TRUE(g.has_labels());
  EXPECT_TRUE(g.has_regions());
  EXPECT_EQ(g, before);
  EXPECT_EQ(g.cell(2), (Cell{Tile::Floor, Mark::None, 7, 8}));
  // A copy that shared the layer keeps its own.
  EXPECT_TRUE(before.has_marks());
  g.put(2, {Tile::Floor, Mark::Path, -1, -1});  // the last cell off its label and region defaults
  g.drop_default_layers();
  EXPECT_TRUE(g.has_marks());
  EXPECT_FALSE(g.has_labels());
  EXPECT_FALSE(g.has_regions());
  EXPECT_EQ(g.cell(2), (Cell{Tile::Floor, Mark::Path, -1, -1}));
  g.put(5, {Tile::Floor, Mark::None, 3, -1});  // written again: allocated again
  EXPECT_EQ(g.label(5), 3);
}

TEST(Grid, RowMajorIndexing) {
  Grid g(7, 4);
  EXPECT_EQ(g.index(0, 0), 0u);
  EXPECT_EQ(g.index(6, 0), 6u);
  EXPECT_EQ(g.index(0, 1), 7u);
  EXPECT_EQ(g.point(g.index(3, 2)), (Point{3, 2}));
}

TEST(Grid, CheckedAccessThrowsOutside) {
  Grid g(4, 4);
  EXPECT_NO_THROW(g.at(3, 3));
  EXPECT_THROW(g.at(4, 0), std::out_of_range);
  EXPECT_THROW(g.at(0, -1), std::out_of_range);
  EXPECT_THROW(g.label_at(-1, 2), std::out_of_range);
  EXPECT_THROW(g.region_at(0, 4), std::out_of_range);
}

TEST(Grid, RejectsAbsurdSizes) {
  EXPECT_THROW(Grid(0, 5), std::invalid_argument);
  EXPECT_THROW(Grid(5, -1), std::invalid_argument);
  EXPECT_THROW(Grid(kMaxMapSide + 1, 5), std::invalid_argument);
  EXPECT_NO_THROW(Grid(kMaxMapSide, 1));
}

TEST(Canvas, RecordsOnlyRealChanges) {
  Grid g(3, 3, Tile::Wall);
  std::vector<CellChange> log;
  Canvas c(g, &log);
  c.set_tile(1, 1, Tile::Floor);
  c.set_tile(1, 1, Tile::Floor);  // no change: not recorded
  c.set_tile_label(2, 1, Tile::Floor, 7);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[0].index, g.index(1, 1));
  EXPECT_EQ(log[0].before.tile, Tile::Wall);
  EXPECT_EQ(log[0].after.tile, Tile::Floor);
  EXPECT_EQ(log[1].after.label, 7);
  EXPECT_EQ(g.at(2, 1), Tile::Floor);
  EXPECT_EQ(g.label_at(2, 1), 7);
}

TEST(Canvas, ReplayingChangesRebuildsTheGrid) {
  Grid g(4, 2, Tile::Wall);
  const Grid start = g;
  std::vector<CellChange> log;
  Canvas c(g, &log);
  c.set_tile(0, 0, Tile::Floor);
  c.set_region(g.index(0, 0), 3, Mark::Frontier);
  const Tile row[4] = {Tile::Door, Tile::Floor, Tile::Wall, Tile::Corridor};
  c.write_tiles(g.index(0, 1), row, 4);
  Grid replay = start;
  for (const CellChange& ch : log) replay.put(ch.index, ch.after);
  EXPECT_EQ(replay, g);
  for (auto it = log.rbegin(); it != log.rend(); ++it) replay.put(it->index, it->before);
  EXPECT_EQ(replay, start);
}

TEST(Canvas, WriteTilesWithoutLogIsACopy) {
  Grid g(4, 1, Tile::Wall);
  Canvas c(g, nullptr);
  const Tile row[4] = {Tile::Floor, Tile::Floor, Tile::Wall, Tile::Door};
  c.write_tiles(0, row, 4);
  EXPECT_EQ(g.at(0, 0), Tile::Floor);
  EXPECT_EQ(g.at(3, 0), Tile::Door);
  EXPECT_FALSE(c.recording());
}

TEST(Geometry, BresenhamIncludesBothEndsAndSteps8Connected) {
  const auto line = bresenham_line({2, 3}, {9, -1});
  ASSERT_FALSE(line.empty());
  EXPECT_EQ(line.front(), (Point{2, 3}));
  EXPECT_EQ(line.back(), (Point{9, -1}));
  for (std::size_t i = 1; i < line.size(); ++i) {
    EXPECT_LE(std::abs(line[i].x - line[i - 1].x), 1);
    EXPECT_LE(std::abs(line[i].y - line[i - 1].y), 1);
  }
  EXPECT_EQ(line.size(), 8u);  // max(|dx|, |dy|) + 1
  EXPECT_EQ(bresenham_line({4, 4}, {4, 4}).size(), 1u);
  const auto straight = bresenham_line({0, 5}, {0, 1});
  EXPECT_EQ(straight.size(), 5u);
  for (Point p : straight) EXPECT_EQ(p.x, 0);
}

// A copy shares every layer until one side writes one; a write copies that layer only, and the
// other grid still reads as it was (the region phase's map is such a copy of the generator's).
TEST(Grid, ACopySharesItsLayersUntilOneSideWritesThem) {
  Grid a(4, 3, Tile::Wall);
  a.put(2, {Tile::Floor, Mark::None, 7, -1});
  Grid b = a;
  EXPECT_TRUE(b.shares_tiles_with(a));
  EXPECT_TRUE(b.shares_labels_with(a));
  EXPECT_EQ(b.tiles().data(), a.tiles().data());

  // A new layer on the copy (the regions) leaves the shared ones shared.
  b.assign_regions(std::vector<std::int32_t>(12, 3));
  EXPECT_TRUE(b.shares_tiles_with(a) && b.shares_labels_with(a));
  EXPECT_FALSE(a.has_regions());

  // Writing a tile copies the tile layer only: the labels stay shared.
  b.put_tile_label(5, Tile::Floor, -1);
  EXPECT_FALSE(b.shares_tiles_with(a));
  EXPECT_TRUE(b.shares_labels_with(a));
  EXPECT_EQ(a.tile(5), Tile::Wall);
  EXPECT_EQ(b.tile(5), Tile::Floor);
  EXPECT_EQ(b.tile(2), Tile::Floor);  // the copy kept what it shared

  // The original writing its labels gets its own; the copy keeps the old ones.
  a.put(2, {Tile::Floor, Mark::None, 8, -1});
  EXPECT_FALSE(b.shares_labels_with(a));
  EXPECT_EQ(a.label(2), 8);
  EXPECT_EQ(b.label(2), 7);

  // A grid no one shares is written in place.
  const Tile* before = a.tiles().data();
  a.put(0, {Tile::Floor, Mark::None, -1, -1});
  EXPECT_EQ(a.tiles().data(), before);

  // A moved-from grid gives its layers up whole.
  Grid c = std::move(b);
  EXPECT_EQ(c.region(0), 3);
  EXPECT_EQ(c.label(2), 7);
}

// A copy that stands still lends its labels while the grid it was copied from moves on (the region
// phase's map while the cursor is back in the generator's steps): the other's label writes are
// then made in place, not on a copy, and taking them back shares the other's cells again.
TEST(Grid, ACopyLendsItsLabelsAndTakesThemBack) {
  Grid a(4, 3, Tile::Wall);
  a.put(2, {Tile::Floor, Mark::None, 7, -1});
  Grid b = a;
  b.assign_regions(std::vector<std::int32_t>(12, 3));
  ASSERT_TRUE(b.shares_labels_with(a));

  b.lend_labels();
  EXPECT_TRUE(b.lends_labels());
  EXPECT_FALSE(b.has_labels());
  EXPECT_EQ(b.label(2), -1);  // lent labels read as none
  EXPECT_EQ(b.region(2), 3);  // its own layers stay
  EXPECT_TRUE(b.shares_tiles_with(a));
  const std::uint8_t* cells = a.label_layer().narrow();
  a.put(2, {Tile::Floor, Mark::None, 9, -1});  // written in place: no one else holds them
  EXPECT_EQ(a.label_layer().narrow(), cells);
  a.put(2, {Tile::Floor, Mark::None, 7, -1});  // and back

  b.take_back_labels(a);
  EXPECT_FALSE(b.lends_labels());
  EXPECT_TRUE(b.shares_labels_with(a));
  EXPECT_EQ(b.label(2), 7);
  b.take_back_labels(a);  // nothing lent: nothing to do
  EXPECT_TRUE(b.shares_labels_with(a));

  b.lend_labels();
  EXPECT_THROW(b.take_back_labels(Grid(3, 4)), std::invalid_argument);
  EXPECT_TRUE(b.lends_labels());
}

// Canvas writes and runs applied to a copy leave the grid it was copied from as it was.
TEST(Grid, CanvasWritesToACopyLeaveTheOriginal) {
  Grid a(8, 2, Tile::Wall);
  Grid b = a;
  std::vector<CellChange> log;
  RunLog runs;
  Canvas canvas(b, &log, &runs);
  canvas.set_tile(3, 1, Tile::Floor);
  canvas.fill_tiles(9, 4, Tile::Floor);  // a run (core/changes.hpp)
  EXPECT_EQ(a.at(3, 1), Tile::Wall);
  EXPECT_EQ(a.at(2, 1), Tile::Wall);
  EXPECT_EQ(b.at(3, 1), Tile::Floor);
  EXPECT_EQ(b.at(2, 1), Tile::Floor);
  EXPECT_EQ(b.at(5, 1), Tile::Wall);
}

// The region layer takes a byte a cell while every value is -1..254 (a map's few regions), and
// widens to 32 bits, values kept, at the first value past that. Either way it reads the same,
// compares by its values, copies share it until written, and a layer all -1 is dropped.
TEST(Grid, TheRegionLayerIsAByteACellUntilAValueNeedsMore) {
  Grid g(16, 16, Tile::Floor);
  for (std::size_t i = 0; i < g.size(); ++i) g.put(i, {Tile::Floor, Mark::None, -1, int(i) - 1});
  ASSERT_NE(g.region_layer().narrow(), nullptr);  // -1..254
  EXPECT_EQ(g.region_layer().wide(), nullptr);
  EXPECT_EQ(g.region(0), -1);
  EXPECT_EQ(g.region(255), 254);
  EXPECT_EQ(g.max_region(), 254);

  const Grid narrow = g;  // shares the byte layer
  g.put(7, {Tile::Floor, Mark::None, -1, 255});
  ASSERT_NE(g.region_layer().wide(), nullptr);
  EXPECT_EQ(g.region_layer().narrow(), nullptr);
  EXPECT_EQ(g.region(7), 255);
  EXPECT_EQ(g.region(0), -1);
  EXPECT_EQ(g.region(255), 254);  // every value kept through the widening
  EXPECT_EQ(g.max_region(), 255);
  EXPECT_NE(narrow.region_layer().narrow(), nullptr);  // the copy kept its own, narrow
  EXPECT_EQ(narrow.region(7), 6);
  EXPECT_NE(g, narrow);
  g.put(7, {Tile::Floor, Mark::None, -1, 6});  // wide, with the narrow copy's values
  EXPECT_NE(g.region_layer().wide(), nullptr);
  EXPECT_EQ(g, narrow);
  EXPECT_EQ(narrow, g);
  EXPECT_EQ(g.region_values(), narrow.region_values());
  EXPECT_EQ(narrow.region_values()[100], 99);

  // Values given whole: narrow when they all fit, else wide; negative ones past -1 are wide too.
  Grid h(4, 1, Tile::Floor);
  h.assign_regions({-1, 0, 254, 3});
  EXPECT_NE(h.region_layer().narrow(), nullptr);
  EXPECT_EQ(h.region_values(), (std::vector<std::int32_t>{-1, 0, 254, 3}));
  h.assign_regions({-1, 0, 70000, 3});
  EXPECT_NE(h.region_layer().wide(), nullptr);
  EXPECT_EQ(h.region_values(), (std::vector<std::int32_t>{-1, 0, 70000, 3}));
  h.assign_regions({-2, 0, 1, 3});
  EXPECT_NE(h.region_layer().wide(), nullptr);
  EXPECT_EQ(h.region(0), -2);

  // All back to -1, narrow or wide: dropped, and equal to a grid that never had one.
  for (Grid* m : {&g, &h}) {
    for (std::size_t i = 0; i < m->size(); ++i) m->put(i, {Tile::Floor, Mark::None, -1, -1});
    m->drop_default_layers();
    EXPECT_FALSE(m->has_regions());
    EXPECT_EQ(m->max_region(), -1);
  }
  Grid k(4, 1, Tile::Floor);
  k.put(2, {Tile::Floor, Mark::None, -1, 0});
  k.put(2, {Tile::Floor, Mark::None, -1, -1});
  EXPECT_TRUE(k.has_regions());
  EXPECT_EQ(k, h);
  k.drop_default_layers();
  EXPECT_FALSE(k.has_regions());
}

// The label layer is stored the same way (IdLayer): a byte a cell while the labels are -1..254
// (a maze's 60 rooms at 4096x4096), 32 bits from the first label past that, whichever way it is
// written: a cell at a time, a run of cells (Canvas::fill_tile_label), or a run's flips replayed.
TEST(Grid, TheLabelLayerIsAByteACellUntilALabelNeedsMore) {
  Grid g(300, 2, Tile::Wall);
  for (int x = 0; x < 255; ++x) g.put_tile_label(g.index(x, 0), Tile::Floor, x);
  ASSERT_NE(g.label_layer().narrow(), nullptr);
  EXPECT_EQ(g.label(254), 254);
  EXPECT_EQ(g.label(255), -1);
  EXPECT_EQ(g.max_label(), 254);
  const Grid narrow = g;
  EXPECT_TRUE(g.shares_labels_with(narrow));
  g.put_tile_label(g.index(299, 1), Tile::Floor, 255);
  ASSERT_NE(g.label_layer().wide(), nullptr);
  EXPECT_FALSE(g.shares_labels_with(narrow));
  EXPECT_EQ(g.label(254), 254);  // kept through the widening
  EXPECT_EQ(g.max_label(), 255);
  EXPECT_NE(narrow.label_layer().narrow(), nullptr);

  // A run of one label: written narrow while it fits, and it widens the layer when not.
  for (const std::int32_t label : {200, 70000}) {
    Grid m(64, 4, Tile::Wall);
    m.put_tile_label(3, Tile::Floor, 1);  // narrow before
    RunLog runs;
    std::vector<CellChange> changes;
    Canvas canvas(m, &changes, &runs);
    canvas.fill_tile_label(m.index(0, 2), 64, Tile::Floor, label);
    EXPECT_EQ(m.label(m.index(10, 2)), label);
    EXPECT_EQ(m.label(3), 1);
    EXPECT_EQ(m.label_layer().narrow() != nullptr, label == 200) << label;
    // The run's flips replayed backward on a copy, then forward: narrow again when they fit.
    ASSERT_EQ(runs.runs().size(), 1u);
    EXPECT_TRUE(changes.empty());
    Grid before(64, 4, Tile::Wall);
    before.put_tile_label(3, Tile::Floor, 1);
    Grid replay = before;
    apply_run(runs.runs()[0], replay);
    EXPECT_EQ(replay, m) << label;
    EXPECT_EQ(replay.label_layer().narrow() != nullptr, label == 200) << label;
  }
}

// IdLayer::Flips (a run's label flips, cell after cell): each cell takes its value XOR the flip,
// in the layer's bytes while the values fit one, and from the first that does not in 32 bits, the
// cells flipped before it kept; a copy that shared the cells keeps its own.
TEST(Grid, LabelFlipsWriteAByteACellUntilAValueNeedsMore) {
  constexpr std::size_t kN = 100;
  IdLayer layer;
  for (std::size_t i = 0; i < kN; i += 2) layer.set(i, static_cast<std::int32_t>(i % 50), kN);
  ASSERT_NE(layer.narrow(), nullptr);
  const IdLayer before = layer;
  std::vector<std::int32_t> want(kN);
  for (std::size_t i = 0; i < kN; ++i) want[i] = before[i];
  const auto flip = [&](IdLayer::Flips& flips, std::size_t i, std::uint32_t bits) {
    flips(i, bits);
    want[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(want[i]) ^ bits);
  };
  {
    IdLayer::Flips flips(layer, kN);
    for (std::size_t i = 0; i < 40; ++i) flip(flips, i, 3);  // -1 ^ 3 = -4: does not fit
  }
  // -1 flipped by 3 is -4: the first odd cell (1) widened the layer.
  ASSERT_NE(layer.wide(), nullptr);
  for (std::size_t i = 0; i < kN; ++i) EXPECT_EQ(layer[i], want[i]) << i;
  {
    IdLayer::Flips flips(layer, kN);
    for (std::size_t i = 50; i < kN; ++i) flip(flips, i, 0x10000u);  // wide: 32-bit flips
  }
  for (std::size_t i = 0; i < kN; ++i) EXPECT_EQ(layer[i], want[i]) << i;
  for (std::size_t i = 0; i < kN; ++i) {
    EXPECT_EQ(before[i], i % 2 == 0 ? static_cast<std::int32_t>(i % 50) : -1) << i;
  }

  // Flips that keep every value within a byte leave the layer narrow.
  IdLayer narrow = before;
  {
    IdLayer::Flips flips(narrow, kN);
    for (std::size_t i = 0; i < kN; i += 2) flips(i, 0x40);
  }
  ASSERT_NE(narrow.narrow(), nullptr);
  for (std::size_t i = 0; i < kN; i += 2) EXPECT_EQ(narrow[i], (static_cast<int>(i) % 50) ^ 0x40);
  EXPECT_EQ(narrow[1], -1);
}

// A layer packed as runs (core/packed_ids.hpp) reads cell for cell what it held, in both the
// forms it is stored in, and gives the same cells back unpacked.
TEST(PackedIds, ReadsAndUnpacksWhatItPacked) {
  const std::vector<std::int32_t> wide = {-1, -1, 7, 7, 7, 70000, -1, 3, 3, 3, 3, 0, -1};
  const PackedIds w = PackedIds::pack(wide.data(), wide.size());
  EXPECT_TRUE(w.wide());
  EXPECT_EQ(w.size(), wide.size());
  EXPECT_EQ(w.runs(), 7u);
  EXPECT_EQ(w.max(), 70000);
  EXPECT_FALSE(w.all_none());
  for (std::size_t i = 0; i < wide.size(); ++i) EXPECT_EQ(w.at(i), wide[i]) << i;
  for (std::size_t first : {0u, 1u, 4u, 12u}) {
    PackedIds::Reader r(w, first);
    for (std::size_t k = 0; first + k < wide.size(); ++k) EXPECT_EQ(r[k], wide[first + k]);
  }
  std::vector<std::int32_t> back(wide.size(), 99);
  w.unpack(back.data());
  EXPECT_EQ(back, wide);

  const std::vector<std::uint8_t> narrow = {0, 0, 0, 5, 255, 255, 1};  // value + 1 a byte
  const PackedIds n = PackedIds::pack(narrow.data(), narrow.size());
  EXPECT_FALSE(n.wide());
  EXPECT_EQ(n.max(), 254);
  const std::vector<std::int32_t> values = {-1, -1, -1, 4, 254, 254, 0};
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(n.at(i), values[i]) << i;
  std::vector<std::uint8_t> bytes(narrow.size(), 9);
  n.unpack(bytes.data());
  EXPECT_EQ(bytes, narrow);

  const std::vector<std::uint8_t> none(5, 0);
  EXPECT_TRUE(PackedIds::pack(none.data(), none.size()).all_none());
}

// A grid's label and region layers packed (Grid::pack_ids): every cell reads the same, the cells
// the layers held are handed back, a copy that shared them takes the same runs, and a write
// unpacks the layer it goes to, narrow or wide as it was.
TEST(Grid, PackedLabelsAndRegionsReadTheSameAndUnpackOnAWrite) {
  for (const std::int32_t top : {200, 70000}) {
    SCOPED_TRACE(top);
    Grid g(97, 41, Tile::Wall);
    for (std::size_t i = 0; i < g.size(); i += 3) {
      g.put_tile_label(i, Tile::Floor, static_cast<std::int32_t>((i / 40) % 7) - 1);
    }
    g.put_tile_label(g.index(50, 20), Tile::Floor, top);
    std::vector<std::int32_t> regions(g.size());
    for (std::size_t i = 0; i < g.size(); ++i) regions[i] = static_cast<std::int32_t>(i / 500) - 1;
    g.assign_regions(regions);
    const Grid before = g;  // shares both layers' cells
    Grid copy = g;
    ASSERT_TRUE(copy.shares_labels_with(g));
    const void* label_cells = g.label_layer().cells_id();

    // Copies to pack (elsewhere, in the app: its worker), packed, then taken by both grids.
    std::vector<Grid::IdCopy> copies = g.id_layers();
    ASSERT_EQ(copies.size(), 2u);
    EXPECT_EQ(copies[0].cells_were, label_cells);
    for (Grid::IdCopy& c : copies) c.pack();
    EXPECT_EQ(g, before);  // not yet taken: still cells
    ASSERT_EQ(g.label_layer().packed(), nullptr);
    const std::vector<IdLayer::Unpacked> away = g.adopt_packed(copies);
    // The cells the layers held come back to the caller (to free where it costs nothing).
    ASSERT_EQ(away.size(), 2u);
    EXPECT_EQ(away[0].wide.empty(), top <= IdLayer::kNarrowMax);
    EXPECT_FALSE(away[1].narrow.empty());
    ASSERT_NE(g.label_layer().packed(), nullptr);
    ASSERT_NE(g.region_layer().packed(), nullptr);
    EXPECT_EQ(g.label_layer().narrow(), nullptr);
    EXPECT_EQ(g.label_layer().wide(), nullptr);
    EXPECT_EQ(g.label_layer().is_wide(), top > IdLayer::kNarrowMax);
    EXPECT_EQ(g, before);  // cell for cell
    EXPECT_EQ(g.max_label(), top);
    EXPECT_EQ(g.label_values(), before.label_values());
    EXPECT_EQ(g.region_values(), regions);
    EXPECT_TRUE(g.adopt_packed(copies).empty());  // taken once

    EXPECT_EQ(copy.adopt_packed(copies).size(), 2u);
    EXPECT_TRUE(copy.shares_labels_with(g));  // the same runs, not packed twice
    EXPECT_EQ(copy, before);
    // A grid whose cells are others takes none of them.
    Grid other = before;
    Canvas(other, nullptr).set_tile_label(0, 0, Tile::Floor, 3);
    Canvas(other, nullptr).set_region(0, 3);
    EXPECT_TRUE(other.adopt_packed(copies).empty());
    EXPECT_EQ(other.label_layer().packed(), nullptr);

    // A write: the layer is cells again, the rest as it was.
    std::vector<CellChange> log;
    Canvas(g, &log).set_tile_label(1, 1, Tile::Floor, 5);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].before, before.cell(g.index(1, 1)));
    EXPECT_EQ(g.label_layer().packed(), nullptr);
    EXPECT_EQ(g.label_layer().wide() != nullptr, top > IdLayer::kNarrowMax);
    EXPECT_EQ(g.label_at(1, 1), 5);
    Grid expected = before;
    Canvas(expected, nullptr).set_tile_label(1, 1, Tile::Floor, 5);
    EXPECT_EQ(g, expected);
    EXPECT_EQ(copy, before);  // the copy's runs are its own to keep
  }
}

TEST(Grid, RowOfIsTheDivisionForEveryWidthAndTheIndicesThatDecideIt) {
  // Every width; at each, the indices where the row turns (a row's first and last cell) for rows
  // up to the tallest map, where an inexact reciprocal would first be off by one.
  for (int width = 1; width <= kMaxMapSide; ++width) {
    const RowOf row_of(width);
    const auto w = static_cast<std::uint32_t>(width);
    for (const std::uint32_t y : {0u, 1u, 2u, 1000u, 4094u, 4095u}) {
      for (const std::uint32_t index : {y * w, y * w + w - 1, y * w + w / 2}) {
        ASSERT_EQ(row_of(index), index / w) << "width " << width << " index " << index;
      }
    }
  }
  // And every seventh index of the biggest map, at a width that is not a power of two.
  const RowOf row_of(4093);
  for (std::uint32_t index = 0; index < 4093u * 4096u; index += 7) {
    ASSERT_EQ(row_of(index), index / 4093u) << index;
  }
}

// Walkable cells are counted eight tiles at a time (issue 29: compare mode's table counts them on
// two 16 M-cell maps while both panes move): the count must be the cell-by-cell one for every tile,
// whatever the map's size (the last cells a tail shorter than a word).
TEST(Grid, CountsTheWalkableCellsOfEveryTile) {
  for (const auto& [w, h] :
       {std::pair{1, 1}, std::pair{7, 3}, std::pair{8, 8}, std::pair{61, 37}}) {
    Grid g(w, h);
    std::size_t want = 0;
    for (std::size_t i = 0; i < g.size(); ++i) {
      const auto t = static_cast<Tile>((i * 7 + i / 5) % kTileCount);
      g.put(i, {t, Mark::None, -1, -1});
      want += is_walkable(t) ? 1 : 0;
    }
    EXPECT_EQ(g.count_walkable(), want) << w << "x" << h;
  }
}
