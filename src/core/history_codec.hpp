#pragma once
// How the timeline packs its history: each step becomes one variable-length record (a flags
// word, then only the fields that differ from their usual value or from the previous step, as
// zigzag varints; a marker on the event's cell and the same statistics and draw names as the
// step before cost only their values; overlay items are written as edits of the step before's
// (a walker's trail moved on by a cell: two bytes); two small deltas share a byte) followed by its
// cell changes, which carry only the layers that changed and a position delta-coded against the
// previous change (the first against the event's cell; a neighbour, a row up or down, fits the
// head byte; a change like the one before is only that byte). Deltas chain through a block of
// kBlockSteps steps and restart at each block, so any step is found by decoding at most one
// block from its start. A flood-fill step packs into about 4-5 bytes and each of its cell
// changes into 1 to 3, where the plain structs took about 150 and 28.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/canvas.hpp"
#include "core/grid.hpp"
#include "core/stats.hpp"
#include "core/step.hpp"

namespace dungen::history {

// Steps per block: the most records a random access decodes, and the granularity at which
// history is forgotten when it outgrows its budget.
inline constexpr std::uint64_t kBlockSteps = 64;

// Bytes one cell change can take at most: the head, the index delta, tile, mark, and the label
// and region pairs (an escape byte and two int32 deltas each).
inline constexpr std::size_t kMaxChangeBytes = 1 + 5 + 1 + 1 + 2 * (1 + 2 * 5);

// Which layers a packed change carries.
enum LayerBit : std::uint8_t { kTile = 1, kMark = 2, kLabel = 4, kRegion = 8 };

// One cell change with only its changed layers meaningful (mask says which).
struct PackedChange {
  std::uint32_t index = 0;
  std::uint8_t mask = 0;
  Tile tile_before{}, tile_after{};
  Mark mark_before{}, mark_after{};
  std::int32_t label_before = -1, label_after = -1;
  std::int32_t region_before = -1, region_after = -1;

  // The cell as it was (forward) or will be (backward) with this change's layers replaced.
  Cell before_of(Cell after) const;
  Cell after_of(Cell before) const;
};

// The keys (stat slots, draw names) of the last list of a few written: a step that draws the same
// names as the step before writes only the values. Stat slots stay a while longer: the last list's
// first, then those of the lists before it, so a step that changes some of them writes which ones
// and their values.
struct KeyMemo {
  static constexpr std::size_t kMax = 4;
  std::uint8_t n = 0;  // 0: none to repeat
  std::array<std::uint32_t, kMax> keys{};
};

// The statistics' changes of the last record that had any, slots and deltas, when a few: most
// steps change the same counters by the same amounts as the step before (a flood fill's cells
// labelled, a tunnel's floor), and write only that they do.
struct StatsMemo {
  static constexpr std::size_t kMax = 4;
  std::uint8_t n = 0;  // 0: none to repeat
  std::array<std::uint32_t, kMax> slots{};
  std::array<std::int64_t, kMax> deltas{};
};

// The overlay items of the record before, as far as the next record's items can be written as
// edits of them (a walker's trail moved on by a cell, the cells it chose from moved with it, a
// marker on the event's cell): up to kMax items, each of up to kCells cells without read tiles.
struct ItemMemo {
  static constexpr std::size_t kMax = 4;
  static constexpr std::size_t kCells = 8;
  static constexpr std::uint8_t kUnknown = 0xFF;  // an item's count when it is not remembered
  struct Item {
    Role role = Role::Candidate;
    std::uint8_t count = kUnknown;
    Rect rect{};
    std::array<Point, kCells> cells{};
  };
  std::uint8_t n = 0;  // 0: none to edit (the record before had none, or more than kMax)
  std::array<Item, kMax> items{};
};

// The values the next record is delta-coded against; reset at each block's start.
struct CodecState {
  StepLevel level = StepLevel::Phase;
  int line = 0;
  EventKind kind = kEventNone;
  int id = -1;
  int other = -1;
  int value = 0;
  Point at{};
  std::uint32_t index = 0;
  std::int32_t label_before = -1, label_after = -1;
  std::int32_t region_before = -1, region_after = -1;
  KeyMemo stats, draws;
  StatsMemo last_stats;
  ItemMemo items;  // the last record's items
  // What a change written as a repeat (mask 0) repeats: a record's first change, the first
  // change of the record before; any other, the last such later change (mask 0: none yet). A step
  // whose first change is of one kind and the rest of another (a flood fill's cell taken, then
  // its neighbours put on the frontier) repeats both.
  PackedChange first;
  PackedChange later;
};

// A place in the byte log: chunk number (absolute) and offset inside it. Eight bytes: the
// timeline keeps one for every kBlockSteps steps (a run of millions keeps hundreds of thousands).
// A log numbers at most kMaxChunks chunks over its life (ByteLog::room refuses more).
struct Pos {
  std::uint32_t chunk = 0;
  std::uint32_t offset = 0;
};
static_assert(sizeof(Pos) == 8);

// Append-only bytes in fixed-capacity chunks: a record never straddles two chunks, so appending
// never copies old history and the oldest chunks can be freed whole.
//
// Once a log has taken pack_from bytes of records (a big map's run: tens of megabytes), each
// chunk it finishes is packed (core/byte_pack.hpp) where that saves an eighth or more: a room's
// cells and a flood fill's steps repeat themselves, and their history shrinks to between a
// fortieth and two thirds. Reading a packed chunk unpacks it whole into one of kUnpackedChunks
// buffers, kept for the next reads (stepping through a chunk unpacks it once).
class ByteLog {
 public:
  static constexpr std::size_t kPackFrom = std::size_t{32} << 20;
  // Chunks hold at most chunk_bytes (unless one record needs more).
  explicit ByteLog(std::size_t chunk_bytes, std::size_t pack_from = kPackFrom)
      : chunk_bytes_(chunk_bytes), pack_from_(pack_from) {}
  static constexpr std::size_t kHugeChunk = std::size_t{2} << 20;
  static constexpr std::size_t kFirstChunk = std::size_t{16} << 10;

