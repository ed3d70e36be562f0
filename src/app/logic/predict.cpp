#include "app/logic/predict.hpp"

#include <algorithm>

#include "io/json_writer.hpp"

namespace dungen::app {

void Lesson::record(std::string_view generator, int line, std::string_view text, bool right) {
  auto it = std::find_if(lines_.begin(), lines_.end(), [&](const LineScore& s) {
    return s.generator == generator && s.line == line;
  });
  if (it == lines_.end()) {
    lines_.push_back({std::string(generator), line, std::string(text)});
    it = lines_.end() - 1;
  }
  ++it->asked;
  it->right += right ? 1 : 0;
}

std::vector<LineScore> Lesson::worst_first() const {
  std::vector<LineScore> v = lines_;
  std::stable_sort(v.begin(), v.end(), [](const LineScore& a, const LineScore& b) {
    // Compared as right * b.asked against b.right * asked: exact, no rounding.
    const std::int64_t l = static_cast<std::int64_t>(a.right) * b.asked;
    const std::int64_t r = static_cast<std::int64_t>(b.right) * a.asked;
    if (l != r) return l < r;
    return a.asked > b.asked;
  });
  return v;
}

const LineScore* Lesson::find(std::string_view generator, int line) const {
  for (const LineScore& s : lines_) {
    if (s.generator == generator && s.line == line) return &s;
  }
  return nullptr;
}

int Lesson::asked() const {
  int n = 0;
  for (const LineScore& s : lines_) n += s.asked;
  return n;
}
int Lesson::right() const {
  int n = 0;
  for (const LineScore& s : lines_) n += s.right;
  return n;
}

std::string Lesson::json() const {
  JsonWriter w;
  w.begin_object();
  w.key("dungen_lesson").value(1);
  w.key("asked").value(asked());
  w.key("right").value(right());
  w.key("lines").begin_array();
  for (const LineScore& s : worst_first()) {
    w.begin_object();
    w.key("generator").value(s.generator);
    w.key("line").value(s.line + 1);
    w.key("text").value(s.text);
    w.key("asked").value(s.asked);
    w.key("right").value(s.right);
    w.key("accuracy").value(s.accuracy());
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return w.str() + "\n";
}

namespace {

void add_item(OverlayView& view, OverlayItem item) {
  if (std::find(view.roles.begin(), view.roles.end(), item.role) == view.roles.end()) {
    view.roles.push_back(item.role);
    std::sort(view.roles.begin(), view.roles.end());
  }
  view.items.push_back({std::move(item), 0.0f});
}

}  // namespace

void show_question(OverlayView& view, const Question& q) {
  view.items.clear();
  view.roles.clear();
  view.phase_changes.clear();
  view.path_done = 0;
  view.caption = '?';
  view.caption_at.reset();
  for (const Choice& c : q.choices) {
    for (const Rect& r : c.areas) add_item(view, box(Role::Option, r));
  }
  for (const OverlayItem& i : q.focus.items) {
    if (!view.caption_at && i.rect.w > 0) view.caption_at = i.rect;
    add_item(view, i);
  }
}

void show_reveal(OverlayView& view, const Reveal& r) {
  const auto frame = [&](int choice, Role role) {
    if (choice < 0 || choice >= static_cast<int>(r.question.choices.size())) return;
    for (const Rect& a : r.question.choices[static_cast<std::size_t>(choice)].areas) {
      add_item(view, box(role, a));
    }
  };
  if (!r.right) frame(r.question.answer, Role::Right);
  frame(r.picked, r.right ? Role::Right : Role::Wrong);
}

}  // namespace dungen::app
