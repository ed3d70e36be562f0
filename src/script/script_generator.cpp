#include "script/script_generator.hpp"

#include <lua.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/stepper.hpp"

namespace dungen::script {
namespace {

// Lua raises errors by longjmp (Debian's library is C): the functions a script calls below keep
// no C++ object with a destructor alive across a Lua call that may raise, and the host reads the
// declaration only with calls that cannot run script code (raw reads of tables without
// metatables) with memory to spare (the sandbox's cap is raised by kHostReserve meanwhile).

constexpr std::array<std::pair<std::string_view, StepLevel>, 4> kLevels{{
    {"cell", StepLevel::Cell},
    {"action", StepLevel::Action},
    {"feature", StepLevel::Feature},
    {"phase", StepLevel::Phase},
}};
constexpr std::array<std::pair<std::string_view, ParamKind>, 4> kKinds{{
    {"int", ParamKind::Int},
    {"percent", ParamKind::Percent},
    {"bool", ParamKind::Bool},
    {"choice", ParamKind::Choice},
}};

std::optional<Tile> tile_named(std::string_view name) {
  for (int t = 0; t < kTileCount; ++t) {
    if (tile_name(static_cast<Tile>(t)) == name) return static_cast<Tile>(t);
  }
  return std::nullopt;
}

// A table without a metatable at `index`: its fields can be read raw, running no script code.
bool plain_table(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE) return false;
  if (!lua_getmetatable(L, index)) return true;
  lua_pop(L, 1);
  return false;
}

// Pushes the field `key` of the plain table at `table` (an absolute index), read raw.
void push_field(lua_State* L, int table, const char* key) {
  lua_pushstring(L, key);
  lua_rawget(L, table);
}

// A string field of the plain table at `table`, or nullopt (absent or not a string).
std::optional<std::string_view> string_field(lua_State* L, int table, const char* key) {
  push_field(L, table, key);
  std::optional<std::string_view> out;
  if (lua_type(L, -1) == LUA_TSTRING) {
    std::size_t n = 0;
    const char* s = lua_tolstring(L, -1, &n);
    out = std::string_view(s, n);  // the table keeps the string alive
  }
  lua_pop(L, 1);
  return out;
}

// The value on top of the stack (popped), if it is an integer.
std::optional<std::int64_t> pop_integer(lua_State* L) {
  int is_integer = 0;
  // Numbers only: lua_tointegerx would also convert a string, which may allocate.
  const lua_Integer v = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &is_integer) : 0;
  lua_pop(L, 1);
  if (!is_integer) return std::nullopt;
  return static_cast<std::int64_t>(v);
}

std::optional<std::int64_t> integer_field(lua_State* L, int table, const char* key) {
  push_field(L, table, key);
  return pop_integer(L);
}

// The numbers of a step's words sit in its event's point and rectangle.
std::array<int*, kWordNumbers> number_slots(Event& e) {
  return {&e.at.x, &e.at.y, &e.rect.x, &e.rect.y, &e.rect.w, &e.rect.h};
}
constexpr char kHole = '\x01';  // a number's place in a template
// A step's draw words kept as one text: "name\x1fwords\x1e" per draw, names in order.
constexpr char kDrawNameEnd = '\x1f';
constexpr char kDrawWordsEnd = '\x1e';

// A step's words as a template (into `shape`) and its numbers (into the event's slots).
// Numbers that read back exactly: up to 9 digits, no leading zero (a "007" stays text), and no
// template for words that hold the hole character themselves.
void shape_words(std::string_view words, Event& event, std::string& shape) {
  shape.clear();
  const auto slots = number_slots(event);
  int holes = 0;
  const bool plain = words.find(kHole) == std::string_view::npos;
  for (std::size_t i = 0; i < words.size();) {
    std::size_t j = i;
    while (j < words.size() && words[j] >= '0' && words[j] <= '9') ++j;
    const std::size_t len = j - i;
    if (len == 0) {
      // The text up to the next digit, copied in one piece.
      while (j < words.size() && (words[j] < '0' || words[j] > '9')) ++j;
      shape.append(words.substr(i, j - i));
      i = j;
      continue;
    }
    if (plain && holes < kWordNumbers && len <= 9 && (words[i] != '0' || len == 1)) {
      int v = 0;
      for (std::size_t k = i; k < j; ++k) v = v * 10 + (words[k] - '0');
      *slots[static_cast<std::size_t>(holes++)] = v;
      shape += kHole;
    } else {
      shape.append(words.substr(i, len));
    }
    i = j;
  }
}

// The field names the host reads in a step's table and an overlay item's. Each run anchors them
// in the registry and pushes them from there (one array read), where lua_getfield would look its
// C text up among Lua's strings on every read; a walk reads about twenty a step.
enum Key : std::size_t {
  kLevel,
  kLine,
  kWords,
  kCaption,
  kDrawWords,
  kOverlay,
  kRole,
  kX,
  kY,
  kW,
  kH,
  kCells,
  kKeyCount
};
constexpr std::array<const char*, kKeyCount> kKeyNames{"level",      "line",    "words", "caption",
                                                       "draw_words", "overlay", "role",  "x",
                                                       "y",          "w",       "h",     "cells"};

