#pragma once
// A script's error, as the log shows it: which line of the script it names, and that line's
// text ("walk.lua:12: ..." or "... (line 12)"), so a click on the error shows the line.

#include <optional>
#include <string>
#include <string_view>

namespace dungen::app {

// The line an error names: "name.lua:12: ..." or "... (line 12)"; none when it names none.
std::optional<int> script_error_line(std::string_view error);

// Line `line` (from 1) of `source`, without its newline; "" when there is none.
std::string source_line(std::string_view source, int line);

// The line an error names and the `before` lines above it (where a syntax error's cause often
// is: Lua names the line where it noticed), numbered, the named one marked with '>':
// "   11  if x > 0\n>  12  y = )". When the file has no such line, says so.
std::string source_excerpt(std::string_view source, int line, int before = 2);

}  // namespace dungen::app
