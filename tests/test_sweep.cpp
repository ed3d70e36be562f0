// Seed sweeps (lab/): the same rows whatever the thread count, each row what `dungen generate`
// says of that seed, CSV and JSON shapes, a summary that adds up, and refused ranges.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "lab/sweep.hpp"
#include "lab/sweep_export.hpp"

namespace dungen {
namespace {

std::string csv(const std::vector<SweepRow>& rows) {
  std::ostringstream out;
  write_sweep_csv(out, rows);
  return out.str();
}

// The threads of a sweep stay within its memory budget (an estimate a map), at least one; the
// rows are the same.
TEST(Sweep, ThreadsAreCutToFitTheMemoryBudget) {
  const GeneratorSpec& spec = *find_generator("room-accretion");
  const ParamValues p = spec.schema.defaults();
  const std::uint64_t map = sweep_bytes_per_map(p);
  EXPECT_EQ(map, static_cast<std::uint64_t>(p.get_int("width")) * p.get_int("height") *
                     kSweepBytesPerCell);
  SweepOptions o{.first_seed = 1, .last_seed = 12, .threads = 8};
  EXPECT_EQ(sweep_threads(p, o), 8u);
  o.memory_budget = 3 * map + map / 2;
  EXPECT_EQ(sweep_threads(p, o), 3u);
  o.memory_budget = map / 2;
  EXPECT_EQ(sweep_threads(p, o), 1u);  // one map always runs
  o.last_seed = 2;
  o.memory_budget = kSweepMemoryBudget;
  EXPECT_EQ(sweep_threads(p, o), 2u);  // no more than seeds
  // A 4096x4096 map: about 800 MB, 5 in the default budget.
  ParamValues big = p;
  ASSERT_FALSE(big.set("width", 4096).has_value());
  ASSERT_FALSE(big.set("height", 4096).has_value());
  EXPECT_EQ(sweep_threads(big, {.first_seed = 1, .last_seed = 100, .threads = 64}), 5u);
  const SweepOptions tight{.first_seed = 1, .last_seed = 12, .threads = 4, .memory_budget = map};
  const SweepOptions roomy{.first_seed = 1, .last_seed = 12, .threads = 4};
  EXPECT_EQ(csv(run_sweep(spec, p, tight)), csv(run_sweep(spec, p, roomy)));
}

TEST(Sweep, RowsAreTheSameWhateverTheThreadCount) {
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(spec->name);
    SweepOptions o{.first_seed = 10, .last_seed = 33, .threads = 1};
    const std::string one = csv(run_sweep(*spec, spec->schema.defaults(), o));
    o.threads = 3;
    std::uint64_t heard = 0;
    const std::string three =
        csv(run_sweep(*spec, spec->schema.defaults(), o, [&](std::uint64_t d) { heard = d; }));
    EXPECT_EQ(one, three);
    EXPECT_EQ(heard, 24u);
  }
}

// Each row against the CLI's JSON of the same seed (its own process-free entry point).
TEST(Sweep, EachRowIsWhatGenerateSaysOfThatSeed) {
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(spec->name);
    const auto rows = run_sweep(*spec, spec->schema.defaults(), {.first_seed = 5, .last_seed = 7});
    ASSERT_EQ(rows.size(), 3u);
    for (const SweepRow& row : rows) {
      std::ostringstream out, err;
      ASSERT_EQ(run_cli({"generate", std::string(spec->name), "--seed", std::to_string(row.seed),
                         "--regions", "--analyse", "path,loops,dead-ends,chokepoints", "--format",
                         "json"},
                        out, err),
                0)
          << err.str();
      const auto j = nlohmann::json::parse(out.str());
      EXPECT_NEAR(row.floor_fraction, j["stats"]["floor_fraction"].get<double>(),
                  1e-6);  // the CLI writes 6 decimals
      EXPECT_EQ(row.regions, j["regions"]["count"].get<std::int64_t>());
      EXPECT_NEAR(row.largest_region_fraction, j["regions"]["largest_fraction"].get<double>(),
                  1e-6);
      EXPECT_EQ(row.steps, j["steps"].get<std::uint64_t>());
      // The level's columns are the analyses' stats at their ends.
      const auto& a = j["analyses"];
      EXPECT_EQ(row.level.critical_path, a["path"]["stats"]["critical_path"].get<std::int64_t>());
      EXPECT_EQ(row.level.loops, a["loops"]["stats"]["loops"].get<std::int64_t>());
      EXPECT_EQ(row.level.room_loops, a["loops"]["stats"]["room_loops"].get<std::int64_t>());
      EXPECT_EQ(row.level.dead_ends, a["dead-ends"]["stats"]["dead_ends"].get<std::int64_t>());
      EXPECT_EQ(row.level.chokepoints,
                a["chokepoints"]["stats"]["chokepoints"].get<std::int64_t>());
      EXPECT_EQ(row.level.largest_cut_off,
                a["chokepoints"]["stats"]["largest_cut_off"].get<std::int64_t>());
      for (const StatRow& s : row.stats) {
        ASSERT_TRUE(j["stats"].contains(s.key)) << s.key;
        EXPECT_NEAR(stat_number(s),
                    j["stats"][s.key].is_array()
                        ? [&] {
                            double sum = 0;
                            for (const auto& x : j["stats"][s.key]) sum += x.get<double>();
                            return sum;
                          }()
                        : j["stats"][s.key].get<double>(),
                    1e-6)
            << s.key;
      }
    }
  }
}

