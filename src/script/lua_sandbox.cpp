#include "script/lua_sandbox.hpp"

#include <lua.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "core/text.hpp"

namespace dungen::script {
namespace {

// `pairs` in a fixed order, written in Lua and run once while the state is still whole (it keeps
// the `next` and `table.sort` it needs as upvalues; scripts see neither `next` nor the original).
constexpr std::string_view kOrderedPairs = R"lua(
local next, type, sort, error = next, type, table.sort, error
local rank = { number = 1, string = 2, boolean = 3 }
local function before(a, b)
  local ra, rb = rank[type(a)], rank[type(b)]
  if ra ~= rb then return ra < rb end
  if ra == 3 then return (not a) and b end
  return a < b
end
pairs = function(t)
  if type(t) ~= "table" then error("pairs: a table is needed, got " .. type(t), 2) end
  local keys = {}
  for k in next, t do
    if not rank[type(k)] then
      error("pairs: keys must be numbers, strings or booleans to have a fixed order", 2)
    end
    keys[#keys + 1] = k
  end
  sort(keys, before)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then return k, t[k] end
  end, t, nil
end
)lua";

// What a script reaching for something the sandbox leaves out is told, with its line, instead of
// Lua's "attempt to call a nil value": what to use. Only names that are missing ask (a global a
// script sets itself is its own).
constexpr std::string_view kGuidance = R"lua(
local error, setmetatable = error, setmetatable
local outside = "is not in a generator's sandbox: "
local why = {
  os = "no clock and no system: the same seed must give the same map",
  io = "no files: a generator reads and writes its map with get and set",
  print = "a step says what happened in its words: step{ line = ..., words = \"...\" }",
  require = "a generator is one file", dofile = "a generator is one file",
  loadfile = "a generator is one file", load = "a generator runs only its own file",
  package = "a generator is one file", debug = "a generator sees only its own values",
  next = "its order is not fixed: use pairs (a fixed order) or ipairs",
  collectgarbage = "the host manages the memory (64 MiB a script)",
}
setmetatable(_G, { __index = function(_, name)
  local w = why[name]
  if w then error(name .. " " .. outside .. w, 2) end
end })
local draws = "draw with draw_int(name, lo, hi), draw_chance(name, percent) or draw_coin(name): " ..
              "the run's own random numbers, the same for the same seed"
setmetatable(math, { __index = function(_, name)
  if name == "random" or name == "randomseed" then error("math." .. name .. " " .. outside .. draws, 2) end
end })
)lua";

// The base library's and string/math's entries a script must not have.
constexpr const char* kRemovedGlobals[] = {"dofile", "loadfile", "load",          "require",
                                           "print",  "next",     "collectgarbage"};

}  // namespace

LuaSandbox::LuaSandbox(SandboxLimits limits) : limits_(limits) {
  L_ = lua_newstate(&LuaSandbox::allocate, this);
  if (!L_) return;  // the cap is smaller than an empty state: every run_chunk says so
  *static_cast<LuaSandbox**>(lua_getextraspace(L_)) = this;
  open_safe_libraries();
  // Generational collection: a step's short-lived strings and tables (words, overlay items) die
  // young, and are collected without going over the whole heap.
  lua_gc(L_, LUA_GCGEN, 0, 0);
  // Threads made later (the body's coroutine) copy this hook (lua_newthread).
  lua_sethook(L_, &LuaSandbox::count, LUA_MASKCOUNT, kHookEvery);
}

LuaSandbox::~LuaSandbox() {
  if (L_) lua_close(L_);  // gives every block back first
  std::free(arena_);
}

void* LuaSandbox::take(std::size_t size) {
  if (!kPooling || size > kPoolMax) return std::malloc(size);
  const std::size_t c = size_class(size);
  if (void* block = free_[c]) {
    free_[c] = *static_cast<void**>(block);
    return block;
  }
  if (!arena_ && carved_ == 0) {
    arena_ = static_cast<unsigned char*>(std::malloc(kArenaBytes));
    if (!arena_) carved_ = kArenaBytes;  // no arena: malloc from now on (never asked again)
  }
  if (arena_ && carved_ + c * kPoolStep <= kArenaBytes) {
    void* block = arena_ + carved_;
    carved_ += c * kPoolStep;
    return block;
  }
  return std::malloc(size);
}

void LuaSandbox::give_back(void* block, std::size_t size) {
  if (!pooled(block)) {
    std::free(block);
    return;
  }
  // A pooled block's size is always in the class it was carved for (see allocate).
  const std::size_t c = size_class(size);
  *static_cast<void**>(block) = free_[c];
  free_[c] = block;
}

