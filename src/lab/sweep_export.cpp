#include "lab/sweep_export.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "io/json_writer.hpp"

namespace dungen {
namespace {

std::string number(double v);

const char* const kFixed[] = {
    "seed", "steps", "floor_fraction", "regions", "largest_region_fraction", "connected"};

// The level's figures, a column each after the fixed ones (counts, then one share).
struct LevelColumn {
  const char* name;
  double (*value)(const LevelFigures&);
  bool fraction;
};
const LevelColumn kLevelColumns[] = {
    {"critical_path", [](const LevelFigures& f) { return double(f.critical_path); }, false},
    {"loops", [](const LevelFigures& f) { return double(f.loops); }, false},
    {"room_loops", [](const LevelFigures& f) { return double(f.room_loops); }, false},
    {"dead_ends", [](const LevelFigures& f) { return double(f.dead_ends); }, false},
    {"chokepoints", [](const LevelFigures& f) { return double(f.chokepoints); }, false},
    {"largest_cut_off_fraction", [](const LevelFigures& f) { return f.largest_cut_off_fraction; },
     true},
};

std::string level_text(const LevelColumn& c, const LevelFigures& f) {
  const double v = c.value(f);
  return c.fraction ? number(v) : std::to_string(static_cast<std::int64_t>(v));
}

// The generator's statistic a column names, or nothing for one of the sweep's own columns.
std::optional<std::string_view> stat_key_of(std::string_view column) {
  if (!column.starts_with(kStatColumnPrefix)) return std::nullopt;
  return column.substr(kStatColumnPrefix.size());
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

// A statistic's value as CSV text: a list is its numbers joined by ';'.
std::string stat_text(const StatRow& r) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
          std::string s;
          for (std::int64_t x : v) {
            if (!s.empty()) s += ';';  // piecewise: gcc 12 warns falsely on "" + std::string&&
            s += std::to_string(x);
          }
          return s;
        } else if constexpr (std::is_same_v<T, double>) {
          return number(v);
        } else {
          return std::to_string(v);
        }
      },
      r.value);
}

const StatRow* find_stat(const SweepRow& row, std::string_view key) {
  for (const StatRow& r : row.stats) {
    if (r.key == key) return &r;
  }
  return nullptr;
}

// Nearest-rank percentile of sorted values.
double percentile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) return 0;
  const auto rank =
      static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size())));
  return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1];
}

}  // namespace

std::string stat_column(std::string_view key) {
  std::string column(kStatColumnPrefix);
  column += key;
  return column;
}

std::vector<std::string> sweep_columns(const std::vector<SweepRow>& rows) {
  std::vector<std::string> cols(std::begin(kFixed), std::end(kFixed));
  for (const LevelColumn& c : kLevelColumns) cols.emplace_back(c.name);
  if (!rows.empty()) {
    for (const StatRow& r : rows.front().stats) cols.push_back(stat_column(r.key));
  }
  return cols;
}

double column_value(const SweepRow& row, const std::string& column) {
  if (const auto key = stat_key_of(column)) {
    const StatRow* r = find_stat(row, *key);
    return r ? stat_number(*r) : 0.0;
  }
  if (column == "seed") return static_cast<double>(row.seed);
  if (column == "steps") return static_cast<double>(row.steps);
  if (column == "floor_fraction") return row.floor_fraction;
  if (column == "regions") return static_cast<double>(row.regions);
  if (column == "largest_region_fraction") return row.largest_region_fraction;
  if (column == "connected") return row.connected ? 1.0 : 0.0;
  for (const LevelColumn& c : kLevelColumns) {
    if (column == c.name) return c.value(row.level);
  }
  return 0.0;
}

std::vector<ColumnSummary> summarise(const std::vector<SweepRow>& rows) {
  std::vector<ColumnSummary> out;
  for (const std::string& col : sweep_columns(rows)) {
    if (col == "seed") continue;
    std::vector<double> v;
    v.reserve(rows.size());
    for (const SweepRow& r : rows) v.push_back(column_value(r, col));
    ColumnSummary s;
    s.column = col;
    if (!v.empty()) {
      double sum = 0;
      for (double x : v) sum += x;
      s.mean = sum / static_cast<double>(v.size());
      double sq = 0;
      for (double x : v) sq += (x - s.mean) * (x - s.mean);
      s.sd = std::sqrt(sq / static_cast<double>(v.size()));
      std::sort(v.begin(), v.end());
      s.min = v.front();
      s.max = v.back();
      s.p5 = percentile(v, 5), s.p25 = percentile(v, 25), s.p50 = percentile(v, 50);
      s.p75 = percentile(v, 75), s.p95 = percentile(v, 95);
    }
    out.push_back(s);
  }
  return out;
}

