#pragma once
// Making a big map's texture costs more than many frames: glTexImage2D of a 4096x4096 GL_RG32UI
// texture (128 MB) took llvmpipe about half a second here, clearing the memory. This makes such
// textures on a second GL context, hidden, sharing objects with the window's, on a thread of its
// own, so the frames go on meanwhile; it deletes old ones there too (unmapping takes a frame).
// Without a second context (ready() false) the caller makes its textures itself.

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

struct GLFWwindow;

namespace dungen::app {

class TextureAllocator {
 public:
  // Call on the main thread, with the window's context current there.
  TextureAllocator();
  // Joins the thread and deletes what was made and never taken (the window's context current).
  ~TextureAllocator();
  TextureAllocator(const TextureAllocator&) = delete;
  TextureAllocator& operator=(const TextureAllocator&) = delete;

  bool ready() const { return context_ != nullptr; }
  // Asks for a width x height GL_RG32UI texture (nearest filtering, clamped): the newest request
  // replaces an older one not yet made.
  void request(int width, int height);
  // The texture asked for, once made; the caller owns it from then on.
  std::optional<unsigned> take(int width, int height);
  // Deletes a texture on the second context.
  void release(unsigned texture);

 private:
  struct Made {
    unsigned id = 0;
    int width = 0;
    int height = 0;
  };
  void run(std::stop_token quit);

  GLFWwindow* context_ = nullptr;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::optional<Made> wanted_;  // id unused
  std::optional<Made> made_;
  std::vector<unsigned> doomed_;
  std::jthread thread_;  // last: started once the rest exists
};

}  // namespace dungen::app
