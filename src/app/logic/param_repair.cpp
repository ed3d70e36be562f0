#include "app/logic/param_repair.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

namespace dungen::app {

namespace {

bool is_map_size(std::string_view name) {
  return name == "width" || name == "height";
}

// The schema parameters a cross-check message names, in order (whole snake_case words).
std::vector<std::string_view> named_params(const std::string& msg, const Schema& schema) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < msg.size()) {
    std::size_t j = i;
    while (j < msg.size() && (std::islower(static_cast<unsigned char>(msg[j])) || msg[j] == '_'))
      ++j;
    if (j == i) {
      ++i;
      continue;
    }
    if (const ParamDef* def = schema.find(std::string_view(msg).substr(i, j - i))) {
      out.push_back(def->name);
    }
    i = j;
  }
  return out;
}

// The allowed values of def ordered by distance from `from` (nearest first, lower first on ties),
// excluding `from` itself. Visits at most the whole range.
template <class Pred>
std::optional<std::int64_t> nearest_where(const ParamDef& def, std::int64_t from, Pred&& ok) {
  if (def.kind == ParamKind::Choice) {
    std::vector<std::int64_t> c = def.choices;
    std::stable_sort(c.begin(), c.end(), [&](auto a, auto b) {
      return std::llabs(a - from) < std::llabs(b - from);
    });
    for (const std::int64_t v : c) {
      if (v != from && ok(v)) return v;
    }
    return std::nullopt;
  }
  const std::int64_t span = def.max - def.min;
  for (std::int64_t d = 1; d <= span; ++d) {
    if (from - d >= def.min && ok(from - d)) return from - d;
    if (from + d <= def.max && ok(from + d)) return from + d;
    if (from - d < def.min && from + d > def.max) break;
  }
  return std::nullopt;
}

struct Push {
  std::string_view name;
  std::int64_t from;
  std::int64_t to;
};

// Makes `values` valid by pushing the other parameters the failing checks name, keeping `fixed`
// and the map size. Each push moves one parameter to its nearest value that makes the current
// failure go away (the check fails differently or not at all). Returns the pushes, or nothing
// (values then partly pushed: the caller starts again from a copy).
std::optional<std::vector<Push>> push_others(ParamValues& values, std::string_view fixed) {
  std::vector<Push> pushes;
  std::string_view last;
  for (int round = 0; round <= kMaxRepairPushes; ++round) {
    const std::optional<std::string> err = values.validate();
    if (!err) return pushes;
    if (round == kMaxRepairPushes) break;
    const std::vector<std::string_view> named = named_params(*err, values.schema());
    std::string_view pick;
    for (const std::string_view n : named) {
      if (n != fixed && n != last && !is_map_size(n)) {
        pick = n;
        break;
      }
    }
    if (pick.empty()) return std::nullopt;
    const ParamDef& def = *values.schema().find(pick);
    const std::int64_t before = values.get(pick);
    const auto to = nearest_where(def, before, [&](std::int64_t v) {
      values.set_clamped(pick, v);
      const std::optional<std::string> e = values.validate();
      return !e || named_params(*e, values.schema()) != named;
    });
    if (!to) return std::nullopt;
    values.set_clamped(pick, *to);
    pushes.push_back({pick, before, *to});
    last = pick;
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

}  // namespace

ParamEdit set_param_repaired(ParamValues& values, std::string_view name, std::int64_t requested) {
  const ParamDef* def = values.schema().find(name);
  if (!def) return {false, "there is no parameter named " + std::string(name)};
  const ParamValues before = values;
  std::string notice;
  values.set_clamped(name, requested);
  const std::int64_t wanted = values.get(name);
  if (wanted != requested) {
    notice = std::string(name) + " " + std::to_string(requested) +
             " is out of range: allowed " + describe_range(*def) + "; set to " +
             std::to_string(wanted);
  }
  const auto finish = [&](std::string more) {
    if (!more.empty()) notice += (notice.empty() ? "" : "; ") + more;
    return ParamEdit{!(values == before), notice};
  };
  const std::optional<std::string> err = values.validate();
  if (!err) return finish("");

  ParamValues pushed = values;
  if (auto pushes = push_others(pushed, name)) {
    values = pushed;
    return finish(*err + ": " + describe_pushes(*pushes));
  }

  // No push helps: walk this parameter back toward its old value, as little as possible. The old
  // value is valid, so the search always ends on a valid state (bisection finds the boundary
  // when validity is monotone along the way, which min/max and fit checks are).
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
  if (def->kind == ParamKind::Choice || def->kind == ParamKind::Bool) {
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
  values = good_values;
  std::string more = *err + ": " + std::string(name) + " set to " + std::to_string(good) +
                     " instead of " + std::to_string(wanted);
  if (const std::string p = describe_pushes(good_pushes); !p.empty()) more += ", " + p;
  return finish(more);
}

}  // namespace dungen::app
