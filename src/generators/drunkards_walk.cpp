// The drunkard's walk (random-walk caves), as RogueBasin's "Random Walk Cave Generation" describes
// it: fill the map with wall, pick a starting cell and carve it, then take one step at a time in
// a random direction, carving every wall cell stepped onto, until enough cells are floor. One
// walk only ever carves next to floor it carved before, so the cave is connected by construction.
//
// Here: `walkers` walkers start together on one cell (the map's centre, or with start = random a
// random cell), which is carved. They take turns, one step each. A step moves to one of the
// walker's 4 neighbours, drawn uniformly among those it may enter (the map, or with border on
// the map inside its edge, which stays wall). With bias_percent, a roll below it sends the walker
// onto a random wall neighbour instead, when it has one (a bias toward unvisited cells, which
// spreads the cave out); without one it steps as usual. With restart_after > 0, a walker that
// has walked that many steps restarts on a random floor cell (the floor cells in the order they
// were carved, one drawn uniformly), so the cave grows in many places instead of one winding
// path. The walk stops when the floor reaches target_percent of the map's cells (rounded up).
//
// Deliberate differences from the seed:
// - The seed leaves "the walk trying to run off the edge" open; here a walker draws only among
//   the neighbours it may enter, so no step is wasted at the edge.
// - The seed's loop is unbounded. Here max_steps caps the walk steps, and a target above the
//   cells a walker may enter (border on, target_percent near 100) ends the walk once all of them
//   are floor; either way the last step and the stats say why the target was not reached.
// - Several walkers, the bias and the restarts are the common variants the seed leaves out.
//
// Steps: the begin step [phase]; the walkers placed [action]; each walk step [cell], its
// overlay the walker (a walker marker and the cursor), the neighbours it drew its direction from
// (choices: 4, fewer at the edge of the area) and its last few cells (trail); a restart [action];
// each tenth of the target reached [feature]; the end [phase].

#include "generators/drunkards_walk.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace dungen {
namespace {

// How many of a walker's latest cells the overlay draws behind it.
constexpr std::size_t kTrailCells = 8;
// The largest walker count: each walker is a few bytes, but more than this is one blob.
constexpr int kMaxWalkers = 100;
constexpr std::int64_t kMaxStepsLimit = 100'000'000;

enum StartAt : std::int64_t { kCentre = 0, kRandomCell = 1 };

// North, east, south, west.
constexpr std::array<Point, 4> kDirs = {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}};
constexpr std::array<std::string_view, 4> kDirNames = {"north", "east", "south", "west"};

enum Line : int {
  kFillWall,
  kPlace,
  kWhile,
  kStopEarly,
  kRestart,
  kBiasedStep,
  kStep,
  kDone,
  kLineCount,
};

constexpr std::array<std::string_view, kLineCount> kPseudocode = {
    "fill the map with wall (with border, walkers never enter its edge)",
    "put walkers walkers on one cell: the centre, or a random cell (start = random); carve it",
    "while floor cells < target (target_percent of the map's cells, rounded up):",
    "    if max_steps walk steps are taken, or no cell a walker may enter is wall: stop early",
    "    next walker in turn: if it has walked restart_after steps, restart it on a random floor "
    "cell",
    "    if roll < bias_percent and a neighbour is wall: step onto a random wall neighbour, "
    "carve it",
    "    else: step onto a random neighbour; if it is wall, carve it to floor",
    "done: the target is reached",
};
static_assert(kPseudocode.size() == kLineCount);

enum class Ev : EventKind {
  Placed = kFirstOwnEvent,  // at = the start cell, reason = StartAt, value = floor cells after
  Restart,                  // id = walker, at = its new cell, other = the floor cell drawn
                            // (0-based, in carving order), value = floor cells
  Walk,                     // id = walker, at = the cell stepped onto, value = floor cells
                            // after, reason = direction | flags; its Choices item lists the
                            // cells the direction was drawn from, in kDirs order
  Checkpoint,               // id = tenths of the target reached (1..9), value = floor cells,
                            // other = walk steps taken
};
// The walk step's reason: the direction (0..3, kDirs) in the low bits, then these.
enum WalkFlag : std::uint8_t {
  kDirMask = 3,
  kCarved = 4,      // the cell was wall and is now floor
  kBiased = 8,      // the bias roll sent it onto a wall neighbour
  kNoWallNear = 16  // the bias roll won but no neighbour was wall: an ordinary step
};
// The done step's reason (and the outcome stat).
enum Outcome : std::uint8_t { kWalking = 0, kReached = 1, kStepCap = 2, kNothingLeft = 3 };

