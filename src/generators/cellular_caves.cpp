// Cellular-automaton caves, the caves the Caves of Clojure series smooths (and later maps into
// regions in part 7.1).
//
// The map starts as wall. Every cell becomes floor with probability fill_percent, then `passes`
// smoothing passes run: a cell becomes floor when at least floor_threshold of the 9 cells of its
// 3x3 block, itself included, are floor, and wall otherwise. A cell outside the map counts as
// wall, as in the series (a coordinate off the map reads as its bound tile, which is not floor),
// so caves pull away from the edges. Each pass reads only the previous grid (a double-buffered
// automaton, not an in-place sweep). The defaults (50% fill, threshold 5 of 9, three passes) are
// the series' "floor when floors >= walls in the block, three times".
//
// Deliberate differences from the series:
// - `border` optionally keeps the map's edge wall: after the fill and after every pass, one step
//   sets the edge cells to wall. The fill draws a number for every cell, border or not, so the
//   same seed gives the same cave inside. Walling the edge once after the pass gives the same map
//   as walling each row's ends as it is written, since every row reads only the previous grid.
//
// Steps (levels in brackets): a begin step [phase] for the wall background; the fill row by row
// [action], or with step_cells cell by cell [cell; a row's last cell is an action], each cell's
// roll drawn as "roll"; with border on, the step that walls the edge [action]; the fill's end
// [phase]. Each pass starts with a step for its loop header [cell], then per row a step that
// reads (its window is the three rows read) [action] and one that writes the row [action]; with
// step_cells, per cell a step that counts its 3x3 block and one that applies the rule to it
// [cell; a row's last cell is an action]. Then the edge step again [action] and the pass's end
// [phase]; the last pass's end (the fill's, with no passes) is the run's last step. A pass's
// steps ask the viewer to outline the cells flipped since the pass began.
//
// How the file reads: the pseudocode, each kind of step's factory beside its words, then the body
// in parts (fill by rows or cells, wall the edge, a pass by rows or cells). The smoothing rule a
// row at a time, written for speed, is generators/cave_smoothing.cpp.

#include "generators/cellular_caves.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "generators/cave_smoothing.hpp"
#include "generators/map_promises.hpp"

