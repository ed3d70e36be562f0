#include "app/logic/param_repair.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace dungen::app {

namespace {

bool is_map_size(std::string_view name) {
  return name == "width" || name == "height";
}

struct Push {
  std::string_view name;
  std::int64_t from;
  std::int64_t to;
};

// Makes `values` valid by pushing the parameters the failing constraints name, never `fixed` or
// the map size, each at most once: the bounded parameter down to its bound, or (for a bound made
// of another parameter) that parameter up to meet it. Returns the pushes, or nothing (values are
// then partly pushed: the caller starts again from a copy).
std::optional<std::vector<Push>> push_others(ParamValues& values, std::string_view fixed) {
  std::vector<Push> pushes;
  const auto free_to_push = [&](std::string_view n) {
    return n != fixed && !is_map_size(n) &&
           std::none_of(pushes.begin(), pushes.end(), [&](const Push& p) { return p.name == n; });
  };
  for (int round = 0; round <= kMaxRepairPushes; ++round) {
    const std::optional<ParamError> err = values.validate();
    if (!err) return pushes;
    if (round == kMaxRepairPushes || !err->constraint) return std::nullopt;
    const Constraint& c = *err->constraint;
    std::string_view pick;
    std::int64_t to = 0;
    if (free_to_push(c.param)) {
      pick = c.param;
      to = err->bound;
    } else if (c.bound == BoundKind::Param && free_to_push(c.other)) {
      pick = c.other;
      to = err->value - c.offset;
    } else {
      return std::nullopt;
    }
    const ParamDef& def = *values.schema().find(pick);
    if (to < def.min || to > def.max) return std::nullopt;
    pushes.push_back({pick, values.get(pick), to});
    values.set_clamped(pick, to);
  }
  return std::nullopt;
}

std::string describe_pushes(const std::vector<Push>& pushes) {
  // A parameter pushed twice is reported once, from its first value to its last.
  std::vector<Push> merged;
  for (const Push& p : pushes) {
    auto it = std::find_if(merged.begin(), merged.end(), [&](auto& m) { return m.name == p.name; });
    if (it == merged.end()) {
      merged.push_back(p);
    } else {
      it->to = p.to;
    }
  }
  std::string out;
  for (const Push& p : merged) {
    if (p.from == p.to) continue;
    out += out.empty() ? "moved " : ", ";
    out += std::string(p.name) + " " + std::to_string(p.from) + " -> " + std::to_string(p.to);
  }
  return out;
}

// Where walking a parameter back from `wanted` toward its old value stopped.
struct WalkedBack {
  std::int64_t value;        // the parameter's value, nearest wanted
  ParamValues values;        // all of them, the others pushed
  std::vector<Push> pushes;  // what was pushed
};

// The value nearest `wanted` on the way back to the parameter's old value (in `before`) that
// pushing the others can make valid. The old value is valid, so the search always ends on a
// valid state (bisection finds the boundary when validity is monotone along the way, which
// min/max and fit checks are).
WalkedBack walk_back(const ParamValues& before, const ParamDef& def, std::string_view name,
                     std::int64_t wanted) {
  const std::int64_t old_value = before.get(name);
  auto attempt = [&](std::int64_t v) -> std::optional<std::pair<ParamValues, std::vector<Push>>> {
    ParamValues trial = before;
    trial.set_clamped(name, v);
    if (trial.get(name) != v) return std::nullopt;
    if (auto pushes = push_others(trial, name)) return std::make_pair(trial, *pushes);
    return std::nullopt;
  };
  std::int64_t good = old_value;
  std::int64_t bad = wanted;
  std::vector<Push> good_pushes;
  ParamValues good_values = before;
  if (def.kind == ParamKind::Choice || def.kind == ParamKind::Bool) {
    bad = good;  // few values: the old one is the only sure one
  }
  for (int i = 0; i < kMaxRepairBisections && std::llabs(bad - good) > 1; ++i) {
    const std::int64_t mid = good + (bad - good) / 2;
    if (auto r = attempt(mid)) {
      good = mid;
      good_values = r->first;
      good_pushes = r->second;
    } else {
      bad = mid;
    }
  }
  return {good, std::move(good_values), std::move(good_pushes)};
}

}  // namespace

ParamEdit set_param_repaired(ParamValues& values, std::string_view name, std::int64_t requested) {
  const ParamDef* def = values.schema().find(name);
  if (!def) return {false, "there is no parameter named " + std::string(name)};
  const ParamValues before = values;
  std::string notice;
  values.set_clamped(name, requested);
  const std::int64_t wanted = values.get(name);
  if (wanted != requested) {
    notice = std::string(name) + " " + std::to_string(requested) + " is out of range: allowed " +
             describe_range(*def) + "; set to " + std::to_string(wanted);
  }
  const auto finish = [&](std::string more) {
    if (!more.empty()) notice += (notice.empty() ? "" : "; ") + more;
    return ParamEdit{!(values == before), notice};
  };
  const std::optional<ParamError> err = values.validate();
  if (!err) return finish("");

  ParamValues pushed = values;
  if (auto pushes = push_others(pushed, name)) {
    values = pushed;
    return finish(err->words() + ": " + describe_pushes(*pushes));
  }

  // No push helps: walk this parameter back toward its old value, as little as possible.
  const WalkedBack back = walk_back(before, *def, name, wanted);
  values = back.values;
  // Say the rule that stopped the value, which is the one still broken once the others have been
  // pushed as far as they go (room_min_size up to the map's cells), not the first one it broke
  // (room_min_size > room_max_size, which a push would have mended).
  const std::optional<ParamError> blocking = pushed.validate();
  std::string more = (blocking ? *blocking : *err).words() + ": " + std::string(name) + " set to " +
                     std::to_string(back.value) + " instead of " + std::to_string(wanted);
  if (const std::string p = describe_pushes(back.pushes); !p.empty()) more += ", " + p;
  return finish(more);
}

}  // namespace dungen::app
