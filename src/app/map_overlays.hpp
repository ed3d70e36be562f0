#pragma once
// What is drawn over the map with ImGui's background draw list (under the panels, over the map
// quad): the current step's candidate rooms, the path being carved, the cursor, the player
// start, region glyphs, and the hovered cell's tooltip.

#include "app/logic/overlay_state.hpp"
#include "app/map_view.hpp"
#include "core/grid.hpp"
#include "render/palette.hpp"

struct ImDrawList;

namespace dungen::app {

void draw_step_overlay(ImDrawList* list, const OverlayView& overlay, const MapView& view,
                       ScreenRect viewport, const Palette& palette);

// The Caves-of-Clojure region numbers (from 1: 1-9a-zA-Z) over every labelled cell in view, when
// cells are at least 6 px; below that, with regions on, a line saying to zoom in.
void draw_region_glyphs(ImDrawList* list, const Grid& grid, const MapView& view,
                        ScreenRect viewport, bool regions_on);

// Every room (every label) in view numbered from 1, as the log numbers it, when cells are big
// enough to read the numbers.
void draw_room_numbers(ImDrawList* list, const Grid& grid, const MapView& view,
                       ScreenRect viewport);

// The hovered cell: an outline, and a tooltip with its coordinates, tile, label and region.
void draw_hover(ImDrawList* list, const Grid& grid, const MapView& view, ScreenRect viewport,
                bool show_labels);

}  // namespace dungen::app