namespace dungen {
namespace {

using namespace cellular_caves;

// More passes change nothing on a smoothed cave; the bound keeps the slider useful.
constexpr int kMaxPasses = 20;

enum Line : int {
  kFillWall,
  kFill,
  kFillBorder,
  kFirstGrid,
  kForPass,
  kCount,
  kRule,
  kPassBorder,
  kSwap,
  kLineCount,
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "fill the map with wall",
    "for each row, each cell: floor with probability fill_percent, else wall",
    "if border: set the map's edge cells to wall",
    "the random map is the first grid",
    "repeat passes times, reading the previous grid and writing a new one:",
    "    for each row, each cell: count floor cells in its 3x3 block (outside the map = wall)",
    "        the cell becomes floor if count >= floor_threshold, else wall",
    "    if border: set the new grid's edge cells to wall",
    "    the new grid replaces the previous one",
};
static_assert(kPseudocode.size() == kLineCount);

// floor_fraction is the map's; one slot per pass holds the cells it has flipped so far.
enum Stat : std::size_t {
  kFloorCells,
  kPassesDone,
  kPassRunning,  // the pass in progress, 1-based; 0 for none
  kFlipped,
  kStatCount = kFlipped + kMaxPasses,
};

std::string pass_text(int pass) {
  return "pass " + number_text(pass);
}
std::string row_text(int y) {
  return "row y=" + std::to_string(y);
}
// "1 cell", "12 floor cells"
std::string cells_text(std::int64_t n, std::string_view what = "") {
  std::string s = std::to_string(n) + " ";
  if (!what.empty()) (s += what) += ' ';
  return s + (n == 1 ? "cell" : "cells");
}
std::string verdict_text(int count, int threshold) {
  return std::to_string(count) + (count >= threshold ? " >= " : " < ") + std::to_string(threshold) +
         (count >= threshold ? ": floor" : ": wall");
}

// ---- The steps: each kind's factory, then its words --------------------------------------------
// A pass makes a step or two per row, or per cell with step_cells: those kinds' factories make
// one step object that the body moves from row to row or cell to cell (a set_ function beside
// the factory), so a cell step costs no allocation. The fields packed are the ones the words
// beside them read back (the field list is in cellular_caves.hpp).

// A pass's steps ask the viewer to outline the cells flipped since the pass began.
Overlay in_pass(std::vector<OverlayItem> items) {
  return {std::move(items), true};
}
// The last cell of a row ends an action; the others are cell steps.
StepLevel cell_level(int x, int w) {
  return x + 1 == w ? StepLevel::Action : StepLevel::Cell;
}

Step begin_step() {
  return make_step(StepLevel::Phase, kFillWall, {.kind = kEventBegin});
}
std::string begin_words(const Event&, const ParamValues& p) {
  return "the map is filled with wall (" + size_text(p.get_int("width"), p.get_int("height")) + ")";
}

Step fill_row_step(int y, int floor, const Rect& row) {
  return make_step(StepLevel::Action, kFill,
                   {.kind = event_kind(Ev::FillRow), .id = y, .value = floor, .rect = row},
                   {{box(Role::Candidate, row)}});
}
std::string fill_row_words(const Event& e, const ParamValues& p) {
  return "fill " + row_text(e.id) + ": " + std::to_string(e.value) + " of " +
         std::to_string(e.rect.w) + " cells floor, each with probability " +
         std::to_string(p.get("fill_percent")) + "%";
}

// roll: the number drawn in [0, 99], or -1 when fill_percent 0 or 100 needed no draw.
Step fill_cell_step() {
  return make_step(StepLevel::Cell, kFill, {.kind = event_kind(Ev::FillCell)},
                   {{marker(Role::Cursor, {})}});
}
void set_fill_cell(Step& s, Point at, int w, int roll, bool floor) {
  s.level = cell_level(at.x, w);
  s.event.reason = floor ? kFloor : kWall;
  s.event.value = roll;
  s.event.at = at;
  s.overlay.items[0].cells[0] = at;
}
std::string fill_cell_words(const Event& e, const ParamValues& p) {
  const int fill = p.get_int("fill_percent");
  const bool floor = (e.reason & kFloor) != 0;
  const std::string why = e.value < 0 ? "fill_percent is " + std::to_string(fill)
                                      : "roll " + std::to_string(e.value) +
                                            (floor ? " < " : " >= ") + std::to_string(fill);
  return "fill " + xy_text(e.at) + ": " + why + (floor ? ", floor" : ", wall");
}

// Walls the edge after the fill (pass < 0: it lights the fill's border line) or after a pass
// (the pass's border line).
Step border_step(int pass, int walled, const Rect& map) {
  return make_step(StepLevel::Action, pass < 0 ? kFillBorder : kPassBorder,
                   {.kind = event_kind(Ev::Border), .other = pass, .value = walled, .rect = map},
                   {{box(Role::Candidate, map)}, pass >= 0});
}
std::string border_words(const Event& e, const ParamValues&) {
  return "border after " + (e.other < 0 ? std::string("the fill") : pass_text(e.other)) + ": " +
         cells_text(e.value, "edge") + " set back to wall";
}

Step filled_step(std::int64_t floor, bool last) {
  Step s = make_step(StepLevel::Phase, kFirstGrid,
                     {.kind = event_kind(Ev::Filled), .value = static_cast<int>(floor)});
  s.last = last;
  return s;
}
std::string filled_words(const Event& e, const ParamValues& p) {
  return "random fill done: " + cells_text(e.value, "floor") + "; " +
         (p.get("passes") > 0 ? "this is the grid the first pass reads"
                              : "with no passes to run, this is the cave");
}

Step pass_start_step(int pass) {
  return make_step(StepLevel::Cell, kForPass, {.kind = event_kind(Ev::PassStart), .id = pass},
                   in_pass({}));
}
std::string pass_start_words(const Event& e, const ParamValues& p) {
  return pass_text(e.id) + " of " + std::to_string(p.get("passes")) + " begins: it reads " +
         (e.id == 0 ? std::string("the random map") : pass_text(e.id - 1) + "'s grid") +
         " and writes a new one";
}

// rows: the rows read, y-1..y+1 clipped to the map; `read` shows them as they were read.
Step row_read_step(int y, int pass, const Rect& row, const Rect& rows, OverlayItem read) {
  return make_step(StepLevel::Action, kCount,
                   {.kind = event_kind(Ev::RowRead), .id = y, .other = pass, .rect = rows},
                   in_pass({box(Role::Candidate, row), std::move(read)}));
}
std::string row_read_words(const Event& e, const ParamValues&) {
  return pass_text(e.other) + ", " + row_text(e.id) +
         ": count floor cells in each cell's 3x3 block, reading rows y=" +
         std::to_string(e.rect.y) + ".." + std::to_string(e.rect.bottom() - 1);
}

Step row_written_step(int y, int pass, int changed, const Rect& row) {
  return make_step(
      StepLevel::Action, kRule,
      {.kind = event_kind(Ev::RowWritten), .id = y, .other = pass, .value = changed, .rect = row},
      in_pass({box(Role::Candidate, row)}));
}
std::string row_written_words(const Event& e, const ParamValues& p) {
  return pass_text(e.other) + ", " + row_text(e.id) +
         ": cells counting >= " + std::to_string(p.get("floor_threshold")) +
         " become floor, the rest wall; " + cells_text(e.value) + " flipped";
}

// The count and the rule steps of a cell both show its 3x3 block as read and a cursor on it.
Step cell_count_step(int pass) {
  return make_step(StepLevel::Cell, kCount, {.kind = event_kind(Ev::CellCount), .other = pass},
                   in_pass({read({}, {}), marker(Role::Cursor, {})}));
}
Step cell_rule_step(int pass) {
  return make_step(StepLevel::Cell, kRule, {.kind = event_kind(Ev::CellRule), .other = pass},
                   in_pass({read({}, {}), marker(Role::Cursor, {})}));
}
// Moves a cell step to the cell at `at`, whose block (as read) is `block`, counting `count`.
void set_cell(Step& s, Point at, const Rect& block, int count) {
  s.event.value = count;
  s.event.at = at;
  s.event.rect = block;
  s.overlay.items[0].rect = block;
  s.overlay.items[1].cells[0] = at;
}
// The block's tiles as the cell step read them.
std::vector<Tile>& block_read(Step& s) {
  return s.overlay.items[0].read;
}
void set_rule(Step& s, int w, bool floor, bool changed) {
  s.level = cell_level(s.event.at.x, w);
  s.event.reason = static_cast<std::uint8_t>((floor ? kFloor : kWall) | (changed ? kChanged : 0));
}
std::string cell_count_words(const Event& e, const ParamValues&) {
  return pass_text(e.other) + ", " + xy_text(e.at) + ": " + cells_text(e.value, "floor") +
         " in its 3x3 block";
}
std::string cell_rule_words(const Event& e, const ParamValues& p) {
  return pass_text(e.other) + ", " + xy_text(e.at) + ": " +
         verdict_text(e.value, p.get_int("floor_threshold")) +
         ((e.reason & kChanged) != 0 ? " (flipped)" : " (unchanged)");
}

Step pass_done_step(int pass, std::int64_t flipped, bool last) {
  Step s =
      make_step(StepLevel::Phase, kSwap,
                {.kind = event_kind(Ev::PassDone), .id = pass, .value = static_cast<int>(flipped)},
                in_pass({}));
  s.last = last;
  return s;
}
std::string pass_done_words(const Event& e, const ParamValues& p) {
  return pass_text(e.id) + " of " + std::to_string(p.get("passes")) +
         " done: the new grid replaces the previous one; " + cells_text(e.value) + " flipped";
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      return begin_words(e, p);
    case event_kind(Ev::FillRow):
      return fill_row_words(e, p);
    case event_kind(Ev::FillCell):
      return fill_cell_words(e, p);
    case event_kind(Ev::Border):
      return border_words(e, p);
    case event_kind(Ev::Filled):
      return filled_words(e, p);
    case event_kind(Ev::PassStart):
      return pass_start_words(e, p);
    case event_kind(Ev::RowRead):
      return row_read_words(e, p);
    case event_kind(Ev::RowWritten):
      return row_written_words(e, p);
    case event_kind(Ev::CellCount):
      return cell_count_words(e, p);
    case event_kind(Ev::CellRule):
      return cell_rule_words(e, p);
    case event_kind(Ev::PassDone):
      return pass_done_words(e, p);
  }
  return "?";
}

// The few words drawn on the map beside the cell or row.
std::string caption(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::FillCell):
      return (e.reason & kFloor) != 0 ? "floor" : "wall";
    case event_kind(Ev::RowWritten):
      return std::to_string(e.value) + " flipped";
    case event_kind(Ev::CellCount):
      return std::to_string(e.value) + " floor";
    case event_kind(Ev::CellRule):
      return verdict_text(e.value, p.get_int("floor_threshold"));
  }
  return "";
}

