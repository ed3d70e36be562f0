#pragma once
// Predict, then reveal (core/question.hpp): in predict mode the session stops before each step
// that answers a question its generator declares, asks it, and shows the step once the class has
// answered, with the answer marked right or wrong. A lesson keeps the score per pseudocode line,
// so a teacher finds the line the class misunderstands (the Lesson window, its JSON export).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/logic/overlay_state.hpp"
#include "core/question.hpp"

namespace dungen::app {

// The class's answer to the question of the step now shown.
struct Reveal {
  Question question;
  int picked = 0;
  bool right = false;
  std::uint64_t step = 0;  // the position the step is shown at
};

// Answers to the questions of one pseudocode line of one generator.
struct LineScore {
  std::string generator;
  int line = 0;      // 0-based, as Step::line
  std::string text;  // the line's pseudocode
  int asked = 0;
  int right = 0;
  double accuracy() const { return asked > 0 ? static_cast<double>(right) / asked : 0.0; }
};

// The scores of a lesson: every question answered since the app started (or the lesson was
// cleared), whatever the generator, seed or run.
class Lesson {
 public:
  void record(std::string_view generator, int line, std::string_view text, bool right);
  std::span<const LineScore> lines() const { return lines_; }  // in the order first asked
  // Worst first (lowest accuracy, then most asked): the teacher view's order.
  std::vector<LineScore> worst_first() const;
  const LineScore* find(std::string_view generator, int line) const;
  int asked() const;
  int right() const;
  void clear() { lines_.clear(); }
  // {"dungen_lesson": 1, "asked": N, "right": M, "lines": [{"generator", "line" (1-based),
  // "text", "asked", "right", "accuracy"}, ...]} in the teacher view's order.
  std::string json() const;

 private:
  std::vector<LineScore> lines_;
};

// Predict mode's state in a session.
struct Predict {
  bool on = false;
  // The question asked before the step after the cursor, while it waits for an answer.
  std::optional<Question> waiting;
  std::optional<Reveal> reveal;  // the last answer, shown while its step is
  Lesson lesson;
};

// The overlay while a question waits: its focus and, dashed, the places a click answers.
void show_question(OverlayView& view, const Question& q);
// The overlay of a revealed step: the class's pick framed right or wrong (and, when wrong, the
// true answer framed right), where the choices have places on the map.
void show_reveal(OverlayView& view, const Reveal& r);

}  // namespace dungen::app
