// Feature accretion: the "dungeon-building algorithm" of the Python curses example.
//
// The map starts empty (Tile::Empty: unused space, distinct from wall). A first room goes in the
// middle. Then, for up to max_attempts attempts and while fewer than max_features features stand:
// probe up to probe_attempts random cells (never on the map's border) for a wall or corridor cell
// with a floor or corridor neighbour; the direction away from that neighbour (neighbours checked
// south, west, north, east, as the seed does) points into where the new feature goes, starting on
// the next cell that way. With room_chance % it is a room, else a corridor. A feature fits only
// when its whole footprint is inside the map and every cell of it is still empty.
//
// Geometry, as in the seed: a room of w x h cells (its wall ring included) has its near wall on
// the start cell, centred across the direction of travel (w/2 cells to the left or above the
// start); its ring is wall and its inside floor. A corridor is a straight line of corridor tiles,
// without walls, starting on the start cell. Because a corridor has no walls, the probe finds its
// last cell (its only walkable neighbour is the cell before it) and grows from its end; its middle
// cells point back into the corridor, which is not empty, so they never fit.
//
// How a door joins: the probed cell (a wall of the old room, or a corridor's end) becomes
// Tile::Door. For a corridor, the door is followed directly by the corridor's first cell. For a
// room, the new room's wall cell at the join becomes floor (a notch in its ring, labelled with the
// new room), as the seed does: so the door always sits between a walkable cell of the old feature
// (the neighbour the direction came from) and a walkable cell of the new one, with the old
// feature's wall on one side and the new room's ring on the other.
//
// Labels: room floor and corridor cells carry their feature's id (features are numbered in the
// order they are built, rooms and corridors together, the first room 0); walls and doors carry -1.
// Layout::rooms lists each room's floor rectangle (the notch, one cell outside it, is counted in
// `cells`); Layout::corridors and Layout::doors count the corridors and doors; Layout::start is
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
// Steps: each probe that lands on a wall or corridor cell is a cell step (cursor on it); an
// attempt that finds no such cell is an action step (no site); each attempted feature is an action
// step (its footprint and verdict in the overlay); each placed feature is a feature step.

#include "generators/feature_accretion.hpp"

#include <array>
#include <string>