// Predict mode (with step_cells): before a cell's rule is shown, what the cell becomes. Its
// block, as read, stays on the map while the class counts.
std::optional<Question> question(const Step& s, const QuestionContext& c) {
  const Event& e = s.event;
  if (e.kind != event_kind(Ev::CellRule)) return std::nullopt;
  return Question{.line = kRule,
                  .prompt = pass_text(e.other) + ", cell " + xy_text(e.at) + ": its block counts " +
                            std::to_string(e.value) + " floor cells, and floor_threshold is " +
                            std::to_string(c.params.get("floor_threshold")) +
                            ". Floor or wall in the new grid?",
                  .choices = {{"floor", {}}, {"wall", {}}},
                  .answer = (e.reason & kFloor) != 0 ? 0 : 1,
                  .focus = {s.overlay.items}};
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues& p) {
  const auto n = [](std::int64_t x) { return std::to_string(x); };
  const std::int64_t cells = p.get("width") * p.get("height");
  const std::int64_t floor = v[kFloorCells];
  const double fraction = static_cast<double>(floor) / static_cast<double>(cells);
  const std::int64_t done = std::clamp<std::int64_t>(v[kPassesDone], 0, kMaxPasses);
  std::vector<std::int64_t> flipped;
  std::string flipped_text;
  for (std::int64_t i = 0; i < done; ++i) {
    flipped.push_back(v[kFlipped + static_cast<std::size_t>(i)]);
    flipped_text += (i > 0 ? ", " : "") + n(flipped.back());
  }
  if (flipped.empty()) flipped_text = "none yet";
  const std::int64_t running = v[kPassRunning];
  const std::int64_t so_far = running > 0 && running <= kMaxPasses
                                  ? v[kFlipped + static_cast<std::size_t>(running - 1)]
                                  : 0;
  return {
      {"floor_fraction", "floor", percent_text(fraction) + " (" + cells_text(floor) + ")",
       fraction},
      {"passes_done", "passes done", n(done) + " of " + n(p.get("passes")), done},
      {"flipped_by_pass", "flipped by pass", flipped_text, flipped},
      {"flipped_this_pass", "this pass so far",
       running > 0 ? n(so_far) + " (pass " + n(running) + ")" : "no pass running", so_far},
  };
}

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
          {"step_cells", ParamKind::Bool, 0, 1, 0,
           "stop at every cell within a row, showing its 3x3 window"},
      },
  };
  return s;
}