void* LuaSandbox::allocate(void* self, void* block, std::size_t old_size, std::size_t new_size) {
  auto* s = static_cast<LuaSandbox*>(self);
  const std::size_t had = block ? old_size : 0;  // without a block, old_size is a type tag
  if (new_size == 0) {
    if (block) s->give_back(block, had);
    s->used_ -= had;
    return nullptr;
  }
  if (new_size > had && s->used_ + (new_size - had) > s->limits_.memory_bytes + s->reserve_) {
    s->refused_ = true;
    return nullptr;
  }
  void* out = nullptr;
  if (!block) {
    out = s->take(new_size);
  } else if (!s->pooled(block)) {
    out = std::realloc(block, new_size);  // a malloc block stays one, whatever its new size
  } else if (new_size <= kPoolMax && size_class(new_size) == size_class(had)) {
    out = block;  // the same size class: it fits where it is
  } else {
    out = s->take(new_size);
    if (out) {
      std::memcpy(out, block, std::min(had, new_size));
      s->give_back(block, had);
    }
  }
  if (!out) return nullptr;
  s->used_ = s->used_ - had + new_size;
  return out;
}

void LuaSandbox::count(lua_State* L, lua_Debug* ar) {
  LuaSandbox* s = *static_cast<LuaSandbox**>(lua_getextraspace(L));
  s->step_count_ += kHookEvery;
  s->run_count_ += kHookEvery;
  const bool step_over = s->step_count_ > s->limits_.instructions_per_step;
  if (!step_over && s->run_count_ <= s->limits_.instructions_per_run) return;
  lua_getinfo(L, "Sl", ar);
  // Built with lua_pushfstring: luaL_error would put its own position before the words.
  lua_pushfstring(L, "script stopped: more than %I instructions in one %s (line %d)",
                  static_cast<lua_Integer>(step_over ? s->limits_.instructions_per_step
                                                     : s->limits_.instructions_per_run),
                  step_over ? "step" : "run", ar->currentline);
  lua_error(L);
}

void LuaSandbox::open_safe_libraries() {
  static constexpr luaL_Reg kLibraries[] = {
      {LUA_GNAME, luaopen_base},        {LUA_TABLIBNAME, luaopen_table},
      {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
      {LUA_UTF8LIBNAME, luaopen_utf8},  {LUA_COLIBNAME, luaopen_coroutine},
  };
  for (const luaL_Reg& lib : kLibraries) {
    luaL_requiref(L_, lib.name, lib.func, 1);
    lua_pop(L_, 1);
  }
  // The fixed-order pairs first: it keeps `next` before `next` is taken away.
  if (luaL_loadbufferx(L_, kOrderedPairs.data(), kOrderedPairs.size(), "=pairs", "t") == LUA_OK) {
    lua_call(L_, 0, 0);
  }
  for (const char* name : kRemovedGlobals) {
    lua_pushnil(L_);
    lua_setglobal(L_, name);
  }
  const auto remove_field = [this](const char* table, const char* field) {
    lua_getglobal(L_, table);
    lua_pushnil(L_);
    lua_setfield(L_, -2, field);
    lua_pop(L_, 1);
  };
  remove_field(LUA_STRLIBNAME, "dump");
  remove_field(LUA_MATHLIBNAME, "random");
  remove_field(LUA_MATHLIBNAME, "randomseed");
  if (luaL_loadbufferx(L_, kGuidance.data(), kGuidance.size(), "=sandbox", "t") == LUA_OK) {
    lua_call(L_, 0, 0);
  }
}

std::string LuaSandbox::pop_error() {
  std::string text;
  if (lua_type(L_, -1) == LUA_TSTRING) {
    std::size_t n = 0;
    const char* s = lua_tolstring(L_, -1, &n);
    // One line whatever the script wrote: error("a\nb") must not break a message.
    text = escape_control(std::string_view(s, n));
  } else {
    text = std::string("an error that is not a message (a ") + luaL_typename(L_, -1) + ")";
  }
  lua_pop(L_, 1);
  return text;
}

std::string LuaSandbox::memory_stop(lua_State* thread) const {
  if (!refused_) return "script stopped: out of memory (the machine's, not the script's cap)";
  const std::size_t cap = limits_.memory_bytes;
  std::string text = "script stopped: more than ";
  text += cap % (std::size_t{1} << 20) == 0 ? std::to_string(cap >> 20) + " MiB"
                                            : std::to_string(cap) + " bytes";
  text += " of memory in use";
  // The innermost Lua function's line (a C function, such as a table's insert, has none).
  lua_Debug ar;
  for (int level = 0; thread && lua_getstack(thread, level, &ar); ++level) {
    if (lua_getinfo(thread, "l", &ar) && ar.currentline > 0) {
      text += " (line " + std::to_string(ar.currentline) + ")";
      break;
    }
  }
  return text;
}

std::optional<Error> LuaSandbox::run_chunk(std::string_view source, std::string_view name,
                                           int results) {
  if (!L_) return Error{"the script's memory cap is too small to start Lua"};
  std::string chunk = "@";  // piecewise: gcc 12 warns falsely on "@" + std::string
  chunk += name;
  if (luaL_loadbufferx(L_, source.data(), source.size(), chunk.c_str(), "t") != LUA_OK) {
    return Error{pop_error()};
  }
  begin_step();
  if (const int status = lua_pcall(L_, 0, results, 0); status != LUA_OK) {
    if (status != LUA_ERRMEM) return Error{pop_error()};
    lua_pop(L_, 1);
    return Error{memory_stop(nullptr)};
  }
  return std::nullopt;
}

}  // namespace dungen::script
