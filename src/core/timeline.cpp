#include "core/timeline.hpp"

#include <algorithm>
#include <stdexcept>

namespace dungen {

using history::kBlockSteps;

namespace {

// The least shift that brings every coordinate below `side` under 8.
int tile_shift(int side) {
  int shift = 0;
  while ((side - 1) >> shift >= 8) ++shift;
  return shift;
}

// Chunks small enough that a small budget is kept to closely, big enough that a big run makes
// few of them.
std::size_t chunk_bytes_for(std::size_t max_bytes) {
  return std::clamp(max_bytes / 64, std::size_t{4} << 10, history::ByteLog::kHugeChunk);
}

}  // namespace

Timeline::Timeline(Stepper stepper, std::size_t max_history_bytes, history::SkipShape shape,
                   std::size_t pack_from)
    : stepper_(std::move(stepper)),
      max_bytes_(max_history_bytes),
      log_(chunk_bytes_for(max_history_bytes), pack_from),
      tile_shift_x_(tile_shift(stepper_.grid().width())),
      tile_shift_y_(tile_shift(stepper_.grid().height())),
      row_of_(stepper_.grid().width()),
      skips_(shape, stepper_.stats()),
      stats_(stepper_.stats().size(), nullptr) {
  // A stepper that has already run brings its statistics along.
  for (std::size_t i = 0; i < stepper_.stats().size(); ++i) stats_.set(i, stepper_.stats()[i]);
}

static_assert(kMaxMapSide <= UINT16_MAX, "a block's area holds x and y in 16 bits");

std::size_t Timeline::history_bytes() const {
  return log_.allocated_bytes() + blocks_.size() * (sizeof(history::Pos) + sizeof(BlockArea)) +
         names_.bytes() + skips_.bytes();
}

Timeline::Cursor Timeline::cursor_at(std::uint64_t k) const {
  const std::uint64_t block = k / kBlockSteps;
  if (block_.block != block) {
    block_.block = block;
    block_.cursors.clear();
    Cursor c;
    c.k = block * kBlockSteps;
    c.pos = blocks_[static_cast<std::size_t>(block - block_base_)];
    block_.cursors.push_back(c);
  }
  const auto want = static_cast<std::size_t>(k - block * kBlockSteps);
  while (block_.cursors.size() <= want) {
    Cursor c = block_.cursors.back();
    decode(c, {});
    block_.cursors.push_back(c);
  }
  return block_.cursors[want];
}

void Timeline::decode(Cursor& c, const history::RecordOut& out) const {
  if (c.k % kBlockSteps == 0) c.st = {};  // each block's deltas start afresh
  const std::uint8_t* r = log_.at(c.pos);
  const std::uint8_t* end = history::decode_record(r, c.st, names_, grid().width(), out);
  c.pos.offset += static_cast<std::uint32_t>(end - r);
  ++c.k;
}

void Timeline::release_scratch() {
  skips_.release();
  log_.release_aside();
}

void Timeline::append(const Step& step) {
  const StepChanges changes{stepper_.runs(), stepper_.cell_changes()};
  const std::span<const StatChange> stats = stepper_.stat_changes();
  const std::span<const Draw> draws = stepper_.draws();
  std::uint8_t* w =
      log_.reserve(history::max_record_bytes(step, changes, stats.size(), draws.size()));
  if (head_ % kBlockSteps == 0) {
    blocks_.push_back(log_.end());
    areas_.emplace_back();
    enc_ = {};
  }
  note_area(changes);
  std::size_t step_bytes = 0;
  std::uint8_t* end = history::encode_record(w, enc_, names_, grid().width(), step, changes, stats,
                                             draws, step_bytes);
  log_.commit(end);
  ++usage_.steps;
  usage_.changes += changes.cells.size();
  for (const CellRun& run : changes.runs) usage_.changes += run.changed_cells();
  usage_.step_bytes += step_bytes;
  usage_.change_bytes += static_cast<std::uint64_t>(end - w) - step_bytes;
}

void Timeline::note_area(const StepChanges& step) {
  const std::span<const CellChange> changes = step.cells;
  if (changes.empty() && step.runs.empty()) return;
  BlockArea& area = areas_.back();
  const auto width = static_cast<std::uint32_t>(stepper_.grid().width());
  std::uint32_t x0 = area.x0, x1 = area.x1, y0 = area.y0, y1 = area.y1;
  std::uint64_t tiles = area.tiles;
  // Changes mostly follow one another along a row: y (and its divisions) change only where they
  // leave it.
  std::uint32_t y = 0, row = 0, tile_row = 0;  // row: the index of cell (0, y)
  const auto enter_row = [&](std::uint32_t index) {
    y = row_of_(index);
    row = y * width;
    tile_row = 8 * (y >> tile_shift_y_);
    y0 = std::min(y0, y);
    y1 = std::max(y1, y);
  };
  const auto add = [&](std::uint32_t index) {
    if (index - row >= width) enter_row(index);
    const std::uint32_t x = index - row;
    x0 = std::min(x0, x);
    x1 = std::max(x1, x);
    tiles |= std::uint64_t{1} << (tile_row + (x >> tile_shift_x_));
  };
  enter_row(changes.empty() ? step.runs.front().first : changes.front().index);
  // A run covers cells x0..x1 of its first row, or whole rows: each tile column between.
  const auto add_span = [&](std::uint32_t y_at, std::uint32_t xa, std::uint32_t xb) {
    enter_row(y_at * width);
    x0 = std::min(x0, xa);
    x1 = std::max(x1, xb);
    const std::uint32_t ta = xa >> tile_shift_x_, tb = xb >> tile_shift_x_;
    tiles |= ((std::uint64_t{2} << tb) - (std::uint64_t{1} << ta)) << tile_row;
  };
  for (const CellRun& run : step.runs) {
    const std::uint32_t last = run.first + run.count - 1;
    const std::uint32_t ya = row_of_(run.first), yb = row_of_(last);
    if (ya == yb) {
      add_span(ya, run.first - ya * width, last - ya * width);
    } else {
      for (std::uint32_t y_at = ya; y_at <= yb; ++y_at) add_span(y_at, 0, width - 1);
    }
  }
  for (const CellChange& c : changes) add(c.index);
  area = {static_cast<std::uint16_t>(x0), static_cast<std::uint16_t>(x1),
          static_cast<std::uint16_t>(y0), static_cast<std::uint16_t>(y1), tiles};
}

Timeline::Decoded& Timeline::decoded(std::uint64_t k) const {
  if (decoded_.k != k) decoded_.reset(k);
  return decoded_;
}

const Step* Timeline::step_at(std::uint64_t k) const {
  if (k <= earliest_ || k > head_) return nullptr;
  if (k == head_ && stepper_.current()) return stepper_.current();
  Decoded& d = decoded(k);
  if (!d.has_step) {
    Cursor c = cursor_at(k - 1);
    decode(c, {.step = &d.step});
    d.has_step = true;
  }
  return &d.step;
}

const Step* Timeline::current() const {
  return step_at(cursor_);
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
  Decoded& d = decoded(k);
  if (!d.has_changes) unpack_changes(k);
  return d.changes;
}

bool Timeline::changed_cells_at(std::uint64_t k, std::vector<std::uint32_t>& out,
                                std::size_t limit) const {
  if (k <= earliest_ || k > head_) return true;
  if (k == head_ && stepper_.current()) {
    const std::span<const CellChange> changes = stepper_.changes();
    if (out.size() + changes.size() > limit) return false;
    for (const CellChange& c : changes) out.push_back(c.index);
    return true;
  }
  Cursor c = cursor_at(k - 1);
  decode(c, {.runs = &runs_, .changes = &packed_});
  std::size_t n = out.size() + packed_.size();
  for (const CellRun& run : runs_) n += run.changed_cells();
  if (n > limit) return false;
  for (const CellRun& run : runs_) run.for_each([&](std::uint32_t i) { out.push_back(i); });
  for (const history::PackedChange& ch : packed_) out.push_back(ch.index);
  return true;
}

void Timeline::unpack_changes(std::uint64_t k) const {
  Cursor c = cursor_at(k - 1);
  decode(c, {.runs = &runs_, .changes = &packed_});
  const Grid& g = stepper_.grid();
  decoded_.has_changes = true;
  // The cell changes (in cells_ when runs come first), then the runs joined to them.
  std::vector<CellChange>& out = runs_.empty() ? decoded_.changes : cells_;
  out.resize(packed_.size());
  if (k != cursor_) {
    // Another step's layers that it did not change read as they are now.
    for (std::size_t i = 0; i < packed_.size(); ++i) {
      const Cell now = g.cell(packed_[i].index);
      out[i] = {packed_[i].index, packed_[i].before_of(now), packed_[i].after_of(now)};
    }
    if (runs_.empty()) return;
    // A run keeps only its flips: its cells' values follow from the map, exactly for the step just
    // after the cursor (the map stands where it starts); any other is read as if the map stood
    // where the step left it.
    const bool ahead = k == cursor_ + 1;
    std::vector<CellChange>& all = decoded_.changes;
    all.clear();
    for (const CellRun& run : runs_) {
      run.for_each([&](std::uint32_t i) {
        const Cell now = g.cell(i);
        const Cell other = flipped(now, run.flip);
        all.push_back(ahead ? CellChange{i, now, other} : CellChange{i, other, now});
      });
    }
    all.insert(all.end(), cells_.begin(), cells_.end());
    return;
  }
  // The cursor's step, exactly: walked backwards from the map, a change's after-cell is the map's
  // cell, unless a later change of the same step wrote that cell too: then it is that change's
  // before-cell. Sorting the changes by cell (then by order) puts each cell's changes together.
  order_.resize(packed_.size());
  for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = static_cast<std::uint32_t>(i);
  std::sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
    return packed_[a].index != packed_[b].index ? packed_[a].index < packed_[b].index : a < b;
  });
  for (std::size_t n = order_.size(); n-- > 0;) {
    const history::PackedChange& ch = packed_[order_[n]];
    const bool last_of_cell = n + 1 == order_.size() || packed_[order_[n + 1]].index != ch.index;
    const Cell after = last_of_cell ? g.cell(ch.index) : out[order_[n + 1]].before;
    out[order_[n]] = {ch.index, ch.before_of(after), after};
  }
  if (!runs_.empty()) expand_changes(runs_, cells_, g, decoded_.changes);
}

