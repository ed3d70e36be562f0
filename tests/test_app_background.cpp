// The session's worker thread: big maps are built, run to the end and labelled there, a newer
// request cancels an older one, the map shown only ever changes to a complete map, and what the
// worker makes is bit for bit what a batch run makes. These tests run under ThreadSanitizer too
// (a build with -fsanitize=thread), so they exercise the hand-over paths with small maps: the
// session sends every map to the worker when SessionConfig::background_cells is 1.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <latch>
#include <thread>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "app/logic/background.hpp"
#include "app/logic/scrubber_text.hpp"
#include "app/logic/session.hpp"
#include "app/logic/worker.hpp"
#include "app_test_support.hpp"
#include "core/runner.hpp"
#include "core/step_generator.hpp"
#include "generators/registry.hpp"
#include "grid_layers.hpp"

namespace dungen::app {
namespace {

using std::chrono::milliseconds;

// Every map goes to the worker, however small.
SessionConfig all_background(std::uint64_t dice_seed = 3) {
  SessionConfig cfg = frozen_clock(dice_seed);
  cfg.background_cells = 1;
  return cfg;
}

Grid batch_grid(const Session& s, std::uint64_t steps = UINT64_MAX) {
  Stepper st = start_generator(s.generator(), s.params(), s.seed(), false);
  run_steps(st, steps);
  return st.grid();
}

// Frames a millisecond apart until the session is idle; false if it never got there.
bool settle(Session& s, int max_frames = 200000) {
  for (int n = 0; n < max_frames && s.busy(); ++n) {
    s.update(1.0 / 60);
    if (s.busy()) std::this_thread::sleep_for(milliseconds(1));
  }
  return !s.busy();
}

// A session handed to another's worker (compare mode's pane B, closed) is freed there, the build
// it was making cancelled and its thread joined, while the other goes on: the one handing it over
// makes and shows a new map, and both are gone when it is (a leak or a race here fails the
// sanitizer builds).
TEST(AppWorker, ASessionHandedToAnothersWorkerIsFreedThereWhileItGoesOn) {
  Session a(all_background());
  ASSERT_TRUE(settle(a));
  {
    Session b(all_background(5));
    ASSERT_TRUE(settle(b));
    ASSERT_TRUE(b.set_param("width", 600));  // a new map, built on b's worker
    ASSERT_TRUE(b.busy());
    a.dispose(std::move(b));
  }  // (b moved from: only destroyed)
  ASSERT_TRUE(a.set_param("width", 120));
  ASSERT_TRUE(settle(a));
  EXPECT_EQ(a.grid().width(), 120);
  EXPECT_EQ(a.grid(), batch_grid(a, a.position()));
}

TEST(AppWorker, RunsTasksInOrderAndFreesGarbageOnItsOwnThread) {
  std::vector<int> order;
  std::thread::id freed_on;
  struct Tracer {
    std::thread::id* where = nullptr;
    ~Tracer() {
      if (where) *where = std::this_thread::get_id();
    }
  };
  {
    Worker w;
    for (int i = 0; i < 5; ++i) {
      w.submit(std::stop_source(), [&order, i](std::stop_token) { order.push_back(i); });
    }
    auto tracer = std::make_unique<Tracer>();
    tracer->where = &freed_on;
    w.dispose(std::move(tracer));
    w.wait_idle();
  }
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_NE(freed_on, std::thread::id());
  EXPECT_NE(freed_on, std::this_thread::get_id());
}

TEST(AppWorker, ACancelledTaskSeesItsStopAndTheNextOneRuns) {
  Worker w;
  std::atomic<bool> started{false}, saw_stop{false}, next_ran{false};
  std::stop_source first;
  w.submit(first, [&](std::stop_token stop) {
    started = true;
    // Spins until asked to stop (bounded: ten seconds).
    for (int i = 0; i < 10000 && !stop.stop_requested(); ++i)
      std::this_thread::sleep_for(milliseconds(1));
    saw_stop = stop.stop_requested();
  });
  w.submit(std::stop_source(), [&](std::stop_token) { next_ran = true; });
  for (int i = 0; i < 10000 && !started; ++i) std::this_thread::sleep_for(milliseconds(1));
  ASSERT_TRUE(started);
  first.request_stop();
  w.wait_idle();
  EXPECT_TRUE(saw_stop);
  EXPECT_TRUE(next_ran);
}

// A build held inside its generator's body, on the worker thread, until the test lets it go: the
// stop below is requested while the build is certainly under way, whatever the threads' timing.
struct BuildGate {
  std::latch reached{1};  // the worker is inside the body
  std::latch release{1};  // the test lets it go on
};
BuildGate* g_gate = nullptr;

StepGenerator held_caves(StepContext& ctx, ParamValues params) {
  g_gate->reached.count_down();
  g_gate->release.wait();
  co_yield find_generator("cellular-caves")->body(ctx, std::move(params));
}

// Builds the held caves on a thread; stops it there first if `stop`. The ticket once done.
void held_build(Ticket& ticket, bool stop) {
  GeneratorSpec held = *find_generator("cellular-caves");
  held.body = held_caves;
  const BuildRequest request{&held,
                             held.schema.defaults(),
                             1,
                             std::size_t{64} << 20,
                             RegionsMode::Off,
                             region_schema().defaults(),
                             true};
  BuildGate gate;
  g_gate = &gate;
  std::jthread worker([&] { build_track(request, ticket, ticket.stop.get_token()); });
  gate.reached.wait();
  if (stop) ticket.stop.request_stop();
  gate.release.count_down();
  ticket.wait_done();
  worker.join();
  g_gate = nullptr;
}

TEST(AppWorker, AStoppedBuildHandsNothingOver) {
  Ticket stopped;
  held_build(stopped, true);
  EXPECT_FALSE(stopped.track);
  EXPECT_FALSE(stopped.error);
  // The same build let run hands its track over, at the end.
  Ticket whole;
  held_build(whole, false);
  ASSERT_TRUE(whole.track);
  EXPECT_FALSE(whole.error);
  EXPECT_GT(whole.done_steps.load(), stopped.done_steps.load());
}

class AppBackground : public ::testing::TestWithParam<const char*> {};

TEST_P(AppBackground, WhatTheWorkerBuildsIsTheBatchRunBitForBit) {
  Session s(all_background());
  ASSERT_TRUE(s.select_generator(GetParam()));
  ASSERT_TRUE(settle(s));
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.grid(), batch_grid(s));
  EXPECT_EQ(s.stats().walkable, batch_grid(s).count_walkable());
  const RegionMap want = label_regions(batch_grid(s), 8);
  // Instant labels, made on the worker from a copy of the shown map.
  s.set_regions_mode(RegionsMode::Instant);
  ASSERT_TRUE(settle(s));
  EXPECT_EQ(region_layer(s.grid()), want.labels);
  EXPECT_EQ(s.grid().tiles(), batch_grid(s).tiles());
  // The flood fill made on the worker, shown at its first step; then run to its end and scrubbed.
  const std::uint64_t generator_end = s.position();
  s.set_regions_mode(RegionsMode::Animated);
  ASSERT_TRUE(settle(s));
  ASSERT_EQ(s.phase(), Phase::Regions);
  EXPECT_EQ(s.position(), generator_end + 1);
  EXPECT_FALSE(s.finished());
  s.run_to_end();
  ASSERT_TRUE(settle(s));
  ASSERT_TRUE(s.finished());
  EXPECT_EQ(region_layer(s.grid()), want.labels);
  const std::uint64_t end = s.position();
  s.seek(end / 2);
  s.finish_pending();
  s.seek(end);
  s.finish_pending();
  EXPECT_EQ(region_layer(s.grid()), want.labels);
  // A whole new track with animated regions, built and run to the end on the worker.
  s.set_seed(s.seed() + 1);
  ASSERT_TRUE(settle(s));
  EXPECT_EQ(s.phase(), Phase::Regions);
  EXPECT_EQ(region_layer(s.grid()), label_regions(batch_grid(s), 8).labels);
}

INSTANTIATE_TEST_SUITE_P(Generators, AppBackground,
                         ::testing::Values("rooms-and-tunnels", "cellular-caves",
                                           "feature-accretion", "room-accretion"));

TEST(AppBackgroundSession, TheShownMapOnlyEverChangesToACompleteMap) {
  Session s(all_background());
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_map_size(200, 150);
  ASSERT_TRUE(settle(s));
  Grid shown = s.grid();
  for (const std::uint64_t seed : {11u, 12u, 13u}) {
    s.set_seed(seed);
    const Grid complete = batch_grid(s);
    for (int frame = 0; frame < 200000 && s.busy(); ++frame) {
      s.update(1.0 / 60);
      if (!(s.grid() == shown)) {
        ASSERT_EQ(s.grid(), complete) << "seed " << seed << ", frame " << frame;
        shown = s.grid();
      }
      std::this_thread::sleep_for(milliseconds(1));
    }
    ASSERT_FALSE(s.busy());
    EXPECT_EQ(s.grid(), complete);
  }
}

TEST(AppBackgroundSession, ANewerRequestCancelsAnOlderOne) {
  Session s(all_background());
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_map_size(400, 300);
  ASSERT_TRUE(settle(s));
  s.set_seed(21);
  const Grid older = batch_grid(s);
  std::this_thread::sleep_for(milliseconds(5));  // the worker is on it
  // A slider drag: a new value every frame, each cancelling the one before.
  for (int fill = 40; fill <= 48; ++fill) {
    ASSERT_TRUE(s.set_param("fill_percent", fill));
    s.update(1.0 / 60);
    ASSERT_FALSE(s.grid() == older);
  }
  for (int frame = 0; frame < 200000 && s.busy(); ++frame) {
    s.update(1.0 / 60);
    ASSERT_FALSE(s.grid() == older) << "a cancelled request's map was shown";
    std::this_thread::sleep_for(milliseconds(1));
  }
  EXPECT_EQ(s.params().get("fill_percent"), 48);
  EXPECT_EQ(s.grid(), batch_grid(s));
}

TEST(AppBackgroundSession, AMoveCallsOffRegionWorkOnTheShownMap) {
  Session s(all_background());
  ASSERT_TRUE(s.select_generator("cellular-caves"));
  s.set_map_size(300, 200);
  ASSERT_TRUE(settle(s));
  s.set_mode(RunMode::Step);
  const std::uint64_t end = s.position();
  const Grid final_map = s.grid();
  // Labelling starts on the worker; stepping back at once calls it off (it reads this map).
  s.set_regions_mode(RegionsMode::Instant);
  ASSERT_TRUE(s.busy());
  s.step_back();
  EXPECT_EQ(s.position(), end - 1);
  ASSERT_TRUE(settle(s));
  EXPECT_FALSE(s.stats().regions);
  EXPECT_EQ(s.grid(), batch_grid(s, end - 1));
  // Back onto the last step: the labels are wanted again, and come.
  s.step();
  ASSERT_TRUE(settle(s));
  ASSERT_TRUE(s.stats().regions);
  EXPECT_EQ(region_layer(s.grid()), label_regions(final_map, 8).labels);
  // Many moves while the flood fill is being prepared, each one calling it off.
  s.set_regions_mode(RegionsMode::Animated);
  for (int i = 0; i < 20; ++i) {
    s.step();
    s.step();  // at the end: wants the flood fill (made on the worker)
    s.update(1.0 / 60);
    s.step_back();
  }
  s.run_to_end();
  s.finish_pending();
  EXPECT_EQ(s.phase(), Phase::Regions);
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(region_layer(s.grid()), label_regions(final_map, 8).labels);
}

// At the default threshold (1M cells): a live regenerate of a 2M-cell map runs on the worker,
// and every frame until it is complete shows the last finished map.
TEST(AppBackgroundSession, ABigMapRegeneratesLiveWhileTheLastMapStaysShown) {
  SessionConfig cfg = frozen_clock(3);
  cfg.history_bytes = std::size_t{64} << 20;
  Session s(std::move(cfg));
  s.finish_pending();
  const Grid small = s.grid();
  s.take_upload();
  s.set_map_size(2048, 1024);
  ASSERT_TRUE(s.set_param("max_rooms", 200));
  EXPECT_TRUE(s.busy());
  EXPECT_EQ(s.busy_label(), "generating");
  double last = s.progress();
  for (int frame = 0; s.busy(); ++frame) {
    ASSERT_LT(frame, 200000);
    const FrameReport r = s.update(1.0 / 60);
    EXPECT_EQ(r.steps, 0u);  // nothing runs on this thread
    ASSERT_GE(s.progress(), last);
    ASSERT_LE(s.progress(), 1.0);
    last = s.progress();
    if (s.busy()) {
      ASSERT_EQ(s.grid(), small);
      ASSERT_FALSE(s.take_upload().full);
    }
    std::this_thread::sleep_for(milliseconds(1));
  }
  EXPECT_EQ(s.grid().width(), 2048);
  EXPECT_TRUE(s.take_upload().full);
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.grid(), batch_grid(s));
  EXPECT_EQ(s.stats().walkable, s.grid().count_walkable());
}

