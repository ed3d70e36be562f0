#include "io/param_args.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>

namespace dungen {

namespace {
std::string param_name(std::string_view flag) {
  std::string name(flag.starts_with("--") ? flag.substr(2) : flag);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}
}  // namespace

ParamValues* param_for_flag(std::string_view flag, std::span<ParamValues* const> targets) {
  const std::string name = param_name(flag);
  // "--_x" would otherwise reach a parameter "x" spelled with a leading underscore.
  if (name.empty() || name.front() == '_') return nullptr;
  for (ParamValues* t : targets) {
    if (t->schema().find(name)) return t;
  }
  return nullptr;
}

std::optional<std::string> apply_param_flag(std::string_view flag, std::string_view value,
                                            std::span<ParamValues* const> targets) {
  ParamValues* target = param_for_flag(flag, targets);
  if (!target) return "unknown flag '" + std::string(flag) + "'";
  const std::string name = param_name(flag);
  const ParamDef& def = *target->schema().find(name);
  std::int64_t v = 0;
  const char* last = value.data() + value.size();
  auto [ptr, ec] = std::from_chars(value.data(), last, v);
  if (value.empty() || ec != std::errc() || ptr != last) {
    return std::string(flag) + " '" + std::string(value) + "' is not a whole number: allowed " +
           describe_range(def);
  }
  if (auto e = target->set(name, v)) return e->words(ParamError::Names::Flags);
  return std::nullopt;
}

std::variant<std::uint64_t, std::string> parse_seed_flag(std::string_view text) {
  std::uint64_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size()) {
    return "--seed '" + std::string(text) + "' is not a whole number: allowed 0.." +
           std::to_string(UINT64_MAX);
  }
  return v;
}

}  // namespace dungen
