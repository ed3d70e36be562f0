// Presets and share strings (io/preset.hpp): round trips for every generator, the shipped lesson
// presets, and every kind of bad input answered with one line naming the origin and the field.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <variant>

#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "io/preset.hpp"

namespace dungen {
namespace {

// Values other than the defaults that still pass the schema: each parameter moved towards its
// minimum, kept only if the whole set stays valid.
Preset unusual_preset(const GeneratorSpec& spec) {
  Preset p = default_preset(spec);
  p.seed = 18446744073709551615ULL;  // the largest seed survives both formats
  for (const ParamDef& def : spec.schema.params) {
    const std::int64_t was = p.params.get(def.name);
    const std::int64_t other = def.kind == ParamKind::Choice ? def.choices.front() : def.min;
    if (other == was) continue;
    EXPECT_FALSE(p.params.set(def.name, other).has_value());
    if (p.params.validate()) {
      EXPECT_FALSE(p.params.set(def.name, was).has_value());
    }
  }
  EXPECT_FALSE(p.params.validate().has_value());
  p.regions = PresetRegions::Animated;
  EXPECT_FALSE(p.region_params.set("connectivity", 4).has_value());
  p.title = "Caves, \"dense\"";
  p.note = "two lines:\nand a tab\there";
  return p;
}

void expect_same(const Preset& a, const Preset& b) {
  EXPECT_EQ(a.generator, b.generator);
  EXPECT_EQ(a.seed, b.seed);
  EXPECT_EQ(a.params, b.params);
  EXPECT_EQ(a.regions, b.regions);
  EXPECT_EQ(a.region_params, b.region_params);
}

TEST(Preset, FileRoundTripForEveryGenerator) {
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(spec->name);
    const Preset p = unusual_preset(*spec);
    const auto back = parse_preset(preset_json(p), "mem.json");
    ASSERT_TRUE(back.ok()) << back.error().message;
    const Preset& q = back.value();
    expect_same(p, q);
    EXPECT_EQ(q.title, p.title);
    EXPECT_EQ(q.note, p.note);
    // And the default preset, which differs from the unusual one.
    const auto d = parse_preset(preset_json(default_preset(*spec)), "mem.json");
    ASSERT_TRUE(d.ok());
    expect_same(d.value(), default_preset(*spec));
  }
}

TEST(Preset, ShareStringRoundTripForEveryGenerator) {
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(spec->name);
    for (const Preset& p : {unusual_preset(*spec), default_preset(*spec)}) {
      const std::string s = share_string(p);
      EXPECT_EQ(s.find_first_of(" \n\t"), std::string::npos) << s;
      const auto back = parse_share_string(s + "\n");  // pasted with its newline
      ASSERT_TRUE(back.ok()) << back.error().message;
      expect_same(p, back.value());
    }
  }
}

TEST(Preset, ShareStringNeedsOnlyWhatDiffers) {
  const auto p = parse_share_string("rooms-and-tunnels?seed=7&max-rooms=12");
  ASSERT_TRUE(p.ok()) << p.error().message;
  const Preset& preset = p.value();
  EXPECT_EQ(preset.generator->name, "rooms-and-tunnels");
  EXPECT_EQ(preset.seed, 7u);
  EXPECT_EQ(preset.params.get("max_rooms"), 12);
  EXPECT_EQ(preset.params.get("width"), preset.generator->schema.defaults().get("width"));
  EXPECT_EQ(share_string(preset).rfind("rooms-and-tunnels?seed=7&width=", 0), 0u);
}

// fuzz_preset's finding: a connectivity given with regions off was dropped on the way back.
TEST(Preset, AConnectivityWithRegionsOffSurvivesTheShareString) {
  const auto p = parse_share_string("cellular-caves?seed=54&width=48&connectivity=4");
  ASSERT_TRUE(p.ok()) << p.error().message;
  const Preset& preset = p.value();
  EXPECT_EQ(preset.regions, PresetRegions::Off);
  EXPECT_EQ(preset.region_params.get("connectivity"), 4);
  const std::string again = share_string(preset);
  EXPECT_NE(again.find("&connectivity=4"), std::string::npos) << again;
  const auto back = parse_share_string(again);
  ASSERT_TRUE(back.ok()) << back.error().message;
  expect_same(preset, back.value());
  // The default connectivity, regions off: not said (the string stays short).
  const std::string plain = share_string(default_preset(*find_generator("cellular-caves")));
  EXPECT_EQ(plain.find("connectivity"), std::string::npos) << plain;
}

TEST(Preset, AMinimalFileTakesTheDefaults) {
  const auto p = parse_preset(R"({"dungen_preset": 1, "generator": "cellular-caves"})", "m.json");
  ASSERT_TRUE(p.ok()) << p.error().message;
  expect_same(p.value(), default_preset(*find_generator("cellular-caves")));
}

