// The parity test of issue 26: two built-ins written against the script API, each giving its
// built-in's run bit for bit: examples/generators/drunkards-walk.lua (walkers, bias, restarts,
// trails) and examples/generators/rooms-and-tunnels.lua (rooms, rejections, labels, tunnels).
// For seeds 1..100 (and the variants below), every step's level, line, words, caption, draws and
// how they read, cell changes and overlay items, then the map (labels included), the stats and
// the layout; and the CLI's trace and JSON, byte for byte. So the API can say everything a C++
// generator says.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "core/stepper.hpp"
#include "script/script_generator.hpp"

namespace dungen::script {
namespace {

using Settings = std::vector<std::pair<std::string, std::int64_t>>;

// A built-in and its twin script, with the settings that reach every branch of the built-in.
struct Twin {
  std::string built_in;                         // "drunkards-walk"
  std::string file;                             // in examples/generators
  std::vector<Settings> variants;               // each run for seeds 1..10
  std::vector<std::vector<std::string>> flags;  // CLI runs, each a seed and flags
};

const std::vector<Twin>& twins() {
  static const std::vector<Twin> all = {
      {"drunkards-walk",
       "drunkards-walk.lua",
       // Several walkers, restarts, the bias (won with and without a wall neighbour), a random
       // start, no border, and both early stops.
       {
           {{"walkers", 3}, {"restart_after", 40}, {"bias_percent", 50}, {"start", 1}},
           {{"width", 30}, {"height", 20}, {"bias_percent", 100}, {"border", 0}},
           {{"max_steps", 50}},
           {{"width", 10}, {"height", 10}, {"target_percent", 100}},
           {{"width", 4}, {"height", 4}, {"walkers", 2}, {"restart_after", 1}, {"start", 1}},
       },
       {{"--seed", "3"},
        {"--seed", "8", "--walkers", "2", "--restart-after", "30", "--bias-percent", "40",
         "--start", "1"}}},
      {"rooms-and-tunnels",
       "rooms-and-tunnels.lua",
       // Crowded maps (most tries rejected, touching and overlapping; rooms carved over tunnels),
       // the smallest map, rooms of one size, and a big map of big rooms.
       {
           {{"max_rooms", 300}},
           {{"width", 24},
            {"height", 16},
            {"max_rooms", 80},
            {"room_min_size", 2},
            {"room_max_size", 5}},
           {{"width", 4}, {"height", 4}, {"room_min_size", 2}, {"room_max_size", 3}},
           {{"room_min_size", 8}, {"room_max_size", 8}, {"max_rooms", 60}},
           {{"width", 300}, {"height", 120}, {"max_rooms", 200}, {"room_max_size", 40}},
       },
       {{"--seed", "3"},
        {"--seed", "8", "--width", "30", "--height", "20", "--max-rooms", "90", "--room-min-size",
         "2", "--room-max-size", "6"}}},
  };
  return all;
}

// The two runs of one seed in lockstep; the first difference, in words (empty: none).
std::string first_difference(const GeneratorSpec& built_in, const GeneratorSpec& scripted,
                             const Settings& settings, std::uint64_t seed) {
  ParamValues a = built_in.schema.defaults(), b = scripted.schema.defaults();
  for (const auto& [name, value] : settings) {
    if (a.set(name, value) || b.set(name, value)) return "cannot set " + name;
  }
  Stepper x = start_generator(built_in, a, seed), y = start_generator(scripted, b, seed);
  constexpr int kMaxSteps = 10'000'000;
  for (int n = 1; n <= kMaxSteps; ++n) {
    const Step* s = x.next();
    const Step* t = y.next();
    const std::string at = "step " + std::to_string(n) + ": ";
    if (!s || !t) {
      if (s || t) return at + (s ? "the script ended first" : "the script went on");
      break;
    }
    if (s->level != t->level || s->line != t->line || s->last != t->last) {
      return at + "level, line or last";
    }
    const Narration& nx = built_in.narration;
    const Narration& ny = scripted.narration;
    if (nx.words(*s, a) != ny.words(*t, b)) return at + nx.words(*s, a) + " / " + ny.words(*t, b);
    if (nx.caption(*s, a) != ny.caption(*t, b)) {
      return at + "caption '" + nx.caption(*s, a) + "' / '" + ny.caption(*t, b) + "'";
    }
    if (!std::ranges::equal(x.draws(), y.draws())) return at + "draws";
    const std::string dx = step_draws_text(nx, *s, x.draws(), a);
    const std::string dy = step_draws_text(ny, *t, y.draws(), b);
    if (dx != dy) return at + "draws read '" + dx + "' / '" + dy + "'";
    if (!std::ranges::equal(x.changes(), y.changes())) return at + "cell changes";
    if (s->overlay != t->overlay) return at + "overlay";
  }
  if (x.grid() != y.grid()) return "the map";  // every layer: tiles, labels, regions, marks
  if (x.layout().start != y.layout().start) return "the start";
  const std::vector<Layout::Room>& ra = x.layout().rooms;
  const std::vector<Layout::Room>& rb = y.layout().rooms;
  if (!std::ranges::equal(ra, rb, [](const Layout::Room& p, const Layout::Room& q) {
        return p.id == q.id && p.bounds == q.bounds && p.rectangular == q.rectangular &&
               p.cells == q.cells;
      })) {
    return "the rooms";
  }
  const std::vector<StatRow> rx = built_in.narration.stat_rows(x.stats(), a);
  const std::vector<StatRow> ry = scripted.narration.stat_rows(y.stats(), b);
  if (rx.size() != ry.size()) return "stat rows";
  for (std::size_t i = 0; i < rx.size(); ++i) {
    if (rx[i].key != ry[i].key || rx[i].label != ry[i].label || rx[i].value != ry[i].value) {
      return "stat " + rx[i].key + " / " + ry[i].key;
    }
  }
  return "";
}

class ScriptParity : public ::testing::TestWithParam<Twin> {
 protected:
  void SetUp() override {
    script_path_ = std::string(DUNGEN_SOURCE_DIR) + "/examples/generators/" + GetParam().file;
    auto loaded = ScriptGenerator::load(script_path_);
    ASSERT_TRUE(loaded) << loaded.error().message;
    script_ = *loaded;
    built_in_ = find_generator(GetParam().built_in);
    ASSERT_NE(built_in_, nullptr);
  }
  std::string script_path_;
  std::shared_ptr<const ScriptGenerator> script_;
  const GeneratorSpec* built_in_ = nullptr;
};

TEST_P(ScriptParity, TheNameSchemaAndPseudocodeAreTheBuiltIns) {
  // The name picks the random stream: the twin keeps it.
  EXPECT_EQ(built_in_->name, script_->spec().name);
  EXPECT_EQ(built_in_->summary, script_->spec().summary);
  const Schema& a = built_in_->schema;
  const Schema& b = script_->spec().schema;
  ASSERT_EQ(a.params.size(), b.params.size());
  for (std::size_t i = 0; i < a.params.size(); ++i) {
    SCOPED_TRACE(std::string(a.params[i].name));
    EXPECT_EQ(a.params[i].name, b.params[i].name);
    EXPECT_EQ(a.params[i].kind, b.params[i].kind);
    EXPECT_EQ(a.params[i].min, b.params[i].min);
    EXPECT_EQ(a.params[i].max, b.params[i].max);
    EXPECT_EQ(a.params[i].def, b.params[i].def);
    EXPECT_EQ(a.params[i].help, b.params[i].help);
    EXPECT_EQ(a.params[i].choices, b.params[i].choices);
    EXPECT_EQ(a.params[i].choice_names, b.params[i].choice_names);
  }
  EXPECT_TRUE(
      std::ranges::equal(built_in_->narration.pseudocode, script_->spec().narration.pseudocode));
}

TEST_P(ScriptParity, SeedsOneToAHundredStepForStep) {
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    EXPECT_EQ(first_difference(*built_in_, script_->spec(), {}, seed), "") << "seed " << seed;
  }
}

TEST_P(ScriptParity, EveryVariantStepForStep) {
  const std::vector<Settings>& variants = GetParam().variants;
  for (const Settings& settings : variants) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      EXPECT_EQ(first_difference(*built_in_, script_->spec(), settings, seed), "")
          << "seed " << seed << ", variant " << &settings - variants.data();
    }
  }
}

