#include "lab/expressive_range.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>

#include "lab/sweep_export.hpp"

namespace dungen {

int RangeAxis::bin(double v) const {
  const auto k = static_cast<int>(std::floor((v - lo) / width));
  return std::clamp(k, 0, bins - 1);
}

std::optional<Error> range_columns_error(const std::vector<SweepRow>& rows, std::string_view x,
                                         std::string_view y) {
  const std::vector<std::string> cols = sweep_columns(rows);
  for (const std::string_view c : {x, y}) {
    if (c == "seed" || std::find(cols.begin(), cols.end(), c) == cols.end()) {
      std::string allowed;
      for (const std::string& k : cols) {
        if (k == "seed") continue;
        allowed += (allowed.empty() ? "" : ", ") + k;
      }
      return Error{"--range: no column '" + std::string(c) + "': allowed " + allowed};
    }
  }
  if (x == y)
    return Error{"--range " + std::string(x) + "," + std::string(y) + ": two different columns"};
  return std::nullopt;
}

namespace {

RangeAxis axis_over(const std::vector<const std::vector<SweepRow>*>& sets,
                    const std::string& column) {
  RangeAxis a;
  a.column = column;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const auto* rows : sets) {
    for (const SweepRow& r : *rows) {
      const double v = column_value(r, column);
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      a.whole = a.whole && v == std::floor(v);
    }
  }
  if (!(lo <= hi)) throw std::invalid_argument("a range needs at least one row");
  a.lo = lo;
  if (a.whole) {
    // Whole numbers: as few whole-number bins as cover lo..hi in kRangeBins or fewer.
    const double values = hi - lo + 1;
    a.width = std::ceil(values / kRangeBins);
    a.bins = static_cast<int>(std::ceil(values / a.width));
  } else {
    a.bins = kRangeBins;
    a.width = hi > lo ? (hi - lo) / kRangeBins : 1.0;
  }
  return a;
}

}  // namespace

std::pair<RangeAxis, RangeAxis> range_axes(const std::vector<const std::vector<SweepRow>*>& sets,
                                           const std::string& x, const std::string& y) {
  return {axis_over(sets, x), axis_over(sets, y)};
}

ExpressiveRange expressive_range(const std::vector<SweepRow>& rows, const RangeAxis& x,
                                 const RangeAxis& y) {
  ExpressiveRange r;
  r.x = x;
  r.y = y;
  const auto cells = static_cast<std::size_t>(x.bins) * static_cast<std::size_t>(y.bins);
  r.counts.assign(cells, 0);
  r.seeds.assign(cells, {});
  for (const SweepRow& row : rows) {
    const int bx = x.bin(column_value(row, x.column));
    const int by = y.bin(column_value(row, y.column));
    const auto k = static_cast<std::size_t>(by * x.bins + bx);
    ++r.counts[k];
    r.seeds[k].push_back(row.seed);
    ++r.maps;
  }
  return r;
}

std::pair<std::string, std::string> default_range_pair(const GeneratorSpec& spec) {
  const std::string_view x = spec.range_x.empty() ? "critical_path" : spec.range_x;
  const std::string_view y = spec.range_y.empty() ? "loops" : spec.range_y;
  return {std::string(x), std::string(y)};
}

void write_range_csv(std::ostream& out,
                     const std::vector<std::pair<std::string, const ExpressiveRange*>>& ranges) {
  if (ranges.empty()) return;
  const ExpressiveRange& first = *ranges.front().second;
  out << "set," << first.x.column << "_lo," << first.x.column << "_hi," << first.y.column << "_lo,"
      << first.y.column << "_hi,maps,share\n";
  const auto number = [](double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return std::string(buf);
  };
  for (const auto& [name, r] : ranges) {
    for (int by = 0; by < r->y.bins; ++by) {
      for (int bx = 0; bx < r->x.bins; ++bx) {
        const std::uint32_t n = r->count(bx, by);
        if (n == 0) continue;
        out << name << ',' << number(r->x.bin_lo(bx)) << ',' << number(r->x.bin_last(bx)) << ','
            << number(r->y.bin_lo(by)) << ',' << number(r->y.bin_last(by)) << ',' << n << ','
            << number(static_cast<double>(n) / static_cast<double>(r->maps)) << '\n';
      }
    }
  }
}

}  // namespace dungen