// What one run needs inside the functions its script calls.
struct RunState {
  StepContext* ctx = nullptr;
  const ScriptGenerator* program = nullptr;
  std::size_t lines = 0;
  Step pending;            // the step the script yielded
  bool yielded = false;    // by step{...} or done{...} (a bare coroutine.yield is not a step)
  bool finished = false;   // it was done{...}
  std::int64_t steps = 0;  // steps yielded so far

  // What makes a call cheap (a walk makes millions of them). Lua keeps one copy of each short
  // string per state, so a script's "floor" or draw name is the same pointer every time while
  // that string lives; the strings below are anchored in the registry, so they always live.
  std::array<const char*, kTileCount> tile_text{};  // each tile's name, anchored
  std::array<int, kTileCount> tile_ref{};           // and its registry reference, to push it
  std::array<const char*, kRoleCount> role_text{};  // each role's name, anchored
  std::array<int, kKeyCount> key_ref{};  // the field names the host reads, pushed by reference
  std::unordered_map<const char*, std::string_view> draw_names;  // anchored draw names
  std::string text;                                              // a step's text being kept, reused
  std::unordered_map<std::string, int> text_ids;  // texts this run kept: no lock, no copy
  std::vector<std::pair<std::string_view, std::string_view>> draw_entries;  // a step's, reused

  // The id of `text` in the program's table: this run's own map first, the shared table (a
  // lock) only for a text the run has not said before. -1 past kMaxScriptWords.
  int keep_text() {
    if (auto it = text_ids.find(text); it != text_ids.end()) return it->second;
    const int id = program->word_id(text);
    if (id >= 0 && text_ids.size() < kMaxRunTextCache) text_ids.emplace(text, id);
    return id;
  }
};

// The id of the run's text (RunState::keep_text), raising past kMaxScriptWords.
int kept_text_id(lua_State* L, RunState& run) {
  const int id = run.keep_text();
  if (id < 0) {
    luaL_error(L, "more than %d different step texts in one script",
               static_cast<int>(kMaxScriptWords));
  }
  return id;
}

RunState& run_of(lua_State* L) {
  return *static_cast<RunState*>(lua_touserdata(L, lua_upvalueindex(1)));
}

// Pushes the field `key` of the table at `table` (an absolute index) as lua_getfield would: a
// step's table may have a metatable, and its __index runs as it would for Lua's own reads.
void get_key(lua_State* L, const RunState& run, int table, Key key) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, run.key_ref[key]);
  lua_gettable(L, table);
}
// The same read raw, from a plain table (an overlay item).
void raw_key(lua_State* L, const RunState& run, int table, Key key) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, run.key_ref[key]);
  lua_rawget(L, table);
}

// x, y of a call, checked to be on the map.
std::size_t cell_arg(lua_State* L, const RunState& run, const char* fn) {
  const lua_Integer x = luaL_checkinteger(L, 1);
  const lua_Integer y = luaL_checkinteger(L, 2);
  const Grid& g = run.ctx->grid();
  if (x < 0 || y < 0 || x >= g.width() || y >= g.height()) {
    luaL_error(L, "%s(%I, %I): outside the %dx%d map (x 0..%d, y 0..%d)", fn, x, y, g.width(),
               g.height(), g.width() - 1, g.height() - 1);
  }
  return g.index(static_cast<int>(x), static_cast<int>(y));
}

int lua_set(lua_State* L) {
  RunState& run = run_of(L);
  const std::size_t i = cell_arg(L, run, "set");
  std::size_t n = 0;
  const char* name = luaL_checklstring(L, 3, &n);
  std::optional<Tile> tile;
  for (int t = 0; t < kTileCount && !tile; ++t) {
    if (run.tile_text[static_cast<std::size_t>(t)] == name) tile = static_cast<Tile>(t);
  }
  if (!tile) tile = tile_named(std::string_view(name, n));  // a long or built string
  if (!tile) luaL_error(L, "set: unknown tile '%s' (wall, floor, corridor, door, empty)", name);
  // set(x, y, tile, room): the cell also becomes room `room`'s (from 1; the map's label layer
  // and the JSON's labels count from 0), in the same change, as a built-in carves a room.
  if (lua_isnoneornil(L, 4)) {
    run.ctx->canvas().set_tile(i, *tile);
    return 0;
  }
  const lua_Integer room = luaL_checkinteger(L, 4);
  if (room < 1 || room > INT32_MAX)
    luaL_error(L, "set: room %I is not a room number (from 1)", room);
  run.ctx->canvas().set_tile_label(i, *tile, static_cast<std::int32_t>(room - 1));
  return 0;
}

int lua_get(lua_State* L) {
  RunState& run = run_of(L);
  const std::size_t i = cell_arg(L, run, "get");
  lua_rawgeti(L, LUA_REGISTRYINDEX,
              run.tile_ref[static_cast<std::size_t>(run.ctx->grid().tile(i))]);
  return 1;
}

std::string_view draw_name_arg(lua_State* L, RunState& run) {
  std::size_t n = 0;
  const char* name = luaL_checklstring(L, 1, &n);
  if (auto it = run.draw_names.find(name); it != run.draw_names.end()) return it->second;
  const std::string_view kept = run.program->name_of_draw(std::string_view(name, n));
  if (n <= kShortString && run.draw_names.size() < kMaxRunTextCache) {
    // Anchored, so its pointer names this text for the rest of the run.
    lua_pushvalue(L, 1);
    (void)luaL_ref(L, LUA_REGISTRYINDEX);
    run.draw_names.emplace(name, kept);
  }
  return kept;
}

