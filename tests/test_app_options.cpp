// dungen-viz's command line (app/options.cpp), parsed in-process: bad input is one line naming
// the flag, the value and what is allowed; contradictions are errors; clamps are told.

#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "app/logic/headless.hpp"
#include "app/options.hpp"
#include "app_test_support.hpp"
#include "core/version.hpp"

namespace dungen::app {
namespace {

// The message of a rejected command line (and a failure if it was accepted).
std::string bad(const std::vector<std::string>& args) {
  const ParseResult r = parse_options(args);
  const auto* b = std::get_if<BadFlags>(&r);
  EXPECT_NE(b, nullptr) << "accepted";
  if (!b) return {};
  EXPECT_EQ(b->message.find('\n'), std::string::npos) << b->message;
  return b->message;
}

AppOptions good(const std::vector<std::string>& args) {
  const ParseResult r = parse_options(args);
  if (const auto* b = std::get_if<BadFlags>(&r)) ADD_FAILURE() << b->message;
  const auto* o = std::get_if<AppOptions>(&r);
  return o ? *o : AppOptions{};
}

TEST(AppOptions, AnUnknownFlagIsUnknownWhateverFollows) {
  EXPECT_EQ(bad({"--bogus"}).rfind("unknown flag '--bogus' for rooms-and-tunnels", 0), 0u);
  EXPECT_EQ(bad({"--bogus", "1"}).rfind("unknown flag '--bogus'", 0), 0u);
  EXPECT_EQ(bad({"--seed", "3", "--bogus"}).rfind("unknown flag '--bogus'", 0), 0u);
  EXPECT_EQ(bad({"--bogus", "--regions"}).rfind("unknown flag '--bogus'", 0), 0u);
  // A parameter of another generator is unknown for this one.
  EXPECT_EQ(bad({"--fill-percent", "40"}).rfind("unknown flag '--fill-percent'", 0), 0u);
  // A known flag with nothing after it is short of a value.
  EXPECT_EQ(bad({"--seed"}), "--seed needs a value (see --help)");
  EXPECT_EQ(bad({"--max-rooms"}), "--max-rooms needs a value (see --help)");
}

TEST(AppOptions, ContradictoryFlagsAreErrors) {
  EXPECT_NE(bad({"--regions", "--animate-regions"}).find("contradict"), std::string::npos);
  EXPECT_NE(bad({"--animate-regions", "--regions"}).find("contradict"), std::string::npos);
  // Every flag once, as `dungen` reads them: a repeat is an error naming it.
  EXPECT_EQ(bad({"--regions", "--regions"}), "--regions is given twice: give it once");
  EXPECT_EQ(bad({"--seed", "1", "--seed", "2"}),
            "--seed is given twice ('1', then '2'): give it once");
  EXPECT_NE(bad({"--max-rooms", "5", "--max_rooms", "6"}).find("given twice"), std::string::npos);
  EXPECT_EQ(bad({"--seed", "4", "--seed=4"}),
            "--seed is given twice ('4', then '4'): give it once");
  EXPECT_NE(
      bad({"--generator", "cellular-caves", "--generator=cellular-caves"}).find("given twice"),
      std::string::npos);
  EXPECT_NE(bad({"--steps", "5", "--back", "2", "--no-wait"}).find("contradict"),
            std::string::npos);
  EXPECT_EQ(bad({"--back", "2"}), "--back needs --steps K (step back after K steps)");
}

TEST(AppOptions, FlagEqualsValueReadsAsFlagSpaceValue) {
  const AppOptions a =
      good({"--generator=cellular-caves", "--seed=9", "--passes=2", "--size=800x600"});
  const AppOptions b =
      good({"--generator", "cellular-caves", "--seed", "9", "--passes", "2", "--size", "800x600"});
  EXPECT_EQ(a.setup.generator, "cellular-caves");
  EXPECT_EQ(a.setup.seed, 9u);
  EXPECT_EQ(a.setup.params, b.setup.params);
  EXPECT_EQ(a.width, 800);
  EXPECT_EQ(bad({"--projector=1"}), "--projector takes no value (see --help)");
  EXPECT_EQ(bad({"--generator=nope"}).rfind("--generator 'nope' is unknown", 0), 0u);
  // The screenshot's folder is checked before any window opens.
  EXPECT_EQ(bad({"--screenshot=/no/such/folder/x.png"})
                .rfind("--screenshot '/no/such/folder/x.png' cannot be written", 0),
            0u);
  // User text is shown escaped: the message stays one line.
  EXPECT_EQ(bad({"--seed=1\n2"}),
            "--seed '1\\n2' is not a whole number: allowed 0..18446744073709551615");
}

TEST(AppOptions, OverLongNumbersAreOutOfRangeWithWhatIsAllowed) {
  EXPECT_EQ(bad({"--seed", "99999999999999999999999"}),
            "--seed 99999999999999999999999 is out of range: allowed 0..18446744073709551615");
  EXPECT_EQ(bad({"--seed", "-4"}), "--seed -4 is out of range: allowed 0..18446744073709551615");
  EXPECT_EQ(bad({"--seed", "x4"}),
            "--seed 'x4' is not a whole number: allowed 0..18446744073709551615");
  EXPECT_EQ(bad({"--width", "99999999999999999999999"}),
            "--width 99999999999999999999999 is out of range: allowed 4..4096");
  EXPECT_EQ(bad({"--steps", "99999999999999999999999"}),
            "--steps 99999999999999999999999 is out of range: allowed 0..18446744073709551615");
  EXPECT_EQ(bad({"--frames", "99999999999999999999999"}),
            "--frames 99999999999999999999999 is out of range: allowed 1..100000");
  EXPECT_EQ(bad({"--frames", "0"}), "--frames 0 is out of range: allowed 1..100000");
  EXPECT_EQ(bad({"--frames", "two"}), "--frames 'two' is not a whole number: allowed 1..100000");
  EXPECT_EQ(bad({"--size", "99999999999999999999999x720"}).find("is out of range: allowed WxH"),
            std::string("--size '99999999999999999999999x720' ").size());
  EXPECT_NE(bad({"--size", "10x10"}).find("out of range"), std::string::npos);
  EXPECT_NE(bad({"--size", "axb"}).find("is not WxH"), std::string::npos);
  EXPECT_NE(bad({"--font-scale", "1e999"}).find("--font-scale 1e999 is out of range"),
            std::string::npos);
  const AppOptions o = good({"--size", "640x480", "--frames", "7", "--steps", "12"});
  EXPECT_EQ(o.width, 640);
  EXPECT_EQ(o.height, 480);
  EXPECT_EQ(o.frames, 7);
  EXPECT_EQ(o.setup.steps, 12u);
}

// The UI scale is read as a plain decimal, the same with every C++ library (the browser build's
// has no floating-point from_chars): what else strtod would take is refused.
TEST(AppOptions, TheFontScaleIsAPlainDecimal) {
  EXPECT_FLOAT_EQ(good({"--font-scale", "1.5"}).font_scale, 1.5f);
  EXPECT_FLOAT_EQ(good({"--font-scale=2"}).font_scale, 2.0f);
  EXPECT_FLOAT_EQ(good({"--font-scale", "15e-1"}).font_scale, 1.5f);
  for (const char* text : {" 1.5", "+1.5", "nan", "inf", "0x1p1", "1.5x", "", "e1", "--1"}) {
    EXPECT_NE(bad({"--font-scale", text}).find("is not a number"), std::string::npos) << text;
  }
}

// Steps past the end or back past the start are clamped, and the clamp is told (dungen-viz
// prints these lines on stderr).
TEST(AppOptions, ClampedStepsAndBackSayWhatTheyDid) {
  HeadlessSetup h = good({"--generator", "rooms-and-tunnels", "--seed", "7", "--steps", "999999999",
                          "--back", "5"})
                        .setup;
  Session s(frozen_clock(1));
  std::vector<std::string> notes;
  ASSERT_FALSE(setup_session(s, h, &notes));
  const std::uint64_t end = s.recorded();
  EXPECT_EQ(s.position(), end - 5);
  // The end is the end: a run to the end from step 0 stops there too.
  Session full(frozen_clock(1));
  h.steps.reset();
  ASSERT_FALSE(setup_session(full, h));
  EXPECT_TRUE(full.finished());
  EXPECT_EQ(full.position(), end);
  h.steps = 999999999;
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "--steps 999999999 is past the end: stopped at step " + std::to_string(end));