std::vector<Timeline::CellTouch> Timeline::cell_history(std::uint32_t index) const {
  CellHistoryRead read(index);
  read_cell_history(read, UINT64_MAX);
  return cell_touches(read);
}

bool Timeline::read_cell_history(CellHistoryRead& read, std::uint64_t max_records) const {
  const Grid& g = stepper_.grid();
  const std::uint32_t index = read.index_;
  // Nothing recorded since the last call (a window asks every frame): the head's block is not
  // decoded again.
  if (read.next_ >= head_) return true;
  if (index >= g.size()) {
    read.next_ = head_;
    return true;
  }
  // The cell's changes, oldest first, from the blocks that may hold some. Deltas chain through a
  // block, so a block is decoded from its start (the records before read.next_ of a block read
  // partly, at the head, only for their deltas); decoding on the side leaves the cursor's caches
  // as they were.
  const Point at = g.point(index);
  const std::uint64_t tile = tile_bit(at);
  std::vector<history::PackedChange> changes;
  std::vector<CellRun> runs;
  std::uint64_t spent = 0;
  bool decoded_one = false;
  std::uint64_t block = std::max(block_base_, read.next_ / kBlockSteps);
  while (block * kBlockSteps < head_) {
    if (spent >= max_records && decoded_one) return false;
    const std::size_t j = static_cast<std::size_t>(block - block_base_);
    const std::uint64_t end = std::min((block + 1) * kBlockSteps, head_);
    ++spent;
    if (areas_[j].may_hold(at, tile)) {
      Cursor c;
      c.k = block * kBlockSteps;
      c.pos = blocks_[j];
      while (c.k < end) {
        const std::uint64_t k = c.k;
        decode(c, {.runs = &runs, .changes = &changes});  // step k's
        ++spent;
        if (k < read.next_) continue;
        for (const CellRun& run : runs) {  // (which came before its cell changes)
          if (index >= run.first && index - run.first < run.count &&
              run.changed(index - run.first)) {
            read.hits_.push_back({.step = c.k, .run = true, .flip = run.flip});
          }
        }
        for (const history::PackedChange& ch : changes) {
          if (ch.index == index) read.hits_.push_back({.step = c.k, .change = ch});
        }
      }
      decoded_one = true;
    }
    read.next_ = end;
    ++block;
  }
  read.next_ = std::max(read.next_, head_);
  return true;
}