int lua_draw_int(lua_State* L) {
  RunState& run = run_of(L);
  const std::string_view name = draw_name_arg(L, run);
  const lua_Integer lo = luaL_checkinteger(L, 2);
  const lua_Integer hi = luaL_checkinteger(L, 3);
  if (lo > hi || lo < INT32_MIN || hi > INT32_MAX) {
    luaL_error(L, "draw_int('%s', %I, %I): lo must be at most hi, both 32-bit", name.data(), lo,
               hi);
  }
  lua_pushinteger(L, run.ctx->draw_int(name, static_cast<int>(lo), static_cast<int>(hi)));
  return 1;
}

int lua_draw_chance(lua_State* L) {
  RunState& run = run_of(L);
  const std::string_view name = draw_name_arg(L, run);
  const lua_Integer percent = luaL_checkinteger(L, 2);
  lua_pushboolean(
      L, run.ctx->draw_chance(name, static_cast<int>(std::clamp<lua_Integer>(percent, 0, 100))));
  return 1;
}

int lua_draw_coin(lua_State* L) {
  RunState& run = run_of(L);
  lua_pushboolean(L, run.ctx->draw_coin(draw_name_arg(L, run)));
  return 1;
}

int lua_stat(lua_State* L) {
  RunState& run = run_of(L);
  const lua_Integer slot = luaL_checkinteger(L, 1);
  const lua_Integer value = luaL_checkinteger(L, 2);
  const std::size_t stats = run.program->stat_count();
  if (slot < 1 || static_cast<std::size_t>(slot) > stats) {
    luaL_error(L, "stat(%I, ...): the script declares stats 1..%d", slot, static_cast<int>(stats));
  }
  const auto [first, fraction] = run.program->stat_slot(static_cast<std::size_t>(slot - 1));
  const lua_Integer per = fraction ? luaL_checkinteger(L, 3) : 1;
  if (value < -kMaxScriptStat || value > kMaxScriptStat || per < -kMaxScriptStat ||
      per > kMaxScriptStat) {
    luaL_error(L, "stat(%I, %I): a stat is within -%I..%I", slot, value,
               static_cast<lua_Integer>(kMaxScriptStat), static_cast<lua_Integer>(kMaxScriptStat));
  }
  run.ctx->stats().set(first, value);
  if (fraction) run.ctx->stats().set(first + 1, per);
  return 0;
}

// start(x, y): the player start (the JSON's "start"); room(x, y, w, h): a rectangular room of
// the layout (the JSON's "rooms"; the flood fill and the exports read them).
int lua_start(lua_State* L) {
  RunState& run = run_of(L);
  (void)cell_arg(L, run, "start");  // checked on the map
  run.ctx->layout().start =
      Point{static_cast<int>(lua_tointeger(L, 1)), static_cast<int>(lua_tointeger(L, 2))};
  return 0;
}
int lua_room(lua_State* L) {
  RunState& run = run_of(L);
  (void)cell_arg(L, run, "room");
  const Rect r{static_cast<int>(lua_tointeger(L, 1)), static_cast<int>(lua_tointeger(L, 2)),
               static_cast<int>(luaL_checkinteger(L, 3)),
               static_cast<int>(luaL_checkinteger(L, 4))};
  const Grid& g = run.ctx->grid();
  if (r.w < 1 || r.h < 1 || r.right() > g.width() || r.bottom() > g.height()) {
    luaL_error(L, "room(%d, %d, %d, %d): not a rectangle on the %dx%d map", r.x, r.y, r.w, r.h,
               g.width(), g.height());
  }
  std::vector<Layout::Room>& rooms = run.ctx->layout().rooms;
  if (rooms.size() >= kMaxScriptRooms) {
    luaL_error(L, "room: more than %d rooms", static_cast<int>(kMaxScriptRooms));
  }
  rooms.push_back({.id = static_cast<int>(rooms.size()), .bounds = r, .cells = r.w * r.h});
  return 0;
}

