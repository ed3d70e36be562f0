#include "core/canvas.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace dungen {

using lanes::bits_of;
using lanes::kOnes;
using lanes::nonzero;
using lanes::same_until;

namespace {

// Whether a bulk write's cell k is among its chosen cells (which: their bits, or null for all).
bool is_chosen(const std::uint8_t* which, std::size_t k) {
  return !which || ((which[k / 8] >> (k % 8)) & 1u);
}

// The new tiles of a bulk write: an array, or one tile for every cell (a fill).
struct NewTiles {
  const std::uint8_t* cells = nullptr;  // null: every cell's is `fill`
  std::uint8_t fill = 0;
  std::uint64_t word(std::size_t k) const {  // cells k .. k + 7
    if (!cells) return fill * kOnes;
    std::uint64_t w = 0;
    std::memcpy(&w, cells + k, 8);
    return w;
  }
  std::uint8_t at(std::size_t k) const { return cells ? cells[k] : fill; }
};

// The one flip that writing `to` over tiles[0 .. count) makes of every tile it changes, found
// eight cells at a time, and which cells those are (bits: bit k % 8 of byte k / 8 for cell k,
// zeroed beforehand): 0 where none changes, none where they change by different flips.
std::optional<std::uint8_t> alike_tile_flip(const std::uint8_t* tiles, std::size_t count,
                                            NewTiles to, std::uint8_t* bits) {
  std::uint8_t flip = 0;
  std::size_t k = 0;
#if defined(__SSE2__)
  // Sixteen cells at a time where SSE2 is (all of x86-64): compares gathered by movemask are the
  // cells' bits as they are (a cave pass's rows, a room's fill).
  const __m128i zero = _mm_setzero_si128();
  const __m128i fill = _mm_set1_epi8(static_cast<char>(to.fill));
  for (; k + 16 <= count; k += 16) {
    const __m128i now = _mm_loadu_si128(reinterpret_cast<const __m128i*>(tiles + k));
    const __m128i next =
        to.cells ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(to.cells + k)) : fill;
    const __m128i x = _mm_xor_si128(now, next);
    const unsigned changed =
        ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, zero))) & 0xFFFFu;
    if (changed == 0) continue;
    if (flip == 0) {
      const std::size_t first = k + static_cast<std::size_t>(std::countr_zero(changed));
      flip = static_cast<std::uint8_t>(tiles[first] ^ to.at(first));
    }
    const auto alike = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8(static_cast<char>(flip)))));
    if ((changed & ~alike) != 0) return std::nullopt;
    bits[k / 8] = static_cast<std::uint8_t>(changed);
    bits[k / 8 + 1] = static_cast<std::uint8_t>(changed >> 8);
  }
#endif
  for (; k + 8 <= count; k += 8) {
    std::uint64_t now = 0;
    std::memcpy(&now, tiles + k, 8);
    const std::uint64_t x = now ^ to.word(k);
    if (x == 0) continue;
    const std::uint64_t high = nonzero(x);
    if (flip == 0) flip = static_cast<std::uint8_t>(x >> (std::countr_zero(high) & ~7));
    if (((x ^ flip * kOnes) & ((high >> 7) * 0xff)) != 0) return std::nullopt;
    bits[k / 8] = bits_of(high);
  }
  for (; k < count; ++k) {
    const auto x = static_cast<std::uint8_t>(tiles[k] ^ to.at(k));
    if (x == 0) continue;
    if (flip == 0) flip = x;
    if (x != flip) return std::nullopt;
    bits[k / 8] |= static_cast<std::uint8_t>(1u << (k % 8));
  }
  return flip;
}

}  // namespace

