#pragma once
// The map: width x height cells, row-major, in four layers (struct of arrays, so a pass over
// tiles or an upload of one layer touches only that layer's bytes).
//
// Only the tile layer always exists. The mark, label and region layers are allocated the first
// time a cell gets a value other than the default (Mark::None, -1): caves never label rooms and
// most maps are never flood-filled, and at 4096x4096 the three layers are up to 144 MB of the
// 160 MB a full grid would take (the label and region layers a byte a cell while their values fit
// one). An absent layer reads as its default everywhere (cell(), mark(), ...), and two grids
// compare equal whether a layer of defaults is allocated or not.
//
// A copy of a grid shares its layers until one side writes one (copy on write, a layer at a
// time): the region phase's map, a copy of the generator's at its end, holds only the region
// layer it adds, not another 80 MB of tiles and room labels at 4096x4096.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "core/geometry.hpp"
#include "core/packed_ids.hpp"
#include "core/tile.hpp"

namespace dungen {

struct CellRun;
namespace history {
struct LayerAccess;  // the timeline's skips write whole layers (core/history_skips.cpp)
}

// One layer of a grid: absent, or cells shared by every copy of the grid until one writes. The
// count of grids sharing them is the one thing two threads may touch at once (a copy handed to a
// worker, freed there): a grid sees itself the only owner with an acquire load, so whatever the
// last other owner read comes before what this one writes.
template <class T>
class SharedLayer {
 public:
  SharedLayer() = default;
  SharedLayer(const SharedLayer& o) : block_(o.block_), data_(o.data_) {
    if (block_) block_->owners.fetch_add(1, std::memory_order_relaxed);
  }
  SharedLayer(SharedLayer&& o) noexcept
      : block_(std::exchange(o.block_, nullptr)), data_(std::exchange(o.data_, nullptr)) {}
  SharedLayer& operator=(const SharedLayer& o) {
    if (o.block_) o.block_->owners.fetch_add(1, std::memory_order_relaxed);
    release();
    block_ = o.block_;
    data_ = o.data_;
    return *this;
  }
  SharedLayer& operator=(SharedLayer&& o) noexcept {
    if (this != &o) {
      release();
      block_ = std::exchange(o.block_, nullptr);
      data_ = std::exchange(o.data_, nullptr);
    }
    return *this;
  }
  ~SharedLayer() { release(); }

  // The cells as they are; an empty vector while absent.
  const std::vector<T>& cells() const {
    static const std::vector<T> kNone;
    return block_ ? block_->cells : kNone;
  }
  bool empty() const { return data_ == nullptr; }
  const T* data() const { return data_; }
  T operator[](std::size_t i) const { return data_[i]; }
  // The cells to write: allocated (n cells of `fill`) while absent, copied first while another
  // grid shares them.
  T* write(std::size_t n, T fill) {
    if (!block_) {
      fresh(n, fill);
    } else if (block_->owners.load(std::memory_order_acquire) != 1) {
      unshare();
    }
    return data_;
  }
  void assign(std::vector<T> cells);
  void reset() {
    release();
    block_ = nullptr;
    data_ = nullptr;
  }
  // Whether both are the same cells (a copy that neither has written since).
  bool shares(const SharedLayer& o) const { return block_ && block_ == o.block_; }

 private:
  struct Block {
    std::atomic<std::uint32_t> owners{1};
    std::vector<T> cells;
  };
  void release() {
    if (block_ && block_->owners.fetch_sub(1, std::memory_order_acq_rel) == 1) delete block_;
  }
  void fresh(std::size_t n, T fill);
  void unshare();
  void adopt(Block* b) {
    release();
    block_ = b;
    data_ = b->cells.data();
  }
  Block* block_ = nullptr;
  T* data_ = nullptr;  // block_->cells.data(), kept beside it so a read is one load
};

// The label and region layers: an id a cell (a room's label; a region id, or an analysis's amount:
// a distance, a ring, a discovery time), -1 for none. While every value is within -1..kNarrowMax
// (a maze's 60 rooms, most maps' one region or few) it is a byte a cell holding the value + 1:
// 16 MB at 4096x4096 rather than 64. The first value past that widens it to 32 bits, for as long
// as it lasts. Shared between copies of a grid as the other layers are, and read the same narrow
// or wide.
class IdLayer {
 public:
  static constexpr std::int32_t kNarrowMax = 254;
  static constexpr bool fits_narrow(std::int32_t v) { return v >= -1 && v <= kNarrowMax; }

