// Cellular-automaton caves, the caves the Caves of Clojure series smooths (and later maps into
// regions in part 7.1).
//
// The map starts as wall. Every cell becomes floor with probability fill_percent, then `passes`
// smoothing passes run: a cell becomes floor when at least floor_threshold of the 9 cells of its
// 3x3 block, itself included, are floor, and wall otherwise. Each pass reads only the previous
// grid (a double-buffered automaton, not an in-place sweep). The defaults (50% fill, threshold 5
// of 9, three passes) are the series' "floor when floors >= walls in the block, three times".
//
// Deliberate differences from the series:
// - Cells outside the map count as wall (the series only counts the block's cells that are on
//   the map), so caves shrink away from the edges instead of sticking to them.
// - `border` optionally keeps the map's edge wall, after the fill and after every pass. The fill
//   draws a number for every cell, border or not, so the same seed gives the same cave inside.
//
// Steps: the fill and each pass go row by row. A row is one action step holding all of that
// row's cell changes (the "cell steps batch a row" choice: 160 cells a step instead of one);
// the overlay's candidate is the row. The fill and each pass end with a phase step.

#include "generators/cellular_caves.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace dungen {
namespace {

constexpr auto kWallByte = static_cast<std::uint8_t>(Tile::Wall);
constexpr auto kFloorByte = static_cast<std::uint8_t>(Tile::Floor);
// The kernel picks a tile without branching: Wall + (floor? 1 : 0).
static_assert(kFloorByte == kWallByte + 1);

// More passes change nothing on a smoothed cave; the bound keeps the slider useful.
constexpr int kMaxPasses = 20;

constexpr std::array<Tile, kMaxMapSide> kWalls = [] {
  std::array<Tile, kMaxMapSide> a{};
  a.fill(Tile::Wall);
  return a;
}();

const std::uint8_t* bytes(const Tile* t) {
  return reinterpret_cast<const std::uint8_t*>(t);
}

int count_floor(const Tile* row, int w) {
  const std::uint8_t* r = bytes(row);
  int n = 0;
  for (int x = 0; x < w; ++x) n += r[x] == kFloorByte;
  return n;
}

int count_changed(const Tile* a, const Tile* b, int w) {
  const std::uint8_t* pa = bytes(a);
  const std::uint8_t* pb = bytes(b);
  int n = 0;
  for (int x = 0; x < w; ++x) n += pa[x] != pb[x];
  return n;
}

// The border rule applied to one computed row.
void apply_border(Tile* row, int w, int y, int h) {
  if (y == 0 || y == h - 1) {
    std::fill(row, row + w, Tile::Wall);
  } else {
    row[0] = Tile::Wall;
    row[w - 1] = Tile::Wall;
  }
}

enum Line : int {
  kFillWall,
  kFillRow,
  kFillDone,
  kForPass,
  kCount,
  kRule,
  kSwap,
};

constexpr std::array<std::string_view, 7> kPseudocode = {
    "fill the map with wall",
    "for each row, each cell: floor with probability fill_percent, else wall",
    "(border: the map's edge stays wall)",
    "repeat passes times, reading the previous grid and writing a new one:",
    "    for each row, each cell: count floor cells in its 3x3 block (outside = wall)",
    "        the cell becomes floor if count >= floor_threshold, else wall",
    "    the new grid replaces the previous one",
};

const Schema& schema() {
  static const Schema s{
      {
          width_param(160),
          height_param(50),
          {"fill_percent", ParamKind::Percent, 0, 100, 50, "chance that a cell starts as floor"},
          {"passes", ParamKind::Int, 0, kMaxPasses, 3, "smoothing passes"},
          {"floor_threshold", ParamKind::Int, 0, 9, 5,
           "a cell becomes floor when at least this many of its 3x3 block are floor"},
          {"border", ParamKind::Bool, 0, 1, 0, "keep a wall border around the map"},
      },
      nullptr,
  };
  return s;
}

StepGenerator cellular_caves(StepContext& ctx, ParamValues p) {
  const int w = p.get_int("width");
  const int h = p.get_int("height");
  const int fill = p.get_int("fill_percent");
  const int passes = p.get_int("passes");
  const int threshold = p.get_int("floor_threshold");
  const bool border = p.get("border") != 0;
  Rng& rng = ctx.rng();
  Canvas& canvas = ctx.canvas();
  const auto width = static_cast<std::size_t>(w);
  Counters counters;  // cells = floor cells now, placed = passes done

  std::vector<Tile> fresh(width);
  for (int y = 0; y < h; ++y) {
    for (Tile& t : fresh) t = rng.chance_percent(fill) ? Tile::Floor : Tile::Wall;
    if (border) apply_border(fresh.data(), w, y, h);
    canvas.write_tiles(static_cast<std::size_t>(y) * width, fresh.data(), width);
    const int floor = count_floor(fresh.data(), w);
    counters.cells += floor;
    const Step row{StepLevel::Action, kFillRow,
                   Event{EventKind::CaveFillRow, Reason::None, y, -1, floor, {0, y}, {}},
                   Overlay{Rect{0, y, w, 1}, Verdict::None, {}, Point{0, y}}, counters};
    co_yield row;
  }
  const Step filled{StepLevel::Phase,
                    kFillDone,
                    Event{EventKind::CaveFilled, Reason::None, -1, -1, counters.cells, {}, {}},
                    Overlay{},
                    counters,
                    passes == 0};
  co_yield filled;

  // Row y's new tiles depend on old rows y-1..y+1. Rows below y are still old in the grid;
  // row y-1 was overwritten, so its old tiles are kept aside before each write.
  std::vector<Tile> old_above(width), old_here(width);
  for (int pass = 0; pass < passes; ++pass) {
    int pass_changed = 0;
    for (int y = 0; y < h; ++y) {
      const Tile* here = ctx.grid().tiles().data() + static_cast<std::size_t>(y) * width;
      const Tile* above = y > 0 ? old_above.data() : kWallRow;
      const Tile* below = y + 1 < h ? here + width : kWallRow;
      smooth_row(above, here, below, fresh.data(), w, threshold);
      if (border) apply_border(fresh.data(), w, y, h);
      std::copy(here, here + width, old_here.begin());
      canvas.write_tiles(static_cast<std::size_t>(y) * width, fresh.data(), width);
      const int changed = count_changed(old_here.data(), fresh.data(), w);
      counters.cells += count_floor(fresh.data(), w) - count_floor(old_here.data(), w);
      pass_changed += changed;
      std::swap(old_above, old_here);
      const Step row{StepLevel::Action, kRule,
                     Event{EventKind::CaveRow, Reason::None, y, pass, changed, {0, y}, {}},
                     Overlay{Rect{0, y, w, 1}, Verdict::None, {}, Point{0, y}}, counters};
      co_yield row;
    }
    ++counters.placed;
    const Step pass_done{StepLevel::Phase,
                         kSwap,
                         Event{EventKind::CavePass, Reason::None, pass, -1, pass_changed, {}, {}},
                         Overlay{},
                         counters,
                         pass + 1 == passes};
    co_yield pass_done;
  }
}

}  // namespace

