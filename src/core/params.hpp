#pragma once
// One parameter schema per generator: name, range, default and help, declared once, and the
// rules across parameters as typed constraints. The CLI flags, validation, the app's sliders and
// its clamp-and-tell repair, and the JSON presets are all made from it.
//
// Error style (the library's one, core/error.hpp): checks of user input return a value. Here the
// error is structured, std::optional<ParamError> (nothing = fine), which callers word for their
// audience with ParamError::words(); above this layer the words travel as an Error. Exceptions
// (std::invalid_argument, std::out_of_range) only mean a caller broke a precondition, such as
// starting a generator with values that were never validated.

#include <cstdint>
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
  Choice,   // one of a few listed integers (connectivity 4 or 8; a mode 0, 1, 2)
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
  std::vector<std::string_view> choice_names =
      {};  // for Choice: what each one means, if not obvious
};

// A rule across parameters: `param` is at most a bound made of other parameters, plus offset.
// (room_min_size <= room_max_size; room_max_size <= the map's smaller side - 1.)
enum class BoundKind : std::uint8_t {
  Param,        // the parameter named `other`
  SmallerSide,  // min(width, height)
  LongerSide,   // max(width, height)
  Area,         // width * height
};

struct Constraint {
  std::string_view param;
  BoundKind bound = BoundKind::Param;
  std::string_view other = {};  // for BoundKind::Param
  std::int64_t offset = 0;
  std::string_view why = {};  // what the bound is for, shown after it: "so the first room fits"
};

class ParamValues;

// What is wrong with a set of values, as data: the CLI words it with flags, the app repairs by it.
struct ParamError {
  enum class Kind : std::uint8_t { OutOfRange, Constraint };
  Kind kind = Kind::OutOfRange;
  std::string_view param;  // the parameter whose value breaks the rule
  std::int64_t value = 0;
  // Constraint: the rule, the largest value it allows given the others, and the others it is
  // made of (the map size, or the parameter it must not exceed).
  const Constraint* constraint = nullptr;
  std::int64_t bound = 0;
  std::vector<std::string_view> involved;
  std::string allowed;  // OutOfRange: the allowed values; Constraint: the map size ("40x30")

  // The error in words, parameters named as in the schema ("room_max_size") or as the CLI
  // flags a user types ("--room-max-size").
  enum class Names : std::uint8_t { Schema, Flags };
  // `as_given`: the value as the user typed it ("-0", "007"), shown instead of the number.
  std::string words(Names names = Names::Schema, std::string_view as_given = {}) const;
};

struct Schema {
  std::vector<ParamDef> params;
  std::vector<Constraint> constraints = {};

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
  bool has_schema() const { return schema_ != nullptr; }
  // Throws std::out_of_range for a name the schema does not have (a programming error).
  std::int64_t get(std::string_view name) const;
  int get_int(std::string_view name) const { return static_cast<int>(get(name)); }
  // Sets a value after checking the range (and the choice list): returns the error, or nothing.
  std::optional<ParamError> set(std::string_view name, std::int64_t value);
  // Sets a value clamped into its range (the app's sliders); returns true if it was clamped.
  bool set_clamped(std::string_view name, std::int64_t value);
  // Range checks of every value, then the constraints in order: the first error, or nothing.
  std::optional<ParamError> validate() const;
  // The largest value the constraint allows `c.param` given the other values now.
  std::int64_t bound_of(const Constraint& c) const;

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
// The allowed values of a parameter in words: "6..10", "4 or 8", "0 (end), 1 (continue)".
std::string describe_range(const ParamDef& def);
// Range check of one value against one definition: the error, or nothing.
std::optional<ParamError> check_value(const ParamDef& def, std::int64_t value);

}  // namespace dungen
