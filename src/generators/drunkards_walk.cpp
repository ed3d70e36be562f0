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
// each tenth of the target reached [feature]; the end [phase]. Each kind is built by its own
// factory beside the words that say it; the event kinds and their reasons are in
// drunkards_walk.hpp. The walk loop is the hot path (up to 10^8 steps): its step is one Step
// refilled in place (WalkStep) and each trail a fixed ring (recent_cells.hpp), so a walk step
// allocates nothing.

#include "generators/drunkards_walk.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "generators/map_promises.hpp"
#include "generators/recent_cells.hpp"

namespace dungen::drunkards_walk {
namespace {

// How many of a walker's latest cells the overlay draws behind it.
constexpr std::size_t kTrailCells = 8;
// The largest walker count: each walker is a few bytes, but more than this is one blob.
constexpr int kMaxWalkers = 100;
constexpr std::int64_t kMaxStepsLimit = 100'000'000;

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

// ---- Steps, kind by kind: how each is built, and how it is worded ------------------------------

Step begin_step() {
  return make_step(StepLevel::Phase, kFillWall, {.kind = kEventBegin});
}
std::string begin_words(const ParamValues& p) {
  std::string said = "the map is filled with wall (" + std::to_string(p.get("width")) + "x" +
                     std::to_string(p.get("height")) + "); the target is " +
                     cells_text(target_cells(p)) + " of floor";
  if (target_cells(p) > area_cells(p)) {
    said += ", more than the " + cells_text(area_cells(p)) + " " + area_text(p);
  }
  return said;
}

Step placed_step(Point start, StartAt where, std::int64_t floor) {
  return make_step(StepLevel::Action, kPlace,
                   {.kind = event_kind(Ev::Placed),
                    .reason = static_cast<std::uint8_t>(where),
                    .value = static_cast<int>(floor),
                    .at = start},
                   {{marker(Role::Walker, start), marker(Role::Cursor, start)}});
}
std::string placed_words(const Event& e, const ParamValues& p) {
  const std::int64_t n = p.get("walkers");
  return (n == 1 ? std::string("the walker starts at ")
                 : std::to_string(n) + " walkers start at ") +
         xy_text(e.at) + (e.reason == kCentre ? ", the centre" : ", a random cell") +
         ", carved to floor";
}

// A walker restarted on floor cell `drawn` (an index into the floor cells, in carving order).
Step restart_step(int walker, int drawn, std::int64_t floor, Point at) {
  return make_step(StepLevel::Action, kRestart,
                   {.kind = event_kind(Ev::Restart),
                    .id = walker,
                    .other = drawn,
                    .value = static_cast<int>(floor),
                    .at = at},
                   {{marker(Role::Walker, at), marker(Role::Cursor, at)}});
}
std::string restart_words(const Event& e, const ParamValues& p) {
  return walker_text(e.id, p) + " has walked " + std::to_string(p.get("restart_after")) +
         " steps: it restarts on floor cell index " + std::to_string(e.other) + " (0-based, of " +
         std::to_string(e.value) + " in carving order), " + xy_text(e.at);
}

// The walk step: one Step refilled for every walk step, so its overlay items (the trail, the
// cells the direction was drawn from, the walker, the cursor) keep their storage and a step
// allocates nothing. Its line says which way the step went: biased, or an ordinary step.
class WalkStep {
 public:
  WalkStep()
      : step_{.level = StepLevel::Cell,
              .event = {.kind = event_kind(Ev::Walk)},
              .overlay = {{line(Role::Trail, {}), cells(Role::Choices, {}),
                           marker(Role::Walker, {}), marker(Role::Cursor, {})}}} {
    step_.overlay.items[kTrail].cells.reserve(kTrailCells);
    step_.overlay.items[kChoices].cells.reserve(4);
  }
  // Walker `walker` stepped from `from` in direction `dir` (drawn from `dirs`, in kDirs order),
  // with these WalkFlag bits; `floor` cells are floor after it.
  const Step& refill(int walker, Point from, int dir, std::span<const int> dirs, std::uint8_t flags,
                     std::int64_t floor, const RecentCells<kTrailCells>& trail) {
    const Point at{from.x + kDirs[dir].x, from.y + kDirs[dir].y};
    step_.line = (flags & kBiased) != 0 ? kBiasedStep : kStep;
    step_.event.reason = flags;
    step_.event.id = walker;
    step_.event.other = dir;
    step_.event.value = static_cast<int>(floor);
    step_.event.at = at;
    trail.copy_to(step_.overlay.items[kTrail].cells);
    std::vector<Point>& choices = step_.overlay.items[kChoices].cells;
    choices.clear();
    for (const int d : dirs) choices.push_back({from.x + kDirs[d].x, from.y + kDirs[d].y});
    step_.overlay.items[kWalker].cells[0] = at;
    step_.overlay.items[kCursor].cells[0] = at;
    return step_;
  }

