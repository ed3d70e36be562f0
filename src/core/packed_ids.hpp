#pragma once
// A label or region layer packed as runs: each run of cells with one value is a pair (where the
// run ends, the value), 8 bytes a run. For a map that stands still while another is built beside
// it (the app keeps the last map on show until the new one is complete): room accretion's 356,000
// rooms at 4096x4096 are 64 MB of 32-bit labels and about 2 M runs, a cave's one region a
// handful. A cell is found by a binary search over the runs (the hover, the numbers drawn over
// the map); a Reader goes along the cells in order at the cost of a run each (an upload).
// Read-only: a layer that is written again is unpacked first (core/grid.hpp's IdLayer).

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dungen {

class PackedIds {
 public:
  // Packs values[0..n) (one of the two forms an IdLayer stores: a byte a cell holding value + 1,
  // or 32 bits a cell).
  static PackedIds pack(const std::uint8_t* narrow, std::size_t n);
  static PackedIds pack(const std::int32_t* wide, std::size_t n);

  std::size_t size() const { return ends_.empty() ? 0 : ends_.back(); }
  // Whether it was packed from 32-bit cells (and unpacks to them).
  bool wide() const { return wide_; }
  std::int32_t at(std::size_t i) const;
  std::int32_t max() const;  // -1 when every cell is -1
  bool all_none() const { return max() == -1; }
  // Writes every cell, in the form it was packed from.
  void unpack(std::uint8_t* narrow) const;
  void unpack(std::int32_t* wide) const;
  std::size_t runs() const { return ends_.size(); }
  // Each run's value, in order (every value a cell holds, each once a run).
  const std::vector<std::int32_t>& run_values() const { return values_; }
  std::size_t bytes() const {
    return ends_.capacity() * sizeof(std::uint32_t) + values_.capacity() * sizeof(std::int32_t);
  }

  // Cells from `first` on, one after another: reader[k] is cell first + k, for k counting up
  // (each call at or after the last one's cell).
  class Reader {
   public:
    Reader(const PackedIds& ids, std::size_t first);
    std::int32_t operator[](std::size_t k) {
      const std::size_t i = first_ + k;
      while (i >= ids_->ends_[run_]) ++run_;
      return ids_->values_[run_];
    }

   private:
    const PackedIds* ids_;
    std::size_t first_;
    std::size_t run_;
  };

 private:
  template <class T, class Value>
  static PackedIds pack_cells(const T* cells, std::size_t n, Value value);
  template <class T, class Cell>
  void unpack_cells(T* out, Cell cell) const;
  std::size_t run_of(std::size_t i) const;

  std::vector<std::uint32_t> ends_;   // run k covers cells ends_[k-1] .. ends_[k] - 1
  std::vector<std::int32_t> values_;  // its value
  bool wide_ = false;
};

}  // namespace dungen
