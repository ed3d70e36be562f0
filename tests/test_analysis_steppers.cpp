// The level analyses as steppers (analysis/analysis.hpp): over every generator's maps and random
// floors, with both connectivities, each analysis stepped ends with the map it gives at once, steps
// back to its cleared start and forward again, lights every pseudocode line, words every step, and
// says what the fast functions (analysis/distances.hpp, analysis/level_shape.hpp, checked against
// naive references in test_level_analysis.cpp) find: each cell's distance, the farthest pair and
// its walk, the dead ends and their corridors, one loop per edge left out of the tree, and the
// articulation cells with what each cuts off.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"
#include "analysis/distances.hpp"
#include "analysis/level_shape.hpp"
#include "analysis/regions.hpp"
#include "core/rng.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"

namespace dungen {
namespace {

struct Case {
  std::string name;
  Grid map;
  std::optional<Point> start;
};

std::vector<Case> make_cases() {
  std::vector<Case> out;
  for (const GeneratorSpec* spec : all_generators()) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      ParamValues p = spec->schema.defaults();
      ParamValues q = p;
      if (q.set("width", 41) || q.set("height", 25) || q.validate()) q = p;
      Stepper s = start_generator(*spec, q, seed, false);
      run_to_end(s);
      out.push_back(
          {std::string(spec->name) + " seed " + std::to_string(seed), s.grid(), s.layout().start});
    }
  }
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Rng rng(seed, 77);
    Grid g(19, 13, Tile::Wall);
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (rng.uniform_int(0, 99) < 60) g.put(i, {Tile::Floor, Mark::None, -1, -1});
    }
    out.push_back({"random floor seed " + std::to_string(seed), g, std::nullopt});
  }
  out.push_back({"all wall", Grid(9, 7, Tile::Wall), std::nullopt});
  return out;
}

const std::vector<Case>& cases() {
  static const std::vector<Case> list = make_cases();
  return list;
}

ParamValues connectivity(int conn) {
  ParamValues p(region_schema());
  EXPECT_FALSE(p.set("connectivity", conn));
  return p;
}

std::vector<std::int32_t> region_layer(const Grid& g) {
  std::vector<std::int32_t> out(g.size());
  for (std::size_t i = 0; i < g.size(); ++i) out[i] = g.region(i);
  return out;
}

std::vector<std::size_t> marked(const Grid& g, Mark m) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < g.size(); ++i) {
    if (g.mark(i) == m) out.push_back(i);
  }
  return out;
}

bool joined(Point a, Point b, int conn) {
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  if (dx > 1 || dy > 1 || dx + dy == 0) return false;
  return conn == 8 || dx + dy == 1;
}

// Every step of a run, recorded.
std::vector<Step> all_steps(Stepper& s) {
  std::vector<Step> out;
  while (const Step* step = s.next()) out.push_back(*step);
  return out;
}

TEST(AnalysisSteppers, SteppedEndsWithTheMapAtOnceAndStepsBackToTheCleared) {
  for (const Case& c : cases()) {
    for (const int conn : {4, 8}) {
      const ParamValues p = connectivity(conn);
      for (const AnalysisSpec& a : all_analyses()) {
        SCOPED_TRACE(c.name + ", " + std::string(a.name) + ", connectivity " +
                     std::to_string(conn));
        const Grid once = analyse_at_once(a.kind, c.map, c.start, p);
        Timeline t(start_analysis(a.kind, c.map, c.start, p));
        while (t.next()) {
        }
        ASSERT_TRUE(t.at_end());
        ASSERT_EQ(t.grid(), once);
        // The tiles and labels are the generator's: only regions and marks are the analysis's.
        for (std::size_t i = 0; i < c.map.size(); ++i) {
          ASSERT_EQ(t.grid().tile(i), c.map.tile(i));
          ASSERT_EQ(t.grid().label(i), c.map.label(i));
        }
        const std::vector<std::int64_t> end_stats(t.stats().begin(), t.stats().end());
        Stepper batch = start_analysis(a.kind, c.map, c.start, p, false);
        run_to_end(batch);
        ASSERT_EQ(batch.grid(), once);
        ASSERT_EQ(std::vector<std::int64_t>(batch.stats().begin(), batch.stats().end()), end_stats);
        const std::uint64_t end = t.cursor();
        t.seek(0);
        ASSERT_EQ(t.grid(), analysis_canvas(c.map));
        t.seek(end / 2);
        t.seek(end);
        ASSERT_EQ(t.grid(), once);
        ASSERT_EQ(std::vector<std::int64_t>(t.stats().begin(), t.stats().end()), end_stats);
      }
    }
  }
}