// JSON's -0 is a whole number, zero: seed 0 (asking its reading for an error crashed).
TEST(Preset, ASeedOfMinusZeroIsSeedZero) {
  const auto p =
      parse_preset(R"({"dungen_preset": 1, "generator": "cellular-caves", "seed": -0})", "m.json");
  ASSERT_TRUE(p.ok()) << p.error().message;
  EXPECT_EQ(p.value().seed, 0u);
  const auto bad =
      parse_preset(R"({"dungen_preset": 1, "generator": "cellular-caves", "seed": -1})", "m.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("seed: "), std::string::npos) << bad.error().message;
}

// Each bad file: the message is one line, starts with the origin and names the field.
TEST(Preset, BadFilesAreOneLineNamingTheField) {
  const std::string head = R"({"dungen_preset": 1, "generator": "rooms-and-tunnels", )";
  const struct {
    std::string text;
    std::string says;
  } cases[] = {
      {"{not json", "not valid JSON"},
      {"[1, 2]", "a JSON object"},
      {R"({"generator": "rooms-and-tunnels"})", "not a dungen preset"},
      {R"({"dungen_preset": 2, "generator": "rooms-and-tunnels"})",
       "dungen_preset: 2 is out of range"},
      {R"({"dungen_preset": 1})", "generator: missing"},
      {R"({"dungen_preset": 1, "generator": 7})",
       "generator: '7' is not a name: allowed rooms-and-tunnels, "},
      {R"({"dungen_preset": 1, "generator": "maze\nrunner"})", "'maze\\nrunner' is unknown"},
      {head + R"("colour": 1})", "unknown field 'colour'"},
      {head + R"("seed": -3})", "seed: -3 is out of range: allowed 0..18446744073709551615"},
      {head + R"("seed": 1.5})", "seed: '1.5' is not a whole number"},
      {head + R"("params": {"width": 99999}})", "params.width: width 99999 is out of range"},
      {head + R"("params": {"width": "wide"}})", "params.width: '\"wide\"' is not a whole number"},
      // Past 64 bits the JSON number is a float: still a number too big, with what is allowed.
      {head + R"("params": {"width": 99999999999999999999999}})",
       "params.width: 9.999999999999999e+22 is out of range: allowed 4..4096"},
      {head + R"("seed": 99999999999999999999999})", "seed: 9.999999999999999e+22 is out of range"},
      {head + R"("params": {"depth": 3}})", "params: rooms-and-tunnels has no parameter 'depth'"},
      {head + R"("params": {"de\npth": 3}})", "has no parameter 'de\\npth'"},
      {head + R"("params": {"room_min_size": 9, "room_max_size": 7}})",
       "params.room_min_size: room_min_size 9 is greater than room_max_size"},
      {head + R"("params": [1]})", "params: an object"},
      {head + R"("regions": "sometimes"})", "regions: 'sometimes' is not a choice"},
      {head + R"("connectivity": 6})", "connectivity: connectivity 6 is out of range"},
      {head + R"("title": 7})", "title: a string"},
      {head + R"("title": ")" + std::string(300, 'x') + R"("})", "title: 300 characters"},
      {std::string(kMaxPresetBytes + 10, ' '), "too big for a preset"},
      // fuzz_preset's finding: a number the JSON library cannot hold threw instead of refusing.
      {"1111105e5555555", "not a valid preset"},
      {head + R"("seed": 1e999})", "not a valid preset"},
      // A field given twice is refused, as a repeated flag is (the last one won silently).
      {R"({"dungen_preset": 1, "generator": "rooms-and-tunnels", "generator": "bsp-rooms"})",
       "field 'generator' is given twice"},
      {head + R"("params": {"width": 40, "width": 50}})", "field 'width' is given twice"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text.substr(0, 80));
    const auto r = parse_preset(c.text, "lesson.json");
    ASSERT_TRUE(!r.ok());
    const std::string& msg = r.error().message;
    EXPECT_EQ(msg.rfind("lesson.json: ", 0), 0u) << msg;
    EXPECT_NE(msg.find(c.says), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  }
}

TEST(Preset, BadShareStringsAreOneLine) {
  const struct {
    std::string text;
    std::string says;
  } cases[] = {
      {"", "is not a generator"},
      {"mazes?seed=1", "'mazes' is not a generator"},
      {"rooms-and-tunnels?seed=x", "seed='x' is not allowed"},
      {"rooms-and-tunnels?seed=123456789012345678901234", "seed='12345678901234567890123"},
      {"rooms-and-tunnels?width", "'width' is not name=value"},
      {"rooms-and-tunnels?width=99999", "--width 99999 is out of range"},
      {"rooms-and-tunnels?width=-4", "width='-4' is not allowed: allowed 4..4096"},
      {"rooms-and-tunnels?depth=3", "has no 'depth'"},
      {"rooms-and-tunnels?max_rooms=3", "has no 'max_rooms'"},
      {"rooms-and-tunnels?regions=maybe", "regions='maybe' is not a choice"},
      {"rooms-and-tunnels?room-min-size=9&room-max-size=7", "--room-min-size 9 is greater than"},
      {"rooms-and-tunnels?seed=1\n&x=2", "seed='1\\n' is not allowed"},
      {"rooms-and-tunnels?seed=1&seed=2", "'seed' is given twice"},
      {"rooms-and-tunnels?max-rooms=3&width=40&max-rooms=4", "'max-rooms' is given twice"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.text);
    const auto r = parse_share_string(c.text);
    ASSERT_TRUE(!r.ok());
    const std::string& msg = r.error().message;
    EXPECT_EQ(msg.rfind("share string: ", 0), 0u) << msg;
    EXPECT_NE(msg.find(c.says), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  }
}

TEST(Preset, AMissingFileSaysSo) {
  const auto r = read_preset_file("/no/such/dir/lesson.json");
  ASSERT_TRUE(!r.ok());
  EXPECT_EQ(r.error().message,
            "'/no/such/dir/lesson.json': cannot be read (no such file, or not allowed)");
}

// Every lesson preset shipped in presets/ loads, has a title and a note, and names a generator.
TEST(Preset, ShippedPresetsLoad) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(DUNGEN_SOURCE_DIR "/presets")) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().string());
    const auto r = read_preset_file(entry.path().string());
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_FALSE(r.value().title.empty());
    EXPECT_FALSE(r.value().note.empty());
    ++count;
  }
  EXPECT_GE(count, 6);
}

