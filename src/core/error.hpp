#pragma once
// The library's one error style for input it checks (flags, presets, share strings, paths,
// sizes): the answer is a value, never an exception.
//   - A check returns std::optional<Error>: nothing when the input is fine, else what is wrong.
//   - A function that makes something from input returns Checked<T>: the thing, or the Error.
// The params layer keeps its errors structured (core/params.hpp's ParamError: which parameter,
// which bound), in the same two shapes; its words() make the Error a user reads.
// Exceptions mean something else: a caller broke a precondition (a value never validated, an
// index past the end) or the machine ran out of memory. Nothing a user types throws.

#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace dungen {

// What is wrong, in the words the user sees: one line, saying what was given and what is
// allowed ("--width 99999 is out of range: allowed 4..4096"). The caller only adds where it
// came from ("pane B: ", "--preset: ").
struct Error {
  std::string message;
};

// A value made from input, or the error that stopped it. Read it as a small std::expected:
//   Checked<std::uint64_t> seed = parse_seed_flag(text);
//   if (!seed) return seed.error();
//   use(*seed);
template <class T, class E = Error>
class Checked {
 public:
  Checked(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit on purpose
  Checked(E error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit on purpose

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // The value; asking for it when there is none is a caller's bug (check ok() first).
  T& value() {
    if (!ok()) throw std::logic_error("Checked::value() on an error: check ok() first");
    return std::get<0>(v_);
  }
  const T& value() const {
    if (!ok()) throw std::logic_error("Checked::value() on an error: check ok() first");
    return std::get<0>(v_);
  }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // The error; asking for it when there is a value is a caller's bug.
  const E& error() const {
    if (ok()) throw std::logic_error("Checked::error() on a value: check ok() first");
    return std::get<1>(v_);
  }

 private:
  std::variant<T, E> v_;
};

}  // namespace dungen
