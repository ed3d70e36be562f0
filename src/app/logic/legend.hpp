#pragma once
// What the legend lists: exactly the tiles on the map and the roles drawn at the current step
// (the overlay's items, the player start, the cells flipped this pass, and the map's marks), in
// one order, so a student never reads an entry for something not on the screen.

#include <vector>

#include "app/logic/map_tally.hpp"
#include "app/logic/overlay_state.hpp"
#include "core/overlay.hpp"
#include "core/tile.hpp"

namespace dungen::app {

struct Legend {
  std::vector<Tile> tiles;  // each tile with at least one cell on the map (Tile order)
  std::vector<Role> roles;  // each role drawn, once (kRoles order)
};

Legend make_legend(const OverlayView& overlay, const MapTally& map);

}  // namespace dungen::app
