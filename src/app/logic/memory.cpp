#include "app/logic/memory.hpp"

#include <cstdlib>  // (any C library header: it says whether the library is glibc)

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "core/sanitizers.hpp"

namespace dungen::app {

// Not under a sanitizer: there it owns malloc, and glibc's calls walk an arena it never set up
// (malloc_trim crashed, when the worker called it).
void give_big_blocks_their_own_pages() {
#if defined(__GLIBC__)
  if constexpr (!kAddressSanitizer && !kThreadSanitizer) mallopt(M_MMAP_THRESHOLD, kOwnPagesBytes);
#endif
}

}  // namespace dungen::app
