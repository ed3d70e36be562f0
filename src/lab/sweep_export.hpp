#pragma once
// A sweep's rows as CSV (one header line, one line a seed) or JSON (the rows, then a summary of
// every column: mean, standard deviation, min, max and percentiles).

#include <ostream>
#include <string>
#include <vector>

#include "lab/sweep.hpp"

namespace dungen {

// The columns every row has, in order: seed, steps, floor_fraction, regions,
// largest_region_fraction, connected, then the generator's statistics (by their JSON keys).
std::vector<std::string> sweep_columns(const std::vector<SweepRow>& rows);

struct ColumnSummary {
  std::string column;
  double mean = 0, sd = 0, min = 0, max = 0;
  double p5 = 0, p25 = 0, p50 = 0, p75 = 0, p95 = 0;
};
// Every column but the seed (connected counts 1 for yes: its mean is the share connected).
std::vector<ColumnSummary> summarise(const std::vector<SweepRow>& rows);
// A row's value in a column, as one number (see stat_number).
double column_value(const SweepRow& row, const std::string& column);

void write_sweep_csv(std::ostream& out, const std::vector<SweepRow>& rows);
void write_sweep_json(std::ostream& out, const std::vector<SweepRow>& rows,
                      const GeneratorSpec& spec, const ParamValues& params,
                      const SweepOptions& options);

}  // namespace dungen
