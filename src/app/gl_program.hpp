#pragma once
// A linked GL shader program made from shaders/ (embedded at build time), owned RAII-style.

#include <string>
#include <string_view>

namespace dungen::app {

class GlProgram {
 public:
  GlProgram() = default;
  // Compiles and links shaders/<vertex> and shaders/<fragment>. Throws std::runtime_error with
  // the driver's log on failure.
  GlProgram(std::string_view vertex, std::string_view fragment);
  GlProgram(GlProgram&& o) noexcept;
  GlProgram& operator=(GlProgram&& o) noexcept;
  GlProgram(const GlProgram&) = delete;
  GlProgram& operator=(const GlProgram&) = delete;
  ~GlProgram();

  unsigned id() const { return id_; }
  // -1 when the uniform does not exist or was optimised away (setting it is then a no-op).
  int uniform(const char* name) const;

 private:
  unsigned id_ = 0;
};

}  // namespace dungen::app
