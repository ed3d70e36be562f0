#include "core/geometry.hpp"

#include <cstdlib>

namespace dungen {

std::vector<Point> bresenham_line(Point a, Point b) {
  std::vector<Point> out;
  const int dx = std::abs(b.x - a.x);
  const int dy = -std::abs(b.y - a.y);
  const int sx = a.x < b.x ? 1 : -1;
  const int sy = a.y < b.y ? 1 : -1;
  out.reserve(static_cast<size_t>(dx - dy + 1));
  int err = dx + dy;
  Point p = a;
  for (;;) {
    out.push_back(p);
    if (p == b) break;
    const int e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      p.x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      p.y += sy;
    }
  }
  return out;
}

}  // namespace dungen