  bool empty() const { return narrow_.empty() && wide_.empty() && !packed_; }
  // The cells as they are: a byte each (value + 1) while narrow, else four (null when not, and
  // while packed).
  const std::uint8_t* narrow() const { return narrow_.data(); }
  const std::int32_t* wide() const { return wide_.data(); }
  // The runs while packed (see pack()), else null.
  const PackedIds* packed() const { return packed_.get(); }
  // Whether the cells are 32 bits each, or were before they were packed.
  bool is_wide() const { return !wide_.empty() || (packed_ && packed_->wide()); }
  std::int32_t operator[](std::size_t i) const {
    if (const std::uint8_t* n = narrow_.data()) return static_cast<std::int32_t>(n[i]) - 1;
    if (!wide_.empty()) return wide_[i];
    return packed_ ? packed_->at(i) : -1;
  }
  // Cell i (of n) takes v: the layer allocated (all -1) if absent, widened if v needs it.
  void set(std::size_t i, std::int32_t v, std::size_t n) {
    if (packed_) unpack(n);
    if (wide_.empty() && fits_narrow(v)) {
      narrow_cells(n)[i] = static_cast<std::uint8_t>(v + 1);
    } else {
      wide_cells(n)[i] = v;
    }
  }
  // Flips cells one after another: each takes its value XOR bits (a run's flip), as set() stores
  // it, but how the layer is held is looked at once, not for each cell (renumbering the passages
  // of a 4096x4096 maze flips millions): a byte each while the layer is narrow and the values
  // fit, four each from the first that does not (set() widens the layer there).
  class Flips {
   public:
    Flips(IdLayer& layer, std::size_t n) : layer_(layer), n_(n) {
      if (layer.is_wide()) {
        wide_ = layer.wide_cells(n);
      } else {
        narrow_ = layer.narrow_cells(n);
      }
    }
    void operator()(std::size_t i, std::uint32_t bits) {
      if (narrow_) {
        const auto v = static_cast<std::int32_t>(static_cast<std::uint32_t>(narrow_[i] - 1) ^ bits);
        if (fits_narrow(v)) {
          narrow_[i] = static_cast<std::uint8_t>(v + 1);
          return;
        }
        narrow_ = nullptr;
        layer_.set(i, v, n_);
        wide_ = layer_.wide_cells(n_);
        return;
      }
      wide_[i] = static_cast<std::int32_t>(static_cast<std::uint32_t>(wide_[i]) ^ bits);
    }

   private:
    IdLayer& layer_;
    std::size_t n_;
    std::uint8_t* narrow_ = nullptr;
    std::int32_t* wide_ = nullptr;
  };
  // The cells to write, as value + 1 a byte: only while the layer is not wide (is_wide()).
  // Allocated (all -1) if absent, this grid's own if shared, unpacked if packed.
  std::uint8_t* narrow_cells(std::size_t n) {
    if (packed_) unpack(n);
    return narrow_.write(n, 0);
  }
  // The cells to write, 32 bits each: a narrow layer is widened first, an absent one allocated.
  std::int32_t* wide_cells(std::size_t n);
  // Takes these values (n of them), narrow if they all fit.
  void assign(std::vector<std::int32_t> values);
  void reset() {
    narrow_.reset();
    wide_.reset();
    packed_.reset();
  }
  // Packing, for a layer that will be read, not written, for a while (a map kept on show while
  // another is built): its cells become runs (core/packed_ids.hpp), read the same, and the cells
  // the layer held are handed back for the caller to free where it costs nothing. A write
  // unpacks them first (set, narrow_cells, wide_cells). Layers that shared cells share the runs.
  struct Unpacked {
    SharedLayer<std::uint8_t> narrow;
    SharedLayer<std::int32_t> wide;
  };
  Unpacked pack(std::size_t n);
  // Takes `packed`'s runs when this layer holds the cells they were packed from (`cells`, the
  // cells `packed` held then), moving those cells to `away`; false otherwise.
  bool pack_like(const IdLayer& packed, const void* cells, Unpacked& away);
  // Where the cells are while not packed (null when absent): two layers with the same share them.
  const void* cells_id() const {
    return narrow_.data() ? static_cast<const void*>(narrow_.data())
                          : static_cast<const void*>(wide_.data());
  }
  void unpack(std::size_t n);
  // Whether every cell is -1 (true when absent).
  bool all_none(std::size_t n) const;
  // The largest value (-1 when absent or all -1).
  std::int32_t max(std::size_t n) const;
  // The n values 32 bits each (empty when absent).
  std::vector<std::int32_t> values(std::size_t n) const;
  bool same_values(const IdLayer& o, std::size_t n) const;
  // Whether both are the same cells (a copy that neither has written since).
  bool shares(const IdLayer& o) const {
    return narrow_.shares(o.narrow_) || wide_.shares(o.wide_) || (packed_ && packed_ == o.packed_);
  }