 private:
  enum Item : std::size_t { kTrail, kChoices, kWalker, kCursor };
  Step step_;
};
std::string walk_words(const Event& e, const ParamValues& p) {
  std::string said = walker_text(e.id, p);
  if ((e.reason & kBiased) != 0) said += " (biased toward wall)";
  if ((e.reason & kNoWallNear) != 0) said += " (bias roll won, but no neighbour is wall)";
  said += " steps " + std::string(kDirNames[e.other]) + " to " + xy_text(e.at);
  said += (e.reason & kCarved) != 0 ? " and carves it: " : ", already floor: ";
  return said + floor_text(e.value, p);
}
std::string walk_caption(const Event& e) {
  std::string said(kDirNames[e.other]);
  if ((e.reason & kBiased) != 0) said += " (bias)";
  if ((e.reason & kCarved) != 0) said += ": carve";
  return said;
}

Step checkpoint_step(int tenths, std::int64_t floor, std::int64_t steps) {
  return make_step(StepLevel::Feature, kWhile,
                   {.kind = event_kind(Ev::Checkpoint),
                    .id = tenths,
                    .other = static_cast<int>(steps),
                    .value = static_cast<int>(floor)});
}
std::string checkpoint_words(const Event& e, const ParamValues& p) {
  return std::to_string(e.id * 10) + "% of the target: " + floor_text(e.value, p) + " after " +
         std::to_string(e.other) + " walk steps; the walk goes on";
}

// The end: the done line when the target is reached, else the stop-early line.
Step done_step(Outcome outcome, std::int64_t steps, std::int64_t floor) {
  Step s = make_step(StepLevel::Phase, outcome == kReached ? kDone : kStopEarly,
                     {.kind = kEventDone,
                      .reason = outcome,
                      .other = static_cast<int>(steps),
                      .value = static_cast<int>(floor)});
  s.last = true;
  return s;
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
    case kEventBegin:
      return begin_words(p);
    case kEventDone:
      return done_words(e, p);
    case event_kind(Ev::Placed):
      return placed_words(e, p);
    case event_kind(Ev::Restart):
      return restart_words(e, p);
    case event_kind(Ev::Walk):
      return walk_words(e, p);
    case event_kind(Ev::Checkpoint):
      return checkpoint_words(e, p);
  }
  return "?";
}

std::string caption(const Step& s, const ParamValues&) {
  return s.event.kind == event_kind(Ev::Walk) ? walk_caption(s.event) : "";
}

// "dir" is an index into the neighbours the walker could take: said as the direction and the
// list it was drawn from ("dir = 2: south of north, east, south").
std::string draw_text(const Draw& d, const Step& s, const ParamValues&) {
  if (d.name != "dir" || s.event.kind != event_kind(Ev::Walk)) return "";
  const OverlayItem* choices = s.overlay.find(Role::Choices);
  if (!choices) return "";
  const Point step = kDirs[s.event.other];
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
  return "dir = " + std::to_string(d.value) + ": " + std::string(kDirNames[s.event.other]) +
         " of " + list;
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

// Predict mode: before a walker's step is shown, which way it goes. Each neighbour is a choice
// clicked on the map; the bias roll is part of what the class predicts, so the cells the
// direction will be drawn from are not shown.
std::optional<Question> question(const Step& s, const QuestionContext& c) {
  const Event& e = s.event;
  if (e.kind != event_kind(Ev::Walk)) return std::nullopt;
  const Point d = kDirs[static_cast<std::size_t>(e.other)];
  const Point from{e.at.x - d.x, e.at.y - d.y};
  Question q{
      .line = s.line,
      .prompt =
          "Walker " + number_text(e.id) + " at " + xy_text(from) + ": which way will it step?" +
          (c.params.get("bias_percent") > 0 ? " (with bias_percent % it heads for a wall neighbour)"
                                            : ""),
      .answer = e.other,
      .focus = {{marker(Role::Walker, from)}}};
  for (std::size_t k = 0; k < kDirs.size(); ++k) {
    q.choices.push_back(
        {std::string(kDirNames[k]), {{from.x + kDirs[k].x, from.y + kDirs[k].y, 1, 1}}});
  }
  return q;
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

// ---- The algorithm ----------------------------------------------------------------------------

struct Settings {
  int walkers, bias;
  std::int64_t restart_after, max_steps, target, enterable;
  Rect area;
};

struct Walker {
  Point at;
  std::int64_t walked = 0;  // steps since it started or restarted
  RecentCells<kTrailCells> trail;
};

// The cave so far: the grid, and its floor cells in carving order (restarts draw from them).
class Cave {
 public:
  explicit Cave(StepContext& ctx) : ctx_(ctx), grid_(ctx.grid()) {}
  // Callers pass cells inside the walk area, so the unchecked read is safe.
  bool is_wall(Point c) const { return grid_.tile(grid_.index(c.x, c.y)) == Tile::Wall; }
  // Carves c to floor if it is wall; returns whether it was.
  bool carve(Point c) {
    if (!is_wall(c)) return false;
    ctx_.canvas().set_tile(c.x, c.y, Tile::Floor);
    floor_cells_.push_back(c);
    ctx_.stats().add(kFloorCells, 1);
    return true;
  }
  std::int64_t floor() const { return static_cast<std::int64_t>(floor_cells_.size()); }
  Point floor_cell(int k) const { return floor_cells_[static_cast<std::size_t>(k)]; }

 private:
  StepContext& ctx_;
  const Grid& grid_;
  std::vector<Point> floor_cells_;
};

// The directions a walker at `at` may step in (inside the area), and those onto a wall, both in
// kDirs order.
struct Neighbours {
  std::array<int, 4> open{}, walls{};
  int n_open = 0, n_walls = 0;
};
Neighbours neighbours(const Cave& cave, const Rect& area, Point at) {
  Neighbours nb;
  for (int d = 0; d < 4; ++d) {
    const Point q{at.x + kDirs[d].x, at.y + kDirs[d].y};
    if (!area.contains(q)) continue;
    nb.open[static_cast<std::size_t>(nb.n_open++)] = d;
    if (cave.is_wall(q)) nb.walls[static_cast<std::size_t>(nb.n_walls++)] = d;
  }
  return nb;
}

// The bias roll, then a direction drawn from the wall neighbours (the roll won and there is
// one) or from every open one: the direction, the list it came from, and the WalkFlag bits.
struct Choice {
  int dir;
  std::span<const int> from;
  std::uint8_t flags;
};
Choice choose_direction(StepContext& ctx, const Neighbours& nb, int bias) {
  const bool roll_won = ctx.draw_chance("bias", bias);
  if (roll_won && nb.n_walls > 0) {
    const std::span<const int> walls(nb.walls.data(), static_cast<std::size_t>(nb.n_walls));
    return {walls[static_cast<std::size_t>(ctx.draw_int("dir", 0, nb.n_walls - 1))], walls,
            kBiased};
  }
  const std::span<const int> open(nb.open.data(), static_cast<std::size_t>(nb.n_open));
  return {open[static_cast<std::size_t>(ctx.draw_int("dir", 0, nb.n_open - 1))], open,
          roll_won ? std::uint8_t{kNoWallNear} : std::uint8_t{0}};
}

// The tenths of the target (1..9) the floor has passed, for the checkpoint steps.
struct Tenths {
  std::int64_t target;
  int next = 1;
  // Floor cells at which tenth k is reached.
  std::int64_t mark(int k) const { return (k * target + 9) / 10; }
  // Moves past every tenth `floor` has reached; returns whether it passed any.
  bool pass(std::int64_t floor) {
    const int before = next;
    while (next <= 9 && floor >= mark(next)) ++next;
    return next != before;
  }
};

// The walk: walkers take turns, one step each, until the target is reached or the walk must
// stop early (`outcome` says which). Bounded: every pass takes one walk step, and steps stop at
// max_steps.
StepGenerator walk(StepContext& ctx, Settings s, Cave& cave, std::vector<Walker>& walkers,
                   Outcome& outcome, std::int64_t& steps) {
  StatSheet& stats = ctx.stats();
  WalkStep walk_step;
  Tenths tenths{s.target};
  tenths.pass(cave.floor());
  int turn = 0;
  outcome = kReached;
  while (cave.floor() < s.target) {
    if (cave.floor() == s.enterable || steps == s.max_steps) {
      outcome = cave.floor() == s.enterable ? kNothingLeft : kStepCap;
      co_return;
    }
    Walker& w = walkers[static_cast<std::size_t>(turn)];
    if (s.restart_after > 0 && w.walked == s.restart_after) {
      const int drawn = ctx.draw_int("floor_cell", 0, static_cast<int>(cave.floor()) - 1);
      w = {.at = cave.floor_cell(drawn)};
      w.trail.restart(w.at);
      stats.add(kRestarts, 1);
      co_yield restart_step(turn, drawn, cave.floor(), w.at);
    }

    const Neighbours nb = neighbours(cave, s.area, w.at);
    const Choice c = choose_direction(ctx, nb, s.bias);  // c.from points into nb
    const Point from = w.at;
    w.at = {from.x + kDirs[c.dir].x, from.y + kDirs[c.dir].y};
    const bool carved = cave.carve(w.at);
    ++w.walked;
    ++steps;
    stats.add(kSteps, 1);
    if ((c.flags & kBiased) != 0) stats.add(kBiasedSteps, 1);
    w.trail.push(w.at);
    const auto flags = static_cast<std::uint8_t>(c.flags | (carved ? kCarved : 0));
    co_yield walk_step.refill(turn, from, c.dir, c.from, flags, cave.floor(), w.trail);
    turn = (turn + 1) % s.walkers;

    if (cave.floor() < s.target && tenths.pass(cave.floor())) {
      co_yield checkpoint_step(tenths.next - 1, cave.floor(), steps);
    }
  }
}

StepGenerator body(StepContext& ctx, ParamValues p) {
  const Settings s{p.get_int("walkers"), p.get_int("bias_percent"), p.get("restart_after"),
                   p.get("max_steps"),   target_cells(p),           area_cells(p),
                   walk_area(p)};
  Cave cave(ctx);
  co_yield begin_step();

  Point start{p.get_int("width") / 2, p.get_int("height") / 2};
  const auto start_at = static_cast<StartAt>(p.get("start"));
  if (start_at == kRandomCell) {
    start.x = ctx.draw_int("x", s.area.x, s.area.right() - 1);
    start.y = ctx.draw_int("y", s.area.y, s.area.bottom() - 1);
  }
  cave.carve(start);
  ctx.layout().start = start;
  Walker first{.at = start};
  first.trail.restart(start);
  std::vector<Walker> walkers(static_cast<std::size_t>(s.walkers), first);
  co_yield placed_step(start, start_at, cave.floor());

  Outcome outcome = kWalking;
  std::int64_t steps = 0;
  co_yield walk(ctx, s, cave, walkers, outcome, steps);
  ctx.stats().set(kOutcome, outcome);
  co_yield done_step(outcome, steps, cave.floor());
}

// What every finished map promises (the random sweep checks it).
void promises(MapPromises& map) {
  map.only_tiles({Tile::Wall, Tile::Floor});
  map.one_walkable_region();  // each carve is next to floor carved before
  const auto floor = static_cast<std::int64_t>(map.grid().count_walkable());
  const std::int64_t outcome = map.stat("outcome");
  if (map.stat("target_reached") == 1) {
    map.expect(floor >= map.stat("target_cells"), "a reached target is that much floor");
  } else {
    map.expect(outcome == kStepCap || outcome == kNothingLeft,
               "a target not reached says why: max_steps, or nothing left to carve");
  }
  map.expect(map.stat("walk_steps") <= map.param("max_steps"), "at most max_steps walk steps");
}

}  // namespace
}  // namespace dungen::drunkards_walk

namespace dungen {

const GeneratorSpec& drunkards_walk_spec() {
  static const GeneratorSpec spec{
      .name = "drunkards-walk",
      .summary = "walkers wander at random, carving every wall they step on (random-walk caves)",
      .schema = drunkards_walk::schema(),
      .narration = {.pseudocode = drunkards_walk::kPseudocode,
                    .words = drunkards_walk::words,
                    .caption = drunkards_walk::caption,
                    .draw_text = drunkards_walk::draw_text,
                    .question = drunkards_walk::question,
                    .stat_slots = drunkards_walk::kStatCount,
                    .stat_rows = drunkards_walk::stat_rows},
      .background = Tile::Wall,
      .body = drunkards_walk::body,
      .line_settings = {{"--restart-after", "40", "--bias-percent", "50"}, {"--max-steps", "50"}},
      .promises = drunkards_walk::promises,
      .worst_case =
          "max_steps walk steps (10^8 at most), each O(1): a few neighbours read, one "
          "cell carved, a trail of 8 cells copied; + C cells filled",
      .bounded_by =
          "max_steps (the schema caps it at 10^8), and the walk stops once every cell "
          "a walker may enter is floor",
      .range_x = "critical_path",
      .range_y = "chokepoints",
  };
  return spec;
}

}  // namespace dungen
