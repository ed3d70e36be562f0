#pragma once
// A sweep's rows as CSV (one header line, one line a seed) or JSON (the rows, then a summary of
// every column: mean, standard deviation, min, max and percentiles).
//
// Column names: the sweep's own figures have plain names (seed, steps, floor_fraction, regions,
// largest_region_fraction, connected); each statistic the generator declares is "stat." and its
// key (stat.rooms, stat.regions). No plain name has a dot, so a generator's statistic can never
// take the name of one of the sweep's columns, whatever the generator calls it. The same names
// head the CSV columns, key the JSON rows and key the JSON summary.

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "lab/sweep.hpp"

namespace dungen {

// What a generator statistic's column name starts with.
inline constexpr std::string_view kStatColumnPrefix = "stat.";
// The column of the generator statistic with this key ("rooms" -> "stat.rooms").
std::string stat_column(std::string_view key);

// The columns every row has, in order: seed, steps, floor_fraction, regions,
// largest_region_fraction, connected, then the generator's statistics (stat_column of each key).
std::vector<std::string> sweep_columns(const std::vector<SweepRow>& rows);

struct ColumnSummary {
  std::string column;
  double mean = 0, sd = 0, min = 0, max = 0;
  double p5 = 0, p25 = 0, p50 = 0, p75 = 0, p95 = 0;
};
// Every column but the seed (connected counts 1 for yes: its mean is the share connected).
std::vector<ColumnSummary> summarise(const std::vector<SweepRow>& rows);
// A row's value in a column, as one number (see stat_number); 0 for a column the row lacks.
double column_value(const SweepRow& row, const std::string& column);

void write_sweep_csv(std::ostream& out, const std::vector<SweepRow>& rows);
void write_sweep_json(std::ostream& out, const std::vector<SweepRow>& rows,
                      const GeneratorSpec& spec, const ParamValues& params,
                      const SweepOptions& options);

}  // namespace dungen