namespace dungen {
namespace {

enum Line : int {
  kFillEmpty,
  kFirstRoom,
  kForAttempt,
  kProbe,
  kDirection,
  kNoSite,
  kChoose,
  kReject,
  kBuild,
  kDone,
};

constexpr std::array<std::string_view, 10> kPseudocode = {
    "fill the map with empty (unused) cells",
    "build the first room in the middle of the map",
    "for attempt in 1..max_attempts, while features < max_features:",
    "    probe random cells for a wall or corridor cell next to floor or corridor",
    "    direction = away from that neighbour; start = the next cell that way",
    "    if no such cell in probe_attempts probes: next attempt",
    "    room_chance %: a room of random size, else a corridor of random length",
    "    if it leaves the map or covers a used cell: reject it",
    "    build it; the probed cell becomes a door",
    "done",
};

// Directions in the seed's numbering: 0 north, 1 east, 2 south, 3 west.
constexpr std::array<Point, 4> kStep = {{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};

enum FeatureKind : int { kRoom = 0, kCorridor = 1 };

bool probe_walkable(Tile t) {
  return t == Tile::Floor || t == Tile::Corridor;
}

// The direction away from the first floor or corridor neighbour of p, or -1 with none. The seed's
// order: a neighbour to the south sends the feature north, then west -> east, north -> south,
// east -> west. p is never on the border, so its neighbours are inside the map.
int direction_away(const Grid& g, Point p) {
  for (int d = 0; d < 4; ++d) {
    const Point from{p.x - kStep[d].x, p.y - kStep[d].y};
    if (probe_walkable(g.tile(g.index(from.x, from.y)))) return d;
  }
  return -1;
}

// A room of w x h cells (walls included) whose near wall holds `start`, centred across d.
Rect room_footprint(Point start, int d, int w, int h) {
  switch (d) {
    case 0:
      return {start.x - w / 2, start.y - h + 1, w, h};
    case 1:
      return {start.x, start.y - h / 2, w, h};
    case 2:
      return {start.x - w / 2, start.y, w, h};
    default:
      return {start.x - w + 1, start.y - h / 2, w, h};
  }
}

Rect corridor_footprint(Point start, int d, int len) {
  switch (d) {
    case 0:
      return {start.x, start.y - len + 1, 1, len};
    case 1:
      return {start.x, start.y, len, 1};
    case 2:
      return {start.x, start.y, 1, len};
    default:
      return {start.x - len + 1, start.y, len, 1};
  }
}

// Why the footprint cannot be built, or Reason::None when it fits.
Reason fits(const Grid& g, const Rect& r) {
  if (r.x < 0 || r.y < 0 || r.right() > g.width() || r.bottom() > g.height()) {
    return Reason::OutOfBounds;
  }
  for (int y = r.y; y < r.bottom(); ++y) {
    const std::size_t row = g.index(r.x, y);
    for (std::size_t i = row; i < row + static_cast<std::size_t>(r.w); ++i) {
      if (g.tile(i) != Tile::Empty) return Reason::NotEmpty;
    }
  }
  return Reason::None;
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

std::string size_text(std::int64_t v) {
  return std::to_string(v);
}

std::optional<std::string> check_feature_accretion(const ParamValues& p) {
  const auto room_min = p.get("room_min_size");
  const auto room_max = p.get("room_max_size");
  if (room_min > room_max) {
    return "room_min_size " + size_text(room_min) + " is greater than room_max_size " +
           size_text(room_max);
  }
  const auto cor_min = p.get("corridor_min_length");
  const auto cor_max = p.get("corridor_max_length");
  if (cor_min > cor_max) {
    return "corridor_min_length " + size_text(cor_min) + " is greater than corridor_max_length " +
           size_text(cor_max);
  }
  const auto w = p.get("width");
  const auto h = p.get("height");
  const auto side = std::min(w, h);
  if (room_max > side) {
    return "room_max_size " + size_text(room_max) + " does not fit the " + size_text(w) + "x" +
           size_text(h) + " map: allowed up to " + size_text(side) +
           " (the smaller side, so the first room fits in the middle)";
  }
  const auto long_side = std::max(w, h) - 2;
  if (cor_min > long_side) {
    return "corridor_min_length " + size_text(cor_min) + " does not fit the " + size_text(w) + "x" +
           size_text(h) + " map: allowed up to " + size_text(long_side) +
           " (the longer side minus 2)";
  }
  return std::nullopt;
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
      check_feature_accretion,
  };
  return s;
}

StepGenerator feature_accretion(StepContext& ctx, ParamValues p) {
  const int map_w = p.get_int("width");
  const int map_h = p.get_int("height");
  const int max_features = p.get_int("max_features");
  const int room_chance = p.get_int("room_chance");
  const int room_min = p.get_int("room_min_size");
  const int room_max = p.get_int("room_max_size");
  const int cor_min = p.get_int("corridor_min_length");
  const int cor_max = p.get_int("corridor_max_length");
  const int max_attempts = p.get_int("max_attempts");
  const int probe_attempts = p.get_int("probe_attempts");
  const Grid& grid = ctx.grid();
  Rng& rng = ctx.rng();
  Canvas& canvas = ctx.canvas();
  Layout& layout = ctx.layout();
  Counters counters;
  int features = 0;

  {
    const int w = rng.uniform_int(room_min, room_max);
    const int h = rng.uniform_int(room_min, room_max);
    const Rect outline{(map_w - w) / 2, (map_h - h) / 2, w, h};
    const Rect floor = draw_room(canvas, outline, features);
    layout.rooms.push_back({features, floor, true, floor.w * floor.h});
    layout.start = Point{floor.x + floor.w / 2, floor.y + floor.h / 2};
    counters.cells += w * h;
    counters.placed = ++features;
    const Step first{StepLevel::Feature, kFirstRoom,
                     Event{EventKind::RoomCarved, Reason::None, 0, -1, 0, {}, floor},
                     Overlay{outline, Verdict::Accepted, {}, {}}, counters};
    co_yield first;
  }

  for (int attempt = 0; attempt < max_attempts && features < max_features; ++attempt) {
    Point probe{};
    int dir = -1;
    for (int j = 0; j < probe_attempts && dir < 0; ++j) {
      probe = {rng.uniform_int(1, map_w - 2), rng.uniform_int(1, map_h - 2)};
      const Tile t = grid.tile(grid.index(probe.x, probe.y));
      if (t != Tile::Wall && t != Tile::Corridor) continue;
      dir = direction_away(grid, probe);
      const Step probed{StepLevel::Cell, dir < 0 ? kProbe : kDirection,
                        Event{EventKind::WallProbed, Reason::None, -1, -1, dir, probe, {}},
                        Overlay{{}, Verdict::None, {}, probe}, counters};
      co_yield probed;
    }
    if (dir < 0) {
      const Step none{
          StepLevel::Action, kNoSite,
          Event{EventKind::NoWallFound, Reason::NoSite, attempt, -1, probe_attempts, {}, {}},
          Overlay{}, counters};
      co_yield none;
      continue;
    }

    const Point start{probe.x + kStep[dir].x, probe.y + kStep[dir].y};
    const Point behind{probe.x - kStep[dir].x, probe.y - kStep[dir].y};
    const int kind = rng.chance_percent(room_chance) ? kRoom : kCorridor;
    Rect footprint;
    if (kind == kRoom) {
      const int w = rng.uniform_int(room_min, room_max);
      const int h = rng.uniform_int(room_min, room_max);
      footprint = room_footprint(start, dir, w, h);
    } else {
      footprint = corridor_footprint(start, dir, rng.uniform_int(cor_min, cor_max));
    }
    ++counters.attempts;
    const Reason why = fits(grid, footprint);
    if (why != Reason::None) {
      ++counters.rejected;
      const Step rejected{
          StepLevel::Action, kReject,
          Event{EventKind::FeatureRejected, why, attempt, -1, kind, start, footprint},
          Overlay{footprint, Verdict::Rejected, {}, probe}, counters};
      co_yield rejected;
      continue;
    }
    const int id = features;
    std::vector<Point> path;
    if (kind == kCorridor) {
      for (Point c = start; footprint.contains(c); c = {c.x + kStep[dir].x, c.y + kStep[dir].y}) {
        path.push_back(c);
      }
    }
    const Step accepted{
        StepLevel::Action, kChoose,
        Event{EventKind::FeatureAccepted, Reason::None, id, -1, kind, start, footprint},
        Overlay{footprint, Verdict::Accepted, path, probe}, counters};
    co_yield accepted;

    const int from = grid.label(grid.index(behind.x, behind.y));
    if (kind == kRoom) {
      const Rect floor = draw_room(canvas, footprint, id);
      canvas.set_tile_label(start.x, start.y, Tile::Floor, id);  // the notch behind the door
      layout.rooms.push_back({id, floor, true, floor.w * floor.h + 1});
    } else {
      for (const Point c : path) canvas.set_tile_label(c.x, c.y, Tile::Corridor, id);
      ++layout.corridors;
    }
    canvas.set_tile_label(probe.x, probe.y, Tile::Door, -1);
    ++layout.doors;
    counters.cells += footprint.w * footprint.h;
    counters.placed = ++features;
    const Step built{
        StepLevel::Feature, kBuild,
        Event{EventKind::FeatureAttached, Reason::None, id, from, kind, probe, footprint},
        Overlay{footprint, Verdict::Accepted, path, probe}, counters};
    co_yield built;
  }

  const Step done{
      StepLevel::Phase, kDone,    Event{EventKind::Done, Reason::None, -1, -1, features, {}, {}},
      Overlay{},        counters, true};
  co_yield done;
}

}  // namespace

const GeneratorSpec& feature_accretion_spec() {
  static const GeneratorSpec spec{
      "feature-accretion",
      "rooms and corridors grown off each other's walls (curses dungeon-building algorithm)",
      schema(),
      kPseudocode,
      Tile::Empty,
      feature_accretion,
  };
  return spec;
}

}  // namespace dungen
