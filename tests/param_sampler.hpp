#pragma once
// Random parameter sets drawn from a generator's schema, for the sweep test and the fuzz targets:
// each value at its minimum, its maximum, its default or anywhere in its range (the extremes
// often, since that is where the bugs live), the map's sides kept small so thousands of runs stay
// cheap, then the constraints repaired by lowering the value that breaks one. The draws come from
// `pick(n)` (a number in [0, n)), so a fuzzer's bytes or a seeded engine can drive it alike.

#include <algorithm>
#include <cstdint>
#include <optional>

#include "core/params.hpp"

namespace dungen::test_support {

// A value in [lo, hi] from pick(n): uniform, or log-uniform (small and huge values both common
// over a range like 1..16777216).
template <class Pick>
std::int64_t pick_in(Pick& pick, std::int64_t lo, std::int64_t hi) {
  if (hi <= lo) return lo;
  const auto span = static_cast<std::uint64_t>(hi - lo);
  if (pick(2) == 0) {
    const std::uint64_t bits = pick(64);  // a magnitude, then a value below it
    const std::uint64_t top = bits >= 63 ? span : std::min(span, (std::uint64_t{1} << bits) - 1);
    const std::uint64_t v = top == 0 ? 0 : pick(top + 1);
    return lo + static_cast<std::int64_t>(v);
  }
  return lo + static_cast<std::int64_t>(pick(span + 1));
}

// A value for one parameter: its min, max or default, or anywhere in its range. Map sides stay
// within [min, max_side].
template <class Pick>
std::int64_t pick_value(Pick& pick, const ParamDef& def, std::int64_t max_side) {
  if (def.kind == ParamKind::Choice && !def.choices.empty()) {
    return def.choices[pick(def.choices.size())];
  }
  std::int64_t hi = def.max;
  if (def.name == "width" || def.name == "height") hi = std::clamp(max_side, def.min, def.max);
  switch (pick(6)) {
    case 0:
      return def.min;
    case 1:
      return hi;
    case 2:
      return std::min(def.def, hi);
    default:
      return pick_in(pick, def.min, hi);
  }
}

// Lowers the value that breaks each constraint to what the constraint allows, a few rounds (one
// repair can break another rule: lowering room_max_size can put it under room_min_size). Nothing
// if the set still does not validate.
inline std::optional<ParamValues> repaired(ParamValues p) {
  for (int round = 0; round < 16; ++round) {
    const std::optional<ParamError> e = p.validate();
    if (!e) return p;
    if (e->kind != ParamError::Kind::Constraint) return std::nullopt;
    p.set_clamped(e->param, e->bound);
  }
  return std::nullopt;
}

template <class Pick>
std::optional<ParamValues> sample_params(const Schema& schema, Pick& pick, std::int64_t max_side) {
  ParamValues p(schema);
  for (const ParamDef& def : schema.params)
    p.set_clamped(def.name, pick_value(pick, def, max_side));
  return repaired(std::move(p));
}

}  // namespace dungen::test_support
