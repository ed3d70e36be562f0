#pragma once
// What the renderer draws over the map, derived from the current step and the steps just before
// it. It is computed from the timeline (not accumulated while playing), so scrubbing, stepping
// back and playing forward all show the same overlay for the same step.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry.hpp"
#include "core/narration.hpp"
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
// The cells changed since the last phase step are outlined only while there are at most this
// many, found within this many steps back (a smoothing pass of a 4096x4096 cave is too much to
// outline, and too far to look back each time the cursor moves).
inline constexpr std::size_t kMaxPhaseChangeCells = 1u << 16;
inline constexpr std::uint64_t kPhaseChangeLookbackSteps = 1u << 16;

struct CandidateMark {
  Rect rect;
  Verdict verdict = Verdict::None;  // Accepted (green), Rejected (red) or None (work in progress)
  std::string caption;              // the generator's few words for it ("touches room 2")
  std::optional<Rect> hit;          // what a rejected candidate ran into
  std::vector<Point> hit_cells;     // or the cells already in use it would have covered
  float age = 0.0f;                 // 0 = this step, rising to 1 = about to disappear
};

struct OverlayView {
  std::vector<CandidateMark> candidates;  // oldest first, so the newest draws on top
  std::vector<Point> path;                // the tunnel/corridor being carved, in order
  std::size_t path_done = 0;              // how many of path's cells are carved so far
  std::optional<Point> cursor;            // the cell being worked on
  std::optional<Rect> window;             // the neighbourhood being read
  std::string window_caption;             // "6 >= 5: floor"
  std::vector<Point> phase_changes;       // cells changed since the last phase step
  std::optional<Point> player_start;      // once the generator has placed it
};

// The overlay at step `at` of `timeline` (usually its cursor), captioned in the words of
// `narration`. start/start_step: the player start and the step that placed it (shown from that
// step on).
OverlayView build_overlay(const Timeline& timeline, const Narration& narration,
                          const ParamValues& params, std::uint64_t at, std::optional<Point> start,
                          std::uint64_t start_step);

}  // namespace dungen::app