// What the parts of the body share: the parameters and the row buffers.
struct Cave {
  int w = 0, h = 0, fill = 0, threshold = 0;
  bool border = false;
  std::size_t width = 0;
  std::vector<Tile> fresh, old_above, old_here;

  Rect row(int y) const { return {0, y, w, 1}; }
  // The rows y-1..y+1, or the block x-1..x+1 of them, clipped to the map.
  Rect rows_around(int y) const {
    const int top = std::max(0, y - 1);
    return {0, top, w, std::min(h, y + 2) - top};
  }
  Rect block(int x, int y) const {
    const int left = std::max(0, x - 1);
    const Rect r = rows_around(y);
    return {left, r.y, std::min(w, x + 2) - left, r.h};
  }
  // What a row step reads, as it reads it: rows y-1..y+1 of the previous grid (the row above
  // from the copy kept aside, since the grid's row above is already new).
  OverlayItem read_rows(int y, const Tile* above, const Tile* here, const Tile* below) const {
    const Rect band = rows_around(y);
    std::vector<Tile> tiles;
    if (static_cast<std::size_t>(band.w) * band.h <= kMaxReadCells) {
      tiles.reserve(static_cast<std::size_t>(band.w) * band.h);
      if (y > 0) tiles.insert(tiles.end(), above, above + width);
      tiles.insert(tiles.end(), here, here + width);
      if (y + 1 < h) tiles.insert(tiles.end(), below, below + width);
    }
    return read(band, std::move(tiles));
  }
  const Tile* live_row(const StepContext& ctx, int y) const {
    return ctx.grid().tiles().data() + static_cast<std::size_t>(y) * width;
  }
};

