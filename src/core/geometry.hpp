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

// The cells of a Bresenham line from a to b, both ends included, in order from a.
std::vector<Point> bresenham_line(Point a, Point b);

}  // namespace dungen
