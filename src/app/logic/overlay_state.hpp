#pragma once
// What the renderer draws over the map, derived from the current step and the steps just before
// it. It is computed from the timeline (not accumulated while playing), so scrubbing, stepping
// back and playing forward all show the same overlay for the same step. Every item keeps the
// role its step gave it (core/overlay.hpp); `roles` lists the roles drawn, for the legend.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/geometry.hpp"
#include "core/narration.hpp"
#include "core/overlay.hpp"
#include "core/step.hpp"

namespace dungen {
class Timeline;
}

namespace dungen::app {

// A verdict (accepted, rejected, finished) stays visible, fading, for this many steps after the
// one that gave it, unless a newer candidate or verdict is drawn first.
inline constexpr int kCandidateFadeSteps = 8;
// How far back to look for the step that planned the tunnel being dug: one cell step per path
// cell, and a path is at most one map width plus one map height long.
inline constexpr std::uint64_t kPathLookbackSteps = 2 * 4096 + 64;
// How far back to look for the other walkers' places: each walker moves once a round, and there
// are at most 100 walkers (plus a restart and a checkpoint step a round at most).
inline constexpr std::uint64_t kWalkerLookbackSteps = 3 * 100 + 8;
// The cells changed since the last phase step are framed only while there are at most this
// many, found within this many steps back (a smoothing pass of a 4096x4096 cave is too much to
// frame, and too far to look back each time the cursor moves).
inline constexpr std::size_t kMaxPhaseChangeCells = 1u << 16;
inline constexpr std::uint64_t kPhaseChangeLookbackSteps = 1u << 16;

struct ShownItem {
  OverlayItem item;
  float age = 0.0f;  // 0 = this step's, rising to 1 = about to disappear
};

struct OverlayView {
  std::vector<ShownItem> items;       // older first, so the current step's draw on top
  std::size_t path_done = 0;          // how many cells of the Tunnel line are dug so far
  std::vector<Point> phase_changes;   // Flipped: cells changed since the last phase step
  std::optional<Point> player_start;  // once the generator has placed it
  std::string caption;                // the current step's few words ("touches room 2")
  std::optional<Rect> caption_at;     // the box the caption belongs beside
  // Every role drawn, each once, in kRoles order (the player start and Flipped included; map
  // marks are the legend's to add, from the map).
  std::vector<Role> roles;
};

// The overlay at step `at` of `timeline` (usually its cursor), captioned in the words of
// `narration`. start/start_step: the player start and the step that placed it (shown from that
// step on).
OverlayView build_overlay(const Timeline& timeline, const Narration& narration,
                          const ParamValues& params, std::uint64_t at, std::optional<Point> start,
                          std::uint64_t start_step);

}  // namespace dungen::app
