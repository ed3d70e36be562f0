// The expressive range (lab/expressive_range.hpp): every swept map lands in the one bin that holds
// both its figures, bins keep their seeds, two parameter sets share one scale; and
// `dungen sweep ... --range X,Y [--against SHARE] --out FILE.png` writes the heat map and a CSV
// whose bins add up to the seeds swept, refusing what it cannot make in one line.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli_test_support.hpp"
#include "generators/registry.hpp"
#include "lab/expressive_range.hpp"
#include "lab/sweep_export.hpp"
#include "png_decode.hpp"

namespace dungen {
namespace {

TEST(ExpressiveRange, EveryMapIsInTheBinOfItsTwoFigures) {
  const GeneratorSpec& spec = *find_generator("rooms-and-mazes");
  const SweepOptions o{.first_seed = 1, .last_seed = 60};
  const std::vector<SweepRow> a = run_sweep(spec, spec.schema.defaults(), o);
  ParamValues loopy = spec.schema.defaults();
  ASSERT_FALSE(loopy.set("extra_connector_percent", 30));
  const std::vector<SweepRow> b = run_sweep(spec, loopy, o);
  const auto [x, y] = range_axes({&a, &b}, "critical_path", "room_loops");
  EXPECT_TRUE(x.whole);
  EXPECT_LE(x.bins, kRangeBins);
  EXPECT_LE(y.bins, kRangeBins);
  for (const auto* rows : {&a, &b}) {
    const ExpressiveRange r = expressive_range(*rows, x, y);
    EXPECT_EQ(r.maps, rows->size());
    std::uint64_t total = 0;
    for (const std::uint32_t c : r.counts) total += c;
    EXPECT_EQ(total, rows->size());
    for (const SweepRow& row : *rows) {
      const double vx = column_value(row, "critical_path"), vy = column_value(row, "room_loops");
      const int bx = x.bin(vx), by = y.bin(vy);
      // The bin holds the value (the last bin its upper end too), and the seed.
      EXPECT_GE(vx, x.bin_lo(bx));
      EXPECT_LE(vx, x.bin_last(bx));  // whole numbers: the bin's last value is in it
      EXPECT_TRUE(vx < x.bin_hi(bx) || bx == x.bins - 1);
      EXPECT_GE(vy, y.bin_lo(by));
      EXPECT_TRUE(vy < y.bin_hi(by) || by == y.bins - 1);
      const auto& seeds = r.seeds_in(bx, by);
      EXPECT_NE(std::find(seeds.begin(), seeds.end(), row.seed), seeds.end());
    }
  }
  // More extra connectors: more loops between rooms, on average (what the range is for seeing).
  double la = 0, lb = 0;
  for (const SweepRow& row : a) la += column_value(row, "room_loops");
  for (const SweepRow& row : b) lb += column_value(row, "room_loops");
  EXPECT_GT(lb, la);
}

TEST(ExpressiveRange, EveryGeneratorsDefaultPairIsTwoOfItsColumns) {
  for (const GeneratorSpec* spec : all_generators()) {
    const auto rows = run_sweep(*spec, spec->schema.defaults(), {.first_seed = 1, .last_seed = 3});
    const auto [x, y] = default_range_pair(*spec);
    EXPECT_FALSE(range_columns_error(rows, x, y)) << spec->name << ": " << x << "," << y;
  }
}

TEST(ExpressiveRange, TheCliWritesTheHeatMapAndTheBinsAddUp) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("dungen-range-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string png = (dir / "r.png").string();
  const auto r = cli_test::run({"sweep", "rooms-and-mazes", "--seeds", "1..60", "--range",
                                "critical_path,room_loops", "--against",
                                "rooms-and-mazes?extra-connector-percent=30", "--out", png});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const auto img = test::decode_png_file(png);
  EXPECT_GT(img.width, 2 * img.height);  // two panels side by side
  std::ifstream in(dir / "r.csv");
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "set,critical_path_lo,critical_path_hi,room_loops_lo,room_loops_hi,maps,share");
  std::map<std::string, int> maps;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) f.push_back(cell);
    ASSERT_EQ(f.size(), 7u) << line;
    maps[f[0]] += std::stoi(f[5]);
  }
  EXPECT_EQ(maps["a"], 60);
  EXPECT_EQ(maps["b"], 60);
  std::filesystem::remove_all(dir);
}

TEST(ExpressiveRange, TheCliRefusesWhatItCannotMakeInOneLine) {
  EXPECT_NE(cli_test::bad({"sweep", "cellular-caves", "--seeds", "1..5", "--range", "bogus,loops",
                           "--out", "/tmp/x.png"})
                .find("no column 'bogus': allowed steps"),
            std::string::npos);
  EXPECT_NE(cli_test::bad({"sweep", "cellular-caves", "--seeds", "1..5", "--range", "loops"})
                .find("not two columns"),
            std::string::npos);
  EXPECT_NE(cli_test::bad({"sweep", "cellular-caves", "--seeds", "1..5", "--range", "default"})
                .find("give --out FILE.png"),
            std::string::npos);
  EXPECT_NE(cli_test::bad({"sweep", "cellular-caves", "--seeds", "1..5", "--against",
                           "cellular-caves?passes=2"})
                .find("--against has no effect without --range"),
            std::string::npos);
  EXPECT_NE(cli_test::bad({"sweep", "cellular-caves", "--seeds", "1..5", "--range", "default",
                           "--format", "json"})
                .find("--range and --format both"),
            std::string::npos);
}

}  // namespace
}  // namespace dungen