// The connectivity pair is one map that 4- and 8-connectivity label differently.
TEST(Preset, TheConnectivityPairShowsTheDifference) {
  std::size_t regions[2] = {0, 0};
  int i = 0;
  for (const char* name : {"connectivity-4.json", "connectivity-8.json"}) {
    const auto r = read_preset_file(std::string(DUNGEN_SOURCE_DIR "/presets/") + name);
    ASSERT_TRUE(r.ok()) << r.error().message;
    const Preset& p = r.value();
    EXPECT_EQ(p.regions, PresetRegions::Instant);
    Stepper s = start_generator(*p.generator, p.params, p.seed, false);
    while (s.next()) {
    }
    const auto connectivity = static_cast<int>(p.region_params.get("connectivity"));
    regions[i++] = label_regions(s.grid(), connectivity).sizes.size();
  }
  EXPECT_GT(regions[0], regions[1]) << "4-connectivity must find more regions than 8";
}

}  // namespace
}  // namespace dungen

namespace dungen {
namespace {

// Each level analysis has a lesson preset that runs it, and what its note says of the map is
// what the analysis finds there (the figures a student is told to watch for).
TEST(Preset, EachAnalysisHasALessonWhoseNoteSaysItsFigures) {
  const std::map<AnalysisKind, std::vector<std::string>> said = {
      {AnalysisKind::Distance, {"farthest"}},
      {AnalysisKind::Path, {"farthest_from_start", "critical_path"}},
      {AnalysisKind::DeadEnds, {"dead_ends", "longest_corridor"}},
      {AnalysisKind::Loops, {"loops", "room_loops"}},
      {AnalysisKind::Chokepoints, {"chokepoints", "largest_cut_off"}},
  };
  std::set<AnalysisKind> seen;
  for (const auto& entry : std::filesystem::directory_iterator(DUNGEN_SOURCE_DIR "/presets")) {
    if (entry.path().extension() != ".json") continue;
    const auto r = read_preset_file(entry.path().string());
    ASSERT_TRUE(r.ok()) << r.error().message;
    const Preset& p = r.value();
    if (p.analysis == AnalysisKind::Regions) continue;
    SCOPED_TRACE(entry.path().string());
    seen.insert(p.analysis);
    EXPECT_NE(p.regions, PresetRegions::Off);
    Stepper s = start_generator(*p.generator, p.params, p.seed, false);
    run_to_end(s);
    const AnalysisRun run = run_analysis(p.analysis, s.grid(), s.layout().start, p.region_params);
    for (const StatRow& row :
         analysis_spec(p.analysis).narration().stat_rows(run.stats, p.region_params)) {
      if (std::find(said.at(p.analysis).begin(), said.at(p.analysis).end(), row.key) ==
          said.at(p.analysis).end()) {
        continue;
      }
      const std::string number = std::to_string(std::get<std::int64_t>(row.value));
      EXPECT_NE(p.note.find(" " + number + " "), std::string::npos)
          << row.key << " = " << number << " is not in the note: " << p.note;
    }
  }
  EXPECT_EQ(seen.size(), said.size());
}

// The analysis travels in files and share strings, and is left out where it is the default.
TEST(Preset, TheAnalysisRoundTrips) {
  Preset p = default_preset(*find_generator("cellular-caves"));
  p.regions = PresetRegions::Animated;
  p.analysis = AnalysisKind::Chokepoints;
  const auto file = parse_preset(preset_json(p), "t.json");
  ASSERT_TRUE(file.ok()) << file.error().message;
  EXPECT_EQ(file.value().analysis, AnalysisKind::Chokepoints);
  const std::string share = share_string(p);
  EXPECT_NE(share.find("&analysis=chokepoints"), std::string::npos) << share;
  const auto back = parse_share_string(share);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back.value().analysis, AnalysisKind::Chokepoints);
  p.analysis = AnalysisKind::Regions;
  EXPECT_EQ(share_string(p).find("analysis"), std::string::npos);
  EXPECT_EQ(preset_json(p).find("analysis"), std::string::npos);
  const auto bad = parse_share_string("cellular-caves?analysis=diameter");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("allowed regions, distance, path"), std::string::npos)
      << bad.error().message;
  const auto bad_file = parse_preset(
      R"({"dungen_preset": 1, "generator": "cellular-caves", "analysis": 3})", "t.json");
  ASSERT_FALSE(bad_file.ok());
  EXPECT_NE(bad_file.error().message.find("t.json: analysis: "), std::string::npos)
      << bad_file.error().message;
}

}  // namespace
}  // namespace dungen

