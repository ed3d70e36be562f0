// app/logic/memory.hpp: how dungen-viz has glibc hold big blocks.
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "app/logic/memory.hpp"
#include "core/sanitizers.hpp"

namespace {

// Where the blocks go: the compiler may not drop an allocation whose address escapes.
void* volatile g_escaped = nullptr;

// After a big block is freed, glibc by default grows its arena for the next blocks up to that
// size (and keeps the arena's freed pages); with the app's policy a block of a megabyte or more
// that the arena has no room for gets pages of its own, which go back to the system when freed.
TEST(AppMemory, BlocksOfAMegabyteHavePagesOfTheirOwnAfterABiggerOneIsFreed) {
#if !defined(__GLIBC__)
  GTEST_SKIP() << "glibc's allocator only";
#else
  if (dungen::kAddressSanitizer || dungen::kThreadSanitizer) {
    GTEST_SKIP() << "the sanitizer owns malloc";
  }
  dungen::app::give_big_blocks_their_own_pages();
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  void* bigger = std::malloc(24 * kMiB);
  ASSERT_NE(bigger, nullptr);
  std::memset(bigger, 1, 24 * kMiB);
  g_escaped = bigger;
  std::free(bigger);  // by default: the threshold rises to 24 MB here
  // (A block is carved from the arena's free space when that has room, whatever the threshold:
  // its top is trimmed first, and the block below is bigger than what it has left free.)
  malloc_trim(0);
  const std::size_t before = mallinfo2().hblkhd;
  void* block = std::malloc(8 * kMiB);
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, 8 * kMiB);
  g_escaped = block;
  EXPECT_GE(mallinfo2().hblkhd, before + 8 * kMiB);  // mapped for itself
  std::free(block);
  EXPECT_EQ(mallinfo2().hblkhd, before);  // and given back
#endif
}

}  // namespace
