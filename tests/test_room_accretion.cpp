#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/timeline.hpp"
#include "generator_kit.hpp"
#include "generators/free_cells.hpp"
#include "generators/room_accretion.hpp"

using namespace dungen;
using namespace dungen::room_accretion;

namespace {

const GeneratorSpec& spec() {
  return room_accretion_spec();
}

ParamValues params(std::initializer_list<std::pair<std::string_view, std::int64_t>> values) {
  return test_support::params_for(spec(), values);
}

bool is(const Step& s, Ev kind) {
  return s.event.kind == event_kind(kind);
}

// The pseudocode line each kind of step must light, and its level: written from the issue, not
// read from the generator.
struct Expected {
  EventKind kind;
  int line;
  StepLevel level;
};
constexpr Expected kLines[] = {
    {kEventBegin, 0, StepLevel::Phase},  // put every cell in the bank
    {event_kind(Ev::FirstStart), 1, StepLevel::Cell},
    {event_kind(Ev::RoomBegun), 2, StepLevel::Cell},  // while the bank is not empty
    {event_kind(Ev::SizeDrawn), 3, StepLevel::Cell},
    {event_kind(Ev::StartTaken), 4, StepLevel::Cell},
    {event_kind(Ev::Grown), 5, StepLevel::Cell},
    {event_kind(Ev::Jumped), 6, StepLevel::Cell},
    {event_kind(Ev::BoxedIn), 7, StepLevel::Cell},
    {event_kind(Ev::RoomAdded), 8, StepLevel::Feature},
    {event_kind(Ev::Merged), 9, StepLevel::Feature},
    {event_kind(Ev::NextStart), 10, StepLevel::Cell},
    {kEventDone, 11, StepLevel::Phase},
};
const Expected* expected_for(EventKind kind) {
  for (const Expected& e : kLines) {
    if (e.kind == kind) return &e;
  }
  return nullptr;
}

// What the steps say about each room, kept as the dungeon stands (a merge removes the room).
struct Room {
  int drawn = 0;       // its size
  int own = 0;         // cells it took itself
  int cells = 0;       // with the rooms merged into it
  int pieces = 1;      // 1 + its jumps
  bool boxed = false;  // boxed in while growing
};
struct Tally {
  std::vector<Room> rooms;
  Room growing;
  int merges = 0;
  void see(const Step& s) {
    const Event& e = s.event;
    if (is(s, Ev::SizeDrawn)) growing = {e.value, 0, 0, 1, false};
    if (is(s, Ev::StartTaken) || is(s, Ev::Grown) || is(s, Ev::Jumped)) ++growing.own;
    if (is(s, Ev::Jumped)) ++growing.pieces;
    if (is(s, Ev::RoomAdded)) {
      growing.cells = growing.own;
      growing.boxed = growing.pieces > 1 || growing.own < growing.drawn;
      rooms.push_back(growing);
    }
    if (is(s, Ev::Merged)) {
      rooms[static_cast<std::size_t>(e.other)].cells += rooms.back().cells;
      rooms.pop_back();
      ++merges;
    }
  }
};

struct Result {
  Grid grid;
  Layout layout;
  Tally tally;
  std::vector<std::int64_t> stats;
};

Result run(const ParamValues& p, std::uint64_t seed) {
  Stepper s = start_generator(spec(), p, seed, false);
  Result r;
  while (const Step* step = s.next()) r.tally.see(*step);
  r.grid = s.grid();
  r.layout = s.layout();
  r.stats.assign(s.stats().begin(), s.stats().end());
  return r;
}

// The 4-connected pieces of every label and each label's cell count and bounding box.
struct MapRooms {
  std::vector<int> cells;
  std::vector<int> pieces;
  std::vector<Rect> bounds;
};
MapRooms map_rooms(const Grid& g) {
  MapRooms m;
  std::vector<char> seen(g.size(), 0);
  std::vector<std::size_t> stack;
  std::vector<std::array<int, 4>> box;  // x0, y0, x1, y1
  for (std::size_t i = 0; i < g.size(); ++i) {
    const auto label = static_cast<std::size_t>(g.label(i));
    if (label >= m.cells.size()) {
      m.cells.resize(label + 1, 0);
      m.pieces.resize(label + 1, 0);
      box.resize(label + 1, {INT32_MAX, INT32_MAX, -1, -1});
    }
    const Point c = g.point(i);
    std::array<int, 4>& b = box[label];
    b = {std::min(b[0], c.x), std::min(b[1], c.y), std::max(b[2], c.x), std::max(b[3], c.y)};
    ++m.cells[label];
    if (seen[i]) continue;
    ++m.pieces[label];  // a flood fill over this label from here marks the whole piece
    stack.assign(1, i);
    seen[i] = 1;
    while (!stack.empty()) {
      const Point q = g.point(stack.back());
      stack.pop_back();
      for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
        const Point n{q.x + d.x, q.y + d.y};
        if (!g.in_bounds(n)) continue;
        const std::size_t j = g.index(n.x, n.y);
        if (seen[j] || g.label(j) != g.label(i)) continue;
        seen[j] = 1;
        stack.push_back(j);
      }
    }
  }
  for (const auto& b : box) m.bounds.push_back({b[0], b[1], b[2] - b[0] + 1, b[3] - b[1] + 1});
  return m;
}

