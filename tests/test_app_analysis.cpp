// The app's analysis choice (Session::set_analysis): each level analysis follows the generator
// the way the flood fill does, animated (its own steps on the timeline, its own pseudocode and
// stats, stepping back into the generator) or instant (its last map and stats at the generator's
// end), on the worker for a big map; an analysis of amounts gives the heat map its top, which is
// the largest number its layer ever holds.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "analysis/analysis.hpp"
#include "analysis/regions.hpp"
#include "app/logic/session.hpp"
#include "app_test_support.hpp"
#include "core/runner.hpp"
#include "generators/registry.hpp"
#include "grid_layers.hpp"

namespace dungen::app {
namespace {

struct Made {
  Grid map;
  std::optional<Point> start;
  std::uint64_t steps = 0;
};

Made generated(const Session& s) {
  Stepper st = start_generator(s.generator(), s.params(), s.seed(), false);
  const std::uint64_t steps = run_to_end(st).steps;
  return {st.grid(), st.layout().start, steps};
}

class AppAnalysis : public ::testing::TestWithParam<AnalysisKind> {};

TEST_P(AppAnalysis, AnimatedAndInstantEndOnTheAnalysisMapWithItsStats) {
  const AnalysisSpec& a = analysis_spec(GetParam());
  for (const char* generator : {"rooms-and-tunnels", "cellular-caves", "rooms-and-mazes"}) {
    SCOPED_TRACE(std::string(generator) + ", " + std::string(a.name));
    Session animated(frozen_clock(7));
    Session instant(frozen_clock(7));
    for (Session* s : {&animated, &instant}) {
      ASSERT_TRUE(s->select_generator(generator));
      s->set_analysis(a.kind);
      EXPECT_EQ(s->analysis(), a.kind);
    }
    animated.set_regions_mode(RegionsMode::Animated);
    instant.set_regions_mode(RegionsMode::Instant);
    animated.finish_pending();
    instant.finish_pending();
    animated.run_to_end();
    animated.finish_pending();
    ASSERT_TRUE(animated.finished());
    ASSERT_TRUE(instant.finished());

    const Made made = generated(animated);
    const ParamValues params = region_schema().defaults();
    const AnalysisRun want = run_analysis(a.kind, made.map, made.start, params);
    EXPECT_EQ(animated.grid(), want.map);
    EXPECT_EQ(instant.grid(), want.map);
    EXPECT_EQ(animated.shown_analysis(), a.kind);
    EXPECT_EQ(instant.shown_analysis(), a.kind);
    const std::vector<StatRow> rows = a.narration().stat_rows(want.stats, params);
    for (Session* s : {&animated, &instant}) {
      const LiveStats st = s->stats();
      // (The instant regions' figures are the tally's: st.regions.)
      if (s == &instant && a.kind == AnalysisKind::Regions) continue;
      ASSERT_EQ(st.flood_fill.size(), rows.size());
      for (std::size_t i = 0; i < rows.size(); ++i) {
        EXPECT_EQ(st.flood_fill[i].key, rows[i].key);
        EXPECT_EQ(st.flood_fill[i].text, rows[i].text);
      }
      // The flood fill's region count is the regions' only: another analysis's numbers are not
      // regions.
      EXPECT_EQ(st.regions.has_value(), a.kind == AnalysisKind::Regions);
      // The heat map's top: the largest number on the map, for amounts; none for ids.
      const std::vector<std::int32_t> layer = s->grid().region_values();
      const std::int32_t largest =
          layer.empty() ? 0 : *std::max_element(layer.begin(), layer.end());
      if (a.values == AnalysisValues::Amounts) {
        EXPECT_EQ(s->heat_max(), std::max(1, largest));
      } else {
        EXPECT_EQ(s->heat_max(), 0);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Kinds, AppAnalysis,
                         ::testing::Values(AnalysisKind::Regions, AnalysisKind::Distance,
                                           AnalysisKind::Path, AnalysisKind::DeadEnds,
                                           AnalysisKind::Loops, AnalysisKind::Chokepoints),
                         [](const auto& kind) {
                           std::string name(analysis_spec(kind.param).name);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// The analysis's steps follow the generator's on one timeline: its pseudocode and words while
// there, the heat map's top the same at every step (one scale for the whole run), and a step back
// from its first step is the generator's end again.
TEST(AppAnalysisTimeline, TheAnalysisStepsFollowTheGeneratorsWithOneHeatScale) {
  Session s(frozen_clock(7));
  ASSERT_TRUE(s.select_generator("rooms-and-tunnels"));
  s.set_mode(RunMode::Step);
  s.set_analysis(AnalysisKind::Distance);
  s.set_regions_mode(RegionsMode::Animated);
  s.regenerate();
  const Made made = generated(s);
  s.seek(made.steps);
  s.finish_pending();
  ASSERT_EQ(s.phase(), Phase::Generator);
  EXPECT_EQ(s.heat_max(), 0);

  s.step();
  ASSERT_EQ(s.phase(), Phase::Regions);
  const Narration& n = analysis_spec(AnalysisKind::Distance).narration();
  EXPECT_EQ(s.pseudocode().data(), n.pseudocode.data());
  ASSERT_NE(s.current_step(), nullptr);
  EXPECT_EQ(s.current_step()->event.kind, kEventBegin);
  EXPECT_EQ(s.current_step()->event.at, *made.start);  // the player start
  const std::int32_t top = s.heat_max();
  EXPECT_GT(top, 0);
  for (int i = 0; i < 200; ++i) {
    s.step();
    ASSERT_EQ(s.heat_max(), top);
    const std::vector<std::int32_t> layer = s.grid().region_values();
    ASSERT_LE(*std::max_element(layer.begin(), layer.end()), top);
  }
  s.seek(made.steps);
  s.finish_pending();
  EXPECT_EQ(s.phase(), Phase::Generator);
  EXPECT_EQ(s.grid(), made.map);
  EXPECT_EQ(s.heat_max(), 0);

  // Choosing another analysis mid-run starts that one at the same branch.
  s.set_analysis(AnalysisKind::Chokepoints);
  s.seek(made.steps + 1);
  s.finish_pending();
  EXPECT_EQ(s.pseudocode().data(),
            analysis_spec(AnalysisKind::Chokepoints).narration().pseudocode.data());
}

// A big map's instant analysis is made on the worker, as the regions are.
TEST(AppAnalysisTimeline, AnInstantAnalysisOfABigMapIsMadeOnTheWorker) {
  Session s(frozen_clock(7));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_map_size(2048, 1024);
  s.finish_pending();
  ASSERT_TRUE(s.finished());
  s.set_mode(RunMode::Step);
  s.set_analysis(AnalysisKind::Distance);
  s.set_regions_mode(RegionsMode::Instant);
  EXPECT_TRUE(s.busy());
  for (int frame = 0; frame < 200000 && s.busy(); ++frame) {
    s.update(1.0 / 60);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_FALSE(s.busy());
  const Made made = generated(s);
  EXPECT_EQ(s.grid(), analyse_at_once(AnalysisKind::Distance, made.map, made.start,
                                      region_schema().defaults()));
  EXPECT_GT(s.heat_max(), 0);
}

}  // namespace
}  // namespace dungen::app
