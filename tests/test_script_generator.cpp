// Generators written as Lua scripts (script/script_generator.hpp): a script's declaration becomes
// a GeneratorSpec that runs like a built-in's (same seed, same map; batch == stepped; first and
// last steps; every step worded), and scripts that break a rule stop with the rule and the line.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "cli/cli.hpp"
#include "core/runner.hpp"
#include "core/stepper.hpp"
#include "script/script_generator.hpp"

namespace dungen::script {
namespace {

std::shared_ptr<const ScriptGenerator> load_example() {
  auto g = ScriptGenerator::load(std::string(DUNGEN_SOURCE_DIR) +
                                 "/examples/generators/random-walk.lua");
  EXPECT_TRUE(g) << g.error().message;
  return g ? *g : nullptr;
}

// Every step of a run, with its words.
struct ScriptRun {
  Grid grid;
  std::vector<std::string> words;
  std::vector<bool> last;
  std::vector<std::int64_t> stats;
};
ScriptRun run(const ScriptGenerator& g, std::uint64_t seed, ParamValues params) {
  Stepper s = start_generator(g.spec(), params, seed);
  ScriptRun out;
  constexpr int kMaxSteps = 1'000'000;
  for (int i = 0; i < kMaxSteps; ++i) {
    const Step* step = s.next();
    if (!step) break;
    out.words.push_back(g.spec().narration.words(*step, params));
    out.last.push_back(step->last);
  }
  out.grid = s.grid();
  out.stats.assign(s.stats().begin(), s.stats().end());
  return out;
}

TEST(ScriptGenerator, TheExampleDeclaresWhatABuiltInDoes) {
  const auto g = load_example();
  ASSERT_TRUE(g);
  const GeneratorSpec& spec = g->spec();
  EXPECT_EQ(spec.name, "random-walk");
  ASSERT_EQ(spec.schema.params.size(), 3u);
  EXPECT_EQ(spec.schema.params[0].name, "width");
  EXPECT_EQ(spec.schema.params[2].kind, ParamKind::Percent);
  EXPECT_EQ(spec.narration.pseudocode.size(), 6u);
  EXPECT_EQ(spec.narration.stat_slots, 2u);
}

TEST(ScriptGenerator, ASeedIsOneMapStepByStepOrInOneGo) {
  const auto g = load_example();
  ASSERT_TRUE(g);
  const ParamValues params = g->spec().schema.defaults();
  const ScriptRun a = run(*g, 5, params);
  const ScriptRun b = run(*g, 5, params);
  EXPECT_EQ(a.grid, b.grid);
  EXPECT_EQ(a.words, b.words);
  EXPECT_NE(a.grid, run(*g, 6, params).grid);
  // Batch (no change lists) gives the same map.
  Stepper batch = start_generator(g->spec(), params, 5, /*record_changes=*/false);
  run_steps(batch, UINT64_MAX);
  EXPECT_EQ(batch.grid(), a.grid);
  // First step begins, only the last is last, every step has words.
  ASSERT_GT(a.words.size(), 2u);
  EXPECT_EQ(a.words.front(), "the map starts as wall");
  EXPECT_TRUE(a.last.back());
  for (std::size_t i = 0; i + 1 < a.last.size(); ++i) EXPECT_FALSE(a.last[i]) << i;
  for (const std::string& w : a.words) EXPECT_FALSE(w.empty());
  // The stats say what the map shows.
  EXPECT_EQ(static_cast<std::size_t>(a.stats[0]), a.grid.count_walkable());
  const std::int64_t inside = (60 - 2) * (40 - 2);
  EXPECT_GE(a.stats[0], inside * 40 / 100);
}

// A script with its run replaced: the rest of a good declaration around `body`.
std::string script(const std::string& body, const std::string& extra = "") {
  return "return { name = 't', params = { { name = 'width', default = 10, min = 4, max = 64 },\n"
         "{ name = 'height', default = 8, min = 4, max = 64 } },\n"
         "pseudocode = { 'one', 'two' }, " +
         extra + "\nrun = function(p)\n" + body + "\nend }";
}

std::string stop_of(const std::string& source, SandboxLimits limits = {}) {
  auto g = ScriptGenerator::from_source(source, "t.lua", limits);
  if (!g) return "load: " + g.error().message;
  try {
    (void)run(**g, 1, (*g)->spec().schema.defaults());
  } catch (const ScriptStopped& e) {
    return e.what();
  }
  return "ran";
}

TEST(ScriptGenerator, HostileScriptsStopWithTheRuleAndTheLine) {
  EXPECT_EQ(stop_of(script("step{ line = 1, words = 'a' }\ndone{ line = 2, words = 'b' }")), "ran");
  SandboxLimits limits;
  limits.instructions_per_step = 100'000;
  EXPECT_EQ(stop_of(script("while true do end"), limits),
            "script stopped: more than 100000 instructions in one step (line 5)");
  const std::string deep = stop_of(script("local function f() return 1 + f() end f()"));
  // Lua's stack limit or the memory cap, whichever comes first: a clean stop either way.
  EXPECT_TRUE(deep.find("stack overflow") != std::string::npos ||
              deep.rfind("script stopped: more than 64 MiB of memory in use (line ", 0) == 0)
      << deep;
  limits = {};
  limits.memory_bytes = std::size_t{16} << 20;
  // The cap and the line that went past it (the run is a coroutine: its stack stays to be read).
  EXPECT_EQ(stop_of(script("local s = ('x'):rep(1 << 30)"), limits),
            "script stopped: more than 16 MiB of memory in use (line 5)");
  EXPECT_EQ(stop_of(script("local t = {}\nfor i = 1, 1e8 do\n  t[i] = i\nend"), limits),
            "script stopped: more than 16 MiB of memory in use (line 7)");
  EXPECT_EQ(stop_of(script("set(99, 0, 'floor')")),
            "t.lua:5: set(99, 0): outside the 10x8 map (x 0..9, y 0..7)");
  EXPECT_EQ(stop_of(script("set(1, 1, 'lava')")),
            "t.lua:5: set: unknown tile 'lava' (wall, floor, corridor, door, empty)");
  EXPECT_EQ(stop_of(script("set(1, 1, 'floor', 0)")),
            "t.lua:5: set: room 0 is not a room number (from 1)");
  const std::string room_typed = stop_of(script("set(1, 1, 'floor', 'hall')"));
  EXPECT_NE(room_typed.find("number expected, got string"), std::string::npos) << room_typed;
  EXPECT_EQ(stop_of(script("step{ line = 9, words = 'a' }")),
            "t.lua:5: step: line 9 is not a line of the pseudocode (1..2)");
  EXPECT_EQ(stop_of(script("step{ line = 1 }")),
            "t.lua:5: every step has words: step{..., words = \"...\"}");
  const std::string typed = stop_of(script("step{ line = 'x', words = 'a' }"));
  EXPECT_NE(typed.find("number expected, got string"), std::string::npos) << typed;
  EXPECT_EQ(stop_of(script("coroutine.yield(5)")),
            "t.lua: run yielded without step{...}: each step is step{...} or done{...}");
  EXPECT_EQ(stop_of(script("step{ line = 1, words = 'a' }")),
            "t.lua: run ended without done{...}: the last step must say the map is done");
  EXPECT_EQ(stop_of(script("step{ line = 1, words = 'a' }\nerror('mine')")), "t.lua:6: mine");
  // A script's message is one line, whatever it holds.
  EXPECT_EQ(stop_of(script("error('two\\nlines\\tand a tab')")),
            "t.lua:5: two\\nlines\\tand a tab");
  EXPECT_EQ(stop_of("error('at\\rload')"), "load: t.lua:1: at\\rload");
  // fuzz_script's second finding: stats are kept as changes, and stat(1, math.mininteger) after
  // a positive value overflowed the change. A stat is bounded.
  EXPECT_EQ(stop_of(script("stat(1, 5) stat(1, math.mininteger)", "stats = { 's' },")),
            "t.lua:5: stat(1, -9223372036854775808): a stat is within "
            "-1000000000000000..1000000000000000");
  EXPECT_EQ(stop_of(script("stat(1, 1000000000000000) stat(1, -1000000000000000)\n"
                           "done{ line = 1, words = 'a' }",
                           "stats = { 's' },")),
            "ran");
  // The whole 32-bit range is a draw like any other (it was always its low end).
  auto whole = ScriptGenerator::from_source(
      script("local seen = {}\nfor i = 1, 64 do seen[draw_int('v', -2147483648, "
             "0x7fffffff)] = true end\nlocal n = 0 for _ in pairs(seen) do n = n + 1 end\n"
             "stat(1, n) done{ line = 1, words = 'a' }",
             "stats = { 'distinct' },"),
      "t.lua");
  ASSERT_TRUE(whole) << whole.error().message;
  EXPECT_GT(run(**whole, 1, (*whole)->spec().schema.defaults()).stats.at(0), 60);
}

TEST(ScriptGenerator, BadDeclarationsAreRefusedWhenLoaded) {
  EXPECT_EQ(stop_of("return 5"),
            "load: t.lua: the script must return its declaration, a plain table: return { name = "
            "..., params = {...}, pseudocode = {...}, run = function(p) ... end }");
  EXPECT_EQ(stop_of("return {"), "load: t.lua:1: unexpected symbol near <eof>");
  EXPECT_EQ(stop_of("return { name = 'x', run = function() end }"),
            "load: t.lua: the declaration needs pseudocode = { \"...\", ... }");
  EXPECT_EQ(stop_of(script("", "").replace(script("", "").find("'width'"), 7, "'w'")),
            "load: t.lua: params[1]: the first two parameters are width and height");
  std::string big = "local t = {} for i = 1, 5000 do t[i] = 'x' end\n";
  big += "return { name = 'x', pseudocode = t, run = function() end }";
  EXPECT_EQ(stop_of(big), "load: t.lua: pseudocode has 5000 entries: at most 1000");
  EXPECT_EQ(stop_of(script("", "stats = { 4 },")), "load: t.lua: stats[1] is not a string");
  // fuzz_script's first finding: a parameter that is not a table (here #{...}, a number) was
  // read with lua_getfield outside a protected call, and Lua aborted.
  EXPECT_EQ(stop_of("return { name = 'x', pseudocode = { 'a' }, run = function() end,\n"
                    "params = { #{ name = 'width' }, { name = 'height' } } }"),
            "load: t.lua: params[1]: is not a table { name = ..., default = ..., min = ..., max = "
            "... }");
  // Fields are read raw: a metatable's __index is never run by the host.
  EXPECT_EQ(stop_of("return setmetatable({}, { __index = function() error('boom') end })"),
            "load: t.lua: the script must return its declaration, a plain table: return { name = "
            "..., params = {...}, pseudocode = {...}, run = function(p) ... end }");
}

// What a step may say besides its words: overlay items (each role's shape), a caption, how its
// draws read; and the layout's start and rooms. Each lands where a built-in's would.
TEST(ScriptGenerator, OverlayCaptionDrawWordsAndLayoutReachTheStep) {
  auto g = ScriptGenerator::from_source(
      script("local d = draw_int('dir', 0, 3)\nstart(2, 3) room(1, 1, 4, 3)\n"
             "step{ line = 1, words = 'went 12 ways at (3,4)', caption = 'east: carve',\n"
             "  draw_words = { dir = 'dir = ' .. d .. ': east' },\n"
             "  overlay = { { role = 'candidate', x = 1, y = 2, w = 3, h = 4 },\n"
             "              { role = 'walker', x = 5, y = 6 },\n"
             "              { role = 'trail', cells = { 1, 1, 2, 1, 3, 1 } } } }\n"
             "done{ line = 2, words = 'done' }"),
      "t.lua");
  ASSERT_TRUE(g) << g.error().message;
  const GeneratorSpec& spec = (*g)->spec();
  const ParamValues p = spec.schema.defaults();
  Stepper s = start_generator(spec, p, 1);
  const Step* step = s.next();
  ASSERT_NE(step, nullptr);
  EXPECT_EQ(spec.narration.words(*step, p), "went 12 ways at (3,4)");
  EXPECT_EQ(spec.narration.caption(*step, p), "east: carve");
  ASSERT_EQ(s.draws().size(), 1u);
  EXPECT_EQ(step_draws_text(spec.narration, *step, s.draws(), p),
            "dir = " + std::to_string(s.draws()[0].value) + ": east");
  ASSERT_EQ(step->overlay.items.size(), 3u);
  EXPECT_EQ(step->overlay.items[0], box(Role::Candidate, Rect{1, 2, 3, 4}));
  EXPECT_EQ(step->overlay.items[1], marker(Role::Walker, Point{5, 6}));
  EXPECT_EQ(step->overlay.items[2], line(Role::Trail, {{1, 1}, {2, 1}, {3, 1}}));
  EXPECT_EQ(step->event.kind, kEventBegin);
  EXPECT_EQ(s.layout().start, (Point{2, 3}));
  ASSERT_EQ(s.layout().rooms.size(), 1u);
  EXPECT_EQ(s.layout().rooms[0].bounds, (Rect{1, 1, 4, 3}));
  const Step* last = s.next();
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->event.kind, kEventDone);
  EXPECT_TRUE(last->overlay.items.empty());
  EXPECT_EQ(spec.narration.caption(*last, p), "");
}

TEST(ScriptGenerator, BadOverlaysAndLayoutsStopWithTheRule) {
  const auto stop = [](const std::string& body) {
    return stop_of(script(body + "\ndone{ line = 1, words = 'x' }"));
  };
  EXPECT_EQ(stop("step{ line = 1, words = 'a', overlay = { { role = 'lava', x = 1, y = 1 } } }"),
            "t.lua:5: overlay[1]: unknown role 'lava' (docs/SCRIPTING.md lists them)");
  EXPECT_EQ(stop("step{ line = 1, words = 'a', overlay = { { role = 'read', x = 1, y = 1 } } }"),
            "t.lua:5: overlay[1]: unknown role 'read' (docs/SCRIPTING.md lists them)");
  EXPECT_EQ(stop("step{ line = 1, words = 'a', overlay = { { role = 'walker', x = 10, y = 1 } } }"),
            "t.lua:5: overlay: cell (10, 1) is outside the 10x8 map");
  EXPECT_EQ(stop("step{ line = 1, words = 'a', overlay = { { role = 'candidate', x = 8, y = 1, "
                 "w = 3, h = 2 } } }"),
            "t.lua:5: overlay[1]: the candidate rectangle 3x2 at (8, 1) is not on the map");
  EXPECT_EQ(
      stop("step{ line = 1, words = 'a', overlay = { { role = 'candidate', x = 1, y = 1 } } }"),
      "t.lua:5: overlay: a candidate item needs w, an integer");
  EXPECT_EQ(
      stop("step{ line = 1, words = 'a', overlay = { { role = 'trail', cells = { 1, 2, 3 } } } }"),
      "t.lua:5: overlay[1]: cells = { x1, y1, x2, y2, ... }, at most 1048576 cells a step");
  EXPECT_EQ(stop("local c = {} for i = 1, 5000 do c[i] = { role = 'cursor', x = 1, y = 1 } end\n"
                 "step{ line = 1, words = 'a', overlay = c }"),
            "t.lua:6: overlay: more than 4096 items");
  EXPECT_EQ(stop("step{ line = 1, words = 'a', draw_words = { dir = 5 } }"),
            "t.lua:5: draw_words: each entry is name = \"words\" (strings)");
  EXPECT_EQ(stop("step{ line = 1, words = 'a', caption = {} }"),
            "t.lua:5: step: caption is a string");
  EXPECT_EQ(stop("room(8, 1, 5, 2)"), "t.lua:5: room(8, 1, 5, 2): not a rectangle on the 10x8 map");
  EXPECT_EQ(stop("start(-1, 0)"), "t.lua:5: start(-1, 0): outside the 10x8 map (x 0..9, y 0..7)");
}

// A run that stops in the middle of a step keeps the map and stats of its last whole step: the
// cells and stats that step had changed are undone, and the run is over.
TEST(ScriptGenerator, AStopMidStepLeavesTheLastWholeStepsMap) {
  auto g = ScriptGenerator::from_source(
      script("set(1, 1, 'floor') stat(1, 5) step{ line = 1, words = 'one cell' }\n"
             "set(2, 2, 'floor') set(3, 3, 'door') stat(1, 9) error('broken')",
             "stats = { 'n' },"),
      "t.lua");
  ASSERT_TRUE(g) << g.error().message;
  Stepper s = start_generator((*g)->spec(), (*g)->spec().schema.defaults(), 1);
  ASSERT_NE(s.next(), nullptr);
  const Grid after_first = s.grid();
  EXPECT_THROW((void)s.next(), ScriptStopped);
  EXPECT_EQ(s.grid().tiles(), after_first.tiles());
  EXPECT_EQ(s.grid().tile(s.grid().index(1, 1)), Tile::Floor);
  EXPECT_EQ(s.stats()[0], 5);
  EXPECT_TRUE(s.changes().empty());
  EXPECT_TRUE(s.done());
  EXPECT_EQ(s.next(), nullptr);
}

// The CLI takes a script where it takes a generator's name: the same map for the same seed, the
// script's own flags, and a script that stops ends in one line and exit 2.
TEST(ScriptGenerator, TheCliRunsAScriptAsAGenerator) {
  const std::string path = std::string(DUNGEN_SOURCE_DIR) + "/examples/generators/random-walk.lua";
  const auto cli = [](std::vector<std::string> args, std::string* err = nullptr) {
    std::ostringstream out, e;
    const int code = run_cli(args, out, e);
    if (err) *err = e.str();
    return std::make_pair(code, out.str());
  };
  const auto a = cli({"generate", path, "--seed", "3", "--floor-percent", "30"});
  EXPECT_EQ(a.first, 0);
  EXPECT_EQ(a.second, cli({"generate", path, "--seed", "3", "--floor-percent", "30"}).second);
  EXPECT_NE(a.second, cli({"generate", path, "--seed", "4", "--floor-percent", "30"}).second);
  std::string err;
  EXPECT_EQ(cli({"generate", path, "--floor-percent", "95"}, &err).first, 2);
  EXPECT_NE(err.find("--floor-percent"), std::string::npos) << err;
  const std::string loop = "cli-loop.lua";
  std::ofstream(loop) << script("while true do end");
  EXPECT_EQ(cli({"generate", loop}, &err).first, 2);
  EXPECT_EQ(err, "dungen: script stopped: more than 20000000 instructions in one step (line 5)\n");
  // fuzz_cli_args's finding: a script path that cannot be read was put in the error as typed, so
  // a newline in it broke the message. The path is shown escaped, once; in the messages of a
  // file whose name has a control character, the name has a '?' there.
  EXPECT_EQ(cli({"sweep", "no\r\nsuch.lua"}, &err).first, 2);
  EXPECT_EQ(err, "dungen: the script 'no\\r\\nsuch.lua': cannot read it\n");
  const std::string odd = "cli-odd\tname.lua";
  std::ofstream(odd) << "return {";
  EXPECT_EQ(cli({"generate", odd}, &err).first, 2);
  EXPECT_EQ(err,
            "dungen: the script 'cli-odd\\tname.lua': cli-odd?name.lua:1: unexpected symbol "
            "near <eof>\n");
  // A share string may name a shipped script, as the app's "copy share string" writes it.
  const auto by_name = cli({"generate", "prims-maze", "--seed", "4", "--width", "21"});
  EXPECT_EQ(by_name.first, 0);
  EXPECT_EQ(cli({"generate", "--share", "prims-maze?seed=4&width=21"}), by_name);
  EXPECT_EQ(cli({"generate", "prims-maze", "--share", "prims-maze?seed=4&width=21"}), by_name);
  // An unknown flag's hint names the script as it was given: a built-in may share its name.
  EXPECT_EQ(cli({"generate", path, "--bogus", "1"}, &err).first, 2);
  EXPECT_EQ(err, "dungen: unknown flag '--bogus' for random-walk: see 'dungen generate " + path +
                     " --help'\n");
}

}  // namespace
}  // namespace dungen::script