  // Room for at least `max` bytes at the end; write there, then commit the bytes used. A record
  // that may take more than kBigRecord (a step of many changes, bounded at 24 bytes a change and
  // mostly taking one or two) is written aside and copied in at its size when committed, so that
  // its bound does not leave most of a chunk unused. (end() before the commit still names where
  // it will start: see at().)
  static constexpr std::size_t kBigRecord = std::size_t{64} << 10;
  // (Inline: every step reserves and commits, and its record nearly always fits the last chunk.)
  std::uint8_t* reserve(std::size_t max) {
    if (max <= kBigRecord && !chunks_.empty()) {
      Chunk& c = chunks_.back();
      if (c.capacity - c.used >= max) {
        writing_aside_ = false;
        return c.data.get() + c.used;
      }
    }
    return reserve_slow(max);
  }
  void commit(const std::uint8_t* end) {
    if (writing_aside_) return commit_aside(end);
    Chunk& c = chunks_.back();
    const auto used = static_cast<std::size_t>(end - c.data.get());
    written_ += used - c.used;
    c.used = used;
  }
  Pos end() const;

  // The first byte at or after p that holds data (moves past a chunk's unused tail). It stays
  // valid until the next call (which may unpack another chunk where this one was).
  const std::uint8_t* at(Pos& p) const;
  // The run is over: no big record will be written aside again.
  void release_aside() {
    aside_.reset();
    aside_capacity_ = 0;
  }
  std::uint32_t first_chunk() const { return base_; }
  // Chunks numbered over a log's life, at most: 4 KiB at least each (see Timeline), terabytes
  // of history, far past any run's bounded steps.
  static constexpr std::uint64_t kMaxChunks = UINT32_MAX;
  void drop_first_chunk();
  // The chunks, the buffer aside and the unpacked chunks' buffers.
  std::size_t allocated_bytes() const;
  // Chunks finished and packed so far.
  std::size_t packed_chunks() const;

 private:
  struct Free {
    void operator()(std::uint8_t* p) const;
  };
  struct Chunk {
    std::unique_ptr<std::uint8_t, Free> data;
    std::size_t used = 0;      // bytes of records (unpacked)
    std::size_t capacity = 0;  // bytes at data: the packed bytes once packed
    bool tried = false;        // finished, and offered to pack (packed or not worth it)
    bool packed = false;
  };
  std::uint8_t* reserve_slow(std::size_t max);  // a new chunk, or a big record's aside
  void commit_aside(const std::uint8_t* end);   // a big record copied in
  std::uint8_t* room(std::size_t max);          // at least max bytes at the end of the last chunk
  void pack(Chunk& c);                          // packs c where that saves enough
  const std::uint8_t* unpacked(std::uint32_t number, const Chunk& c) const;