TEST(AppBackgroundSession, TheMapShownForgetsItsPastWhileTheNextIsMade) {
  // The map shown while the next one is built is not moved again: its history goes when the
  // build starts (two big runs' histories are never held at once). Chunks of 64 KB here (a
  // budget of 4 MB, never reached), so a small map's run spans several.
  SessionConfig cfg = all_background();
  cfg.history_bytes = std::size_t{4} << 20;
  Session s(std::move(cfg));
  ASSERT_TRUE(s.select_generator("rooms-and-mazes"));
  s.set_map_size(200, 120);
  ASSERT_TRUE(settle(s));
  ASSERT_TRUE(s.finished());
  ASSERT_EQ(s.earliest(), 0u);
  const Grid shown = s.grid();
  const std::uint64_t end = s.position();
  s.set_seed(s.seed() + 1);
  ASSERT_TRUE(s.busy());
  EXPECT_GT(s.earliest(), 0u);
  EXPECT_EQ(s.position(), end);
  EXPECT_EQ(s.grid(), shown);
  // The transport bar is laid out as for the whole run meanwhile: its scrubber's words about
  // forgotten steps would make it reflow when the build starts and again when it ends.
  const ScrubSpan span = scrubber_span(s);
  EXPECT_EQ(span.earliest, 0u);
  EXPECT_EQ(span.recorded, end);
  ASSERT_TRUE(settle(s));
  EXPECT_EQ(s.earliest(), 0u);  // the new map keeps its whole run
  EXPECT_EQ(s.grid(), batch_grid(s));
  EXPECT_NE(s.grid(), shown);
}

