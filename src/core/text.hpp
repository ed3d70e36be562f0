#pragma once
// Text as one line of a message: control characters (a newline, a tab, an escape) written as
// escapes, so whatever a user or a script wrote cannot break a message across lines.

#include <string>
#include <string_view>

namespace dungen {

// "a\nb" -> a\nb (backslash, n): \n \r \t by name, other bytes below 0x20 and 0x7f as \xNN, a
// backslash doubled. With escape_quote, a single quote becomes \' too (for text shown in quotes).
std::string escape_control(std::string_view text, bool escape_quote = false);

}  // namespace dungen
