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
// The first room is a part of its own too (a feature step).
//
// How the file reads: the pseudocode, each kind of step's factory (which packs its event's
// fields) beside its words (which read them back), then the algorithm: its helpers, its parts and
// the body, which says `co_yield rejected_step(...)` where the seed rejects a feature.

#include "generators/feature_accretion.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "generators/map_promises.hpp"

namespace dungen {
namespace {

using namespace feature_accretion;

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

// The total work allowed, in cells probed or read: a floor about ten times what a run with the
// default attempts and probes uses (7K-11K; 27K with max_features unbounded), plus a share per
// cell so a big map can be filled.
constexpr std::int64_t kWorkCapBase = 250'000;
constexpr std::int64_t kWorkCapPerCell = 32;
std::int64_t work_cap(const ParamValues& p) {
  return kWorkCapBase + kWorkCapPerCell * p.get("width") * p.get("height");
}

// Directions in the seed's numbering: 0 north, 1 east, 2 south, 3 west.
constexpr std::array<Point, 4> kStep = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
constexpr std::array<std::string_view, 4> kDirectionName = {"north", "east", "south", "west"};

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
  Kind kind = kRoom;
  Rect footprint;
  bool fits = false;
};

// ---- The steps: each kind's factory, then its words --------------------------------------------
// The body says `co_yield rejected_step(...)`; the fields a factory packs are the ones the words
// beside it read back (the field list is in feature_accretion.hpp).

std::string kind_text(int kind) {
  return kind == kRoom ? "room" : "corridor";
}
std::string plural(std::int64_t n, const std::string& one, const std::string& many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}
std::string attempt_text(const Event& e) {
  return "attempt " + number_text(e.id);
}
// The candidate or feature in e.rect, of kind e.value: "7x5 with its walls" (a room), "4 cells
// long" (a corridor).
std::string feature_size_text(const Event& e) {
  const int len = std::max(e.rect.w, e.rect.h);
  return e.value == kRoom ? size_text(e.rect.w, e.rect.h) + " with its walls"
                          : std::to_string(len) + (len == 1 ? " cell long" : " cells long");
}
std::string span_text(const Rect& r) {
  return xy_text({r.x, r.y}) + ".." + xy_text({r.right() - 1, r.bottom() - 1});
}

Step begin_step() {
  return make_step(StepLevel::Phase, kFillEmpty, {.kind = kEventBegin});
}
std::string begin_words(const Event&, const ParamValues& p) {
  return "the map is filled with empty (unused) cells (" +
         size_text(p.get_int("width"), p.get_int("height")) + ")";
}

// outline: the room with its walls; floor: inside them; start: the player's start.
Step first_room_step(const Rect& outline, const Rect& floor, Point start) {
  return make_step(StepLevel::Feature, kFirstRoom,
                   {.kind = event_kind(Ev::FirstRoom), .id = 0, .rect = floor},
                   {{box(Role::Accepted, outline), marker(Role::Cursor, start)}});
}
std::string first_room_words(const Event& e, const ParamValues&) {
  return "feature 1 (a room; rooms and corridors are numbered together) built in the middle of "
         "the map: " +
         size_text(e.rect.w + 2, e.rect.h + 2) + " with its walls, floor " +
         size_text(e.rect.w, e.rect.h) + " at " + xy_text({e.rect.x, e.rect.y});
}

Step attempt_step(int attempt, int features) {
  return make_step(StepLevel::Cell, kForAttempt,
                   {.kind = event_kind(Ev::Attempt), .id = attempt, .value = features});
}
std::string attempt_words(const Event& e, const ParamValues& p) {
  return attempt_text(e) + " of " + std::to_string(p.get("max_attempts")) + " (" +
         plural(e.value, "feature stands", "features stand") + ")";
}

// A probe that landed on a wall or corridor cell (ground): with no floor or corridor next to it
// (dir < 0), a Probed step on the probe line; else the site, a SiteFound step on the site line.
// probes: cells probed in this attempt so far.
Step probe_step(int attempt, int probes, Point at, Ground ground, int dir) {
  const bool site = dir >= 0;
  return make_step(StepLevel::Cell, site ? kSite : kProbe,
                   {.kind = event_kind(site ? Ev::SiteFound : Ev::Probed),
                    .reason = ground,
                    .id = attempt,
                    .other = dir,
                    .value = probes,
                    .at = at},
                   {{marker(Role::Cursor, at)}});
}
std::string probe_text(const Event& e) {
  return attempt_text(e) + ", probe " + std::to_string(e.value) + ": " + xy_text(e.at) + " is " +
         (e.reason == kCorridorCell ? "a corridor cell" : "a wall");
}
std::string probed_words(const Event& e, const ParamValues&) {
  return probe_text(e) + " with no floor or corridor next to it";
}
std::string site_found_words(const Event& e, const ParamValues&) {
  const Point from{e.at.x - kStep[e.other].x, e.at.y - kStep[e.other].y};
  return probe_text(e) + " next to floor or corridor at " + xy_text(from) + ": the site; build " +
         std::string(kDirectionName[e.other]);
}

Step no_site_step(int attempt, int probes) {
  return make_step(StepLevel::Action, kNoSite,
                   {.kind = event_kind(Ev::NoSite), .id = attempt, .value = probes});
}
std::string no_site_words(const Event& e, const ParamValues&) {
  return attempt_text(e) + ": no site in " + plural(e.value, "probe", "probes") + "; next attempt";
}

Step chosen_step(int attempt, const Site& site, const Candidate& c) {
  return make_step(StepLevel::Cell, kChoose,
                   {.kind = event_kind(Ev::Chosen),
                    .id = attempt,
                    .other = site.dir,
                    .value = c.kind,
                    .at = site.start(),
                    .rect = c.footprint},
                   {{box(Role::Candidate, c.footprint), marker(Role::Cursor, site.at)}});
}
std::string shape_text(const Event& e) {
  return kind_text(e.value) + " " + feature_size_text(e);
}
std::string chosen_words(const Event& e, const ParamValues&) {
  return attempt_text(e) + ": a " + shape_text(e) + ", going " +
         std::string(kDirectionName[e.other]) + " from " + xy_text(e.at);
}

// A refused feature: its box, the cells in use it would have covered (none when it leaves the
// map), the site.
Overlay refused(Rect r, std::vector<Point> hit, Point site) {
  Overlay o{{box(Role::Rejected, r)}};
  if (!hit.empty()) o.items.push_back(cells(Role::Cause, std::move(hit)));
  o.items.push_back(marker(Role::Cursor, site));
  return o;
}

// used: the used cells it would cover, the first kMaxHitCells of them in `hit`.
Step rejected_step(int attempt, const Site& site, const Candidate& c, Misfit why, int used,
                   std::vector<Point> hit) {
  return make_step(StepLevel::Action, kReject,
                   {.kind = event_kind(Ev::Rejected),
                    .reason = why,
                    .id = attempt,
                    .other = used,
                    .value = c.kind,
                    .at = site.start(),
                    .rect = c.footprint},
                   refused(c.footprint, std::move(hit), site.at));
}
std::string rejected_words(const Event& e, const ParamValues&) {
  return attempt_text(e) + " rejected: the " + shape_text(e) + " at " + span_text(e.rect) +
         (e.reason == kLeavesMap ? " leaves the map"
                                 : " covers " + plural(e.other, "used cell", "used cells"));
}

// from, from_kind: the feature the door opens from; path: a corridor's cells (none for a room).
Step built_step(int id, const Site& site, const Candidate& c, int from, Kind from_kind,
                std::vector<Point> path) {
  return make_step(StepLevel::Feature, kBuild,
                   {.kind = event_kind(Ev::Built),
                    .reason = from_kind,
                    .id = id,
                    .other = from,
                    .value = c.kind,
                    .at = site.at,
                    .rect = c.footprint},
                   {{box(Role::Accepted, c.footprint), line(Role::Tunnel, std::move(path)),
                     marker(Role::Cursor, site.at)}});
}
std::string built_words(const Event& e, const ParamValues&) {
  // Rooms and corridors are numbered together, as the map's numbers are.
  return "feature " + number_text(e.id) + " (a " + kind_text(e.value) +
         ") built: " + feature_size_text(e) + " at " + span_text(e.rect) + "; door at " +
         xy_text(e.at) + " from feature " + number_text(e.other) + " (a " + kind_text(e.reason) +
         ")" + (e.value == kRoom ? "; the wall cell past the door is opened (a notch)" : "");
}

Step done_step(int attempts, std::int64_t rooms, std::int64_t corridors, Stop why) {
  Step s = make_step(StepLevel::Phase, kDone,
                     {.kind = kEventDone,
                      .reason = why,
                      .id = attempts,
                      .other = static_cast<int>(corridors),
                      .value = static_cast<int>(rooms)});
  s.last = true;
  return s;
}
std::string done_words(const Event& e, const ParamValues& p) {
  return "done: " + plural(e.value + e.other, "feature", "features") + " (" +
         plural(e.value, "room", "rooms") + ", " + plural(e.other, "corridor", "corridors") + ")" +
         (e.reason == kStoppedByWorkCap
              ? "; stopped early after " + plural(e.id, "attempt", "attempts") +
                    ": the work cap of " + std::to_string(work_cap(p)) +
                    " cells probed or checked was reached"
              : "");
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin:
      return begin_words(e, p);
    case event_kind(Ev::FirstRoom):
      return first_room_words(e, p);
    case event_kind(Ev::Attempt):
      return attempt_words(e, p);
    case event_kind(Ev::Probed):
      return probed_words(e, p);
    case event_kind(Ev::SiteFound):
      return site_found_words(e, p);
    case event_kind(Ev::NoSite):
      return no_site_words(e, p);
    case event_kind(Ev::Chosen):
      return chosen_words(e, p);
    case event_kind(Ev::Rejected):
      return rejected_words(e, p);
    case event_kind(Ev::Built):
      return built_words(e, p);
    case kEventDone:
      return done_words(e, p);
  }
  return "?";
}

