// The example scripts (examples/generators/*.lua), found when the tests start, so a script is
// covered the day it lands in the folder. Each is held to the rules of every built-in (the
// EveryGenerator suite of test_generators.cpp runs on it too); beyond those, each one agrees
// batch, stepped and through a timeline at sizes that are not its default, and gives the same
// map for the same seed. The maze scripts make perfect mazes, their stats say what the map
// shows, and their step words name the cells the step changed.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "core/stepper.hpp"
#include "every_generator.hpp"
#include "generator_kit.hpp"
#include "io/preset.hpp"
#include "script/script_generator.hpp"

namespace dungen {
namespace {

using script::ScriptGenerator;
using test_support::EveryGenerator;

// One .lua file of the examples folder, loaded (or why it did not load).
struct Example {
  std::string file;  // "prims-maze.lua"
  std::shared_ptr<const ScriptGenerator> program;
  std::string error;
};

const std::vector<Example>& examples() {
  static const std::vector<Example> all = [] {
    namespace fs = std::filesystem;
    std::vector<fs::path> files;
    for (const auto& e :
         fs::directory_iterator(fs::path(DUNGEN_SOURCE_DIR) / "examples" / "generators")) {
      if (e.path().extension() == ".lua") files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());  // the directory's order is the file system's
    std::vector<Example> out;
    for (const fs::path& f : files) {
      auto g = ScriptGenerator::load(f.string());
      out.push_back({f.filename().string(), g ? *g : nullptr, g ? "" : g.error().message});
    }
    return out;
  }();
  return all;
}

std::vector<const GeneratorSpec*> loaded_specs() {
  std::vector<const GeneratorSpec*> out;
  for (const Example& e : examples()) {
    if (e.program) out.push_back(&e.program->spec());
  }
  return out;
}

std::vector<std::string> example_files() {
  std::vector<std::string> out;
  for (const Example& e : examples()) out.push_back(e.file);
  return out;
}

const Example& example(const std::string& file) {
  for (const Example& e : examples()) {
    if (e.file == file) return e;
  }
  static const Example kMissing{"", nullptr, "not in examples/generators"};
  return kMissing;
}

// The file a script's spec was loaded from.
std::string file_of(const GeneratorSpec* spec) {
  for (const Example& e : examples()) {
    if (e.program && &e.program->spec() == spec) return e.file;
  }
  return "unknown";
}

// The built-ins' suite, over every script that loads, each test named by the script's file
// ("prims-maze.lua" -> "prims_maze_lua"): two scripts may declare the same name, never the same
// file.
std::string spec_file_name(const ::testing::TestParamInfo<const GeneratorSpec*>& info) {
  return test_support::test_name(file_of(info.param));
}

INSTANTIATE_TEST_SUITE_P(Scripts, EveryGenerator, ::testing::ValuesIn(loaded_specs()),
                         spec_file_name);

class ExampleScript : public ::testing::TestWithParam<std::string> {};

std::string file_name(const ::testing::TestParamInfo<std::string>& info) {
  return test_support::test_name(info.param);
}

TEST_P(ExampleScript, Loads) {
  const Example& e = example(GetParam());
  EXPECT_TRUE(e.program) << e.file << ": " << e.error;
}

// Sizes other than the default: a little larger (an odd side becomes even and the other way
// round) and small, each within the schema's range.
std::vector<ParamValues> other_sizes(const GeneratorSpec& spec) {
  const ParamDef& w = spec.schema.params[0];
  const ParamDef& h = spec.schema.params[1];
  const auto side = [](const ParamDef& d, std::int64_t v) { return std::clamp(v, d.min, d.max); };
  return {test_support::params_for(spec,
                                   {{"width", side(w, w.def + 1)}, {"height", side(h, h.def + 2)}}),
          test_support::params_for(spec, {{"width", side(w, 15)}, {"height", side(h, 9)}})};
}

TEST_P(ExampleScript, BatchSteppedAndTimelineAgreeAtOtherSizes) {
  const Example& e = example(GetParam());
  ASSERT_TRUE(e.program) << e.error;
  const GeneratorSpec& spec = e.program->spec();
  for (const ParamValues& p : other_sizes(spec)) {
    SCOPED_TRACE(std::to_string(p.get("width")) + "x" + std::to_string(p.get("height")));
    EXPECT_NE(p.values(), spec.schema.defaults().values());
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      SCOPED_TRACE("seed " + std::to_string(seed));
      test_support::check_replay(spec, p, seed);
    }
  }
}

// A preset or share string may name a script: read with the scripts at hand, it gives the same
// generator, seed and parameters back; without them, it is refused naming the built-ins.
TEST_P(ExampleScript, PresetsAndShareStringsNameIt) {
  const Example& e = example(GetParam());
  ASSERT_TRUE(e.program) << e.error;
  const GeneratorSpec& spec = e.program->spec();
  const std::vector<const GeneratorSpec*> scripts = loaded_specs();
  Preset p = default_preset(spec);
  p.seed = 12345;
  const ParamDef& w = spec.schema.params[0];
  ASSERT_FALSE(p.params.set("width", std::clamp<std::int64_t>(w.def + 2, w.min, w.max)));
  for (const bool as_file : {true, false}) {
    SCOPED_TRACE(as_file ? "preset file" : "share string");
    const auto back = as_file ? parse_preset(preset_json(p), "mem.json", scripts)
                              : parse_share_string(share_string(p), scripts);
    ASSERT_TRUE(back.ok()) << back.error().message;
    if (test_support::is_built_in(spec) || find_generator(spec.name) == nullptr) {
      EXPECT_EQ(back->generator, &spec);
    } else {
      EXPECT_EQ(back->generator, find_generator(spec.name));  // a built-in's twin: the built-in
    }
    EXPECT_EQ(back->seed, 12345u);
    EXPECT_EQ(back->params.values(), p.params.values());
  }
  if (find_generator(spec.name) == nullptr) {
    const auto refused = parse_share_string(share_string(p));
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().message.find("is not a generator: allowed rooms-and-tunnels"),
              std::string::npos)
        << refused.error().message;
  }
}

