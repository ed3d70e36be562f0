#include "app/logic/param_repair.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

#include "io/param_args.hpp"

namespace dungen::app {

namespace {

bool is_map_size(std::string_view name) {
  return name == "width" || name == "height";
}

// The values worth trying for def, nearest to `from` first: the numbers the failing check quotes
// (the bound it wants is usually one of them) and the values within kRepairScanDistance. Ranges
// can be 16 M wide (room cells): never scan a whole one.
struct Candidates {
  std::vector<std::int64_t> quoted;
  std::vector<std::int64_t> near;
};

Candidates candidates(const ParamDef& def, std::int64_t from, const std::string& msg) {
  Candidates out;
  const auto add = [&](std::vector<std::int64_t>& to, std::int64_t v) {
    if (v != from && v >= def.min && v <= def.max) to.push_back(v);
  };
  if (def.kind == ParamKind::Choice) {
    for (const std::int64_t v : def.choices) add(out.near, v);
  } else {
    for (std::size_t i = 0; i < msg.size();) {
      if (!std::isdigit(static_cast<unsigned char>(msg[i]))) {
        ++i;
        continue;
      }
      std::int64_t v = 0;
      for (; i < msg.size() && std::isdigit(static_cast<unsigned char>(msg[i])); ++i) {
        v = std::min<std::int64_t>(v * 10 + (msg[i] - '0'), def.max + 1);
      }
      add(out.quoted, v);
    }
    for (std::int64_t d = 1; d <= kRepairScanDistance; ++d) {
      add(out.near, from - d);
      add(out.near, from + d);
    }
  }
  for (auto* list : {&out.quoted, &out.near}) {
    std::sort(list->begin(), list->end(), [&](auto a, auto b) {
      const auto da = std::llabs(a - from), db = std::llabs(b - from);
      return da != db ? da < db : a < b;
    });
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  return out;
}

struct Push {
  std::string_view name;
  std::int64_t from;
  std::int64_t to;
};

// Makes `values` valid by pushing the other parameters the failing checks name, keeping `fixed`
// and the map size. Each push moves one parameter the failing check names. Returns the pushes,
// or nothing (values then partly pushed: the caller starts again from a copy).
std::optional<std::vector<Push>> push_others(ParamValues& values, std::string_view fixed) {
  std::vector<Push> pushes;
  std::string_view last;
  for (int round = 0; round <= kMaxRepairPushes; ++round) {
    const std::optional<std::string> err = values.validate();
    if (!err) return pushes;
    if (round == kMaxRepairPushes) break;
    const std::vector<std::string_view> named = params_named_in(*err, values.schema());
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
    // Best: the nearest value that makes everything valid. Else a value that gets past this
    // check (it then fails another, which the next round pushes): a quoted bound first, since a
    // value one step along usually trades the failure for its mirror image (max < min).
    const Candidates c = candidates(def, before, *err);
    const auto first_where = [&](const std::vector<std::int64_t>& list, bool need_valid) {
      for (const std::int64_t v : list) {
        values.set_clamped(pick, v);
        const std::optional<std::string> e = values.validate();
        if (!e || (!need_valid && params_named_in(*e, values.schema()) != named)) {
          return std::optional<std::int64_t>(v);
        }
      }
      return std::optional<std::int64_t>();
    };
    std::vector<std::int64_t> all = c.quoted;
    all.insert(all.end(), c.near.begin(), c.near.end());
    std::sort(all.begin(), all.end(), [&](auto a, auto b) {
      const auto da = std::llabs(a - before), db = std::llabs(b - before);
      return da != db ? da < db : a < b;
    });
    std::optional<std::int64_t> to = first_where(all, true);
    if (!to) to = first_where(c.quoted, false);
    if (!to) to = first_where(c.near, false);
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
    notice = std::string(name) + " " + std::to_string(requested) + " is out of range: allowed " +
             describe_range(*def) + "; set to " + std::to_string(wanted);
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