// The CLI's outputs, byte for byte: the trace (one line a step: level, line, code, words, draws,
// changes) and the JSON (map, labels, params, start, rooms, stats).
TEST_P(ScriptParity, TheCliWritesTheSameTraceAndJson) {
  const auto run = [](const std::string& generator, const std::string& trace,
                      const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"generate", generator, "--format", "json", "--trace", trace};
    args.insert(args.end(), extra.begin(), extra.end());
    std::ostringstream out, err;
    EXPECT_EQ(run_cli(args, out, err), 0) << err.str();
    std::ifstream in(trace);
    std::stringstream t;
    t << in.rdbuf();
    return out.str() + t.str();
  };
  for (const std::vector<std::string>& extra : GetParam().flags) {
    EXPECT_EQ(run(GetParam().built_in, "parity-a.jsonl", extra),
              run(script_path_, "parity-b.jsonl", extra));
  }
}

// "rooms-and-tunnels" -> "rooms_and_tunnels" (a test's name has no '-').
std::string twin_name(const ::testing::TestParamInfo<Twin>& twin) {
  std::string name = twin.param.built_in;
  for (char& c : name) {
    if (c == '-') c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Twins, ScriptParity, ::testing::ValuesIn(twins()), twin_name);

}  // namespace
}  // namespace dungen::script
