#include "app/logic/overlay_state.hpp"

#include <algorithm>
#include <array>

#include "core/timeline.hpp"

namespace dungen::app {

namespace {

bool is_verdict(Role r) {
  return r == Role::Accepted || r == Role::Rejected || r == Role::Finished;
}
bool starts_a_try(Role r) {
  return r == Role::Candidate || is_verdict(r);
}

// The tunnel being dug: the newest step that planned one, provided only cell steps (which dig
// it) have run since; path_done from the cursor's place on it.
void find_tunnel(const Timeline& t, std::uint64_t at, std::optional<Point> cursor,
                 OverlayView& out) {
  const std::uint64_t stop =
      std::max(t.earliest(), at > kPathLookbackSteps ? at - kPathLookbackSteps : 0);
  for (std::uint64_t k = at; k > stop; --k) {
    const Step* s = t.step_at(k);
    if (!s) return;
    if (const OverlayItem* line = s->overlay.find(Role::Tunnel)) {
      if (k == at) return;  // the current step's own: drawn with its items, nothing dug yet
      const std::vector<Point> path = line->cells;
      if (cursor) {
        const auto it = std::find(path.begin(), path.end(), *cursor);
        out.path_done = it == path.end() ? 0 : static_cast<std::size_t>(it - path.begin()) + 1;
      }
      out.items.push_back({{.role = Role::Tunnel, .cells = path}, 0.0f});
      return;
    }
    if (s->level != StepLevel::Cell) return;
  }
}

// The newest verdict before `at` (and what it ran into), fading; none once a newer try began.
void find_fading_verdict(const Timeline& t, std::uint64_t at, OverlayView& out) {
  constexpr auto kFade = static_cast<std::uint64_t>(kCandidateFadeSteps);
  const std::uint64_t oldest = std::max(t.earliest(), at >= kFade ? at - kFade : 0);
  for (std::uint64_t k = at - 1; k > oldest; --k) {
    const Step* s = t.step_at(k);
    if (!s) return;
    const auto& items = s->overlay.items;
    if (std::none_of(items.begin(), items.end(),
                     [](const OverlayItem& i) { return starts_a_try(i.role); })) {
      continue;
    }
    const float age = static_cast<float>(at - k) / static_cast<float>(kFade);
    for (const OverlayItem& i : items) {
      if (is_verdict(i.role)) out.items.push_back({i, age});
    }
    return;
  }
}

// The other walkers: each one's newest place within the lookback (the current step's walker is
// among the current items).
void find_walkers(const Timeline& t, std::uint64_t at, int moving, EventKind kind,
                  OverlayView& out) {
  const std::uint64_t stop =
      std::max(t.earliest(), at > kWalkerLookbackSteps ? at - kWalkerLookbackSteps : 0);
  std::vector<int> seen{moving};
  for (std::uint64_t k = at - 1; k > stop; --k) {
    const Step* s = t.step_at(k);
    if (!s) return;
    const OverlayItem* w = s->overlay.find(Role::Walker);
    if (!w) continue;
    // Walkers take turns: back at the moving walker's previous move, every other walker has
    // moved since (or is placed there with it).
    if (s->event.id == moving && s->event.kind == kind) break;
    if (std::find(seen.begin(), seen.end(), s->event.id) != seen.end()) continue;
    seen.push_back(s->event.id);
    out.items.insert(out.items.begin(), ShownItem{*w, 0.0f});
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
    // The cells only, and not past the limit: a cave's pass at 4096x4096 changes millions.
    if (!t.changed_cells_at(k, cells, 2 * kMaxPhaseChangeCells)) return;
  }
  if (k == stop && stop > t.earliest()) return;  // the phase began further back than we look
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  if (cells.size() > kMaxPhaseChangeCells) return;
  out.phase_changes.reserve(cells.size());
  for (const std::uint32_t i : cells) out.phase_changes.push_back(t.grid().point(i));
}

// The caption goes beside the current step's main box: what it read, its verdict, its candidate.
void place_caption(const Step& now, std::string caption, OverlayView& out) {
  if (caption.empty()) return;
  for (const Role r : {Role::Read, Role::Rejected, Role::Accepted, Role::Candidate, Role::Finished,
                       Role::Part, Role::Cursor}) {
    const OverlayItem* i = now.overlay.find(r);
    if (!i) continue;
    if (r == Role::Rejected) caption = "rejected: " + caption;
    if (r == Role::Accepted) caption = "accepted: " + caption;
    out.caption = std::move(caption);
    out.caption_at = r == Role::Cursor && !i->cells.empty()
                         ? Rect{i->cells.front().x, i->cells.front().y, 1, 1}
                         : i->rect;
    return;
  }
}

}  // namespace

OverlayView build_overlay(const Timeline& timeline, const Narration& narration,
                          const ParamValues& params, std::uint64_t at, std::optional<Point> start,
                          std::uint64_t start_step) {
  OverlayView out;
  if (start && at >= start_step) out.player_start = start;
  const Step* shown = timeline.step_at(at);
  if (shown) {
    // A copy: the timeline decodes the steps looked at below over the one it returned.
    const Step now = *shown;
    const auto& items = now.overlay.items;
    const bool tries = std::any_of(items.begin(), items.end(),
                                   [](const OverlayItem& i) { return starts_a_try(i.role); });
    if (!tries) find_fading_verdict(timeline, at, out);
    find_tunnel(timeline, at, now.overlay.point_of(Role::Cursor), out);
    if (now.overlay.has(Role::Walker))
      find_walkers(timeline, at, now.event.id, now.event.kind, out);
    if (now.overlay.show_phase_changes) find_phase_changes(timeline, at, out);
    for (const OverlayItem& i : items) out.items.push_back({i, 0.0f});
    place_caption(now, narration.caption ? narration.caption(now, params) : std::string(), out);
  }
  std::array<bool, kRoleCount> drawn{};
  for (const ShownItem& s : out.items) {
    if (s.item.rect != Rect{} || !s.item.cells.empty()) {
      drawn[static_cast<std::size_t>(s.item.role)] = true;
    }
  }
  if (!out.phase_changes.empty()) drawn[static_cast<std::size_t>(Role::Flipped)] = true;
  if (out.player_start) drawn[static_cast<std::size_t>(Role::Start)] = true;
  for (const RoleInfo& r : kRoles) {
    if (drawn[static_cast<std::size_t>(r.role)]) out.roles.push_back(r.role);
  }
  return out;
}

}  // namespace dungen::app
