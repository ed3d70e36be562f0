#include "core/question.hpp"

namespace dungen {

std::optional<int> choice_at(const Question& q, Point p) {
  for (std::size_t i = 0; i < q.choices.size(); ++i) {
    for (const Rect& r : q.choices[i].areas) {
      if (r.contains(p)) return static_cast<int>(i);
    }
  }
  return std::nullopt;
}

}  // namespace dungen
