#pragma once
// A generator's expressive range (Smith and Whitehead, "Analyzing the Expressive Range of a Level
// Generator", PCG workshop 2010): how many of its maps fall at each pair of values of two
// figures, over many seeds. A 2D histogram of two sweep columns (lab/sweep_export.hpp's names:
// critical_path against loops, floor_fraction against dead_ends), for one parameter set or two
// on one scale, so a designer sees what a slider does to everything a generator can make, not to
// a few pictures. Each bin keeps its seeds, so a bin's maps can be shown.

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "generators/registry.hpp"
#include "lab/sweep.hpp"

namespace dungen {

// The most bins along an axis (a whole-number column with fewer values gets one bin a value).
inline constexpr int kRangeBins = 20;

// One axis: a column, cut into `bins` bins of `width` from `lo`; bin k holds lo + k*width up to
// (not including) lo + (k+1)*width, and the last one its upper end too.
struct RangeAxis {
  std::string column;
  double lo = 0;
  double width = 1;
  int bins = 1;
  bool whole = true;  // every value a whole number: bins of whole numbers
  int bin(double v) const;
  double bin_lo(int k) const { return lo + width * k; }
  double bin_hi(int k) const { return lo + width * (k + 1); }
  // The bin's last value as people read a range: for whole numbers the last one it holds
  // (bin 2..3 holds 2 and 3), else its upper end.
  double bin_last(int k) const { return whole ? bin_hi(k) - 1 : bin_hi(k); }
};

struct ExpressiveRange {
  RangeAxis x, y;
  std::vector<std::uint32_t> counts;              // x.bins * y.bins, row y = 0 first
  std::vector<std::vector<std::uint64_t>> seeds;  // per bin, the seeds of its maps
  std::uint64_t maps = 0;
  std::uint32_t count(int bx, int by) const {
    return counts[static_cast<std::size_t>(by * x.bins + bx)];
  }
  const std::vector<std::uint64_t>& seeds_in(int bx, int by) const {
    return seeds[static_cast<std::size_t>(by * x.bins + bx)];
  }
  std::uint32_t most() const {  // the fullest bin's count
    std::uint32_t m = 0;
    for (const std::uint32_t c : counts) m = c > m ? c : m;
    return m;
  }
};

// Why a pair of columns cannot make a range over these rows ("no column 'x': allowed ..."), or
// nothing.
std::optional<Error> range_columns_error(const std::vector<SweepRow>& rows, std::string_view x,
                                         std::string_view y);

// The axes for x and y over every row of every set (one scale for all of them), at most
// kRangeBins bins each. `sets` must hold at least one row.
std::pair<RangeAxis, RangeAxis> range_axes(const std::vector<const std::vector<SweepRow>*>& sets,
                                           const std::string& x, const std::string& y);
ExpressiveRange expressive_range(const std::vector<SweepRow>& rows, const RangeAxis& x,
                                 const RangeAxis& y);

// A generator's default pair of figures: two that say something about what it makes (README,
// "Expressive range").
std::pair<std::string, std::string> default_range_pair(const GeneratorSpec& spec);

// The ranges as CSV: one line a non-empty bin of each, "set,x_lo,x_hi,y_lo,y_hi,maps,share",
// set being each range's name; a whole-number bin's ends are both in it (2,3: 2 and 3), a
// fraction's bin runs from x_lo up to x_hi (the last bin holds x_hi too).
void write_range_csv(std::ostream& out,
                     const std::vector<std::pair<std::string, const ExpressiveRange*>>& ranges);

}  // namespace dungen
