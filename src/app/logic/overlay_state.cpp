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

}  // namespace

OverlayView build_overlay(const Timeline& timeline, std::uint64_t at, std::optional<Point> start,
                          std::uint64_t start_step) {
  OverlayView out;
  if (start && at >= start_step) out.player_start = start;
  const Step* now = timeline.step_at(at);
  if (!now) return out;
  out.cursor = now->overlay.cursor;

  constexpr auto kFade = static_cast<std::uint64_t>(kCandidateFadeSteps);
  const std::uint64_t oldest = std::max(timeline.earliest(), at >= kFade ? at - kFade : 0);
  for (std::uint64_t k = oldest + 1; k <= at; ++k) {
    const Step* s = timeline.step_at(k);
    if (!s || !s->overlay.candidate) continue;
    const float age = static_cast<float>(at - k) / static_cast<float>(kFade);
    out.candidates.push_back({*s->overlay.candidate, s->overlay.verdict, s->event.reason, age});
  }
  find_path(timeline, at, out);
  return out;
}

}  // namespace dungen::app
