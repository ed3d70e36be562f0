#pragma once
// What is drawn over the map with ImGui's background draw list (under the panels, over the map
// quad): the current step's candidate rooms, the path being carved, the cursor, the player
// start, region glyphs, and the hovered cell's tooltip.

#include <vector>

#include "app/logic/overlay_state.hpp"
#include "app/logic/plates.hpp"
#include "app/map_view.hpp"
#include "core/grid.hpp"
#include "render/palette.hpp"

struct ImDrawList;

namespace dungen::app {

void draw_step_overlay(ImDrawList* list, const OverlayView& overlay, const MapView& view,
                       ScreenRect viewport, const Palette& palette);

// The Caves-of-Clojure region numbers (from 1: 1-9a-zA-Z) over every labelled cell in view, when
// cells are at least 6 px; below that, with regions on, a line saying to zoom in. With
// `amounts` (an analysis's distances or discovery times) each cell's number is written out
// instead, from cells 14 px wide, shrunk to fit and left out where it would not read.
void draw_region_glyphs(ImDrawList* list, const Grid& grid, const MapView& view,
                        ScreenRect viewport, bool regions_on, bool amounts = false);

// Room numbers need this many pixels per cell to be worth drawing; projector mode draws them
// from kProjectorNumberMinCellPx (its plates are placed clear of each other, named ones first).
inline constexpr float kNumberMinCellPx = 9.0f;
inline constexpr float kProjectorNumberMinCellPx = 4.0f;

// How the number plates are drawn: `named` (the numbers the step's words name) are placed
// first; none covers a one-cell room, another plate, or a rectangle of keep_clear (the step's
// cursor); cells smaller than min_cell_px get none.
struct PlateOptions {
  std::vector<int> named;
  float min_cell_px = kNumberMinCellPx;
  std::vector<ScreenRect> keep_clear;
};

struct NumberPlates {
  std::vector<PlacedPlate> placed;  // the plates drawn
  std::vector<int> named_in_view;   // the named numbers that have a cell in view
};

// Every room (every label) in view numbered from 1, as the log numbers it, on plates placed by
// place_plates (logic/plates.hpp).
NumberPlates draw_room_numbers(ImDrawList* list, const Grid& grid, const MapView& view,
                               ScreenRect viewport, const PlateOptions& options = {});

// The same for regions, numbered from 1 as the log numbers them (projector mode's region labels:
// the log says "region 18", which a glyph does not).
NumberPlates draw_region_numbers(ImDrawList* list, const Grid& grid, const MapView& view,
                                 ScreenRect viewport, const PlateOptions& options);

// The hovered cell: an outline, and a tooltip with its coordinates, tile, label and region.
void draw_hover(ImDrawList* list, const Grid& grid, const MapView& view, ScreenRect viewport,
                bool show_labels);

}  // namespace dungen::app