// The few words drawn on the map beside the candidate or feature.
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

// Predict mode: before a chosen feature's verdict is shown, does it fit?
std::optional<Question> question(const Step& s, const QuestionContext&) {
  const Event& e = s.event;
  const bool rejected = e.kind == event_kind(Ev::Rejected);
  if (!rejected && e.kind != event_kind(Ev::Built)) return std::nullopt;
  return Question{
      .line = kReject,
      .prompt = "Will this " + shape_text(e) + " fit: inside the map, covering no used cell?",
      .choices = {{"fits: built", {}}, {"rejected", {}}},
      .answer = rejected ? 1 : 0,
      .focus = {{box(Role::Candidate, e.rect)}}};
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
Settings settings(const ParamValues& p) {
  return {p.get_int("width"),
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
}

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
    co_yield probe_step(attempt, j, {x, y}, ground, dir);
    if (dir < 0) continue;
    site = {true, {x, y}, dir};
    co_return;
  }
  count();
  ctx.note_draw("probes", j - 1);
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
  co_yield chosen_step(attempt, site, c);

  std::vector<Point> hit;
  const int used = leaves ? 0 : used_cells(grid, r, hit);
  if (leaves || used > 0) {
    co_yield rejected_step(attempt, site, c, leaves ? kLeavesMap : kCoversUsed, used,
                           std::move(hit));
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
  const Kind from_kind = grid.at(behind.x, behind.y) == Tile::Floor ? kRoom : kCorridor;
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
  co_yield built_step(id, site, c, from, from_kind, std::move(path));
}

// The first room: drawn like every room, centred on the map.
StepGenerator first_room(StepContext& ctx, Settings s) {
  const int w = ctx.draw_int("w", s.room_min, s.room_max);
  const int h = ctx.draw_int("h", s.room_min, s.room_max);
  const Rect outline{(s.map_w - w) / 2, (s.map_h - h) / 2, w, h};
  const Rect floor = draw_room(ctx.canvas(), outline, 0);
  ctx.layout().rooms.push_back({0, floor, true, floor.w * floor.h});
  ctx.layout().start = Point{floor.x + floor.w / 2, floor.y + floor.h / 2};
  ctx.stats().add(kRooms, 1);
  co_yield first_room_step(outline, floor, *ctx.layout().start);
}

// The body: the first room, then attempts to attach a feature until max_attempts, max_features
// or the work cap: probe for a site, try a feature there, build it if it fits.
StepGenerator body(StepContext& ctx, ParamValues p) {
  const Settings s = settings(p);
  StatSheet& stats = ctx.stats();

  co_yield begin_step();
  co_yield first_room(ctx, s);

  int features = 1;
  int attempt = 0;
  bool cut = false;
  for (; attempt < s.max_attempts && features < s.max_features && stats[kWork] < s.work_cap;
       ++attempt) {
    stats.add(kAttempts, 1);
    co_yield attempt_step(attempt, features);

    Site site;
    const std::int64_t probed_before = stats[kCellsProbed];
    co_yield probe_for_site(ctx, s, attempt, site);
    cut = site.cut;
    if (!site.found) {
      co_yield no_site_step(attempt, static_cast<int>(stats[kCellsProbed] - probed_before));
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
  co_yield done_step(attempt, stats[kRooms], stats[kCorridors],
                     capped ? kStoppedByWorkCap : kRanOut);
}

// What every finished map promises, whatever the parameters (the random sweep checks them).
void promises(MapPromises& map) {
  const Grid& g = map.grid();
  map.only_tiles({Tile::Empty, Tile::Wall, Tile::Floor, Tile::Corridor, Tile::Door});
  std::int64_t doors = 0;
  for (std::size_t i = 0; i < g.size(); ++i) doors += g.tile(i) == Tile::Door;
  map.expect(doors == map.stat("doors"), "the doors stat counts the doors on the map");
  map.expect(map.stat("rooms") + map.stat("corridors") == doors + 1,
             "one door fewer than features: every feature but the first opens from a door");
  map.expect(doors + 1 <= map.param("max_features"), "no more than max_features features");
  map.expect(map.stat("attempts") <= map.param("max_attempts"), "no more than max_attempts");
  // The work cap bounds the run: at most one fit check (a largest room) past it.
  const std::int64_t side = map.param("room_max_size");
  map.expect(map.stat("work") <=
                 kWorkCapBase + kWorkCapPerCell * static_cast<std::int64_t>(g.size()) + side * side,
             "the work stays within the work cap and one fit check");
  if (map.stat("stopped_early") == 0) {
    map.expect(
        doors + 1 == map.param("max_features") || map.stat("attempts") == map.param("max_attempts"),
        "a run not stopped early ends at max_features or max_attempts");
  }
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
                    .question = question,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Empty,
      .body = body,
      .line_settings = {{"--probe-attempts", "1"}},
      .promises = promises,
      .worst_case =
          "max_attempts x probe_attempts probes + fit checks up to room_max_size\u00b2 "
          "each: 10^10",
      .bounded_by = "the work cap, 250K + 32 C cells probed or checked",
      .range_x = "critical_path",
      .range_y = "dead_ends",
  };
  return spec;
}

}  // namespace dungen