// The map shown while the next is built keeps its room labels and regions in runs meanwhile
// (IdLayer::pack: room accretion's 64 MB of labels at 4096x4096 become about 12), packed on the
// worker before the build and taken between frames: the session shows the same map, cell for
// cell, all along; the new map's layers are cells.
TEST(AppBackgroundSession, TheMapShownPacksItsLabelsAndRegionsWhileTheNextIsMade) {
  Session s(all_background());
  ASSERT_TRUE(s.select_generator("room-accretion"));
  s.set_regions_mode(RegionsMode::Instant);
  s.set_map_size(512, 512);  // a build long enough for frames to see the packed map
  ASSERT_TRUE(settle(s));
  ASSERT_TRUE(s.finished());
  ASSERT_GT(s.grid().max_label(), IdLayer::kNarrowMax);  // 32-bit labels
  ASSERT_TRUE(s.grid().has_regions());
  ASSERT_EQ(s.grid().label_layer().packed(), nullptr);
  const Grid shown = s.grid();
  s.set_seed(s.seed() + 1);
  bool seen_packed = false;
  for (int n = 0; n < 200000 && s.rebuilding(); ++n) {
    const Grid& g = s.grid();
    if (g.label_layer().packed() && !seen_packed) {
      seen_packed = true;
      ASSERT_NE(g.region_layer().packed(), nullptr);
      EXPECT_LT(g.label_layer().packed()->bytes(), shown.size() * sizeof(std::int32_t) / 2);
      for (std::size_t i = 0; i < shown.size(); ++i) ASSERT_EQ(g.cell(i), shown.cell(i)) << i;
    }
    ASSERT_EQ(g, shown);
    s.update(1.0 / 60);
    std::this_thread::sleep_for(milliseconds(1));
  }
  EXPECT_TRUE(seen_packed);
  ASSERT_TRUE(settle(s));
  EXPECT_NE(s.grid(), shown);
  EXPECT_EQ(s.grid().label_layer().packed(), nullptr);
  EXPECT_EQ(s.grid().label_values(), batch_grid(s).label_values());
}

