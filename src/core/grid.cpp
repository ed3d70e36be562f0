#include "core/grid.hpp"

#include "core/big_buffer.hpp"
#include "core/changes.hpp"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

namespace dungen {

Grid::Grid(int width, int height, Tile fill) : width_(width), height_(height) {
  if (width < 1 || height < 1 || width > kMaxMapSide || height > kMaxMapSide) {
    throw std::invalid_argument("map size " + std::to_string(width) + "x" + std::to_string(height) +
                                " is outside 1x1.." + std::to_string(kMaxMapSide) + "x" +
                                std::to_string(kMaxMapSide));
  }
  size_ = static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  tiles_.write(size_, fill);
}

// Out of line: the first write of a layer, or of a shared one, is rare, and its allocation big.
template <class T>
void SharedLayer<T>::fresh(std::size_t n, T fill) {
  auto b = std::make_unique<Block>();
  assign_big(b->cells, n, fill);
  adopt(b.release());
}

template <class T>
void SharedLayer<T>::unshare() {
  auto b = std::make_unique<Block>();
  b->cells.reserve(block_->cells.size());
  advise_huge_pages(b->cells.data(), block_->cells.size() * sizeof(T));
  b->cells.assign(block_->cells.begin(), block_->cells.end());
  adopt(b.release());
}

template <class T>
void SharedLayer<T>::assign(std::vector<T> cells) {
  auto b = std::make_unique<Block>();
  b->cells = std::move(cells);
  adopt(b.release());
}

template class SharedLayer<Tile>;
template class SharedLayer<Mark>;
template class SharedLayer<std::int32_t>;
template class SharedLayer<std::uint8_t>;

std::vector<std::int32_t> IdLayer::values(std::size_t n) const {
  if (const std::int32_t* wide = wide_.data()) return {wide, wide + n};
  if (packed_) {
    std::vector<std::int32_t> out(n);
    packed_->unpack(out.data());
    return out;
  }
  const std::uint8_t* narrow = narrow_.data();
  if (!narrow) return {};
  std::vector<std::int32_t> out;
  out.reserve(n);
  advise_huge_pages(out.data(), n * sizeof(std::int32_t));
  // Widened, then each value less one: two loops the compiler vectorises, not a push_back a cell
  // (bsp-rooms widens its labels once its rooms pass 254; most of the time here is the new
  // layer's fresh pages, and this saved 3% of its batch run at 1024x1024).
  out.insert(out.end(), narrow, narrow + n);
  for (std::int32_t& v : out) --v;
  return out;
}

std::int32_t* IdLayer::wide_cells(std::size_t n) {
  if (packed_) unpack(n);
  if (narrow_.data()) {
    wide_.assign(values(n));
    narrow_.reset();
  }
  return wide_.write(n, -1);
}

void IdLayer::assign(std::vector<std::int32_t> values) {
  reset();
  if (!std::all_of(values.begin(), values.end(), fits_narrow)) {
    wide_.assign(std::move(values));
    return;
  }
  std::uint8_t* cells = narrow_cells(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    cells[i] = static_cast<std::uint8_t>(values[i] + 1);
  }
}

IdLayer::Unpacked IdLayer::pack(std::size_t n) {
  if (packed_ || empty()) return {};
  packed_ = std::make_shared<const PackedIds>(narrow_.data() ? PackedIds::pack(narrow_.data(), n)
                                                             : PackedIds::pack(wide_.data(), n));
  return {std::move(narrow_), std::move(wide_)};
}

bool IdLayer::pack_like(const IdLayer& packed, const void* cells, Unpacked& away) {
  if (!packed.packed_ || packed_ || !cells || cells_id() != cells) return false;
  away = {std::move(narrow_), std::move(wide_)};
  packed_ = packed.packed_;
  return true;
}

void IdLayer::unpack(std::size_t n) {
  const std::shared_ptr<const PackedIds> p = std::exchange(packed_, nullptr);
  if (!p) return;
  if (p->wide()) {
    p->unpack(wide_.write(n, -1));
  } else {
    p->unpack(narrow_.write(n, 0));
  }
}

bool IdLayer::all_none(std::size_t n) const {
  if (packed_) return packed_->all_none();
  if (const std::uint8_t* c = narrow_.data()) {
    return std::all_of(c, c + n, [](std::uint8_t v) { return v == 0; });
  }
  const std::int32_t* c = wide_.data();
  return !c || std::all_of(c, c + n, [](std::int32_t v) { return v == -1; });
}

std::int32_t IdLayer::max(std::size_t n) const {
  if (packed_) return packed_->max();
  if (const std::uint8_t* c = narrow_.data()) {
    return n == 0 ? -1 : static_cast<std::int32_t>(*std::max_element(c, c + n)) - 1;
  }
  const std::int32_t* c = wide_.data();
  return !c || n == 0 ? -1 : std::max(-1, *std::max_element(c, c + n));
}

bool IdLayer::same_values(const IdLayer& o, std::size_t n) const {
  if (empty() || o.empty()) return all_none(n) && o.all_none(n);
  if (narrow() && o.narrow()) return std::equal(narrow(), narrow() + n, o.narrow());
  if (wide() && o.wide()) return std::equal(wide(), wide() + n, o.wide());
  for (std::size_t i = 0; i < n; ++i) {
    if ((*this)[i] != o[i]) return false;
  }
  return true;
}

std::vector<Grid::IdCopy> Grid::id_layers() const {
  std::vector<IdCopy> copies;
  for (const IdLayer* layer : {&labels_, &regions_}) {
    if (layer->cells_id()) copies.push_back({*layer, layer->cells_id(), size_});
  }
  return copies;
}

std::vector<IdLayer::Unpacked> Grid::adopt_packed(const std::vector<IdCopy>& packed) {
  std::vector<IdLayer::Unpacked> away;
  for (IdLayer* layer : {&labels_, &regions_}) {
    for (const IdCopy& copy : packed) {
      IdLayer::Unpacked cells;
      if (layer->pack_like(copy.layer, copy.cells_were, cells)) {
        away.push_back(std::move(cells));
        break;
      }
    }
  }
  return away;
}

void Grid::pack_ids() {
  std::vector<IdCopy> copies = id_layers();
  for (IdCopy& c : copies) c.pack();
  adopt_packed(copies);
}

static void check(const Grid& g, int x, int y) {
  if (!g.in_bounds(x, y)) {
    throw std::out_of_range("cell (" + std::to_string(x) + "," + std::to_string(y) +
                            ") is outside the " + std::to_string(g.width()) + "x" +
                            std::to_string(g.height()) + " map");
  }
}

Tile Grid::at(int x, int y) const {
  check(*this, x, y);
  return tiles_[index(x, y)];
}
std::int32_t Grid::label_at(int x, int y) const {
  check(*this, x, y);
  return label(index(x, y));
}
std::int32_t Grid::region_at(int x, int y) const {
  check(*this, x, y);
  return region(index(x, y));
}
Cell Grid::cell_at(int x, int y) const {
  check(*this, x, y);
  return cell(index(x, y));
}

void Grid::assign_regions(std::vector<std::int32_t> regions) {
  if (regions.size() != size_) {
    throw std::invalid_argument("region layer size does not match the map");
  }
  regions_.assign(std::move(regions));
}

void Grid::take_back_labels(const Grid& from) {
  if (!labels_lent_) return;
  if (from.width_ != width_ || from.height_ != height_) {
    throw std::invalid_argument("labels taken back from a map of another size");
  }
  labels_ = from.labels_;
  labels_lent_ = false;
}

void Grid::clear_regions() {
  regions_.reset();
}

void Grid::drop_default_layers() {
  const auto drop_if_all = [this](auto& layer, auto fill) {
    if (layer.empty()) return;
    const auto* cells = layer.data();
    if (std::all_of(cells, cells + size_, [fill](auto v) { return v == fill; })) layer.reset();
  };
  drop_if_all(marks_, Mark::None);
  for (IdLayer* ids : {&labels_, &regions_}) {
    if (!ids->empty() && ids->all_none(size_)) ids->reset();
  }
}

namespace {

// Layers equal, an absent one (empty) standing for a layer of `fill`.
template <class T>
bool same_layer(const std::vector<T>& a, const std::vector<T>& b, T fill) {
  if (a.size() == b.size()) return a == b;
  const std::vector<T>& present = a.empty() ? b : a;
  return std::all_of(present.begin(), present.end(), [fill](T v) { return v == fill; });
}

}  // namespace

bool operator==(const Grid& a, const Grid& b) {
  return a.width_ == b.width_ && a.height_ == b.height_ && a.tiles() == b.tiles() &&
         same_layer(a.marks(), b.marks(), Mark::None) &&
         a.labels_.same_values(b.labels_, a.size_) && a.regions_.same_values(b.regions_, a.size_);
}

std::size_t Grid::count_walkable() const {
  // Eight tiles at a time (core/changes.hpp's lanes): a walkable tile (floor 2, corridor 3,
  // door 4) has bit 1 or bit 2 set, and no tile has a higher bit; each lane's answer is moved to
  // its high bit and the lanes counted.
  static_assert(kTileCount <= 8, "tiles fit three bits");
  static_assert(!is_walkable(Tile::Empty) && !is_walkable(Tile::Wall) && is_walkable(Tile::Floor) &&
                    is_walkable(Tile::Corridor) && is_walkable(Tile::Door),
                "walkable is bit 1 or bit 2");
  const auto* t = reinterpret_cast<const std::uint8_t*>(tiles().data());
  std::size_t n = 0, i = 0;
  for (; i + 8 <= size_; i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, t + i, 8);
    n += lanes::count((((w >> 1) | (w >> 2)) & lanes::kOnes) << 7);
  }
  for (; i < size_; ++i) n += is_walkable(static_cast<Tile>(t[i])) ? 1 : 0;
  return n;
}

}  // namespace dungen
