// The Lua sandbox user generators run in (script/lua_sandbox.hpp): what a script cannot reach,
// and that hostile scripts (an endless loop, a memory bomb, deep recursion, garbage) end in an
// error with the script's line, never a hang or a crash.

#include <gtest/gtest.h>

#include <lua.hpp>

#include <string>

#include "script/lua_sandbox.hpp"

namespace dungen::script {
namespace {

// Runs `source` and returns its one result as text ("" for nil), or the error.
std::string run(LuaSandbox& box, const std::string& source) {
  if (auto err = box.run_chunk(source, "test.lua", 1)) return "error: " + err->message;
  lua_State* L = box.state();
  std::string out = lua_isnil(L, -1) ? "" : luaL_tolstring(L, -1, nullptr);
  lua_settop(L, 0);
  return out;
}

std::string run(const std::string& source, SandboxLimits limits = {}) {
  LuaSandbox box(limits);
  return run(box, source);
}

TEST(ScriptSandbox, RunsAScriptAndGivesItsResult) {
  EXPECT_EQ(run("local t = {} for i = 1, 10 do t[i] = i * i end return t[10]"), "100");
  EXPECT_EQ(run("return string.format('%d-%s', 7, ('ab'):rep(2))"), "7-abab");
  EXPECT_EQ(run("return math.floor(7 / 2) + #utf8.char(233)"), "5");
  EXPECT_EQ(run("local co = coroutine.wrap(function() coroutine.yield(4) end) return co()"), "4");
}

TEST(ScriptSandbox, NothingOutsideIsReachable) {
  // Each name a script may reach for is missing, and reaching for it says why and what to use.
  for (const char* name : {"io", "os", "package", "debug", "require", "dofile", "loadfile", "load",
                           "print", "next", "collectgarbage"}) {
    EXPECT_EQ(run(std::string("return rawget(_G, '") + name + "')"), "") << name;
    const std::string said = run(std::string("local x = 1\nreturn ") + name);
    EXPECT_EQ(
        said.rfind(std::string("error: test.lua:2: ") + name + " is not in a generator's sandbox: ",
                   0),
        0u)
        << said;
  }
  EXPECT_EQ(run("return string.dump"), "");
  EXPECT_EQ(run("return rawget(math, 'random')"), "");
  EXPECT_EQ(run("return rawget(math, 'randomseed')"), "");
  EXPECT_EQ(run("return math.random(6)"),
            "error: test.lua:1: math.random is not in a generator's sandbox: draw with "
            "draw_int(name, lo, hi), draw_chance(name, percent) or draw_coin(name): the run's own "
            "random numbers, the same for the same seed");
  EXPECT_EQ(run("print('hi')")
                .rfind("error: test.lua:1: print is not in a generator's sandbox: "
                       "a step says what happened in its words",
                       0),
            0u);
  // A name the sandbox never had is nil, as in any Lua: a script may test for its own globals.
  EXPECT_EQ(run("return my_table"), "");
  // A precompiled chunk is refused: only text is run.
  EXPECT_NE(run("\x1bLua").find("error: "), std::string::npos);
}

TEST(ScriptSandbox, AnEndlessLoopStopsWithItsLine) {
  SandboxLimits limits;
  limits.instructions_per_step = 100'000;
  EXPECT_EQ(run("local n = 0\nwhile true do\n  n = n + 1\nend", limits),
            "error: script stopped: more than 100000 instructions in one step (line 3)");
  // Inside a coroutine too (threads take the state's hook).
  const std::string in_coroutine =
      run("local co = coroutine.create(function() while true do end end)\n"
          "local ok, err = coroutine.resume(co)\nreturn err",
          limits);
  EXPECT_NE(in_coroutine.find("script stopped: more than 100000 instructions"), std::string::npos)
      << in_coroutine;
}

TEST(ScriptSandbox, TheStepBudgetStartsAgainEachStepTheRunsDoesNot) {
  SandboxLimits limits;
  limits.instructions_per_step = 200'000;
  limits.instructions_per_run = 500'000;
  LuaSandbox box(limits);
  const std::string work = "local n = 0 for i = 1, 20000 do n = n + i end return n";
  EXPECT_EQ(run(box, work), "200010000");  // about 40,000 instructions
  box.begin_step();
  EXPECT_EQ(run(box, work), "200010000");
  std::string last;
  for (int i = 0; i < 40 && last.rfind("error", 0) != 0; ++i) {
    box.begin_step();
    last = run(box, work);
  }
  EXPECT_NE(last.find("more than 500000 instructions in one run"), std::string::npos) << last;
}

TEST(ScriptSandbox, MemoryBombsFailAsErrorsUnderTheCap) {
  SandboxLimits limits;
  limits.memory_bytes = std::size_t{8} << 20;
  // At a chunk's top level (a protected call, whose stack is gone by the time it fails) the
  // words say the cap but no line.
  const std::string stop = "error: script stopped: more than 8 MiB of memory in use";
  EXPECT_EQ(run("local s = string.rep('x', 1 << 30) return #s", limits), stop);
  const std::string table = run("local t = {} for i = 1, 1e8 do t[i] = i end return #t", limits);
  EXPECT_EQ(table, stop);
  // The state is still usable afterwards.
  LuaSandbox box(limits);
  EXPECT_EQ(run(box, "local s = ('x'):rep(1 << 30)"), stop);
  EXPECT_EQ(run(box, "return 1 + 1"), "2");
  EXPECT_LE(box.memory_used(), limits.memory_bytes);
}

TEST(ScriptSandbox, DeepRecursionAndGarbageAreErrors) {
  const std::string deep = run("local function f(n) return 1 + f(n + 1) end return f(1)");
  EXPECT_NE(deep.find("stack overflow"), std::string::npos) << deep;
  EXPECT_EQ(run("return 1 +"), "error: test.lua:1: unexpected symbol near <eof>");
  EXPECT_EQ(run("local x = nil\nreturn x.y"),
            "error: test.lua:2: attempt to index a nil value (local 'x')");
  EXPECT_EQ(run("error({})"), "error: an error that is not a message (a table)");
}

TEST(ScriptSandbox, PairsWalksKeysInOneFixedOrder) {
  // The same keys put in in different orders come out the same: numbers, strings, booleans.
  const std::string a =
      run("local t = {} t.b = 1 t[3] = 1 t.a = 1 t[true] = 1 t[1] = 1 t.c = 1\n"
          "local out = '' for k in pairs(t) do out = out .. tostring(k) .. ' ' end return out");
  const std::string b =
      run("local t = {} t.c = 1 t[true] = 1 t[1] = 1 t.a = 1 t[3] = 1 t.b = 1\n"
          "local out = '' for k in pairs(t) do out = out .. tostring(k) .. ' ' end return out");
  EXPECT_EQ(a, "1 3 a b c true ");
  EXPECT_EQ(b, a);
  EXPECT_NE(run("for k in pairs({[{}] = 1}) do end").find("keys must be numbers, strings"),
            std::string::npos);
}

}  // namespace
}  // namespace dungen::script