// A step's overlay: step{..., overlay = { item, ... }}, each item a role and where it is drawn:
//   { role = "candidate", x = 3, y = 4, w = 6, h = 5 }   a rectangle (box roles)
//   { role = "walker", x = 3, y = 4 }                    one cell
//   { role = "trail", cells = { x1, y1, x2, y2, ... } }  cells, or a line through them in order
// Checked as it is read into the pending step's items (no C++ local lives across a raise).
std::optional<Role> role_named(std::string_view name) {
  for (const RoleInfo& r : kRoles) {
    if (r.name == name && r.role != Role::Read) return r.role;
  }
  return std::nullopt;
}
// A script's role name is nearly always a literal, a short string: the same pointer as the
// role's anchored name, found without comparing text.
std::optional<Role> role_of(const RunState& run, const char* text) {
  for (std::size_t r = 0; r < kRoleCount; ++r) {
    if (run.role_text[r] == text && kRoles[r].role != Role::Read) return kRoles[r].role;
  }
  return role_named(text);
}
lua_Integer int_field(lua_State* L, const RunState& run, int table, Key key, const char* what) {
  raw_key(L, run, table, key);
  const std::optional<std::int64_t> v = pop_integer(L);
  if (!v) luaL_error(L, "overlay: a %s item needs %s, an integer", what, kKeyNames[key]);
  return *v;
}
void read_overlay(lua_State* L, int list, RunState& run) {
  Overlay& overlay = run.pending.overlay;
  const Grid& g = run.ctx->grid();
  const auto on_map = [&](lua_Integer x, lua_Integer y) {
    if (x < 0 || y < 0 || x >= g.width() || y >= g.height()) {
      luaL_error(L, "overlay: cell (%I, %I) is outside the %dx%d map", x, y, g.width(), g.height());
    }
    return Point{static_cast<int>(x), static_cast<int>(y)};
  };
  if (!plain_table(L, list)) luaL_error(L, "overlay = { { role = ..., ... }, ... } is a list");
  const auto n = static_cast<std::size_t>(lua_rawlen(L, list));
  if (n > kMaxOverlayItems) luaL_error(L, "overlay: more than %d items", int{kMaxOverlayItems});
  std::size_t cells_in_step = 0;
  // The items are overwritten in place: a walk's steps draw the same few items each time, and
  // their cell lists keep their storage from one step to the next.
  overlay.items.resize(n);
  for (std::size_t i = 1; i <= n; ++i) {
    lua_rawgeti(L, list, static_cast<lua_Integer>(i));
    const int item = lua_gettop(L);
    if (!plain_table(L, item)) luaL_error(L, "overlay[%d] is not a table", static_cast<int>(i));
    raw_key(L, run, item, kRole);
    const char* role_text = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    const std::optional<Role> role = role_of(run, role_text);
    if (!role)
      luaL_error(L, "overlay[%d]: unknown role '%s' (docs/SCRIPTING.md lists them)",
                 static_cast<int>(i), role_text);
    lua_pop(L, 1);
    OverlayItem& out = overlay.items[i - 1];
    out.role = *role;
    out.rect = Rect{};
    out.cells.clear();
    out.read.clear();
    const char* shape = role_info(*role).name.data();  // a literal: NUL-terminated
    if (role_info(*role).shape == RoleShape::Box) {
      const Point at =
          on_map(int_field(L, run, item, kX, shape), int_field(L, run, item, kY, shape));
      const lua_Integer w = int_field(L, run, item, kW, shape),
                        h = int_field(L, run, item, kH, shape);
      if (w < 1 || h < 1 || at.x + w > g.width() || at.y + h > g.height()) {
        luaL_error(L, "overlay[%d]: the %s rectangle %dx%d at (%d, %d) is not on the map",
                   static_cast<int>(i), shape, static_cast<int>(w), static_cast<int>(h), at.x,
                   at.y);
      }
      out.rect = {at.x, at.y, static_cast<int>(w), static_cast<int>(h)};
    } else {
      raw_key(L, run, item, kCells);
      if (lua_isnil(L, -1)) {
        out.cells.push_back(
            on_map(int_field(L, run, item, kX, shape), int_field(L, run, item, kY, shape)));
      } else {
        const int cells = lua_gettop(L);
        if (!plain_table(L, cells)) luaL_error(L, "overlay[%d]: cells = { x1, y1, ... }", int(i));
        const auto m = static_cast<std::size_t>(lua_rawlen(L, cells));
        cells_in_step += m / 2;
        if (m % 2 != 0 || cells_in_step > kMaxOverlayCells) {
          luaL_error(L, "overlay[%d]: cells = { x1, y1, x2, y2, ... }, at most %d cells a step",
                     static_cast<int>(i), static_cast<int>(kMaxOverlayCells));
        }
        for (std::size_t k = 1; k < m; k += 2) {
          lua_rawgeti(L, cells, static_cast<lua_Integer>(k));
          lua_rawgeti(L, cells, static_cast<lua_Integer>(k + 1));
          int okx = 0, oky = 0;
          const lua_Integer x = lua_tointegerx(L, -2, &okx), y = lua_tointegerx(L, -1, &oky);
          if (!okx || !oky) luaL_error(L, "overlay[%d]: cells holds integers", int(i));
          out.cells.push_back(on_map(x, y));
          lua_pop(L, 2);
        }
      }
      lua_pop(L, 1);
    }
    lua_settop(L, item - 1);
  }
}

// step{..., draw_words = { dir = "dir = 2: south of north, east, south" }}: how the step's
// draws read in the log, kept as one text.
int read_draw_words(lua_State* L, int table, RunState& run) {
  if (!plain_table(L, table)) luaL_error(L, "draw_words = { name = \"...\", ... } is a table");
  // First check every entry (a raise leaves nothing behind), then build the text.
  std::size_t entries = 0;
  lua_pushnil(L);
  while (lua_next(L, table) != 0) {
    if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING) {
      luaL_error(L, "draw_words: each entry is name = \"words\" (strings)");
    }
    if (++entries > kMaxOverlayItems) luaL_error(L, "draw_words: too many entries");
    lua_pop(L, 1);
  }
  // Nothing below raises: strings only, read raw.
  run.draw_entries.clear();
  lua_pushnil(L);
  while (lua_next(L, table) != 0) {
    std::size_t kn = 0, vn = 0;
    const char* k = lua_tolstring(L, -2, &kn);
    const char* v = lua_tolstring(L, -1, &vn);
    run.draw_entries.emplace_back(std::string_view(k, kn), std::string_view(v, vn));
    lua_pop(L, 1);
  }
  std::sort(run.draw_entries.begin(), run.draw_entries.end());
  run.text.clear();
  for (const auto& [k, v] : run.draw_entries) {
    run.text.append(k);
    run.text += kDrawNameEnd;
    run.text.append(v);
    run.text += kDrawWordsEnd;
  }
  return kept_text_id(L, run);
}