StepGenerator fill_rows(StepContext& ctx, Cave& c) {
  Rng& rng = ctx.rng();
  for (int y = 0; y < c.h; ++y) {
    for (Tile& t : c.fresh) t = rng.chance_percent(c.fill) ? Tile::Floor : Tile::Wall;
    ctx.canvas().write_tiles(static_cast<std::size_t>(y) * c.width, c.fresh.data(), c.width);
    const int floor = count_floor(c.fresh.data(), c.w);
    ctx.stats().add(kFloorCells, floor);
    ctx.note_draw("floor", floor);
    co_yield fill_row_step(y, floor, c.row(y));
  }
}

StepGenerator fill_cells(StepContext& ctx, Cave& c) {
  Step cell = fill_cell_step();
  for (int y = 0; y < c.h; ++y) {
    for (int x = 0; x < c.w; ++x) {
      // ctx.draw_chance("roll", fill) with the roll kept for the words: the same one below(100)
      // draw as Rng::chance_percent, and none at 0% or 100%.
      int roll = -1;
      bool floor = c.fill >= 100;
      if (c.fill > 0 && c.fill < 100) {
        roll = ctx.draw_int("roll", 0, 99);
        floor = roll < c.fill;
      }
      ctx.canvas().set_tile(x, y, floor ? Tile::Floor : Tile::Wall);
      if (floor) ctx.stats().add(kFloorCells, 1);
      set_fill_cell(cell, {x, y}, c.w, roll, floor);
      co_yield cell;
    }
  }
}

// pass < 0: after the fill.
StepGenerator wall_the_edge(StepContext& ctx, Cave& c, int pass) {
  int walled = 0;
  const auto wall = [&](int x, int y) {
    if (ctx.grid().at(x, y) != Tile::Floor) return;
    ctx.canvas().set_tile(x, y, Tile::Wall);
    ++walled;
  };
  for (int x = 0; x < c.w; ++x) {
    wall(x, 0);
    wall(x, c.h - 1);
  }
  for (int y = 1; y + 1 < c.h; ++y) {
    wall(0, y);
    wall(c.w - 1, y);
  }
  ctx.stats().add(kFloorCells, -walled);
  // The pass read a grid whose edge was all wall (this step ran before it too), so each cell
  // set back to wall had been flipped by the pass and no longer is.
  if (pass >= 0) ctx.stats().add(kFlipped + static_cast<std::size_t>(pass), -walled);
  co_yield border_step(pass, walled, Rect{0, 0, c.w, c.h});
}

// Row y's new tiles depend on old rows y-1..y+1. Rows below y are still old in the grid; row
// y-1 was overwritten, so its old tiles are kept aside (old_above) before each write.
StepGenerator pass_rows(StepContext& ctx, Cave& c, int pass) {
  const std::size_t flipped = kFlipped + static_cast<std::size_t>(pass);
  for (int y = 0; y < c.h; ++y) {
    const Tile* here = c.live_row(ctx, y);
    const Tile* above = y > 0 ? c.old_above.data() : kWallRow;
    const Tile* below = y + 1 < c.h ? here + c.width : kWallRow;
    smooth_row(above, here, below, c.fresh.data(), c.w, c.threshold);
    co_yield row_read_step(y, pass, c.row(y), c.rows_around(y), c.read_rows(y, above, here, below));

    here = c.live_row(ctx, y);
    std::copy(here, here + c.width, c.old_here.begin());
    ctx.canvas().write_tiles(static_cast<std::size_t>(y) * c.width, c.fresh.data(), c.width);
    const int changed = count_changed(c.old_here.data(), c.fresh.data(), c.w);
    ctx.stats().add(kFloorCells,
                    count_floor(c.fresh.data(), c.w) - count_floor(c.old_here.data(), c.w));
    ctx.stats().add(flipped, changed);
    std::swap(c.old_above, c.old_here);
    co_yield row_written_step(y, pass, changed, c.row(y));
  }
}

