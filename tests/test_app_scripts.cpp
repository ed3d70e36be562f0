// Generator scripts in dungen-viz's logic: listed after the built-ins and picked like them; a
// script read again after an edit replaces its old version with the seed, parameters and step
// kept; a script that breaks a rule mid-run ends the run there, with its words for the log; a
// script that cannot be read again keeps the last good run and shows its error and line; and
// --script on the command line.

#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <string>

#include "app/logic/compare.hpp"
#include "app/logic/script_edit.hpp"
#include "app/logic/script_error.hpp"
#include "app/logic/session.hpp"
#include "app/logic/track.hpp"
#include "app/options.hpp"
#include "app_test_support.hpp"
#include "script/script_generator.hpp"

namespace dungen::app {
namespace {

// A script's spec, kept alive with its script (as dungen-viz's main makes them).
std::shared_ptr<const GeneratorSpec> spec_of(const std::string& source) {
  auto loaded = script::ScriptGenerator::from_source(source, "walk.lua");
  EXPECT_TRUE(loaded) << loaded.error().message;
  if (!loaded) return nullptr;
  const std::shared_ptr<const script::ScriptGenerator> g = *loaded;
  return std::shared_ptr<const GeneratorSpec>(g, &g->spec());
}

// A small walk: `verb` in its words, and `extra` run before each step (to break a rule).
std::string walk(const std::string& verb, const std::string& extra = "") {
  return "return { name = 'walk', summary = 'a test walk',\n"
         "params = { { name = 'width', default = 12, min = 4, max = 64 },\n"
         "  { name = 'height', default = 10, min = 4, max = 64 },\n"
         "  { name = 'moves', default = 40, min = 1, max = 200 } },\n"
         "pseudocode = { 'start', 'walk', 'done' },\n"
         "run = function(p)\n"
         "  step{ level = 'phase', line = 1, words = 'start' }\n"
         "  local x, y = p.width // 2, p.height // 2\n"
         "  for i = 1, p.moves do\n"
         "    " +
         extra +
         "\n"
         "    local d = draw_int('dir', 1, 4)\n"
         "    x = math.max(1, math.min(p.width - 2, x + ({ 0, 1, 0, -1 })[d]))\n"
         "    y = math.max(1, math.min(p.height - 2, y + ({ -1, 0, 1, 0 })[d]))\n"
         "    set(x, y, 'floor')\n"
         "    step{ line = 2, words = '" +
         verb +
         " to (' .. x .. ',' .. y .. ')' }\n"
         "  end\n"
         "  done{ line = 3, words = 'done' }\n"
         "end }";
}

SessionConfig with_script(std::shared_ptr<const GeneratorSpec> spec) {
  SessionConfig config = frozen_clock(1);
  config.scripts.push_back(std::move(spec));
  return config;
}

// The script shown, stepped by hand to step 12 of a 30-move walk on seed 7.
bool at_step_12(Session& s, const GeneratorSpec& script) {
  s.set_mode(RunMode::Step);
  if (!s.select_generator(script) || !s.set_param("moves", 30)) return false;
  s.set_seed(7);
  s.seek(12);
  s.finish_pending();
  return s.position() == 12;
}

TEST(AppScripts, AScriptIsListedAfterTheBuiltInsAndRunsLikeThem) {
  Session s(with_script(spec_of(walk("walk"))));
  ASSERT_EQ(s.generators().size(), all_generators().size() + 1);
  const GeneratorSpec* script = s.generators().back();
  EXPECT_EQ(script->name, "walk");
  EXPECT_EQ(s.find_generator("walk"), script);
  s.set_mode(RunMode::Step);
  ASSERT_TRUE(s.select_generator(*script));
  s.seek(1000);
  s.finish_pending();
  EXPECT_EQ(s.position(), 42u);  // begin, 40 walk steps, done
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.run_error().text, "");
}

// The edit a teacher saves: the new version takes the old one's place, on the same step, seed
// and parameters, saying the new words.
TEST(AppScripts, AReloadKeepsTheSeedTheParametersAndTheStep) {
  const auto v1 = spec_of(walk("walk"));
  Session s(with_script(v1));
  ASSERT_TRUE(at_step_12(s, *v1));
  const Grid before = s.grid();

  const auto v2 = spec_of(walk("stroll"));
  s.replace_generator(v1.get(), v2);
  s.finish_pending();
  EXPECT_EQ(&s.generator(), v2.get());
  EXPECT_EQ(s.generators().back(), v2.get());  // in the old one's place
  EXPECT_EQ(s.generators().size(), all_generators().size() + 1);
  EXPECT_EQ(s.seed(), 7u);
  EXPECT_EQ(s.params().get("moves"), 30);
  EXPECT_EQ(s.position(), 12u);
  EXPECT_TRUE(s.recorded_whole());  // replayed to its end, then back: its length is known
  EXPECT_EQ(s.recorded(), 32u);     // begin, 30 moves, done
  EXPECT_EQ(s.grid().tiles(), before.tiles());  // the same draws: the same map at step 12
  ASSERT_FALSE(s.log().empty());
  EXPECT_NE(s.log().back().text.find("stroll to ("), std::string::npos) << s.log().back().text;

  // A new version that breaks a rule after the step shown: said at once, the step kept.
  const auto late = spec_of(walk("stroll", "if i == 20 then set(99, 0, 'floor') end"));
  s.replace_generator(v2.get(), late);
  s.finish_pending();
  EXPECT_EQ(s.position(), 12u);
  EXPECT_TRUE(s.stopped_early());
  EXPECT_EQ(s.recorded(), 20u);  // begin and 19 moves
  EXPECT_EQ(s.run_error().text.rfind("walk.lua:10: set(99, 0)", 0), 0u) << s.run_error().text;
  s.replace_generator(late.get(), v2);
  s.finish_pending();

  // A new version with a shorter run: the step is as far as it goes.
  const auto v3 =
      spec_of(walk("walk").replace(walk("walk").find("default = 40"), 12, "default = 5"));
  ASSERT_TRUE(s.set_param("moves", 5));
  s.seek(7);
  s.finish_pending();
  s.replace_generator(v2.get(), v3);
  s.finish_pending();
  EXPECT_EQ(s.params().get("moves"), 5);
  EXPECT_EQ(s.position(), 7u);  // begin + 5 + done: the whole run
}

// A script that breaks a rule mid-run: the run ends at its last whole step, on screen, and the
// log's last line says why, with the line it names.
TEST(AppScripts, ARuleBrokenMidRunEndsTheRunThereWithItsWords) {
  const auto bad = spec_of(walk("walk", "if i == 10 then set(99, 0, 'floor') end"));
  Session s(with_script(bad));
  s.set_mode(RunMode::Step);
  ASSERT_TRUE(s.select_generator(*bad));
  s.seek(1000);
  s.finish_pending();
  EXPECT_EQ(s.position(), 10u);  // begin and 9 walk steps
  EXPECT_TRUE(s.finished());
  EXPECT_TRUE(s.stopped_early());
  const Session::RunError error = s.run_error();
  EXPECT_EQ(error.text, "walk.lua:10: set(99, 0): outside the 12x10 map (x 0..11, y 0..9)");
  ASSERT_EQ(script_error_line(error.text), 10);
  EXPECT_EQ(source_line(error.source, 10), "    if i == 10 then set(99, 0, 'floor') end");
  // Stepping back and forth over the end stays at the last whole step.
  s.step_back();
  s.step();
  s.step();
  s.finish_pending();
  EXPECT_EQ(s.position(), 10u);
}

// Compare mode: a script saved again (or run from the Script section) shows its new version in
// pane B too, on B's own seed and step; a script added in A is in B's list.
TEST(AppScripts, PaneBTakesTheNewVersionOfAScript) {
  const auto v1 = spec_of(walk("walk"));
  Session a(with_script(v1));
  ASSERT_TRUE(at_step_12(a, *v1));
  Comparison cmp(with_script(v1));
  cmp.copy_from(a);
  cmp.b().set_seed(9);
  cmp.follow(a);
  cmp.b().finish_pending();
  ASSERT_EQ(&cmp.b().generator(), v1.get());
  const auto v2 = spec_of(walk("stroll"));
  a.replace_generator(v1.get(), v2);
  a.finish_pending();
  cmp.follow(a);
  cmp.b().finish_pending();
  EXPECT_EQ(&cmp.b().generator(), v2.get());
  EXPECT_EQ(cmp.b().seed(), 9u);
  EXPECT_EQ(cmp.b().position(), 12u);
  EXPECT_EQ(cmp.b().generators().back(), v2.get());
  EXPECT_NE(cmp.b().log().back().text.find("stroll to ("), std::string::npos);
  const auto added = spec_of(walk("amble").replace(walk("amble").find("'walk'"), 6, "'amble'"));
  a.replace_generator(nullptr, added);
  cmp.follow(a);
  EXPECT_EQ(cmp.b().find_generator("amble"), added.get());
  EXPECT_EQ(&cmp.b().generator(), v2.get());  // added, not shown
}

TEST(AppScripts, AFileThatCannotBeReadAgainKeepsTheLastGoodRun) {
  const auto v1 = spec_of(walk("walk"));
  Session s(with_script(v1));
  s.set_mode(RunMode::Step);
  ASSERT_TRUE(s.select_generator(*v1));
  s.seek(5);
  s.finish_pending();
  s.set_script_error("walk.lua:3: unexpected symbol near ')'", "a\nb\nlocal x = )\n");
  EXPECT_EQ(&s.generator(), v1.get());
  EXPECT_EQ(s.position(), 5u);
  EXPECT_EQ(s.run_error().text, "walk.lua:3: unexpected symbol near ')'");
  EXPECT_EQ(source_line(s.run_error().source, *script_error_line(s.run_error().text)),
            "local x = )");
  s.replace_generator(v1.get(), spec_of(walk("walk")));  // fixed: the error goes
  EXPECT_EQ(s.run_error().text, "");
}

// The Script section's loader, as dungen-viz's main makes it.
const ScriptTextLoader kTextLoader =
    [](const std::string& text,
       const std::string& name) -> Checked<std::shared_ptr<const GeneratorSpec>> {
  auto loaded = script::ScriptGenerator::from_source(text, name);
  if (!loaded) return loaded.error();
  const std::shared_ptr<const script::ScriptGenerator> g = *loaded;
  return std::shared_ptr<const GeneratorSpec>(g, &g->spec());
};

// The editor holds the shown script's text until something is typed; over a built-in, nothing
// (a new script). What was typed is never replaced by a change of generator.
TEST(AppScripts, TheEditorFollowsTheShownScriptUntilTyped) {
  const auto v1 = spec_of(walk("walk"));
  Session s(with_script(v1));
  ScriptEdit edit;
  follow_generator(edit, s.generator());  // rooms-and-tunnels, a built-in
  EXPECT_EQ(edit.text, "");
  EXPECT_EQ(edit.name, kNewScriptName);
  ASSERT_TRUE(s.select_generator(*v1));
  follow_generator(edit, s.generator());
  EXPECT_EQ(edit.text, walk("walk"));
  EXPECT_EQ(edit.name, "walk.lua");
  edit.text += "\n-- typed";
  edit.edited = true;
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  follow_generator(edit, s.generator());
  EXPECT_EQ(edit.text, walk("walk") + "\n-- typed");
}

// "run": the text takes the shown script's place on the same seed, parameters and step, as a
// saved file does; the editor then follows the new version.
TEST(AppScripts, RunningTheEditedTextReplacesTheScriptInPlace) {
  const auto v1 = spec_of(walk("walk"));
  Session s(with_script(v1));
  ASSERT_TRUE(at_step_12(s, *v1));
  const Grid at_12 = s.grid();
  ScriptEdit edit;
  follow_generator(edit, s.generator());
  edit.text = walk("stroll");
  edit.edited = true;
  edit.run = true;
  EXPECT_EQ(run_script_text(s, edit, kTextLoader), v1.get());
  s.finish_pending();
  EXPECT_NE(&s.generator(), v1.get());
  EXPECT_EQ(s.generators().size(), all_generators().size() + 1);  // in v1's place
  EXPECT_EQ(s.generator().source, walk("stroll"));
  EXPECT_EQ(s.seed(), 7u);
  EXPECT_EQ(s.params().get("moves"), 30);
  EXPECT_EQ(s.position(), 12u);
  EXPECT_EQ(s.grid().tiles(), at_12.tiles());
  EXPECT_NE(s.log().back().text.find("stroll to ("), std::string::npos) << s.log().back().text;
  EXPECT_FALSE(edit.edited);
  EXPECT_FALSE(edit.run);
  EXPECT_EQ(edit.of, &s.generator());
}

// Text that does not read: the run stays, its error names the line, the text stays to be fixed.
// Text typed over a built-in is a new generator beside it. Past the size cap: refused.
TEST(AppScripts, EditedTextThatDoesNotReadKeepsTheRunAndNamesTheLine) {
  const auto v1 = spec_of(walk("walk"));
  Session s(with_script(v1));
  ASSERT_TRUE(at_step_12(s, *v1));
  ScriptEdit edit;
  follow_generator(edit, s.generator());
  edit.text = "return {\n name = 'walk',\n run = function( end }\n";
  edit.edited = true;
  EXPECT_EQ(run_script_text(s, edit, kTextLoader), nullptr);
  EXPECT_EQ(&s.generator(), v1.get());
  EXPECT_EQ(s.position(), 12u);
  ASSERT_EQ(script_error_line(s.run_error().text), 3) << s.run_error().text;
  EXPECT_EQ(s.run_error().text.rfind("walk.lua:3:", 0), 0u) << s.run_error().text;
  EXPECT_EQ(source_line(s.run_error().source, 3), " run = function( end }");
  EXPECT_FALSE(s.stopped_early());  // the run shown is whole: the text just did not read
  EXPECT_TRUE(edit.edited);

  ASSERT_TRUE(s.select_generator("drunkards-walk"));
  ScriptEdit fresh;
  follow_generator(fresh, s.generator());
  fresh.text = walk("amble");
  fresh.edited = true;
  EXPECT_EQ(run_script_text(s, fresh, kTextLoader), nullptr);  // nothing replaced
  EXPECT_EQ(s.generators().size(), all_generators().size() + 2);
  EXPECT_EQ(s.generator().source_name, kNewScriptName);
  EXPECT_EQ(s.find_generator("drunkards-walk"), find_generator("drunkards-walk"));

  fresh.text.assign(kMaxEditedScriptBytes + 1, ' ');
  EXPECT_EQ(run_script_text(s, fresh, kTextLoader), nullptr);
  EXPECT_NE(s.run_error().text.find("a script is at most 1048576 bytes"), std::string::npos)
      << s.run_error().text;
}

TEST(AppScripts, ErrorLinesAreFoundInEitherForm) {
  EXPECT_EQ(script_error_line("gen.lua:12: boom"), 12);
  EXPECT_EQ(script_error_line("script stopped: more than 5 instructions in one step (line 7)"), 7);
  EXPECT_EQ(script_error_line("script stopped: more than 64 MiB of memory in use (line 9)"), 9);
  EXPECT_EQ(script_error_line("script stopped: more than 64 MiB of memory in use"), std::nullopt);
  EXPECT_EQ(script_error_line("a.lua:: x"), std::nullopt);
  EXPECT_EQ(source_line("one\r\ntwo\nthree", 2), "two");
  EXPECT_EQ(source_line("one\ntwo", 3), "");
  // The hover shows the named line and two above it (Lua names the line where it noticed).
  EXPECT_EQ(source_excerpt("a\nb\nif x\ny = )\n", 4), "    2  b\n    3  if x\n>   4  y = )");
  EXPECT_EQ(source_excerpt("only\n", 1), ">   1  only");
  EXPECT_EQ(source_excerpt("one\ntwo\n", 3), "line 3 is not in the file");
  EXPECT_EQ(source_excerpt("", 1), "line 1 is not in the file");
}

// dungen-viz --script FILE: read with the page's loader, listed, and opened.
// A share string or preset may name a script: a shipped one, or a --script file's (the page's
// ?share= link of a script's settings).
TEST(AppScripts, AShareStringMayNameAScript) {
  ParseContext where;
  where.shipped_scripts.push_back(spec_of(walk("walk")));
  const ParseResult r = parse_options({"--share", "walk?seed=9&moves=7"}, where);
  ASSERT_TRUE(std::holds_alternative<AppOptions>(r)) << std::get<BadFlags>(r).message;
  const AppOptions& o = std::get<AppOptions>(r);
  EXPECT_EQ(o.setup.spec, where.shipped_scripts.front().get());
  EXPECT_EQ(o.setup.seed, 9u);
  ASSERT_TRUE(o.preset);
  EXPECT_EQ(o.preset->params.get("moves"), 7);
  const ParseResult none = parse_options({"--share", "walk?seed=9"});  // no scripts here
  ASSERT_TRUE(std::holds_alternative<BadFlags>(none));
  EXPECT_NE(std::get<BadFlags>(none).message.find("'walk' is not a generator"), std::string::npos);

  // In the app: a share string pasted names the script in the session's list.
  Session s(with_script(where.shipped_scripts.front()));
  const auto pasted = parse_share_string("walk?seed=5&moves=3", s.generators());
  ASSERT_TRUE(pasted.ok()) << pasted.error().message;
  EXPECT_EQ(pasted->generator, where.shipped_scripts.front().get());
}

TEST(AppScripts, ScriptFlagReadsListsAndOpensTheFile) {
  const std::string path = "app-walk.lua";
  std::ofstream(path) << walk("walk");
  ParseContext where;
  where.load_script = [](const std::string& file) -> Checked<std::shared_ptr<const GeneratorSpec>> {
    auto loaded = script::ScriptGenerator::load(file);
    if (!loaded) return loaded.error();
    const std::shared_ptr<const script::ScriptGenerator> g = *loaded;
    return std::shared_ptr<const GeneratorSpec>(g, &g->spec());
  };
  const ParseResult r = parse_options({"--script", path, "--steps", "3", "--seed", "4"}, where);
  ASSERT_TRUE(std::holds_alternative<AppOptions>(r)) << std::get<BadFlags>(r).message;
  const AppOptions& o = std::get<AppOptions>(r);
  ASSERT_EQ(o.scripts.size(), 1u);
  ASSERT_EQ(o.watched.size(), 1u);
  EXPECT_EQ(o.watched[0].path, path);
  EXPECT_EQ(o.setup.spec, o.scripts[0].get());
  EXPECT_EQ(o.setup.generator, "walk");
  // Its own parameters are flags like a built-in's.
  const ParseResult own = parse_options({"--script", path, "--moves", "3", "--width", "20"}, where);
  ASSERT_TRUE(std::holds_alternative<AppOptions>(own));
  const ParseResult bad = parse_options({"--script", "nosuch.lua"}, where);
  ASSERT_TRUE(std::holds_alternative<BadFlags>(bad));
  EXPECT_EQ(std::get<BadFlags>(bad).message, "--script 'nosuch.lua': cannot read it");
  // A file that is there but does not read as a script yet (a student's empty file): the app
  // opens on the default generator, with the file watched and its error to show.
  const std::string empty = "app-empty.lua";
  std::ofstream(empty) << "";
  const ParseResult waiting = parse_options({"--script", empty}, where);
  ASSERT_TRUE(std::holds_alternative<AppOptions>(waiting));
  const AppOptions& w = std::get<AppOptions>(waiting);
  ASSERT_EQ(w.watched.size(), 1u);
  EXPECT_EQ(w.watched[0].spec, nullptr);
  EXPECT_FALSE(w.watched[0].error.empty());
  EXPECT_EQ(w.setup.spec, all_generators().front());
  const ParseResult none = parse_options({"--script", path});  // a build without scripts
  ASSERT_TRUE(std::holds_alternative<BadFlags>(none));
  EXPECT_EQ(std::get<BadFlags>(none).message, "--script: this build runs no scripts");
}

}  // namespace
}  // namespace dungen::app