// The map tiles the whole grid with rooms that agree with the layout and the steps; returns the
// rooms as the map has them.
MapRooms check_tiling(const Result& r) {
  const Grid& g = r.grid;
  for (std::size_t i = 0; i < g.size(); ++i) {
    // A plain check per cell: gtest macros per cell would dominate under ASan.
    if (g.tile(i) != Tile::Floor || g.label(i) < 0) {
      ADD_FAILURE() << "cell " << i << ": tile " << tile_name(g.tile(i)) << ", label "
                    << g.label(i);
      return {};
    }
  }
  MapRooms m = map_rooms(g);
  const std::size_t n = r.tally.rooms.size();
  EXPECT_EQ(m.cells.size(), n);
  EXPECT_EQ(r.layout.rooms.size(), n);
  if (m.cells.size() != n || r.layout.rooms.size() != n) return {};
  for (std::size_t k = 0; k < n; ++k) {
    const Layout::Room& lr = r.layout.rooms[k];
    EXPECT_EQ(lr.id, static_cast<int>(k));
    EXPECT_FALSE(lr.rectangular);
    EXPECT_EQ(lr.cells, m.cells[k]) << "room " << k;
    EXPECT_EQ(r.tally.rooms[k].cells, m.cells[k]) << "room " << k;
    EXPECT_EQ(lr.bounds, m.bounds[k]) << "room " << k;
  }
  EXPECT_TRUE(r.layout.start.has_value());
  if (r.layout.start) {
    EXPECT_EQ(g.label_at(r.layout.start->x, r.layout.start->y), 0);
  }
  return m;
}

void check_mode(const ParamValues& p, std::uint64_t seed) {
  SCOPED_TRACE("seed " + std::to_string(seed) + ", boxed_in " + std::to_string(p.get("boxed_in")));
  const Result r = run(p, seed);
  const MapRooms m = check_tiling(r);
  if (m.cells.empty()) return;
  const int min_size = p.get_int("room_min_size");
  const std::size_t n = m.cells.size();
  for (std::size_t k = 0; k < n; ++k) {
    const Room& room = r.tally.rooms[k];
    const bool last = k + 1 == n;
    EXPECT_GE(room.drawn, min_size);
    EXPECT_LE(room.drawn, p.get_int("room_max_size"));
    EXPECT_EQ(m.pieces[k], room.pieces) << "room " << k;
    switch (p.get("boxed_in")) {
      case 0:  // ends early when boxed in (smaller than drawn), always in one piece
        EXPECT_LE(m.cells[k], room.drawn) << "room " << k;
        EXPECT_EQ(m.pieces[k], 1) << "room " << k;
        break;
      case 1:  // reaches its size, in pieces if need be; only the last can run out of cells
        if (!last) {
          EXPECT_EQ(m.cells[k], room.drawn) << "room " << k;
        }
        break;
      case 2:  // nothing under room_min_size stays (the issue allows the last; none does)
        EXPECT_GE(m.cells[k], min_size) << "room " << k << (last ? " (the last)" : "");
        EXPECT_EQ(m.pieces[k], 1) << "room " << k;
        break;
    }
  }
}

void check_seeds(const ParamValues& p, int seeds) {
  for (int s = 1; s <= seeds; ++s) {
    check_mode(p, static_cast<std::uint64_t>(s));
    if (::testing::Test::HasFailure()) return;
  }
}

ParamValues with_mode(ParamValues p, int mode) {
  EXPECT_EQ(p.set("boxed_in", mode), std::nullopt);
  return p;
}

// The parameter sets every mode is checked with.
std::vector<ParamValues> cases() {
  return {
      spec().schema.defaults(),
      params({{"width", 16}, {"height", 12}, {"room_min_size", 1}, {"room_max_size", 4}}),
      params({{"width", 20}, {"height", 15}, {"room_min_size", 30}, {"room_max_size", 30}}),
      params({{"width", 4}, {"height", 200}, {"room_min_size", 1}, {"room_max_size", 500}}),
  };
}

// The stats rows by key.
std::map<std::string, StatRow> rows_of(std::span<const std::int64_t> stats, const ParamValues& p) {
  std::map<std::string, StatRow> rows;
  for (StatRow& row : spec().narration.stat_rows(stats, p)) rows[row.key] = row;
  return rows;
}
std::int64_t count_of(const StatRow& row) {
  return std::get<std::int64_t>(row.value);
}

// The histogram's text, "1-49: 3 · 50-83: 10 · ... · 151+: 0", as (first, last, count); the last
// bin "151+" has last = INT64_MAX.
struct Bin {
  std::int64_t first, last, count;
};
std::vector<Bin> parse_bins(const std::string& text) {
  std::vector<Bin> bins;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(" \u00b7 ", at);
    if (end == std::string::npos) end = text.size();
    const std::string piece = text.substr(at, end - at);
    Bin b{};
    std::size_t used = 0;
    b.first = std::stoll(piece, &used);
    b.last = b.first;
    if (piece[used] == '-') {
      std::size_t more = 0;
      b.last = std::stoll(piece.substr(used + 1), &more);
      used += 1 + more;
    } else if (piece[used] == '+') {
      b.last = INT64_MAX;
      ++used;
    }
    EXPECT_EQ(piece.substr(used, 2), ": ") << text;
    b.count = std::stoll(piece.substr(used + 2));
    bins.push_back(b);
    at = end == text.size() ? end : end + std::string(" \u00b7 ").size();
  }
  return bins;
}