// The same, a step at a time: the track's layers copied (one copy for the cells its generator's
// map and its labelled map share), packed as the worker does, taken by both maps.
TEST(AppBackgroundSession, ATrackTakesTheRunsPackedFromItsLayers) {
  const GeneratorSpec& spec = *find_generator("room-accretion");
  ParamValues params(spec.schema);
  params.set_clamped("width", 120);
  params.set_clamped("height", 80);
  Track t(spec, params, 5, kDefaultHistoryBytes);
  t.set_regions(RegionsMode::Instant, ParamValues(region_schema()));
  while (t.forward()) {
  }
  ASSERT_EQ(t.shown(), ShownMap::Labelled);
  const Grid before = t.grid();
  ASSERT_TRUE(before.shares_labels_with(t.generator_timeline().grid()));
  std::vector<Grid::IdCopy> copies = t.id_layers();
  ASSERT_EQ(copies.size(), 2u);  // the shared labels once, the labelled map's regions
  Ticket ticket;
  pack_layers(std::move(copies), ticket, StopSource().get_token());
  ASSERT_TRUE(ticket.packed_ready.load());
  const std::vector<IdLayer::Unpacked> away = t.adopt_packed(ticket.packed);
  EXPECT_EQ(away.size(), 3u);  // the generator's labels; the labelled map's labels and regions
  EXPECT_NE(t.grid().label_layer().packed(), nullptr);
  EXPECT_NE(t.grid().region_layer().packed(), nullptr);
  EXPECT_TRUE(t.grid().shares_labels_with(t.generator_timeline().grid()));
  EXPECT_EQ(t.grid(), before);
}