void Canvas::write_tiles(std::size_t first, const Tile* src, std::size_t count) {
  Tile* dst = grid_->tile_cells() + first;
  if (!log_) {
    std::memcpy(dst, src, count);
    return;
  }
  if (run_fits(first) && count > 0) {
    // One run, if every changed tile changes by the same flip (a cave's wall <-> floor): its bits
    // are found eight cells at a time, then the row is copied.
    std::uint8_t* bits =
        runs_->add(static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(count), {});
    const auto* now = reinterpret_cast<const std::uint8_t*>(dst);
    const std::optional<std::uint8_t> flip =
        alike_tile_flip(now, count, {reinterpret_cast<const std::uint8_t*>(src)}, bits);
    if (flip && *flip != 0) {
      runs_->set_flip({*flip, 0, 0});
      std::memcpy(dst, src, count);
      return;
    }
    runs_->drop_last();
    if (flip) return;  // nothing changed
  }
  // Cell by cell, eight at a time: a random fill changes about every other cell, and a branch
  // per cell on "did it change" mispredicted so often that it cost more than recording it.
  const auto record = [&](std::size_t k) {
    const std::size_t i = first + k;
    const Cell before = grid_->cell(i);
    Cell after = before;
    after.tile = src[k];
    log_->push_back({static_cast<std::uint32_t>(i), before, after});
  };
  std::size_t k = 0;
  for (; k + 8 <= count; k += 8) {
    std::uint64_t a = 0, b = 0;
    std::memcpy(&a, dst + k, 8);
    std::memcpy(&b, src + k, 8);
    std::uint64_t m = nonzero(a ^ b);
    while (m) {
      record(k + static_cast<std::size_t>(std::countr_zero(m) >> 3));
      m &= m - 1;
    }
    std::memcpy(dst + k, &b, 8);
  }
  for (; k < count; ++k) {
    if (dst[k] == src[k]) continue;
    record(k);
    dst[k] = src[k];
  }
}

void Canvas::fill_tiles(std::size_t first, std::size_t count, Tile t) {
  fill(first, count, t, nullptr, nullptr);
}

void Canvas::fill_tile_label(std::size_t first, std::size_t count, Tile t, std::int32_t label) {
  fill(first, count, t, &label, nullptr);
}

void Canvas::fill_tile_label_where(std::size_t first, std::size_t count, const std::uint8_t* which,
                                   Tile t, std::int32_t label) {
  fill(first, count, t, &label, which);
}

void Canvas::fill(std::size_t first, std::size_t count, Tile t, const std::int32_t* label,
                  const std::uint8_t* which) {
  if (count == 0) return;
  const auto chosen = [which](std::size_t k) { return is_chosen(which, k); };
  const auto write = [&](std::size_t i) {
    if (label) {
      set_tile_label(i, t, *label);
    } else {
      set_tile(i, t);
    }
  };
  const auto write_each = [&] {
    for (std::size_t k = 0; k < count; ++k) {
      if (chosen(k)) write(first + k);
    }
  };
  if (log_) {
    if (!record_fill(first, count, t, label, which)) write_each();
    return;
  }
  put_fill(first, count, t, label, which);
}

// Records a fill as one run (see fill): false where it cannot be one and is to be written (and
// recorded) cell by cell. Where nothing changes nothing is recorded or written.
bool Canvas::record_fill(std::size_t first, std::size_t count, Tile t, const std::int32_t* label,
                         const std::uint8_t* which) {
  if (!run_fits(first)) return false;
  const auto chosen = [which](std::size_t k) { return is_chosen(which, k); };
  std::uint8_t* bits =
      runs_->add(static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(count), {});
  const Tile* tiles = grid_->tiles_.data() + first;
  if (!which && !label) {  // tiles alone: compared eight at a time
    const std::optional<std::uint8_t> flip =
        alike_tile_flip(reinterpret_cast<const std::uint8_t*>(tiles), count,
                        {nullptr, static_cast<std::uint8_t>(t)}, bits);
    if (!flip || *flip == 0) {
      runs_->drop_last();
      return flip.has_value();  // (none: written cell by cell; 0: nothing changes)
    }
    runs_->set_flip({*flip, 0, 0});
    put_fill(first, count, t, label, which);
    return true;
  }
  if (!which) {
    if (const std::optional<LayerFlip> flip = same_flip(first, count, t, *label)) {
      if (!flip->any()) {  // nothing changes
        runs_->drop_last();
        return true;
      }
      std::memset(bits, 0xFF, count / 8);
      if (count % 8 != 0) bits[count / 8] = static_cast<std::uint8_t>((1u << (count % 8)) - 1);
      runs_->set_flip(*flip);
      put_fill(first, count, t, label, which);
      return true;
    }
  }
  // The flips on the raw layers (a fill leaves marks and regions as they are).
  const auto tile_to = static_cast<unsigned>(t);
  const auto label_to = static_cast<std::uint32_t>(label ? *label : 0);
  LayerFlip flip;
  bool alike = true;
  for (std::size_t k = 0; k < count && alike; ++k) {
    if (!chosen(k)) continue;
    const auto tf = static_cast<std::uint8_t>(static_cast<unsigned>(tiles[k]) ^ tile_to);
    const std::uint32_t lf =
        label ? static_cast<std::uint32_t>(grid_->label(first + k)) ^ label_to : 0;
    if ((tf | lf) == 0) continue;
    if (!flip.any()) flip = {tf, 0, lf};
    alike = tf == flip.tile && lf == flip.label;
    bits[k / 8] |= static_cast<std::uint8_t>(1u << (k % 8));
  }
  if (!alike || !flip.any()) {
    runs_->drop_last();
    // Changed unalike: a change per cell instead (log_ is still empty, so they follow the runs).
    return alike;  // (alike: nothing changed)
  }
  runs_->set_flip(flip);
  put_fill(first, count, t, label, which);
  return true;
}