TEST(Sweep, CsvHasAHeaderAndOneEqualLineASeed) {
  const GeneratorSpec& spec = *find_generator("cellular-caves");
  const auto rows = run_sweep(spec, spec.schema.defaults(), {.first_seed = 1, .last_seed = 25});
  std::istringstream in(csv(rows));
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line.rfind("seed,steps,floor_fraction,regions,largest_region_fraction,connected,"
                       "critical_path,loops,room_loops,dead_ends,chokepoints,"
                       "largest_cut_off_fraction,",
                       0),
            0u)
      << line;
  const auto fields = std::count(line.begin(), line.end(), ',');
  int lines = 0;
  for (std::uint64_t seed = 1; std::getline(in, line); ++seed, ++lines) {
    EXPECT_EQ(std::count(line.begin(), line.end(), ','), fields) << line;
    EXPECT_EQ(line.rfind(std::to_string(seed) + ",", 0), 0u) << line;
  }
  EXPECT_EQ(lines, 25);
}

TEST(Sweep, JsonHasTheRowsAndASummaryThatAddsUp) {
  const GeneratorSpec& spec = *find_generator("rooms-and-tunnels");
  const SweepOptions o{.first_seed = 100, .last_seed = 139};
  const auto rows = run_sweep(spec, spec.schema.defaults(), o);
  std::ostringstream out;
  write_sweep_json(out, rows, spec, spec.schema.defaults(), o);
  const auto j = nlohmann::json::parse(out.str());
  EXPECT_EQ(j["generator"], "rooms-and-tunnels");
  ASSERT_EQ(j["rows"].size(), 40u);
  EXPECT_EQ(j["rows"][0]["seed"], 100);
  double sum = 0, connected = 0;
  for (const auto& r : j["rows"]) {
    sum += r["floor_fraction"].get<double>();
    connected += r["connected"].get<bool>() ? 1 : 0;
  }
  const auto& s = j["summary"];
  EXPECT_NEAR(s["floor_fraction"]["mean"].get<double>(), sum / 40, 1e-5);
  EXPECT_NEAR(s["connected"]["mean"].get<double>(), connected / 40, 1e-9);
  for (const std::string& col : sweep_columns(rows)) {
    if (col == "seed") continue;
    ASSERT_TRUE(s.contains(col)) << col;
    EXPECT_LE(s[col]["min"].get<double>(), s[col]["p50"].get<double>());
    EXPECT_LE(s[col]["p50"].get<double>(), s[col]["max"].get<double>());
  }
}