TEST(AnalysisSteppers, EveryLineIsLitAndEveryStepWorded) {
  for (const AnalysisSpec& a : all_analyses()) {
    const Narration& n = a.narration();
    std::vector<int> lit(n.pseudocode.size(), 0);
    for (const Case& c : cases()) {
      for (const int conn : {4, 8}) {
        const ParamValues p = connectivity(conn);
        Stepper s = start_analysis(a.kind, c.map, c.start, p);
        ASSERT_EQ(s.stats().size(), n.stat_slots);
        std::uint64_t k = 0;
        while (const Step* step = s.next()) {
          ++k;
          ASSERT_GE(step->line, 0);
          ASSERT_LT(step->line, static_cast<int>(lit.size()));
          ++lit[static_cast<std::size_t>(step->line)];
          const std::string words = n.words(*step, p);
          ASSERT_FALSE(words.empty());
          ASSERT_EQ(words.find('?'), std::string::npos) << a.name << " step " << k << ": " << words;
          ASSERT_EQ(k == 1, step->event.kind == kEventBegin) << a.name;
          ASSERT_EQ(step->last, step->event.kind == kEventDone) << a.name;
        }
        ASSERT_FALSE(n.stat_rows(s.stats(), p).empty());
      }
    }
    for (std::size_t line = 0; line < lit.size(); ++line) {
      EXPECT_GT(lit[line], 0) << a.name << " never lights: " << n.pseudocode[line];
    }
  }
}

TEST(AnalysisSteppers, BadParametersAndUnknownNamesAreRefused) {
  const Grid g(5, 5, Tile::Floor);
  ParamValues other(all_generators().front()->schema);
  EXPECT_THROW(start_analysis(AnalysisKind::Distance, g, std::nullopt, other),
               std::invalid_argument);
  EXPECT_EQ(find_analysis("diameter"), nullptr);
  for (const AnalysisSpec& a : all_analyses()) {
    EXPECT_EQ(find_analysis(a.name), &a);
    EXPECT_EQ(&analysis_spec(a.kind), &a);
  }
}

// Each cell is taken at its breadth-first distance, ring by ring; each ring's count is its cells.
TEST(DistanceStepper, TakesEachCellAtItsDistanceRingByRing) {
  for (const Case& c : cases()) {
    for (const int conn : {4, 8}) {
      SCOPED_TRACE(c.name + ", connectivity " + std::to_string(conn));
      const auto start = analysis::analysis_start(c.map, c.start, conn);
      Stepper s = start_analysis(AnalysisKind::Distance, c.map, c.start, connectivity(conn));
      const std::vector<Step> steps = all_steps(s);
      if (!start) {
        ASSERT_EQ(steps.size(), 2u);
        continue;
      }
      const analysis::DistanceMap m = analysis::distances_from(c.map, *start, conn);
      ASSERT_EQ(steps.front().event.at, c.map.point(*start));
      std::vector<int> ring_cells;
      int taken = 0, last_ring = 0;
      for (const Step& step : steps) {
        const Event& e = step.event;
        if (step.line == 1) {
          ASSERT_EQ(m.distance[c.map.index(e.at.x, e.at.y)], e.id);
          ASSERT_GE(e.id, last_ring);
          last_ring = e.id;
          ++taken;
        } else if (step.line == 2) {
          ASSERT_EQ(e.id, static_cast<int>(ring_cells.size()));
          ring_cells.push_back(e.value);
        } else if (e.kind == kEventDone) {
          ASSERT_EQ(e.value, m.farthest_distance);
          ASSERT_EQ(e.at, c.map.point(m.farthest));
          ASSERT_EQ(e.id, static_cast<int>(m.order.size()));
        }
      }
      ASSERT_EQ(taken, static_cast<int>(m.order.size()));
      ASSERT_EQ(static_cast<int>(ring_cells.size()), m.farthest_distance + 1);
      for (std::size_t d = 0; d < ring_cells.size(); ++d) {
        ASSERT_EQ(ring_cells[d],
                  std::count(m.distance.begin(), m.distance.end(), static_cast<std::int32_t>(d)));
      }
      ASSERT_EQ(region_layer(s.grid()), m.distance);
    }
  }
}

