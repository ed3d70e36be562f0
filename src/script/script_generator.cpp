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
constexpr std::array<std::pair<std::string_view, ParamKind>, 3> kKinds{{
    {"int", ParamKind::Int},
    {"percent", ParamKind::Percent},
    {"bool", ParamKind::Bool},
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

std::optional<std::int64_t> integer_field(lua_State* L, int table, const char* key) {
  push_field(L, table, key);
  int is_integer = 0;
  // Numbers only: lua_tointegerx would also convert a string, which may allocate.
  const lua_Integer v = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &is_integer) : 0;
  lua_pop(L, 1);
  if (!is_integer) return std::nullopt;
  return static_cast<std::int64_t>(v);
}

// What one run needs inside the functions its script calls.
struct RunState {
  StepContext* ctx = nullptr;
  const ScriptGenerator* program = nullptr;
  std::size_t lines = 0;
  Step pending;           // the step the script yielded
  bool yielded = false;   // by step{...} or done{...} (a bare coroutine.yield is not a step)
  bool finished = false;  // it was done{...}
};

RunState& run_of(lua_State* L) {
  return *static_cast<RunState*>(lua_touserdata(L, lua_upvalueindex(1)));
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
  const std::optional<Tile> tile = tile_named(std::string_view(name, n));
  if (!tile) luaL_error(L, "set: unknown tile '%s' (wall, floor, corridor, door, empty)", name);
  run.ctx->canvas().set_tile(i, *tile);
  return 0;
}

int lua_get(lua_State* L) {
  RunState& run = run_of(L);
  const std::size_t i = cell_arg(L, run, "get");
  const std::string_view name = tile_name(run.ctx->grid().tile(i));
  lua_pushlstring(L, name.data(), name.size());
  return 1;
}

std::string_view draw_name_arg(lua_State* L, const RunState& run) {
  std::size_t n = 0;
  const char* name = luaL_checklstring(L, 1, &n);
  return run.program->name_of_draw(std::string_view(name, n));
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
  const std::size_t slots = run.program->spec().narration.stat_slots;
  if (slot < 1 || static_cast<std::size_t>(slot) > slots) {
    luaL_error(L, "stat(%I, ...): the script declares stats 1..%d", slot, static_cast<int>(slots));
  }
  if (value < -kMaxScriptStat || value > kMaxScriptStat) {
    luaL_error(L, "stat(%I, %I): a stat is within -%I..%I", slot, value,
               static_cast<lua_Integer>(kMaxScriptStat), static_cast<lua_Integer>(kMaxScriptStat));
  }
  run.ctx->stats().set(static_cast<std::size_t>(slot - 1), value);
  return 0;
}

// step{level = "cell", line = 3, words = "..."} and done{...}: the step, then a yield.
int yield_step(lua_State* L, bool last) {
  RunState& run = run_of(L);
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_getfield(L, 1, "level");
  const char* level_text = last ? "phase" : luaL_optstring(L, -1, "cell");
  std::optional<StepLevel> level;
  for (const auto& [name, l] : kLevels) {
    if (name == level_text) level = l;
  }
  if (!level) luaL_error(L, "step: unknown level '%s' (cell, action, feature, phase)", level_text);
  lua_getfield(L, 1, "line");
  const lua_Integer line = luaL_checkinteger(L, -1);
  if (line < 1 || static_cast<std::size_t>(line) > run.lines) {
    luaL_error(L, "step: line %I is not a line of the pseudocode (1..%d)", line,
               static_cast<int>(run.lines));
  }
  lua_getfield(L, 1, "words");
  std::size_t n = 0;
  const char* words = lua_tolstring(L, -1, &n);
  if (!words || n == 0) luaL_error(L, "every step has words: step{..., words = \"...\"}");
  const int id = run.program->word_id(std::string_view(words, n));
  if (id < 0) {
    luaL_error(L, "more than %d different step words in one script",
               static_cast<int>(kMaxScriptWords));
  }
  Event e;
  e.id = id;
  run.pending = make_step(*level, static_cast<int>(line - 1), e);
  run.pending.last = last;
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
  static constexpr luaL_Reg kApi[] = {
      {"set", lua_set},
      {"get", lua_get},
      {"draw_int", lua_draw_int},
      {"draw_chance", lua_draw_chance},
      {"draw_coin", lua_draw_coin},
      {"stat", lua_stat},
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
  if (auto e = strings("stats", stat_names_, false)) return e;

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
    lua_pop(L, 1);
    if (!pname || pname->empty()) return Error{where + "needs a name"};
    if (i <= 2 && *pname != (i == 1 ? "width" : "height")) {
      return Error{where + "the first two parameters are width and height"};
    }
    std::optional<ParamKind> kind;
    for (const auto& [k, v] : kKinds) {
      if (k == kind_text) kind = v;
    }
    if (!kind) return Error{where + "kind '" + kind_text + "' is not int, percent or bool"};
    ParamDef d{keep(std::string(*pname)), *kind, 0, 1, 0, keep(help)};
    if (*kind == ParamKind::Bool) {
      d.def = def.value_or(0);
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
    return std::string(self->word(s.event.id));
  };
  narration.stat_slots = stat_names_.size();
  narration.stat_rows = [self](std::span<const std::int64_t> values, const ParamValues&) {
    std::vector<StatRow> rows;
    for (std::size_t i = 0; i < values.size() && i < self->stat_names_.size(); ++i) {
      std::string key(self->stat_names_[i]);
      for (char& c : key) {
        if (c == ' ' || c == '-') c = '_';
      }
      rows.push_back(
          {key, std::string(self->stat_names_[i]), std::to_string(values[i]), values[i]});
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
  });
  return std::nullopt;
}

}  // namespace dungen::script