// Splits one CSV line at its commas (sweep fields never hold a comma).
std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> out(1);
  for (const char c : line) {
    if (c == ',') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

// A CSV field as one number: a list ("3;0;2") counts as its sum, as in the summary.
double field_number(const std::string& field) {
  double sum = 0;
  std::size_t at = 0;
  while (at <= field.size()) {
    const std::size_t end = std::min(field.find(';', at), field.size());
    sum += std::stod(field.substr(at, end - at));
    at = end + 1;
  }
  return sum;
}

// A generator may name a statistic as the sweep names one of its own figures (rooms-and-mazes
// counts "regions" before they merge; the sweep's regions are the flood fill's of the finished
// map): the columns must still have distinct names, and each summary must be computed from the
// values of its own column, not from a column of the same name.
TEST(Sweep, ColumnNamesAreDistinctAndEachSummaryIsOfItsOwnColumn) {
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(spec->name);
    const SweepOptions o{.first_seed = 1, .last_seed = 12};
    const auto rows = run_sweep(*spec, spec->schema.defaults(), o);
    std::istringstream in(csv(rows));
    std::string line;
    std::getline(in, line);
    const std::vector<std::string> header = fields_of(line);
    EXPECT_EQ(header, sweep_columns(rows));
    const std::set<std::string> names(header.begin(), header.end());
    EXPECT_EQ(names.size(), header.size()) << "a column name is repeated: " << line;

    std::vector<std::vector<double>> values(header.size());
    while (std::getline(in, line)) {
      const std::vector<std::string> f = fields_of(line);
      ASSERT_EQ(f.size(), header.size()) << line;
      for (std::size_t c = 0; c < f.size(); ++c) values[c].push_back(field_number(f[c]));
    }

    std::ostringstream out;
    write_sweep_json(out, rows, *spec, spec->schema.defaults(), o);
    const auto j = nlohmann::json::parse(out.str());
    ASSERT_EQ(j["rows"].size(), rows.size());
    for (const auto& row : j["rows"]) {
      EXPECT_EQ(row.size(), header.size()) << "a JSON row's keys are not the CSV's columns";
      for (const std::string& col : header) EXPECT_TRUE(row.contains(col)) << col;
    }
    const auto& summary = j["summary"];
    EXPECT_EQ(summary.size(), header.size() - 1);  // every column but the seed
    for (std::size_t c = 1; c < header.size(); ++c) {
      const std::string& col = header[c];
      ASSERT_TRUE(summary.contains(col)) << col;
      const std::vector<double>& v = values[c];
      double sum = 0;
      for (const double x : v) sum += x;
      const double mean = sum / static_cast<double>(v.size());
      const double tolerance = 1e-5 * std::max(1.0, std::abs(mean));
      EXPECT_NEAR(summary[col]["mean"].get<double>(), mean, tolerance) << col;
      EXPECT_NEAR(summary[col]["min"].get<double>(), *std::min_element(v.begin(), v.end()),
                  tolerance)
          << col;
      EXPECT_NEAR(summary[col]["max"].get<double>(), *std::max_element(v.begin(), v.end()),
                  tolerance)
          << col;
    }
  }
}

TEST(Sweep, BadRangesAreRefusedInOneLine) {
  EXPECT_EQ(sweep_range_error({.first_seed = 9, .last_seed = 3})->message,
            "--seeds 9..3 is empty: allowed A..B with A <= B");
  EXPECT_EQ(sweep_range_error({.first_seed = 0, .last_seed = kMaxSweepSeeds})->message,
            "--seeds 0..1000000 is 1000001 seeds: allowed up to 1000000");
  EXPECT_TRUE(sweep_range_error({.first_seed = 0, .last_seed = 18446744073709551615ULL}));
  EXPECT_TRUE(sweep_range_error({.connectivity = 6}));
  EXPECT_FALSE(sweep_range_error({.first_seed = 1, .last_seed = 1}));
}

TEST(Sweep, AStopEndsItWithTheRowsDoneSoFar) {
  const GeneratorSpec& spec = *find_generator("room-accretion");
  std::stop_source stop;
  const auto rows = run_sweep(
      spec, spec.schema.defaults(), {.first_seed = 1, .last_seed = 5000},
      [&](std::uint64_t done) {
        if (done > 0) stop.request_stop();
      },
      stop.get_token());
  EXPECT_LT(rows.size(), 5000u);
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].seed, i + 1);
}

}  // namespace
}  // namespace dungen
