#include "core/params.hpp"

#include <algorithm>
#include <stdexcept>

namespace dungen {

const ParamDef* Schema::find(std::string_view name) const {
  for (const ParamDef& p : params) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

ParamValues Schema::defaults() const {
  return ParamValues(*this);
}

ParamValues::ParamValues(const Schema& schema) : schema_(&schema) {
  values_.reserve(schema.params.size());
  for (const ParamDef& p : schema.params) values_.push_back(p.def);
}

std::size_t ParamValues::slot(std::string_view name) const {
  if (schema_) {
    for (std::size_t i = 0; i < schema_->params.size(); ++i) {
      if (schema_->params[i].name == name) return i;
    }
  }
  throw std::out_of_range("no parameter named '" + std::string(name) + "'");
}

std::int64_t ParamValues::get(std::string_view name) const {
  return values_[slot(name)];
}

std::string kebab_case(std::string_view snake) {
  std::string out(snake);
  std::replace(out.begin(), out.end(), '_', '-');
  return out;
}

std::string describe_range(const ParamDef& def) {
  if (def.kind == ParamKind::Choice) {
    std::string out;
    for (std::size_t i = 0; i < def.choices.size(); ++i) {
      if (i > 0) out += (i + 1 == def.choices.size()) ? " or " : ", ";
      out += std::to_string(def.choices[i]);
    }
    return out;
  }
  if (def.kind == ParamKind::Bool) return "0 or 1";
  return std::to_string(def.min) + ".." + std::to_string(def.max);
}

std::optional<std::string> check_value(const ParamDef& def, std::int64_t value) {
  bool ok = value >= def.min && value <= def.max;
  if (def.kind == ParamKind::Choice) {
    ok = std::find(def.choices.begin(), def.choices.end(), value) != def.choices.end();
  }
  if (ok) return std::nullopt;
  return std::string(def.name) + " " + std::to_string(value) + " is out of range: allowed " +
         describe_range(def);
}

std::optional<std::string> ParamValues::set(std::string_view name, std::int64_t value) {
  const std::size_t i = slot(name);
  if (auto err = check_value(schema_->params[i], value)) return err;
  values_[i] = value;
  return std::nullopt;
}

bool ParamValues::set_clamped(std::string_view name, std::int64_t value) {
  const std::size_t i = slot(name);
  const ParamDef& def = schema_->params[i];
  std::int64_t v = std::clamp(value, def.min, def.max);
  if (def.kind == ParamKind::Choice && !def.choices.empty() &&
      std::find(def.choices.begin(), def.choices.end(), v) == def.choices.end()) {
    // The nearest allowed choice.
    v = *std::min_element(def.choices.begin(), def.choices.end(), [&](auto a, auto b) {
      return std::llabs(a - value) < std::llabs(b - value);
    });
  }
  values_[i] = v;
  return v != value;
}

std::optional<std::string> ParamValues::validate() const {
  if (!schema_) return "no schema";
  for (std::size_t i = 0; i < values_.size(); ++i) {
    if (auto err = check_value(schema_->params[i], values_[i])) return err;
  }
  if (schema_->cross_check) return schema_->cross_check(*this);
  return std::nullopt;
}

}  // namespace dungen
