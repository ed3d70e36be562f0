#pragma once
// How fast the app plays and how much work one frame may do. The speed slider is logarithmic
// (1 step/s at the left, a million at the right), and every frame's work is cut off by a time
// budget checked every kClockCheckInterval steps, so no command can freeze the window.

#include <algorithm>
#include <cstdint>
#include <functional>

namespace dungen::app {

inline constexpr double kMinSpeed = 1.0;  // steps per second
inline constexpr double kMaxSpeed = 1'000'000.0;
inline constexpr double kDefaultSpeed = 30.0;
// One press of +/- multiplies or divides the speed by this.
inline constexpr double kSpeedKeyFactor = 2.0;

// Slider position 0..1 <-> steps per second, logarithmic. Out-of-range and NaN inputs clamp.
double speed_from_slider(double t);
double slider_from_speed(double steps_per_second);
// The speed clamped into [kMinSpeed, kMaxSpeed]; NaN gives kDefaultSpeed.
double clamp_speed(double steps_per_second);

// Seconds on a monotonic clock. Injectable so tests never depend on wall time.
using Clock = std::function<double()>;
Clock steady_clock_seconds();

// Reading the clock costs more than a small step: look at it only every this many steps.
inline constexpr std::uint64_t kClockCheckInterval = 64;
// The most wall time one frame's stepping may take (a 60 Hz frame is 16.7 ms; the rest is
// left for the UI and the upload).
inline constexpr double kDefaultFrameBudgetSeconds = 0.010;
// The most steps one frame may run whatever the clock says (a second cap, so a clock that
// never advances cannot make a frame unbounded).
inline constexpr std::uint64_t kDefaultMaxStepsPerFrame = 2'000'000;
// A frame longer than this (a stall, a debugger) counts as this long when playing, so playing
// never tries to catch up seconds of backlog.
inline constexpr double kMaxFrameSeconds = 0.25;

struct FrameBudget {
  double seconds = kDefaultFrameBudgetSeconds;
  std::uint64_t max_steps = kDefaultMaxStepsPerFrame;
};

// Runs `step` until it returns false, `limit` steps have run, or the frame budget is spent.
// Returns how many steps returned true.
class BudgetedLoop {
 public:
  BudgetedLoop(const Clock& clock, const FrameBudget& budget) : clock_(clock), budget_(budget) {}
  template <class F>
  std::uint64_t run(std::uint64_t limit, F&& step);
  // The same for steps that each cost a good part of a frame (a far seek's parts): the clock is
  // read before every step after the first, a step is not begun that would end past the budget
  // if it took as long as the longest so far (two parts of 8 ms in a 10 ms budget made frames of
  // 16 ms, 30-50 beside a busy machine), and no step cap applies. The first always runs.
  template <class F>
  std::uint64_t run_timed(F&& step);
  // True when the last run stopped because the time or step budget ran out.
  bool hit_budget() const { return hit_budget_; }

 private:
  const Clock& clock_;
  FrameBudget budget_;
  bool hit_budget_ = false;
};

// At most `limit` steps and the budget's cap, the clock read every kClockCheckInterval; stopped
// short of `limit` by the cap counts as hitting the budget.
template <class F>
std::uint64_t BudgetedLoop::run(std::uint64_t limit, F&& step) {
  const std::uint64_t cap = limit < budget_.max_steps ? limit : budget_.max_steps;
  hit_budget_ = false;
  const double start = clock_();
  std::uint64_t done = 0;
  while (done < cap) {
    if (done > 0 && done % kClockCheckInterval == 0 && clock_() - start >= budget_.seconds) {
      hit_budget_ = true;
      return done;
    }
    if (!step()) return done;
    ++done;
  }
  hit_budget_ = done < limit;
  return done;
}

template <class F>
std::uint64_t BudgetedLoop::run_timed(F&& step) {
  hit_budget_ = false;
  const double start = clock_();
  double last = start;     // when the step before began
  double longest = 0.0;    // the longest step so far
  std::uint64_t done = 0;  // (each step moves its work on: it ends when the work does)
  while (true) {
    if (done > 0) {
      const double now = clock_();
      longest = std::max(longest, now - last);
      last = now;
      if (now - start + longest >= budget_.seconds) {
        hit_budget_ = true;
        return done;
      }
    }
    if (!step()) return done;
    ++done;
  }
}

}  // namespace dungen::app
