#pragma once
// Projector mode on a map too big to show whole at a readable cell size (a 160x50 cave at
// 1280x720): the view zooms in and follows the current step's focus (step_focus.hpp). Pure
// arithmetic in the UI's logical pixels, so it is tested without a window; the V key switches
// between following and fitting the whole map (ViewFlags::follow_step).

#include <optional>

#include "core/geometry.hpp"

namespace dungen::app {

// Projector mode shows a whole map whose fitted cells are at least this big (the projector grid
// shows from there, MapView::kProjectorGridFadeStart, and a room's number fits beside it); a
// map whose fitted cells are smaller is followed instead, at kFollowCellPx (numbers and the grid
// read from the back of a room).
inline constexpr float kFollowBelowCellPx = 7.0f;
inline constexpr float kFollowCellPx = 16.0f;
// The focus is recentred once it comes closer than this share of the viewport to its edge (so
// the view does not jump at every step, only when the step moves out of the middle).
inline constexpr float kFollowMargin = 0.15f;

// What the view keeps in view: all of `area` when it fits, else `core` (the cell being worked
// on), with as much of the area around it as the map's edges allow.
struct StepFocus {
  Rect area;  // everything the step shows (a candidate and what it hit, a whole tunnel)
  Rect core;  // the cursor, or else the candidate or the window itself
  friend bool operator==(const StepFocus&, const StepFocus&) = default;
};

// Where cell (0,0) goes relative to the viewport's top-left, at cell_px pixels per cell.
struct ViewPlacement {
  float cell_px = 0;
  float origin_x = 0, origin_y = 0;
};

// The view that keeps `focus` in view of a vp_w x vp_h viewport at `cell_px`, starting from
// `current` (kept as it is while the focus is well inside it). Recentred on the focus otherwise
// (along an axis where its area is too long to show, on its core), but never showing past the
// map's edges where the map is bigger than the viewport (a smaller map is centred). No focus:
// the current view, at cell_px, centred on the map the first time.
ViewPlacement follow_focus(const std::optional<ViewPlacement>& current,
                           const std::optional<StepFocus>& focus, int map_w, int map_h, float vp_w,
                           float vp_h, float cell_px);

}  // namespace dungen::app