TEST_P(ExampleScript, TheSameSeedIsTheSameRunAndOtherSeedsDiffer) {
  const Example& e = example(GetParam());
  ASSERT_TRUE(e.program) << e.error;
  const GeneratorSpec& spec = e.program->spec();
  const ParamValues p = spec.schema.defaults();
  std::vector<Grid> maps;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    // Two runs of the seed: each step's line and words, and the map and stats at the end.
    std::vector<std::string> steps[2];
    Grid map[2];
    std::map<std::string, std::int64_t> stats[2];
    for (int i : {0, 1}) {
      test_support::for_each_step(
          spec, p, seed, seed, [&](std::uint64_t, const Stepper& s, const Step& step) {
            steps[i].push_back(std::to_string(step.line) + " " + spec.narration.words(step, p));
            if (!step.last) return;
            map[i] = s.grid();
            stats[i] = test_support::stat_map(spec, s);
          });
    }
    EXPECT_EQ(steps[0], steps[1]) << "seed " << seed;
    EXPECT_EQ(map[0], map[1]) << "seed " << seed;
    EXPECT_EQ(stats[0], stats[1]) << "seed " << seed;
    for (const Grid& m : maps) EXPECT_NE(m, map[0]) << "seed " << seed << " repeats a map";
    maps.push_back(map[0]);
  }
}

INSTANTIATE_TEST_SUITE_P(Examples, ExampleScript, ::testing::ValuesIn(example_files()), file_name);

// ---- The maze scripts ----------------------------------------------------------------------

// What a finished maze shows: its cells sit at odd (x, y) inside the border, cols x rows of them.
struct MazeFacts {
  int cols = 0, rows = 0;
  std::int64_t cells = 0;      // cols x rows
  std::int64_t floor = 0;      // floor cells on the map
  std::int64_t passages = 0;   // floor cells between two maze cells
  std::int64_t dead_ends = 0;  // maze cells with one passage
  std::int64_t walls = 0;      // places between two maze cells, carved or not
};

int passages_around(const Grid& g, int x, int y) {
  int n = 0;
  for (const auto& [dx, dy] :
       {std::pair{0, -1}, std::pair{1, 0}, std::pair{0, 1}, std::pair{-1, 0}}) {
    n += g.at(x + dx, y + dy) == Tile::Floor;
  }
  return n;
}

