#pragma once
// A command that may take many steps (run to end, to the next feature, seek, live regenerate)
// becomes a job that the session works on a frame at a time; the progress bar reads it.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "app/logic/modes.hpp"
#include "core/params.hpp"
#include "core/step.hpp"
#include "generators/registry.hpp"

namespace dungen::app {

// ToFill: on to the animated flood fill's first step (through the generator's end, and waiting
// there while a big map's region phase is made elsewhere).
enum class JobKind { None, Seek, ToEnd, ToLevel, ToFill };

struct Job {
  JobKind kind = JobKind::None;
  std::uint64_t target = 0;            // Seek: the position to reach
  StepLevel level = StepLevel::Phase;  // ToLevel: stop after a step of this level or bigger
  bool live = false;                   // a live regeneration (labelled "generating")
  std::uint64_t start_position = 0;
  std::uint64_t done = 0;      // moves made so far
  std::uint64_t estimate = 0;  // ToEnd/ToLevel/ToFill: the steps it is expected to take
  // ToEnd: afterwards, back to this position (a reloaded script: its whole run recorded, so its
  // length is known and a rule it breaks later shows at once, then the step the user was on).
  std::optional<std::uint64_t> then_seek;

  // 0..1, rising with every move; open-ended runs approach 1 without reaching it.
  double progress(std::uint64_t position) const;
  std::string_view label() const;
};

// Remembers how many steps each generator took, so the next run's progress bar has a scale:
// the last finished run of that generator (and regions mode), scaled by the map's area.
class StepEstimates {
 public:
  std::uint64_t guess(const GeneratorSpec& spec, const ParamValues& params, RegionsMode regions,
                      std::uint64_t from_position) const;
  void record(const GeneratorSpec& spec, const ParamValues& params, RegionsMode regions,
              std::uint64_t total_steps);

 private:
  struct Seen {
    std::uint64_t steps = 0;
    std::uint64_t cells = 0;
  };
  std::map<std::string, Seen, std::less<>> seen_;
};

}  // namespace dungen::app
