#include "app/logic/compare.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "analysis/regions.hpp"
#include "app/logic/session_preset.hpp"
#include "core/changes.hpp"
#include "core/packed_ids.hpp"

namespace dungen::app {

void Comparison::copy_from(const Session& a) {
  apply_preset(b_, app::preset_of(a));
}

void Comparison::fork_from(const Session& a, const DrawFork& fork) {
  copy_from(a);
  // The fork is of a step: by fraction, a fork that lengthens or shortens B's run would put the
  // panes at different steps, and the steps before the fork would no longer line up.
  by_fraction = false;
  // B goes where A is, step by step (follow): a live run to B's end first would show B's
  // finished map for a frame before it went back to A's step.
  b_.set_mode(RunMode::Step);
  b_.set_fork(fork);
}

std::optional<DrawFork> Comparison::shared_fork(const Session& a) const {
  const std::optional<DrawFork> fork = b_.fork();
  if (!fork || &b_.generator() != &a.generator() || b_.seed() != a.seed() ||
      !(b_.params() == a.params())) {
    return std::nullopt;
  }
  return fork;
}

Preset Comparison::preset_of(const Session& a) const {
  Preset p = app::preset_of(a);
  p.fork = shared_fork(a);
  return p;
}

std::uint64_t Comparison::target_for(const Session& a) const {
  if (!by_fraction) return a.position();
  const std::uint64_t total_a = std::max<std::uint64_t>(1, a.recorded());
  const std::uint64_t total_b = b_.recorded();
  const double f = static_cast<double>(a.position()) / static_cast<double>(total_a);
  return static_cast<std::uint64_t>(std::llround(f * static_cast<double>(total_b)));
}

void Comparison::follow(const Session& a) {
  // A script A read again (or ran from the Script section) is read again in B too.
  const auto replaced = a.replacements();
  for (; replacements_seen_ < replaced.size(); ++replacements_seen_) {
    const Session::Replacement& r = replaced[replacements_seen_];
    b_.replace_generator(r.before, r.now);
  }
  if (by_fraction && !b_.recorded_whole()) {
    // A share of B's run needs the whole run: until B has recorded it (a new size or seed starts
    // a new one), B runs to its end, and only then goes to its share. Seeking B to a share of
    // what it had recorded so far would call its run off there, and leave it stuck.
    if (!b_.busy()) b_.run_to_end();
    return;
  }
  // While B's new run is built on the worker (a big map), a seek would be put off till the build
  // is done and would make it stop at step 0 (Session::seek), then take B to A's step on the
  // frames' time, a step at a time: 11 M steps of a 4096x4096 maze at 10-300 ms a frame. Built to
  // its end first, B goes back to A's step across the history's skips.
  if (b_.rebuilding()) return;
  const std::uint64_t k = target_for(a);
  if (k != b_.position()) b_.seek(k);
}

CellDiff differing_cells(const Grid& a, const Grid& b) {
  CellDiff d;
  d.same_size = a.width() == b.width() && a.height() == b.height();
  if (!d.same_size) return d;
  // Eight tiles at a time: a 4096x4096 pair is 16 M cells, compared while both panes move.
  const auto* ta = reinterpret_cast<const std::uint8_t*>(a.tiles().data());
  const auto* tb = reinterpret_cast<const std::uint8_t*>(b.tiles().data());
  const std::size_t n = a.size();
  const auto mark = [&](std::size_t i) {
    if (d.cells.size() < kMaxDiffMarks) d.cells.push_back(static_cast<std::uint32_t>(i));
  };
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t x = 0, y = 0;
    std::memcpy(&x, ta + i, 8);
    std::memcpy(&y, tb + i, 8);
    if (x == y) continue;
    std::uint64_t high = lanes::nonzero(x ^ y);
    d.count += lanes::count(high);
    for (; high != 0 && d.cells.size() < kMaxDiffMarks; high &= high - 1) {
      mark(i + static_cast<std::size_t>(std::countr_zero(high) / 8));
    }
  }
  for (; i < n; ++i) {
    if (ta[i] == tb[i]) continue;
    mark(i);
    ++d.count;
  }
  return d;
}