std::vector<Timeline::CellTouch> Timeline::cell_touches(const CellHistoryRead& read) const {
  const Grid& g = stepper_.grid();
  const std::uint32_t index = read.index_;
  std::vector<CellTouch> touches;
  if (index >= g.size()) return touches;
  // Only the steps still reachable (history forgotten since the read began is left out).
  const auto first =
      std::partition_point(read.hits_.begin(), read.hits_.end(),
                           [&](const CellHistoryRead::Hit& h) { return h.step <= earliest_; });
  // (A pointer and a size: the web build's library has no span from two vector iterators.)
  const std::span<const CellHistoryRead::Hit> hits(
      read.hits_.data() + (first - read.hits_.begin()),
      static_cast<std::size_t>(read.hits_.end() - first));
  // A change keeps only the layers it changed: the others are whatever the cell held then, which
  // is known only at the cursor. From there, undo the changes before it one by one and redo those
  // after it.
  touches.resize(hits.size());
  const auto split = static_cast<std::size_t>(
      std::partition_point(hits.begin(), hits.end(),
                           [&](const CellHistoryRead::Hit& h) { return h.step <= cursor_; }) -
      hits.begin());
  Cell v = g.cell(index);
  for (std::size_t i = split; i-- > 0;) {
    touches[i].after = v;
    v = hits[i].before_of(v);
    touches[i].before = v;
  }
  v = g.cell(index);
  for (std::size_t i = split; i < hits.size(); ++i) {
    touches[i].before = v;
    v = hits[i].after_of(v);
    touches[i].after = v;
  }
  // One touch per step: a step that wrote the cell twice goes from its first change's before to
  // its last change's after.
  std::size_t n = 0;
  for (std::size_t i = 0; i < hits.size(); ++i) {
    if (n > 0 && touches[n - 1].step == hits[i].step) {
      touches[n - 1].after = touches[i].after;
    } else {
      touches[n++] = {hits[i].step, touches[i].before, touches[i].after};
    }
  }
  touches.resize(n);
  return touches;
}