// Where the cells first .. first + count - 1 all hold the same tile and label (a room's rock
// before it is carved: most labelled fills), the flip that a fill of them with t and `label`
// makes of each; found comparing words, not cell by cell. None where they differ (or the labels
// are packed).
std::optional<LayerFlip> Canvas::same_flip(std::size_t first, std::size_t count, Tile t,
                                           std::int32_t label) const {
  const auto* tiles = reinterpret_cast<const std::uint8_t*>(grid_->tiles_.data() + first);
  if (same_until(tiles, 0, count, tiles[0]) != count) return std::nullopt;
  LayerFlip flip{static_cast<std::uint8_t>(tiles[0] ^ static_cast<unsigned>(t)), 0, 0};
  const IdLayer& labels = grid_->labels_;
  if (labels.packed()) return std::nullopt;
  std::int32_t before = -1;  // (an absent layer's every cell)
  if (const std::uint8_t* narrow = labels.narrow()) {
    if (same_until(narrow + first, 0, count, narrow[first]) != count) return std::nullopt;
    before = narrow[first] - 1;  // (a byte holds the label + 1)
  } else if (const std::int32_t* wide = labels.wide()) {
    before = wide[first];
    if (!std::all_of(wide + first, wide + first + count,
                     [before](std::int32_t v) { return v == before; })) {
      return std::nullopt;
    }
  }
  flip.label = static_cast<std::uint32_t>(before) ^ static_cast<std::uint32_t>(label);
  return flip;
}

// Writes a fill's cells without recording them: plain fills of the layers it writes.
void Canvas::put_fill(std::size_t first, std::size_t count, Tile t, const std::int32_t* label,
                      const std::uint8_t* which) {
  const auto chosen = [which](std::size_t k) { return is_chosen(which, k); };
  // The label layer as it is stored: a byte a cell (the label + 1) while the label fits one.
  const bool labelled = label && (*label != -1 || grid_->has_labels());
  IdLayer& labels = grid_->labels_;
  const bool narrow = labelled && !labels.is_wide() && IdLayer::fits_narrow(*label);
  std::uint8_t* narrow_out = narrow ? labels.narrow_cells(grid_->size()) + first : nullptr;
  std::int32_t* wide_out = labelled && !narrow ? labels.wide_cells(grid_->size()) + first : nullptr;
  const auto narrow_label = static_cast<std::uint8_t>(narrow ? *label + 1 : 0);
  Tile* tiles_out = grid_->tile_cells() + first;
  if (!which) {
    std::memset(tiles_out, static_cast<int>(t), count);
    if (narrow_out) std::memset(narrow_out, narrow_label, count);
    if (wide_out) std::fill(wide_out, wide_out + count, *label);
    return;
  }
  for (std::size_t k = 0; k < count; ++k) {
    if (!chosen(k)) continue;
    tiles_out[k] = t;
    if (narrow_out) narrow_out[k] = narrow_label;
    if (wide_out) wide_out[k] = *label;
  }
}

}  // namespace dungen