// Read in the form the layer is kept in (a byte a cell, 32 bits, or runs), a stretch of cells
// holding what the stretch before held passed over as a whole: a cell at a time through IdLayer's
// [] was most of a compare refresh at 4096x4096, and a call a cell still 35 ms of one.
std::size_t distinct_ids(const IdLayer& layer, std::size_t n) {
  std::vector<char> seen;
  std::size_t count = 0;
  const auto see = [&](std::int32_t v) {
    if (v < 0) return;
    const auto k = static_cast<std::size_t>(v);
    if (k >= seen.size()) seen.resize(k + 1, 0);
    if (!seen[k]) {
      seen[k] = 1;
      ++count;
    }
  };
  if (const std::uint8_t* narrow = layer.narrow()) {
    // A byte holds the value + 1 (0: none), so a table of 256 says which were met.
    std::array<std::uint8_t, 256> met{};
    std::uint64_t last = 0;  // eight cells as the last eight looked at
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, narrow + i, 8);
      if (w == last) continue;  // (a room's row, a maze's corridors: the same label over and over)
      last = w;
      for (std::size_t k = 0; k < 8; ++k) met[narrow[i + k]] = 1;
    }
    for (; i < n; ++i) met[narrow[i]] = 1;
    for (std::size_t v = 1; v < met.size(); ++v) count += met[v];
  } else if (const std::int32_t* wide = layer.wide()) {
    std::int32_t last = -1;  // (a room's row holds one label: looked up once)
    for (std::size_t i = 0; i < n; ++i) {
      if (wide[i] == last) continue;
      last = wide[i];
      see(last);
    }
  } else if (const PackedIds* packed = layer.packed()) {
    for (const std::int32_t v : packed->run_values()) see(v);
  }
  return count;
}

namespace {

std::string signed_number(long long v) {
  if (v == 0) return "same";
  std::string out = v > 0 ? "+" : "";  // piecewise: gcc 12 warns falsely on "" + std::string&&
  out += std::to_string(v);
  return out;
}

std::string points(double a, double b) {
  const double d = (b - a) * 100.0;
  if (std::fabs(d) < 0.05) return "same";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.1f points", d);
  return buf;
}

struct Figures {
  long long rooms = 0;
  double floor = 0;
  long long regions = -1;  // -1: not counted (a big map)
  double largest = 0;
  std::uint64_t step = 0;
  std::optional<LevelFigures> level;  // none: not counted (a big map)
};

Figures figures_of(const Session& s) {
  Figures f;
  const Grid& g = s.grid();
  // Rooms as of the current step: the distinct room labels on the map (the layout holds the
  // rooms of the newest step, which is not the one shown after stepping back).
  f.rooms = static_cast<long long>(distinct_ids(g.label_layer(), g.size()));
  f.floor = static_cast<double>(g.count_walkable()) /
            static_cast<double>(std::max<std::size_t>(1, g.size()));
  f.step = s.position();
  if (g.size() <= kMaxCompareRegionCells) {
    const RegionMap r = label_regions(g, static_cast<int>(s.region_params().get("connectivity")));
    f.regions = static_cast<long long>(r.sizes.size());
    const std::size_t walkable = g.count_walkable();
    const std::int64_t largest =
        r.sizes.empty() ? 0 : *std::max_element(r.sizes.begin(), r.sizes.end());
    f.largest = walkable ? static_cast<double>(largest) / static_cast<double>(walkable) : 0.0;
  }
  if (g.size() <= kMaxCompareLevelCells) {
    // From the player start as of the step shown (none before it is placed).
    f.level =
        level_figures(g, s.start_shown(), static_cast<int>(s.region_params().get("connectivity")));
  }
  return f;
}

}  // namespace