// Checks that `g` is a perfect maze (every cell reachable from every other by exactly one path)
// and returns its facts.
MazeFacts check_perfect_maze(const Grid& g) {
  MazeFacts f;
  f.cols = (g.width() - 1) / 2;
  f.rows = (g.height() - 1) / 2;
  f.cells = std::int64_t{f.cols} * f.rows;
  f.walls = std::int64_t{f.cols - 1} * f.rows + std::int64_t{f.rows - 1} * f.cols;
  std::int64_t adjacent = 0;  // pairs of floor cells side by side
  for (int y = 0; y < g.height(); ++y) {
    for (int x = 0; x < g.width(); ++x) {
      const Tile t = g.at(x, y);
      EXPECT_TRUE(t == Tile::Wall || t == Tile::Floor)
          << "(" << x << "," << y << ") is " << tile_name(t);
      const bool in_maze = x >= 1 && y >= 1 && x <= 2 * f.cols - 1 && y <= 2 * f.rows - 1;
      const bool is_cell = in_maze && x % 2 == 1 && y % 2 == 1;
      if (is_cell) {
        EXPECT_EQ(t, Tile::Floor) << "maze cell (" << x << "," << y << ")";
        f.dead_ends += passages_around(g, x, y) == 1;
      }
      // Outside the maze (the border, and the column or row an even side leaves) and at even
      // (x, y), between four cells, it is always wall.
      if (!in_maze || (x % 2 == 0 && y % 2 == 0)) {
        EXPECT_EQ(t, Tile::Wall) << "(" << x << "," << y << ")";
      }
      if (t != Tile::Floor) continue;
      ++f.floor;
      if (!is_cell) ++f.passages;
      adjacent += x + 1 < g.width() && g.at(x + 1, y) == Tile::Floor;
      adjacent += y + 1 < g.height() && g.at(x, y + 1) == Tile::Floor;
    }
  }
  // Connected and without a loop: one region, and a tree's edges are its nodes less one.
  EXPECT_EQ(label_regions(g, 4).count(), 1);
  EXPECT_EQ(adjacent, f.floor - 1) << "a loop (more) or a cut (fewer)";
  EXPECT_EQ(f.floor, f.cells + f.passages);
  return f;
}

// A maze script: its file and what its stats must say of the maze it made.
struct Maze {
  const char* file;
  void (*stats_agree)(const std::map<std::string, std::int64_t>& stat, const MazeFacts& f);
};

const Maze kMazes[] = {
    {"recursive-backtracker.lua",
     [](const auto& stat, const MazeFacts& f) {
       EXPECT_EQ(stat.at("cells_visited"), f.cells);
       EXPECT_EQ(stat.at("passages_carved"), f.passages);
       EXPECT_EQ(stat.at("dead_ends"), f.dead_ends);
       EXPECT_EQ(stat.at("backtracks"), f.cells);  // every cell is popped once
       EXPECT_GE(stat.at("deepest_stack"), 1);
       EXPECT_LE(stat.at("deepest_stack"), f.cells);
     }},
    {"prims-maze.lua",
     [](const auto& stat, const MazeFacts& f) {
       EXPECT_EQ(stat.at("cells_in"), f.cells);
       EXPECT_EQ(stat.at("passages_carved"), f.passages);
       EXPECT_EQ(stat.at("frontier_size"), 0);
       EXPECT_EQ(stat.at("largest_frontier") >= 1, f.cells > 1);
       EXPECT_LE(stat.at("largest_frontier"), f.cells - 1);
       EXPECT_EQ(stat.at("dead_ends"), f.dead_ends);
     }},
    {"kruskals-maze.lua",
     [](const auto& stat, const MazeFacts& f) {
       EXPECT_EQ(stat.at("cells"), f.cells);
       EXPECT_EQ(stat.at("sets_left"), 1);
       EXPECT_EQ(stat.at("passages_carved"), f.passages);
       EXPECT_EQ(stat.at("largest_set"), f.cells);
       EXPECT_LE(stat.at("walls_kept"), f.walls - f.passages);  // some walls are never taken
     }},
};