  h.steps = 20;
  h.back = 21;
  notes.clear();
  ASSERT_FALSE(setup_session(s, h, &notes));
  EXPECT_EQ(s.position(), 0u);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "--back 21 is past the start: stopped at step 0");

  // Far past the start costs no more than the steps there are.
  h.back = UINT64_MAX;
  notes.clear();
  ASSERT_FALSE(setup_session(s, h, &notes));
  EXPECT_EQ(s.position(), 0u);
  EXPECT_EQ(notes.size(), 1u);

  // Within the run: nothing to say.
  h.back = 20;
  notes.clear();
  ASSERT_FALSE(setup_session(s, h, &notes));
  EXPECT_EQ(s.position(), 0u);
  EXPECT_TRUE(notes.empty());
  EXPECT_EQ(steps_clamp_note(10, 10), std::nullopt);
}

}  // namespace
}  // namespace dungen::app

namespace dungen::app {
namespace {

TEST(AppOptions, VersionPrintsTheProjectVersion) {
  const ParseResult r = parse_options({"--seed", "3", "--version"});
  const auto* v = std::get_if<HelpRequested>(&r);
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->text, "dungen-viz " + std::string(version()) + "\n");
}

}  // namespace
}  // namespace dungen::app

namespace dungen::app {
namespace {

TEST(AppOptions, ComparePaneBFlagsStartFromPaneA) {
  const ParseResult r = parse_options({"--generator", "rooms-and-tunnels", "--max-rooms", "12",
                                       "--compare", "--b-room-max-size=14", "--b-seed", "9"});
  const auto* o = std::get_if<AppOptions>(&r);
  ASSERT_NE(o, nullptr) << std::get<BadFlags>(r).message;
  EXPECT_TRUE(o->compare);
  ASSERT_TRUE(o->b_params.has_value());
  EXPECT_EQ(o->b_params->get("room_max_size"), 14);
  EXPECT_EQ(o->b_params->get("max_rooms"), 12);  // A's value, not the default
  EXPECT_EQ(o->b_seed, 9u);
  const auto need = parse_options({"--b-seed", "3"});
  ASSERT_TRUE(std::holds_alternative<BadFlags>(need));
  EXPECT_NE(std::get<BadFlags>(need).message.find("need --compare"), std::string::npos);
  const auto unknown = parse_options({"--compare", "--b-depth", "3"});
  ASSERT_TRUE(std::holds_alternative<BadFlags>(unknown));
  EXPECT_NE(std::get<BadFlags>(unknown).message.find("pane B's generator"), std::string::npos);
  const auto broken =
      parse_options({"--compare", "--b-room-min-size", "9", "--b-room-max-size", "7"});
  ASSERT_TRUE(std::holds_alternative<BadFlags>(broken));
  EXPECT_EQ(std::get<BadFlags>(broken).message.rfind("pane B: ", 0), 0u);
}

// Pane B is a copy of A: with no --b-generator its --b-PARAM flags are read against A's
// generator (they were read against the first generator in the list, and then refused).
TEST(AppOptions, PaneBsParametersAreAsGeneratorWithoutBGenerator) {
  const ParseResult r = parse_options({"--generator", "cellular-caves", "--compare",
                                       "--by-fraction", "--b-width", "1024", "--b-seed", "40"});
  const auto* o = std::get_if<AppOptions>(&r);
  ASSERT_NE(o, nullptr) << std::get<BadFlags>(r).message;
  ASSERT_TRUE(o->b_params.has_value());
  EXPECT_EQ(o->b_params->get("width"), 1024);
  EXPECT_EQ(o->b_params->get("fill_percent"), 50);  // a caves parameter: A's schema
  EXPECT_TRUE(o->by_fraction);
  const auto need = parse_options({"--by-fraction"});
  ASSERT_TRUE(std::holds_alternative<BadFlags>(need));
  EXPECT_NE(std::get<BadFlags>(need).message.find("need --compare"), std::string::npos);
}

TEST(AppOptions, APresetIsTheStartAndFlagsOverrideIt) {
  const ParseResult r =
      parse_options({"--share", "cellular-caves?seed=4&fill-percent=48&regions=instant", "--seed",
                     "5", "--sweep", "20"});
  const auto* o = std::get_if<AppOptions>(&r);
  ASSERT_NE(o, nullptr) << std::get<BadFlags>(r).message;
  EXPECT_EQ(o->setup.generator, "cellular-caves");
  EXPECT_EQ(o->setup.seed, 5u);
  EXPECT_EQ(o->setup.params->get("fill_percent"), 48);
  EXPECT_EQ(o->setup.regions, RegionsMode::Instant);
  EXPECT_EQ(o->sweep_seeds, 20u);
  const auto clash =
      parse_options({"--share", "cellular-caves?seed=4", "--generator", "room-accretion"});
  ASSERT_TRUE(std::holds_alternative<BadFlags>(clash));
  EXPECT_NE(std::get<BadFlags>(clash).message.find("the preset is cellular-caves"),
            std::string::npos);
}

}  // namespace
}  // namespace dungen::app

