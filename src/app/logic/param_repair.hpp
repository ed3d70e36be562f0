#pragma once
// "Clamp and tell": a slider may ask for any value, but the session's parameters always stay
// valid. A value outside its range is clamped; a value that breaks one of the schema's
// constraints (min > max, a room too big for the map) pushes the other parameter that constraint
// names along (room_max_size follows room_min_size up), read from the structured ParamError, never
// from its words; when no push can fix it, the value itself moves back as little as possible. The
// map size is never pushed: it is the frame the user chose.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/params.hpp"

namespace dungen::app {

// How many other parameters one change may push (a push may expose a second check).
inline constexpr int kMaxRepairPushes = 8;
// How many halvings the search for the nearest usable value may take (2^24 > any range).
inline constexpr int kMaxRepairBisections = 24;

struct ParamEdit {
  bool changed = false;  // the values differ from before
  std::string notice;    // what was adjusted and what is allowed; empty when nothing was
};

// values must validate before the call; they validate after it. An unknown name changes nothing
// and says so.
ParamEdit set_param_repaired(ParamValues& values, std::string_view name, std::int64_t requested);

}  // namespace dungen::app
