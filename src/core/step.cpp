#include "core/step.hpp"

#include "core/narration.hpp"

namespace dungen {

std::string_view level_name(StepLevel level) {
  switch (level) {
    case StepLevel::Cell:
      return "cell";
    case StepLevel::Action:
      return "action";
    case StepLevel::Feature:
      return "feature";
    case StepLevel::Phase:
      return "phase";
  }
  return "?";
}

std::string xy_text(Point p) {
  // Appended piece by piece: gcc 12 warns falsely (-Wrestrict) on "(" + std::string&&.
  std::string s(1, '(');
  s += std::to_string(p.x);
  s += ',';
  s += std::to_string(p.y);
  s += ')';
  return s;
}

std::string size_text(int w, int h) {
  std::string s = std::to_string(w);
  s += 'x';
  s += std::to_string(h);
  return s;
}

std::string number_text(int zero_based_id) {
  return std::to_string(static_cast<long long>(zero_based_id) + 1);
}

std::string draws_text(const std::vector<Draw>& draws) {
  std::string s;
  for (const Draw& d : draws) {
    if (!s.empty()) s += ", ";
    s += d.name;
    s += " = ";
    s += std::to_string(d.value);
  }
  return s;
}

std::string step_draws_text(const Narration& narration, const Step& step,
                            std::span<const Draw> draws, const ParamValues& params) {
  std::string s;
  for (const Draw& d : draws) {
    if (!s.empty()) s += ", ";
    std::string said = narration.draw_text ? narration.draw_text(d, step, params) : std::string();
    if (said.empty()) {
      said = std::string(d.name) + " = " + std::to_string(d.value);
    }
    s += said;
  }
  return s;
}

}  // namespace dungen
