// A cell's history: every step that changed one cell, in words, from the timelines' packed
// history (Timeline::cell_history), so asking costs a look through the blocks that touched the
// cell, not a replay.

#include <array>

#include "app/logic/session.hpp"
#include "app/logic/session_state.hpp"
#include "core/tile.hpp"

namespace dungen::app {
namespace {

constexpr std::array<std::string_view, kMarkCount> kMarkWords = {
    "no mark", "frontier", "connector", "dead end", "path", "chokepoint"};

std::string id_text(std::int32_t id) {
  return id < 0 ? "none" : number_text(id);
}

// What changed in the cell, layer by layer: "wall -> floor, region 12".
std::string change_text(const Cell& a, const Cell& b) {
  std::string s;
  const auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
  if (a.tile != b.tile)
    add(std::string(tile_name(a.tile)) + " -> " + std::string(tile_name(b.tile)));
  if (a.label != b.label) add("label " + id_text(a.label) + " -> " + id_text(b.label));
  if (a.region != b.region) add("region " + id_text(a.region) + " -> " + id_text(b.region));
  if (a.mark != b.mark) {
    add(std::string(kMarkWords[static_cast<std::size_t>(a.mark)]) + " -> " +
        std::string(kMarkWords[static_cast<std::size_t>(b.mark)]));
  }
  return s;
}

}  // namespace

Session::CellHistory Session::cell_history(Point p) const {
  CellHistory h;
  const Track& t = *s_->track;
  const Timeline& gen = t.generator_timeline();
  if (!gen.grid().in_bounds(p)) return h;
  const auto index = static_cast<std::uint32_t>(gen.grid().index(p.x, p.y));
  const Timeline* analysis = t.analysis_timeline();
  // With an analysis on the track, the generator's steps after its branch are not on it.
  const std::uint64_t last_gen = analysis ? t.branch() : UINT64_MAX;
  const auto add = [&](const Timeline& tl, const Timeline::CellTouch& touch, std::uint64_t base,
                       const Narration& n, const ParamValues& params, std::string_view phase) {
    if (h.entries.size() >= kMaxCellHistory) {
      ++h.more;
      return;
    }
    const Step* step = tl.step_at(touch.step);
    const std::string change = change_text(touch.before, touch.after);
    std::string text = std::string(phase) + std::to_string(touch.step) + ": " +
                       (change.empty() ? "written and put back" : change);
    if (step) text += "; " + n.words(*step, params);
    h.entries.push_back({base + touch.step, std::move(text)});
  };
  for (const Timeline::CellTouch& touch : gen.cell_history(index)) {
    if (touch.step > last_gen) break;
    add(gen, touch, 0, t.spec().narration, gen.stepper().params(), "step ");
  }
  if (analysis) {
    for (const Timeline::CellTouch& touch : analysis->cell_history(index)) {
      add(*analysis, touch, t.branch(), t.analysis_narration(), t.analysis_params(),
          "analysis step ");
    }
  }
  return h;
}

}  // namespace dungen::app
