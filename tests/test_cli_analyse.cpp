// `dungen generate ... --analyse A,B,...`: the level analyses in the JSON (an "analyses" object:
// each analysis's stats, integer layer and marked cells, equal to run_analysis on the same map),
// as marks in the text and the PNG, and step by step in the trace after the generator's steps;
// and every bad value refused in one line.

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "analysis/analysis.hpp"
#include "analysis/regions.hpp"
#include "cli_test_support.hpp"
#include "core/runner.hpp"
#include "generators/registry.hpp"
#include "io/map_export.hpp"
#include "png_decode.hpp"

namespace dungen {
namespace {

using cli_test::bad;
using cli_test::run;

struct Generated {
  Grid grid;
  std::optional<Point> start;
};

Generated generated(const GeneratorSpec& spec, std::uint64_t seed) {
  Stepper s = start_generator(spec, spec.schema.defaults(), seed, false);
  run_to_end(s);
  return {s.grid(), s.layout().start};
}

ParamValues connectivity(int conn) {
  ParamValues p(region_schema());
  EXPECT_FALSE(p.set("connectivity", conn));
  return p;
}

const char* const kAll = "distance,path,dead-ends,loops,chokepoints";

TEST(CliAnalyse, JsonHasEachAnalysisAsRunAnalysisSaysForEveryGenerator) {
  for (const GeneratorSpec* spec : all_generators()) {
    for (const int conn : {4, 8}) {
      SCOPED_TRACE(std::string(spec->name) + " connectivity " + std::to_string(conn));
      const auto r = run({"generate", std::string(spec->name), "--seed", "5", "--analyse", kAll,
                          "--connectivity", std::to_string(conn), "--format", "json"});
      ASSERT_EQ(r.code, kExitOk) << r.err;
      const auto j = nlohmann::json::parse(r.out);
      const Generated g = generated(*spec, 5);
      const auto& analyses = j.at("analyses");
      ASSERT_EQ(analyses.size(), 5u);
      for (const AnalysisSpec& a : all_analyses()) {
        if (a.kind == AnalysisKind::Regions) continue;
        const auto& got = analyses.at(std::string(a.name));
        const AnalysisRun want = run_analysis(a.kind, g.grid, g.start, connectivity(conn));
        EXPECT_EQ(got.at("connectivity"), conn);
        EXPECT_EQ(got.at("steps").get<std::uint64_t>(), want.steps);
        EXPECT_EQ(got.contains("start"), want.start.has_value());
        if (want.start) {
          EXPECT_EQ(got.at("start").at("x"), want.start->x);
          EXPECT_EQ(got.at("start").at("y"), want.start->y);
        }
        for (const StatRow& row : a.narration().stat_rows(want.stats, want.params)) {
          EXPECT_EQ(got.at("stats").at(row.key).get<std::int64_t>(),
                    std::get<std::int64_t>(row.value))
              << a.name << " " << row.key;
        }
        EXPECT_EQ(got.at("values"), std::string(a.values_meaning));
        const auto layer = got.at("layer").get<std::vector<std::vector<std::int32_t>>>();
        ASSERT_EQ(layer.size(), static_cast<std::size_t>(g.grid.height()));
        std::size_t marked = 0;
        for (int y = 0; y < g.grid.height(); ++y) {
          for (int x = 0; x < g.grid.width(); ++x) {
            const std::size_t i = g.grid.index(x, y);
            ASSERT_EQ(layer[static_cast<std::size_t>(y)][static_cast<std::size_t>(x)],
                      want.map.region(i));
            marked += analysis_mark_glyph(want.map.mark(i)) != 0;
          }
        }
        ASSERT_EQ(got.at("marked").size(), marked);
        for (const auto& cell : got.at("marked")) {
          const Point p{cell.at(0).get<int>(), cell.at(1).get<int>()};
          EXPECT_NE(analysis_mark_glyph(want.map.mark(g.grid.index(p.x, p.y))), 0);
        }
      }
    }
  }
  const auto plain = run({"generate", "cellular-caves", "--format", "json"});
  EXPECT_FALSE(nlohmann::json::parse(plain.out).contains("analyses"));
}

// The text is the plain map with each analysis's marks drawn over it, the last one listed on top.
TEST(CliAnalyse, TextDrawsTheMarksOverTheMap) {
  const GeneratorSpec& spec = *find_generator("rooms-and-tunnels");
  const auto plain = run({"generate", "rooms-and-tunnels", "--seed", "2"});
  const auto r =
      run({"generate", "rooms-and-tunnels", "--seed", "2", "--analyse", "path,chokepoints"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const Generated g = generated(spec, 2);
  const AnalysisRun path = run_analysis(AnalysisKind::Path, g.grid, g.start, connectivity(8));
  const AnalysisRun choke =
      run_analysis(AnalysisKind::Chokepoints, g.grid, g.start, connectivity(8));
  std::istringstream in(r.out), plain_in(plain.out);
  std::string line, plain_line;
  int path_cells = 0, chokepoints = 0;
  for (int y = 0; y < g.grid.height(); ++y) {
    ASSERT_TRUE(std::getline(in, line));
    ASSERT_TRUE(std::getline(plain_in, plain_line));
    for (int x = 0; x < g.grid.width(); ++x) {
      const std::size_t i = g.grid.index(x, y);
      char want = plain_line[static_cast<std::size_t>(x)];
      if (path.map.mark(i) == Mark::Path) want = ':';
      if (choke.map.mark(i) == Mark::Chokepoint) want = '!';
      ASSERT_EQ(line[static_cast<std::size_t>(x)], want) << x << "," << y;
      path_cells += want == ':';
      chokepoints += want == '!';
    }
  }
  EXPECT_GT(path_cells, 0);
  EXPECT_GT(chokepoints, 0);
}

// The trace holds the generator's steps, then each analysis's, numbered on, named by analysis.
TEST(CliAnalyse, TheTraceStepsThroughEachAnalysisAfterTheGenerator) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("dungen-analyse-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string trace = (dir / "t.jsonl").string();
  const auto r = run({"generate", "drunkards-walk", "--seed", "4", "--width", "30", "--height",
                      "20", "--analyse", "distance,loops", "--trace", trace});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  std::ifstream in(trace);
  std::string line;
  std::vector<std::string> algorithms;
  std::uint64_t last = 0;
  while (std::getline(in, line)) {
    const auto j = nlohmann::json::parse(line);
    const std::string algorithm = j.at("algorithm");
    if (algorithms.empty() || algorithms.back() != algorithm) algorithms.push_back(algorithm);
    const auto n = j.at("step").get<std::uint64_t>();
    ASSERT_EQ(n, last + 1);
    last = n;
  }
  EXPECT_EQ(algorithms, (std::vector<std::string>{"drunkards-walk", "distance", "loops"}));
  std::filesystem::remove_all(dir);
}

// The PNG colours the first analysis's layer and draws the marks (the path white).
TEST(CliAnalyse, ThePngDrawsTheLayerAndTheMarks) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("dungen-analyse-png-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string plain = (dir / "plain.png").string(), shown = (dir / "path.png").string();
  ASSERT_EQ(run({"generate", "rooms-and-mazes", "--seed", "3", "--format", "png", "--out", plain,
                 "--cell-px", "2"})
                .code,
            kExitOk);
  const auto r = run({"generate", "rooms-and-mazes", "--seed", "3", "--format", "png", "--out",
                      shown, "--cell-px", "2", "--analyse", "path"});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const auto a = test::decode_png_file(plain);
  const auto b = test::decode_png_file(shown);
  ASSERT_EQ(a.width, b.width);
  const Generated g = generated(*find_generator("rooms-and-mazes"), 3);
  const AnalysisRun path = run_analysis(AnalysisKind::Path, g.grid, g.start, connectivity(8));
  int white = 0, changed = 0;
  for (std::size_t i = 0; i < g.grid.size(); ++i) {
    const Point p = g.grid.point(i);
    const auto pa = a.at(2 * p.x + 1, 2 * p.y + 1), pb = b.at(2 * p.x + 1, 2 * p.y + 1);
    if (path.map.mark(i) == Mark::Path) {
      white += pb.r == 255 && pb.g == 255 && pb.b == 255;
    } else if (is_walkable(g.grid.tile(i))) {
      changed += pa.r != pb.r || pa.g != pb.g || pa.b != pb.b;  // the heat under the floor
    }
  }
  EXPECT_GT(white, 0);
  EXPECT_GT(changed, 0);
  std::filesystem::remove_all(dir);
}

TEST(CliAnalyse, BadValuesAreRefusedInOneLine) {
  EXPECT_EQ(bad({"generate", "cellular-caves", "--analyse", "bogus"}),
            "dungen: --analyse 'bogus' is not an analysis: allowed distance, path, dead-ends, "
            "loops, chokepoints, separated by commas\n");
  EXPECT_EQ(bad({"generate", "cellular-caves", "--analyse", "loops,loops"}),
            "dungen: --analyse names loops twice: give each analysis once\n");
  EXPECT_NE(bad({"generate", "cellular-caves", "--analyse", "regions"}).find("--regions"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "cellular-caves", "--analyse", "path,"}).find("is not an analysis"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "cellular-caves", "--analyse="}).find("needs a value"),
            std::string::npos);
}

}  // namespace
}  // namespace dungen
