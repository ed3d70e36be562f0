#pragma once
// Making the storage for a big map costs more than many frames: glBufferData of 128 MB (a
// 4096x4096 map) took llvmpipe about half a second here, clearing the memory. This makes such
// buffers on a second GL context, hidden, sharing objects with the window's, on a thread of its
// own, so the frames go on meanwhile (a buffer, unlike a texture, holds no lock the window's
// context needs while it is made). Without a second context (ready() false) the caller makes its
// buffers itself.
//
// Buffers are deleted on the window's thread, never on this one. Deleting a big buffer holds the
// share group's lock on buffers while its pages go back, and every frame binds buffers (the UI's
// vertices): on this thread, at its lower priority, beside a busy machine, that lock was held for
// as long as the scheduler left the thread waiting, and the frame waited with it (frames of 50-80
// ms where the deletion itself takes a few). A buffer deleted by a context other than the one
// that made it is only marked (Mesa frees it when its maker next makes or deletes a buffer), so
// release() drops its storage first: the memory goes back then, not at the next map's upload.

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/threads.hpp"

struct GLFWwindow;

namespace dungen::app {

class BufferAllocator {
 public:
  struct Made {
    unsigned buffer = 0;
    std::size_t bytes = 0;
  };

  // Call on the main thread, with the window's context current there.
  BufferAllocator();
  // Joins the thread and deletes what was made and never taken (the window's context current).
  ~BufferAllocator();
  BufferAllocator(const BufferAllocator&) = delete;
  BufferAllocator& operator=(const BufferAllocator&) = delete;

  bool ready() const { return context_ != nullptr; }
  // Asks for a buffer of `bytes` bytes: the newest request replaces an older one not yet made.
  void request(std::size_t bytes);
  // The buffer asked for, once made, if it has at least `bytes` bytes; the caller owns it then.
  // Deletes buffers made for requests that a newer one replaced.
  std::optional<Made> take(std::size_t bytes);
  // Deletes a buffer and frees its storage now (on the calling thread, the window's, with its
  // context current).
  void release(unsigned buffer);

 private:
  void run(StopToken quit);

  GLFWwindow* context_ = nullptr;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::optional<std::size_t> wanted_;
  std::optional<Made> made_;
  std::vector<unsigned> unwanted_;  // made, then replaced by a newer request: take() deletes them
  JThread thread_;                  // last: started once the rest exists
};

}  // namespace dungen::app
