// The app's frame pacer and run report (app/logic/frame_pacer.hpp, app/logic/run_report.hpp):
// the parts of the window's loop that need no GL, driven with made-up clock readings.

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "app/logic/frame_pacer.hpp"
#include "app/logic/run_report.hpp"

using namespace dungen::app;

TEST(AppFramePacer, SettlesForAFewFramesAfterEachEvent) {
  FramePacer p(true);
  // The first frames settle (the window sizes itself), then the pacer may sleep.
  for (int i = 0; i < kSettleFrames; ++i) {
    EXPECT_TRUE(p.settling()) << i;
    p.saw_events(0);
  }
  EXPECT_FALSE(p.settling());
  p.saw_events(2);
  for (int i = 0; i < kSettleFrames; ++i) {
    EXPECT_TRUE(p.settling()) << i;
    p.saw_events(0);
  }
  EXPECT_FALSE(p.settling());
  p.saw_events(0);  // stays settled, never below zero
  EXPECT_FALSE(p.settling());
}

TEST(AppFramePacer, FrameTimesLeaveOutTheFirstFrameAndIdleWaits) {
  FramePacer p(true);
  p.restart_clock(10.0);
  EXPECT_DOUBLE_EQ(p.start_frame(10.5), 0.5);
  p.drawn(0.3, 10.8);  // the first frame (shaders compiled): not in the figures
  EXPECT_EQ(p.frames(), 1);
  EXPECT_DOUBLE_EQ(p.total(), 0.0);
  EXPECT_DOUBLE_EQ(p.mean(), 0.0);
  EXPECT_DOUBLE_EQ(p.start_frame(11.0), 0.5);
  p.drawn(0.02, 11.02);
  // An idle wait until 20.0: the next frame's time starts there.
  p.restart_clock(20.0);
  EXPECT_DOUBLE_EQ(p.start_frame(20.01), 20.01 - 20.0);
  p.drawn(0.04, 20.05);
  EXPECT_EQ(p.frames(), 3);
  EXPECT_DOUBLE_EQ(p.slowest(), 0.04);
  EXPECT_DOUBLE_EQ(p.total(), 0.06);
  EXPECT_DOUBLE_EQ(p.mean(), 0.03);
  EXPECT_DOUBLE_EQ(p.last_drawn(), 20.05);
}

TEST(AppFramePacer, SpareTimeByWhatMovesThePicture) {
  const FramePacer paced(true);
  EXPECT_DOUBLE_EQ(paced.spare(false, 0.001), kMinFrameSeconds - 0.001);
  EXPECT_DOUBLE_EQ(paced.spare(true, 0.01), kWorkingFrameSeconds - 0.01);
  EXPECT_DOUBLE_EQ(paced.spare(false, 1.0), 0.0);  // a slow frame: no wait
  const FramePacer headless(false);                // a headless picture: back to back
  EXPECT_DOUBLE_EQ(headless.spare(true, 0.0), 0.0);
}

TEST(AppFramePacer, AnIdlePageFrameIsSkippedUntilTheRedrawIsDue) {
  FramePacer p(false);
  p.start_frame(1.0);
  p.drawn(0.01, 1.01);
  EXPECT_TRUE(p.skip_idle_page_frame(1.5, 0, false, false));
  EXPECT_FALSE(p.skip_idle_page_frame(1.5, 1, false, false));  // an event
  EXPECT_FALSE(p.skip_idle_page_frame(1.5, 0, true, false));   // something moves
  EXPECT_TRUE(p.skip_idle_page_frame(1.01 + kIdleRedrawSeconds - 0.001, 0, false, false));
  EXPECT_FALSE(p.skip_idle_page_frame(1.01 + kIdleRedrawSeconds + 0.001, 0, false, false));
  // While a text field is edited, its caret blinks.
  EXPECT_TRUE(p.skip_idle_page_frame(1.01 + kCaretBlinkSeconds - 0.001, 0, false, true));
  EXPECT_FALSE(p.skip_idle_page_frame(1.01 + kCaretBlinkSeconds + 0.001, 0, false, true));
}

TEST(AppRunReport, PageLineOnlyWhenTheRunMovedAndNotBusy) {
  RunReport r;
  const FrameParts parts{0.001, 0.002, 0.003, 0.004, 0.005};
  auto line = r.page_line({3, 120, false, false}, 1.0, 5, 0.04, 0.02, parts);
  ASSERT_TRUE(line);
  // The mean of the frames since the last line: 4 frames after the first, 40 ms.
  EXPECT_EQ(*line,
            "dungen-viz: step 3 of 120, paused, 10.0 ms a frame (the last: panels 1.0, session "
            "2.0, upload 3.0, map 4.0, UI and present 5.0)\n");
  EXPECT_FALSE(r.page_line({3, 120, false, false}, 2.0, 6, 0.05, 0.01, parts));  // not moved
  EXPECT_FALSE(r.page_line({4, 120, false, true}, 2.0, 6, 0.05, 0.01, parts));   // busy
  line = r.page_line({4, 120, false, false}, 2.0, 5, 0.04, 0.02, parts);
  ASSERT_TRUE(line);  // no frame since the last line: this frame's own time
  EXPECT_NE(line->find("step 4 of 120, paused, 20.0 ms"), std::string::npos) << *line;
}

TEST(AppRunReport, PlayingLinesComeAtMostEveryReportInterval) {
  RunReport r;
  const FrameParts parts{};
  ASSERT_TRUE(r.page_line({1, 10, true, false}, 1.0, 2, 0.01, 0.01, parts));
  EXPECT_FALSE(r.page_line({2, 10, true, false}, 1.0 + kReportSeconds / 2, 3, 0.02, 0.01, parts));
  EXPECT_TRUE(r.page_line({3, 10, true, false}, 1.0 + kReportSeconds, 4, 0.03, 0.01, parts));
  // Pausing is told at once.
  EXPECT_TRUE(r.page_line({3, 10, false, false}, 1.0 + kReportSeconds, 4, 0.03, 0.01, parts));
}

TEST(AppRunReport, ItemsAndFiguresAndTheFrameLog) {
  RunReport r;
  EXPECT_TRUE(r.items_changed("step 10,20;"));
  EXPECT_FALSE(r.items_changed("step 10,20;"));
  EXPECT_TRUE(r.items_changed("step 10,21;"));
  r.first_shown(0.25);
  EXPECT_EQ(r.end_figures({7, 9, false, true}, 4, 0.0125, 0.02),
            "dungen-viz: first frame shown 250 ms after start (work still under way)\n"
            "dungen-viz: 4 frames, after the first: mean 12.5 ms, slowest 20.0 ms; step 7 of 9 "
            "(still working)\n");
  const FrameParts parts{0.001, 0.002, 0.003, 0.004, 0.005};
  EXPECT_EQ(RunReport::frame_log_line(1.5, 0.0123, true, parts, {.rebuilding = true}),
            "1.500 12.30 1 1.0 2.0 3.0 4.0 5.0 1 0 0 1\n");
  EXPECT_EQ(RunReport::frame_log_line(2.0, 0.004, false, parts, {.woke = true, .drawn = false}),
            "2.000 4.00 0 1.0 2.0 3.0 4.0 5.0 0 0 1 0\n");
  const std::string path = "app_frame_log.txt";
  r.open_frame_log(path.c_str());
  r.log_frame(1.5, 0.0123, false, parts, {.parked = true});
  r.close_frame_log();
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "1.500 12.30 0 1.0 2.0 3.0 4.0 5.0 0 1 0 1\n");
  std::remove(path.c_str());
}
