#pragma once
// A Lua 5.4 state for one script run, fenced in so that a user's generator can neither reach
// outside nor take the program down:
// - only the safe libraries: base, table, string, math, utf8, coroutine; no io, os, package,
//   debug; and of base and string nothing that loads or writes code or text from outside
//   (load, loadfile, dofile, require, print, string.dump), nor math.random (a script draws
//   through its run's own RNG, the draw_* functions, so a seed means one map everywhere);
// - a memory cap, counted in the bytes Lua asks for, wherever they come from: small blocks from a
//   pool of free lists (below), the rest from malloc; an allocation past it fails (a Lua memory
//   error, after Lua's own emergency collection), and the run stops with "script stopped: more
//   than N MiB of memory in use (line L)" (memory_stop);
// - an instruction budget per step and per run, counted by a hook every kHookEvery
//   instructions; past it the script stops with "script stopped: more than N instructions in one
//   step (line L)";
// - `pairs` in a fixed order (numbers, then strings, then booleans, each ascending): Lua's own
//   order depends on a hash seed made from addresses and the clock, which would make a script
//   that walks a table with pairs draw a different map on each run.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "core/sanitizers.hpp"

struct lua_State;
struct lua_Debug;

namespace dungen::script {

struct SandboxLimits {
  std::size_t memory_bytes = std::size_t{64} << 20;
  std::uint64_t instructions_per_step = 20'000'000;
  std::uint64_t instructions_per_run = 2'000'000'000;
};

class LuaSandbox {
 public:
  explicit LuaSandbox(SandboxLimits limits = {});
  ~LuaSandbox();
  LuaSandbox(const LuaSandbox&) = delete;
  LuaSandbox& operator=(const LuaSandbox&) = delete;

  // Compiles `source` (text only: a precompiled chunk is refused) as the chunk `name` (errors
  // read "name:line: message") and runs its top level within the budgets, leaving `results`
  // values on the stack.
  std::optional<Error> run_chunk(std::string_view source, std::string_view name, int results);
  // A new step begins: its instruction count starts again (the run's goes on).
  void begin_step() {
    step_count_ = 0;
    refused_ = false;
  }
  // What a run stopped by a memory error (LUA_ERRMEM) says: the cap and the script's line, where
  // `thread` is the coroutine whose resume failed (Lua leaves its stack in place: the line is its
  // innermost Lua function's); null where the stack is gone (a protected call's). A failure that
  // was not the cap's (malloc itself) says so instead.
  std::string memory_stop(lua_State* thread) const;
  // While the host reads or sets up the state outside a protected call (where a Lua error
  // would abort), allocations may go kHostReserve past the cap: they cannot fail there.
  void host_reads(bool on) { reserve_ = on ? kHostReserve : 0; }
  static constexpr std::size_t kHostReserve = std::size_t{4} << 20;

  lua_State* state() const { return L_; }
  const SandboxLimits& limits() const { return limits_; }
  std::size_t memory_used() const { return used_; }
  // The error on top of the stack as text (and popped): Lua's message, or what was thrown.
  std::string pop_error();

  // The hook's granularity: budgets are checked every this many instructions.
  static constexpr int kHookEvery = 1000;

 private:
  static void* allocate(void* self, void* block, std::size_t old_size, std::size_t new_size);
  // The pool: a script's small blocks (strings, tables, closures, a small table's parts) come
  // from one free list per kPoolStep bytes of size, carved from an arena of kArenaBytes taken
  // at the first small block. A walk's step makes and drops some 75 of them; glibc's malloc,
  // whose per-size caches hold 7 blocks, spends about 130 instructions on each, a free list
  // about 10. Past the arena, blocks come from malloc: the arena adds at most kArenaBytes to what
  // the cap allows, and a block's address says where it came from.
  static constexpr std::size_t kPoolStep = 16;  // Lua's alignment on x86-64 (long double)
  static constexpr std::size_t kPoolMax = 256;
  static constexpr std::size_t kArenaBytes = std::size_t{4} << 20;
  // Under AddressSanitizer every block comes from malloc: ASan sees no further than the arena,
  // and CI's sanitizer runs are there to see each of Lua's blocks.
  static constexpr bool kPooling = !kAddressSanitizer;
  static constexpr std::size_t size_class(std::size_t size) {
    return (size + kPoolStep - 1) / kPoolStep;
  }
  void* take(std::size_t size);
  void give_back(void* block, std::size_t size);
  bool pooled(const void* block) const {
    const auto* p = static_cast<const unsigned char*>(block);
    return arena_ != nullptr && p >= arena_ && p < arena_ + kArenaBytes;
  }
  static void count(lua_State* L, lua_Debug* ar);
  void open_safe_libraries();

  SandboxLimits limits_;
  std::size_t used_ = 0;
  std::size_t reserve_ = 0;
  bool refused_ = false;  // an allocation went past the cap since the step began
  unsigned char* arena_ = nullptr;
  std::size_t carved_ = 0;  // the arena's bytes handed out so far (the rest is untouched)
  std::array<void*, kPoolMax / kPoolStep + 1> free_{};  // per size class, linked through the blocks
  std::uint64_t step_count_ = 0;
  std::uint64_t run_count_ = 0;
  lua_State* L_ = nullptr;
};

}  // namespace dungen::script