  std::size_t chunk_bytes_;
  std::size_t next_chunk_ = kFirstChunk;
  // Where a big record is written before it is copied in (kept up to kKeptAside bytes).
  static constexpr std::size_t kKeptAside = std::size_t{1} << 20;
  std::unique_ptr<std::uint8_t, Free> aside_;
  std::size_t aside_capacity_ = 0;
  bool writing_aside_ = false;
  std::vector<Chunk> chunks_;  // chunks_[i] is chunk base_ + i
  std::uint32_t base_ = 0;
  std::size_t allocated_ = 0;
  std::size_t pack_from_;
  std::size_t written_ = 0;           // bytes of records committed over the log's life
  std::vector<std::uint32_t> table_;  // pack_bytes' scratch (emptied after each chunk)
  // Packed chunks unpacked for reading: the chunk's number (UINT32_MAX: none) and its records;
  // a miss takes the one used longer ago.
  static constexpr std::size_t kUnpackedChunks = 2;
  struct Unpacked {
    std::uint32_t number = UINT32_MAX;
    std::vector<std::uint8_t> bytes;
  };
  mutable std::array<Unpacked, kUnpackedChunks> unpacked_;
  mutable std::size_t newest_ = 0;  // the slot read last
};

// Draw names are string literals, and most draws come from a few ranges: the log keeps a table
// of (name, range) pairs and stores an index, so a record pays nothing for the range a fork
// needs. A name's pointer identifies it (the same text at two addresses takes two entries).
class NameTable {
 public:
  // Each draw's id, looked up once for the record being written (valid until the next call).
  std::span<const std::uint32_t> ids(std::span<const Draw> draws) {
    ids_scratch_.resize(draws.size());
    for (std::size_t k = 0; k < draws.size(); ++k) ids_scratch_[k] = id(draws[k]);
    return ids_scratch_;
  }
  // The draw of table entry id with this value.
  Draw draw(std::uint32_t id, std::int64_t value) const {
    Draw d = keys_[id];
    d.value = value;
    return d;
  }
  std::size_t bytes() const;

 private:
  struct KeyHash {
    std::size_t operator()(const Draw& d) const;
  };
  struct KeyEqual {
    bool operator()(const Draw& a, const Draw& b) const {
      return a.name.data() == b.name.data() && a.name.size() == b.name.size() && a.lo == b.lo &&
             a.hi == b.hi;
    }
  };
  std::vector<Draw> keys_;  // values unused
  std::unordered_map<Draw, std::uint32_t, KeyHash, KeyEqual> ids_;
  // The ids last found, by a few bits of the name's address: a step draws the same few names
  // step after step, and the map's hashing was a tenth of recording a drunkard's walk.
  struct Recent {
    Draw key;
    std::uint32_t id = UINT32_MAX;
  };
  static constexpr std::size_t kRecent = 16;
  std::array<Recent, kRecent> recent_{};
  static std::size_t recent_slot(const Draw& d) {
    return (reinterpret_cast<std::uintptr_t>(d.name.data()) >> 3) % kRecent;
  }
  std::uint32_t id(const Draw& draw) {
    const Recent& r = recent_[recent_slot(draw)];
    if (r.id != UINT32_MAX && KeyEqual{}(r.key, draw)) return r.id;
    return find_or_add(draw);
  }
  std::uint32_t find_or_add(const Draw& draw);
  std::vector<std::uint32_t> ids_scratch_;
};

// Upper bound on the bytes one step's record and changes take.
std::size_t max_record_bytes(const Step& step, const StepChanges& changes, std::size_t stats,
                             std::size_t draws);

// Writes one record at w and returns its end. step_bytes gets the bytes before the changes.
// width: the map's (a step's first cell change is coded from the cell its event is at).
std::uint8_t* encode_record(std::uint8_t* w, CodecState& st, NameTable& names, int width,
                            const Step& step, const StepChanges& changes,
                            std::span<const StatChange> stats, std::span<const Draw> draws,
                            std::size_t& step_bytes);

// What decode_record fills; any pointer may be null to skip that part. A run's bits point into
// the record (valid while the history keeps it).
struct RecordOut {
  Step* step = nullptr;
  std::vector<CellRun>* runs = nullptr;
  std::vector<PackedChange>* changes = nullptr;
  std::vector<StatChange>* stats = nullptr;
  std::vector<Draw>* draws = nullptr;
};

// Reads one record at r and returns its end.
const std::uint8_t* decode_record(const std::uint8_t* r, CodecState& st, const NameTable& names,
                                  int width, const RecordOut& out);

}  // namespace dungen::history
