// Feature accretion: the "dungeon-building algorithm" of the Python curses example.
//
// The map starts empty (Tile::Empty: unused space, distinct from wall). A first room goes in the
// middle. Then, for up to max_attempts attempts and while fewer than max_features features stand:
// probe up to probe_attempts random cells (never on the map's border) for a wall or corridor cell
// with a floor or corridor neighbour: the site. The direction away from that neighbour
// (neighbours checked south, west, north, east, as the seed does) points into where the new
// feature goes, starting on the next cell that way. With room_chance % it is a room, else a
// corridor. A feature fits only when its whole footprint is inside the map and every cell of it is
// still empty.
//
// Geometry, as in the seed: a room of w x h cells (its wall ring included) has its near wall on
// the start cell, centred across the direction of travel (w/2 cells to the left or above the
// start); its ring is wall and its inside floor. A corridor is a straight line of corridor tiles,
// without walls, starting on the start cell. Because a corridor has no walls, the probe finds its
// cells too: from its last cell it grows on past its end; a middle cell's first walkable neighbour
// is usually the corridor itself, so its start cell is the corridor's next cell, which is not
// empty (only another corridor touching it from the side can send it sideways into empty space).
//
// How a door joins: the site (a wall of the old room, or a corridor cell) becomes Tile::Door. For
// a corridor, the door is followed directly by the corridor's first cell. For a room, the new
// room's wall cell at the join becomes floor (a notch in its ring, labelled with the new room), as
// the seed does: so the door always sits between a walkable cell of the old feature (the
// neighbour the direction came from) and a walkable cell of the new one.
//
// Labels: room floor and corridor cells carry their feature's id (features are numbered in the
// order they are built, rooms and corridors together, the first room 0; people read id + 1);
// walls and doors carry -1. Layout::rooms lists each room's floor rectangle (the notch, one cell
// outside it, is counted in `cells`); the stats count the corridors and doors; Layout::start is
// the centre of the first room.
//
// Deliberate differences from the seed:
// - Its horizontal corridors check x against the map height; ours check against the width.
// - Its rooms built westward draw one column more than they checked (which can overwrite used
//   cells and wrap around the map); ours draw exactly the footprint that was checked.
// - It picks a room when randint(0, 100) <= room_chance (51 of 101 at 50); ours with exactly
//   room_chance %.
// - Its first room is 4..5 cells hanging off the centre in a random direction; ours is centred
//   on the map, its size drawn from [room_min_size, room_max_size] like every room.
// - The seed's fixed bounds (1000 attempts, 1000 probes, rooms 4..10, corridors 2..6) are named
//   parameters; feature labels and the layout are ours (the seed only draws glyphs).
//
// Bounded work: max_attempts x probe_attempts alone reaches 10^10 probes (a 4x4 map probed
// 100000 x 100000 times ran for minutes), and a room's fit check reads its whole footprint. So the
// run counts its work, every cell probed and every cell a fit check reads, and stops early once
// it reaches the work cap, work_cap(map) = kWorkCapBase + kWorkCapPerCell x cells (a few seconds
// at any size; a default run stays well under it): its last step and the "work" and
// "stopped_early" statistics say so.
//
// Steps, in three named parts under the attempt loop: the probe part makes a cell step for each
// probe that lands on a wall or corridor cell (cursor on it) and reports the site back; the
// attempt part draws the feature (a cell step, its outline shown without a verdict), checks the
// fit and rejects (an action step outlining what it hit) or accepts; the build part draws the
// feature and its door (a feature step). An attempt whose probes find no site is an action step.