std::vector<CompareRow> compare_rows(const Session& a, const Session& b) {
  const Figures fa = figures_of(a), fb = figures_of(b);
  std::vector<CompareRow> rows;
  rows.push_back(
      {"step", std::to_string(fa.step), std::to_string(fb.step),
       signed_number(static_cast<long long>(fb.step) - static_cast<long long>(fa.step))});
  rows.push_back({"rooms", std::to_string(fa.rooms), std::to_string(fb.rooms),
                  signed_number(fb.rooms - fa.rooms)});
  rows.push_back(
      {"floor", percent_text(fa.floor), percent_text(fb.floor), points(fa.floor, fb.floor)});
  if (fa.regions >= 0 && fb.regions >= 0) {
    rows.push_back({"regions", std::to_string(fa.regions), std::to_string(fb.regions),
                    signed_number(fb.regions - fa.regions)});
    rows.push_back({"largest region", percent_text(fa.largest), percent_text(fb.largest),
                    points(fa.largest, fb.largest)});
  }
  if (fa.level && fb.level) {
    const LevelFigures &la = *fa.level, &lb = *fb.level;
    const auto count = [&](const char* name, std::int64_t in_a, std::int64_t in_b) {
      rows.push_back(
          {name, std::to_string(in_a), std::to_string(in_b), signed_number(in_b - in_a)});
    };
    count("critical path", la.critical_path, lb.critical_path);
    count("loops", la.loops, lb.loops);
    if (la.room_loops >= 0 && lb.room_loops >= 0) {
      count("loops between rooms", la.room_loops, lb.room_loops);
    }
    count("dead ends", la.dead_ends, lb.dead_ends);
    count("chokepoints", la.chokepoints, lb.chokepoints);
    rows.push_back({"largest cut-off", percent_text(la.largest_cut_off_fraction),
                    percent_text(lb.largest_cut_off_fraction),
                    points(la.largest_cut_off_fraction, lb.largest_cut_off_fraction)});
  }
  return rows;
}

void WorkTurns::begin_frame(double budget_seconds) {
  budget_ = budget_seconds;
  spent_ = 0.0;
  any_ran_ = false;
  asked_ = {};
  ran_ = {};
  turn_ = turn();
}

std::optional<WorkTurns::Work> WorkTurns::turn() const {
  if (owed_count_ == 0) return std::nullopt;
  return owed_[0];
}

bool WorkTurns::ask(Work w) {
  asked_[at(w)] = true;
  bool runs = false;
  if (turn_ == w) {
    runs = true;
  } else if (turn_ && !ran_[at(*turn_)] && !(at(*turn_) < at(w) && !asked_[at(*turn_)])) {
    // The turn's work is still to come this frame: it is held the time it took last.
    runs = spent_ + last_[at(*turn_)] + last_[at(w)] <= budget_;
  } else {
    // No turn, or it ran, or it came before this one and had nothing to do: the first work to
    // ask runs, and each other where it fits.
    runs = !any_ran_ || spent_ + last_[at(w)] <= budget_;
  }
  const auto owed_end = owed_.begin() + owed_count_;
  if (!runs && std::find(owed_.begin(), owed_end, w) == owed_end) owed_[owed_count_++] = w;
  return runs;
}

void WorkTurns::ran(Work w, double seconds) {
  last_[at(w)] = seconds;
  spent_ += seconds;
  any_ran_ = true;
  ran_[at(w)] = true;
  forget(w);
}

void WorkTurns::end_frame() {
  for (std::size_t k = 0; k < kWorks; ++k) {
    if (!asked_[k]) forget(static_cast<Work>(k));
  }
}

void WorkTurns::forget(Work w) {
  const auto end = owed_.begin() + owed_count_;
  const auto it = std::find(owed_.begin(), end, w);
  if (it == end) return;
  std::copy(it + 1, end, it);
  --owed_count_;
}

}  // namespace dungen::app
