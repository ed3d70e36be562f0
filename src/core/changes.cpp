#include "core/changes.hpp"

#include <algorithm>
#include <bit>
#include <unordered_map>

namespace dungen {
Cell flipped(Cell c, const LayerFlip& f) {
  c.tile = static_cast<Tile>(static_cast<unsigned>(c.tile) ^ f.tile);
  c.mark = static_cast<Mark>(static_cast<unsigned>(c.mark) ^ f.mark);
  c.label = static_cast<std::int32_t>(static_cast<std::uint32_t>(c.label) ^ f.label);
  return c;
}

std::uint32_t CellRun::changed_cells() const {
  const std::size_t bytes = bit_bytes();
  std::uint32_t n = 0;
  std::size_t b = 0;
  for (; b + 8 <= bytes; b += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, bits + b, 8);
    n += lanes::bit_count(word);
  }
  for (; b < bytes; ++b) n += lanes::bit_count(bits[b]);
  return n;
}

std::uint32_t CellRun::next(std::uint32_t k, bool changed) const {
  const unsigned invert = changed ? 0u : 0xffu;
  while (k < count) {
    if (k % 8 == 0 && k + 64 <= count) {  // eight whole bytes
      std::uint64_t word = 0;
      std::memcpy(&word, bits + k / 8, 8);
      if (!changed) word = ~word;
      if (word != 0) return k + static_cast<std::uint32_t>(std::countr_zero(word));
      k += 64;
      continue;
    }
    const unsigned byte = ((bits[k / 8] ^ invert) & 0xffu) >> (k % 8);
    if (byte != 0) return std::min(count, k + static_cast<std::uint32_t>(std::countr_zero(byte)));
    k = (k | 7u) + 1;
  }
  return count;
}

void apply_run(const CellRun& run, Grid& grid) {
  if (run.flip.tile != 0) {
    // Eight cells a bit-byte: its lanes, times the flip in every lane, XORed into the tiles.
    Tile* tiles = grid.tile_cells() + run.first;
    const std::uint64_t flip8 = run.flip.tile * lanes::kOnes;
    const std::size_t whole = run.count / 8;
    for (std::size_t b = 0; b < whole; ++b) {
      const std::uint8_t byte = run.bits[b];
      if (byte == 0) continue;
      std::uint64_t word = 0;
      std::memcpy(&word, tiles + 8 * b, 8);
      word ^= lanes::kMask[byte] & flip8;
      std::memcpy(tiles + 8 * b, &word, 8);
    }
    for (std::uint32_t k = static_cast<std::uint32_t>(8 * whole); k < run.count; ++k) {
      if (run.changed(k)) {
        tiles[k] = static_cast<Tile>(static_cast<unsigned>(tiles[k]) ^ run.flip.tile);
      }
    }
  }
  if (run.flip.mark != 0) {
    Mark* marks = grid.layer(grid.marks_, Mark::None);
    run.for_each([&](std::uint32_t i) {
      marks[i] = static_cast<Mark>(static_cast<unsigned>(marks[i]) ^ run.flip.mark);
    });
  }
  if (run.flip.label != 0) {
    // Cell by cell: the label layer is a byte a cell while the labels fit one (IdLayer).
    IdLayer::Flips flip_label(grid.labels_, grid.size());
    run.for_each([&](std::uint32_t i) { flip_label(i, run.flip.label); });
  }
}

std::uint8_t* RunLog::add(std::uint32_t first, std::uint32_t count, LayerFlip flip) {
  views_valid_ = false;
  const std::size_t offset = bits_.size();
  bits_.resize(offset + (std::size_t{count} + 7) / 8, 0);
  runs_.push_back({first, count, flip, offset});
  return bits_.data() + offset;
}

void RunLog::drop_last() {
  views_valid_ = false;
  bits_.resize(runs_.back().offset);
  runs_.pop_back();
}

std::span<const CellRun> RunLog::views() const {
  if (views_valid_) return views_;
  views_valid_ = true;
  views_.resize(runs_.size());
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const Entry& e = runs_[i];
    views_[i] = {e.first, e.count, e.flip, bits_.data() + e.offset};
  }
  return views_;
}

void expand_changes(std::span<const CellRun> runs, std::span<const CellChange> cells,
                    const Grid& after, std::vector<CellChange>& out) {
  out.clear();
  // A run's cell that a later cell change of the step wrote again was, after the run, what that
  // change found: its first change's before.
  std::unordered_map<std::uint32_t, Cell> rewritten;
  if (!runs.empty()) {
    for (auto c = cells.rbegin(); c != cells.rend(); ++c) rewritten[c->index] = c->before;
  }
  const bool any_rewritten = !rewritten.empty();
  for (const CellRun& run : runs) {
    run.for_each([&](std::uint32_t i) {
      const auto it = any_rewritten ? rewritten.find(i) : rewritten.end();
      const Cell now = it == rewritten.end() ? after.cell(i) : it->second;
      out.push_back({i, flipped(now, run.flip), now});
    });
  }
  out.insert(out.end(), cells.begin(), cells.end());
}

}  // namespace dungen
