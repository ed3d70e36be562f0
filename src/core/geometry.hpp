#pragma once
// Small value types for positions and rectangles.

#include <compare>
#include <vector>

namespace dungen {

struct Point {
  int x = 0;
  int y = 0;
  friend constexpr bool operator==(Point, Point) = default;
};

// A rectangle of cells: x..x+w-1, y..y+h-1.
struct Rect {
  int x = 0;
  int y = 0;
  int w = 0;
  int h = 0;
  friend constexpr bool operator==(const Rect&, const Rect&) = default;

  constexpr int right() const { return x + w; }   // one past the last column
  constexpr int bottom() const { return y + h; }  // one past the last row
  constexpr bool contains(Point p) const {
    return p.x >= x && p.x < x + w && p.y >= y && p.y < y + h;
  }
};

// The smallest rectangle holding both a and b (dirty areas merged).
constexpr Rect bounding(const Rect& a, const Rect& b) {
  const int x0 = a.x < b.x ? a.x : b.x, y0 = a.y < b.y ? a.y : b.y;
  const int x1 = a.right() > b.right() ? a.right() : b.right();
  const int y1 = a.bottom() > b.bottom() ? a.bottom() : b.bottom();
  return {x0, y0, x1 - x0, y1 - y0};
}

// The cells of a Bresenham line from a to b, both ends included, in order from a.
std::vector<Point> bresenham_line(Point a, Point b);

}  // namespace dungen