void Timeline::redo(bool show, SeekObserver* observer) {
  Cursor c = fwd_.k == cursor_ ? fwd_ : cursor_at(cursor_);
  decode(c, {.step = show ? &decoded_.step : nullptr,
             .runs = &runs_,
             .changes = &packed_,
             .stats = &stat_scratch_});
  Grid& g = stepper_.mutable_grid();
  for (const CellRun& run : runs_) apply_run(run, g);  // the runs came first
  if (observer && !runs_.empty()) observer->replayed_runs(runs_, g);
  std::vector<CellChange>& changes = runs_.empty() ? decoded_.changes : cells_;
  changes.resize(packed_.size());
  for (std::size_t i = 0; i < packed_.size(); ++i) {
    const Cell before = g.cell(packed_[i].index);
    const Cell after = packed_[i].after_of(before);
    g.put(packed_[i].index, after);
    changes[i] = {packed_[i].index, before, after};
  }
  if (observer) observer->replayed(changes, true);
  stats_.apply(stat_scratch_, true);
  ++cursor_;
  fwd_ = c;
  // What the move unpacked is the new cursor step's, exactly (the runs' cells joined on asking).
  decoded_.reset(cursor_);
  decoded_.has_step = show;
  decoded_.has_changes = runs_.empty();
}

void Timeline::check_labels_held() const {
  if (grid().lends_labels()) {
    throw std::logic_error("a timeline's cursor moved while its map's labels were lent");
  }
}

const Step* Timeline::next(SeekObserver* observer) {
  check_labels_held();
  if (cursor_ < head_) {
    redo(true, observer);
    return current();
  }
  const Step* step = stepper_.next();
  if (!step) {
    release_scratch();
    return nullptr;
  }
  append(*step);
  const StepChanges changes{stepper_.runs(), stepper_.cell_changes()};
  const bool alone = skips_.step_alone(changes);
  if (alone) {
    // The segment so far ends before this step (history::SkipIndex::step_alone): the step is
    // taken off the map for it (its cell changes came after its runs) and put back.
    Grid& g = stepper_.mutable_grid();
    for (auto c = changes.cells.rbegin(); c != changes.cells.rend(); ++c) {
      g.put(c->index, c->before);
    }
    for (auto r = changes.runs.rbegin(); r != changes.runs.rend(); ++r) apply_run(*r, g);
    skips_.cut(g, head_, stats_.values());
    for (const CellRun& r : changes.runs) apply_run(r, g);
    for (const CellChange& c : changes.cells) g.put(c.index, c.after);
  }
  stats_.apply(stepper_.stat_changes(), true);
  if (observer) {
    const std::span<const CellChange> cells = stepper_.cell_changes();
    if (!stepper_.runs().empty()) {
      // The runs are told with the map as they left it: the step's cell changes, which came
      // after them, taken off meanwhile (they may have written the runs' cells again).
      Grid& g = stepper_.mutable_grid();
      for (auto c = cells.rbegin(); c != cells.rend(); ++c) g.put(c->index, c->before);
      observer->replayed_runs(stepper_.runs(), g);
      for (const CellChange& c : cells) g.put(c.index, c.after);
    }
    observer->replayed(cells, true);
  }
  ++head_;
  ++cursor_;
  decoded_.reset(0);
  skips_.record(changes, stepper_.grid(), head_, stats_.values());
  if (alone) skips_.cut(stepper_.grid(), head_, stats_.values());
  if (stepper_.done()) release_scratch();  // the final step: nothing more is recorded
  if (head_ % kBlockSteps == 0) enforce_budget(max_bytes_);
  return step;
}

