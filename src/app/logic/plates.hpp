#pragma once
// Where the number plates over the map go (a room's or a region's number on a dark plate), as
// pure arithmetic on window rectangles, so the rules are tested without a window:
// - a plate never covers a room's only cell (a one-cell room, or a one-cell piece of one): such a
//   number goes beside its cell, or is left out;
// - plates never overlap each other: a plate that would is moved to its next place, or left out;
// - the numbers the current step's words name are placed first, so they are the last left out.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/logic/screen_rect.hpp"

namespace dungen::app {

struct PlateRequest {
  int number = 0;              // as drawn (from 1)
  std::vector<ScreenRect> at;  // where the plate may go, best first
  bool named = false;          // the step's words name it: placed before the others
};

struct PlacedPlate {
  int number = 0;
  ScreenRect rect;
  std::size_t request = 0;  // index into the requests
};

// Places each request at its first place (moved inside `bounds` where it crosses an edge) that
// overlaps no plate placed before it and no rectangle of `keep_clear` (the cells of one-cell
// rooms); named requests go first, the rest in the order given. Requests with no such place are
// left out.
std::vector<PlacedPlate> place_plates(const std::vector<PlateRequest>& requests,
                                      const std::vector<ScreenRect>& keep_clear, ScreenRect bounds);

// The places a plate of size w x h may take for a piece of a room whose first (top-left) cell is
// `cell` (in window pixels): inside that cell's corner when the piece has more than one cell
// (plate_inset from its top-left), else beside it: right, left, below, above. A piece of several
// cells also offers the places beside its first cell, for when the corner is taken.
std::vector<ScreenRect> plate_places(ScreenRect cell, float w, float h, bool one_cell);

// The room and region numbers a step's words name ("it touches room 3", "region 18 joins region
// 34", "rooms 2 and 5"), in order, each once.
std::vector<int> named_numbers(std::string_view words);

}  // namespace dungen::app