// The path marked is farthest_pair's walk: joined cells from a to b, as long as the pair is apart.
TEST(PathStepper, MarksTheFarthestPairsWalk) {
  for (const Case& c : cases()) {
    for (const int conn : {4, 8}) {
      SCOPED_TRACE(c.name + ", connectivity " + std::to_string(conn));
      const auto start = analysis::analysis_start(c.map, c.start, conn);
      Stepper s = start_analysis(AnalysisKind::Path, c.map, c.start, connectivity(conn));
      const std::vector<Step> steps = all_steps(s);
      if (!start) continue;
      const analysis::FarthestPair pair = analysis::farthest_pair(c.map, *start, conn);
      const Step& done = steps.back();
      ASSERT_EQ(done.event.value, pair.length);
      const OverlayItem* walk = done.overlay.find(Role::Path);
      ASSERT_NE(walk, nullptr);
      ASSERT_EQ(walk->cells.size(), pair.path.size());
      ASSERT_EQ(walk->cells.size(), static_cast<std::size_t>(pair.length) + 1);
      for (std::size_t k = 1; k < walk->cells.size(); ++k) {
        ASSERT_TRUE(joined(walk->cells[k - 1], walk->cells[k], conn));
      }
      std::vector<std::size_t> path = pair.path;
      std::sort(path.begin(), path.end());
      ASSERT_EQ(marked(s.grid(), Mark::Path), path);
      // The layer ends as the distances from a; b is the pair's length away.
      ASSERT_EQ(region_layer(s.grid()), analysis::distances_from(c.map, pair.a, conn).distance);
      ASSERT_EQ(s.stats()[0], pair.searches);
      ASSERT_EQ(s.stats()[2], pair.length);
      // Search 1 finds a as the farthest from the start (the double sweep's first half).
      const analysis::DistanceMap from_start = analysis::distances_from(c.map, *start, conn);
      const auto first_a =
          std::find_if(steps.begin(), steps.end(), [](const Step& st) { return st.line == 2; });
      ASSERT_NE(first_a, steps.end());
      ASSERT_EQ(first_a->event.at, c.map.point(from_start.farthest));
    }
  }
}

// The dead ends found are dead_ends's, each corridor as long as it says; each is marked.
TEST(DeadEndStepper, FindsEachDeadEndAndWalksItsCorridor) {
  for (const Case& c : cases()) {
    for (const int conn : {4, 8}) {
      SCOPED_TRACE(c.name + ", connectivity " + std::to_string(conn));
      const std::vector<analysis::DeadEnd> want = analysis::dead_ends(c.map, conn);
      Stepper s = start_analysis(AnalysisKind::DeadEnds, c.map, c.start, connectivity(conn));
      std::vector<analysis::DeadEnd> got;
      for (const Step& step : all_steps(s)) {
        if (step.line == 1) got.push_back({c.map.index(step.event.at.x, step.event.at.y), 0});
        if (step.line == 3) {
          ASSERT_EQ(step.event.id + 1, static_cast<int>(got.size()));
          got.back().corridor = step.event.value;
          const OverlayItem* corridor = step.overlay.find(Role::Path);
          ASSERT_NE(corridor, nullptr);
          ASSERT_EQ(static_cast<int>(corridor->cells.size()), step.event.value);
        }
        if (step.event.kind == kEventDone) {
          ASSERT_EQ(step.event.value, static_cast<int>(want.size()));
        }
      }
      ASSERT_EQ(got.size(), want.size());
      std::vector<std::size_t> cells;
      for (std::size_t k = 0; k < want.size(); ++k) {
        ASSERT_EQ(got[k].cell, want[k].cell);
        ASSERT_EQ(got[k].corridor, want[k].corridor);
        cells.push_back(want[k].cell);
      }
      ASSERT_EQ(marked(s.grid(), Mark::DeadEnd), cells);
      ASSERT_EQ(s.stats()[0], static_cast<std::int64_t>(want.size()));
    }
  }
}