// The stats rows against counts of the rooms as the steps built them (the tally, checked against
// the map elsewhere).
void check_stats(std::span<const std::int64_t> stats, const Tally& tally, const ParamValues& p) {
  auto rows = rows_of(stats, p);
  ASSERT_EQ(rows.size(), 4u);
  const std::int64_t min_size = p.get("room_min_size");
  std::int64_t boxed = 0, under = 0;
  for (const Room& room : tally.rooms) {
    boxed += room.boxed;
    under += room.cells < min_size;
  }
  EXPECT_EQ(count_of(rows["rooms"]), static_cast<std::int64_t>(tally.rooms.size()));
  EXPECT_EQ(rows["rooms"].text, std::to_string(tally.rooms.size()));
  EXPECT_EQ(count_of(rows["boxed_in_rooms"]), boxed);
  EXPECT_EQ(count_of(rows["rooms_under_min_size"]), under);

  // The histogram's bins cover every size from 1 up without a gap, split at room_min_size and
  // after room_max_size, and each count is the number of rooms of a size in its range.
  const StatRow& hist = rows["size_histogram"];
  const auto& list = std::get<std::vector<std::int64_t>>(hist.value);
  ASSERT_EQ(list.size(), 5u);
  std::int64_t listed = 0;
  for (const std::int64_t c : list) listed += c;
  EXPECT_EQ(listed, static_cast<std::int64_t>(tally.rooms.size()));
  EXPECT_EQ(list[0], under);
  const std::vector<Bin> bins = parse_bins(hist.text);
  ASSERT_FALSE(bins.empty()) << hist.text;
  EXPECT_EQ(bins.front().first, 1) << hist.text;
  std::int64_t shown = 0;
  for (std::size_t k = 0; k < bins.size(); ++k) {
    const Bin& b = bins[k];
    if (k > 0) {
      EXPECT_EQ(b.first, bins[k - 1].last + 1) << hist.text;
    }
    if (b.first <= min_size && min_size <= b.last) {
      EXPECT_EQ(b.first, min_size) << hist.text;
    }
    std::int64_t in_range = 0;
    for (const Room& room : tally.rooms) in_range += room.cells >= b.first && room.cells <= b.last;
    EXPECT_EQ(b.count, in_range) << hist.text;
    shown += b.count;
  }
  EXPECT_EQ(shown, static_cast<std::int64_t>(tally.rooms.size())) << hist.text;
  if (bins.back().last != INT64_MAX) {
    EXPECT_EQ(bins.back().last, p.get("room_max_size"));
  }
}

using test_support::cli;

}  // namespace

TEST(RoomAccretion, EveryModeTilesTheMap) {
  for (const ParamValues& p : cases()) {
    for (int mode : {0, 1, 2}) {
      check_seeds(with_mode(p, mode), 60);
      if (HasFailure()) return;
    }
  }
}

TEST(RoomAccretion, DefaultsOverManySeeds) {
  check_seeds(spec().schema.defaults(), 100);
}

TEST(RoomAccretion, SingleCellRooms) {
  check_seeds(params({{"width", 16}, {"height", 12}, {"room_min_size", 1}, {"room_max_size", 1}}),
              100);
  const Result r = run(params({{"room_min_size", 1}, {"room_max_size", 1}}), 3);
  EXPECT_EQ(r.tally.rooms.size(), 64u * 56u);
}

TEST(RoomAccretion, OneRoomFillsTheMap) {
  for (int mode : {0, 1, 2}) {
    const Result r =
        run(params({{"room_min_size", 3584}, {"room_max_size", 3584}, {"boxed_in", mode}}), 5);
    ASSERT_EQ(r.tally.rooms.size(), 1u);
    EXPECT_FALSE(r.tally.rooms[0].boxed);
    EXPECT_EQ(r.tally.rooms[0].cells, 64 * 56);
  }
}

TEST(RoomAccretion, DefaultModeMakesTheMapsItMadeBefore) {
  // FNV-1a over every cell's label, then each layout room's id, cells and bounds, then the start,
  // from the implementation before boxed_in existed (commit d1711dc).
  struct Case {
    int w, h, min, max;
    std::uint64_t seed, hash;
  };
  const Case cases[] = {
      {64, 56, 50, 150, 1, 0x7d01b02f67ae67bfull},    {64, 56, 50, 150, 2, 0xe7a45aa85915c5c6ull},
      {64, 56, 50, 150, 3, 0x92871595808a8968ull},    {64, 56, 50, 150, 77, 0xe5e7c705ca94893dull},
      {64, 56, 50, 150, 1000, 0x6b0cac8f0262f9cdull}, {16, 12, 1, 4, 5, 0xcd6a7a640534cafbull},
      {40, 30, 10, 20, 9, 0x5cbead7bf20d1cbfull},     {4, 200, 1, 500, 3, 0x3f175cf64f68e4e7ull},
      {300, 200, 50, 2000, 6, 0x0b7b70175ce1e8fcull},
  };
  for (const Case& c : cases) {
    const Result r = run(
        params(
            {{"width", c.w}, {"height", c.h}, {"room_min_size", c.min}, {"room_max_size", c.max}}),
        c.seed);
    std::uint64_t x = 1469598103934665603ull;
    const auto mix = [&](std::int64_t v) {
      for (int i = 0; i < 8; ++i) {
        x ^= (static_cast<std::uint64_t>(v) >> (8 * i)) & 0xff;
        x *= 1099511628211ull;
      }
    };
    for (std::size_t i = 0; i < r.grid.size(); ++i) mix(r.grid.label(i));
    for (const Layout::Room& room : r.layout.rooms) {
      for (int v :
           {room.id, room.cells, room.bounds.x, room.bounds.y, room.bounds.w, room.bounds.h}) {
        mix(v);
      }
    }
    mix(r.layout.start->x);
    mix(r.layout.start->y);
    EXPECT_EQ(x, c.hash) << c.w << "x" << c.h << " " << c.min << ".." << c.max << " seed "
                         << c.seed;
  }
}

TEST(RoomAccretion, BoxedInRoomsAreTheHolesLeftBehind) {
  // Random growth leaves holes that later become small boxed-in rooms; most of the map still
  // goes to rooms that reached the size they drew.
  long boxed_cells = 0, full_cells = 0, boxed = 0, total = 0;
  for (std::uint64_t s = 1; s <= 50; ++s) {
    for (const Room& room : run(spec().schema.defaults(), s).tally.rooms) {
      ++total;
      boxed += room.boxed;
      (room.boxed ? boxed_cells : full_cells) += room.cells;
    }
  }
  EXPECT_GT(boxed, 0);
  EXPECT_LT(boxed, total);
  EXPECT_GT(full_cells, 2 * boxed_cells);
}

