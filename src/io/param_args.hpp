#pragma once
// Parameter flags as `dungen` reads them ("--room-min-size 6" sets room_min_size), shared by the
// CLI and dungen-viz so both accept the same flags and word their errors the same way.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/params.hpp"

namespace dungen {

// "--room-min-size" -> the ParamValues (of targets, first match) holding room_min_size, or null
// when no target has that parameter.
ParamValues* param_for_flag(std::string_view flag, std::span<ParamValues* const> targets);

// Parses and sets "--flag value" on the target that has it. Returns the error, worded for the
// user ("--max-rooms 'x' is not a whole number: allowed 1..10000", "--width 99999 is out of
// range: allowed 4..4096"), or nothing. The flag must name a parameter of some target (check
// with param_for_flag first).
std::optional<std::string> apply_param_flag(std::string_view flag, std::string_view value,
                                            std::span<ParamValues* const> targets);

// A whole number typed for `flag`, or the error worded for the user. Digits too many for any
// integer (a 23-digit width) are a number out of range, not "not a whole number": the message
// says what is allowed. `allowed` words the range; empty: "min..max".
//   "--frames 'x' is not a whole number: allowed 1..100000"
//   "--frames 0 is out of range: allowed 1..100000"
std::variant<std::int64_t, std::string> parse_int_flag(std::string_view flag, std::string_view text,
                                                       std::int64_t min, std::int64_t max,
                                                       std::string_view allowed = {});
// The same for 0..2^64-1 (seeds, step counts); "-4" is out of range.
std::variant<std::uint64_t, std::string> parse_uint_flag(std::string_view flag,
                                                         std::string_view text);

// A seed as typed: a whole number 0..2^64-1, or the error.
std::variant<std::uint64_t, std::string> parse_seed_flag(std::string_view text);

}  // namespace dungen
