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

// Its area: the bounding box of every item the current step draws (its candidate or verdict and
// what it ran into, the cells it read, the tunnel being dug from the room it leaves to the one it
// goes to, the cursor), not the fading items of older steps nor the other walkers. Its core: the
// cursor, else the last box the step tried or read. None when the step draws nothing.
std::optional<StepFocus> step_focus(const OverlayView& overlay);

}  // namespace dungen::app
