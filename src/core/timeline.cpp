#include "core/timeline.hpp"

#include <algorithm>

namespace dungen {

// row_of() is exact for indices below 2^24 and widths up to 2^12.
static_assert(kMaxMapSide <= 4096);

using history::kBlockSteps;

namespace {

// Chunks small enough that a small budget is kept to closely, big enough that a big run makes
// few of them.
std::size_t chunk_bytes_for(std::size_t max_bytes) {
  return std::clamp(max_bytes / 64, std::size_t{4} << 10, history::ByteLog::kHugeChunk);
}

}  // namespace

Timeline::Timeline(Stepper stepper, std::size_t max_history_bytes, history::SkipShape shape)
    : stepper_(std::move(stepper)),
      max_bytes_(max_history_bytes),
      log_(chunk_bytes_for(max_history_bytes)),
      stats_(stepper_.stats().size(), nullptr),
      width_(static_cast<std::uint32_t>(std::max(1, stepper_.grid().width()))),
      row_magic_(((std::uint64_t{1} << kRowShift) + width_ - 1) / width_),
      shape_(shape),
      group_builder_(shape.group_max_cells) {
  shape_.steps = std::max<std::uint64_t>(shape_.steps, 1);
  shape_.group = std::max<std::size_t>(shape_.group, 2);
  // A stepper that has already run brings its statistics along.
  for (std::size_t i = 0; i < stepper_.stats().size(); ++i) stats_.set(i, stepper_.stats()[i]);
  boundaries_.push_back(0);
  boundary_stats_.emplace_back(stats_.values().begin(), stats_.values().end());
}

std::size_t Timeline::history_bytes() const {
  return log_.allocated_bytes() + blocks_.size() * sizeof(history::Pos) + names_.bytes() +
         skip_bytes_ + skip_builder_.bytes() + group_builder_.bytes() +
         boundary_stats_.size() *
             (sizeof(boundary_stats_[0]) + sizeof(std::uint64_t) + stats_.values().size_bytes());
}

Timeline::Cursor Timeline::cursor_at(std::uint64_t k) const {
  const std::uint64_t block = k / kBlockSteps;
  if (block_cached_ != block) {
    block_cached_ = block;
    block_cache_.clear();
    Cursor c;
    c.k = block * kBlockSteps;
    c.pos = blocks_[static_cast<std::size_t>(block - block_base_)];
    block_cache_.push_back(c);
  }
  // Stepping back walks a block from its end: each cursor is decoded once per block.
  const auto want = static_cast<std::size_t>(k - block * kBlockSteps);
  while (block_cache_.size() <= want) {
    Cursor c = block_cache_.back();
    decode(c, {});
    block_cache_.push_back(c);
  }
  return block_cache_[want];
}

void Timeline::decode(Cursor& c, const history::RecordOut& out) const {
  if (c.k % kBlockSteps == 0) c.st = {};  // each block's deltas start afresh
  const std::uint8_t* r = log_.at(c.pos);
  const std::uint8_t* end = history::decode_record(r, c.st, names_, out);
  c.pos.offset += static_cast<std::uint32_t>(end - r);
  ++c.k;
}

void Timeline::append(const Step& step) {
  const std::span<const CellChange> changes = stepper_.changes();
  const std::span<const StatChange> stats = stepper_.stat_changes();
  const std::span<const Draw> draws = stepper_.draws();
  std::uint8_t* w =
      log_.reserve(history::max_record_bytes(step, changes.size(), stats.size(), draws.size()));
  if (head_ % kBlockSteps == 0) {
    blocks_.push_back(log_.end());
    enc_ = {};
  }
  std::size_t step_bytes = 0;
  std::uint8_t* end =
      history::encode_record(w, enc_, names_, step, changes, stats, draws, step_bytes);
  log_.commit(end);
  ++usage_.steps;
  usage_.changes += changes.size();
  usage_.step_bytes += step_bytes;
  usage_.change_bytes += static_cast<std::uint64_t>(end - w) - step_bytes;
}

void Timeline::forget_decoded() {
  shown_k_ = 0;
  peek_k_ = 0;
  decoded_k_ = 0;
}

const Step* Timeline::step_at(std::uint64_t k) const {
  if (k <= earliest_ || k > head_) return nullptr;
  if (k == head_ && stepper_.current()) return stepper_.current();
  if (k == shown_k_) return &shown_;
  if (k != peek_k_) {
    Cursor c = cursor_at(k - 1);
    decode(c, {.step = &peek_});
    peek_k_ = k;
  }
  return &peek_;
}

const Step* Timeline::current() const {
  if (cursor_ <= earliest_) return nullptr;
  if (cursor_ == head_ && stepper_.current()) return stepper_.current();
  if (shown_k_ != cursor_) {
    Cursor c = cursor_at(cursor_ - 1);
    decode(c, {.step = &shown_});
    shown_k_ = cursor_;
  }
  return &shown_;
}

std::vector<Draw> Timeline::draws_at(std::uint64_t k) const {
  if (k <= earliest_ || k > head_) return {};
  if (k == head_ && stepper_.current()) return {stepper_.draws().begin(), stepper_.draws().end()};
  std::vector<Draw> draws;
  Cursor c = cursor_at(k - 1);
  decode(c, {.draws = &draws});
  return draws;
}

std::vector<StatChange> Timeline::stat_changes_at(std::uint64_t k) const {
  if (k <= earliest_ || k > head_) return {};
  if (k == head_ && stepper_.current()) {
    return {stepper_.stat_changes().begin(), stepper_.stat_changes().end()};
  }
  std::vector<StatChange> stats;
  Cursor c = cursor_at(k - 1);
  decode(c, {.stats = &stats});
  return stats;
}

std::span<const CellChange> Timeline::changes_at(std::uint64_t k) const {
  if (k <= earliest_ || k > head_) return {};
  // The live step's own list: exact, and free on the app's hot path.
  if (k == head_ && stepper_.current()) return stepper_.changes();
  if (k == decoded_k_) return decoded_;
  std::vector<history::PackedChange> packed;
  Cursor c = cursor_at(k - 1);
  decode(c, {.changes = &packed});
  decoded_.resize(packed.size());
  if (k == cursor_) {
    // The layers a change did not touch are the map's as of this step: undo the step on the map
    // to read them, then redo it (the map ends as it was).
    Grid& g = const_cast<Stepper&>(stepper_).mutable_grid();
    for (std::size_t i = packed.size(); i-- > 0;) {
      const Cell after = g.cell(packed[i].index);
      const Cell before = packed[i].before_of(after);
      decoded_[i] = {packed[i].index, before, after};
      g.put(packed[i].index, before);
    }
    for (const CellChange& ch : decoded_) g.put(ch.index, ch.after);
  } else {
    const Grid& g = stepper_.grid();
    for (std::size_t i = 0; i < packed.size(); ++i) {
      const Cell now = g.cell(packed[i].index);
      decoded_[i] = {packed[i].index, packed[i].before_of(now), packed[i].after_of(now)};
    }
  }
  decoded_k_ = k;
  return decoded_;
}

void Timeline::redo(bool show) {
  Cursor c = fwd_.k == cursor_ ? fwd_ : cursor_at(cursor_);
  decode(c, {.step = show ? &shown_ : nullptr, .changes = &packed_, .stats = &stat_scratch_});
  Grid& g = stepper_.mutable_grid();
  decoded_.resize(packed_.size());
  for (std::size_t i = 0; i < packed_.size(); ++i) {
    const Cell before = g.cell(packed_[i].index);
    const Cell after = packed_[i].after_of(before);
    g.put(packed_[i].index, after);
    decoded_[i] = {packed_[i].index, before, after};
  }
  mark_dirty(decoded_);
  if (observer_) observer_->replayed(decoded_, true);
  stats_.apply(stat_scratch_, true);
  ++cursor_;
  fwd_ = c;
  shown_k_ = show ? cursor_ : 0;
  decoded_k_ = cursor_;
}

const Step* Timeline::next() {
  if (cursor_ < head_) {
    redo(true);
    return current();
  }
  const Step* step = stepper_.next();
  if (!step) {
    // The run is over: no segment will end again, so the builders' scratch can go.
    skip_builder_.release();
    group_builder_.release();
    return nullptr;
  }
  append(*step);
  stats_.apply(stepper_.stat_changes(), true);
  mark_dirty(stepper_.changes());
  if (observer_) observer_->replayed(stepper_.changes(), true);
  skip_builder_.note(stepper_.changes(), stepper_.grid().size());
  ++head_;
  ++cursor_;
  forget_decoded();
  if (head_ - boundaries_.back() >= shape_.steps || skip_builder_.cells() >= shape_.max_cells) {
    end_segment();
  }
  if (head_ % kBlockSteps == 0) enforce_budget();
  return step;
}

void Timeline::end_segment() {
  const Grid& g = stepper_.grid();
  // A segment cut short by its changed cells (a cave pass rewrites whole rows) makes its group
  // too big to be worth one: a seek crosses such segments one by one, and the group's builder
  // is spared their cells.
  if (skip_builder_.cells() >= shape_.max_cells) group_builder_.give_up();
  skips_.push_back(skip_builder_.finish(g, &group_builder_));
  skip_bytes_ += skips_.back().capacity() + sizeof(skips_.back());
  boundaries_.push_back(head_);
  boundary_stats_.emplace_back(stats_.values().begin(), stats_.values().end());
  if ((skip_base_ + skips_.size()) % shape_.group == 0) {
    groups_.push_back(group_builder_.finish(g));
    skip_bytes_ += groups_.back().capacity() + sizeof(groups_.back());
  }
  drop_unreachable_skips();
}

const std::vector<std::uint8_t>* Timeline::group_at(std::uint64_t b, std::uint64_t limit,
                                                    bool forward) const {
  const std::uint64_t n = shape_.group;
  if (b % n != 0 || (forward ? b + n > limit : b < limit + n)) return nullptr;
  const std::uint64_t g = b / n - (forward ? 0 : 1);
  if (g < group_base_ || g - group_base_ >= groups_.size()) return nullptr;
  const std::vector<std::uint8_t>& skip = groups_[static_cast<std::size_t>(g - group_base_)];
  return skip.empty() ? nullptr : &skip;
}

bool Timeline::back() {
  if (cursor_ <= earliest_) return false;
  const Cursor before = cursor_at(cursor_ - 1);
  Cursor c = before;
  decode(c, {.changes = &packed_, .stats = &stat_scratch_});
  Grid& g = stepper_.mutable_grid();
  decoded_.resize(packed_.size());
  for (std::size_t i = packed_.size(); i-- > 0;) {
    const Cell after = g.cell(packed_[i].index);
    const Cell prior = packed_[i].before_of(after);
    g.put(packed_[i].index, prior);
    decoded_[i] = {packed_[i].index, prior, after};
  }
  mark_dirty(decoded_);
  if (observer_) observer_->replayed(decoded_, false);
  stats_.apply(stat_scratch_, false);
  --cursor_;
  fwd_ = before;
  shown_k_ = 0;
  decoded_k_ = cursor_ + 1;  // what was just undone
  return true;
}

void Timeline::seek(std::uint64_t k, SeekObserver* observer) {
  observer_ = observer;
  k = std::max(k, earliest_);
  travel(std::min(k, head_));
  while (cursor_ < k) {
    if (!next()) break;
  }
  observer_ = nullptr;
}

void Timeline::replay_to(std::uint64_t k) {
  while (cursor_ > k) back();
  while (cursor_ < k) redo(false);
}

void Timeline::travel(std::uint64_t k) {
  const auto dist = [](std::uint64_t a, std::uint64_t b) { return a > b ? a - b : b - a; };
  // (Not by distance alone: a segment of a cave pass at 4096x4096 is 64 steps, each a whole row.)
  if (skips_.empty()) {
    replay_to(k);
    return;
  }
  // The boundaries nearest the cursor and the target (every boundary is >= earliest here).
  const auto nearest = [&](std::uint64_t x) {
    const auto it = std::lower_bound(boundaries_.begin(), boundaries_.end(), x);
    std::size_t i = static_cast<std::size_t>(it - boundaries_.begin());
    if (i == boundaries_.size() || (i > 0 && x - boundaries_[i - 1] < boundaries_[i] - x)) --i;
    return i;
  };
  const std::size_t from = nearest(cursor_), to = nearest(k);
  if (from == to ||
      dist(cursor_, boundaries_[from]) + dist(boundaries_[to], k) >= dist(cursor_, k)) {
    replay_to(k);
    return;
  }
  replay_to(boundaries_[from]);
  Grid& g = stepper_.mutable_grid();
  const auto apply = [&](std::span<const std::uint8_t> skip, bool forward) {
    const auto [lo, hi] = history::apply_skip(skip, g, forward, skip_scratch_, observer_);
    mark_dirty_span(lo, hi);
  };
  // Boundary numbers from the run's start (group g starts at boundary g * shape_.group).
  std::uint64_t b = skip_base_ + from;
  const std::uint64_t end = skip_base_ + to;
  while (b < end) {
    if (const auto* group = group_at(b, end, true)) {
      apply(*group, true);
      b += shape_.group;
    } else {
      apply(skips_[static_cast<std::size_t>(b - skip_base_)], true);
      ++b;
    }
  }
  while (b > end) {
    if (const auto* group = group_at(b, end, false)) {
      apply(*group, false);
      b -= shape_.group;
    } else {
      apply(skips_[static_cast<std::size_t>(b - skip_base_ - 1)], false);
      --b;
    }
  }
  cursor_ = boundaries_[to];
  const std::vector<std::int64_t>& at = boundary_stats_[to];
  for (std::size_t i = 0; i < at.size(); ++i) stats_.set(i, at[i]);
  forget_decoded();
  fwd_.k = UINT64_MAX;
  replay_to(k);
}

void Timeline::mark_dirty_span(std::uint32_t lo, std::uint32_t hi) {
  if (lo > hi) return;
  // Whole rows: a skip's cells are spread over its rows.
  const auto y0 = static_cast<int>(row_of(lo)), y1 = static_cast<int>(row_of(hi));
  const int x1 = static_cast<int>(width_) - 1;
  if (dirty_x1_ < dirty_x0_) {
    dirty_x0_ = 0;
    dirty_x1_ = x1;
    dirty_y0_ = y0;
    dirty_y1_ = y1;
    return;
  }
  dirty_x0_ = 0;
  dirty_x1_ = x1;
  dirty_y0_ = std::min(dirty_y0_, y0);
  dirty_y1_ = std::max(dirty_y1_, y1);
}

void Timeline::enforce_budget() {
  while (history_bytes() > max_bytes_ && !blocks_.empty()) {
    const std::uint64_t first = log_.first_chunk();
    if (blocks_.front().chunk > first) {  // nothing still reachable starts in it
      log_.drop_first_chunk();
      continue;
    }
    std::size_t drop = 0;
    while (drop < blocks_.size() && blocks_[drop].chunk == first) ++drop;
    if (drop == blocks_.size()) break;  // the newest block stays
    const std::uint64_t earliest = (block_base_ + drop) * kBlockSteps;
    if (earliest > cursor_) break;  // the cursor stays reachable
    blocks_.erase(blocks_.begin(), blocks_.begin() + static_cast<std::ptrdiff_t>(drop));
    block_base_ += drop;
    earliest_ = earliest;
    log_.drop_first_chunk();
    if (block_cached_ < block_base_) block_cached_ = UINT64_MAX;
    forget_decoded();
  }
  drop_unreachable_skips();
}

void Timeline::drop_unreachable_skips() {
  // A skip from before the earliest step could only lead where the history no longer reaches.
  while (boundaries_.size() > 1 && boundaries_.front() < earliest_) {
    skip_bytes_ -= skips_.front().capacity() + sizeof(skips_.front());
    skips_.pop_front();
    ++skip_base_;
    boundaries_.pop_front();
    boundary_stats_.pop_front();
  }
  // A group whose first segment is gone goes too.
  while (!groups_.empty() && group_base_ * shape_.group < skip_base_) {
    skip_bytes_ -= groups_.front().capacity() + sizeof(groups_.front());
    groups_.pop_front();
    ++group_base_;
  }
}

void Timeline::mark_dirty(std::span<const CellChange> changes) {
  if (changes.empty()) return;
  // This runs for every step recorded: the rows come from the lowest and highest index, and the
  // columns need a row per change only while the box is narrower than the map. Rows are found by
  // a multiply (row_of), not a division.
  const std::uint32_t w = width_;
  std::uint32_t lo = changes.front().index, hi = lo;
  for (const CellChange& c : changes) {
    lo = std::min(lo, c.index);
    hi = std::max(hi, c.index);
  }
  const auto ylo = static_cast<int>(row_of(lo)), yhi = static_cast<int>(row_of(hi));
  int x0 = dirty_x0_, y0 = dirty_y0_, x1 = dirty_x1_, y1 = dirty_y1_;
  if (x1 < x0) {
    x0 = x1 = static_cast<int>(lo - static_cast<std::uint32_t>(ylo) * w);
    y0 = y1 = ylo;
  }
  y0 = std::min(y0, ylo);
  y1 = std::max(y1, yhi);
  if (ylo == yhi) {
    x0 = std::min(x0, static_cast<int>(lo - static_cast<std::uint32_t>(ylo) * w));
    x1 = std::max(x1, static_cast<int>(hi - static_cast<std::uint32_t>(ylo) * w));
  } else {
    const int full = static_cast<int>(w) - 1;
    for (std::size_t k = 0; k < changes.size() && (x0 > 0 || x1 < full); ++k) {
      const std::uint32_t i = changes[k].index;
      const auto x = static_cast<int>(i - row_of(i) * w);
      x0 = std::min(x0, x);
      x1 = std::max(x1, x);
    }
  }
  dirty_x0_ = x0;
  dirty_y0_ = y0;
  dirty_x1_ = x1;
  dirty_y1_ = y1;
}

std::optional<Rect> Timeline::take_dirty() {
  if (dirty_x1_ < dirty_x0_) return std::nullopt;
  Rect r{dirty_x0_, dirty_y0_, dirty_x1_ - dirty_x0_ + 1, dirty_y1_ - dirty_y0_ + 1};
  dirty_x0_ = dirty_y0_ = 0;
  dirty_x1_ = dirty_y1_ = -1;
  return r;
}

}  // namespace dungen