// The overlay of a map built on the worker is worked out there (Ticket::overlay) and is the one
// the session makes for the same map at the same step on its own thread: items, caption, a pass's
// flipped cells, the player start, the roles.
TEST(AppBackgroundSession, TheNewMapsOverlayComesWorkedOutAsTheSessionWouldMakeIt) {
  for (const char* generator : {"cellular-caves", "rooms-and-tunnels", "drunkards-walk"}) {
    SCOPED_TRACE(generator);
    Session worker(all_background());
    Session here(frozen_clock(3));
    for (Session* s : {&worker, &here}) {
      ASSERT_TRUE(s->select_generator(generator));
      s->set_map_size(120, 80);
      s->set_seed(7);
    }
    ASSERT_TRUE(settle(worker));
    ASSERT_TRUE(worker.finished());
    here.seek(~std::uint64_t{0} >> 1);  // past the end: stops at the last step
    here.finish_pending();
    ASSERT_EQ(here.position(), worker.position());
    const OverlayView& a = worker.overlay();
    const OverlayView& b = here.overlay();
    EXPECT_EQ(a.roles, b.roles);
    EXPECT_EQ(a.caption, b.caption);
    EXPECT_EQ(a.caption_at, b.caption_at);
    EXPECT_EQ(a.phase_changes, b.phase_changes);
    EXPECT_EQ(a.player_start, b.player_start);
    EXPECT_EQ(a.path_done, b.path_done);
    ASSERT_EQ(a.items.size(), b.items.size());
    for (std::size_t i = 0; i < a.items.size(); ++i) {
      EXPECT_EQ(a.items[i].item.role, b.items[i].item.role);
      EXPECT_EQ(a.items[i].item.rect, b.items[i].item.rect);
      EXPECT_EQ(a.items[i].item.cells, b.items[i].item.cells);
      EXPECT_EQ(a.items[i].age, b.items[i].age);
    }
    EXPECT_FALSE(a.roles.empty());
  }
}

TEST(AppBackgroundSession, CommandsDuringABuildActOnTheNewMapInOrder) {
  Session s(frozen_clock(3));
  s.finish_pending();
  s.set_map_size(2048, 1024);  // built on the worker, live: to the end
  ASSERT_TRUE(s.busy());
  // The user does not wait: the commands wait for the new map (the live run to the end gives
  // way to them and the build stops at step 0), then act on it in order.
  s.step();
  s.step();
  s.step();
  EXPECT_EQ(s.busy_label(), "preparing the map");
  s.step_back();
  s.run_to_next(StepLevel::Feature);
  ASSERT_TRUE(settle(s));
  EXPECT_EQ(s.grid().width(), 2048);
  Stepper ref = start_generator(s.generator(), s.params(), s.seed(), false);
  std::uint64_t k = 2;
  run_steps(ref, k);
  // Then on to the first step of feature level or bigger.
  for (const Step* st = ref.next(); st && st->level < StepLevel::Feature; st = ref.next()) ++k;
  ++k;
  EXPECT_EQ(s.position(), k);
  EXPECT_EQ(s.grid(), ref.grid());
  // finish_pending (headless runs) waits for a live regenerate on the worker, to the end.
  s.set_mode(RunMode::Live);
  s.set_seed(5);
  ASSERT_TRUE(s.busy());
  s.finish_pending();
  EXPECT_FALSE(s.busy());
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.grid(), batch_grid(s));
  // Destroying a session while its worker builds is safe.
  {
    Session busy(all_background());
    ASSERT_TRUE(busy.select_generator("cellular-caves"));
    busy.set_map_size(1000, 1000);
    busy.update(1.0 / 60);
  }
}

}  // namespace
}  // namespace dungen::app
