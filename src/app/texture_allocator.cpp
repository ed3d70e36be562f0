#include "app/texture_allocator.hpp"

#include <glad/gl.h>
// glad before GLFW (GLFW_INCLUDE_NONE is defined by the dungen::glfw target).
#include <GLFW/glfw3.h>

#include <utility>

#include "app/logic/worker.hpp"

namespace dungen::app {

TextureAllocator::TextureAllocator() {
  GLFWwindow* share = glfwGetCurrentContext();
  if (!share) return;
  // The same context as the window's (src/app/window.cpp), which sharing needs, but never shown.
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  context_ = glfwCreateWindow(1, 1, "dungen-viz textures", nullptr, share);
  glfwDefaultWindowHints();
  if (!context_) return;
  thread_ = std::jthread([this](std::stop_token quit) { run(quit); });
}

TextureAllocator::~TextureAllocator() {
  if (!context_) return;
  thread_.request_stop();
  if (thread_.joinable()) thread_.join();
  // Shared objects: the window's context, current here, deletes what is left.
  if (made_) glDeleteTextures(1, &made_->id);
  if (!doomed_.empty()) {
    glDeleteTextures(static_cast<GLsizei>(doomed_.size()), doomed_.data());
  }
  glfwDestroyWindow(context_);
}

void TextureAllocator::request(int width, int height) {
  {
    const std::lock_guard lock(mutex_);
    wanted_ = Made{0, width, height};
  }
  wake_.notify_one();
}

std::optional<unsigned> TextureAllocator::take(int width, int height) {
  const std::lock_guard lock(mutex_);
  if (!made_ || made_->width != width || made_->height != height) return std::nullopt;
  const unsigned id = made_->id;
  made_.reset();
  return id;
}

void TextureAllocator::release(unsigned texture) {
  if (!texture) return;
  {
    const std::lock_guard lock(mutex_);
    doomed_.push_back(texture);
  }
  wake_.notify_one();
}

// The thread's whole life, with the hidden context current: it ends when the destructor asks.
void TextureAllocator::run(std::stop_token quit) {
  lower_this_threads_priority();
  glfwMakeContextCurrent(context_);
  std::unique_lock lock(mutex_);
  while (!quit.stop_requested()) {
    wake_.wait(lock, quit, [&] { return wanted_.has_value() || !doomed_.empty(); });
    if (quit.stop_requested()) break;
    std::vector<unsigned> doomed = std::move(doomed_);
    doomed_.clear();
    std::optional<Made> wanted = std::exchange(wanted_, std::nullopt);
    std::optional<Made> unclaimed;
    if (wanted) unclaimed = std::exchange(made_, std::nullopt);  // replaced by the newer request
    lock.unlock();
    if (unclaimed) doomed.push_back(unclaimed->id);
    if (!doomed.empty()) glDeleteTextures(static_cast<GLsizei>(doomed.size()), doomed.data());
    if (wanted) {
      glGenTextures(1, &wanted->id);
      glBindTexture(GL_TEXTURE_2D, wanted->id);
      // Integer textures cannot be filtered; NEAREST is also what keeps cell edges crisp.
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32UI, wanted->width, wanted->height, 0, GL_RG_INTEGER,
                   GL_UNSIGNED_INT, nullptr);
      glBindTexture(GL_TEXTURE_2D, 0);
    }
    // Done before the window's context may use (or lose) the textures.
    glFinish();
    lock.lock();
    if (wanted) made_ = wanted;
  }
  lock.unlock();
  glfwMakeContextCurrent(nullptr);
}

}  // namespace dungen::app