// The size parameters' help, held to the maps: room_min_size and room_max_size are what a room
// aims for, and per boxed_in mode the help says which rooms can end outside them. Each claim of
// the help is checked over 250 seeds of the defaults: the bounds that must hold on every map, and
// that the ones it says can be crossed are crossed on some map (so the help is not a warning
// about something that never happens).
TEST(RoomAccretion, SizeHelpSaysWhatEachModeDoesOverManySeeds) {
  const auto help_of = [](std::string_view name) -> std::string {
    for (const ParamDef& d : spec().schema.params) {
      if (d.name == name) return std::string(d.help);
    }
    return "";
  };
  const std::string min_help = help_of("room_min_size");
  const std::string max_help = help_of("room_max_size");
  for (const char* mode : {"boxed_in 0", "with 1", "with 2"}) {
    EXPECT_NE(min_help.find(mode), std::string::npos) << min_help;
  }
  EXPECT_NE(max_help.find("boxed_in 0 and 1"), std::string::npos) << max_help;
  EXPECT_NE(max_help.find("with 2"), std::string::npos) << max_help;

  constexpr std::uint64_t kSeeds = 250;
  const ParamValues base = spec().schema.defaults();
  const int min_size = base.get_int("room_min_size");
  const int max_size = base.get_int("room_max_size");
  for (int mode : {0, 1, 2}) {
    SCOPED_TRACE("boxed_in " + std::to_string(mode));
    const ParamValues p = with_mode(base, mode);
    int under = 0, one_cell = 0, under_not_last = 0, over = 0, rooms = 0;
    for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
      const std::vector<int> cells = map_rooms(run(p, seed).grid).cells;
      ASSERT_FALSE(cells.empty());
      for (std::size_t k = 0; k < cells.size(); ++k) {
        ++rooms;
        under += cells[k] < min_size;
        one_cell += cells[k] == 1;
        under_not_last += cells[k] < min_size && k + 1 < cells.size();
        over += cells[k] > max_size;
      }
    }
    switch (mode) {
      case 0:  // any room boxed in early ends smaller, even at one cell; none ends larger
        EXPECT_GT(under_not_last, 0);
        EXPECT_GT(one_cell, 0);
        EXPECT_EQ(over, 0);
        break;
      case 1:  // only the last room can end smaller; none ends larger
        EXPECT_EQ(under_not_last, 0);
        EXPECT_GT(under, 0);
        EXPECT_EQ(over, 0);
        break;
      case 2:  // none ends smaller; a room small ones were merged into can end larger
        EXPECT_EQ(under, 0);
        EXPECT_GT(over, 0);
        break;
    }
    std::cout << "boxed_in " << mode << ", " << kSeeds << " seeds: " << rooms << " rooms, " << under
              << " under room_min_size (" << one_cell << " of one cell), " << over
              << " over room_max_size\n";
  }
}

TEST(RoomAccretion, ContinueElsewhereMakesRoomsInPieces) {
  const ParamValues p = params({{"boxed_in", 1}});
  int split = 0, short_last = 0;
  for (std::uint64_t s = 1; s <= 40; ++s) {
    const Result r = run(p, s);
    const MapRooms m = check_tiling(r);
    ASSERT_FALSE(m.cells.empty());
    for (std::size_t k = 0; k < m.cells.size(); ++k) {
      split += m.pieces[k] > 1;
      if (k + 1 < m.cells.size()) {
        EXPECT_EQ(m.cells[k], r.tally.rooms[k].drawn) << "seed " << s << " room " << k;
      }
    }
    short_last += m.cells.back() < r.tally.rooms.back().drawn;
  }
  EXPECT_GT(split, 0);       // some rooms went on in another piece
  EXPECT_GT(short_last, 0);  // and the last room usually runs out of cells
}

TEST(RoomAccretion, MergeLeavesNoSmallRoomAndKeepsTheTiles) {
  // boxed_in 2 draws as boxed_in 0 does: the same cells, with small boxed-in rooms given to a
  // neighbour, so every room of mode 0 lies inside one room of mode 2.
  int merges = 0;
  for (const ParamValues& base : cases()) {
    for (std::uint64_t s = 1; s <= 30; ++s) {
      const Result ended = run(with_mode(base, 0), s);
      const Result merged = run(with_mode(base, 2), s);
      ASSERT_EQ(ended.grid.tiles(), merged.grid.tiles());
      std::vector<int> into(ended.tally.rooms.size(), -1);
      for (std::size_t i = 0; i < ended.grid.size(); ++i) {
        int& to = into[static_cast<std::size_t>(ended.grid.label(i))];
        if (to < 0) to = merged.grid.label(i);
        if (to != merged.grid.label(i)) FAIL() << "seed " << s << ": a room was split";
      }
      for (const Layout::Room& room : merged.layout.rooms) {
        EXPECT_GE(room.cells, base.get("room_min_size")) << "seed " << s << " room " << room.id;
      }
      EXPECT_EQ(merged.tally.rooms.size() + static_cast<std::size_t>(merged.tally.merges),
                ended.tally.rooms.size());
      merges += merged.tally.merges;
    }
  }
  EXPECT_GT(merges, 10);
}

