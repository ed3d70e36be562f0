// The random sweep: every generator over many parameter sets drawn from its schema (the extremes
// often, map sides 4..kMaxSide), each run to the end and checked against what every generator
// promises (well-formed steps, one last step, stats of its own) and what its spec promises of its
// maps (GeneratorSpec::promises), and its JSON export parsed and checked for shape.
// DUNGEN_SWEEP_COUNT sets the number of sets per generator (default 150: seconds locally; CI runs
// thousands under the sanitizers). DUNGEN_SWEEP_SEED changes the draws (the failing set's seed and
// values are printed).

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include "../param_sampler.hpp"
#include "analysis/regions.hpp"
#include "core/runner.hpp"
#include "generators/map_promises.hpp"
#include "generators/registry.hpp"
#include "io/map_export.hpp"

using namespace dungen;
using nlohmann::json;

namespace {

constexpr std::int64_t kMaxSide = 48;

std::uint64_t env_number(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : fallback;
}

std::string describe(const ParamValues& p, std::uint64_t seed) {
  std::string out = "seed " + std::to_string(seed);
  const auto& defs = p.schema().params;
  for (std::size_t i = 0; i < defs.size(); ++i) {
    out += " --" + kebab_case(defs[i].name) + " " + std::to_string(p.values()[i]);
  }
  return out;
}

// The export's shape: every documented field, the tiles as wide and high as the map, the
// parameters and stats as the run had them.
void check_json(const GeneratorSpec& spec, const Stepper& s, std::uint64_t seed,
                std::uint64_t steps, const RegionMap* regions) {
  std::string text;
  write_json({spec, s.params(), seed, s.grid(), s.layout(), steps, s.stats(), regions},
             [&](std::string_view piece) { text += piece; });
  const json doc = json::parse(text);
  ASSERT_EQ(doc["generator"], std::string(spec.name));
  EXPECT_EQ(doc["seed"], seed);
  EXPECT_EQ(doc["width"], s.grid().width());
  EXPECT_EQ(doc["height"], s.grid().height());
  EXPECT_EQ(doc["steps"], steps);
  const auto& defs = spec.schema.params;
  ASSERT_EQ(doc["params"].size(), defs.size());
  for (std::size_t i = 0; i < defs.size(); ++i) {
    EXPECT_EQ(doc["params"][std::string(defs[i].name)], s.params().values()[i]);
  }
  ASSERT_TRUE(doc["legend"].is_object());
  ASSERT_EQ(doc["tiles"].size(), static_cast<std::size_t>(s.grid().height()));
  for (const json& row : doc["tiles"]) {
    ASSERT_EQ(row.get<std::string>().size(), static_cast<std::size_t>(s.grid().width()));
  }
  ASSERT_EQ(doc["rooms"].size(), s.layout().rooms.size());
  ASSERT_TRUE(doc["stats"].contains("floor_fraction"));
  for (const StatRow& row : spec.narration.stat_rows(s.stats(), s.params())) {
    EXPECT_TRUE(doc["stats"].contains(row.key)) << row.key;
  }
  EXPECT_EQ(doc.contains("regions"), regions != nullptr);
  if (regions) {
    std::int64_t cells = 0;
    for (const json& n : doc["regions"]["sizes"]) cells += n.get<std::int64_t>();
    EXPECT_EQ(cells, static_cast<std::int64_t>(s.grid().count_walkable()));
  }
}

class Sweep : public ::testing::TestWithParam<const GeneratorSpec*> {};

TEST_P(Sweep, RandomParameterSetsKeepEveryPromise) {
  const GeneratorSpec& spec = *GetParam();
  ASSERT_TRUE(spec.promises) << "declare what " << spec.name
                             << "'s maps promise (its spec's .promises)";
  const std::uint64_t count = env_number("DUNGEN_SWEEP_COUNT", 150);
  std::mt19937_64 engine(env_number("DUNGEN_SWEEP_SEED", 1) ^
                         std::hash<std::string_view>{}(spec.name));
  auto pick = [&](std::uint64_t n) { return n == 0 ? 0 : engine() % n; };
  std::uint64_t runs = 0, unrepairable = 0;
  std::map<std::string, std::set<std::int64_t>> extremes_seen;
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::optional<ParamValues> p = test_support::sample_params(spec.schema, pick, kMaxSide);
    const std::uint64_t seed = engine();
    if (!p) {
      ++unrepairable;
      continue;
    }
    SCOPED_TRACE(describe(*p, seed));
    for (const ParamDef& d : spec.schema.params) {
      const std::int64_t v = p->get(d.name);
      if (v == d.min || v == d.max) extremes_seen[std::string(d.name)].insert(v);
    }
    // Every other run records its changes, so both paths through the canvas are swept.
    Stepper s = start_generator(spec, *p, seed, i % 2 == 0);
    std::uint64_t steps = 0;
    bool saw_last = false;
    while (const Step* step = s.next()) {
      ++steps;
      ASSERT_FALSE(saw_last) << "a step after the last one";
      ASSERT_GE(step->line, 0);
      ASSERT_LT(static_cast<std::size_t>(step->line), spec.narration.pseudocode.size());
      if (i % 2 == 0) {
        for (const CellChange& c : s.changes()) ASSERT_LT(c.index, s.grid().size());
      }
      if (step->last || steps % 4096 == 0) {
        const std::string w = spec.narration.words(*step, s.params());
        ASSERT_FALSE(w.empty());
        ASSERT_EQ(w.find('\n'), std::string::npos) << w;
      }
      saw_last = saw_last || step->last;
    }
    ASSERT_TRUE(saw_last);
    ASSERT_EQ(s.stats().size(), spec.narration.stat_slots);
    for (const Layout::Room& r : s.layout().rooms) {
      ASSERT_GE(r.bounds.x, 0);
      ASSERT_GE(r.bounds.y, 0);
      ASSERT_LE(r.bounds.right(), s.grid().width());
      ASSERT_LE(r.bounds.bottom(), s.grid().height());
    }
    if (const std::optional<Point> start = s.layout().start) {
      ASSERT_TRUE(is_walkable(s.grid().at(start->x, start->y)));
    }
    for (const std::string& promise : broken_promises(spec, s)) {
      ADD_FAILURE() << spec.name << " broke its promise: " << promise;
    }
    std::optional<RegionMap> regions;
    if (i % 3 == 0) regions = label_regions(s.grid(), i % 2 == 0 ? 4 : 8);
    check_json(spec, s, seed, steps, regions ? &*regions : nullptr);
    if (HasFailure()) return;  // one failing set is enough to read
    ++runs;
  }
  // The sweep reached the schema's corners, not just its middle.
  if (count >= 100) {
    for (const ParamDef& d : spec.schema.params) {
      if (d.name == "width" || d.name == "height") continue;
      EXPECT_FALSE(extremes_seen[std::string(d.name)].empty()) << d.name << " never at an extreme";
    }
  }
  EXPECT_LE(unrepairable * 10, count) << "most sets repair into valid ones";
  std::printf("%s: %llu parameter sets run\n", std::string(spec.name).c_str(),
              static_cast<unsigned long long>(runs));
}

std::string spec_name(const ::testing::TestParamInfo<const GeneratorSpec*>& info) {
  std::string n(info.param->name);
  std::replace(n.begin(), n.end(), '-', '_');
  return n;
}

INSTANTIATE_TEST_SUITE_P(Registry, Sweep,
                         ::testing::ValuesIn(all_generators().begin(), all_generators().end()),
                         spec_name);

}  // namespace