namespace dungen::app {
namespace {

const ParseContext kPage{.page = true, .lesson_dirs = {DUNGEN_SOURCE_DIR "/presets"}};

std::string bad_in_page(const std::vector<std::string>& args) {
  const ParseResult r = parse_options(args, kPage);
  const auto* b = std::get_if<BadFlags>(&r);
  EXPECT_NE(b, nullptr) << "accepted in the page";
  return b ? b->message : std::string();
}

// The page's address is its command line: what only a desktop window can do is refused there in
// words (the same flags are fine on the desktop), and its help says how an address spells them.
TEST(AppOptions, ThePageRefusesWhatMeansNothingThereInWords) {
  EXPECT_EQ(bad_in_page({"--frames=3"}),
            "--frames means nothing in the page: a page does not exit after N frames (it is for "
            "the desktop app's scripted runs)");
  EXPECT_NE(bad_in_page({"--screenshot=x.png"}).find("export PNG downloads one"),
            std::string::npos);
  EXPECT_NE(bad_in_page({"--size=800x600"}).find("takes the browser window's size"),
            std::string::npos);
  EXPECT_NE(bad_in_page({"--no-wait"}).find("means nothing in the page"), std::string::npos);
  EXPECT_NE(bad_in_page({"--bogus=1"}).find("see dungen.html?help"), std::string::npos);
  EXPECT_EQ(good({"--frames=3"}).frames, 3);  // the desktop still takes them

  const ParseResult help = parse_options({"--help"}, kPage);
  const std::string text = std::get<HelpRequested>(help).text;
  EXPECT_NE(text.find("dungen.html?generator=cellular-caves&seed=7"), std::string::npos);
  EXPECT_EQ(text.find("  --frames N"), std::string::npos) << text;
  EXPECT_NE(text.find("Not in the page: --frames --no-wait --screenshot --size"),
            std::string::npos);
  const std::string desktop = std::get<HelpRequested>(parse_options({"--help"})).text;
  EXPECT_NE(desktop.find("  --frames N"), std::string::npos);
  EXPECT_EQ(desktop.find("dungen.html"), std::string::npos);
}

// --preset takes a lesson's name (with or without .json), and a name that is neither a file nor
// a lesson is refused with the lessons listed.
TEST(AppOptions, APresetByLessonNameAndTheLessonsListedWhenWrong) {
  for (const char* name : {"caves-dense", "caves-dense.json"}) {
    const ParseResult r = parse_options({std::string("--preset=") + name}, kPage);
    const auto* o = std::get_if<AppOptions>(&r);
    ASSERT_NE(o, nullptr) << name;
    ASSERT_TRUE(o->preset.has_value());
    EXPECT_EQ(std::string(o->preset->generator->name), "cellular-caves");
    EXPECT_EQ(o->setup.seed, 3u);
  }
  const std::string wrong = bad_in_page({"--preset=caves-dens"});
  EXPECT_NE(wrong.find("no such file, and no lesson of that name; the lessons: "
                       "bsp-rooms-libtcod, caves-dense, caves-sparse,"),
            std::string::npos)
      << wrong;
  EXPECT_NE(wrong.find("tutorial-rooms-and-tunnels"), std::string::npos);
}

}  // namespace
}  // namespace dungen::app

namespace dungen::app {
namespace {

// Issue 28: a share string (or preset) with a fork opens compare mode, pane B forked (the App
// gives options.preset->fork to pane B); flags that would set pane B otherwise are refused.
TEST(AppOptions, AShareStringsForkOpensCompareMode) {
  const AppOptions o = good({"--share", "rooms-and-tunnels?seed=7&fork=12:w=9"});
  EXPECT_TRUE(o.compare);
  ASSERT_TRUE(o.preset && o.preset->fork);
  EXPECT_EQ(fork_text(*o.preset->fork), "12:w=9");
  EXPECT_EQ(o.setup.seed, 7u);
  EXPECT_EQ(bad({"--share", "rooms-and-tunnels?fork=12:w=9", "--b-seed", "3"}),
            "the preset's fork 12:w=9 makes pane B (A's run with that draw changed, step by "
            "step): drop --b-generator, --b-seed, --b-PARAM and --by-fraction");
  EXPECT_NE(bad({"--share", "rooms-and-tunnels?fork=w=9"}).find("--share: share string: fork"),
            std::string::npos);
}

}  // namespace
}  // namespace dungen::app