enum Stat : std::size_t {
  kSteps,
  kRestarts,
  kFloorCells,
  kBiasedSteps,
  kOutcome,
  kStatCount,
};

std::int64_t map_cells(const ParamValues& p) {
  return p.get("width") * p.get("height");
}
std::int64_t target_cells(const ParamValues& p) {
  return (p.get("target_percent") * map_cells(p) + 99) / 100;
}
// The cells a walker may enter.
Rect walk_area(const ParamValues& p) {
  const int w = p.get_int("width"), h = p.get_int("height");
  return p.get("border") != 0 ? Rect{1, 1, w - 2, h - 2} : Rect{0, 0, w, h};
}
std::int64_t area_cells(const ParamValues& p) {
  const Rect a = walk_area(p);
  return std::int64_t{a.w} * a.h;
}
std::string walker_text(int id, const ParamValues& p) {
  return p.get("walkers") == 1 ? "the walker" : "walker " + number_text(id);
}
std::string cells_text(std::int64_t n) {
  return std::to_string(n) + (n == 1 ? " cell" : " cells");
}
std::string floor_text(std::int64_t floor, const ParamValues& p) {
  return std::to_string(floor) + " of " + std::to_string(target_cells(p)) + " floor cells";
}
std::string area_text(const ParamValues& p) {
  return p.get("border") != 0 ? "inside the border" : "on the map";
}

std::string done_words(const Event& e, const ParamValues& p) {
  const std::string steps = std::to_string(e.other) + " walk steps";
  switch (e.reason) {
    case kReached:
      return "done: " + floor_text(e.value, p) + " (" +
             percent_text(static_cast<double>(e.value) / static_cast<double>(map_cells(p))) +
             " of the map) after " + steps;
    case kStepCap:
      return "stopped early: max_steps = " + steps + " taken, with only " + floor_text(e.value, p);
    case kNothingLeft:
      return "stopped early: all " + cells_text(area_cells(p)) + " " + area_text(p) +
             " are floor, fewer than the target of " + cells_text(target_cells(p)) + " (after " +
             steps + ")";
  }
  return "?";
}

