#include "app/logic/legend.hpp"

#include <algorithm>

namespace dungen::app {

Legend make_legend(const OverlayView& overlay, const MapTally& map) {
  Legend out;
  for (int t = 0; t < kTileCount; ++t) {
    if (map.tiles(static_cast<Tile>(t)) > 0) out.tiles.push_back(static_cast<Tile>(t));
  }
  std::vector<Role> roles = overlay.roles;
  for (const Mark m :
       {Mark::Frontier, Mark::Connector, Mark::DeadEnd, Mark::Path, Mark::Chokepoint}) {
    if (map.marked(m) > 0) roles.push_back(*mark_role(m));
  }
  for (const RoleInfo& r : kRoles) {
    if (std::find(roles.begin(), roles.end(), r.role) != roles.end()) out.roles.push_back(r.role);
  }
  return out;
}

}  // namespace dungen::app
