#pragma once
// What the renderer draws over the map, derived from the current step and the steps just before
// it. It is computed from the timeline (not accumulated while playing), so scrubbing, stepping
// back and playing forward all show the same overlay for the same step.

#include <cstdint>
#include <optional>
#include <vector>

#include "core/geometry.hpp"
#include "core/step.hpp"

namespace dungen {
class Timeline;
}

namespace dungen::app {

// A candidate stays visible, fading, for this many steps after the one that tried it.
inline constexpr int kCandidateFadeSteps = 8;
// How far back to look for the step that planned the path being carved: one cell step per path
// cell, and a path is at most one map width plus one map height long.
inline constexpr std::uint64_t kPathLookbackSteps = 2 * 4096 + 64;

struct CandidateMark {
  Rect rect;
  Verdict verdict = Verdict::None;  // Accepted (green) or Rejected (red)
  Reason reason = Reason::None;     // why it was rejected
  float age = 0.0f;                 // 0 = this step, rising to 1 = about to disappear
};

struct OverlayView {
  std::vector<CandidateMark> candidates;  // oldest first, so the newest draws on top
  std::vector<Point> path;                // the tunnel/corridor being carved, in order
  std::size_t path_done = 0;              // how many of path's cells are carved so far
  std::optional<Point> cursor;            // the cell being worked on
  std::optional<Point> player_start;      // once the generator has placed it
};

// The overlay at step `at` of `timeline` (usually its cursor). start/start_step: the player
// start and the step that placed it (shown from that step on).
OverlayView build_overlay(const Timeline& timeline, std::uint64_t at, std::optional<Point> start,
                          std::uint64_t start_step);

}  // namespace dungen::app
