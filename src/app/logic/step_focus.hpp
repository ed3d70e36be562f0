#pragma once
// Where the current step's focus is on the map: the cells a viewer following the step should see.
// Projector mode's follow view (view_follow.hpp) keeps it in view when the map is too big to
// show whole at a readable cell size. One small function on purpose: it is the only place that
// reads the overlay's structure for this, so a new overlay shape changes only it.

#include <optional>

#include "app/logic/overlay_state.hpp"
#include "app/logic/view_follow.hpp"
#include "core/geometry.hpp"

namespace dungen::app {

// Its area: the bounding box of the step's newest candidate (and what it ran into), the window
// being read, the path being carved (from the room it leaves to the one it goes to, which the
// step's words name) and the cursor. Its core: the cursor, else the window, else the candidate.
// None when the step shows none of them.
std::optional<StepFocus> step_focus(const OverlayView& overlay);

}  // namespace dungen::app
