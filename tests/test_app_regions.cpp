// Regions in the app: the flood-fill stepper's steps after the generator's on one scrubber, or
// the instant fast path; both must label the map exactly as label_regions does.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>
#include <thread>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "app/logic/region_phase.hpp"
#include "app/logic/session.hpp"
#include "app/logic/track.hpp"
#include "app/map_texture.hpp"
#include "app_test_support.hpp"
#include "core/runner.hpp"
#include "generators/registry.hpp"
#include "grid_layers.hpp"

namespace dungen::app {
namespace {

Grid batch_grid(const Session& s, std::uint64_t steps = UINT64_MAX) {
  Stepper st = start_generator(s.generator(), s.params(), s.seed(), false);
  run_steps(st, steps);
  return st.grid();
}

class AppRegions : public ::testing::TestWithParam<const char*> {};

// The region phase starts from a copy of the generator's map that shares its tiles and room
// labels (core/grid.hpp): at 4096x4096 that is 80 MB not copied. The analysis writes only its own
// layer, so at its end the layers are still shared, and the generator's map is as it was.
TEST(AppRegionPhase, SharesTheGeneratorsTilesAndLabels) {
  const GeneratorSpec& spec = *find_generator("bsp-rooms");
  Stepper gen = start_generator(spec, ParamValues(spec.schema), 3, false);
  run_to_end(gen);
  const Grid& map = gen.grid();
  ASSERT_TRUE(map.has_labels());
  const Grid before = map;
  const ParamValues region_params(region_schema());
  for (const RegionsMode mode : {RegionsMode::Instant, RegionsMode::Animated}) {
    RegionPhase p = make_region_phase(map, MapTally::of(map), mode, AnalysisKind::Regions,
                                      std::nullopt, region_params, kDefaultHistoryBytes, 9);
    while (p.forward()) {
    }
    const Grid& shown = p.labelled ? *p.labelled : p.flood->grid();
    EXPECT_TRUE(shown.shares_tiles_with(map)) << static_cast<int>(mode);
    EXPECT_TRUE(shown.shares_labels_with(map)) << static_cast<int>(mode);
    EXPECT_EQ(shown.region_values(), label_regions(map, 8).labels);
    EXPECT_FALSE(map.has_regions());
    EXPECT_EQ(map, before);
  }
}

// Going back into the generator's steps after an analysis was made writes the generator's labels:
// shared with the analysis's map they would be copied first (room accretion's at 4096x4096: 64 MB
// more at the peak). The analysis's map lends them while the generator is away from the branch, so
// the generator writes its own in place, and takes them back, the same cells, when the generator
// stands at the branch again: by a seek, by single steps, or from the instant labels' side.
TEST(AppRegionPhase, LendsItsLabelsWhileTheGeneratorIsAwayFromTheBranch) {
  const GeneratorSpec& spec = *find_generator("room-accretion");
  const ParamValues params(spec.schema);
  const auto cells_of = [](const Grid& g) -> const void* {
    const IdLayer& l = g.label_layer();
    return l.narrow() ? static_cast<const void*>(l.narrow()) : static_cast<const void*>(l.wide());
  };
  const auto batch = [&](std::uint64_t steps) {
    Stepper st = start_generator(spec, params, 5, false);
    run_steps(st, steps);
    return st.grid();
  };
  for (const RegionsMode mode : {RegionsMode::Animated, RegionsMode::Instant}) {
    SCOPED_TRACE(mode == RegionsMode::Animated ? "animated" : "instant");
    Track t(spec, params, 5, kDefaultHistoryBytes);
    t.set_regions(mode, ParamValues(region_schema()));
    while (t.forward()) {
    }
    const Timeline& gen = t.generator_timeline();
    const std::uint64_t g = gen.cursor();
    ASSERT_TRUE(gen.stepper().done());
    ASSERT_TRUE(t.has_regions());
    const Grid& phase_map = t.grid();  // the flood fill's map at its end, or the labelled copy
    ASSERT_NE(&phase_map, &gen.grid());
    const std::vector<std::int32_t> regions = phase_map.region_values();
    const std::vector<std::int32_t> labels = phase_map.label_values();
    ASSERT_TRUE(phase_map.shares_labels_with(gen.grid()));
    const void* cells = cells_of(gen.grid());

    t.jump(g / 2);
    EXPECT_TRUE(phase_map.lends_labels());
    EXPECT_EQ(cells_of(gen.grid()), cells) << "the generator's labels were copied";
    EXPECT_EQ(gen.grid(), batch(g / 2));
    for (int i = 0; i < 5; ++i) ASSERT_TRUE(t.back());
    for (int i = 0; i < 3; ++i) ASSERT_TRUE(t.forward());
    EXPECT_EQ(cells_of(gen.grid()), cells);

    t.jump(g);
    EXPECT_FALSE(phase_map.lends_labels());
    EXPECT_TRUE(phase_map.shares_labels_with(gen.grid()));
    EXPECT_EQ(phase_map.label_values(), labels);
    if (mode == RegionsMode::Instant) {
      EXPECT_EQ(&t.grid(), &phase_map);  // the labels show again
      EXPECT_EQ(t.grid().region_values(), regions);
      // One step back from the branch and one forward: lent and taken back by single steps.
      ASSERT_TRUE(t.back());
      EXPECT_TRUE(phase_map.lends_labels());
      EXPECT_EQ(&t.grid(), &gen.grid());
      ASSERT_TRUE(t.forward());
      EXPECT_FALSE(phase_map.lends_labels());
      EXPECT_EQ(&t.grid(), &phase_map);
      EXPECT_TRUE(phase_map.shares_labels_with(gen.grid()));
      EXPECT_FALSE(t.forward());  // the generator's end: nothing further
      continue;
    }
    // Into the flood fill by single steps: back from its first step to the generator's, one
    // further back (lent), then forward again over the branch (taken back) and on.
    t.jump(g + 1);
    ASSERT_TRUE(t.back());
    ASSERT_TRUE(t.back());
    EXPECT_TRUE(phase_map.lends_labels());
    ASSERT_TRUE(t.forward());
    EXPECT_FALSE(phase_map.lends_labels());
    ASSERT_TRUE(t.forward());
    EXPECT_EQ(t.position(), g + 1);
    t.jump(t.recorded());
    EXPECT_EQ(&t.grid(), &phase_map);
    EXPECT_EQ(t.grid().region_values(), regions);
    EXPECT_EQ(t.grid().label_values(), labels);
    EXPECT_EQ(t.grid().tiles(), batch(g).tiles());
  }
}

// A cell's history lists the flood fill's steps as well as the generator's wherever the cursor
// is: read while the flood fill's map lends its labels (the cursor in the generator's steps) it
// says the same as at the end.
TEST(AppRegionsTimeline, ACellsHistoryReadsTheSameWhileTheLabelsAreLent) {
  Session s(frozen_clock(7));
  ASSERT_TRUE(s.select_generator("room-accretion"));
  s.set_mode(RunMode::Step);
  s.set_regions_mode(RegionsMode::Animated);
  s.regenerate();
  s.run_to_end();
  s.finish_pending();
  ASSERT_EQ(s.phase(), Phase::Regions);
  ASSERT_TRUE(s.finished());
  const std::uint64_t total = s.recorded();
  const Point cells[] = {{3, 4}, {20, 11}, {40, 30}};
  std::vector<std::vector<std::string>> at_end;
  std::size_t analysis_entries = 0;
  for (const Point p : cells) {
    std::vector<std::string> texts;
    for (const auto& e : s.cell_history(p).entries) {
      texts.push_back(e.text);
      analysis_entries += e.text.starts_with("analysis step") ? 1 : 0;
    }
    at_end.push_back(texts);
  }
  ASSERT_GT(analysis_entries, 0u);
  s.seek(total / 10);
  s.finish_pending();
  ASSERT_EQ(s.phase(), Phase::Generator);
  for (std::size_t i = 0; i < std::size(cells); ++i) {
    std::vector<std::string> texts;
    for (const auto& e : s.cell_history(cells[i]).entries) texts.push_back(e.text);
    EXPECT_EQ(texts, at_end[i]) << xy_text(cells[i]);
  }
}

// A window reads a cell's history a part a frame: with no budget to spare each call reads one
// part, says it is not complete and how much it has read (the entries empty until the first read
// is complete), and the calls end with the entries of a read done in one call; once complete, it
// stays so.
TEST(AppRegionsTimeline, ACellsHistoryIsReadAPartACall) {
  const auto walked = [] {
    auto s = std::make_unique<Session>(frozen_clock(7));
    EXPECT_TRUE(s->select_generator("drunkards-walk"));
    s->set_mode(RunMode::Step);
    EXPECT_TRUE(s->set_param("width", 400));
    EXPECT_TRUE(s->set_param("height", 400));
    s->set_regions_mode(RegionsMode::Animated);
    s->regenerate();
    s->run_to_end();
    s->finish_pending();
    EXPECT_TRUE(s->finished());
    return s;
  };
  const std::unique_ptr<Session> s = walked();
  const Point centre{200, 200};  // the walk's start: walked over again and again
  std::size_t calls = 0;
  double read = 0.0;
  Session::CellHistory h;
  for (; calls < 10000; ++calls) {
    h = s->cell_history(centre, 0.0);
    if (h.complete) break;
    EXPECT_TRUE(h.entries.empty());
    EXPECT_GE(h.read, read);
    EXPECT_LT(h.read, 1.0);
    read = h.read;
  }
  ASSERT_TRUE(h.complete);
  EXPECT_GT(calls, 1u) << "a walk over a 400x400 map is more than one part";
  EXPECT_EQ(h.read, 1.0);
  const Session::CellHistory one_call = walked()->cell_history(centre);
  ASSERT_GT(one_call.entries.size() + one_call.more, 1u);
  ASSERT_EQ(h.entries.size(), one_call.entries.size());
  for (std::size_t i = 0; i < h.entries.size(); ++i) {
    EXPECT_EQ(h.entries[i].text, one_call.entries[i].text);
    EXPECT_EQ(h.entries[i].position, one_call.entries[i].position);
  }
  EXPECT_EQ(h.more, one_call.more);
  EXPECT_TRUE(s->cell_history(centre, 0.0).complete);
}

// A history past its budget forgets its oldest steps: a cell's history read before then lists a
// step that is gone after, though nothing new touched the cell. Its entries are made again, and
// say which steps are no longer recorded.
TEST(AppRegionsTimeline, ACellsHistoryLeavesOutStepsForgottenSinceItWasRead) {
  const auto session = [](std::size_t history_bytes) {
    SessionConfig cfg = frozen_clock(7);
    cfg.history_bytes = history_bytes;
    auto s = std::make_unique<Session>(std::move(cfg));
    EXPECT_TRUE(s->select_generator("rooms-and-tunnels"));
    s->set_mode(RunMode::Step);
    EXPECT_TRUE(s->set_param("width", 300));
    EXPECT_TRUE(s->set_param("height", 300));
    EXPECT_TRUE(s->set_param("max_rooms", 300));
    s->regenerate();
    s->finish_pending();
    return s;
  };
  // A cell the first room carved and no later step touched (its whole run's history says so).
  const std::unique_ptr<Session> whole = session(kDefaultHistoryBytes);
  whole->run_to_end();
  whole->finish_pending();
  std::optional<Point> cell;
  for (int y = 0; y < 300 && !cell; ++y) {
    for (int x = 0; x < 300 && !cell; ++x) {
      const Session::CellHistory& h = whole->cell_history({x, y});
      if (h.entries.size() == 1 && h.more == 0 && h.entries[0].position <= 10) cell = Point{x, y};
    }
  }
  ASSERT_TRUE(cell);
  const std::unique_ptr<Session> s = session(std::size_t{16} << 10);
  s->seek(20);
  s->finish_pending();
  ASSERT_EQ(s->earliest(), 0u);
  const Session::CellHistory& early = s->cell_history(*cell);
  ASSERT_EQ(early.entries.size(), 1u);
  EXPECT_EQ(early.forgotten, 0u);
  s->run_to_end();
  s->finish_pending();
  ASSERT_GT(s->earliest(), 20u) << "the run outgrows 16 KB of history";
  const Session::CellHistory& late = s->cell_history(*cell);
  EXPECT_TRUE(late.complete);
  EXPECT_TRUE(late.entries.empty());
  EXPECT_EQ(late.forgotten, s->earliest());
}

TEST_P(AppRegions, AnimatedAndInstantLabelLikeTheFastPath) {
  Session animated(frozen_clock(7));
  Session instant(frozen_clock(7));
  ASSERT_TRUE(animated.select_generator(GetParam()));
  ASSERT_TRUE(instant.select_generator(GetParam()));
  animated.set_regions_mode(RegionsMode::Animated);
  instant.set_regions_mode(RegionsMode::Instant);
  animated.finish_pending();
  instant.finish_pending();
  // Live mode shows the animated fill at its first step, ready to play; run it to its end here.
  EXPECT_EQ(animated.phase(), Phase::Regions);
  EXPECT_FALSE(animated.finished());
  animated.run_to_end();
  animated.finish_pending();
  ASSERT_TRUE(animated.finished());
  ASSERT_TRUE(instant.finished());
  EXPECT_EQ(animated.phase(), Phase::Regions);
  EXPECT_EQ(instant.phase(), Phase::Generator);

  const Grid map = batch_grid(animated);
  const RegionMap want = label_regions(map, 8);
  EXPECT_EQ(region_layer(animated.grid()), want.labels);
  EXPECT_EQ(region_layer(instant.grid()), want.labels);
  EXPECT_EQ(animated.grid().tiles(), map.tiles());
  EXPECT_EQ(instant.grid().tiles(), map.tiles());

  const RegionSummary sum = summarize(want);
  for (Session* s : {&animated, &instant}) {
    const LiveStats st = s->stats();
    ASSERT_TRUE(st.regions);
    EXPECT_TRUE(st.regions->complete);
    EXPECT_EQ(st.regions->count, sum.count);
    EXPECT_DOUBLE_EQ(st.regions->largest_fraction, sum.largest_fraction);
  }
  // Connectivity 4 relabels at once (the fill starts again at its first step).
  animated.set_region_param("connectivity", 4);
  animated.finish_pending();
  animated.run_to_end();
  animated.finish_pending();
  EXPECT_EQ(region_layer(animated.grid()), label_regions(map, 4).labels);
}

INSTANTIATE_TEST_SUITE_P(Generators, AppRegions,
                         ::testing::Values("rooms-and-tunnels", "cellular-caves",
                                           "feature-accretion", "room-accretion"));

TEST(AppRegionsTimeline, RegionStepsFollowTheGeneratorsAndStepBackReturnsToIt) {
  Session s(frozen_clock(7));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_mode(RunMode::Step);
  s.set_regions_mode(RegionsMode::Animated);
  s.regenerate();
  Stepper ref = start_generator(s.generator(), s.params(), s.seed(), false);
  const std::uint64_t g = run_to_end(ref).steps;

  s.seek(g);
  s.finish_pending();
  ASSERT_EQ(s.position(), g);
  EXPECT_EQ(s.phase(), Phase::Generator);
  EXPECT_FALSE(s.finished());  // the regions are still to come
  EXPECT_EQ(s.pseudocode().data(), s.generator().narration.pseudocode.data());

  s.step();
  EXPECT_EQ(s.position(), g + 1);
  EXPECT_EQ(s.phase(), Phase::Regions);
  EXPECT_EQ(s.pseudocode().data(), region_narration().pseudocode.data());
  ASSERT_NE(s.current_step(), nullptr);
  EXPECT_EQ(s.current_step()->event.kind, kEventBegin);  // the flood fill's own first step
  EXPECT_FALSE(s.stats().flood_fill.empty());
  EXPECT_EQ(s.log().back().step, g + 1);

  s.step_back();
  EXPECT_EQ(s.position(), g);
  EXPECT_EQ(s.phase(), Phase::Generator);
  EXPECT_EQ(s.grid(), ref.grid());

  // Scrub deep into the regions, back into the generator, and forward again.
  s.run_to_end();
  s.finish_pending();
  const std::uint64_t total = s.recorded();
  ASSERT_GT(total, g + 2);
  const Grid labelled = s.grid();
  s.seek(g / 2);
  s.finish_pending();
  EXPECT_EQ(s.grid(), batch_grid(s, g / 2));
  s.seek(total);
  s.finish_pending();
  EXPECT_EQ(s.grid(), labelled);
  EXPECT_TRUE(s.finished());
}

// What the session's tallies say, counted from the map itself.
void expect_tallies_match_the_map(const Session& s, std::uint64_t k) {
  const Grid& g = s.grid();
  std::size_t walkable = 0;
  std::vector<std::int64_t> sizes;
  for (std::size_t i = 0; i < g.size(); ++i) {
    walkable += is_walkable(g.tile(i));
    const std::int32_t r = g.region(i);
    if (r < 0) continue;
    if (static_cast<std::size_t>(r) >= sizes.size()) sizes.resize(static_cast<std::size_t>(r) + 1);
    ++sizes[static_cast<std::size_t>(r)];
  }
  const LiveStats stats = s.stats();
  EXPECT_EQ(stats.walkable, walkable) << "at " << k;
  if (!stats.regions) return;
  const auto count = std::count_if(sizes.begin(), sizes.end(), [](auto n) { return n > 0; });
  EXPECT_EQ(stats.regions->count, count) << "at " << k;
  const std::int64_t largest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
  EXPECT_DOUBLE_EQ(stats.regions->largest_fraction,
                   walkable ? static_cast<double>(largest) / static_cast<double>(walkable) : 0.0)
      << "at " << k;
}

// A seek lands in one frame: a jump and the last step, not one move per step. The jump's parts
// are the moves a frame reports: the replays to and from the nearest skip boundaries (a segment
// each at most) in parts of SessionConfig::jump_budget's steps, and one crossing.
void seek_in_one_frame(Session& s, std::uint64_t k) {
  const std::uint64_t from = s.position();
  s.seek(k);
  const FrameReport frame = s.update(1.0 / 60);
  s.finish_pending();
  ASSERT_EQ(s.position(), k);
  if (from != k) {
    const std::uint64_t replay_parts = history::kSkipSteps / SessionConfig{}.jump_budget.steps;
    EXPECT_LE(frame.steps, 2 * replay_parts + 2) << "seek from " << from << " to " << k;
  }
}

TEST(AppRegionsTimeline, FarSeeksJumpAcrossSkipsAndKeepTheTallies) {
  Session s(frozen_clock(7));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_map_size(400, 300);
  s.set_mode(RunMode::Step);
  s.set_regions_mode(RegionsMode::Animated);
  s.regenerate();
  Stepper ref = start_generator(s.generator(), s.params(), s.seed(), false);
  const std::uint64_t g = run_to_end(ref).steps;
  s.run_to_end();
  s.finish_pending();
  const std::uint64_t total = s.recorded();
  ASSERT_GT(total - g, 3 * history::kSkipSteps);  // the flood fill crosses skips
  const Grid labelled = s.grid();
  // Into the flood fill, back across the phases, within the generator, and to both ends.
  for (const std::uint64_t k : {total / 2 + 7, std::uint64_t{5}, total - 3, g + 1, g / 2, total / 3,
                                g, total, std::uint64_t{0}, g + 2 * history::kSkipSteps}) {
    ASSERT_NO_FATAL_FAILURE(seek_in_one_frame(s, k));
    if (k <= g) {
      EXPECT_EQ(s.grid(), batch_grid(s, k)) << "at " << k;
      EXPECT_EQ(s.phase(), Phase::Generator) << "at " << k;
    } else {
      EXPECT_EQ(s.phase(), Phase::Regions) << "at " << k;
    }
    if (k == total) {
      EXPECT_EQ(s.grid(), labelled);
    }
    expect_tallies_match_the_map(s, k);
  }
}

TEST(AppRegionsTimeline, FarSeeksInABigCaveKeepTheWalkableTally) {
  // A 1024x700 cave's fill and passes rewrite whole rows: its skip segments end by changed
  // cells, not by steps.
  Session s(frozen_clock(7));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_map_size(1024, 700);
  s.set_mode(RunMode::Step);
  s.regenerate();
  s.run_to_end();
  s.finish_pending();
  const std::uint64_t total = s.recorded();
  for (const std::uint64_t k : {std::uint64_t{3}, total - 2, total / 2, total / 5, total}) {
    ASSERT_NO_FATAL_FAILURE(seek_in_one_frame(s, k));
    EXPECT_EQ(s.grid(), batch_grid(s, k)) << "at " << k;
    expect_tallies_match_the_map(s, k);
  }
}

// Issue 25: choosing "animated" on a finished map (live mode) shows the flood fill at its first
// step, paused; play then plays the fill, not the generator again from step 0. A big map's fill
// is made on the worker and shown the same way.
TEST(AppRegionsTimeline, ChoosingAnimatedStartsAtTheFillsFirstStepReadyToPlay) {
  for (const std::uint64_t background_cells : {kBigMapCells, std::uint64_t{1}}) {
    SessionConfig cfg = frozen_clock(7);
    cfg.background_cells = background_cells;
    Session s(cfg);
    ASSERT_TRUE(s.select_generator("cellular-caves"));
    s.finish_pending();
    ASSERT_TRUE(s.finished());
    const std::uint64_t generator_end = s.position();
    s.set_regions_mode(RegionsMode::Animated);
    s.finish_pending();
    EXPECT_EQ(s.phase(), Phase::Regions);
    EXPECT_EQ(s.position(), generator_end + 1);
    EXPECT_FALSE(s.playing());
    EXPECT_FALSE(s.finished());
    ASSERT_TRUE(s.stats().regions);
    EXPECT_FALSE(s.stats().regions->complete);
    EXPECT_NE(s.pseudocode().front(), s.generator().narration.pseudocode.front());  // the fill's
    s.play();
    for (int frame = 0; frame < 10; ++frame) s.update(1.0 / 10);
    EXPECT_EQ(s.phase(), Phase::Regions);
    EXPECT_GT(s.position(), generator_end + 1);
    // N cycles through the same choice: off, then animated again, at the fill's first step.
    s.set_regions_mode(RegionsMode::Off);
    s.apply(Command::Regions);
    s.finish_pending();
    EXPECT_EQ(s.position(), generator_end + 1);
  }
}

TEST(AppRegionsTimeline, AnalyseNowLabelsTheMapAtTheCursor) {
  Session s(frozen_clock(7));
  ASSERT_TRUE(s.select_generator("rooms-and-tunnels"));
  s.set_mode(RunMode::Step);
  s.regenerate();
  for (int i = 0; i < 40; ++i) s.step();
  const Grid mid = s.grid();
  s.analyse_regions_now();
  EXPECT_EQ(s.regions_mode(), RegionsMode::Animated);
  EXPECT_EQ(s.position(), 40u);
  s.run_to_end();
  s.finish_pending();
  EXPECT_EQ(s.phase(), Phase::Regions);
  EXPECT_EQ(region_layer(s.grid()), label_regions(mid, 8).labels);
  EXPECT_EQ(s.grid().tiles(), mid.tiles());

  // Instant mode labels the map where the cursor is, too, and only there.
  s.set_regions_mode(RegionsMode::Instant);
  s.seek(40);
  s.finish_pending();
  s.analyse_regions_now();
  EXPECT_EQ(region_layer(s.grid()), label_regions(mid, 8).labels);
  s.step_back();
  for (const std::int32_t r : region_layer(s.grid())) ASSERT_EQ(r, -1);
}

TEST(AppRegionsTimeline, TurningRegionsOffReturnsToTheGeneratorsEnd) {
  Session s(frozen_clock(7));
  s.set_regions_mode(RegionsMode::Animated);
  s.finish_pending();
  ASSERT_EQ(s.phase(), Phase::Regions);
  s.set_regions_mode(RegionsMode::Off);
  EXPECT_EQ(s.phase(), Phase::Generator);
  EXPECT_EQ(s.grid(), batch_grid(s));
  EXPECT_FALSE(s.stats().regions);
  EXPECT_TRUE(s.take_upload().full);
}

TEST(AppRegionsTimeline, InstantLabelsOfABigMapAreMadeOnTheWorker) {
  Session s(frozen_clock(7));
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_map_size(2048, 1024);
  s.finish_pending();
  ASSERT_TRUE(s.finished());
  s.take_upload();
  s.set_mode(RunMode::Step);  // nothing else to do after the labels
  s.set_regions_mode(RegionsMode::Instant);
  // Labelling 2M cells (and copying them) takes longer than a frame: it happens on the worker,
  // and until it is done the map shown stays the unlabelled one.
  EXPECT_TRUE(s.busy());
  EXPECT_EQ(s.busy_label(), "labelling regions");
  EXPECT_FALSE(s.finished());
  for (int frame = 0; frame < 200000 && s.busy(); ++frame) {
    s.update(1.0 / 60);
    if (!s.busy()) break;
    ASSERT_FALSE(s.stats().regions);
    ASSERT_FALSE(s.take_upload().full);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_FALSE(s.busy());
  ASSERT_TRUE(s.stats().regions);
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(region_layer(s.grid()), label_regions(batch_grid(s), 8).labels);
  EXPECT_TRUE(s.take_upload().full);
}

TEST(AppRegionsTimeline, InstantLabelsShowOnTheFinalStepReachedByHand) {
  // Stepping by hand onto the generator's last step shows the labels there and then, with no
  // extra press: the final step says it is the last (Step::last).
  Session s(frozen_clock(7));
  s.set_mode(RunMode::Step);
  s.set_regions_mode(RegionsMode::Instant);
  s.regenerate();
  s.finish_pending();
  const std::uint64_t total = [&] {
    Stepper st = start_generator(s.generator(), s.params(), s.seed(), false);
    return run_to_end(st).steps;
  }();
  for (std::uint64_t k = 0; k < total; ++k) {
    EXPECT_FALSE(s.stats().regions) << "labels before the end, at step " << k;
    s.step();
  }
  ASSERT_EQ(s.position(), total);
  ASSERT_TRUE(s.current_step());
  EXPECT_TRUE(s.current_step()->last);
  EXPECT_TRUE(s.finished());
  ASSERT_TRUE(s.stats().regions);
  EXPECT_EQ(region_layer(s.grid()), label_regions(batch_grid(s), 8).labels);
}

// Cell i packed as map_texture.hpp says, one cell at a time from the grid's accessors: the
// reference the upload's fast path (pack_cells) is held to. Two words; with one, only the first
// (a half format's 16 bits in its low half).
std::array<std::uint32_t, 2> pack_cell(const Grid& grid, std::size_t i, CellFormat f) {
  const auto plus_one = [](std::int32_t id, std::uint32_t most) {
    return id < 0 ? 0u : std::min(static_cast<std::uint32_t>(id) + 1u, most);
  };
  const auto tile = static_cast<std::uint32_t>(grid.tile(i)) & 15u;
  const auto mark = static_cast<std::uint32_t>(grid.mark(i)) & 15u;
  const std::int32_t region = grid.region(i);
  const int word_bits = f.half ? 16 : 32;
  if (f.words == 1 && f.region_bits > 0) {  // both in one word: the region on top
    const std::uint32_t label_most = (1u << (word_bits - 8 - f.region_bits)) - 1u;
    const std::uint32_t region_most = (1u << f.region_bits) - 1u;
    return {tile | (mark << 4) | (plus_one(grid.label(i), label_most) << 8) |
                (plus_one(region, region_most) << (word_bits - f.region_bits)),
            0u};
  }
  const std::int32_t id = f.words == 1 && f.id_is_region ? region : grid.label(i);
  return {tile | (mark << 4) | (plus_one(id, f.half ? 255u : kMaxPackedId) << 8),
          region < 0 ? 0u : static_cast<std::uint32_t>(region) + 1u};
}

// pack_cells writes what pack_cell says, in every format, for a whole map and for part of a row.
void expect_packed_alike(const Grid& g, const char* what) {
  // (region_bits 4: regions past 14 saturate; 23: one bit for labels, so labels past 0 do; a half
  // word's region alone past 254, or with labels, past 2 (region_bits 2) or 0 (1).)
  for (const CellFormat f :
       {CellFormat{.words = 1}, CellFormat{.words = 1, .id_is_region = true},
        CellFormat{.words = 2}, CellFormat{.words = 1, .region_bits = 4},
        CellFormat{.words = 1, .region_bits = 12}, CellFormat{.words = 1, .region_bits = 23},
        CellFormat{.words = 1, .id_is_region = true, .half = true},
        CellFormat{.words = 1, .half = true},
        CellFormat{.words = 1, .region_bits = 2, .half = true},
        CellFormat{.words = 1, .region_bits = 1, .half = true}}) {
    const auto check = [&](auto word) {  // a zero of the word the format packs into
      using Word = decltype(word);
      const std::size_t per_cell = f.bytes() / sizeof(Word);
      std::vector<Word> all(g.size() * per_cell);
      pack_cells(g, 0, g.size(), f, all.data());
      for (std::size_t i = 0; i < g.size(); ++i) {
        const auto w = pack_cell(g, i, f);
        ASSERT_EQ(all[i * per_cell], w[0]) << what << " cell " << i;
        if (f.words == 2) {
          ASSERT_EQ(all[2 * i + 1], w[1]) << what << " cell " << i;
        }
      }
      std::vector<Word> part(5 * per_cell);
      pack_cells(g, g.index(3, 2), 5, f, part.data());
      EXPECT_EQ(part[0], pack_cell(g, g.index(3, 2), f)[0]) << what;
      EXPECT_EQ(part.back(), pack_cell(g, g.index(7, 2), f)[f.words == 2 ? 1 : 0]) << what;
    };
    if (f.half) {
      check(std::uint16_t{});
    } else {
      check(std::uint32_t{});
    }
  }
}

TEST(AppCellFormat, FastPackingMatchesCellByCell) {
  for (const char* generator : {"cellular-caves", "room-accretion", "feature-accretion"}) {
    Session s(frozen_clock(7));
    ASSERT_TRUE(s.select_generator(generator));
    s.finish_pending();
    expect_packed_alike(s.grid(), generator);  // tiles, and labels where the generator has them
    const std::uint64_t g = s.recorded();
    s.set_mode(RunMode::Step);
    s.set_regions_mode(RegionsMode::Animated);
    s.regenerate();
    s.run_to_end();
    s.finish_pending();
    ASSERT_GT(s.recorded(), g + 40) << generator;
    s.seek(g + 40);  // early in the flood fill: frontier marks, some regions
    s.finish_pending();
    ASSERT_EQ(s.phase(), Phase::Regions) << generator;
    ASSERT_TRUE(s.grid().has_marks()) << generator;
    expect_packed_alike(s.grid(), generator);
    s.set_regions_mode(RegionsMode::Instant);
    s.finish_pending();
    ASSERT_TRUE(s.grid().has_regions()) << generator;
    expect_packed_alike(s.grid(), generator);
    // Its labels and regions in runs (Grid::pack_ids: a map kept on show while the next is
    // built), read for the upload a band at a time.
    Grid packed = s.grid();
    packed.pack_ids();
    ASSERT_NE(packed.region_layer().packed(), nullptr) << generator;
    expect_packed_alike(packed, generator);
  }
  // A region layer of a byte a cell and one of 32 bits (IdLayer), with labels and without.
  for (const std::int32_t most : {200, 70000}) {
    Grid g(24, 9, Tile::Floor);
    for (std::size_t i = 0; i < g.size(); ++i) {
      g.put(i, {Tile::Floor, i % 7 ? Mark::None : Mark::Frontier, -1,
                static_cast<std::int32_t>(i * 997 % static_cast<std::size_t>(most + 2)) - 1});
    }
    ASSERT_EQ(g.region_layer().narrow() != nullptr, most == 200);
    expect_packed_alike(g, "regions");
    for (std::size_t i = 0; i < g.size(); i += 2) {
      g.put_tile_label(i, Tile::Floor, static_cast<std::int32_t>(i));
    }
    expect_packed_alike(g, "regions and labels");
  }
}

TEST(AppCellFormat, OneWordACellWhereTheIdsThatAreDrawnFitIt) {
  // What the map texture holds for each cell (map_texture.hpp), told by the session's upload.
  // Labels go into the texture beside regions only where they are drawn (room accretion's rooms
  // tile the map), sharing the one word with them (their ids fit); a generator that labels rooms
  // without drawing them (rooms-and-tunnels) has only the regions in it.
  const auto check = [](const char* generator, bool labelled, bool drawn) {
    Session s(frozen_clock(7));
    ASSERT_TRUE(s.select_generator(generator));
    s.finish_pending();
    ASSERT_EQ(s.generator().text_shows_labels, drawn) << generator;
    TextureUpload up = s.take_upload();
    EXPECT_FALSE(up.regions) << generator;
    const Grid& plain = s.grid();
    CellFormat f = cell_format(plain, up.regions, drawn);
    EXPECT_EQ(f.words, 1) << generator;
    EXPECT_FALSE(f.id_is_region) << generator;
    for (std::size_t i = 0; i < plain.size(); ++i) {
      const auto w = pack_cell(plain, i, f);
      ASSERT_EQ(w[0] & 15u, static_cast<std::uint32_t>(plain.tile(i))) << generator;
      ASSERT_EQ(w[0] >> 8, static_cast<std::uint32_t>(plain.label(i) + 1)) << generator;
    }

    s.set_mode(RunMode::Step);
    s.set_regions_mode(RegionsMode::Instant);
    s.finish_pending();
    up = s.take_upload();
    ASSERT_TRUE(up.full) << generator;
    EXPECT_TRUE(up.regions) << generator;
    const Grid& g = s.grid();
    ASSERT_TRUE(g.has_regions()) << generator;
    EXPECT_EQ(g.has_labels(), labelled) << generator;
    // The upload tells the largest label and region on the map.
    std::int32_t max_label = -1, max_region = -1;
    for (std::size_t i = 0; i < g.size(); ++i) {
      if (labelled) max_label = std::max(max_label, g.label(i));
      max_region = std::max(max_region, g.region(i));
    }
    EXPECT_EQ(up.max_label, max_label) << generator;
    EXPECT_EQ(up.max_region, max_region) << generator;
    f = cell_format(g, up.regions, drawn, {up.max_label, up.max_region});
    const bool both = labelled && drawn;
    // A 16-bit word where the ids drawn fit its 8 id bits.
    const bool half = both ? id_bits(max_label) + id_bits(max_region) <= 8 : max_region <= 254;
    EXPECT_EQ(f.words, 1) << generator;
    EXPECT_EQ(f.half, half) << generator;
    const int word_bits = half ? 16 : 32;
    EXPECT_EQ(f.region_bits, both ? word_bits - 8 - id_bits(max_label) : 0) << generator;
    for (std::size_t i = 0; i < g.size(); ++i) {
      const auto w = pack_cell(g, i, f);
      const auto region1 = static_cast<std::uint32_t>(g.region(i) + 1);
      ASSERT_LT(w[0], half ? 1u << 16 : UINT32_MAX) << generator;
      ASSERT_EQ(w[0] & 15u, static_cast<std::uint32_t>(g.tile(i))) << generator;
      if (both) {  // the shader's reading: the label below the region's bits, the region on top
        const std::uint32_t label1 = (w[0] >> 8) & ((1u << (word_bits - 8 - f.region_bits)) - 1u);
        ASSERT_EQ(label1, static_cast<std::uint32_t>(g.label(i) + 1)) << generator;
        ASSERT_EQ(w[0] >> (word_bits - f.region_bits), region1) << generator;
      } else {
        EXPECT_TRUE(f.id_is_region) << generator;
        ASSERT_EQ(w[0] >> 8, region1) << generator;
      }
    }
  };
  check("cellular-caves", false, false);
  check("room-accretion", true, true);
  check("rooms-and-tunnels", true, false);
}

TEST(AppCellFormat, LabelsTakeTheBitsTheyNeedAndRegionsTheRest) {
  Grid g(8, 8, Tile::Floor);
  g.put_tile_label(0, Tile::Floor, 0);  // a label layer
  EXPECT_EQ(id_bits(-1), 0);
  EXPECT_EQ(id_bits(0), 1);  // id 0 is stored as 1
  EXPECT_EQ(id_bits(6), 3);
  EXPECT_EQ(id_bits(7), 4);
  EXPECT_EQ(id_bits(356334), 19);  // room accretion's rooms at 4096x4096
  // Without regions: one word (the labels are not known to fit less).
  EXPECT_EQ(cell_format(g, false, true, {5, 3}), (CellFormat{.words = 1}));
  // Regions without labels drawn: a 16-bit word while they are 254 at most, else one word.
  EXPECT_EQ(cell_format(g, true, false, {5, 3}),
            (CellFormat{.words = 1, .id_is_region = true, .half = true}));
  EXPECT_EQ(cell_format(g, true, false, {5, 254}),
            (CellFormat{.words = 1, .id_is_region = true, .half = true}));
  EXPECT_EQ(cell_format(g, true, false, {5, 255}), (CellFormat{.words = 1, .id_is_region = true}));
  // Both in a 16-bit word where they fit its 8 id bits together: labels up to 62 take 6, the
  // regions the 2 left (up to 2); labels up to 126 take 7, and leave one (region 0).
  EXPECT_EQ(cell_format(g, true, true, {62, 2}),
            (CellFormat{.words = 1, .region_bits = 2, .half = true}));
  EXPECT_EQ(cell_format(g, true, true, {62, 3}), (CellFormat{.words = 1, .region_bits = 18}));
  EXPECT_EQ(cell_format(g, true, true, {126, 0}),
            (CellFormat{.words = 1, .region_bits = 1, .half = true}));
  EXPECT_EQ(cell_format(g, true, true, {126, 1}), (CellFormat{.words = 1, .region_bits = 17}));
  EXPECT_EQ(cell_format(g, true, true, {254, -1}), (CellFormat{.words = 1, .region_bits = 16}));
  // Both: labels up to 356334 take 19 bits, a region up to 30 fits the 5 left, 31 does not.
  EXPECT_EQ(cell_format(g, true, true, {356334, 30}), (CellFormat{.words = 1, .region_bits = 5}));
  EXPECT_EQ(cell_format(g, true, true, {356334, 31}), (CellFormat{.words = 2}));
  EXPECT_EQ(cell_format(g, true, true, {356334, -1}), (CellFormat{.words = 1, .region_bits = 5}));
  // Labels that need all 24 bits, or are not known: two words.
  EXPECT_EQ(cell_format(g, true, true, {(1 << 23), 0}), (CellFormat{.words = 2}));
  EXPECT_EQ(cell_format(g, true, true, {-1, 0}), (CellFormat{.words = 2}));
  // Once two words, two until another map: scrubbing back below the count packs nothing again.
  std::size_t widest = 0;
  const CellFormat split{.words = 1, .region_bits = 5};
  EXPECT_EQ(keep_wide(split, true, widest), split);
  EXPECT_EQ(keep_wide(CellFormat{.words = 2}, false, widest), (CellFormat{.words = 2}));
  EXPECT_EQ(keep_wide(split, false, widest), (CellFormat{.words = 2}));
  EXPECT_EQ(keep_wide(split, true, widest), split);  // another map
  // The same from a 16-bit word: once a map's regions outgrew it, one word (its labels' bits as
  // they were), then two.
  const CellFormat regions_half{.words = 1, .id_is_region = true, .half = true};
  const CellFormat regions_word{.words = 1, .id_is_region = true};
  EXPECT_EQ(keep_wide(regions_half, true, widest), regions_half);
  EXPECT_EQ(keep_wide(regions_word, false, widest), regions_word);
  EXPECT_EQ(keep_wide(regions_half, false, widest), regions_word);
  const CellFormat both_half{.words = 1, .region_bits = 2, .half = true};
  EXPECT_EQ(keep_wide(both_half, true, widest), both_half);
  EXPECT_EQ(keep_wide(CellFormat{.words = 1, .region_bits = 18}, false, widest),
            (CellFormat{.words = 1, .region_bits = 18}));
  EXPECT_EQ(keep_wide(both_half, false, widest), (CellFormat{.words = 1, .region_bits = 18}));
  EXPECT_EQ(keep_wide(CellFormat{.words = 2}, false, widest), (CellFormat{.words = 2}));
  EXPECT_EQ(keep_wide(both_half, false, widest), (CellFormat{.words = 2}));
  EXPECT_EQ(keep_wide(both_half, true, widest), both_half);  // another map
}

// Every map's buffer is one kind of buffer texture to a software rasteriser (map_texture.hpp):
// big enough, a whole number of steps (so bits 8-15 of its size are 0), never a power of two, and
// less than two steps more than the cells need (three steps at the least).
TEST(AppCellFormat, BuffersAreSizedAlike) {
  for (const std::size_t cells :
       {std::size_t{0}, std::size_t{1}, std::size_t{160 * 50}, std::size_t{1024 * 1024},
        std::size_t{2694 * 4096}, std::size_t{4096 * 4096}}) {
    for (const std::size_t bytes_a_cell : {2, 4, 8}) {
      const std::size_t bytes = cells * bytes_a_cell;
      const std::size_t b = buffer_bytes(bytes);
      EXPECT_GE(b, bytes) << bytes;
      EXPECT_EQ(b % kBufferStep, 0u) << bytes;
      EXPECT_NE(b & (b - 1), 0u) << bytes << " makes a power of two: " << b;
      EXPECT_LE(b, std::max(bytes + 2 * kBufferStep, 3 * kBufferStep)) << bytes;
    }
  }
  EXPECT_EQ(buffer_bytes(std::size_t{4096} * 4096 * 4), (std::size_t{64} << 20) + kBufferStep);
  EXPECT_EQ(buffer_bytes(std::size_t{2694} * 4096 * 2), std::size_t{337} * kBufferStep);
  EXPECT_EQ(buffer_bytes(1), 3 * kBufferStep);
}

}  // namespace
}  // namespace dungen::app
