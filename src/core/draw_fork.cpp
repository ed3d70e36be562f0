#include "core/draw_fork.hpp"

#include <charconv>
#include <limits>

#include "core/text.hpp"

namespace dungen {

namespace {

template <class T>
bool read_whole(std::string_view text, T& v) {
  if (text.empty()) return false;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec == std::errc() && ptr == text.data() + text.size();
}

bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-' || c == '.';
}

}  // namespace

std::string fork_draw_name(std::string_view name, int occurrence) {
  std::string s(name);
  if (occurrence != 1) {
    s += '#';
    s += std::to_string(occurrence);
  }
  return s;
}

std::string fork_draw_name(const DrawFork& fork) {
  return fork_draw_name(fork.name, fork.occurrence);
}

std::string fork_text(const DrawFork& fork) {
  return std::to_string(fork.step) + ":" + fork_draw_name(fork) + "=" + std::to_string(fork.value);
}

Checked<DrawFork> parse_fork(std::string_view text) {
  const auto bad = [&](std::string_view why) {
    return Error{"fork '" + escape_control(text, true) + "' " + std::string(why) +
                 ": allowed STEP:NAME=VALUE, e.g. 12:w=9 (STEP a step number from 1, NAME a "
                 "draw the step lists, NAME#2 its second draw of that name, VALUE a whole "
                 "number)"};
  };
  const std::size_t colon = text.find(':');
  const std::size_t eq = text.find('=', colon == std::string_view::npos ? 0 : colon);
  if (colon == std::string_view::npos || eq == std::string_view::npos) {
    return bad("is not STEP:NAME=VALUE");
  }
  DrawFork f;
  if (!read_whole(text.substr(0, colon), f.step) || f.step == 0) {
    return bad("has no step number from 1");
  }
  std::string_view name = text.substr(colon + 1, eq - colon - 1);
  if (const std::size_t hash = name.find('#'); hash != std::string_view::npos) {
    if (!read_whole(name.substr(hash + 1), f.occurrence) || f.occurrence < 1 ||
        f.occurrence > kMaxForkOccurrence) {
      return bad("has a '#' not followed by a draw number 1.." +
                 std::to_string(kMaxForkOccurrence));
    }
    name = name.substr(0, hash);
  }
  if (name.empty() || name.size() > 64) return bad("has no draw name of 1..64 characters");
  for (char c : name) {
    if (!name_char(c)) return bad("has a draw name with characters other than a-z 0-9 _ - .");
  }
  f.name = std::string(name);
  if (!read_whole(text.substr(eq + 1), f.value) || f.value < std::numeric_limits<int>::min() ||
      f.value > std::numeric_limits<int>::max()) {
    return bad("has no whole-number value");
  }
  return f;
}

}  // namespace dungen