void write_sweep_csv(std::ostream& out, const std::vector<SweepRow>& rows) {
  const std::vector<std::string> cols = sweep_columns(rows);
  for (std::size_t i = 0; i < cols.size(); ++i) out << (i ? "," : "") << cols[i];
  out << '\n';
  for (const SweepRow& r : rows) {
    out << r.seed << ',' << r.steps << ',' << number(r.floor_fraction) << ',' << r.regions << ','
        << number(r.largest_region_fraction) << ',' << (r.connected ? 1 : 0);
    for (const LevelColumn& c : kLevelColumns) out << ',' << level_text(c, r.level);
    for (std::size_t c = std::size(kFixed) + std::size(kLevelColumns); c < cols.size(); ++c) {
      const StatRow* s = find_stat(r, *stat_key_of(cols[c]));
      out << ',' << (s ? stat_text(*s) : "");
    }
    out << '\n';
  }
}

void write_sweep_json(std::ostream& out, const std::vector<SweepRow>& rows,
                      const GeneratorSpec& spec, const ParamValues& params,
                      const SweepOptions& options) {
  // Written a row at a time: a sweep of many seeds never sits in memory as text.
  out << "{\n  \"generator\": " << json_escape(spec.name) << ",\n  \"params\": {";
  for (std::size_t i = 0; i < spec.schema.params.size(); ++i) {
    const ParamDef& d = spec.schema.params[i];
    out << (i ? ", " : "") << '"' << d.name << "\": " << params.get(d.name);
  }
  out << "},\n  \"seeds\": {\"first\": " << options.first_seed
      << ", \"last\": " << options.last_seed << ", \"done\": " << rows.size()
      << "},\n  \"connectivity\": " << options.connectivity << ",\n  \"rows\": [";
  const std::vector<std::string> cols = sweep_columns(rows);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const SweepRow& r = rows[k];
    out << (k ? ",\n    " : "\n    ") << "{\"seed\": " << r.seed << ", \"steps\": " << r.steps
        << ", \"floor_fraction\": " << number(r.floor_fraction) << ", \"regions\": " << r.regions
        << ", \"largest_region_fraction\": " << number(r.largest_region_fraction)
        << ", \"connected\": " << (r.connected ? "true" : "false");
    for (const LevelColumn& c : kLevelColumns) {
      out << ", \"" << c.name << "\": " << level_text(c, r.level);
    }
    for (const StatRow& s : r.stats) {
      out << ", " << json_escape(stat_column(s.key)) << ": ";
      std::visit(
          [&](const auto& v) {
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, std::vector<std::int64_t>>) {
              out << '[';
              for (std::size_t j = 0; j < v.size(); ++j) out << (j ? ", " : "") << v[j];
              out << ']';
            } else if constexpr (std::is_same_v<T, double>) {
              out << number(v);
            } else {
              out << v;
            }
          },
          s.value);
    }
    out << '}';
  }
  out << (rows.empty() ? "],\n" : "\n  ],\n") << "  \"summary\": {";
  const std::vector<ColumnSummary> sums = summarise(rows);
  for (std::size_t i = 0; i < sums.size(); ++i) {
    const ColumnSummary& s = sums[i];
    out << (i ? ",\n    " : "\n    ") << json_escape(s.column) << ": {\"mean\": " << number(s.mean)
        << ", \"sd\": " << number(s.sd) << ", \"min\": " << number(s.min)
        << ", \"max\": " << number(s.max) << ", \"p5\": " << number(s.p5)
        << ", \"p25\": " << number(s.p25) << ", \"p50\": " << number(s.p50)
        << ", \"p75\": " << number(s.p75) << ", \"p95\": " << number(s.p95) << '}';
  }
  out << (sums.empty() ? "}\n}\n" : "\n  }\n}\n");
}

}  // namespace dungen