// step{level = "cell", line = 3, words = "..."} and done{...}: the step, then a yield.
int yield_step(lua_State* L, bool last) {
  RunState& run = run_of(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  get_key(L, run, 1, kLevel);
  const char* level_text = last ? "phase" : luaL_optstring(L, -1, "cell");
  std::optional<StepLevel> level;
  for (const auto& [name, l] : kLevels) {
    if (name == level_text) level = l;
  }
  if (!level) luaL_error(L, "step: unknown level '%s' (cell, action, feature, phase)", level_text);
  get_key(L, run, 1, kLine);
  const lua_Integer line = luaL_checkinteger(L, -1);
  if (line < 1 || static_cast<std::size_t>(line) > run.lines) {
    luaL_error(L, "step: line %I is not a line of the pseudocode (1..%d)", line,
               static_cast<int>(run.lines));
  }
  Step& step = run.pending;
  step.level = *level;
  step.line = static_cast<int>(line - 1);
  step.last = last;
  step.event = Event{};

  get_key(L, run, 1, kWords);
  std::size_t n = 0;
  const char* words = lua_tolstring(L, -1, &n);
  if (!words || n == 0) luaL_error(L, "every step has words: step{..., words = \"...\"}");
  shape_words(std::string_view(words, n), step.event, run.text);
  step.event.id = kept_text_id(L, run);
  get_key(L, run, 1, kCaption);
  if (!lua_isnil(L, -1)) {
    words = lua_tolstring(L, -1, &n);
    if (!words) luaL_error(L, "step: caption is a string");
    run.text.assign(words, n);
    step.event.other = kept_text_id(L, run);
  }
  get_key(L, run, 1, kDrawWords);
  if (!lua_isnil(L, -1)) {
    step.event.value = read_draw_words(L, lua_gettop(L), run) + 1;  // 0: none
  }
  get_key(L, run, 1, kOverlay);
  if (lua_isnil(L, -1)) {
    step.overlay.items.clear();
  } else {
    read_overlay(L, lua_gettop(L), run);
  }
  // The first step begins the run and done{} ends it, as a built-in's do.
  if (last) {
    step.event.kind = kEventDone;
  } else if (run.steps == 0) {
    step.event.kind = kEventBegin;
  }
  ++run.steps;
  run.finished = last;
  run.yielded = true;
  lua_settop(L, 0);
  return lua_yield(L, 0);
}
int lua_step(lua_State* L) {
  return yield_step(L, false);
}
int lua_done(lua_State* L) {
  return yield_step(L, true);
}

// The run: the script's `run(p)` as a Lua coroutine, each yield one step.
StepGenerator run_script(StepContext& ctx, ParamValues params, const ScriptGenerator* program) {
  LuaSandbox box(program->limits());
  if (auto err = box.run_chunk(program->source(), program->chunk_name(), 1)) {
    throw ScriptStopped(err->message);
  }
  lua_State* L = box.state();
  box.host_reads(true);  // the setup below may not fail for want of memory
  RunState run{&ctx, program, program->spec().narration.pseudocode.size()};
  for (int t = 0; t < kTileCount; ++t) {
    const std::string_view name = tile_name(static_cast<Tile>(t));
    lua_pushlstring(L, name.data(), name.size());
    run.tile_text[static_cast<std::size_t>(t)] = lua_tostring(L, -1);
    run.tile_ref[static_cast<std::size_t>(t)] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  for (std::size_t r = 0; r < kRoleCount; ++r) {
    lua_pushlstring(L, kRoles[r].name.data(), kRoles[r].name.size());
    run.role_text[r] = lua_tostring(L, -1);
    (void)luaL_ref(L, LUA_REGISTRYINDEX);
  }
  for (std::size_t k = 0; k < kKeyCount; ++k) {
    lua_pushstring(L, kKeyNames[k]);
    run.key_ref[k] = luaL_ref(L, LUA_REGISTRYINDEX);
  }
  static constexpr luaL_Reg kApi[] = {
      {"set", lua_set},
      {"get", lua_get},
      {"draw_int", lua_draw_int},
      {"draw_chance", lua_draw_chance},
      {"draw_coin", lua_draw_coin},
      {"stat", lua_stat},
      {"start", lua_start},
      {"room", lua_room},
      {"step", lua_step},
      {"done", lua_done},
      {nullptr, nullptr},  // the end, as luaL_setfuncs wants
  };
  lua_pushglobaltable(L);
  lua_pushlightuserdata(L, &run);
  luaL_setfuncs(L, kApi, 1);
  lua_pop(L, 1);
  // The parameters, by name.
  lua_State* co = lua_newthread(L);
  if (!plain_table(L, 1)) throw ScriptStopped(program->chunk_name() + ": the declaration changed");
  push_field(L, 1, "run");
  lua_xmove(L, co, 1);
  lua_createtable(co, 0, static_cast<int>(params.values().size()));
  for (std::size_t i = 0; i < params.values().size(); ++i) {
    const std::string name(params.schema().params[i].name);
    lua_pushinteger(co, params.values()[i]);
    lua_setfield(co, -2, name.c_str());
  }
  box.host_reads(false);
  int args = 1;
  // Each pass is one step; the bound is the sandbox's instruction budget for the run (a step
  // costs at least one instruction).
  for (;;) {
    box.begin_step();
    run.yielded = false;
    int results = 0;
    const int status = lua_resume(co, L, args, &results);
    args = 0;
    if (status == LUA_YIELD) {
      lua_pop(co, results);
      if (!run.yielded) {
        throw ScriptStopped(program->chunk_name() +
                            ": run yielded without step{...}: each step is step{...} or done{...}");
      }
      const bool last = run.finished;
      co_yield run.pending;
      if (last) co_return;
      continue;
    }
    if (status == LUA_OK) {
      throw ScriptStopped(program->chunk_name() +
                          ": run ended without done{...}: the last step must say the map is "
                          "done");
    }
    if (status == LUA_ERRMEM) throw ScriptStopped(box.memory_stop(co));
    lua_xmove(co, L, 1);
    throw ScriptStopped(box.pop_error());
  }
}

}  // namespace

std::string_view ScriptGenerator::keep(std::string text) {
  return kept_.emplace_back(std::move(text));
}

int ScriptGenerator::word_id(std::string_view words) const {
  std::lock_guard lock(words_mutex_);
  if (auto it = word_ids_.find(words); it != word_ids_.end()) return it->second;
  if (words_.size() >= kMaxScriptWords) return -1;
  const std::string_view kept = words_.emplace_back(words);
  const int id = static_cast<int>(words_.size()) - 1;
  word_ids_.emplace(kept, id);
  return id;
}

std::string_view ScriptGenerator::word(int id) const {
  std::lock_guard lock(words_mutex_);
  return id >= 0 && static_cast<std::size_t>(id) < words_.size()
             ? std::string_view(words_[static_cast<std::size_t>(id)])
             : std::string_view();
}

std::string_view ScriptGenerator::name_of_draw(std::string_view name) const {
  std::lock_guard lock(words_mutex_);
  if (auto it = draw_names_.find(name); it != draw_names_.end()) return it->second;
  const std::string_view kept = words_.emplace_back(name);
  draw_names_.emplace(kept, kept);
  return kept;
}

std::string ScriptGenerator::decode_words(const Event& event) const {
  const std::string_view shape = word(event.id);
  Event e = event;
  const auto slots = number_slots(e);
  std::string out;
  out.reserve(shape.size() + 16);
  std::size_t hole = 0;
  for (const char c : shape) {
    if (c == kHole && hole < slots.size()) {
      out += std::to_string(*slots[hole++]);
    } else {
      out += c;
    }
  }
  return out;
}

std::string ScriptGenerator::draw_words(int id, std::string_view draw_name) const {
  const std::string_view text = word(id);
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t sep = text.find(kDrawNameEnd, i), end = text.find(kDrawWordsEnd, i);
    if (sep == std::string_view::npos || end == std::string_view::npos || sep > end) break;
    if (text.substr(i, sep - i) == draw_name)
      return std::string(text.substr(sep + 1, end - sep - 1));
    i = end + 1;
  }
  return "";
}