 private:
  SharedLayer<std::uint8_t> narrow_;
  SharedLayer<std::int32_t> wide_;
  std::shared_ptr<const PackedIds> packed_;  // while packed: narrow_ and wide_ are absent
};

// The largest width or height any generator accepts: 4096 x 4096 is 16 M cells, the biggest map
// the app and the benchmarks are sized for.
inline constexpr int kMaxMapSide = 4096;

// A cell index's row (index / width) without a division, where one per step was a tenth of
// noting a tunnel step's place in the history: the index times 2^40 / width rounded up, shifted
// down by 40. Exact for every index of a map: that reciprocal is 2^40 / width plus e (0 <= e <
// 1), so the product is index / width plus index * e / 2^40, which is under 2^-16 (an index is
// below 2^24), while index / width falls short of the next whole number by 1 / width at least.
class RowOf {
 public:
  static_assert(kMaxMapSide <= (1 << 12), "indices below 2^24, widths below 2^16");
  explicit RowOf(int width)
      : reciprocal_(((std::uint64_t{1} << 40) + static_cast<std::uint64_t>(width) - 1) /
                    static_cast<std::uint64_t>(width)) {}
  std::uint32_t operator()(std::uint32_t index) const {
    return static_cast<std::uint32_t>((std::uint64_t{index} * reciprocal_) >> 40);
  }

 private:
  std::uint64_t reciprocal_;
};

// One cell, all layers together: what a change records before and after.
struct Cell {
  Tile tile = Tile::Empty;
  Mark mark = Mark::None;
  std::int32_t label = -1;   // room id (generators), -1 for none
  std::int32_t region = -1;  // flood-fill region id (analysis), -1 for none
  friend constexpr bool operator==(const Cell&, const Cell&) = default;
};

class Grid {
 public:
  Grid() = default;
  // Throws std::invalid_argument unless 1 <= width, height <= kMaxMapSide.
  Grid(int width, int height, Tile fill = Tile::Empty);

  int width() const { return width_; }
  int height() const { return height_; }
  std::size_t size() const { return size_; }