bool Timeline::back(SeekObserver* observer) {
  check_labels_held();
  if (cursor_ <= earliest_) return false;
  const Cursor before = cursor_at(cursor_ - 1);
  Cursor c = before;
  decode(c, {.runs = &runs_, .changes = &packed_, .stats = &stat_scratch_});
  Grid& g = stepper_.mutable_grid();
  std::vector<CellChange>& changes = runs_.empty() ? decoded_.changes : cells_;
  changes.resize(packed_.size());
  for (std::size_t i = packed_.size(); i-- > 0;) {
    const Cell after = g.cell(packed_[i].index);
    const Cell prior = packed_[i].before_of(after);
    g.put(packed_[i].index, prior);
    changes[i] = {packed_[i].index, prior, after};
  }
  for (const CellRun& run : runs_) apply_run(run, g);  // then the runs, which came first
  if (observer) {
    observer->replayed(changes, false);
    if (!runs_.empty()) observer->replayed_runs(runs_, g);
  }
  stats_.apply(stat_scratch_, false);
  --cursor_;
  fwd_ = before;
  // What the move unpacked is the step just undone's, exactly (its runs' cells joined on asking).
  decoded_.reset(cursor_ + 1);
  decoded_.has_changes = runs_.empty();
  return true;
}

void Timeline::seek(std::uint64_t k, SeekObserver* observer, SeekBudget budget) {
  check_labels_held();
  k = std::max(k, earliest_);
  if (!travel(std::min(k, head_), observer, budget)) return;
  while (cursor_ < k) {
    if (!next(observer)) break;
  }
}

bool Timeline::replay_to(std::uint64_t k, SeekObserver* observer, std::uint64_t& steps) {
  for (; cursor_ > k && steps > 0; --steps) back(observer);
  for (; cursor_ < k && steps > 0; --steps) redo(false, observer);
  return cursor_ == k;
}

bool Timeline::travel(std::uint64_t k, SeekObserver* observer, SeekBudget budget) {
  const auto dist = [](std::uint64_t a, std::uint64_t b) { return a > b ? a - b : b - a; };
  std::uint64_t steps = std::max<std::uint64_t>(budget.steps, 1);  // (a part moves)
  // (Not by distance alone: a segment of a cave pass at 4096x4096 is 64 steps, each a whole row.)
  if (skips_.empty()) return replay_to(k, observer, steps);
  // The boundaries nearest the cursor and the target (every boundary is >= earliest here).
  const std::size_t from = skips_.nearest(cursor_), to = skips_.nearest(k);
  if (from == to ||
      dist(cursor_, skips_.boundary(from)) + dist(skips_.boundary(to), k) >= dist(cursor_, k)) {
    return replay_to(k, observer, steps);
  }
  if (!replay_to(skips_.boundary(from), observer, steps)) return false;
  const history::SkipIndex::Crossed c =
      skips_.cross(from, to, stepper_.mutable_grid(), observer, budget.skip_cells);
  if (observer && c.lo <= c.hi) observer->crossed(c.lo, c.hi);
  cursor_ = skips_.boundary(c.reached);
  const std::span<const std::int64_t> at = skips_.stats_at(c.reached);
  for (std::size_t i = 0; i < at.size(); ++i) stats_.set(i, at[i]);
  decoded_.reset(0);
  fwd_.k = UINT64_MAX;
  if (c.reached != to) return false;  // the cells ran out at a boundary short of k
  return replay_to(k, observer, steps);
}

void Timeline::enforce_budget(std::size_t max_bytes) {
  while (history_bytes() > max_bytes && !blocks_.empty()) {
    const std::uint32_t first = log_.first_chunk();
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
    areas_.erase(areas_.begin(), areas_.begin() + static_cast<std::ptrdiff_t>(drop));
    block_base_ += drop;
    earliest_ = earliest;
    log_.drop_first_chunk();
    if (block_.block < block_base_) block_.block = UINT64_MAX;
    decoded_.reset(0);
  }
  skips_.forget_before(earliest_);
}

}  // namespace dungen
