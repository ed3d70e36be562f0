#pragma once
// Parameter flags as `dungen` reads them ("--room-min-size 6" sets room_min_size), shared by the
// CLI and dungen-viz so both accept the same flags and word their errors the same way.

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "core/params.hpp"

namespace dungen {

// "--room-min-size" -> the ParamValues (of targets, first match) holding room_min_size, or null
// when no target has that parameter.
ParamValues* param_for_flag(std::string_view flag, std::span<ParamValues* const> targets);

// Parses and sets "--flag value" on the target that has it. Returns the error, worded for the
// user ("--max-rooms 'x' is not a whole number: allowed 1..10000", "--width 99999 is out of
// range: allowed 4..4096"), or nothing. The flag must name a parameter of some target (check
// with param_for_flag first).
std::optional<Error> apply_param_flag(std::string_view flag, std::string_view value,
                                      std::span<ParamValues* const> targets);

// A whole number typed for `flag`, or the error worded for the user. Digits too many for any
// integer (a 23-digit width) are a number out of range, not "not a whole number": the message
// says what is allowed. `allowed` words the range; empty: "min..max".
//   "--frames 'x' is not a whole number: allowed 1..100000"
//   "--frames 0 is out of range: allowed 1..100000"
Checked<std::int64_t> parse_int_flag(std::string_view flag, std::string_view text, std::int64_t min,
                                     std::int64_t max, std::string_view allowed = {});
// The same for 0..2^64-1 (seeds, step counts); "-4" is out of range.
Checked<std::uint64_t> parse_uint_flag(std::string_view flag, std::string_view text);

// A seed as typed: a whole number 0..2^64-1, or the error.
Checked<std::uint64_t> parse_seed_flag(std::string_view text);

// User text as an error message shows it: in single quotes, with control characters (a newline,
// a tab, an escape) and the quote itself escaped, so a message is always one line and says
// exactly what was typed: "a\nb" -> 'a\nb'. Text longer than max_bytes is cut there (at a
// character's start) and its size added: 'xxxx'... (100000 bytes).
inline constexpr std::size_t kShownMaxBytes = 200;
// A path the user must be able to find (the app's "wrote PATH"): whole, unless past any path's
// limit.
inline constexpr std::size_t kShownPathMaxBytes = 4096;
std::string shown(std::string_view text, std::size_t max_bytes = kShownMaxBytes);
// Text that needs no escaping (digits) cut the same way, without quotes.
std::string cut_for_message(std::string_view text);

// Reads a command line's flags one at a time, "--flag value" and "--flag=value" alike (the
// first '=' splits; "--out=a=b" is --out with value a=b).
class FlagReader {
 public:
  // Reads args from index `first` on.
  explicit FlagReader(const std::vector<std::string>& args, std::size_t first = 0)
      : args_(args), next_(first) {}
  // Moves to the next argument; false when none is left.
  bool next();
  // The argument's flag part: "--width" for "--width=10", the whole argument otherwise.
  const std::string& flag() const { return flag_; }
  // True when the argument was "--flag=value" (a switch that takes no value refuses it).
  bool has_inline_value() const { return inline_.has_value(); }
  // The flag's value: what follows '=', or else the next argument (consumed). Nothing when the
  // flag is the last argument.
  std::optional<std::string> take_value();

 private:
  const std::vector<std::string>& args_;
  std::size_t next_;
  std::string flag_;
  std::optional<std::string> inline_;
};

// Each flag at most once: "--seed 1 --seed 2" contradicts itself and "--out a --out b" would
// silently drop one, so a repeat is an error naming the flag. "--max_rooms" and "--max-rooms"
// are one flag.
class FlagsSeen {
 public:
  // The error for a repeat ("--seed is given twice ('1', then '2'): give it once"), or nothing.
  // value: the value, or nothing for a switch.
  std::optional<Error> note(std::string_view flag, std::optional<std::string_view> value);
  bool seen(std::string_view flag) const;

 private:
  std::map<std::string, std::optional<std::string>, std::less<>> values_;
};

}  // namespace dungen
