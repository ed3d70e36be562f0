#pragma once
// Threads and their cancellation, as the rest of dungen uses them: StopSource, StopToken,
// JThread and kNoStopState are C++20's std::stop_source, std::stop_token, std::jthread and
// std::nostopstate, and wait_until() is condition_variable_any's wait with a stop token.
//
// Everywhere but one place, that is all. The exception is the browser build (scripts/web.sh:
// Emscripten 3.1.6 without -pthread), where no thread can start and whose C++ library predates
// <stop_token>: kHaveThreads is false, every caller runs its work on the one thread there is
// (the session's jobs in slices under the frame budget, a seed sweep or a freed map at once),
// and the names above stand for the small single-threaded equivalents below. Starting a JThread
// there is a programming error: it aborts with a message, as a thread would fail to start.

#include <condition_variable>

#if __has_include(<stop_token>)
#include <stop_token>
#include <thread>
#else
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>
#endif

namespace dungen {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kHaveThreads = false;
#else
inline constexpr bool kHaveThreads = true;
#endif

#if __has_include(<stop_token>)

using StopToken = std::stop_token;
using StopSource = std::stop_source;
using JThread = std::jthread;
inline constexpr std::nostopstate_t kNoStopState{};

// Waits until pred() holds or a stop is requested; returns pred().
template <class Lock, class Pred>
bool wait_until(std::condition_variable_any& cv, Lock& lock, StopToken stop, Pred pred) {
  return cv.wait(lock, std::move(stop), std::move(pred));
}

#else

struct NoStopState {};
inline constexpr NoStopState kNoStopState{};

class StopToken {
 public:
  StopToken() = default;
  explicit StopToken(std::shared_ptr<bool> stopped) : stopped_(std::move(stopped)) {}
  bool stop_requested() const noexcept { return stopped_ && *stopped_; }
  bool stop_possible() const noexcept { return stopped_ != nullptr; }

 private:
  std::shared_ptr<bool> stopped_;
};

class StopSource {
 public:
  StopSource() : stopped_(std::make_shared<bool>(false)) {}
  explicit StopSource(NoStopState) {}
  bool request_stop() noexcept {
    if (!stopped_ || *stopped_) return false;
    *stopped_ = true;
    return true;
  }
  bool stop_requested() const noexcept { return stopped_ && *stopped_; }
  StopToken get_token() const noexcept { return StopToken(stopped_); }

 private:
  std::shared_ptr<bool> stopped_;
};

class JThread {
 public:
  JThread() = default;
  template <class F>
  explicit JThread(F&&) {
    std::fputs("dungen: this build cannot start threads (kHaveThreads is false)\n", stderr);
    std::abort();
  }
  bool joinable() const noexcept { return false; }
  void join() {}
  bool request_stop() noexcept { return false; }
};

// With one thread nobody else can make pred() true while this one waits: it is only checked.
template <class Lock, class Pred>
bool wait_until(std::condition_variable_any&, Lock&, StopToken, Pred pred) {
  return pred();
}

#endif

}  // namespace dungen
