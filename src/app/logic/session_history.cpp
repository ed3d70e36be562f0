// A cell's history: every step that changed one cell, in words, from the timelines' packed
// history (Timeline::cell_history), so asking costs a look through the blocks that touched the
// cell, not a replay.

#include <array>

#include "app/logic/session.hpp"
#include "app/logic/session_state.hpp"
#include "app/logic/speed.hpp"
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

const Session::CellHistory& Session::cell_history(Point p, double budget_seconds) {
  const Track& t = *s_->track;
  const Timeline& gen = t.generator_timeline();
  static const CellHistory kNone;
  if (!gen.grid().in_bounds(p)) return kNone;
  const auto index = static_cast<std::uint32_t>(gen.grid().index(p.x, p.y));
  const Timeline* analysis = t.analysis_timeline();
  // Another cell, another run or another analysis: a read from the start.
  const State::CellRead::Key key{p, s_->track_serial, t.version(), t.branch(), analysis != nullptr};
  std::optional<State::CellRead>& read = s_->cell_read;
  if (!read || read->key != key) {
    read.emplace(State::CellRead{
        key, Timeline::CellHistoryRead(index), Timeline::CellHistoryRead(index), {}});
    read->shown.complete = false;
  }
  // Read on, a slice of records at a time, until both reads are done or the budget is spent.
  constexpr std::uint64_t kSliceRecords = 4096;
  const std::size_t hits_before = read->generator.hits() + read->analysis.hits();
  bool done = false;
  BudgetedLoop loop(s_->config.clock, {budget_seconds, UINT64_MAX});
  loop.run_timed([&] {
    if (!gen.read_cell_history(read->generator, kSliceRecords)) return true;
    if (analysis && !analysis->read_cell_history(read->analysis, kSliceRecords)) return true;
    done = true;
    return false;
  });
  CellHistory& shown = read->shown;
  const std::uint64_t recorded = gen.recorded() + (analysis ? analysis->recorded() : 0);
  shown.read = recorded == 0 ? 1.0
                             : static_cast<double>(read->generator.read_to() +
                                                   (analysis ? read->analysis.read_to() : 0)) /
                                   static_cast<double>(recorded);
  // The entries are made again only when the read is complete and found something new, or
  // completes for the first time, or history was forgotten since: a window asks every frame.
  const std::uint64_t forgotten = gen.earliest();
  const std::uint64_t forgotten_analysis = analysis ? analysis->earliest() : 0;
  if (done && (!shown.complete || read->generator.hits() + read->analysis.hits() != hits_before ||
               shown.forgotten != forgotten || shown.forgotten_analysis != forgotten_analysis)) {
    shown.forgotten = forgotten;
    shown.forgotten_analysis = forgotten_analysis;
    shown.entries.clear();
    shown.more = 0;
    // With an analysis on the track, the generator's steps after its branch are not on it.
    const std::uint64_t last_gen = analysis ? t.branch() : UINT64_MAX;
    const auto add = [&](const Timeline& tl, const Timeline::CellTouch& touch, std::uint64_t base,
                         const Narration& n, const ParamValues& params, std::string_view phase) {
      if (shown.entries.size() >= kMaxCellHistory) {
        ++shown.more;
        return;
      }
      const Step* step = tl.step_at(touch.step);
      const std::string change = change_text(touch.before, touch.after);
      std::string text = std::string(phase) + std::to_string(touch.step) + ": " +
                         (change.empty() ? "written and put back" : change);
      if (step) text += "; " + n.words(*step, params);
      shown.entries.push_back({base + touch.step, std::move(text)});
    };
    for (const Timeline::CellTouch& touch : gen.cell_touches(read->generator)) {
      if (touch.step > last_gen) break;
      add(gen, touch, 0, t.spec().narration, gen.stepper().params(), "step ");
    }
    if (analysis) {
      for (const Timeline::CellTouch& touch : analysis->cell_touches(read->analysis)) {
        add(*analysis, touch, t.branch(), t.analysis_narration(), t.analysis_params(),
            "analysis step ");
      }
    }
  }
  shown.complete = done;
  return shown;
}

}  // namespace dungen::app