// The same pass a cell at a time: the count, then the rule, for each cell. The two step objects
// are reused from cell to cell, so their window keeps its storage.
StepGenerator pass_cells(StepContext& ctx, Cave& c, int pass) {
  const std::size_t flipped = kFlipped + static_cast<std::size_t>(pass);
  Step counted = cell_count_step(pass);
  Step ruled = cell_rule_step(pass);
  for (int y = 0; y < c.h; ++y) {
    const Tile* live = c.live_row(ctx, y);
    std::copy(live, live + c.width, c.old_here.begin());
    for (int x = 0; x < c.w; ++x) {
      const Rect block = c.block(x, y);
      int count = 0;
      std::vector<Tile>& seen = block_read(counted);
      seen.clear();
      for (int by = block.y; by < block.bottom(); ++by) {
        // Row y-1 is kept aside, row y too (its cells left of x are new); y+1 is untouched.
        const Tile* row = by < y    ? c.old_above.data()
                          : by == y ? c.old_here.data()
                                    : c.live_row(ctx, by);
        for (int bx = block.x; bx < block.right(); ++bx) {
          count += row[bx] == Tile::Floor;
          seen.push_back(row[bx]);
        }
      }
      set_cell(counted, {x, y}, block, count);
      co_yield counted;

      const bool floor = count >= c.threshold;
      const Tile before = c.old_here[static_cast<std::size_t>(x)];
      const Tile after = floor ? Tile::Floor : Tile::Wall;
      ctx.canvas().set_tile(x, y, after);
      ctx.stats().add(kFloorCells, (after == Tile::Floor) - (before == Tile::Floor));
      ctx.stats().add(flipped, after != before);
      set_cell(ruled, {x, y}, block, count);
      block_read(ruled).assign(seen.begin(), seen.end());
      set_rule(ruled, c.w, floor, after != before);
      co_yield ruled;
    }
    std::swap(c.old_above, c.old_here);
  }
}

// The body: the random fill, then the smoothing passes, each a part of its own.
StepGenerator body(StepContext& ctx, ParamValues p) {
  Cave c;
  c.w = p.get_int("width");
  c.h = p.get_int("height");
  c.fill = p.get_int("fill_percent");
  c.threshold = p.get_int("floor_threshold");
  c.border = p.get("border") != 0;
  c.width = static_cast<std::size_t>(c.w);
  c.fresh.resize(c.width);
  c.old_above.resize(c.width);
  c.old_here.resize(c.width);
  const int passes = p.get_int("passes");
  const bool cells = p.get("step_cells") != 0;
  StatSheet& stats = ctx.stats();

  co_yield begin_step();
  if (cells) {
    co_yield fill_cells(ctx, c);
  } else {
    co_yield fill_rows(ctx, c);
  }
  if (c.border) co_yield wall_the_edge(ctx, c, -1);
  co_yield filled_step(stats[kFloorCells], passes == 0);

  for (int pass = 0; pass < passes; ++pass) {
    stats.set(kPassRunning, pass + 1);
    co_yield pass_start_step(pass);
    if (cells) {
      co_yield pass_cells(ctx, c, pass);
    } else {
      co_yield pass_rows(ctx, c, pass);
    }
    if (c.border) co_yield wall_the_edge(ctx, c, pass);
    stats.set(kPassRunning, 0);
    stats.add(kPassesDone, 1);
    co_yield pass_done_step(pass, stats[kFlipped + static_cast<std::size_t>(pass)],
                            pass + 1 == passes);
  }
}

// What every finished cave promises, whatever the parameters (the random sweep checks them).
void promises(MapPromises& map) {
  const Grid& g = map.grid();
  map.only_tiles({Tile::Wall, Tile::Floor});
  map.expect(map.stat("passes_done") == map.param("passes"), "every pass asked for is run");
  if (map.param("border") == 0) return;
  bool walled = true;
  for (int x = 0; x < g.width(); ++x) {
    walled = walled && g.at(x, 0) == Tile::Wall && g.at(x, g.height() - 1) == Tile::Wall;
  }
  for (int y = 0; y < g.height(); ++y) {
    walled = walled && g.at(0, y) == Tile::Wall && g.at(g.width() - 1, y) == Tile::Wall;
  }
  map.expect(walled, "with border, every edge cell is wall");
}

}  // namespace

const GeneratorSpec& cellular_caves_spec() {
  static const GeneratorSpec spec{
      .name = "cellular-caves",
      .summary = "random fill smoothed by a 3x3 floor-count rule (Caves of Clojure)",
      .schema = schema(),
      .narration = {.pseudocode = kPseudocode,
                    .words = words,
                    .caption = caption,
                    .question = question,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Wall,
      .body = body,
      .line_settings = {{"--border", "1"},
                        {"--step-cells", "1", "--width", "24", "--height", "10"}},
      .promises = promises,
      .worst_case = "(passes + 1) x C cell updates, x 2 steps with step_cells",
      .bounded_by = "the schema (20 passes)",
      .range_x = "critical_path",
      .range_y = "chokepoints",
  };
  return spec;
}

}  // namespace dungen
