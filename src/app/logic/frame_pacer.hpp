#pragma once
// Frame pacing: when the app draws a frame, and how long it may sleep between frames. Drawing
// costs a frame's CPU (a software rasteriser spends a whole core drawing as fast as it can), so
// the app draws only when the picture may change:
// - Continuously while something changes on its own: the session plays or works on a job (its
//   progress bar moves), a texture upload is held back, the fonts are rebuilt, a mouse button is
//   down (a pan, a slider or the scrubber being dragged), or for kSettleFrames frames after any
//   input or window event. Those frames are needed because an event often shows only a frame
//   later: a click on "step" changes the session after the panels above it were drawn, a
//   scroll asked for (the log following its newest line) applies at the next frame, a window
//   takes a frame to size itself, and the frame after a change is one more "something changed".
//   Anything new that animates by itself (a fade, a worker thread's result) must be added to
//   App::animating(), or wake the loop with glfwPostEmptyEvent.
// - Otherwise it sleeps until an event comes: at most kIdleRedrawSeconds (nothing changes on
//   screen by itself when idle; the timeout is only a safety net), or kCaretBlinkSeconds while a
//   text field is edited, so its caret blinks.
// - Drawing continuously, a frame never starts sooner than kMinFrameSeconds after the last: a
//   display with vsync paces frames itself (this limit is above common refresh rates, so it
//   never adds a wait there), one without (Xvfb, a driver forcing vsync off) would otherwise
//   draw thousands of identical frames a second.
// - While only background work moves the picture (a progress bar; no play, no input, no drag),
//   frames are kWorkingFrameSeconds apart: the worker thread (which runs at a lower priority,
//   logic/worker.hpp) gets the time between them, which on a machine with two cores is most of
//   what there is. Most such frames cost next to nothing: one in which nothing on screen moved
//   is not drawn (app/ui_pass.hpp), so they can come often enough that an input waits little
//   more than a frame even beside other busy processes (scripts/frame-times.sh).
// Headless pictures (--frames N) never wait: their frames are back to back (but --no-wait runs,
// which time what the window does, are paced like it). The pacer keeps the clock's readings it
// is given; it reads no clock itself, so it is tested without one.

namespace dungen::app {

inline constexpr int kSettleFrames = 3;
inline constexpr double kIdleRedrawSeconds = 1.0;
inline constexpr double kCaretBlinkSeconds = 0.2;
inline constexpr double kMinFrameSeconds = 1.0 / 240.0;
inline constexpr double kWorkingFrameSeconds = 1.0 / 45.0;

class FramePacer {
 public:
  // paced: whether frames wait between them (a window, or a headless --no-wait run).
  explicit FramePacer(bool paced) : paced_(paced) {}

  // The loop starts, or an idle wait ended at `now`: the wait is not part of the next frame's
  // time (Space after a long pause starts from the first step, not a quarter second's worth).
  void restart_clock(double now) { last_ = now; }
  // The longest an idle wait may last.
  static double idle_wait(bool editing_text) {
    return editing_text ? kCaretBlinkSeconds : kIdleRedrawSeconds;
  }
  // After the events were polled: any event means a few more frames.
  void saw_events(int events);
  bool settling() const { return settle_frames_ > 0; }
  // A browser page, called once a display frame whatever happens: with nothing new and nothing
  // moving, this frame is not drawn (until the idle redraw is due).
  bool skip_idle_page_frame(double now, int events, bool animating, bool editing_text) const;

  // A frame starts at `now`: returns the seconds since the last one (what playing runs).
  double start_frame(double now);
  // The frame that started at `start` took `took` seconds and was drawn by `now`.
  void drawn(double took, double now);
  // How long to wait before the next frame, `spent` seconds after the last one started: frames
  // kMinFrameSeconds apart, or kWorkingFrameSeconds while only background work moves the
  // picture (none playing, no input, no drag). 0: no wait.
  double spare(bool only_work, double spent) const;

  int frames() const { return frames_; }
  double last_drawn() const { return last_drawn_; }
  double slowest() const { return slowest_; }  // seconds, frames after the first
  double total() const { return total_; }      // seconds, frames after the first
  // The mean frame after the first (which compiles shaders), in seconds.
  double mean() const { return frames_ > 1 ? total_ / (frames_ - 1) : 0.0; }

 private:
  bool paced_;
  int settle_frames_ = kSettleFrames;  // frames still to draw after the last event
  double last_ = 0.0;                  // when the last frame started, or the last idle wait ended
  double last_drawn_ = 0.0;            // when the last frame was drawn
  int frames_ = 0;
  double slowest_ = 0.0;
  double total_ = 0.0;
};

}  // namespace dungen::app