TEST(RoomAccretion, MergeJoinsTheRoomItTouchesMost) {
  Stepper s = start_generator(spec(), params({{"boxed_in", 2}}), 4, true);
  int merges = 0;
  std::vector<std::uint32_t> cells;  // the last room's cells, from the cell steps
  while (const Step* step = s.next()) {
    if (is(*step, Ev::StartTaken)) cells.clear();
    if (is(*step, Ev::StartTaken) || is(*step, Ev::Grown)) cells.push_back(s.changes()[0].index);
    if (!is(*step, Ev::Merged)) continue;
    ++merges;
    const Event& e = step->event;
    const Grid& g = s.grid();
    // The room's cells now carry the label of the room it joined, which had the most shared
    // edges (ties: lowest id) before.
    ASSERT_EQ(s.changes().size(), cells.size());
    std::map<int, int> shared;
    for (const std::uint32_t i : cells) {
      EXPECT_EQ(g.label(i), e.other);
      const Point c = g.point(i);
      for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
        const Point q{c.x + d.x, c.y + d.y};
        if (!g.in_bounds(q)) continue;
        const std::size_t j = g.index(q.x, q.y);
        if (std::find(cells.begin(), cells.end(), j) == cells.end()) ++shared[g.label(j)];
      }
    }
    int best = -1;
    for (const auto& [room, edges] : shared) {
      if (best < 0 || edges > shared[best]) best = room;
    }
    EXPECT_EQ(e.other, best);
    EXPECT_EQ(e.value, shared[best]);
    EXPECT_EQ(static_cast<int>(s.layout().rooms.size()), e.id);  // its id is free again
    EXPECT_FALSE(step->overlay.has(Role::Accepted) || step->overlay.has(Role::Rejected));
    EXPECT_EQ(step->overlay.rect_of(Role::Finished),
              s.layout().rooms[static_cast<std::size_t>(e.other)].bounds);
  }
  EXPECT_GT(merges, 0);
}

TEST(RoomAccretion, NextRoomStartsNextToTheLastOne) {
  // The next room starts next to the room just finished when any free cell touches it, else on a
  // random free cell.
  for (int mode : {0, 1, 2}) {
    Stepper s = start_generator(spec(), params({{"boxed_in", mode}}), 9, false);
    int next_to = 0, random = 0;
    while (const Step* step = s.next()) {
      if (!is(*step, Ev::NextStart)) continue;
      const Event& e = step->event;
      const Grid& g = s.grid();
      bool free_around = false, touches = false;
      for (std::size_t i = 0; i < g.size(); ++i) {
        const Point c = g.point(i);
        for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
          const Point q{c.x + d.x, c.y + d.y};
          if (!g.in_bounds(q) || g.label(i) != e.other) continue;
          free_around |= g.at(q.x, q.y) == Tile::Empty;
          touches |= q == e.at;
        }
      }
      EXPECT_EQ(touches, free_around) << "room " << e.id;
      EXPECT_EQ(g.at(e.at.x, e.at.y), Tile::Empty);
      (touches ? next_to : random) += 1;
    }
    EXPECT_GT(next_to, 10);
    EXPECT_GT(random, 0);
  }
}

TEST(RoomAccretion, EveryLineIsLitAndOnlyByTheStepThatDoesIt) {
  std::vector<int> lit(spec().narration.pseudocode.size(), 0);
  for (const ParamValues& base : cases()) {
    for (int mode : {0, 1, 2}) {
      const ParamValues p = with_mode(base, mode);
      for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        Stepper s = start_generator(spec(), p, seed, true);
        int cells = 0, size = 0, pieces = 1;
        bool ended = false;
        while (const Step* step = s.next()) {
          const Event& e = step->event;
          const Expected* want = expected_for(e.kind);
          ASSERT_NE(want, nullptr) << int{e.kind};
          ASSERT_EQ(step->line, want->line) << spec().narration.words(*step, p);
          ASSERT_EQ(step->level, want->level) << spec().narration.words(*step, p);
          ++lit[static_cast<std::size_t>(step->line)];
          EXPECT_EQ(step->last, e.kind == kEventDone);
          // Nothing here is tested and judged: no verdict drawn.
          EXPECT_FALSE(step->overlay.has(Role::Accepted) || step->overlay.has(Role::Rejected));
          if (is(*step, Ev::SizeDrawn)) size = e.value, cells = 0, pieces = 1, ended = false;
          const bool takes =
              is(*step, Ev::StartTaken) || is(*step, Ev::Grown) || is(*step, Ev::Jumped);
          if (takes) {
            ++cells;
            EXPECT_EQ(e.value, cells);
            // A jump names the piece it starts (0-based); other cells name the size.
            EXPECT_EQ(e.other, is(*step, Ev::Jumped) ? pieces++ : size);
            EXPECT_LE(cells, size);
            ASSERT_EQ(s.changes().size(), 1u);
            EXPECT_EQ(s.changes()[0].before.tile, Tile::Empty);
            EXPECT_EQ(s.changes()[0].after.label, e.id);
            EXPECT_EQ(step->overlay.point_of(Role::Cursor), e.at);
            // A growth cell touches the room; a jump touches none of it (it was boxed in).
            int touching = 0;
            for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
              const Point q{e.at.x + d.x, e.at.y + d.y};
              touching += s.grid().in_bounds(q) && s.grid().label_at(q.x, q.y) == e.id;
            }
            if (is(*step, Ev::Grown)) {
              EXPECT_GT(touching, 0);
            }
            if (!is(*step, Ev::Grown)) {
              EXPECT_EQ(touching, 0);
            }
          } else if (!is(*step, Ev::Merged)) {
            EXPECT_TRUE(s.changes().empty()) << spec().narration.words(*step, p);
          }
          if (is(*step, Ev::Jumped)) {
            EXPECT_EQ(mode, 1);
          }
          if (is(*step, Ev::Merged)) {
            EXPECT_EQ(mode, 2);
          }
          if (is(*step, Ev::BoxedIn)) {
            // Only a room that ends smaller than its size, with no free cell next to it.
            ended = true;
            EXPECT_EQ(e.value, cells);
            EXPECT_LT(cells, size);
            const Grid& g = s.grid();
            for (std::size_t i = 0; i < g.size(); ++i) {
              if (g.label(i) != e.id) continue;
              const Point c = g.point(i);
              for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
                const Point q{c.x + d.x, c.y + d.y};
                if (g.in_bounds(q) && g.at(q.x, q.y) == Tile::Empty) FAIL() << "not boxed in";
              }
            }
          }
          if (is(*step, Ev::RoomAdded)) {
            EXPECT_EQ(e.value, cells);
            EXPECT_EQ(ended, cells < size);  // a short room lit the boxed-in line first
            EXPECT_EQ(step->overlay.rect_of(Role::Finished), e.rect);
            EXPECT_EQ(s.layout().rooms.back().bounds, e.rect);
          }
        }
      }
    }
  }
  for (std::size_t line = 0; line < lit.size(); ++line) {
    EXPECT_GT(lit[line], 0) << "never lit: " << spec().narration.pseudocode[line];
  }
}

