// The byte storage of the timeline's packed history, and its table of draw names.

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <stdexcept>

#include "core/byte_pack.hpp"
#include "core/history_codec.hpp"

namespace dungen::history {

void ByteLog::Free::operator()(std::uint8_t* p) const {
  std::free(p);
}

std::uint8_t* ByteLog::reserve_slow(std::size_t max) {
  writing_aside_ = max > kBigRecord;
  if (!writing_aside_) return room(max);
  if (aside_capacity_ < max) {
    // Not value-initialised: only the bytes the record takes are touched.
    aside_.reset(static_cast<std::uint8_t*>(std::malloc(max)));
    if (!aside_) throw std::bad_alloc();
    aside_capacity_ = max;
  }
  return aside_.get();
}

void ByteLog::commit_aside(const std::uint8_t* end) {
  writing_aside_ = false;
  const auto n = static_cast<std::size_t>(end - aside_.get());
  std::uint8_t* w = room(n);
  if (n > 0) std::memcpy(w, aside_.get(), n);
  chunks_.back().used += n;
  written_ += n;
  if (aside_capacity_ > kKeptAside) release_aside();
}

std::uint8_t* ByteLog::room(std::size_t max) {
  if (chunks_.empty() || chunks_.back().capacity - chunks_.back().used < max) {
    if (std::uint64_t{base_} + chunks_.size() >= kMaxChunks) {
      throw std::length_error("the history log has numbered as many chunks as a place can name");
    }
    // The chunk ending here is finished: packed once the log is big (and, the first time, the
    // finished chunks before it).
    if (written_ >= pack_from_ && !chunks_.empty()) {
      for (auto c = chunks_.rbegin(); c != chunks_.rend() && !c->tried; ++c) pack(*c);
      table_ = {};
    }
    // Chunks grow from small (a short run stays small) to kHugeChunk, allocated as transparent
    // huge pages: writing fresh memory a 4 KiB page fault at a time was a third of the cost of
    // recording a flood fill on this kind of (virtualised) machine.
    Chunk c;
    const std::size_t want = std::min(chunk_bytes_, next_chunk_);
    next_chunk_ = std::min(chunk_bytes_, next_chunk_ * 2);
    c.capacity = std::max(want, max);
    if (c.capacity >= kHugeChunk) {
      c.capacity = (c.capacity + kHugeChunk - 1) / kHugeChunk * kHugeChunk;
      c.data.reset(static_cast<std::uint8_t*>(std::aligned_alloc(kHugeChunk, c.capacity)));
#ifdef MADV_HUGEPAGE
      if (c.data) madvise(c.data.get(), c.capacity, MADV_HUGEPAGE);
#endif
    } else {
      c.data.reset(static_cast<std::uint8_t*>(std::malloc(c.capacity)));
    }
    // Not value-initialised: a fresh chunk's pages are only touched as records fill it.
    if (!c.data) throw std::bad_alloc();
    allocated_ += c.capacity;
    chunks_.push_back(std::move(c));
  }
  return chunks_.back().data.get() + chunks_.back().used;
}

Pos ByteLog::end() const {
  if (chunks_.empty()) return {base_, 0};
  return {static_cast<std::uint32_t>(base_ + chunks_.size() - 1),
          static_cast<std::uint32_t>(chunks_.back().used)};
}

const std::uint8_t* ByteLog::at(Pos& p) const {
  const Chunk* c = &chunks_[static_cast<std::size_t>(p.chunk - base_)];
  if (p.offset >= c->used && p.chunk + 1 < base_ + chunks_.size()) {
    ++p.chunk;
    p.offset = 0;
    c = &chunks_[static_cast<std::size_t>(p.chunk - base_)];
  }
  if (c->packed) return unpacked(p.chunk, *c) + p.offset;
  return c->data.get() + p.offset;
}

void ByteLog::pack(Chunk& c) {
  c.tried = true;
  if (c.used == 0) return;
  const std::vector<std::uint8_t> packed = pack_bytes({c.data.get(), c.used}, table_);
  if (packed.size() > c.used - c.used / 8) return;  // not worth a chunk's unpacking
  std::unique_ptr<std::uint8_t, Free> data(static_cast<std::uint8_t*>(std::malloc(packed.size())));
  if (!data) throw std::bad_alloc();
  std::memcpy(data.get(), packed.data(), packed.size());
  allocated_ = allocated_ - c.capacity + packed.size();
  c.data = std::move(data);
  c.capacity = packed.size();
  c.packed = true;
}

const std::uint8_t* ByteLog::unpacked(std::uint32_t number, const Chunk& c) const {
  for (std::size_t k = 0; k < kUnpackedChunks; ++k) {
    if (unpacked_[k].number == number) {
      newest_ = k;
      return unpacked_[k].bytes.data();
    }
  }
  static_assert(kUnpackedChunks == 2, "a miss takes the slot not read last");
  newest_ = 1 - newest_;
  Unpacked& slot = unpacked_[newest_];
  slot.number = UINT32_MAX;
  slot.bytes.resize(c.used);
  if (!unpack_bytes({c.data.get(), c.capacity}, slot.bytes)) {
    throw std::logic_error("a packed history chunk does not unpack to its size");
  }
  slot.number = number;
  return slot.bytes.data();
}

std::size_t ByteLog::allocated_bytes() const {
  std::size_t unpacked = 0;
  for (const Unpacked& u : unpacked_) unpacked += u.bytes.capacity();
  return allocated_ + aside_capacity_ + unpacked;
}

std::size_t ByteLog::packed_chunks() const {
  return static_cast<std::size_t>(
      std::count_if(chunks_.begin(), chunks_.end(), [](const Chunk& c) { return c.packed; }));
}

void ByteLog::drop_first_chunk() {
  allocated_ -= chunks_.front().capacity;
  for (Unpacked& u : unpacked_) {
    if (u.number == base_) u = {};
  }
  chunks_.erase(chunks_.begin());
  ++base_;
}

std::uint32_t NameTable::find_or_add(const Draw& draw) {
  Draw key = draw;
  key.value = 0;
  const auto [it, added] = ids_.try_emplace(key, static_cast<std::uint32_t>(keys_.size()));
  if (added) keys_.push_back(key);
  recent_[recent_slot(draw)] = {key, it->second};
  return it->second;
}

std::size_t NameTable::KeyHash::operator()(const Draw& d) const {
  std::uint64_t h =
      reinterpret_cast<std::uintptr_t>(d.name.data()) ^ (std::uint64_t{d.name.size()} << 48);
  h = h * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint32_t>(d.lo);
  h = h * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint32_t>(d.hi);
  return static_cast<std::size_t>(h ^ (h >> 29));
}

std::size_t NameTable::bytes() const {
  // The map's nodes and buckets, roughly: a pointer per bucket, a node of key, id and link.
  return keys_.capacity() * sizeof(Draw) + ids_.bucket_count() * sizeof(void*) +
         ids_.size() * (sizeof(Draw) + 2 * sizeof(void*));
}

}  // namespace dungen::history
