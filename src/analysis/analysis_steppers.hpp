#pragma once
// The analyses' steppers, a file each (analysis/analysis.hpp is their front door, which checks
// the parameters and clears the map first). Each takes the cleared map (analysis_canvas) and,
// where it starts somewhere, the start cell and how it was chosen.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/grid.hpp"
#include "core/narration.hpp"
#include "core/params.hpp"
#include "core/stepper.hpp"

namespace dungen::analysis_steps {

// How the start was chosen, as the begin step's Event::reason says it.
enum class StartChoice : std::uint8_t {
  None = 0,       // no walkable cell: nothing to measure
  Generator = 1,  // the generator's player start
  Rule = 2,       // the largest region's cell nearest the centre (no player start)
};
struct AnalysisStart {
  std::optional<std::size_t> cell;
  StartChoice choice = StartChoice::None;
};
// The begin step's start in words (its Event::at and reason): "(3,4), the player start".
std::string start_text(const Event& begin);
// A cell's neighbours at the parameters' connectivity: "the 4 sharing an edge".
std::string neighbours_text(const ParamValues& p);

Stepper distance_stepper(Grid canvas, AnalysisStart start, const ParamValues& p, bool record);
Stepper path_stepper(Grid canvas, AnalysisStart start, const ParamValues& p, bool record);
Stepper dead_end_stepper(Grid canvas, const ParamValues& p, bool record);
Stepper loop_stepper(Grid canvas, const ParamValues& p, bool record);
Stepper chokepoint_stepper(Grid canvas, const ParamValues& p, bool record);

const Narration& distance_narration();
const Narration& path_narration();
const Narration& dead_end_narration();
const Narration& loop_narration();
const Narration& chokepoint_narration();

inline std::string cells_text(std::int64_t n) {
  return std::to_string(n) + (n == 1 ? " cell" : " cells");
}
inline std::string steps_text(std::int64_t n) {
  return std::to_string(n) + (n == 1 ? " step" : " steps");
}

}  // namespace dungen::analysis_steps
