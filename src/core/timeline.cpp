#include "core/timeline.hpp"

#include <algorithm>

namespace dungen {

Timeline::Timeline(Stepper stepper, std::size_t max_history_bytes)
    : stepper_(std::move(stepper)), max_bytes_(max_history_bytes) {}

std::size_t Timeline::record_bytes(const Record& r) {
  return sizeof(Record) + r.step.overlay.path.size() * sizeof(Point) +
         r.change_count * sizeof(CellChange);
}

const Timeline::Record* Timeline::record(std::uint64_t k) const {
  if (k <= earliest_ || k > head_) return nullptr;
  return &records_[static_cast<std::size_t>(k - earliest_ - 1)];
}

const Step* Timeline::step_at(std::uint64_t k) const {
  const Record* r = record(k);
  return r ? &r->step : nullptr;
}

const Step* Timeline::current() const {
  return step_at(cursor_);
}

std::span<const CellChange> Timeline::changes_at(std::uint64_t k) const {
  const Record* r = record(k);
  if (!r) return {};
  const auto first = static_cast<std::size_t>(r->first_change - changes_base_);
  return {changes_.data() + first, r->change_count};
}

const Step* Timeline::next() {
  if (cursor_ < head_) {
    const Record& r = *record(cursor_ + 1);
    const auto first = static_cast<std::size_t>(r.first_change - changes_base_);
    Grid& grid = stepper_.mutable_grid();
    for (std::size_t i = 0; i < r.change_count; ++i) {
      const CellChange& c = changes_[first + i];
      grid.put(c.index, c.after);
      mark_dirty({&c, 1});
    }
    ++cursor_;
    return &r.step;
  }
  const Step* step = stepper_.next();
  if (!step) return nullptr;
  Record r{*step, changes_base_ + changes_.size(),
           static_cast<std::uint32_t>(stepper_.changes().size())};
  changes_.insert(changes_.end(), stepper_.changes().begin(), stepper_.changes().end());
  mark_dirty(stepper_.changes());
  bytes_ += record_bytes(r);
  records_.push_back(std::move(r));
  ++head_;
  ++cursor_;
  while (bytes_ > max_bytes_ && earliest_ + 1 < cursor_) forget_oldest();
  return &records_.back().step;
}

bool Timeline::back() {
  if (cursor_ <= earliest_) return false;
  const Record& r = *record(cursor_);
  const auto first = static_cast<std::size_t>(r.first_change - changes_base_);
  Grid& grid = stepper_.mutable_grid();
  for (std::size_t i = r.change_count; i-- > 0;) {
    const CellChange& c = changes_[first + i];
    grid.put(c.index, c.before);
    mark_dirty({&c, 1});
  }
  --cursor_;
  return true;
}

void Timeline::seek(std::uint64_t k) {
  k = std::max(k, earliest_);
  while (cursor_ > k) back();
  while (cursor_ < k) {
    if (!next()) break;
  }
}

void Timeline::forget_oldest() {
  const Record& r = records_.front();
  bytes_ -= record_bytes(r);
  changes_forgotten_ += r.change_count;
  records_.pop_front();
  // Erase forgotten changes in batches so forgetting stays amortised O(1) per change.
  if (changes_forgotten_ > changes_.size() / 2) {
    changes_.erase(changes_.begin(),
                   changes_.begin() + static_cast<std::ptrdiff_t>(changes_forgotten_));
    changes_base_ += changes_forgotten_;
    changes_forgotten_ = 0;
  }
  ++earliest_;
}

void Timeline::mark_dirty(std::span<const CellChange> changes) {
  const Grid& g = stepper_.grid();
  for (const CellChange& c : changes) {
    const Point p = g.point(c.index);
    if (dirty_x1_ < dirty_x0_) {
      dirty_x0_ = dirty_x1_ = p.x;
      dirty_y0_ = dirty_y1_ = p.y;
    } else {
      dirty_x0_ = std::min(dirty_x0_, p.x);
      dirty_x1_ = std::max(dirty_x1_, p.x);
      dirty_y0_ = std::min(dirty_y0_, p.y);
      dirty_y1_ = std::max(dirty_y1_, p.y);
    }
  }
}

std::optional<Rect> Timeline::take_dirty() {
  if (dirty_x1_ < dirty_x0_) return std::nullopt;
  Rect r{dirty_x0_, dirty_y0_, dirty_x1_ - dirty_x0_ + 1, dirty_y1_ - dirty_y0_ + 1};
  dirty_x0_ = dirty_y0_ = 0;
  dirty_x1_ = dirty_y1_ = -1;
  return r;
}

}  // namespace dungen
