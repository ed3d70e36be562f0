#include "core/packed_ids.hpp"

#include <algorithm>
#include <stdexcept>

namespace dungen {

template <class T, class Value>
PackedIds PackedIds::pack_cells(const T* cells, std::size_t n, Value value) {
  if (static_cast<std::uint64_t>(n) > UINT32_MAX)
    throw std::length_error("PackedIds: more cells than 32 bits count");
  PackedIds p;
  p.wide_ = sizeof(T) == sizeof(std::int32_t);
  std::size_t i = 0;
  while (i < n) {
    const T v = cells[i];
    std::size_t end = i + 1;
    while (end < n && cells[end] == v) ++end;
    p.ends_.push_back(static_cast<std::uint32_t>(end));
    p.values_.push_back(value(v));
    i = end;
  }
  p.ends_.shrink_to_fit();
  p.values_.shrink_to_fit();
  return p;
}

PackedIds PackedIds::pack(const std::uint8_t* narrow, std::size_t n) {
  return pack_cells(narrow, n, [](std::uint8_t v) { return static_cast<std::int32_t>(v) - 1; });
}

PackedIds PackedIds::pack(const std::int32_t* wide, std::size_t n) {
  return pack_cells(wide, n, [](std::int32_t v) { return v; });
}

std::size_t PackedIds::run_of(std::size_t i) const {
  return static_cast<std::size_t>(
      std::upper_bound(ends_.begin(), ends_.end(), static_cast<std::uint32_t>(i)) - ends_.begin());
}

std::int32_t PackedIds::at(std::size_t i) const {
  return values_[run_of(i)];
}

std::int32_t PackedIds::max() const {
  return values_.empty() ? -1 : std::max(-1, *std::max_element(values_.begin(), values_.end()));
}

template <class T, class Cell>
void PackedIds::unpack_cells(T* out, Cell cell) const {
  std::size_t i = 0;
  for (std::size_t k = 0; k < ends_.size(); ++k) {
    std::fill(out + i, out + ends_[k], cell(values_[k]));
    i = ends_[k];
  }
}

void PackedIds::unpack(std::uint8_t* narrow) const {
  unpack_cells(narrow, [](std::int32_t v) { return static_cast<std::uint8_t>(v + 1); });
}

void PackedIds::unpack(std::int32_t* wide) const {
  unpack_cells(wide, [](std::int32_t v) { return v; });
}

PackedIds::Reader::Reader(const PackedIds& ids, std::size_t first)
    : ids_(&ids), first_(first), run_(ids.run_of(first)) {}

}  // namespace dungen
