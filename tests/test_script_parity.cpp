// The parity test of issue 26: examples/generators/drunkards-walk.lua, the built-in drunkard's walk
// written against the script API, gives the built-in's run bit for bit: for seeds 1..100 (and
// the variants below), every step's level, line, words, caption, draws and how they read, cell
// changes and overlay items, then the map, the stats and the layout; and the CLI's trace and
// JSON, byte for byte. So the API can say everything a C++ generator says.

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

const std::string kScript =
    std::string(DUNGEN_SOURCE_DIR) + "/examples/generators/drunkards-walk.lua";

// The two runs of one seed in lockstep; the first difference, in words (empty: none).
std::string first_difference(const GeneratorSpec& built_in, const GeneratorSpec& scripted,
                             const std::vector<std::pair<std::string, std::int64_t>>& settings,
                             std::uint64_t seed) {
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
  if (x.grid().tiles() != y.grid().tiles()) return "the map";
  if (x.layout().start != y.layout().start) return "the start";
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

class DrunkardsWalkParity : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = ScriptGenerator::load(kScript);
    ASSERT_TRUE(loaded) << loaded.error().message;
    script_ = *loaded;
    built_in_ = find_generator("drunkards-walk");
    ASSERT_NE(built_in_, nullptr);
  }
  std::shared_ptr<const ScriptGenerator> script_;
  const GeneratorSpec* built_in_ = nullptr;
};

TEST_F(DrunkardsWalkParity, TheSchemaIsTheBuiltIns) {
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

TEST_F(DrunkardsWalkParity, SeedsOneToAHundredStepForStep) {
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    EXPECT_EQ(first_difference(*built_in_, script_->spec(), {}, seed), "") << "seed " << seed;
  }
}

// Every branch of the built-in: several walkers, restarts, the bias (won with and without a wall
// neighbour), a random start, no border, and both early stops.
TEST_F(DrunkardsWalkParity, EveryVariantStepForStep) {
  const std::vector<std::vector<std::pair<std::string, std::int64_t>>> variants = {
      {{"walkers", 3}, {"restart_after", 40}, {"bias_percent", 50}, {"start", 1}},
      {{"width", 30}, {"height", 20}, {"bias_percent", 100}, {"border", 0}},
      {{"max_steps", 50}},
      {{"width", 10}, {"height", 10}, {"target_percent", 100}},
      {{"width", 4}, {"height", 4}, {"walkers", 2}, {"restart_after", 1}, {"start", 1}},
  };
  for (const auto& settings : variants) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
      EXPECT_EQ(first_difference(*built_in_, script_->spec(), settings, seed), "")
          << "seed " << seed << ", variant " << &settings - variants.data();
    }
  }
}

// The CLI's outputs, byte for byte: the trace (one line a step: level, line, code, words, draws,
// changes) and the JSON (map, params, start, rooms, stats).
TEST_F(DrunkardsWalkParity, TheCliWritesTheSameTraceAndJson) {
  const auto run = [](const std::string& generator, const std::string& trace,
                      std::vector<std::string> extra) {
    std::vector<std::string> args = {"generate", generator, "--format", "json", "--trace", trace};
    args.insert(args.end(), extra.begin(), extra.end());
    std::ostringstream out, err;
    EXPECT_EQ(run_cli(args, out, err), 0) << err.str();
    std::ifstream in(trace);
    std::stringstream t;
    t << in.rdbuf();
    return out.str() + t.str();
  };
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{"--seed", "3"},
        std::vector<std::string>{"--seed", "8", "--walkers", "2", "--restart-after", "30",
                                 "--bias-percent", "40", "--start", "1"}}) {
    EXPECT_EQ(run("drunkards-walk", "parity-a.jsonl", extra),
              run(kScript, "parity-b.jsonl", extra));
  }
}

}  // namespace
}  // namespace dungen::script
