#include "app/logic/upload_queue.hpp"

#include <algorithm>

namespace dungen::app {

std::optional<Rect> UploadQueue::next(int width, int height, int band_cells, bool moving,
                                      double now) {
  if (!going_) {
    if (!waiting_) return std::nullopt;
    const int x0 = std::max(waiting_->x, 0), y0 = std::max(waiting_->y, 0);
    const int x1 = std::min(waiting_->right(), width), y1 = std::min(waiting_->bottom(), height);
    if (x0 >= x1 || y0 >= y1) {  // nothing of it on this map
      waiting_.reset();
      return std::nullopt;
    }
    const Rect r{x0, y0, x1 - x0, y1 - y0};
    if (static_cast<long>(r.w) * r.h <= big_cells_) {
      waiting_.reset();
      return r;
    }
    if (moving && last_big_ && now - *last_big_ < hold_seconds_) return std::nullopt;
    waiting_.reset();
    going_ = Going{r, r.y};
    last_big_ = now;
  }
  Going& g = *going_;
  const int rows = std::min(std::max(1, band_cells / g.rect.w), g.rect.bottom() - g.row);
  const Rect band{g.rect.x, g.row, g.rect.w, rows};
  g.row += rows;
  if (g.row >= g.rect.bottom()) going_.reset();
  return band;
}

}  // namespace dungen::app