namespace dungen {
namespace {

// Issue 28: a fork ("fork": "STEP:NAME=VALUE") and predict mode travel in files and share
// strings, are left out when not set, and bad ones are one line naming where they came from.
TEST(Preset, TheForkAndPredictRoundTrip) {
  Preset p = default_preset(*find_generator("rooms-and-tunnels"));
  p.seed = 7;
  p.fork = DrawFork{12, "w", 1, 9};
  p.predict = true;
  const auto file = parse_preset(preset_json(p), "t.json");
  ASSERT_TRUE(file.ok()) << file.error().message;
  EXPECT_EQ(file.value().fork, p.fork);
  EXPECT_TRUE(file.value().predict);
  EXPECT_NE(preset_json(p).find("\"fork\": \"12:w=9\""), std::string::npos) << preset_json(p);
  const std::string share = share_string(p);
  EXPECT_NE(share.find("&fork=12:w=9&predict=1"), std::string::npos) << share;
  const auto back = parse_share_string(share);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back.value().fork, p.fork);
  EXPECT_TRUE(back.value().predict);
  // A later draw of one name in its step.
  p.fork = DrawFork{30, "dir", 2, 1};
  const auto second = parse_share_string(share_string(p));
  ASSERT_TRUE(second.ok()) << second.error().message;
  EXPECT_EQ(second.value().fork, p.fork);
  p.fork.reset();
  p.predict = false;
  for (const std::string& text : {share_string(p), preset_json(p)}) {
    EXPECT_EQ(text.find("fork"), std::string::npos) << text;
    EXPECT_EQ(text.find("predict"), std::string::npos) << text;
  }
}

TEST(Preset, BadForksAndPredictsAreOneLineNamingTheOrigin) {
  const struct {
    std::string text;
    std::string says;
  } shares[] = {
      {"rooms-and-tunnels?fork=12", "share string: fork '12' is not STEP:NAME=VALUE: allowed"},
      {"rooms-and-tunnels?fork=0:w=9", "has no step number from 1"},
      {"rooms-and-tunnels?fork=12:w=x", "has no whole-number value"},
      {"rooms-and-tunnels?fork=12:w=1&fork=13:w=2", "'fork' is given twice"},
      {"rooms-and-tunnels?predict=yes", "share string: predict='yes' is not allowed: allowed 0, 1"},
  };
  for (const auto& c : shares) {
    SCOPED_TRACE(c.text);
    const auto r = parse_share_string(c.text);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(c.says), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
  }
  const struct {
    std::string json;
    std::string says;
  } files[] = {
      {R"("fork": 12)", "t.json: fork: '12' is not a string: allowed \"STEP:NAME=VALUE\""},
      {R"("fork": "12:=9")", "t.json: fork '12:=9' has no draw name"},
      {R"("predict": 1)", "t.json: predict: '1' is not allowed: allowed true, false"},
  };
  for (const auto& c : files) {
    SCOPED_TRACE(c.json);
    const auto r = parse_preset(
        R"({"dungen_preset": 1, "generator": "rooms-and-tunnels", )" + c.json + "}", "t.json");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find(c.says), std::string::npos) << r.error().message;
    EXPECT_EQ(r.error().message.find('\n'), std::string::npos);
  }
}

}  // namespace
}  // namespace dungen