// gtest shows a parameter in the test's description: the file, not the struct's bytes.
void PrintTo(const Maze& maze, std::ostream* os) {
  *os << maze.file;
}

class MazeScript : public ::testing::TestWithParam<Maze> {};

TEST_P(MazeScript, MakesAPerfectMazeAndItsStatsSaySo) {
  const Example& e = example(GetParam().file);
  ASSERT_TRUE(e.program) << GetParam().file << ": " << e.error;
  const GeneratorSpec& spec = e.program->spec();
  // Odd sides (the default, square, one row), even sides, and the smallest map: one cell.
  for (const auto& [w, h] : {std::pair{41, 25}, std::pair{21, 21}, std::pair{31, 3},
                             std::pair{20, 14}, std::pair{3, 3}}) {
    const ParamValues p = test_support::params_for(spec, {{"width", w}, {"height", h}});
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
      SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " seed " + std::to_string(seed));
      Stepper s = start_generator(spec, p, seed, false);
      run_to_end(s);
      const MazeFacts f = check_perfect_maze(s.grid());
      EXPECT_EQ(f.passages, f.cells - 1);
      GetParam().stats_agree(test_support::stat_map(spec, s), f);
    }
  }
}

// The cells a step's words name, "(x,y)", in order.
std::vector<std::pair<int, int>> named_cells(const std::string& words) {
  std::vector<std::pair<int, int>> out;
  for (std::size_t at = words.find('('); at != std::string::npos; at = words.find('(', at + 1)) {
    int x = 0, y = 0;
    if (std::sscanf(words.c_str() + at, "(%d,%d)", &x, &y) == 2) out.emplace_back(x, y);
  }
  return out;
}

std::pair<int, int> xy(const Grid& g, std::uint32_t index) {
  return {static_cast<int>(index % static_cast<std::uint32_t>(g.width())),
          static_cast<int>(index / static_cast<std::uint32_t>(g.width()))};
}

// A carving step changes exactly the cells it says, from wall (or the frontier's corridor) to
// floor: the passage between the two cells it names, and the cell it carves into. A step that
// keeps a wall or backs up changes nothing; cells that join Prim's frontier are the ones beside
// the cell it names, as many as it says.
TEST_P(MazeScript, EachStepsWordsNameTheCellsItChanged) {
  const Example& e = example(GetParam().file);
  ASSERT_TRUE(e.program) << e.error;
  const GeneratorSpec& spec = e.program->spec();
  const ParamValues p = test_support::params_for(spec, {{"width", 15}, {"height", 11}});
  std::size_t carves = 0;
  test_support::for_each_step(
      spec, p, 1, 3, [&](std::uint64_t, const Stepper& s, const Step& step) {
        const std::string words = spec.narration.words(step, p);
        const auto named = named_cells(words);
        std::set<std::pair<int, int>> changed;
        for (const CellChange& c : s.changes()) changed.insert(xy(s.grid(), c.index));
        if (step.level == StepLevel::Phase || step.level == StepLevel::Action)
          return;  // begin, start
        if (words.find("the frontier") != std::string::npos &&
            words.find("carve") == std::string::npos) {
          // Prim's: "2 out neighbours of (3,5) join the frontier": that many cells beside it, each
          // now in the frontier (corridor).
          ASSERT_EQ(named.size(), 1u) << words;
          const std::size_t joined = words.rfind("no ", 0) == 0 ? 0 : std::stoul(words);
          EXPECT_EQ(changed.size(), joined) << words;
          for (const auto& [x, y] : changed) {
            EXPECT_EQ(std::abs(x - named[0].first) + std::abs(y - named[0].second), 2) << words;
            EXPECT_EQ(s.grid().at(x, y), Tile::Corridor) << words;
          }
          return;
        }
        if (words.find("carve") == std::string::npos) {
          // Backing up or keeping a wall changes nothing; a dead end has one passage.
          EXPECT_TRUE(changed.empty()) << words;
          if (words.find("dead end") != std::string::npos) {
            EXPECT_EQ(passages_around(s.grid(), named[0].first, named[0].second), 1) << words;
          }
          if (words.find("no unvisited neighbour") != std::string::npos) {
            EXPECT_NE(passages_around(s.grid(), named[0].first, named[0].second), 1) << words;
          }
          return;
        }
        ++carves;
        ASSERT_GE(named.size(), 2u) << words;
        // The two maze cells the passage joins: the last two named (Kruskal's names the wall
        // first).
        const auto [ax, ay] = named[named.size() - 2];
        const auto [bx, by] = named[named.size() - 1];
        EXPECT_EQ(std::abs(ax - bx) + std::abs(ay - by), 2) << words;
        const std::pair<int, int> between{(ax + bx) / 2, (ay + by) / 2};
        EXPECT_TRUE(changed.count(between)) << words;
        for (const auto& cell : changed) {
          EXPECT_TRUE(cell == between || cell == named[named.size() - 2] ||
                      cell == named[named.size() - 1])
              << words << ": changed (" << cell.first << "," << cell.second << ")";
          EXPECT_EQ(s.grid().at(cell.first, cell.second), Tile::Floor) << words;
        }
        EXPECT_EQ(s.grid().at(ax, ay), Tile::Floor) << words;
        EXPECT_EQ(s.grid().at(bx, by), Tile::Floor) << words;
      });
  EXPECT_GT(carves, 0u);
}