TEST(RoomAccretion, StepsCarryTheirDraws) {
  for (int mode : {0, 1, 2}) {
    const ParamValues p = params({{"width", 30}, {"height", 20}, {"boxed_in", mode}});
    Stepper s = start_generator(spec(), p, 7, true);
    int sizes = 0, added = 0;
    while (const Step* step = s.next()) {
      const Event& e = step->event;
      std::map<std::string_view, std::int64_t> d;
      for (const Draw& draw : s.draws()) d[draw.name] = draw.value;
      const std::string said = spec().narration.words(*step, p);
      added += is(*step, Ev::RoomAdded);
      if (is(*step, Ev::SizeDrawn)) {
        ++sizes;
        ASSERT_EQ(s.draws().size(), 1u) << said;
        EXPECT_EQ(d["size"], e.value);
        EXPECT_GE(e.value, 50);
        EXPECT_LE(e.value, 150);
      } else if (is(*step, Ev::Grown)) {
        EXPECT_GE(d["picks"], 1) << said;  // room cells picked until one had a free neighbour
        EXPECT_EQ(d.count("x"), 0u) << said;
      } else if (is(*step, Ev::FirstStart) || is(*step, Ev::Jumped) ||
                 (is(*step, Ev::NextStart) && e.reason == kRandomCell)) {
        ASSERT_TRUE(d.count("x") && d.count("y")) << said;  // a random free cell
        EXPECT_EQ(Point(static_cast<int>(d["x"]), static_cast<int>(d["y"])), e.at) << said;
      } else if (is(*step, Ev::NextStart)) {
        EXPECT_GE(d["picks"], 1) << said;
        EXPECT_EQ(d.count("x"), 0u) << said;
      } else if (!is(*step, Ev::BoxedIn)) {
        EXPECT_TRUE(s.draws().empty()) << said;  // header, start, room added, merge, phases
      }
    }
    EXPECT_EQ(sizes, added);  // one size per room
  }
}

TEST(RoomAccretion, StatsAreExactInBatchAndWhenSteppedBack) {
  for (const ParamValues& base : cases()) {
    for (int mode : {0, 1, 2}) {
      const ParamValues p = with_mode(base, mode);
      SCOPED_TRACE("boxed_in " + std::to_string(mode));
      const Result r = run(p, 3);
      ASSERT_FALSE(check_tiling(r).cells.empty());
      check_stats(r.stats, r.tally, p);

      // Stepped back through a timeline, the stats at each cursor are those of a run that
      // stopped there, and match the rooms its steps had made by then.
      Timeline t(start_generator(spec(), p, 3, true));
      while (t.next()) {
      }
      const std::uint64_t n = t.recorded();
      for (const std::uint64_t k : {n - 1, n / 2, n / 3, n / 7, std::uint64_t{2}}) {
        t.seek(k);
        Stepper fresh = start_generator(spec(), p, 3, true);
        Tally tally;
        for (std::uint64_t i = 0; i < k; ++i) tally.see(*fresh.next());
        ASSERT_TRUE(std::equal(t.stats().begin(), t.stats().end(), fresh.stats().begin(),
                               fresh.stats().end()))
            << "at step " << k;
        check_stats(t.stats(), tally, p);
      }
      while (t.back()) {
      }
      for (const std::int64_t v : t.stats()) EXPECT_EQ(v, 0);
    }
  }
}

TEST(RoomAccretion, HistogramBinsFollowTheSizeRange) {
  const ParamValues p = spec().schema.defaults();  // 50..150
  std::vector<std::int64_t> stats(7, 0);
  stats[0] = 10;
  for (std::size_t k = 2; k < 7; ++k) stats[k] = static_cast<std::int64_t>(k);
  auto rows = rows_of(stats, p);
  EXPECT_EQ(rows["size_histogram"].text,
            "1-49: 2 \u00b7 50-83: 3 \u00b7 84-117: 4 \u00b7 118-150: 5 \u00b7 151+: 6");
  stats[6] = 0;  // over room_max_size is shown only when rooms merge (or when it counts some)
  EXPECT_EQ(rows_of(stats, p)["size_histogram"].text,
            "1-49: 2 \u00b7 50-83: 3 \u00b7 84-117: 4 \u00b7 118-150: 5");
  const ParamValues merge = params({{"boxed_in", 2}});
  EXPECT_EQ(rows_of(stats, merge)["size_histogram"].text,
            "1-49: 2 \u00b7 50-83: 3 \u00b7 84-117: 4 \u00b7 118-150: 5 \u00b7 151+: 0");
  // No room is under room_min_size 1; a narrow range leaves empty bins out of the text.
  const ParamValues tiny = params({{"room_min_size", 1}, {"room_max_size", 2}});
  stats = {0, 0, 0, 7, 9, 0, 0};
  EXPECT_EQ(rows_of(stats, tiny)["size_histogram"].text, "1: 7 \u00b7 2: 9");
}

