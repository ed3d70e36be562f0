#include "app/logic/plates.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace dungen::app {
namespace {

constexpr float kBucketPx = 64.0f;

// Rectangles that share only an edge do not overlap.
bool overlap(const ScreenRect& a, const ScreenRect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

bool inside(const ScreenRect& r, const ScreenRect& bounds) {
  return r.x >= bounds.x && r.y >= bounds.y && r.right() <= bounds.right() &&
         r.bottom() <= bounds.bottom();
}

// A word of `words` at `i` that is a whole word ("room", not "broom").
bool word_at(std::string_view words, std::size_t i, std::string_view word) {
  if (words.substr(i, word.size()) != word) return false;
  if (i > 0 && std::isalpha(static_cast<unsigned char>(words[i - 1]))) return false;
  return true;
}

}  // namespace

std::vector<PlacedPlate> place_plates(const std::vector<PlateRequest>& requests,
                                      const std::vector<ScreenRect>& keep_clear,
                                      ScreenRect bounds) {
  std::vector<std::size_t> order(requests.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_partition(order.begin(), order.end(),
                        [&](std::size_t i) { return requests[i].named; });
  // Buckets of kBucketPx squares over the bounds, each listing the rectangles (plates placed,
  // cells kept clear) that reach into it: a big map's thousands of pieces are checked against
  // their neighbours only.
  const int cols = std::max(1, static_cast<int>(std::ceil(bounds.w / kBucketPx)));
  const int rows = std::max(1, static_cast<int>(std::ceil(bounds.h / kBucketPx)));
  std::vector<std::vector<ScreenRect>> buckets(static_cast<std::size_t>(cols) * rows);
  const auto span = [&](const ScreenRect& r, auto&& visit) {
    const int x0 = std::clamp(static_cast<int>((r.x - bounds.x) / kBucketPx), 0, cols - 1);
    const int x1 = std::clamp(static_cast<int>((r.right() - bounds.x) / kBucketPx), 0, cols - 1);
    const int y0 = std::clamp(static_cast<int>((r.y - bounds.y) / kBucketPx), 0, rows - 1);
    const int y1 = std::clamp(static_cast<int>((r.bottom() - bounds.y) / kBucketPx), 0, rows - 1);
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        if (!visit(buckets[static_cast<std::size_t>(y) * cols + x])) return false;
      }
    }
    return true;
  };
  const auto add = [&](const ScreenRect& r) {
    span(r, [&](std::vector<ScreenRect>& b) {
      b.push_back(r);
      return true;
    });
  };
  for (const ScreenRect& c : keep_clear) {
    if (overlap(c, bounds)) add(c);
  }
  std::vector<PlacedPlate> placed;
  for (const std::size_t i : order) {
    for (ScreenRect r : requests[i].at) {
      // A place across the viewport's edge is moved just inside it (a room at the map's edge).
      r.x = std::max(bounds.x, std::min(r.x, bounds.right() - r.w));
      r.y = std::max(bounds.y, std::min(r.y, bounds.bottom() - r.h));
      if (!inside(r, bounds)) continue;  // bigger than the viewport
      const bool free = span(r, [&](std::vector<ScreenRect>& b) {
        return std::none_of(b.begin(), b.end(), [&](const ScreenRect& o) { return overlap(o, r); });
      });
      if (!free) continue;
      placed.push_back({requests[i].number, r, i});
      add(r);
      break;
    }
  }
  return placed;
}

std::vector<ScreenRect> plate_places(ScreenRect cell, float w, float h, bool one_cell) {
  std::vector<ScreenRect> out;
  if (!one_cell) out.push_back({cell.x, cell.y, w, h});
  const float mid_y = cell.y + (cell.h - h) / 2.0f;
  const float mid_x = cell.x + (cell.w - w) / 2.0f;
  out.push_back({cell.right(), mid_y, w, h});   // right
  out.push_back({cell.x - w, mid_y, w, h});     // left
  out.push_back({mid_x, cell.bottom(), w, h});  // below
  out.push_back({mid_x, cell.y - h, w, h});     // above
  return out;
}

std::vector<int> named_numbers(std::string_view words) {
  std::vector<int> out;
  const auto add = [&out](int n) {
    if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
  };
  for (std::size_t i = 0; i < words.size(); ++i) {
    std::size_t j = 0;
    if (word_at(words, i, "rooms ")) {
      j = i + 6;
    } else if (word_at(words, i, "room ")) {
      j = i + 5;
    } else if (word_at(words, i, "regions ")) {
      j = i + 8;
    } else if (word_at(words, i, "region ")) {
      j = i + 7;
    } else {
      continue;
    }
    // "rooms 2 and 5", "rooms 2, 5": every number of the list.
    while (j < words.size()) {
      if (!std::isdigit(static_cast<unsigned char>(words[j]))) break;
      int n = 0;
      while (j < words.size() && std::isdigit(static_cast<unsigned char>(words[j])) &&
             n < 1000000) {
        n = n * 10 + (words[j] - '0');
        ++j;
      }
      add(n);
      if (words.substr(j, 5) == " and ") {
        j += 5;
      } else if (words.substr(j, 2) == ", ") {
        j += 2;
      } else {
        break;
      }
    }
  }
  return out;
}

}  // namespace dungen::app
