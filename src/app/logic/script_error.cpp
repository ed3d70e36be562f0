#include "app/logic/script_error.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>

namespace dungen::app {
namespace {

// The whole number at text[at...] followed by `end`, or none.
std::optional<int> number_at(std::string_view text, std::size_t at, char end) {
  int n = 0;
  std::size_t i = at;
  // At most 9 digits: a line number, never an overflow.
  while (i < text.size() && i - at < 9 && text[i] >= '0' && text[i] <= '9') {
    n = n * 10 + (text[i++] - '0');
  }
  if (i == at || i >= text.size() || text[i] != end || n < 1) return std::nullopt;
  return n;
}

}  // namespace

std::optional<int> script_error_line(std::string_view error) {
  // Lua's "chunk:line:" first: the name ends in .lua.
  for (std::size_t at = error.find(".lua:"); at != std::string_view::npos;
       at = error.find(".lua:", at + 1)) {
    if (auto n = number_at(error, at + 5, ':')) return n;
  }
  // The sandbox's "(line N)".
  for (std::size_t at = error.find("(line "); at != std::string_view::npos;
       at = error.find("(line ", at + 1)) {
    if (auto n = number_at(error, at + 6, ')')) return n;
  }
  return std::nullopt;
}

std::string source_excerpt(std::string_view source, int line, int before) {
  // The file's lines: a last line without its newline counts, an empty one after it does not.
  const auto newlines = static_cast<int>(std::count(source.begin(), source.end(), '\n'));
  const int lines = newlines + (source.empty() || source.back() == '\n' ? 0 : 1);
  if (line < 1 || line > lines) return "line " + std::to_string(line) + " is not in the file";
  std::string out;
  for (int k = std::max(1, line - before); k <= line; ++k) {
    char number[16];
    std::snprintf(number, sizeof number, "%c%4d  ", k == line ? '>' : ' ', k);
    if (!out.empty()) out += '\n';
    out += number;
    out += source_line(source, k);
  }
  return out;
}

std::string source_line(std::string_view source, int line) {
  std::size_t start = 0;
  // Bounded by the source's lines.
  for (int k = 1; k < line; ++k) {
    const std::size_t nl = source.find('\n', start);
    if (nl == std::string_view::npos) return "";
    start = nl + 1;
  }
  const std::size_t end = source.find('\n', start);
  std::string_view text =
      source.substr(start, end == std::string_view::npos ? source.size() - start : end - start);
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  return std::string(text);
}

}  // namespace dungen::app