const Tile* const kWallRow = kWalls.data();

// On x86-64 the kernel is also built for AVX2 and picked at load time (twice the bytes per
// instruction of the SSE2 baseline); the arithmetic is the same integer rule either way.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
__attribute__((target_clones("avx2", "default")))
#endif
void smooth_row(const Tile* above, const Tile* row, const Tile* below, Tile* out, int w,
                int threshold) {
  const std::uint8_t* a = bytes(above);
  const std::uint8_t* r = bytes(row);
  const std::uint8_t* b = bytes(below);
  auto* o = reinterpret_cast<std::uint8_t*>(out);
  // Column sums of the three rows, padded with a zero column on each side (outside = wall);
  // then each cell adds three neighbouring column sums. Both loops are branch-free over bytes,
  // so the compiler vectorises them.
  std::array<std::uint8_t, kMaxMapSide + 2> cols;
  cols[0] = 0;
  cols[static_cast<std::size_t>(w) + 1] = 0;
  for (int x = 0; x < w; ++x) {
    cols[static_cast<std::size_t>(x) + 1] = static_cast<std::uint8_t>(
        (a[x] == kFloorByte) + (r[x] == kFloorByte) + (b[x] == kFloorByte));
  }
  const auto t = static_cast<std::uint8_t>(std::clamp(threshold, 0, 10));
  for (int x = 0; x < w; ++x) {
    const auto i = static_cast<std::size_t>(x);
    const auto sum = static_cast<std::uint8_t>(cols[i] + cols[i + 1] + cols[i + 2]);
    o[x] = static_cast<std::uint8_t>(kWallByte + (sum >= t));
  }
}

void smooth_pass(const Tile* in, Tile* out, int w, int h, int threshold, bool border) {
  const auto width = static_cast<std::size_t>(w);
  for (int y = 0; y < h; ++y) {
    const Tile* here = in + static_cast<std::size_t>(y) * width;
    Tile* dst = out + static_cast<std::size_t>(y) * width;
    smooth_row(y > 0 ? here - width : kWallRow, here, y + 1 < h ? here + width : kWallRow, dst, w,
               threshold);
    if (border) apply_border(dst, w, y, h);
  }
}

const GeneratorSpec& cellular_caves_spec() {
  static const GeneratorSpec spec{
      "cellular-caves", "random fill smoothed by a 3x3 floor-count rule (Caves of Clojure)",
      schema(),         kPseudocode,
      Tile::Wall,       cellular_caves,
  };
  return spec;
}

}  // namespace dungen