  bool in_bounds(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  bool in_bounds(Point p) const { return in_bounds(p.x, p.y); }
  std::size_t index(int x, int y) const {
    return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }
  Point point(std::size_t i) const {
    return {static_cast<int>(i % static_cast<std::size_t>(width_)),
            static_cast<int>(i / static_cast<std::size_t>(width_))};
  }

  // Checked access: throws std::out_of_range outside the map.
  Tile at(int x, int y) const;
  std::int32_t label_at(int x, int y) const;
  std::int32_t region_at(int x, int y) const;
  Cell cell_at(int x, int y) const;

  // Unchecked access by index, for hot loops that have already checked.
  Tile tile(std::size_t i) const { return tiles_[i]; }
  Mark mark(std::size_t i) const { return marks_.empty() ? Mark::None : marks_[i]; }
  std::int32_t label(std::size_t i) const { return labels_[i]; }
  std::int32_t region(std::size_t i) const { return regions_[i]; }
  Cell cell(std::size_t i) const { return {tiles_[i], mark(i), label(i), region(i)}; }

  // Whether a layer is allocated (it may still hold only defaults).
  bool has_marks() const { return !marks_.empty(); }
  bool has_labels() const { return !labels_.empty(); }
  bool has_regions() const { return !regions_.empty(); }

  // Whole layers, read-only (renderer uploads, exporters, fast analysis). The tile layer always
  // has size() cells; the others are empty while absent (every cell at its default).
  const std::vector<Tile>& tiles() const { return tiles_.cells(); }
  const std::vector<Mark>& marks() const { return marks_.cells(); }
  // The label layer as it is stored (narrow or wide, see IdLayer), and a copy of its values 32
  // bits each (empty while absent).
  const IdLayer& label_layer() const { return labels_; }
  std::vector<std::int32_t> label_values() const { return labels_.values(size_); }
  // The largest label on the map (-1 when none).
  std::int32_t max_label() const { return labels_.max(size_); }
  // The region layer as it is stored (narrow or wide, see IdLayer), and a copy of its values
  // 32 bits each (empty while absent): a copy of 64 MB at 4096x4096, for exports and tests.
  const IdLayer& region_layer() const { return regions_; }
  std::vector<std::int32_t> region_values() const { return regions_.values(size_); }
  // The largest region id or amount on the map (-1 when none).
  std::int32_t max_region() const { return regions_.max(size_); }
  // Whether this grid and `o` share layer cells (a copy neither has written since): for tests.
  bool shares_tiles_with(const Grid& o) const { return tiles_.shares(o.tiles_); }
  bool shares_labels_with(const Grid& o) const { return labels_.shares(o.labels_); }

  // Lending the label layer. A copy of a map that stands still while the map it was copied from
  // moves on (a region phase's map, made at the generator's step it branched at, while the cursor
  // goes back into the generator's steps) lends its labels: it holds no label cells meanwhile, so
  // the other's writes need no copy of them (64 MB at 4096x4096 with room accretion's 356,000
  // rooms), and its labels read as none (-1). take_back_labels shares `from`'s again, which must
  // be the labels lent (the other map back at that step); it throws std::invalid_argument for a
  // map of another size. Both are no-ops when there is nothing to do.
  void lend_labels() {
    labels_.reset();
    labels_lent_ = true;
  }
  void take_back_labels(const Grid& from);
  bool lends_labels() const { return labels_lent_; }

  // Packing the label and region layers (IdLayer::pack), for a map kept on show while another is
  // built: they read the same, and a write unpacks them. The packing is done elsewhere (the
  // app's worker) on copies, which share the cells: id_layers() makes them, IdCopy::pack packs
  // one, and adopt_packed takes the runs for each layer that still holds the cells a copy was
  // made from, handing back what the layers held (to be freed where it costs no frame). Grids
  // that share a layer's cells (a region phase's copy of the map) take the same runs.
  struct IdCopy {
    IdLayer layer;
    const void* cells_were = nullptr;  // IdLayer::cells_id() of the layer copied
    std::size_t cells = 0;
    // The cells packed, held until the copy goes: while it lives they cannot be freed, so no
    // other layer's cells can come to have their address (cells_were).
    IdLayer::Unpacked held;
    void pack() { held = layer.pack(cells); }
  };
  std::vector<IdCopy> id_layers() const;
  std::vector<IdLayer::Unpacked> adopt_packed(const std::vector<IdCopy>& packed);
  // Both at once, here.
  void pack_ids();

  // Writes go through Canvas (the one door that records changes) or, for analysis results that
  // are not part of any step, through these whole-layer setters. Writing a default into an
  // absent layer leaves it absent.
  void put(std::size_t i, const Cell& c) {
    put_tile_label(i, c.tile, c.label);
    if (c.mark != mark(i)) layer(marks_, Mark::None)[i] = c.mark;
    if (c.region != region(i)) regions_.set(i, c.region, size_);
  }
  // Cell i's tile and label, its other layers untouched: a write that needs no before-value
  // (Canvas when it records nothing). A layer is written only where the value differs, so a
  // layer shared with a copy stays shared through writes that leave it as it was.
  void put_tile_label(std::size_t i, Tile t, std::int32_t label) {
    if (t != tile(i)) tile_cells()[i] = t;
    if (label != this->label(i)) labels_.set(i, label, size_);
  }
  void assign_regions(std::vector<std::int32_t> regions);
  // The region layer afresh, for a caller that writes every cell (label_regions_into): a byte a
  // cell holding the value + 1, or 32 bits a cell.
  std::uint8_t* fresh_narrow_regions() {
    regions_.reset();
    return regions_.narrow_cells(size_);
  }
  std::int32_t* fresh_wide_regions() {
    regions_.reset();
    return regions_.wide_cells(size_);
  }
  // Every cell's region back to -1: the region layer is freed.
  void clear_regions();
  // Frees the mark, label and region layers whose every cell is back at its default (a flood
  // fill's frontier marks, all gone once it ends: 16 MB at 4096x4096): they read the same absent.
  // A scan of each allocated layer up to its first cell that is not at its default.
  void drop_default_layers();

  std::size_t count_walkable() const;

  friend bool operator==(const Grid& a, const Grid& b);

 private:
  friend class Canvas;
  friend struct history::LayerAccess;
  friend void apply_run(const CellRun& run, Grid& grid);  // core/changes.hpp
  // The cells of a layer to write: allocated (every cell at `fill`) if it was absent, this grid's
  // own if it was shared.
  Tile* tile_cells() { return tiles_.write(size_, Tile::Empty); }
  template <class T>
  T* layer(SharedLayer<T>& v, T fill) {
    return v.write(size_, fill);
  }

  int width_ = 0;
  int height_ = 0;
  std::size_t size_ = 0;
  SharedLayer<Tile> tiles_;
  SharedLayer<Mark> marks_;
  IdLayer labels_;
  IdLayer regions_;
  bool labels_lent_ = false;
};

}  // namespace dungen