TEST(RoomAccretion, SteppedBatchAndTimelineAgree) {
  for (int mode : {0, 1, 2}) {
    SCOPED_TRACE("boxed_in " + std::to_string(mode));
    for (std::uint64_t s : {1u, 2u, 77u}) {
      test_support::check_replay(spec(), params({{"boxed_in", mode}}), s);
    }
    test_support::check_replay(
        spec(), params({{"room_min_size", 1}, {"room_max_size", 4}, {"boxed_in", mode}}), 5);
    test_support::check_replay(
        spec(),
        params({{"width", 160}, {"height", 100}, {"room_max_size", 2000}, {"boxed_in", mode}}), 6);
  }
}

TEST(RoomAccretion, WordsCountFromOne) {
  const ParamValues p = params({{"boxed_in", 2}});
  Stepper s = start_generator(spec(), p, 4, true);
  std::map<EventKind, std::string> first;
  while (const Step* step = s.next()) {
    const std::string said = spec().narration.words(*step, p);
    EXPECT_FALSE(said.empty());
    EXPECT_EQ(said.find('?'), std::string::npos) << said;
    first.emplace(step->event.kind, said);
  }
  EXPECT_EQ(first[kEventBegin], "every cell of the 64x56 map goes in the bank: 3584 free cells");
  EXPECT_EQ(first[event_kind(Ev::RoomBegun)], "room 1: the bank still has 3584 cells free");
  EXPECT_EQ(first[event_kind(Ev::SizeDrawn)].rfind("room 1 will grow to ", 0), 0u);
  EXPECT_EQ(first[event_kind(Ev::StartTaken)].rfind("room 1 starts at (", 0), 0u);
  EXPECT_NE(first[event_kind(Ev::Merged)].find("is under room_min_size 50: merged into room "),
            std::string::npos)
      << first[event_kind(Ev::Merged)];
  EXPECT_EQ(first[kEventDone].rfind("done: the bank is empty and ", 0), 0u);
}

TEST(RoomAccretion, SameSeedSameMapOtherSeedOtherMap) {
  const ParamValues p = spec().schema.defaults();
  EXPECT_EQ(run(p, 11).grid, run(p, 11).grid);
  EXPECT_NE(run(p, 11).grid, run(p, 12).grid);
}

TEST(RoomAccretion, LargeRoomsStayCheap) {
  // One room covering a 1024x1024 map: the growth must not rescan the room per cell (that would
  // be ~10^12 operations); this finishes in well under a second in any build.
  const Result r = run(params({{"width", 1024},
                               {"height", 1024},
                               {"room_min_size", 1 << 20},
                               {"room_max_size", 1 << 20}}),
                       1);
  ASSERT_EQ(r.tally.rooms.size(), 1u);
  EXPECT_EQ(r.tally.rooms[0].cells, 1 << 20);
}

TEST(RoomAccretion, SchemaRejectsBadParameters) {
  ParamValues p(spec().schema);
  ASSERT_EQ(p.set("room_min_size", 200), std::nullopt);
  auto err = p.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(err->words(), "room_min_size 200 is greater than room_max_size 150: allowed up to 150");
  EXPECT_EQ(err->bound, 150);
  EXPECT_THROW(start_generator(spec(), p, 1), std::invalid_argument);

  p = spec().schema.defaults();
  ASSERT_EQ(p.set("room_max_size", 5000), std::nullopt);
  ASSERT_EQ(p.set("room_min_size", 4000), std::nullopt);
  err = p.validate();
  ASSERT_TRUE(err);
  EXPECT_EQ(err->words(),
            "room_min_size 4000 does not fit the 64x56 map: allowed up to 3584 (the map's cells, a "
            "room cannot have more cells than the map)");
  EXPECT_EQ(err->bound, 3584);

  EXPECT_TRUE(p.set("room_min_size", 0).has_value());
  err = p.set("boxed_in", 3);
  ASSERT_TRUE(err);
  EXPECT_EQ(err->words(),
            "boxed_in 3 is out of range: allowed 0 (end the room), 1 (continue elsewhere) or 2 "
            "(merge if small)");
  EXPECT_EQ(spec().schema.defaults().get("boxed_in"), 0);
}

TEST(RoomAccretion, CliReportsBadParametersInOneLine) {
  auto [rc, text] =
      cli({"generate", "room-accretion", "--room-min-size", "90", "--room-max-size", "80"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_EQ(text,
            "dungen: --room-min-size 90 is greater than --room-max-size 80: allowed up to 80\n");

  std::tie(rc, text) = cli({"generate", "room-accretion", "--width", "8", "--height", "5"});
  EXPECT_EQ(rc, kExitBadInput);
  EXPECT_EQ(text,
            "dungen: --room-min-size 50 does not fit the 8x5 map: allowed up to 40 (the map's "
            "cells, a room cannot have more cells than the map)\n");
}

TEST(RoomAccretion, CliPrintsRoomIdsAndStats) {
  auto [rc, text] = cli({"generate", "room-accretion", "--seed", "2"});
  ASSERT_EQ(rc, kExitOk);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 56);
  for (const char c : text) {  // only room ids: no tile glyphs
    EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)) || c == '*' || c == '\n') << c;
  }

  std::tie(rc, text) = cli({"generate", "room-accretion", "--format", "json", "--boxed-in", "2"});
  ASSERT_EQ(rc, kExitOk);
  EXPECT_NE(text.find("\"floor_fraction\": 1"), std::string::npos);
  EXPECT_NE(text.find("\"cells\":"), std::string::npos);
  EXPECT_NE(text.find("\"boxed_in\": 2"), std::string::npos);
  EXPECT_NE(text.find("\"rooms_under_min_size\": 0"), std::string::npos) << text;
  EXPECT_NE(text.find("\"size_histogram\": ["), std::string::npos) << text;
}

