#pragma once
// What a step draws over the map: a list of items, each with a role from the one list below.
// The role decides everything a viewer shows about an item: its colour (render/palette.hpp's
// role_colour) and style, its legend entry and its sentence in the Help window (which speaks of
// the style; the legend's swatch shows the colour). A generator may
// use only these roles; a new meaning is a new line in kRoles, never a borrowed field.
//
// Marks on the map (a cell's Mark layer: the flood fill's frontier, a maze's waiting connectors)
// are roles too, so the legend names them the same way.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "core/geometry.hpp"
#include "core/tile.hpp"

namespace dungen {

enum class Role : std::uint8_t {
  Candidate,   // a rectangle being tried or worked on, no verdict yet
  Accepted,    // a candidate kept
  Rejected,    // a candidate refused
  Cause,       // what a refused candidate ran into (a room, the cells in use)
  SharedWall,  // the wall cells a refused candidate shares with the room it touches
  Tunnel,      // a tunnel or corridor being dug, in order
  Cursor,      // the cell being worked on
  Read,        // the cells a step read, drawn with the values it read
  Flipped,     // the cells this pass has changed so far
  Connector,   // a wall cell that joins two regions, waiting to be opened (a map mark)
  Opened,      // a connector opened (a door)
  Dropped,     // connectors dropped because their regions are already joined
  DeadEnd,     // a dead end waiting to be filled (a map mark)
  Walker,      // a walker of the drunkard's walk
  Trail,       // a walker's latest cells
  Choices,     // the cells a random choice was drawn from
  Cut,         // a binary-space-partition cut
  Part,        // a part of the map being split or joined
  Finished,    // a feature just finished: a region labelled, a room grown
  Frontier,    // a cell waiting to be visited by the flood fill (a map mark)
  Start,       // the player start
  Path,        // the critical path, a dead-end corridor (a map mark on the path)
  Loop,        // a loop just found: the edge that closes it, and the way round
  Chokepoint,  // a cell whose loss splits its region (a map mark)
  Option,      // predict mode: a place on the map a click picks as the answer
  Right,       // predict mode: the answer the class gave, and it was right
  Wrong,       // predict mode: the answer the class gave, and it was wrong
};
inline constexpr std::size_t kRoleCount = static_cast<std::size_t>(Role::Wrong) + 1;

// How an item of a role is drawn: an outlined rectangle, filled cells, a line through cells in
// order, or a marker on one cell.
enum class RoleShape : std::uint8_t { Box, Cells, Line, Marker };

struct RoleInfo {
  Role role;
  RoleShape shape;
  std::string_view name;    // the role as a script names it: "shared_wall"
  std::string_view legend;  // the legend's few words
  std::string_view help;    // the Help window's sentence
};

inline constexpr std::array<RoleInfo, kRoleCount> kRoles{{
    {Role::Candidate, RoleShape::Box, "candidate", "candidate",
     "Thin outline: the rectangle this step tries or works on, before any verdict."},
    {Role::Accepted, RoleShape::Box, "accepted", "accepted",
     "Filled box: a candidate that was kept; it fades over the next steps and goes when the next "
     "candidate is drawn."},
    {Role::Rejected, RoleShape::Box, "rejected", "rejected",
     "Filled box: a candidate that was refused; it fades and goes when the next candidate is "
     "drawn."},
    {Role::Cause, RoleShape::Box, "cause", "ran into",
     "Frame or filled cells: what the refused candidate ran into (a room, cells in use)."},
    {Role::SharedWall, RoleShape::Cells, "shared_wall", "shared wall",
     "Hatched cells: the wall a refused candidate would share with the room it touches (touching "
     "is refused as overlapping is: rooms keep a wall of their own)."},
    {Role::Tunnel, RoleShape::Line, "tunnel", "tunnel",
     "Line: the tunnel or corridor being dug; bright where dug, dim where still to dig."},
    {Role::Cursor, RoleShape::Marker, "cursor", "cursor", "Square: the cell being worked on."},
    {Role::Read, RoleShape::Cells, "read", "cells read",
     "Frame: the cells this step read, each drawn as it was when read (a pass reads the grid as "
     "it was before the pass), so what is drawn is what was counted; past 3,072 cells (rows of a "
     "map over 1024 wide) only the frame."},
    {Role::Flipped, RoleShape::Cells, "flipped", "flipped this pass",
     "Inner frames: the cells this smoothing pass has changed so far."},
    {Role::Connector, RoleShape::Cells, "connector", "connector",
     "Filled cells: walls that join two different regions, waiting to be opened."},
    {Role::Opened, RoleShape::Cells, "opened", "opened",
     "Filled cell: the connector this step opened into a door."},
    {Role::Dropped, RoleShape::Cells, "dropped", "dropped",
     "Crosses: connectors dropped because the regions they join are already joined."},
    {Role::DeadEnd, RoleShape::Cells, "dead_end", "dead end",
     "Filled cells: dead ends (one open neighbour) waiting to be filled in."},
    {Role::Walker, RoleShape::Marker, "walker", "walker",
     "Dots: every walker, where it last moved to; the one that just moved has the cursor's "
     "square."},
    {Role::Trail, RoleShape::Line, "trail", "trail",
     "Thin line: the moving walker's latest cells."},
    {Role::Choices, RoleShape::Cells, "choices", "choices",
     "Dashed cells: the cells a random choice was drawn from (a walker's neighbours, a maze's "
     "open directions)."},
    {Role::Cut, RoleShape::Line, "cut", "cut", "Line: where a part of the map is cut in two."},
    {Role::Part, RoleShape::Box, "part", "part",
     "Dashed box: a part of the map being split or joined."},
    {Role::Finished, RoleShape::Box, "finished", "finished",
     "Frame: a feature just finished (a region labelled or merged, a room grown, a maze done)."},
    {Role::Frontier, RoleShape::Cells, "frontier", "frontier",
     "Ringed cells: cells the flood fill has queued and not yet visited."},
    {Role::Start, RoleShape::Marker, "start", "player start", "Ringed disc: the player start."},
    {Role::Path, RoleShape::Line, "path", "critical path",
     "Line and filled cells: the critical path (the farthest pair's shortest walk), or a dead-end "
     "corridor walked back from its dead end."},
    {Role::Loop, RoleShape::Line, "loop", "loop",
     "Line: a loop just found, the edge that closes it and the way round through the tree."},
    {Role::Chokepoint, RoleShape::Cells, "chokepoint", "chokepoint",
     "Filled cells: chokepoints, cells whose loss splits their region (a door, a one-cell "
     "corridor)."},
    {Role::Option, RoleShape::Box, "option", "an answer to click",
     "Dashed box: in predict mode, a place on the map that answers the question when clicked."},
    {Role::Right, RoleShape::Box, "right", "prediction: right",
     "Thick frame: in predict mode, the answer the class picked, and it was right."},
    {Role::Wrong, RoleShape::Box, "wrong", "prediction: wrong",
     "Thick frame: in predict mode, the answer the class picked, and it was wrong."},
}};

constexpr const RoleInfo& role_info(Role r) {
  return kRoles[static_cast<std::size_t>(r)];
}

// Every role once, in order, so the table above cannot skip or repeat one.
constexpr bool roles_in_order() {
  for (std::size_t i = 0; i < kRoles.size(); ++i) {
    if (static_cast<std::size_t>(kRoles[i].role) != i) return false;
  }
  return true;
}
static_assert(roles_in_order(), "kRoles lists every Role once, in the enum's order");

// The role a map mark stands for (none for Mark::None).
constexpr std::optional<Role> mark_role(Mark m) {
  switch (m) {
    case Mark::None:
      return std::nullopt;
    case Mark::Frontier:
      return Role::Frontier;
    case Mark::Connector:
      return Role::Connector;
    case Mark::DeadEnd:
      return Role::DeadEnd;
    case Mark::Path:
      return Role::Path;
    case Mark::Chokepoint:
      return Role::Chokepoint;
  }
  return std::nullopt;
}

// One thing drawn: a rectangle (Box roles), cells (Cells roles), a line through cells in order
// (Line roles) or markers (Marker roles). A Read item is its rectangle and, row by row, the tile
// each of its cells had when the step read it (read empty: too many cells to keep; only the
// frame is drawn).
struct OverlayItem {
  Role role = Role::Candidate;
  Rect rect{};
  std::vector<Point> cells;
  std::vector<Tile> read;  // Read only: the tiles as read, row-major over rect
  friend bool operator==(const OverlayItem&, const OverlayItem&) = default;
};

// Small builders, so a step reads `box(Role::Rejected, room)`.
inline OverlayItem box(Role role, Rect r) {
  return {.role = role, .rect = r};
}
inline OverlayItem cells(Role role, std::vector<Point> pts) {
  return {.role = role, .cells = std::move(pts)};
}
inline OverlayItem marker(Role role, Point p) {
  return {.role = role, .cells = {p}};
}
inline OverlayItem line(Role role, std::vector<Point> pts) {
  return {.role = role, .cells = std::move(pts)};
}
inline OverlayItem read(Rect r, std::vector<Tile> tiles) {
  return {.role = Role::Read, .rect = r, .read = std::move(tiles)};
}
// A Read item keeps its tiles up to this many cells (three rows of a 1024-wide map); a wider
// read is drawn as its frame only, so the history of a 4096-wide pass stays small.
inline constexpr std::size_t kMaxReadCells = 3 * 1024;

struct Overlay {
  std::vector<OverlayItem> items;
  // Frame every cell changed since the last phase step (what this smoothing pass flipped); the
  // viewer finds those cells in the history.
  bool show_phase_changes = false;

  // The first item of a role, if any.
  const OverlayItem* find(Role role) const {
    for (const OverlayItem& i : items) {
      if (i.role == role) return &i;
    }
    return nullptr;
  }
  bool has(Role role) const { return find(role) != nullptr; }
  // The first item's rectangle / first cell, for a role drawn as one.
  std::optional<Rect> rect_of(Role role) const {
    const OverlayItem* i = find(role);
    return i ? std::optional<Rect>(i->rect) : std::nullopt;
  }
  std::optional<Point> point_of(Role role) const {
    const OverlayItem* i = find(role);
    return i && !i->cells.empty() ? std::optional<Point>(i->cells.front()) : std::nullopt;
  }
  friend bool operator==(const Overlay&, const Overlay&) = default;
};

}  // namespace dungen