// One loop per edge left out of the tree: as many as edges - cells + regions, each drawn as a
// closed walk of neighbours through its edge; the room graph's loops are loops()'s.
TEST(LoopStepper, EachEdgeLeftOutOfTheTreeIsOneLoop) {
  for (const Case& c : cases()) {
    for (const int conn : {4, 8}) {
      SCOPED_TRACE(c.name + ", connectivity " + std::to_string(conn));
      const analysis::Loops want = analysis::loops(c.map, conn);
      Stepper s = start_analysis(AnalysisKind::Loops, c.map, c.start, connectivity(conn));
      std::int64_t found = 0;
      for (const Step& step : all_steps(s)) {
        if (step.line != 3) continue;
        ASSERT_EQ(step.event.id, found);
        ++found;
        const OverlayItem& edge = step.overlay.items.at(0);
        ASSERT_EQ(edge.cells.size(), 2u);
        ASSERT_TRUE(joined(edge.cells[0], edge.cells[1], conn));
        if (step.event.value == 0) continue;  // too long to draw
        const OverlayItem& round = step.overlay.items.at(1);
        ASSERT_EQ(static_cast<int>(round.cells.size()), step.event.value + 1);
        ASSERT_EQ(round.cells.front(), round.cells.back());
        ASSERT_EQ(round.cells.front(), edge.cells[0]);
        ASSERT_EQ(round.cells[round.cells.size() - 2], edge.cells[1]);
        ASSERT_GE(step.event.value, 3);
        for (std::size_t k = 1; k < round.cells.size(); ++k) {
          ASSERT_TRUE(joined(round.cells[k - 1], round.cells[k], conn));
        }
      }
      ASSERT_EQ(found, want.cycle_rank);
      ASSERT_EQ(s.stats()[1], want.edges);
      ASSERT_EQ(s.stats()[2], want.components);
      ASSERT_EQ(s.stats()[3], want.cycle_rank);
      ASSERT_EQ(s.stats()[4], want.has_rooms ? want.room_cycle_rank : -1);
    }
  }
}

// The chokepoints marked are chokepoints()'s, each said with what it cuts off; every discovery
// time is a different number, one per walkable cell.
TEST(ChokepointStepper, MarksTheArticulationCellsWithWhatEachCutsOff) {
  for (const Case& c : cases()) {
    for (const int conn : {4, 8}) {
      SCOPED_TRACE(c.name + ", connectivity " + std::to_string(conn));
      const std::vector<analysis::Chokepoint> want = analysis::chokepoints(c.map, conn);
      Stepper s = start_analysis(AnalysisKind::Chokepoints, c.map, c.start, connectivity(conn));
      std::vector<analysis::Chokepoint> got;
      for (const Step& step : all_steps(s)) {
        if (step.line == 6) {
          got.push_back({c.map.index(step.event.at.x, step.event.at.y), step.event.value});
        }
      }
      std::sort(got.begin(), got.end(),
                [](const auto& x, const auto& y) { return x.cell < y.cell; });
      ASSERT_EQ(got.size(), want.size());
      std::vector<std::size_t> cells;
      for (std::size_t k = 0; k < want.size(); ++k) {
        ASSERT_EQ(got[k].cell, want[k].cell);
        ASSERT_EQ(got[k].cut_off, want[k].cut_off);
        cells.push_back(want[k].cell);
      }
      ASSERT_EQ(marked(s.grid(), Mark::Chokepoint), cells);
      std::vector<std::int32_t> disc;
      for (std::size_t i = 0; i < c.map.size(); ++i) {
        if (is_walkable(c.map.tile(i))) disc.push_back(s.grid().region(i));
      }
      std::sort(disc.begin(), disc.end());
      for (std::size_t k = 0; k < disc.size(); ++k)
        ASSERT_EQ(disc[k], static_cast<std::int32_t>(k));
    }
  }
}

}  // namespace
}  // namespace dungen

namespace dungen {
namespace {

// The figures the lab compares maps by (fast functions, no steps) are the analyses' own stats at
// their ends: what a sweep's column says is what the stepped analysis shows.
TEST(LevelFigures, EqualTheAnalysesStatsAtTheirEnds) {
  for (const Case& c : cases()) {
    for (const int conn : {4, 8}) {
      SCOPED_TRACE(c.name + ", connectivity " + std::to_string(conn));
      const ParamValues p = connectivity(conn);
      const LevelFigures f = level_figures(c.map, c.start, conn);
      const auto stats = [&](AnalysisKind kind) {
        return run_analysis(kind, c.map, c.start, p).stats;
      };
      EXPECT_EQ(f.critical_path, stats(AnalysisKind::Path)[2]);
      const std::vector<std::int64_t> loops = stats(AnalysisKind::Loops);
      EXPECT_EQ(f.loops, loops[3]);
      EXPECT_EQ(f.room_loops, loops[4]);
      EXPECT_EQ(f.dead_ends, stats(AnalysisKind::DeadEnds)[0]);
      const std::vector<std::int64_t> choke = stats(AnalysisKind::Chokepoints);
      EXPECT_EQ(f.chokepoints, choke[1]);
      EXPECT_EQ(f.largest_cut_off, choke[2]);
      const auto walkable = static_cast<double>(c.map.count_walkable());
      EXPECT_DOUBLE_EQ(f.largest_cut_off_fraction,
                       walkable == 0 ? 0.0 : static_cast<double>(choke[2]) / walkable);
    }
  }
}

}  // namespace
}  // namespace dungen