Checked<std::shared_ptr<const ScriptGenerator>> ScriptGenerator::load(const std::string& path,
                                                                      SandboxLimits limits) {
  std::ifstream in(path, std::ios::binary);
  // The caller names the path (shown as the user typed it): these words only say what is wrong.
  if (!in) return Error{"cannot read it"};
  std::string source;
  source.resize(kMaxScriptBytes + 1);
  in.read(source.data(), static_cast<std::streamsize>(source.size()));
  source.resize(static_cast<std::size_t>(in.gcount()));
  if (source.size() > kMaxScriptBytes) {
    return Error{"it is over " + std::to_string(kMaxScriptBytes) + " bytes"};
  }
  source.shrink_to_fit();  // kept with the program: its size, not the most a script may be
  // The file's name starts every message of its script ("walk.lua:12: ..."), and Lua's own
  // messages are escaped whole: a control character in the name is a '?' there, not an escape
  // that would be escaped again (the caller shows the path itself exactly).
  const std::size_t slash = path.find_last_of('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  std::replace_if(
      name.begin(), name.end(),
      [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == '\x7f'; }, '?');
  return from_source(std::move(source), std::move(name), limits);
}

Checked<std::shared_ptr<const ScriptGenerator>> ScriptGenerator::from_source(std::string source,
                                                                             std::string chunk_name,
                                                                             SandboxLimits limits) {
  std::shared_ptr<ScriptGenerator> g(new ScriptGenerator());
  g->source_ = std::move(source);
  g->chunk_name_ = std::move(chunk_name);
  g->limits_ = limits;
  LuaSandbox box(limits);
  if (auto err = box.run_chunk(g->source_, g->chunk_name_, 1)) return *err;
  box.host_reads(true);
  if (auto err = g->read_declaration(box)) return *err;
  return std::shared_ptr<const ScriptGenerator>(std::move(g));
}

