#pragma once
// A small coroutine generator of steps (gcc 12 has no std::generator). A generator body reads
// top to bottom like the seed's Python, with a co_yield wherever a viewer would want to pause.
//
// Bodies are started lazily: pass parameters by value, never a reference to a temporary.
// Yield a named Step (`const Step step{...}; co_yield step;`), not a braced temporary: gcc 12
// destroys some temporaries of a co_yield full-expression twice (ASan reports a double free).

#include <coroutine>
#include <exception>
#include <utility>

#include "core/step.hpp"

namespace dungen {

class StepGenerator {
 public:
  struct promise_type {
    const Step* current = nullptr;
    std::exception_ptr error;

    StepGenerator get_return_object() {
      return StepGenerator(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    // The yielded Step (often a temporary) lives until the body is resumed again.
    std::suspend_always yield_value(const Step& step) noexcept {
      current = &step;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() noexcept { error = std::current_exception(); }
  };

  StepGenerator() = default;
  StepGenerator(StepGenerator&& o) noexcept : handle_(std::exchange(o.handle_, {})) {}
  StepGenerator& operator=(StepGenerator&& o) noexcept {
    if (this != &o) {
      reset();
      handle_ = std::exchange(o.handle_, {});
    }
    return *this;
  }
  StepGenerator(const StepGenerator&) = delete;
  StepGenerator& operator=(const StepGenerator&) = delete;
  ~StepGenerator() { reset(); }

  // Runs the body to its next co_yield. Returns the step, or nullptr once the body has returned.
  // An exception thrown by the body is rethrown here.
  const Step* advance() {
    if (!handle_ || handle_.done()) return nullptr;
    handle_.promise().current = nullptr;
    handle_.resume();
    if (handle_.promise().error) std::rethrow_exception(std::exchange(handle_.promise().error, {}));
    return handle_.done() ? nullptr : handle_.promise().current;
  }
  bool done() const { return !handle_ || handle_.done(); }

 private:
  explicit StepGenerator(std::coroutine_handle<promise_type> h) : handle_(h) {}
  void reset() {
    if (handle_) handle_.destroy();
    handle_ = {};
  }
  std::coroutine_handle<promise_type> handle_;
};

}  // namespace dungen