// ---- The fast free-cell helpers (generators/free_cells.hpp), each against the plain idea ------

TEST(FreeCells, WidthDividerIsExactDivisionAndRemainder) {
  Rng rng(3);
  for (const std::uint32_t d : {4u, 5u, 7u, 64u, 100u, 1000u, 4095u, 4096u}) {
    const WidthDivider by(d);
    // Every map index (at most 4096 x 4096 cells) and the ends of each row.
    for (int k = 0; k < 20000; ++k) {
      const std::uint32_t n = k < 10000 ? static_cast<std::uint32_t>(k) : rng.below(1u << 24);
      ASSERT_EQ(by.div(n), n / d) << n << " / " << d;
      ASSERT_EQ(by.mod(n), n % d) << n << " % " << d;
    }
    const std::uint32_t last = (1u << 24) - 1;
    EXPECT_EQ(by.div(last), last / d);
    EXPECT_EQ(by.mod(last), last % d);
  }
}

TEST(FreeCells, BankHandsOutEachCellOnceAndDrawsOnlyFreeCells) {
  const std::size_t n = 50;
  CellBank bank(n);
  Rng rng(11);
  std::vector<bool> taken(n, false);
  for (std::size_t left = n; left > 0; --left) {
    ASSERT_EQ(bank.size(), left);
    const std::size_t cell = bank.random_cell(rng);
    ASSERT_LT(cell, n);
    ASSERT_FALSE(taken[cell]) << "a taken cell was drawn again";
    taken[cell] = true;
    bank.take(cell);
  }
  EXPECT_TRUE(bank.empty());
}

// A big bank gives the end of its array back as it empties (every 2^19 cells taken): its draws
// are still those of a plain array with swap removal, over cells drawn and cells taken by name.
TEST(FreeCells, ABigBankDrawsAsAPlainOneWhileItGivesItsEndBack) {
  const std::size_t n = 1'600'003;  // several releases, and a ragged end
  CellBank bank(n);
  std::vector<std::uint32_t> cells(n), slot(n);
  for (std::size_t i = 0; i < n; ++i) cells[i] = slot[i] = static_cast<std::uint32_t>(i);
  Rng rng(3), plain_rng(3), pick(9);
  for (std::size_t left = n; left > 0; --left) {
    ASSERT_EQ(bank.size(), left);
    std::size_t cell = bank.random_cell(rng);
    ASSERT_EQ(cell, cells[plain_rng.below(static_cast<std::uint32_t>(left))]) << left;
    // Every other time a free cell named otherwise (a room growing into its neighbour).
    if (left % 2 == 0) cell = cells[pick.below(static_cast<std::uint32_t>(left))];
    bank.take(cell);
    const std::uint32_t s = slot[cell], last = cells[left - 1];
    cells[s] = last;
    slot[last] = s;
  }
  EXPECT_TRUE(bank.empty());
}

// A map's free neighbours the plain way: in bounds and empty, north, east, south, west.
std::vector<std::size_t> plain_free_neighbours(const Grid& g, std::size_t i) {
  const Point c = g.point(i);
  std::vector<std::size_t> out;
  for (const Point d : {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}}) {
    const Point q{c.x + d.x, c.y + d.y};
    if (g.in_bounds(q) && g.at(q.x, q.y) == Tile::Empty) out.push_back(g.index(q.x, q.y));
  }
  return out;
}

TEST(FreeCells, FreeNeighboursAndPointsMatchThePlainWay) {
  Rng rng(5);
  for (const auto& [w, h] : {std::pair{4, 4}, std::pair{7, 5}, std::pair{33, 9}}) {
    Grid g(w, h, Tile::Empty);
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (rng.below(2) == 0) g.put(i, Cell{.tile = Tile::Floor});
    }
    const FreeNeighbours free(g);
    for (std::size_t i = 0; i < g.size(); ++i) {
      const Point c = g.point(i);
      if (g.at(c.x, c.y) == Tile::Empty) continue;  // asked only of room cells
      std::array<std::size_t, 4> out{};
      const int n = free.of(static_cast<std::uint32_t>(i), out);
      EXPECT_EQ(std::vector<std::size_t>(out.begin(), out.begin() + n), plain_free_neighbours(g, i))
          << w << "x" << h << " cell " << i;
      EXPECT_EQ(free.point(static_cast<std::uint32_t>(i)), c);
    }
  }
}

TEST(FreeCells, GrowthEdgeFindsAFreeNeighbourOrPrunesToNothing) {
  // A 6x4 map of room cells but one free cell at (3,0); of the listed cells 0..2 of the top row
  // only cell 2 touches it.
  Grid g(6, 4, Tile::Floor);
  g.put(g.index(3, 0), Cell{.tile = Tile::Empty});
  const FreeNeighbours free(g);
  GrowthEdge edge;
  for (std::uint32_t i = 0; i < 3; ++i) edge.add(i);
  Rng rng(9);
  std::int64_t picks = 0;
  EXPECT_EQ(edge.random_free_neighbour(rng, free, picks), g.index(3, 0));
  EXPECT_GE(picks, 1);
  EXPECT_LE(edge.size(), 3u);
  // Cells 0 and 1 have no free neighbour: once picked they are dropped, never cell 2.
  for (int k = 0; k < 20; ++k) {
    ASSERT_EQ(edge.random_free_neighbour(rng, free, picks), g.index(3, 0));
  }
  EXPECT_EQ(edge.size(), 1u);
  // With the free cell gone, every cell is pruned and nothing is found.
  g.put(g.index(3, 0), Cell{.tile = Tile::Floor});
  EXPECT_EQ(edge.random_free_neighbour(rng, free, picks), kNoCell);
  EXPECT_EQ(edge.size(), 0u);
}
