// A preset applied to the session gives back the same preset, for every generator, and the map
// is the one the CLI makes from the same preset.

#include <gtest/gtest.h>

#include "app/logic/session_preset.hpp"
#include "app_test_support.hpp"
#include "core/runner.hpp"

namespace dungen::app {
namespace {

TEST(AppPreset, ApplyThenReadBackIsTheSamePresetForEveryGenerator) {
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(spec->name);
    const auto parsed =
        parse_share_string(std::string(spec->name) + "?seed=99&regions=instant&connectivity=4");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    Preset p = parsed.value();
    // Move the first parameter after the size off its default, within range (a generator may
    // have none but the size: then the width).
    const ParamDef& def =
        spec->schema.params[std::min<std::size_t>(2, spec->schema.params.size() - 1)];
    const std::int64_t other = p.params.get(def.name) > def.min ? def.min : def.max;
    if (!p.params.set(def.name, other) && p.params.validate()) {
      ASSERT_FALSE(p.params.set(def.name, spec->schema.defaults().get(def.name)).has_value());
    }
    Session session(frozen_clock(1));
    ASSERT_FALSE(apply_preset(session, p).has_value());
    session.finish_pending();
    const Preset back = preset_of(session);
    EXPECT_EQ(back.generator, p.generator);
    EXPECT_EQ(back.seed, 99u);
    EXPECT_EQ(back.params, p.params);
    EXPECT_EQ(back.regions, PresetRegions::Instant);
    EXPECT_EQ(back.region_params.get("connectivity"), 4);
    EXPECT_EQ(share_string(back), share_string(p));
    // The map at the end is the batch run of the same preset (regions aside).
    Stepper batch = start_generator(*p.generator, p.params, p.seed, false);
    run_to_end(batch);
    EXPECT_EQ(session.grid().tiles(), batch.grid().tiles());
  }
}

}  // namespace
}  // namespace dungen::app
