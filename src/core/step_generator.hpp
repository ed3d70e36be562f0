#pragma once
// A small coroutine generator of steps (gcc 12 has no std::generator). A generator body reads
// top to bottom like the seed's Python, with a co_yield wherever a viewer would want to pause.
//
// Bodies compose: `co_yield part(ctx, ...);` hands control to a child body (another function
// returning StepGenerator) whose steps pass straight through, like Dart's `yield*` or Python's
// `yield from`; the parent resumes when the child returns. A recursive algorithm stays recursive
// and a long body splits into named parts. A child reports back through state the parent owns
// (a reference to one of the parent's locals is safe: the parent's frame outlives the child).
//
// Bodies are started lazily: pass parameters by value, never a reference to a temporary.
// Yield a step a factory returns (`co_yield rejected_step(attempt, hit, room);`) or a named Step,
// not a braced temporary: gcc 12 destroys some temporaries of a co_yield full-expression twice
// (ASan reports a double free). The same goes for `co_yield c ? a_step() : b_step()` (pass c to
// one factory instead) and for a braced list of values with destructors as a factory argument
// (build it into a named local first; gcc 12 also refuses some of those outright).

#include <exception>
#include <stdexcept>
#include <utility>

#include "core/step.hpp"

// The coroutine library: C++20's <coroutine>, or, in the browser build (Emscripten 3.1.6, whose
// C++ library predates it), the same types from <experimental/coroutine>, which its clang uses.
#if __has_include(<coroutine>)
#include <coroutine>
namespace dungen::coro {
using std::coroutine_handle;
using std::suspend_always;
}  // namespace dungen::coro
#else
#include <experimental/coroutine>
namespace dungen::coro {
using std::experimental::coroutine_handle;
using std::experimental::suspend_always;
}  // namespace dungen::coro
#endif

namespace dungen {

// A body that stopped before its end for a reason its user must read (a script that broke a
// rule: "gen.lua:12: set(99, 0): outside the map"). Out of Stepper::next(), the run is over at
// its last whole step; a viewer shows the words and keeps what was made.
class GeneratorStopped : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class StepGenerator {
 public:
  struct promise_type {
    const Step* current = nullptr;
    coro::coroutine_handle<promise_type> child;  // owned: a body handed control to it
    std::exception_ptr error;

    promise_type() = default;
    promise_type(const promise_type&) = delete;
    promise_type& operator=(const promise_type&) = delete;
    ~promise_type() {
      if (child) child.destroy();
    }

    StepGenerator get_return_object() {
      return StepGenerator(coro::coroutine_handle<promise_type>::from_promise(*this));
    }
    coro::suspend_always initial_suspend() noexcept { return {}; }
    coro::suspend_always final_suspend() noexcept { return {}; }
    // The yielded Step (often a temporary) lives until the body is resumed again.
    coro::suspend_always yield_value(const Step& step) noexcept {
      current = &step;
      return {};
    }
    // `co_yield child_body(...)`: the child's steps come next, then this body goes on.
    coro::suspend_always yield_value(StepGenerator&& body) noexcept {
      if (child) child.destroy();
      child = std::exchange(body.handle_, {});
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

  // Runs the body (or the innermost child it handed control to) to its next step. Returns the
  // step, or nullptr once the body has returned. An exception thrown by a body is rethrown here.
  const Step* advance() {
    if (!handle_ || handle_.done()) return nullptr;
    return drive(handle_);
  }
  bool done() const { return !handle_ || handle_.done(); }

 private:
  using Handle = coro::coroutine_handle<promise_type>;
  explicit StepGenerator(Handle h) : handle_(h) {}
  void reset() {
    if (handle_) handle_.destroy();
    handle_ = {};
  }

  // Depth-first: a child's steps first; when it returns, its parent resumes.
  static const Step* drive(Handle h) {
    promise_type& p = h.promise();
    for (;;) {
      if (p.child) {
        if (const Step* s = drive(p.child)) return s;
        p.child.destroy();
        p.child = {};
      }
      p.current = nullptr;
      h.resume();
      if (p.error) std::rethrow_exception(std::exchange(p.error, {}));
      if (h.done()) return nullptr;
      if (p.current) return p.current;
      // Otherwise the body handed control to a child: drive it.
    }
  }

  Handle handle_;
};

}  // namespace dungen
