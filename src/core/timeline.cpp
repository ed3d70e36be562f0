#include "core/timeline.hpp"

#include <algorithm>

namespace dungen {

Timeline::Timeline(Stepper stepper, std::size_t max_history_bytes)
    : stepper_(std::move(stepper)),
      max_bytes_(max_history_bytes),
      stats_(stepper_.stats().size(), nullptr) {
  // A stepper that has already run brings its statistics along.
  for (std::size_t i = 0; i < stepper_.stats().size(); ++i) stats_.set(i, stepper_.stats()[i]);
}

std::size_t Timeline::record_bytes(const Record& r) {
  return sizeof(Record) +
         (r.step.overlay.path.size() + r.step.overlay.hit_cells.size()) * sizeof(Point) +
         r.change_count * sizeof(CellChange) + r.stat_count * sizeof(StatChange) +
         r.draw_count * sizeof(Draw);
}

void Timeline::apply_stats(const Record& r, bool forward) {
  const auto first = static_cast<std::size_t>(r.stat_first - stat_base_);
  for (std::size_t i = 0; i < r.stat_count; ++i) {
    const StatChange& c = stat_log_[first + i];
    stats_.add(c.slot, forward ? c.delta : -c.delta);
  }
}

std::vector<Draw> Timeline::draws_at(std::uint64_t k) const {
  const Record* r = record(k);
  if (!r) return {};
  const auto first = static_cast<std::ptrdiff_t>(r->draw_first - draw_base_);
  return {draw_log_.begin() + first, draw_log_.begin() + first + r->draw_count};
}

std::vector<StatChange> Timeline::stat_changes_at(std::uint64_t k) const {
  const Record* r = record(k);
  if (!r) return {};
  const auto first = static_cast<std::ptrdiff_t>(r->stat_first - stat_base_);
  return {stat_log_.begin() + first, stat_log_.begin() + first + r->stat_count};
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

const CellChange* Timeline::changes_of(const Record& r) const {
  return chunks_[static_cast<std::size_t>(r.chunk - chunks_base_)].data() + r.offset;
}

std::span<const CellChange> Timeline::changes_at(std::uint64_t k) const {
  const Record* r = record(k);
  if (!r) return {};
  return {changes_of(*r), r->change_count};
}

void Timeline::append(const Step& step) {
  const std::span<const CellChange> changes = stepper_.changes();
  if (chunks_.empty() || chunks_.back().size() + changes.size() > chunks_.back().capacity()) {
    chunks_.emplace_back().reserve(std::max(kChunkChanges, changes.size()));
  }
  Chunk& chunk = chunks_.back();
  Record r{step,
           chunks_base_ + chunks_.size() - 1,
           static_cast<std::uint32_t>(chunk.size()),
           static_cast<std::uint32_t>(changes.size()),
           stat_base_ + stat_log_.size(),
           draw_base_ + draw_log_.size(),
           static_cast<std::uint32_t>(stepper_.stat_changes().size()),
           static_cast<std::uint32_t>(stepper_.draws().size())};
  chunk.insert(chunk.end(), changes.begin(), changes.end());
  stat_log_.insert(stat_log_.end(), stepper_.stat_changes().begin(), stepper_.stat_changes().end());
  draw_log_.insert(draw_log_.end(), stepper_.draws().begin(), stepper_.draws().end());
  bytes_ += record_bytes(r);
  records_.push_back(std::move(r));
}

const Step* Timeline::next() {
  if (cursor_ < head_) {
    const Record& r = *record(cursor_ + 1);
    const CellChange* changes = changes_of(r);
    Grid& grid = stepper_.mutable_grid();
    for (std::size_t i = 0; i < r.change_count; ++i) grid.put(changes[i].index, changes[i].after);
    mark_dirty({changes, r.change_count});
    apply_stats(r, true);
    ++cursor_;
    return &r.step;
  }
  const Step* step = stepper_.next();
  if (!step) return nullptr;
  append(*step);
  apply_stats(records_.back(), true);
  mark_dirty(stepper_.changes());
  ++head_;
  ++cursor_;
  while (bytes_ > max_bytes_ && earliest_ + 1 < cursor_) forget_oldest();
  return &records_.back().step;
}

bool Timeline::back() {
  if (cursor_ <= earliest_) return false;
  const Record& r = *record(cursor_);
  const CellChange* changes = changes_of(r);
  Grid& grid = stepper_.mutable_grid();
  for (std::size_t i = r.change_count; i-- > 0;) grid.put(changes[i].index, changes[i].before);
  mark_dirty({changes, r.change_count});
  apply_stats(r, false);
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
  const Record& oldest = records_.front();
  bytes_ -= record_bytes(oldest);
  for (std::uint32_t i = 0; i < oldest.stat_count; ++i) stat_log_.pop_front();
  for (std::uint32_t i = 0; i < oldest.draw_count; ++i) draw_log_.pop_front();
  stat_base_ += oldest.stat_count;
  draw_base_ += oldest.draw_count;
  records_.pop_front();
  ++earliest_;
  // Drop the chunks no remaining record uses.
  const std::uint64_t first_used =
      records_.empty() ? chunks_base_ + chunks_.size() - 1 : records_.front().chunk;
  while (chunks_base_ < first_used) {
    chunks_.pop_front();
    ++chunks_base_;
  }
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
