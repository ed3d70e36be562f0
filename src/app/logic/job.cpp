#include "app/logic/job.hpp"

#include <algorithm>
#include <cmath>

namespace dungen::app {

namespace {
// Below this fraction of the estimate the bar is linear; past it, it creeps toward 1 so a run
// longer than estimated never shows a full (or shrinking) bar.
constexpr double kLinearUntil = 0.9;
constexpr std::uint64_t kMinEstimate = 64;

std::uint64_t area(const ParamValues& p) {
  return static_cast<std::uint64_t>(p.get("width")) * static_cast<std::uint64_t>(p.get("height"));
}
std::string key(const GeneratorSpec& spec, RegionsMode regions) {
  return std::string(spec.name) + "/" + std::to_string(static_cast<int>(regions));
}
}  // namespace

double Job::progress(std::uint64_t position) const {
  switch (kind) {
    case JobKind::None:
      return 1.0;
    case JobKind::Seek: {
      const std::uint64_t distance =
          target > start_position ? target - start_position : start_position - target;
      const std::uint64_t left = target > position ? target - position : position - target;
      return distance ? 1.0 - static_cast<double>(left) / static_cast<double>(distance) : 1.0;
    }
    case JobKind::ToEnd:
    case JobKind::ToLevel:
    case JobKind::ToFill:
      break;
  }
  const double f =
      static_cast<double>(done) / static_cast<double>(std::max(estimate, kMinEstimate));
  if (f < kLinearUntil) return f;
  // Continuous with slope 1 at kLinearUntil, and below 1 for ever.
  const double tail = 1.0 - kLinearUntil;
  return kLinearUntil + tail * (1.0 - std::exp(-(f - kLinearUntil) / tail));
}

std::string_view Job::label() const {
  switch (kind) {
    case JobKind::None:
      return "";
    case JobKind::Seek:
      return "seeking";
    case JobKind::ToEnd:
      if (then_seek) return "replaying the new version";
      return live ? "generating" : "running to the end";
    case JobKind::ToFill:
      return "going to the flood fill";
    case JobKind::ToLevel:
      switch (level) {
        case StepLevel::Cell:
          return "running to the next cell";
        case StepLevel::Action:
          return "running to the next action";
        case StepLevel::Feature:
          return "running to the next feature";
        case StepLevel::Phase:
          return "running to the next phase";
      }
      break;
  }
  return "";
}

std::uint64_t StepEstimates::guess(const GeneratorSpec& spec, const ParamValues& params,
                                   RegionsMode regions, std::uint64_t from_position) const {
  const std::uint64_t cells = area(params);
  std::uint64_t total = cells / 2;  // no history: most generators take under a step per cell
  if (auto it = seen_.find(key(spec, regions)); it != seen_.end() && it->second.cells > 0) {
    const double scale = static_cast<double>(cells) / static_cast<double>(it->second.cells);
    total = static_cast<std::uint64_t>(static_cast<double>(it->second.steps) * scale);
  }
  return std::max(total > from_position ? total - from_position : 0, kMinEstimate);
}

void StepEstimates::record(const GeneratorSpec& spec, const ParamValues& params,
                           RegionsMode regions, std::uint64_t total_steps) {
  seen_[key(spec, regions)] = {total_steps, area(params)};
}

}  // namespace dungen::app
