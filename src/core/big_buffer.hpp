#pragma once
// Big per-cell buffers (a 4096x4096 label layer is 64 MB) asked to live on transparent huge
// pages where the system allows it. The cost of a fresh buffer is mostly its first touch: one
// page fault per 4 KB page (16 K faults for 64 MB, each much dearer inside a virtual machine),
// against one per 2 MB page once the kernel is told the range may use huge pages. The advice
// must come before the first touch, so capacity is reserved first, advised, then filled.

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <type_traits>
#include <vector>

namespace dungen {

// Advises [data, data + bytes) for huge pages (a hint: nothing happens where the system has no
// transparent huge pages, or for buffers under a few huge pages).
void advise_huge_pages(void* data, std::size_t bytes);

// v.assign(n, fill), with fresh capacity advised before it is touched.
template <class T>
void assign_big(std::vector<T>& v, std::size_t n, const T& fill) {
  if (v.capacity() < n) {
    std::vector<T>().swap(v);  // a fresh buffer, not a copy of the old contents
    v.reserve(n);
    advise_huge_pages(v.data(), n * sizeof(T));
  }
  v.assign(n, fill);
}

// Gives a vector's memory back. (Not `v = {}`: that is the initializer-list assignment, which
// empties the vector and keeps its memory.)
template <class T>
void free_buffer(std::vector<T>& v) {
  std::vector<T>().swap(v);
}

// v.resize(n) (new elements value-initialised), advising fresh capacity the same way.
template <class T>
void resize_big(std::vector<T>& v, std::size_t n) {
  if (v.capacity() < n) {
    std::vector<T> fresh;
    fresh.reserve(n);
    advise_huge_pages(fresh.data(), n * sizeof(T));
    fresh.assign(v.begin(), v.end());
    v.swap(fresh);
  }
  v.resize(n);
}

// Gives the whole pages inside [begin, end) back to the system (where it can: Linux), keeping
// the addresses: their values are lost, and a later touch gets fresh zeroed pages. For the end of
// a working array its owner will not read again.
void release_pages(void* begin, void* end);

// Uninitialised memory for `bytes`, aligned to huge pages and advised when it is big enough to
// span several (else plain malloc'd). Release it with std::free. Throws std::bad_alloc.
void* allocate_big(std::size_t bytes);

// An uninitialised array of n trivial values in such memory: for working arrays filled by their
// owner's first pass (a vector would first write zeros over all of it).
template <class T>
class BigArray {
  static_assert(std::is_trivial_v<T>);

 public:
  explicit BigArray(std::size_t n) : data_(static_cast<T*>(allocate_big(n * sizeof(T)))) {}
  T& operator[](std::size_t i) { return data_.get()[i]; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }
  // Values [from, to) will not be read again: their memory goes back (release_pages).
  void release(std::size_t from, std::size_t to) {
    release_pages(data_.get() + from, data_.get() + to);
  }

 private:
  struct Free {
    void operator()(T* p) const { std::free(p); }
  };
  std::unique_ptr<T, Free> data_;
};

}  // namespace dungen
