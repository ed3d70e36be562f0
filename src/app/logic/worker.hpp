#pragma once
// One background thread for the work that would freeze the window on a big map: building a track
// (allocating a 4096x4096 map, running it to the end), making its region phase, and freeing what
// a big map leaves behind (unmapping a few hundred MB takes longer than a frame, too).
//
// Tasks run one at a time, in the order submitted. Each task is handed the stop token of the
// stop_source it was submitted with: whoever submitted it cancels it by asking that source to
// stop, and the task looks between its steps. Until the worker is destroyed it runs every task
// it was given (a cancelled one sees its stop at once and returns), so a task can always report
// that it ended.
//
// Without threads (core/threads.hpp: the browser build) there is no thread: a task runs at once,
// inside submit(), and what is disposed of is freed at once.

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/threads.hpp"

namespace dungen::app {

// How much less CPU a background thread is given than the window's (a nice value, on systems
// that have one per thread): when both want a core, the frame is drawn first, so the window stays
// smooth on a machine with few cores; the work gets the time between frames.
inline constexpr int kBackgroundNice = 10;
// Lowers the calling thread's priority by kBackgroundNice (where the OS allows; else nothing).
void lower_this_thread_priority();

class Worker {
 public:
  using Task = std::function<void(StopToken)>;

  Worker();
  // Asks the running task to stop, drops the queued ones and joins the thread.
  ~Worker();
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  void submit(StopSource stop, Task task);

  // Frees `thing` on the worker thread, before the next task starts.
  template <class T>
  void dispose(T thing) {
    if constexpr (!kHaveThreads) return;  // freed here, as `thing` goes
    if constexpr (std::is_constructible_v<bool, T&>) {
      if (!thing) return;  // an empty pointer: nothing to free
    }
    std::unique_ptr<Garbage> held = std::make_unique<Held<T>>(std::move(thing));
    {
      const std::lock_guard lock(mutex_);
      garbage_.push_back(std::move(held));
    }
    wake_.notify_one();
  }

  // Blocks until nothing is queued, running or waiting to be freed (tests, headless runs).
  void wait_idle();

 private:
  struct Garbage {
    virtual ~Garbage() = default;
  };
  template <class T>
  struct Held : Garbage {
    explicit Held(T t) : value(std::move(t)) {}
    T value;
  };
  struct Queued {
    StopSource stop;
    Task task;
  };

  void run(StopToken quit);

  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::condition_variable idle_;
  std::deque<Queued> queue_;
  std::vector<std::unique_ptr<Garbage>> garbage_;
  bool working_ = false;
  StopSource running_{kNoStopState};  // the running task's, for the destructor
  JThread thread_;  // last: started once everything it uses exists (none without threads)
};

}  // namespace dungen::app
