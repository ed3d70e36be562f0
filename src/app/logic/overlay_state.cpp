#include "app/logic/overlay_state.hpp"

#include <algorithm>

#include "core/timeline.hpp"

namespace dungen::app {

namespace {

// The path being carved: the newest step that planned one, provided only cell steps (which dig
// it) have run since.
void find_path(const Timeline& t, std::uint64_t at, OverlayView& out) {
  const std::uint64_t stop =
      std::max(t.earliest(), at > kPathLookbackSteps ? at - kPathLookbackSteps : 0);
  for (std::uint64_t k = at; k > stop; --k) {
    const Step* s = t.step_at(k);
    if (!s) return;
    if (!s->overlay.path.empty()) {
      out.path = s->overlay.path;
      if (k == at) return;  // just planned: nothing dug yet
      const std::optional<Point> cur = t.step_at(at)->overlay.cursor;
      if (!cur) return;
      const auto it = std::find(out.path.begin(), out.path.end(), *cur);
      out.path_done =
          it == out.path.end() ? 0 : static_cast<std::size_t>(it - out.path.begin()) + 1;
      return;
    }
    if (s->level != StepLevel::Cell) return;
  }
}

// The cells changed by the steps since the last phase step, up to `at` (none when there are
// too many to show).
void find_phase_changes(const Timeline& t, std::uint64_t at, OverlayView& out) {
  const std::uint64_t stop =
      std::max(t.earliest(), at > kPhaseChangeLookbackSteps ? at - kPhaseChangeLookbackSteps : 0);
  std::vector<std::uint32_t> cells;
  std::uint64_t k = at;
  for (; k > stop; --k) {
    const Step* s = t.step_at(k);
    if (!s || (s->level == StepLevel::Phase && k != at)) break;
    for (const CellChange& c : t.changes_at(k)) cells.push_back(c.index);
    if (cells.size() > 2 * kMaxPhaseChangeCells) return;
  }
  if (k == stop && stop > t.earliest()) return;  // the phase began further back than we look
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  if (cells.size() > kMaxPhaseChangeCells) return;
  out.phase_changes.reserve(cells.size());
  for (const std::uint32_t i : cells) out.phase_changes.push_back(t.grid().point(i));
}

}  // namespace

OverlayView build_overlay(const Timeline& timeline, const Narration& narration,
                          const ParamValues& params, std::uint64_t at, std::optional<Point> start,
                          std::uint64_t start_step) {
  OverlayView out;
  if (start && at >= start_step) out.player_start = start;
  const Step* now = timeline.step_at(at);
  if (!now) return out;
  out.cursor = now->overlay.cursor;
  out.window = now->overlay.window;
  const auto caption = [&](const Step& s) {
    return narration.caption ? narration.caption(s, params) : std::string();
  };
  if (out.window) out.window_caption = caption(*now);
  // Read now: `now` is the timeline's decoded copy, which the step_at calls below replace.
  const bool show_phase_changes = now->overlay.show_phase_changes;

  constexpr auto kFade = static_cast<std::uint64_t>(kCandidateFadeSteps);
  const std::uint64_t oldest = std::max(timeline.earliest(), at >= kFade ? at - kFade : 0);
  for (std::uint64_t k = oldest + 1; k <= at; ++k) {
    const Step* s = timeline.step_at(k);
    if (!s || !s->overlay.candidate) continue;
    const float age = static_cast<float>(at - k) / static_cast<float>(kFade);
    out.candidates.push_back({*s->overlay.candidate, s->overlay.verdict, caption(*s),
                              s->overlay.hit, s->overlay.hit_cells, age});
  }
  find_path(timeline, at, out);
  if (show_phase_changes) find_phase_changes(timeline, at, out);
  return out;
}

}  // namespace dungen::app