// stats = { "walk steps", { label = "floor", key = "floor_fraction", kind = "fraction" }, ... }:
// a count is a label (its key the label in snake_case); a fraction is set with
// stat(i, part, whole) and shown as a percentage.
std::optional<Error> ScriptGenerator::read_stats(lua_State* L, const std::string& at) {
  push_field(L, 1, "stats");
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return std::nullopt;
  }
  const int list = lua_gettop(L);
  if (!plain_table(L, list)) return Error{at + "stats = { \"label\", ... } is a list"};
  const auto n = static_cast<std::size_t>(lua_rawlen(L, list));
  if (n > 1000) return Error{at + "stats has " + std::to_string(n) + " entries: at most 1000"};
  std::size_t slot = 0;
  for (std::size_t i = 1; i <= n; ++i) {
    const std::string where = at + "stats[" + std::to_string(i) + "] ";
    lua_rawgeti(L, list, static_cast<lua_Integer>(i));
    const int entry = lua_gettop(L);
    StatDecl d;
    std::string label, key, kind = "count";
    if (lua_type(L, entry) == LUA_TSTRING) {
      std::size_t len = 0;
      const char* text = lua_tolstring(L, entry, &len);
      label.assign(text, len);
    } else if (plain_table(L, entry)) {
      label = std::string(string_field(L, entry, "label").value_or(""));
      key = std::string(string_field(L, entry, "key").value_or(""));
      kind = std::string(string_field(L, entry, "kind").value_or("count"));
    } else {
      lua_settop(L, list - 1);
      return Error{where + "is not a string"};
    }
    lua_pop(L, 1);
    if (label.empty()) return Error{where + "needs a label"};
    if (kind != "count" && kind != "fraction") {
      return Error{where + "kind '" + kind + "' is not count or fraction"};
    }
    if (key.empty()) {
      key = label;
      for (char& c : key) {
        if (c == ' ' || c == '-') c = '_';
      }
    }
    for (const StatDecl& other : stats_) {
      if (other.key == key) return Error{where + "repeats the key '" + key + "'"};
    }
    d.label = keep(label);
    d.key = keep(key);
    d.fraction = kind == "fraction";
    d.slot = slot;
    slot += d.fraction ? 2 : 1;
    stats_.push_back(d);
  }
  lua_pop(L, 1);
  return std::nullopt;
}

