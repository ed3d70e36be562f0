#include "app/logic/fork_state.hpp"

#include <map>
#include <string_view>

namespace dungen::app {

std::string fork_words(const ForkState& state) {
  const DrawFork& f = state.fork;
  const std::string step = std::to_string(f.step);
  const std::string name = fork_draw_name(f);
  const ForkOutcome& o = state.outcome;
  if (o.applied) {
    std::string words = "fork at step " + step + ": " + name + " = " + std::to_string(o.drawn) +
                        " -> " + std::to_string(o.value);
    // The value asked was outside the draw's range: say where it went and why.
    if (o.value != f.value) {
      words += " (" + std::to_string(f.value) + " asked; " + name + " is drawn from " +
               std::to_string(o.lo) + ".." + std::to_string(o.hi) + ")";
    }
    if (o.value == o.drawn) words += " (the value drawn: the same run)";
    return words;
  }
  if (state.step_run) {
    return "fork " + fork_text(f) + ": step " + step + " drew no " + name + ", so nothing changed";
  }
  if (state.run_end > 0) {
    return "fork " + fork_text(f) + ": the run ended at step " + std::to_string(state.run_end) +
           ", before step " + step + ", so nothing changed";
  }
  return "fork at step " + step + ": " + name + " = " + std::to_string(f.value) + " (step " + step +
         " not run yet)";
}

std::vector<int> draw_occurrences(const std::vector<Draw>& draws) {
  std::map<std::string_view, int> seen;
  std::vector<int> out;
  out.reserve(draws.size());
  for (const Draw& d : draws) out.push_back(d.drawn() ? ++seen[d.name] : 0);
  return out;
}

}  // namespace dungen::app
