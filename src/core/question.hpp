#pragma once
// Predict, then reveal: the question a step answers, asked before the step is shown. A
// generator declares its questions beside its words (Narration::question): from the step that is
// about to be shown, and the map as it is before it, it builds the question in the algorithm's
// own terms ("floor or wall?", "which room will this candidate hit, if any?") with the answer
// the step gives. A generator with no questions has no predict mode.

#include <optional>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/overlay.hpp"
#include "core/params.hpp"
#include "core/step.hpp"

namespace dungen {

struct Layout;

struct Choice {
  std::string label;        // "floor", "room 3", "east": the words of the answer
  std::vector<Rect> areas;  // where a click (or tap) on the map picks it; none: its button only
};

struct Question {
  // The pseudocode line whose decision this is: the line a score counts for (a rejection and
  // an acceptance both answer the "if it touches a placed room" line).
  int line = 0;
  std::string prompt;  // "Attempt 4: which placed room will this candidate touch, if any?"
  std::vector<Choice> choices;
  int answer = 0;  // the choice the step makes
  // What the map shows while the question waits: what the step looks at, never its outcome.
  Overlay focus;
};

// What a question may read: the parameters, the map before the step (the cursor's), and the
// generator's layout (its rooms, as of its newest step: a question about step k keeps only what
// was there before it).
struct QuestionContext {
  const ParamValues& params;
  const Grid& grid;
  const Layout& layout;
};

// The choice whose areas hold cell p, if any (the first, when areas overlap).
std::optional<int> choice_at(const Question& q, Point p);

}  // namespace dungen