std::optional<Error> ScriptGenerator::read_declaration(LuaSandbox& box) {
  lua_State* L = box.state();
  const std::string at = chunk_name_ + ": ";
  if (!plain_table(L, 1)) {
    return Error{at +
                 "the script must return its declaration, a plain table: return { name = "
                 "..., params = {...}, pseudocode = {...}, run = function(p) ... end }"};
  }
  const auto name = string_field(L, 1, "name");
  if (!name || name->empty()) return Error{at + "the declaration needs a name (a string)"};
  name_ = keep(std::string(*name));
  summary_ = keep(std::string(string_field(L, 1, "summary").value_or("")));
  background_ = tile_named(string_field(L, 1, "background").value_or("wall")).value_or(Tile::Wall);
  push_field(L, 1, "run");
  const bool has_run = lua_type(L, -1) == LUA_TFUNCTION;
  lua_pop(L, 1);
  if (!has_run) return Error{at + "the declaration needs run = function(p) ... end"};

  // Pseudocode and stats: arrays of strings.
  const auto strings = [&](const char* key, std::vector<std::string_view>& out,
                           bool required) -> std::optional<Error> {
    push_field(L, 1, key);
    if (!plain_table(L, -1)) {
      lua_pop(L, 1);
      if (!required) return std::nullopt;
      return Error{at + "the declaration needs " + key + " = { \"...\", ... }"};
    }
    const auto n = static_cast<std::size_t>(lua_rawlen(L, -1));
    if (n > 1000) return Error{at + key + " has " + std::to_string(n) + " entries: at most 1000"};
    for (std::size_t i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, static_cast<lua_Integer>(i));
      if (lua_type(L, -1) != LUA_TSTRING) {
        lua_pop(L, 2);
        return Error{at + key + "[" + std::to_string(i) + "] is not a string"};
      }
      std::size_t len = 0;
      const char* s = lua_tolstring(L, -1, &len);
      out.push_back(keep(std::string(s, len)));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (required && out.empty()) return Error{at + key + " is empty"};
    return std::nullopt;
  };
  if (auto e = strings("pseudocode", pseudocode_, true)) return e;
  if (auto e = read_stats(L, at)) return e;

  // Parameters: width and height first, as every generator's.
  push_field(L, 1, "params");
  const bool has_params = plain_table(L, -1);
  const auto count = has_params ? static_cast<std::size_t>(lua_rawlen(L, -1)) : 0;
  if (count < 2 || count > 64) {
    lua_pop(L, 1);
    return Error{at +
                 "params must list width and height first, then the script's own (at most "
                 "64 in all)"};
  }
  const int params = lua_gettop(L);
  for (std::size_t i = 1; i <= count; ++i) {
    lua_rawgeti(L, params, static_cast<lua_Integer>(i));
    const int p = lua_gettop(L);
    const std::string where = at + "params[" + std::to_string(i) + "]: ";
    if (!plain_table(L, p)) {
      lua_pop(L, 2);
      return Error{where + "is not a table { name = ..., default = ..., min = ..., max = ... }"};
    }
    const auto pname = string_field(L, p, "name");
    const auto def = integer_field(L, p, "default");
    const auto min = integer_field(L, p, "min");
    const auto max = integer_field(L, p, "max");
    const std::string kind_text(string_field(L, p, "kind").value_or("int"));
    const std::string help(string_field(L, p, "help").value_or(""));
    // A choice's names: { "the centre", "a random cell" } for the values 0, 1.
    std::vector<std::string> names;
    push_field(L, p, "choices");
    if (plain_table(L, -1)) {
      const auto m = static_cast<std::size_t>(std::min<lua_Unsigned>(lua_rawlen(L, -1), 65));
      for (std::size_t k = 1; k <= m; ++k) {
        lua_rawgeti(L, -1, static_cast<lua_Integer>(k));
        names.emplace_back(lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "");
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 2);
    if (!pname || pname->empty()) return Error{where + "needs a name"};
    if (i <= 2 && *pname != (i == 1 ? "width" : "height")) {
      return Error{where + "the first two parameters are width and height"};
    }
    std::optional<ParamKind> kind;
    for (const auto& [k, v] : kKinds) {
      if (k == kind_text) kind = v;
    }
    if (!kind) {
      return Error{where + "kind '" + kind_text + "' is not int, percent, bool or choice"};
    }
    ParamDef d{keep(std::string(*pname)), *kind, 0, 1, 0, keep(help)};
    if (*kind == ParamKind::Bool) {
      d.def = def.value_or(0);
    } else if (*kind == ParamKind::Choice) {
      if (names.size() < 2 || names.size() > 64 ||
          std::find(names.begin(), names.end(), "") != names.end()) {
        return Error{where + "a choice needs choices = { \"name\", ... }: 2 to 64 names"};
      }
      d.max = static_cast<std::int64_t>(names.size()) - 1;
      d.def = def.value_or(0);
      for (std::size_t k = 0; k < names.size(); ++k) {
        d.choices.push_back(static_cast<std::int64_t>(k));
        d.choice_names.push_back(keep(names[k]));
      }
    } else {
      if (!def || !min || !max) return Error{where + "needs default, min and max (integers)"};
      d.min = *min;
      d.max = *max;
      d.def = *def;
    }
    if (*kind == ParamKind::Percent && (d.min < 0 || d.max > 100)) {
      return Error{where + "a percent is within 0..100"};
    }
    if (i <= 2 && (d.min < 1 || d.max > kMaxMapSide)) {
      return Error{where + "a map side is within 1.." + std::to_string(kMaxMapSide)};
    }
    if (d.min > d.max || d.def < d.min || d.def > d.max) {
      return Error{where + "needs min <= default <= max"};
    }
    if (schema_.find(d.name)) return Error{where + "the name '" + std::string(d.name) + "' twice"};
    schema_.params.push_back(d);
  }
  lua_pop(L, 1);

  const ScriptGenerator* self = this;
  Narration narration;
  narration.pseudocode = pseudocode_;
  narration.words = [self](const Step& s, const ParamValues&) {
    return self->decode_words(s.event);
  };
  narration.caption = [self](const Step& s, const ParamValues&) {
    return s.event.other >= 0 ? std::string(self->word(s.event.other)) : std::string();
  };
  narration.draw_text = [self](const Draw& d, const Step& s, const ParamValues&) {
    return s.event.value > 0 ? self->draw_words(s.event.value - 1, d.name) : std::string();
  };
  narration.stat_slots = stats_.empty() ? 0 : stats_.back().slot + (stats_.back().fraction ? 2 : 1);
  narration.stat_rows = [self](std::span<const std::int64_t> values, const ParamValues&) {
    std::vector<StatRow> rows;
    for (const StatDecl& d : self->stats_) {
      if (d.slot + (d.fraction ? 1 : 0) >= values.size()) break;
      const std::int64_t v = values[d.slot];
      if (!d.fraction) {
        rows.push_back(count_row(std::string(d.key), std::string(d.label), v));
        continue;
      }
      const std::int64_t per = values[d.slot + 1];
      const double f = per != 0 ? static_cast<double>(v) / static_cast<double>(per) : 0.0;
      rows.push_back(
          {std::string(d.key), std::string(d.label),
           percent_text(f) + " (" + std::to_string(v) + " of " + std::to_string(per) + ")", f});
    }
    return rows;
  };
  spec_ = std::make_unique<GeneratorSpec>(GeneratorSpec{
      .name = name_,
      .summary = summary_,
      .schema = schema_,
      .narration = std::move(narration),
      .background = background_,
      .body = [self](StepContext& ctx,
                     ParamValues p) { return run_script(ctx, std::move(p), self); },
      .source = source_,
      .source_name = chunk_name_,
  });
  return std::nullopt;
}

}  // namespace dungen::script
