#pragma once
// A small LZ77 coder for the history's finished chunks (core/history_log.cpp): recorded steps
// repeat themselves (a flood fill over an open map packs 2 MB of records into some 50 KB, a room
// growing cell by cell into about two thirds), so a big run's history takes a fraction of the
// memory, and a chunk is unpacked whole, once, when a seek or a step back reads it.
//
// The packed form is a list of sequences, each: a token byte (the count of literal bytes in its
// high nibble, the match's length less kMinMatch in its low one; 15 in either: the rest of that
// count follows as a varint), the literal bytes, then (unless the output is complete) the match's
// offset as a varint: how far back into what is already unpacked it starts (1: the byte just
// written). A match may overlap the bytes it writes (offset < length repeats a short pattern).
// The unpacked size is not stored: the caller keeps it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace dungen::history {

// The shortest match the packer writes: four bytes, a hash of them finds earlier ones.
inline constexpr std::size_t kMinMatch = 4;

// Packs `in`; the result may be larger than `in` where nothing repeats (the caller keeps the
// smaller). `table` is scratch, kept between calls (resized here).
std::vector<std::uint8_t> pack_bytes(std::span<const std::uint8_t> in,
                                     std::vector<std::uint32_t>& table);

// Unpacks `packed` into `out`, which must be exactly the unpacked size. Returns false, having
// written part of out, when packed is not such a list for that size (a bad length, an offset
// before the start, bytes left over).
bool unpack_bytes(std::span<const std::uint8_t> packed, std::span<std::uint8_t> out);

}  // namespace dungen::history