#include "generators/feature_accretion.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace dungen {
namespace {

enum Line : int {
  kFillEmpty,
  kFirstRoom,
  kForAttempt,
  kProbe,
  kSite,
  kNoSite,
  kChoose,
  kReject,
  kBuild,
  kDone,
  kLineCount,
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "fill the map with empty (unused) cells",
    "build the first room (random w x h) in the middle of the map",
    "for attempt in 1..max_attempts, while features < max_features and work < work cap:",
    "    probe random cells off the border (at most probe_attempts): a wall or corridor?",
    "        next to floor or corridor: that is the site; build away from that neighbour",
    "    if no probe found a site: next attempt",
    "    room_chance %: a room of random w x h, else a corridor of random length",
    "    if it leaves the map or covers a used cell: reject it",
    "    else build it past the site (a room also opens the wall cell past the site: a notch); "
    "the site, wall or corridor, becomes a door",
    "done",
};
static_assert(kPseudocode.size() == kLineCount);

enum class Ev : EventKind {
  FirstRoom = kFirstOwnEvent,  // id = 0, rect = its floor
  Attempt,                     // id = attempt, value = features standing
  Probed,     // id = attempt, at = cell, reason = its Ground, value = probes so far: no neighbour
  SiteFound,  // id = attempt, at = site, reason = its Ground, other = direction, value = probes
  NoSite,     // id = attempt, value = probes made
  Chosen,     // id = attempt, value = Kind, other = direction, at = start, rect = footprint
  Rejected,   // id = attempt, value = Kind, reason = Misfit, other = used cells covered,
              // at = start, rect = footprint
  Built,      // id = feature, value = Kind, other = feature opened from, reason = its Kind + 1,
              // at = door, rect = footprint
};
// The generic Done: value = rooms, other = corridors.

enum Kind : int { kRoom = 0, kCorridor = 1 };
enum Ground : std::uint8_t { kWallCell = 1, kCorridorCell = 2 };
enum Misfit : std::uint8_t { kLeavesMap = 1, kCoversUsed = 2 };

enum Stat : std::size_t {
  kCellsProbed,
  kProbesWithoutSite,
  kAttempts,
  kRooms,
  kCorridors,
  kDoors,
  kWork,          // cells probed + cells read by fit checks
  kStoppedEarly,  // 1 once the work cap stopped the run
  kStatCount,
};

// The done step's reason: the run stopped at the work cap, not at max_attempts or max_features.
constexpr std::uint8_t kStoppedByWorkCap = 1;

// The total work allowed, in cells probed or read: a floor about ten times what a run with the
// default attempts and probes uses (7K-11K; 27K with max_features unbounded), plus a share per
// cell so a big map can be filled.
constexpr std::int64_t kWorkCapBase = 250'000;
constexpr std::int64_t kWorkCapPerCell = 32;
std::int64_t work_cap(const ParamValues& p) {
  return kWorkCapBase + kWorkCapPerCell * p.get("width") * p.get("height");
}

// A rejection outlines at most this many of the used cells it would cover.
constexpr std::size_t kMaxHitCells = 4096;

// Directions in the seed's numbering: 0 north, 1 east, 2 south, 3 west.
constexpr std::array<Point, 4> kStep = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
constexpr std::array<std::string_view, 4> kDirectionName = {"north", "east", "south", "west"};

std::string kind_text(int kind) {
  return kind == kRoom ? "room" : "corridor";
}
std::string plural(std::int64_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  const std::string attempt = "attempt " + number_text(e.id);
  const std::string ground = e.reason == kCorridorCell ? "a corridor cell" : "a wall";
  const std::string probe = attempt + ", probe " + std::to_string(e.value) + ": " + xy_text(e.at);
  // The candidate or feature in e.rect: "7x5 with its walls" (a room), "4 cells long".
  const auto size = [&] {
    const int len = std::max(e.rect.w, e.rect.h);
    return e.value == kRoom ? size_text(e.rect.w, e.rect.h) + " with its walls"
                            : std::to_string(len) + (len == 1 ? " cell long" : " cells long");
  };
  const auto shape = [&] { return kind_text(e.value) + " " + size(); };
  const auto span = [&] {
    return xy_text({e.rect.x, e.rect.y}) + ".." +
           xy_text({e.rect.right() - 1, e.rect.bottom() - 1});
  };
  switch (e.kind) {
    case kEventBegin:
      return "the map is filled with empty (unused) cells (" +
             size_text(p.get_int("width"), p.get_int("height")) + ")";
    case kEventDone:
      return "done: " + plural(e.value + e.other, "feature", "features") + " (" +
             plural(e.value, "room", "rooms") + ", " + plural(e.other, "corridor", "corridors") +
             ")" +
             (e.reason == kStoppedByWorkCap
                  ? "; stopped early after " + plural(e.id, "attempt", "attempts") +
                        ": the work cap of " + std::to_string(work_cap(p)) +
                        " cells probed or checked was reached"
                  : "");
    case event_kind(Ev::FirstRoom):
      return "feature 1 (a room; rooms and corridors are numbered together) built in the middle "
             "of the map: " +
             size_text(e.rect.w + 2, e.rect.h + 2) + " with its walls, floor " +
             size_text(e.rect.w, e.rect.h) + " at " + xy_text({e.rect.x, e.rect.y});
    case event_kind(Ev::Attempt):
      return attempt + " of " + std::to_string(p.get("max_attempts")) + " (" +
             plural(e.value, "feature stands", "features stand") + ")";
    case event_kind(Ev::Probed):
      return probe + " is " + ground + " with no floor or corridor next to it";
    case event_kind(Ev::SiteFound): {
      const Point from{e.at.x - kStep[e.other].x, e.at.y - kStep[e.other].y};
      return probe + " is " + ground + " next to floor or corridor at " + xy_text(from) +
             ": the site; build " + std::string(kDirectionName[e.other]);
    }
    case event_kind(Ev::NoSite):
      return attempt + ": no site in " + plural(e.value, "probe", "probes") + "; next attempt";
    case event_kind(Ev::Chosen):
      return attempt + ": a " + shape() + ", going " + std::string(kDirectionName[e.other]) +
             " from " + xy_text(e.at);
    case event_kind(Ev::Rejected):
      return attempt + " rejected: the " + shape() + " at " + span() +
             (e.reason == kLeavesMap ? " leaves the map"
                                     : " covers " + plural(e.other, "used cell", "used cells"));
    case event_kind(Ev::Built):
      // Rooms and corridors are numbered together, as the map's numbers are.
      return "feature " + number_text(e.id) + " (a " + kind_text(e.value) + ") built: " + size() +
             " at " + span() + "; door at " + xy_text(e.at) + " from feature " +
             number_text(e.other) + " (a " + kind_text(e.reason - 1) + ")" +
             (e.value == kRoom ? "; the wall cell past the door is opened (a notch)" : "");
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  switch (e.kind) {
    case event_kind(Ev::SiteFound):
      return "build " + std::string(kDirectionName[e.other]);
    case event_kind(Ev::Chosen):
      return kind_text(e.value) + "?";
    case event_kind(Ev::Rejected):
      return e.reason == kLeavesMap ? "leaves the map" : "covers used cells";
    case event_kind(Ev::FirstRoom):
      return "feature 1: room";
    case event_kind(Ev::Built):
      return "feature " + number_text(e.id) + ": " + kind_text(e.value);
  }
  return "";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues& p) {
  const auto n = [](std::int64_t x) { return std::to_string(x); };
  return {
      count_row("cells_probed", "cells probed", v[kCellsProbed]),
      count_row("probes_without_site", "probes, no site", v[kProbesWithoutSite]),
      {"attempts", "attempts", n(v[kAttempts]) + " of " + n(p.get("max_attempts")), v[kAttempts]},
      count_row("rooms", "rooms", v[kRooms]),
      count_row("corridors", "corridors", v[kCorridors]),
      count_row("doors", "doors", v[kDoors]),
      {"work", "work (cells probed or checked)", n(v[kWork]) + " of " + n(work_cap(p)), v[kWork]},
      {"stopped_early", "stopped early", v[kStoppedEarly] ? "yes: the work cap was reached" : "no",
       v[kStoppedEarly]},
  };
}

const Schema& schema() {
  static const Schema s{
      {
          width_param(80),
          height_param(25),
          {"max_features", ParamKind::Int, 1, 1000000, 50,
           "stop once this many rooms and corridors stand (the first room included)"},
          {"room_chance", ParamKind::Percent, 0, 100, 50,
           "chance in % that a new feature is a room rather than a corridor"},
          {"room_min_size", ParamKind::Int, 3, kMaxMapSide, 4,
           "smallest room side (its wall ring included)"},
          {"room_max_size", ParamKind::Int, 3, kMaxMapSide, 10,
           "largest room side (its wall ring included)"},
          {"corridor_min_length", ParamKind::Int, 1, kMaxMapSide, 2, "shortest corridor"},
          {"corridor_max_length", ParamKind::Int, 1, kMaxMapSide, 6, "longest corridor"},
          {"max_attempts", ParamKind::Int, 1, 100000, 1000,
           "attempts to attach a feature (the seed's outer loop)"},
          {"probe_attempts", ParamKind::Int, 1, 100000, 1000,
           "random cells probed per attempt for a wall to build from (the seed's inner loop)"},
      },
      {
          {.param = "room_min_size", .bound = BoundKind::Param, .other = "room_max_size"},
          {.param = "corridor_min_length",
           .bound = BoundKind::Param,
           .other = "corridor_max_length"},
          {.param = "room_max_size",
           .bound = BoundKind::SmallerSide,
           .why = "so the first room fits in the middle"},
          {.param = "corridor_min_length",
           .bound = BoundKind::LongerSide,
           .offset = -2,
           .why = "the longest corridor that fits starts two cells in from an edge"},
      },
  };
  return s;
}

// ---- The algorithm ----------------------------------------------------------------------------

struct Settings {
  int map_w, map_h, max_features, room_chance, room_min, room_max, cor_min, cor_max, max_attempts,
      probe_attempts;
  std::int64_t work_cap;
};

// Where a feature can be attached: a wall or corridor cell next to floor or corridor, and the
// direction away from that neighbour.
struct Site {
  bool found = false;
  Point at{};
  int dir = -1;
  bool cut = false;  // the work cap ended the probing
  Point start() const { return {at.x + kStep[dir].x, at.y + kStep[dir].y}; }
  Point behind() const { return {at.x - kStep[dir].x, at.y - kStep[dir].y}; }
};

struct Candidate {
  int kind = kRoom;
  Rect footprint;
  bool fits = false;
};

bool probe_walkable(Tile t) {
  return t == Tile::Floor || t == Tile::Corridor;
}

// The direction away from the first floor or corridor neighbour of p, or -1 with none. The seed's
// order: a neighbour to the south sends the feature north, then west -> east, north -> south,
// east -> west. p is never on the border, so its neighbours are inside the map.
int direction_away(const Grid& g, Point p) {
  for (int d = 0; d < 4; ++d) {
    if (probe_walkable(g.tile(g.index(p.x - kStep[d].x, p.y - kStep[d].y)))) return d;
  }
  return -1;
}

// A room of w x h cells (walls included) whose near wall holds `start`, centred across d (w/2
// cells to the left of it, h/2 above it).
Rect room_footprint(Point start, int d, int w, int h) {
  const int x = d == 1 ? start.x : d == 3 ? start.x - w + 1 : start.x - w / 2;
  const int y = d == 2 ? start.y : d == 0 ? start.y - h + 1 : start.y - h / 2;
  return {x, y, w, h};
}

// A corridor of len cells from `start` towards d.
Rect corridor_footprint(Point start, int d, int len) {
  const Point end{start.x + kStep[d].x * (len - 1), start.y + kStep[d].y * (len - 1)};
  return {std::min(start.x, end.x), std::min(start.y, end.y), std::abs(end.x - start.x) + 1,
          std::abs(end.y - start.y) + 1};
}

// Draws the wall ring and the floor inside; returns the floor rectangle.
Rect draw_room(Canvas& canvas, const Rect& r, int id) {
  for (int y = r.y; y < r.bottom(); ++y) {
    for (int x = r.x; x < r.right(); ++x) {
      const bool ring = x == r.x || y == r.y || x == r.right() - 1 || y == r.bottom() - 1;
      if (ring) {
        canvas.set_tile(x, y, Tile::Wall);
      } else {
        canvas.set_tile_label(x, y, Tile::Floor, id);
      }
    }
  }
  return {r.x + 1, r.y + 1, r.w - 2, r.h - 2};
}

// How many cells of r (inside the map) are in use; the first kMaxHitCells of them go to `hit`.
int used_cells(const Grid& g, const Rect& r, std::vector<Point>& hit) {
  int used = 0;
  for (int y = r.y; y < r.bottom(); ++y) {
    const std::size_t row = g.index(r.x, y);
    for (int x = r.x; x < r.right(); ++x) {
      if (g.tile(row + static_cast<std::size_t>(x - r.x)) == Tile::Empty) continue;
      if (used++ == 0) hit.reserve(std::min(static_cast<std::size_t>(r.w * r.h), kMaxHitCells));
      if (hit.size() < kMaxHitCells) hit.push_back({x, y});
    }
  }
  return used;
}

// The probe part: random cells off the border until one is a site. Each probe that lands on a
// wall or corridor is a step; the site, if one is found, is reported back through `site`. Only
// those probes' x and y are recorded as draws (a thousand misses would swamp the step); "probes"
// counts every cell probed in this attempt so far.
StepGenerator probe_for_site(StepContext& ctx, Settings s, int attempt, Site& site) {
  const Grid& grid = ctx.grid();
  StatSheet& stats = ctx.stats();
  std::int64_t probed = 0, missed = 0;  // counted here, added to the stats once per step
  const auto count = [&] {
    stats.add(kWork, probed);
    stats.add(kCellsProbed, std::exchange(probed, 0));
    stats.add(kProbesWithoutSite, std::exchange(missed, 0));
  };
  site = {};
  int j = 1;
  for (; j <= s.probe_attempts; ++j) {
    if (stats[kWork] + probed >= s.work_cap) {
      site.cut = true;  // the caller ends the run
      break;
    }
    const int x = ctx.rng().uniform_int(1, s.map_w - 2);
    const int y = ctx.rng().uniform_int(1, s.map_h - 2);
    const Tile t = grid.tile(grid.index(x, y));
    const bool solid = t == Tile::Wall || t == Tile::Corridor;
    const int dir = solid ? direction_away(grid, {x, y}) : -1;
    ++probed;
    if (dir < 0) ++missed;
    if (!solid) continue;

    count();
    ctx.note_draw("x", x);
    ctx.note_draw("y", y);
    ctx.note_draw("probes", j);
    const Ground ground = t == Tile::Wall ? kWallCell : kCorridorCell;
    if (dir < 0) {
      const Step miss{.level = StepLevel::Cell,
                      .line = kProbe,
                      .event = {.kind = event_kind(Ev::Probed),
                                .reason = ground,
                                .id = attempt,
                                .value = j,
                                .at = {x, y}},
                      .overlay = {{marker(Role::Cursor, {x, y})}}};
      co_yield miss;
      continue;
    }
    site = {true, {x, y}, dir};
    const Step found{.level = StepLevel::Cell,
                     .line = kSite,
                     .event = {.kind = event_kind(Ev::SiteFound),
                               .reason = ground,
                               .id = attempt,
                               .other = dir,
                               .value = j,
                               .at = {x, y}},
                     .overlay = {{marker(Role::Cursor, {x, y})}}};
    co_yield found;
    co_return;
  }
  count();
  ctx.note_draw("probes", j - 1);
}

// A refused feature: its box, the cells in use it would have covered (none when it leaves the
// map), the site.
Overlay refused(Rect r, std::vector<Point> hit, Point site) {
  Overlay o{{box(Role::Rejected, r)}};
  if (!hit.empty()) o.items.push_back(cells(Role::Cause, std::move(hit)));
  o.items.push_back(marker(Role::Cursor, site));
  return o;
}

// The attempt part: a room or a corridor drawn from the site, then the fit check. A rejection
// outlines what it hit; a candidate that fits is reported back (c.fits) for the build part.
StepGenerator try_feature(StepContext& ctx, Settings s, int attempt, Site site, Candidate& c) {
  const Grid& grid = ctx.grid();
  c = {};
  if (ctx.draw_chance("roll", s.room_chance)) {
    const int w = ctx.draw_int("w", s.room_min, s.room_max);
    const int h = ctx.draw_int("h", s.room_min, s.room_max);
    c.kind = kRoom;
    c.footprint = room_footprint(site.start(), site.dir, w, h);
  } else {
    c.kind = kCorridor;
    c.footprint =
        corridor_footprint(site.start(), site.dir, ctx.draw_int("length", s.cor_min, s.cor_max));
  }
  const Rect& r = c.footprint;
  const bool leaves = r.x < 0 || r.y < 0 || r.right() > grid.width() || r.bottom() > grid.height();
  // Counted with the candidate's step: the fit check below reads its whole footprint.
  if (!leaves) ctx.stats().add(kWork, std::int64_t{r.w} * r.h);
  const Step chosen{.level = StepLevel::Cell,
                    .line = kChoose,
                    .event = {.kind = event_kind(Ev::Chosen),
                              .id = attempt,
                              .other = site.dir,
                              .value = c.kind,
                              .at = site.start(),
                              .rect = r},
                    .overlay = {{box(Role::Candidate, r), marker(Role::Cursor, site.at)}}};
  co_yield chosen;

  std::vector<Point> hit;
  const int used = leaves ? 0 : used_cells(grid, r, hit);
  if (leaves || used > 0) {
    const Misfit why = leaves ? kLeavesMap : kCoversUsed;
    const Step rejected{.level = StepLevel::Action,
                        .line = kReject,
                        .event = {.kind = event_kind(Ev::Rejected),
                                  .reason = why,
                                  .id = attempt,
                                  .other = used,
                                  .value = c.kind,
                                  .at = site.start(),
                                  .rect = r},
                        .overlay = refused(r, std::move(hit), site.at)};
    co_yield rejected;
    co_return;
  }
  c.fits = true;
}

// The build part: the feature's cells, then the door on the site.
StepGenerator build_feature(StepContext& ctx, Site site, Candidate c, int id) {
  const Grid& grid = ctx.grid();
  Canvas& canvas = ctx.canvas();
  StatSheet& stats = ctx.stats();
  Layout& layout = ctx.layout();
  const Point start = site.start();
  const Point behind = site.behind();
  const int from = grid.label_at(behind.x, behind.y);
  const int from_kind = grid.at(behind.x, behind.y) == Tile::Floor ? kRoom : kCorridor;
  std::vector<Point> path;
  if (c.kind == kRoom) {
    const Rect floor = draw_room(canvas, c.footprint, id);
    canvas.set_tile_label(start.x, start.y, Tile::Floor, id);  // the notch behind the door
    layout.rooms.push_back({id, floor, true, floor.w * floor.h + 1});
    stats.add(kRooms, 1);
  } else {
    for (Point p = start; c.footprint.contains(p);
         p = {p.x + kStep[site.dir].x, p.y + kStep[site.dir].y}) {
      canvas.set_tile_label(p.x, p.y, Tile::Corridor, id);
      path.push_back(p);
    }
    stats.add(kCorridors, 1);
  }
  canvas.set_tile_label(site.at.x, site.at.y, Tile::Door, -1);
  stats.add(kDoors, 1);
  const Step built{
      .level = StepLevel::Feature,
      .line = kBuild,
      .event = {.kind = event_kind(Ev::Built),
                .reason = static_cast<std::uint8_t>(from_kind + 1),
                .id = id,
                .other = from,
                .value = c.kind,
                .at = site.at,
                .rect = c.footprint},
      .overlay = {{box(Role::Accepted, c.footprint), line(Role::Tunnel, std::move(path)),
                   marker(Role::Cursor, site.at)}}};
  co_yield built;
}

StepGenerator feature_accretion(StepContext& ctx, ParamValues p) {
  const Settings s{p.get_int("width"),
                   p.get_int("height"),
                   p.get_int("max_features"),
                   p.get_int("room_chance"),
                   p.get_int("room_min_size"),
                   p.get_int("room_max_size"),
                   p.get_int("corridor_min_length"),
                   p.get_int("corridor_max_length"),
                   p.get_int("max_attempts"),
                   p.get_int("probe_attempts"),
                   work_cap(p)};
  StatSheet& stats = ctx.stats();
  Layout& layout = ctx.layout();

  const Step begin{.level = StepLevel::Phase, .line = kFillEmpty, .event = {.kind = kEventBegin}};
  co_yield begin;

  const int w = ctx.draw_int("w", s.room_min, s.room_max);
  const int h = ctx.draw_int("h", s.room_min, s.room_max);
  const Rect outline{(s.map_w - w) / 2, (s.map_h - h) / 2, w, h};
  const Rect floor = draw_room(ctx.canvas(), outline, 0);
  layout.rooms.push_back({0, floor, true, floor.w * floor.h});
  layout.start = Point{floor.x + floor.w / 2, floor.y + floor.h / 2};
  stats.add(kRooms, 1);
  const Step first{
      .level = StepLevel::Feature,
      .line = kFirstRoom,
      .event = {.kind = event_kind(Ev::FirstRoom), .id = 0, .rect = floor},
      .overlay = {{box(Role::Accepted, outline), marker(Role::Cursor, *layout.start)}}};
  co_yield first;

  int features = 1;
  int attempt = 0;
  bool cut = false;
  for (; attempt < s.max_attempts && features < s.max_features && stats[kWork] < s.work_cap;
       ++attempt) {
    stats.add(kAttempts, 1);
    const Step header{.level = StepLevel::Cell,
                      .line = kForAttempt,
                      .event = {.kind = event_kind(Ev::Attempt), .id = attempt, .value = features}};
    co_yield header;

    Site site;
    const std::int64_t probed_before = stats[kCellsProbed];
    co_yield probe_for_site(ctx, s, attempt, site);
    cut = site.cut;
    if (!site.found) {
      const auto probes = static_cast<int>(stats[kCellsProbed] - probed_before);
      const Step none{.level = StepLevel::Action,
                      .line = kNoSite,
                      .event = {.kind = event_kind(Ev::NoSite), .id = attempt, .value = probes}};
      co_yield none;
      continue;
    }

    Candidate candidate;
    co_yield try_feature(ctx, s, attempt, site, candidate);
    if (!candidate.fits) continue;

    co_yield build_feature(ctx, site, candidate, features);
    ++features;
  }

  // Stopped by the cap: attempts and features were left, but the work ran out.
  const bool capped =
      cut || (stats[kWork] >= s.work_cap && attempt < s.max_attempts && features < s.max_features);
  if (capped) stats.add(kStoppedEarly, 1);
  const Step done{.level = StepLevel::Phase,
                  .line = kDone,
                  .event = {.kind = kEventDone,
                            .reason = capped ? kStoppedByWorkCap : std::uint8_t{0},
                            .id = attempt,
                            .other = static_cast<int>(stats[kCorridors]),
                            .value = static_cast<int>(stats[kRooms])},
                  .last = true};
  co_yield done;
}

}  // namespace

const GeneratorSpec& feature_accretion_spec() {
  static const GeneratorSpec spec{
      .name = "feature-accretion",
      .summary =
          "rooms and corridors grown off each other's walls (curses dungeon-building "
          "algorithm)",
      .schema = schema(),
      .narration = {.pseudocode = kPseudocode,
                    .words = words,
                    .caption = caption,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Empty,
      .body = feature_accretion,
  };
  return spec;
}

}  // namespace dungen
