#pragma once
// One parameter schema per generator: name, range, default and help, declared once. The CLI
// flags, validation, the app's sliders and the JSON presets are all made from it.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dungen {

// How a parameter is shown and parsed. Every value is an integer underneath (percentages are
// whole percents), so one range check serves them all.
enum class ParamKind : std::uint8_t {
  Int,      // a count or a size
  Percent,  // 0..100
  Choice,   // one of a few listed integers (e.g. connectivity 4 or 8)
  Bool,     // 0 or 1
};

struct ParamDef {
  std::string_view name;  // snake_case; the CLI flag is the kebab-case of it
  ParamKind kind = ParamKind::Int;
  std::int64_t min = 0;
  std::int64_t max = 0;
  std::int64_t def = 0;
  std::string_view help;
  std::vector<std::int64_t> choices = {};  // for Choice: the allowed values
};

class ParamValues;

// Checks across parameters (min <= max, rooms that must fit the map): returns the error or
// nothing. The message names parameters by their schema names.
using CrossCheck = std::function<std::optional<std::string>(const ParamValues&)>;

struct Schema {
  std::vector<ParamDef> params;
  CrossCheck cross_check = nullptr;

  const ParamDef* find(std::string_view name) const;
  // The defaults, which always pass validation.
  ParamValues defaults() const;
};

// The values for one schema, in schema order.
class ParamValues {
 public:
  ParamValues() = default;
  explicit ParamValues(const Schema& schema);

  const Schema& schema() const { return *schema_; }
  // Throws std::out_of_range for a name the schema does not have (a programming error).
  std::int64_t get(std::string_view name) const;
  int get_int(std::string_view name) const { return static_cast<int>(get(name)); }
  // Sets a value after checking the range (and the choice list): returns the error, or nothing.
  std::optional<std::string> set(std::string_view name, std::int64_t value);
  // Sets a value clamped into its range (the app's sliders); returns true if it was clamped.
  bool set_clamped(std::string_view name, std::int64_t value);
  // Range checks of every value, then the schema's cross check.
  std::optional<std::string> validate() const;

  const std::vector<std::int64_t>& values() const { return values_; }
  friend bool operator==(const ParamValues& a, const ParamValues& b) {
    return a.schema_ == b.schema_ && a.values_ == b.values_;
  }

 private:
  std::size_t slot(std::string_view name) const;
  const Schema* schema_ = nullptr;
  std::vector<std::int64_t> values_;
};

// "room_min_size" -> "room-min-size"
std::string kebab_case(std::string_view snake);
// The allowed values of a parameter in words: "6..10" or "4 or 8".
std::string describe_range(const ParamDef& def);
// Range check of one value against one definition: the error, or nothing.
std::optional<std::string> check_value(const ParamDef& def, std::int64_t value);

}  // namespace dungen
