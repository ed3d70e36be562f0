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
      if (i < def.choice_names.size()) out += " (" + std::string(def.choice_names[i]) + ")";
    }
    return out;
  }
  if (def.kind == ParamKind::Bool) return "0 or 1";
  return std::to_string(def.min) + ".." + std::to_string(def.max);
}

std::optional<ParamError> check_value(const ParamDef& def, std::int64_t value) {
  bool ok = value >= def.min && value <= def.max;
  if (def.kind == ParamKind::Choice) {
    ok = std::find(def.choices.begin(), def.choices.end(), value) != def.choices.end();
  }
  if (ok) return std::nullopt;
  ParamError e;
  e.kind = ParamError::Kind::OutOfRange;
  e.param = def.name;
  e.value = value;
  e.allowed = describe_range(def);
  return e;
}

std::optional<ParamError> ParamValues::set(std::string_view name, std::int64_t value) {
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

std::int64_t ParamValues::bound_of(const Constraint& c) const {
  std::int64_t b = 0;
  switch (c.bound) {
    case BoundKind::Param:
      b = get(c.other);
      break;
    case BoundKind::SmallerSide:
      b = std::min(get("width"), get("height"));
      break;
    case BoundKind::LongerSide:
      b = std::max(get("width"), get("height"));
      break;
    case BoundKind::Area:
      b = get("width") * get("height");
      break;
  }
  return b + c.offset;
}

namespace {

ParamError constraint_error(const ParamValues& v, const Constraint& c, std::int64_t bound) {
  ParamError e;
  e.kind = ParamError::Kind::Constraint;
  e.param = c.param;
  e.value = v.get(c.param);
  e.constraint = &c;
  e.bound = bound;
  if (c.bound == BoundKind::Param) {
    e.involved = {c.other};
  } else {
    e.involved = {"width", "height"};
  }
  e.allowed = std::to_string(v.get("width")) + "x" + std::to_string(v.get("height"));
  return e;
}

std::string offset_text(std::int64_t offset) {
  if (offset == 0) return "";
  return (offset > 0 ? " plus " : " minus ") + std::to_string(std::llabs(offset));
}

}  // namespace

std::string ParamError::words(Names names, std::string_view as_given) const {
  const auto name = [&](std::string_view n) {
    return names == Names::Flags ? "--" + kebab_case(n) : std::string(n);
  };
  std::string out =
      name(param) + " " + (as_given.empty() ? std::to_string(value) : std::string(as_given));
  if (kind == Kind::OutOfRange || !constraint) return out + " is out of range: allowed " + allowed;
  const Constraint& c = *constraint;
  if (c.bound == BoundKind::Param) {
    // Appended piece by piece: gcc 12 warns falsely (-Wrestrict) on "literal" + std::string&&.
    out += " is greater than ";
    out += name(c.other);
    if (c.offset != 0) {
      out += offset_text(c.offset);
      out += " =";
    }
    out += ' ';
    out += std::to_string(bound);  // "min is greater than max" needs no why
    out += ": allowed up to ";
    out += std::to_string(bound);
    return out;
  }
  const char* what = c.bound == BoundKind::SmallerSide  ? "the smaller side"
                     : c.bound == BoundKind::LongerSide ? "the longer side"
                                                        : "the map's cells";
  out += " does not fit the " + allowed + " map: allowed up to " + std::to_string(bound) + " (" +
         what + offset_text(c.offset);
  if (!c.why.empty()) out += ", " + std::string(c.why);
  return out + ")";
}

std::optional<ParamError> ParamValues::validate() const {
  if (!schema_) throw std::logic_error("ParamValues without a schema");
  for (std::size_t i = 0; i < values_.size(); ++i) {
    if (auto err = check_value(schema_->params[i], values_[i])) return err;
  }
  for (const Constraint& c : schema_->constraints) {
    const std::int64_t bound = bound_of(c);
    if (get(c.param) > bound) return constraint_error(*this, c, bound);
  }
  return std::nullopt;
}

}  // namespace dungen
