#include "app/logic/worker.hpp"

#include <algorithm>
#include <cerrno>
#include <optional>

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace dungen::app {

void lower_this_thread_priority() {
#if defined(__linux__)
  // Linux schedules threads one by one: PRIO_PROCESS with a thread's id sets that thread's nice.
  const auto tid = static_cast<id_t>(syscall(SYS_gettid));
  errno = 0;
  const int now = getpriority(PRIO_PROCESS, tid);
  if (errno == 0) setpriority(PRIO_PROCESS, tid, std::min(19, now + kBackgroundNice));
#endif
}

Worker::Worker() {
  if constexpr (kHaveThreads) thread_ = JThread([this](StopToken quit) { run(quit); });
}

Worker::~Worker() {
  if (!thread_.joinable()) return;
  {
    const std::lock_guard lock(mutex_);
    running_.request_stop();
    for (Queued& q : queue_) q.stop.request_stop();
  }
  thread_.request_stop();
  thread_.join();
}

void Worker::submit(StopSource stop, Task task) {
  if constexpr (!kHaveThreads) {
    task(stop.get_token());
    return;
  }
  {
    const std::lock_guard lock(mutex_);
    queue_.push_back({std::move(stop), std::move(task)});
  }
  wake_.notify_one();
}

void Worker::wait_idle() {
  if (!thread_.joinable()) return;  // no thread: nothing is ever left waiting
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return queue_.empty() && garbage_.empty() && !working_; });
}

// The thread's whole life: it ends when the destructor asks it to (the stop token of the thread).
void Worker::run(StopToken quit) {
  lower_this_thread_priority();
  std::unique_lock lock(mutex_);
  while (!quit.stop_requested()) {
    wait_until(wake_, lock, quit, [&] { return !queue_.empty() || !garbage_.empty(); });
    if (quit.stop_requested()) break;
    // Free what the session left first: the next task is likely to allocate as much again.
    std::vector<std::unique_ptr<Garbage>> garbage = std::move(garbage_);
    garbage_.clear();
    std::optional<Queued> next;
    if (!queue_.empty()) {
      next = std::move(queue_.front());
      queue_.pop_front();
      running_ = next->stop;
    }
    working_ = true;
    lock.unlock();
    // (Blocks of a megabyte and more go back to the system as they are freed, app/logic/memory.hpp.
    // No malloc_trim here: it holds each arena's lock through its madvise and brk calls, tens of
    // milliseconds beside busy processes at this thread's lower priority, and the window's thread
    // allocates in the main arena every frame: it waited for it, 35-50 ms on a new map's frame.)
    garbage.clear();
    if (next) next->task(next->stop.get_token());
    next.reset();  // the task's captures are freed here, on this thread
    lock.lock();
    working_ = false;
    running_ = StopSource(kNoStopState);
    if (queue_.empty() && garbage_.empty()) idle_.notify_all();
  }
}

}  // namespace dungen::app