std::string words(const Step& s, const ParamValues& p) {
  const Event& e = s.event;
  switch (e.kind) {
    case kEventBegin: {
      std::string said = "the map is filled with wall (" + std::to_string(p.get("width")) + "x" +
                         std::to_string(p.get("height")) + "); the target is " +
                         cells_text(target_cells(p)) + " of floor";
      if (target_cells(p) > area_cells(p)) {
        said += ", more than the " + cells_text(area_cells(p)) + " " + area_text(p);
      }
      return said;
    }
    case kEventDone:
      return done_words(e, p);
    case event_kind(Ev::Placed): {
      const std::int64_t n = p.get("walkers");
      return (n == 1 ? std::string("the walker starts at ")
                     : std::to_string(n) + " walkers start at ") +
             xy_text(e.at) + (e.reason == kCentre ? ", the centre" : ", a random cell") +
             ", carved to floor";
    }
    case event_kind(Ev::Restart):
      return walker_text(e.id, p) + " has walked " + std::to_string(p.get("restart_after")) +
             " steps: it restarts on floor cell index " + std::to_string(e.other) +
             " (0-based, of " + std::to_string(e.value) + " in carving order), " + xy_text(e.at);
    case event_kind(Ev::Walk): {
      std::string said = walker_text(e.id, p);
      if ((e.reason & kBiased) != 0) said += " (biased toward wall)";
      if ((e.reason & kNoWallNear) != 0) said += " (bias roll won, but no neighbour is wall)";
      said += " steps " + std::string(kDirNames[e.reason & kDirMask]) + " to " + xy_text(e.at);
      said += (e.reason & kCarved) != 0 ? " and carves it: " : ", already floor: ";
      return said + floor_text(e.value, p);
    }
    case event_kind(Ev::Checkpoint):
      return std::to_string(e.id * 10) + "% of the target: " + floor_text(e.value, p) + " after " +
             std::to_string(e.other) + " walk steps; the walk goes on";
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  const Event& e = s.event;
  if (e.kind != event_kind(Ev::Walk)) return "";
  std::string said(kDirNames[e.reason & kDirMask]);
  if ((e.reason & kBiased) != 0) said += " (bias)";
  if ((e.reason & kCarved) != 0) said += ": carve";
  return said;
}

// "dir" is an index into the neighbours the walker could take: said as the direction and the
// list it was drawn from ("dir = 2: south of north, east, south").
std::string draw_text(const Draw& d, const Step& s, const ParamValues&) {
  if (d.name != "dir" || s.event.kind != event_kind(Ev::Walk)) return "";
  const OverlayItem* choices = s.overlay.find(Role::Choices);
  if (!choices) return "";
  const Point step = kDirs[s.event.reason & kDirMask];
  const Point from{s.event.at.x - step.x, s.event.at.y - step.y};
  std::string list;
  for (const Point c : choices->cells) {
    for (std::size_t k = 0; k < kDirs.size(); ++k) {
      if (c.x - from.x != kDirs[k].x || c.y - from.y != kDirs[k].y) continue;
      if (!list.empty()) list += ", ";
      list += kDirNames[k];
    }
  }
  if (choices->cells.size() == 1) return "dir = 0: " + list + ", the only way";
  return "dir = " + std::to_string(d.value) + ": " +
         std::string(kDirNames[s.event.reason & kDirMask]) + " of " + list;
}

std::string outcome_text(std::int64_t outcome, const ParamValues& p) {
  switch (outcome) {
    case kReached:
      return "target reached";
    case kStepCap:
      return "stopped: max_steps (" + std::to_string(p.get("max_steps")) + ") taken";
    case kNothingLeft:
      return "stopped: every cell " + area_text(p) + " is floor";
  }
  return "walking";
}

std::vector<StatRow> stat_rows(std::span<const std::int64_t> v, const ParamValues& p) {
  const auto n = [](std::int64_t x) { return std::to_string(x); };
  const std::int64_t floor = v[kFloorCells];
  const double fraction = static_cast<double>(floor) / static_cast<double>(map_cells(p));
  const std::int64_t target = target_cells(p);
  return {
      {"walk_steps", "walk steps", n(v[kSteps]) + " of " + n(p.get("max_steps")), v[kSteps]},
      count_row("restarts", "restarts", v[kRestarts]),
      count_row("biased_steps", "biased steps", v[kBiasedSteps]),
      {"floor_fraction", "floor", percent_text(fraction) + " (" + cells_text(floor) + ")",
       fraction},
      {"target_cells", "target",
       cells_text(target) + " (" + n(p.get("target_percent")) + "% of " + n(map_cells(p)) + ")",
       target},
      {"target_reached", "target reached", v[kOutcome] == kReached ? "yes" : "no",
       std::int64_t{v[kOutcome] == kReached}},
      {"outcome", "outcome", outcome_text(v[kOutcome], p), v[kOutcome]},
  };
}

const Schema& schema() {
  static const Schema s{
      {
          width_param(80),
          height_param(45),
          {"walkers", ParamKind::Int, 1, kMaxWalkers, 1,
           "walkers starting together; they take turns, one step each"},
          {.name = "start",
           .kind = ParamKind::Choice,
           .min = kCentre,
           .max = kRandomCell,
           .def = kCentre,
           .help = "where the walkers start",
           .choices = {kCentre, kRandomCell},
           .choice_names = {"the centre", "a random cell"}},
          {"target_percent", ParamKind::Percent, 1, 100, 40,
           "stop when this share of the map's cells is floor"},
          {"restart_after", ParamKind::Int, 0, 1'000'000, 0,
           "a walker restarts on a random floor cell after this many steps (0: never)"},
          {"bias_percent", ParamKind::Percent, 0, 100, 0,
           "chance that a step goes onto a wall neighbour, when there is one"},
          {"border", ParamKind::Bool, 0, 1, 1, "keep the map's edge wall: walkers never enter it"},
          {"max_steps", ParamKind::Int, 1, kMaxStepsLimit, 1'000'000,
           "the most walk steps in all; the walk stops there, target reached or not"},
      },
  };
  return s;
}

struct Walker {
  Point at;
  std::int64_t walked = 0;  // steps since it started or restarted
  // Its latest cells, oldest first: a ring of kTrailCells, `trail_len` of them kept, the newest
  // at `trail_end - 1` (no allocation or shifting per step).
  std::array<Point, kTrailCells> trail{};
  std::size_t trail_end = 0;
  std::size_t trail_len = 0;
  void restart_trail(Point p) {
    trail[0] = p;
    trail_end = 1;
    trail_len = 1;
  }
  void extend_trail(Point p) {
    trail[trail_end % kTrailCells] = p;
    trail_end = trail_end % kTrailCells + 1;
    trail_len = std::min(trail_len + 1, kTrailCells);
  }
  void copy_trail(std::vector<Point>& out) const {
    out.clear();
    for (std::size_t k = 0; k < trail_len; ++k) {
      out.push_back(trail[(trail_end + kTrailCells - trail_len + k) % kTrailCells]);
    }
  }
};

StepGenerator drunkards_walk(StepContext& ctx, ParamValues p) {
  const int walker_count = p.get_int("walkers");
  const std::int64_t restart_after = p.get("restart_after");
  const int bias = p.get_int("bias_percent");
  const std::int64_t max_steps = p.get("max_steps");
  const std::int64_t target = target_cells(p);
  const std::int64_t enterable = area_cells(p);
  const Rect area = walk_area(p);
  const int map_w = p.get_int("width"), map_h = p.get_int("height");
  Canvas& canvas = ctx.canvas();
  StatSheet& stats = ctx.stats();
  std::vector<Point> floor_cells;  // in carving order: restarts draw from it
  const Grid& grid = ctx.grid();
  // Callers pass cells inside the walk area, so the unchecked read is safe (this is the hot loop:
  // a walk can take max_steps = 10^8 steps).
  const auto is_wall = [&](Point c) { return grid.tile(grid.index(c.x, c.y)) == Tile::Wall; };
  const auto carve = [&](Point c) {
    if (!is_wall(c)) return false;
    canvas.set_tile(c.x, c.y, Tile::Floor);
    floor_cells.push_back(c);
    stats.add(kFloorCells, 1);
    return true;
  };
  const auto floor_count = [&] { return static_cast<std::int64_t>(floor_cells.size()); };
  // Floor cells at which tenth k (1..9) of the target is reached.
  const auto mark = [&](int k) { return (k * target + 9) / 10; };

  const Step begin{.level = StepLevel::Phase, .line = kFillWall, .event = {.kind = kEventBegin}};
  co_yield begin;

  Point start{map_w / 2, map_h / 2};
  const auto start_at = static_cast<StartAt>(p.get("start"));
  if (start_at == kRandomCell) {
    start.x = ctx.draw_int("x", area.x, area.right() - 1);
    start.y = ctx.draw_int("y", area.y, area.bottom() - 1);
  }
  carve(start);
  ctx.layout().start = start;
  Walker first{.at = start};
  first.restart_trail(start);
  std::vector<Walker> walkers(static_cast<std::size_t>(walker_count), first);
  const Step placed{.level = StepLevel::Action,
                    .line = kPlace,
                    .event = {.kind = event_kind(Ev::Placed),
                              .reason = static_cast<std::uint8_t>(start_at),
                              .value = static_cast<int>(floor_count()),
                              .at = start},
                    .overlay = {{marker(Role::Walker, start), marker(Role::Cursor, start)}}};
  co_yield placed;

  int next_mark = 1;
  while (next_mark <= 9 && floor_count() >= mark(next_mark)) ++next_mark;
  std::int64_t steps = 0;
  int turn = 0;
  Outcome outcome = kReached;
  // One walk step, reused from step to step so that its items keep their storage (no allocation
  // per step): the trail, the cells the direction was drawn from, the walker, the cursor.
  Step walk{.level = StepLevel::Cell,
            .event = {.kind = event_kind(Ev::Walk)},
            .overlay = {{line(Role::Trail, {}), cells(Role::Choices, {}), marker(Role::Walker, {}),
                         marker(Role::Cursor, {})}}};
  std::vector<Point>& trail = walk.overlay.items[0].cells;
  std::vector<Point>& choices = walk.overlay.items[1].cells;
  trail.reserve(kTrailCells);
  choices.reserve(4);
  // Bounded: every pass takes one walk step, and steps stop at max_steps.
  while (floor_count() < target) {
    if (floor_count() == enterable || steps == max_steps) {
      outcome = floor_count() == enterable ? kNothingLeft : kStepCap;
      break;
    }
    Walker& w = walkers[static_cast<std::size_t>(turn)];
    if (restart_after > 0 && w.walked == restart_after) {
      const int drawn = ctx.draw_int("floor_cell", 0, static_cast<int>(floor_count()) - 1);
      w.at = floor_cells[static_cast<std::size_t>(drawn)];
      w.walked = 0;
      w.restart_trail(w.at);
      stats.add(kRestarts, 1);
      const Step restart{.level = StepLevel::Action,
                         .line = kRestart,
                         .event = {.kind = event_kind(Ev::Restart),
                                   .id = turn,
                                   .other = drawn,
                                   .value = static_cast<int>(floor_count()),
                                   .at = w.at},
                         .overlay = {{marker(Role::Walker, w.at), marker(Role::Cursor, w.at)}}};
      co_yield restart;
    }

    // The neighbours it may enter, and which of them are wall, in kDirs order.
    std::array<int, 4> open{}, walls{};
    int n_open = 0, n_walls = 0;
    for (int d = 0; d < 4; ++d) {
      const Point q{w.at.x + kDirs[d].x, w.at.y + kDirs[d].y};
      if (!area.contains(q)) continue;
      open[static_cast<std::size_t>(n_open++)] = d;
      if (is_wall(q)) walls[static_cast<std::size_t>(n_walls++)] = d;
    }
    const bool roll_won = ctx.draw_chance("bias", bias);
    const bool biased = roll_won && n_walls > 0;
    const int dir = biased ? walls[static_cast<std::size_t>(ctx.draw_int("dir", 0, n_walls - 1))]
                           : open[static_cast<std::size_t>(ctx.draw_int("dir", 0, n_open - 1))];
    // The cells the direction was drawn from, in kDirs order.
    const Point from = w.at;
    choices.clear();
    for (int k = 0; k < (biased ? n_walls : n_open); ++k) {
      const Point d = kDirs[static_cast<std::size_t>(biased ? walls[static_cast<std::size_t>(k)]
                                                            : open[static_cast<std::size_t>(k)])];
      choices.push_back({from.x + d.x, from.y + d.y});
    }
    w.at = {w.at.x + kDirs[static_cast<std::size_t>(dir)].x,
            w.at.y + kDirs[static_cast<std::size_t>(dir)].y};
    const bool carved = carve(w.at);
    ++w.walked;
    ++steps;
    stats.add(kSteps, 1);
    if (biased) stats.add(kBiasedSteps, 1);
    w.extend_trail(w.at);
    const auto flags =
        static_cast<std::uint8_t>(dir | (carved ? kCarved : 0) | (biased ? kBiased : 0) |
                                  (roll_won && !biased ? kNoWallNear : 0));
    walk.line = biased ? kBiasedStep : kStep;
    walk.event.reason = flags;
    walk.event.id = turn;
    walk.event.value = static_cast<int>(floor_count());
    walk.event.at = w.at;
    w.copy_trail(trail);
    walk.overlay.items[2].cells[0] = w.at;
    walk.overlay.items[3].cells[0] = w.at;
    co_yield walk;
    turn = (turn + 1) % walker_count;

    if (next_mark <= 9 && floor_count() >= mark(next_mark) && floor_count() < target) {
      while (next_mark <= 9 && floor_count() >= mark(next_mark)) ++next_mark;
      const Step checkpoint{.level = StepLevel::Feature,
                            .line = kWhile,
                            .event = {.kind = event_kind(Ev::Checkpoint),
                                      .id = next_mark - 1,
                                      .other = static_cast<int>(steps),
                                      .value = static_cast<int>(floor_count())}};
      co_yield checkpoint;
    }
  }
  stats.set(kOutcome, outcome);
  const Step done{.level = StepLevel::Phase,
                  .line = outcome == kReached ? kDone : kStopEarly,
                  .event = {.kind = kEventDone,
                            .reason = outcome,
                            .other = static_cast<int>(steps),
                            .value = static_cast<int>(floor_count())},
                  .last = true};
  co_yield done;
}

}  // namespace

const GeneratorSpec& drunkards_walk_spec() {
  static const GeneratorSpec spec{
      .name = "drunkards-walk",
      .summary = "walkers wander at random, carving every wall they step on (random-walk caves)",
      .schema = schema(),
      .narration = {.pseudocode = kPseudocode,
                    .words = words,
                    .caption = caption,
                    .draw_text = draw_text,
                    .stat_slots = kStatCount,
                    .stat_rows = stat_rows},
      .background = Tile::Wall,
      .body = drunkards_walk,
  };
  return spec;
}

}  // namespace dungen
