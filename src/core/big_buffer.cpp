#include "core/big_buffer.hpp"

#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace dungen {
namespace {
constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
}  // namespace

void* allocate_big(std::size_t bytes) {
  void* p = nullptr;
  if (bytes >= 4 * kHugePageBytes) {
    // aligned_alloc wants a size that is a multiple of the alignment.
    const std::size_t rounded = (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes;
    p = std::aligned_alloc(kHugePageBytes, rounded);
    if (p) advise_huge_pages(p, rounded);
  } else {
    p = std::malloc(bytes == 0 ? 1 : bytes);
  }
  if (!p) throw std::bad_alloc();
  return p;
}

void release_pages(void* begin, void* end) {
#if defined(__linux__) && defined(MADV_DONTNEED)
  const std::uintptr_t page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(begin) + page - 1) & ~(page - 1);
  const std::uintptr_t last = reinterpret_cast<std::uintptr_t>(end) & ~(page - 1);
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
#else
  (void)begin;
  (void)end;
#endif
}

void advise_huge_pages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHugePage = std::uintptr_t{2} << 20;
  // Below a few huge pages the rounding would cover most of the buffer: not worth asking.
  if (data == nullptr || bytes < 4 * kHugePage) return;
  // Only whole huge pages inside the buffer: the advice applies to pages, and the ends of a
  // malloc'd block share pages with other allocations.
  const auto begin = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t first = (begin + kHugePage - 1) & ~(kHugePage - 1);
  const std::uintptr_t last = (begin + bytes) & ~(kHugePage - 1);
  if (last > first) {
    // A hint: where it fails (no transparent huge pages) the buffer simply uses small pages.
    madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
  }
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace dungen