// ---- The biggest maps a script allows --------------------------------------------------------

// A script's declared sides are the sizes it runs at within the sandbox (64 MiB of Lua memory).
// Kruskal's keeps three tables of a maze cell's size (the sets' parents and sizes, and the walls):
// they are all made before its first wall is taken, so reaching that step at its largest map
// shows they fit.
TEST(ExampleScripts, KruskalsLargestMapIsSetUpWithinTheMemoryCap) {
  const Example& e = example("kruskals-maze.lua");
  ASSERT_TRUE(e.program) << e.error;
  const GeneratorSpec& spec = e.program->spec();
  const ParamDef& width = *spec.schema.find("width");
  ASSERT_EQ(width.max, 1449);
  ASSERT_EQ(spec.schema.find("height")->max, 1449);
  const ParamValues p = test_support::params_for(spec, {{"width", 1449}, {"height", 1449}});
  Stepper s = start_generator(spec, p, 1, false);
  bool walls_taken = false;
  try {
    for (std::uint64_t k = 0; k < 1000 && !walls_taken; ++k) {
      const Step* step = s.next();
      ASSERT_NE(step, nullptr);
      // Pseudocode lines 4 and 5 (indices 3 and 4): a wall carved or kept, the loop has begun.
      walls_taken = step->line == 3 || step->line == 4;
    }
  } catch (const script::ScriptStopped& stop) {
    FAIL() << stop.what();
  }
  EXPECT_TRUE(walls_taken);
}

// Prim's counts dead ends from the map, not from a table of passages a cell: what it keeps is its
// frontier, a small part of the maze, so it finishes under a cap that such a table (about 20
// bytes a cell in Lua's hash part, more as it doubles) would pass.
TEST(ExampleScripts, PrimsMemoryIsItsFrontierNotTheMaze) {
  const std::string path = std::string(DUNGEN_SOURCE_DIR) + "/examples/generators/prims-maze.lua";
  script::SandboxLimits limits;
  limits.memory_bytes = std::size_t{2} << 20;
  auto g = ScriptGenerator::load(path, limits);
  ASSERT_TRUE(g) << g.error().message;
  const GeneratorSpec& spec = (*g)->spec();
  const ParamValues p = test_support::params_for(spec, {{"width", 401}, {"height", 401}});
  Stepper s = start_generator(spec, p, 1, false);
  try {
    run_to_end(s);
  } catch (const script::ScriptStopped& stop) {
    FAIL() << stop.what();
  }
  check_perfect_maze(s.grid());
}

std::string maze_name(const ::testing::TestParamInfo<Maze>& info) {
  return test_support::test_name(info.param.file);
}

INSTANTIATE_TEST_SUITE_P(Examples, MazeScript, ::testing::ValuesIn(kMazes), maze_name);

}  // namespace
}  // namespace dungen
