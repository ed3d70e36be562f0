#pragma once
// The GLSL sources from shaders/, compiled into the binary at build time (a CMake-generated
// source, see embed_shaders.cmake), so dungen-viz runs from any working directory.

#include <optional>
#include <string_view>

namespace dungen::app {

// The text of shaders/<name> (e.g. "map.frag"), or nothing if there is no such shader.
std::optional<std::string_view> embedded_shader(std::string_view name);

}  // namespace dungen::app
