#include "app/buffer_allocator.hpp"

#include "app/gl.hpp"
// The GL header before GLFW (GLFW_INCLUDE_NONE is defined by the dungen::glfw target).
#include <GLFW/glfw3.h>

#include <utility>

#include "app/logic/worker.hpp"
#include "app/window.hpp"
#include "core/threads.hpp"

namespace dungen::app {
namespace {

// Deletes buffers, on the context that made them (a buffer deleted by another context is only
// marked for deletion, "zombie" in Mesa, until its maker next makes or deletes one: since
// 3a87833 a given-back 64 MB buffer stayed through a whole rebuild). Each one's storage is
// dropped first (glBufferData of no bytes), which gives its pages back outside the share group's
// lock on buffers; glDeleteBuffers holds that lock throughout, and every frame binds buffers.
void delete_buffers(const std::vector<unsigned>& buffers) {
  for (const unsigned b : buffers) {
    glBindBuffer(GL_COPY_WRITE_BUFFER, b);
    glBufferData(GL_COPY_WRITE_BUFFER, 0, nullptr, GL_DYNAMIC_DRAW);
  }
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  if (!buffers.empty()) glDeleteBuffers(static_cast<GLsizei>(buffers.size()), buffers.data());
}

}  // namespace

BufferAllocator::BufferAllocator() {
  // The browser build has one thread and one context: not ready(), the caller makes its buffers.
  if constexpr (!kHaveThreads) return;
  GLFWwindow* share = glfwGetCurrentContext();
  if (!share) return;
  hint_gl_context();  // the same kind of context as the window's, which sharing needs
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  context_ = glfwCreateWindow(1, 1, "map buffers (hidden)", nullptr, share);
  glfwDefaultWindowHints();
  if (!context_) return;
  thread_ = JThread([this](StopToken quit) { run(quit); });
}

BufferAllocator::~BufferAllocator() {
  if (!context_) return;
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
  // Shared objects: the window's context, current here, deletes what is left.
  for (const std::optional<Made>& made : made_) {
    if (made) doomed_.push_back(made->buffer);
  }
  delete_buffers(doomed_);
  glfwDestroyWindow(context_);
}

void BufferAllocator::request(int client, std::size_t bytes) {
  {
    const std::lock_guard lock(mutex_);
    wanted_[client] = bytes;
    cancelled_[client] = false;
  }
  wake_.notify_one();
}

void BufferAllocator::cancel(int client) {
  {
    const std::lock_guard lock(mutex_);
    wanted_[client].reset();
    cancelled_[client] = true;  // (one being made now is deleted once made)
    if (made_[client]) doomed_.push_back(std::exchange(made_[client], std::nullopt)->buffer);
  }
  wake_.notify_one();
}

std::optional<BufferAllocator::Made> BufferAllocator::take(int client, std::size_t bytes) {
  const std::lock_guard lock(mutex_);
  std::optional<Made>& made = made_[client];
  if (!made || made->bytes < bytes) return std::nullopt;
  return std::exchange(made, std::nullopt);
}

void BufferAllocator::release(unsigned buffer) {
  if (!buffer) return;
  {
    const std::lock_guard lock(mutex_);
    doomed_.push_back(buffer);
  }
  wake_.notify_one();
}

// The thread's whole life, with the hidden context current: it ends when the destructor asks.
void BufferAllocator::run(StopToken quit) {
  lower_this_thread_priority();  // clearing a big buffer must not slow the frames down
  glfwMakeContextCurrent(context_);
  std::unique_lock lock(mutex_);
  const auto any_wanted = [&] {
    for (const std::optional<std::size_t>& w : wanted_) {
      if (w) return true;
    }
    return false;
  };
  while (!quit.stop_requested()) {
    wait_until(wake_, lock, quit, [&] { return any_wanted() || !doomed_.empty(); });
    if (quit.stop_requested()) break;
    std::vector<unsigned> doomed = std::exchange(doomed_, {});
    // One request at a time, the first client's first: the lock is not held while it is made.
    int client = 0;
    while (client < kClients && !wanted_[client]) ++client;
    std::optional<std::size_t> wanted;
    if (client < kClients) {
      wanted = std::exchange(wanted_[client], std::nullopt);
      // A newer request replaces a buffer made for the same client and not taken.
      if (made_[client]) doomed.push_back(std::exchange(made_[client], std::nullopt)->buffer);
    }
    lock.unlock();
    delete_buffers(doomed);
    Made made;
    if (wanted) {
      made.bytes = *wanted;
      glGenBuffers(1, &made.buffer);
      // Any binding point makes the storage; this one touches no other state.
      glBindBuffer(GL_COPY_WRITE_BUFFER, made.buffer);
      glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(made.bytes), nullptr,
                   GL_DYNAMIC_DRAW);
      glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }
    // Done before the window's context may use the buffer.
    glFinish();
    lock.lock();
    if (wanted) {
      // A request made meanwhile for the same client wants another size, or the client called
      // its request off: this one goes.
      if (wanted_[client] || cancelled_[client]) {
        doomed_.push_back(made.buffer);
      } else {
        made_[client] = made;
      }
    }
  }
  lock.unlock();
  glfwMakeContextCurrent(nullptr);
}

}  // namespace dungen::app
