#pragma once
// Making the storage for a big map costs more than many frames: glBufferData of 128 MB (a
// 4096x4096 map) took llvmpipe about half a second here, clearing the memory. This makes such
// buffers on a second GL context, hidden, sharing objects with the window's, on a thread of its
// own, so the frames go on meanwhile (a buffer, unlike a texture, holds no lock the window's
// context needs while it is made). Without a second context (ready() false) the caller makes its
// buffers itself.
//
// This thread deletes them too, the ones given back (release) and the ones a newer request
// replaced: a buffer deleted by a context other than the one that made it is only marked for
// deletion (Mesa frees it when its maker next makes or deletes a buffer), which kept a given-back
// 64 MB buffer through a whole rebuild. Its storage is dropped before the buffer is deleted
// (glBufferData of no bytes): glDeleteBuffers holds the share group's lock on buffers
// throughout, and every frame binds buffers (the UI's vertices), so pages given back under it,
// on this thread at its lower priority beside a busy machine, held the frames up (50-96 ms).

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
  // Who asks: each client (the main pane's textures, compare mode's pane B) has a request of its
  // own, so that both panes' new maps are made at once (R in compare mode) and one hidden context
  // serves both (making one took a software rasteriser about 60 ms of a frame).
  static constexpr int kClients = 2;
  // Asks for a buffer of `bytes` bytes: the client's newest request replaces its older one not
  // yet made.
  void request(int client, std::size_t bytes);
  // The buffer the client asked for, once made, if it has at least `bytes` bytes; the caller owns
  // it then.
  std::optional<Made> take(int client, std::size_t bytes);
  // The client no longer wants what it asked for (compare mode closed while pane B's buffer was
  // being made): it is deleted, not kept for a take that will not come.
  void cancel(int client);
  // Gives a buffer back: the thread frees its storage and deletes it (the caller no longer uses
  // it: a texture that read it is detached from it).
  void release(unsigned buffer);

 private:
  void run(StopToken quit);

  GLFWwindow* context_ = nullptr;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::optional<std::size_t> wanted_[kClients];
  std::optional<Made> made_[kClients];
  bool cancelled_[kClients] = {};  // since the client's last request
  std::vector<unsigned> doomed_;   // given back: the thread deletes them
  JThread thread_;                 // last: started once the rest exists
};

}  // namespace dungen::app
