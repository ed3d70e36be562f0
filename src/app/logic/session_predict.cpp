// Predict, then reveal (app/logic/predict.hpp): the session stops before a step whose question
// its generator declares, and shows it once the class has answered.

#include "app/logic/session.hpp"
#include "app/logic/session_state.hpp"

namespace dungen::app {

bool Session::State::forward_or_ask() {
  if (predict.waiting) return false;
  if (!track->forward()) return false;
  if (!predict.on || track->phase() != Phase::Generator) return true;
  const Narration& narration = settings.spec->narration;
  const Step* shown = track->current();
  if (!narration.question || !shown || shown->last) return true;
  // The question reads the map before the step: go back to it, and forward again if the step
  // asks nothing.
  const Step step = *shown;  // a copy: moving the cursor unpacks over it
  track->back();
  const Timeline& gen = track->generator_timeline();
  std::optional<Question> q =
      narration.question(step, {gen.stepper().params(), gen.grid(), gen.stepper().layout()});
  // One possible answer (the first room: no room to hit) is no question.
  if (!q || q->choices.size() < 2) {
    track->forward();
    return true;
  }
  predict.waiting = std::move(q);
  predict.reveal.reset();
  transport.playing = false;
  transport.due = 0.0;
  caches.overlay_key = {};
  return false;
}

void Session::State::end_question() {
  if (!predict.waiting && !predict.reveal) return;
  predict.waiting.reset();
  predict.reveal.reset();
  caches.overlay_key = {};
}

bool Session::predict() const {
  return s_->predict.on;
}
void Session::set_predict(bool on) {
  if (s_->predict.on == on) return;
  s_->predict.on = on;
  s_->end_question();
}
bool Session::can_predict() const {
  return static_cast<bool>(s_->settings.spec->narration.question);
}
const Question* Session::question() const {
  return s_->predict.waiting ? &*s_->predict.waiting : nullptr;
}
void Session::answer(int choice) {
  State& s = *s_;
  if (!s.predict.waiting || choice < 0 ||
      choice >= static_cast<int>(s.predict.waiting->choices.size())) {
    return;
  }
  Question q = std::move(*s.predict.waiting);
  s.predict.waiting.reset();
  const bool right = choice == q.answer;
  const auto code = s.settings.spec->narration.pseudocode;
  const std::string_view text =
      q.line >= 0 && q.line < static_cast<int>(code.size()) ? code[q.line] : std::string_view();
  s.predict.lesson.record(s.settings.spec->name, q.line, text, right);
  s.touch().forward();  // the step asked about, now shown
  s.predict.reveal = Reveal{std::move(q), choice, right, s.track->position()};
  s.caches.overlay_key = {};
}
std::optional<int> Session::choice_at(Point p) const {
  return s_->predict.waiting ? dungen::choice_at(*s_->predict.waiting, p) : std::nullopt;
}
const Reveal* Session::reveal() const {
  const Predict& p = s_->predict;
  return p.reveal && p.reveal->step == s_->track->position() ? &*p.reveal : nullptr;
}
const Lesson& Session::lesson() const {
  return s_->predict.lesson;
}
void Session::clear_lesson() {
  s_->predict.lesson.clear();
}

}  // namespace dungen::app
