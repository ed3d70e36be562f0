#pragma once
// A session's fork (core/draw_fork.hpp) as the panels tell it: what was asked, and what it did so
// far. Compare's pane B heads its map with fork_words(), so a student reads what one random
// choice was changed before reading what it changed.

#include <cstdint>
#include <string>
#include <vector>

#include "core/draw_fork.hpp"
#include "core/step.hpp"

namespace dungen::app {

struct ForkState {
  DrawFork fork;
  ForkOutcome outcome;        // applied: which draw it changed, from what to what
  bool step_run = false;      // the run has run the fork's step (not applied: no such draw)
  std::uint64_t run_end = 0;  // the run's last step, once it has ended before the fork's step
};

// "fork at step 12: w = 7 -> 9"; before its step has run, "fork at step 12: w = 9 (step 12 not
// run yet)"; when the step drew no such value or the run ended first, that, and that nothing
// changed.
std::string fork_words(const ForkState& state);

// One of the current step's draws, as the teaching panel lists it: the draw (its range, when it
// was drawn rather than counted), the narration's words for it, and which draw of its name in the
// step it is (what a fork names).
struct ShownDraw {
  std::string name;
  Draw draw;  // its name points into the timeline; use `name`
  int occurrence = 1;
  std::string words;  // "dir = 2: south"
};

// The draws' occurrences by name: the drawn ones count as the stepper's fork counts them.
std::vector<int> draw_occurrences(const std::vector<Draw>& draws);

}  // namespace dungen::app
