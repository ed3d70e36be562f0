#pragma once
// How dungen-viz asks glibc's allocator to hold its memory. A big map's run allocates and frees
// blocks of megabytes all along (a history's 2 MB chunks while they are packed, a skip's scratch,
// a texture's staging); the app keeps what it shows and builds the next map beside it, so what the
// allocator keeps of freed blocks counts against the process as much as the maps do.

namespace dungen::app {

// Blocks of kOwnPagesBytes and more that an arena has no free room for get pages of their own,
// given back to the system when freed, for the whole run. (By default glibc raises that
// threshold, up to 32 MB, each time such a block is freed, and grows its arenas for the later
// ones instead, keeping most of their freed pages: at 4096x4096 a new seed of rooms-and-mazes
// peaked at 394-458 MiB that way, 357-364 with this.)
// Called once, before any thread starts; a no-op without glibc or under a sanitizer (which owns
// malloc).
void give_big_blocks_their_own_pages();
inline constexpr int kOwnPagesBytes = 1 << 20;

}  // namespace dungen::app
