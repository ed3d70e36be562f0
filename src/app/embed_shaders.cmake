# Writes a C++ source holding every shader in SHADERS (a ;-list of paths) as a string, so the
# binary needs no shaders/ folder at run time and works from any working directory.
# Usage: cmake -DOUT=file.cpp -DSHADERS="a.vert;b.frag" [-DGLSL=es] -P embed_shaders.cmake
#
# The shaders are written for GLSL 3.30 core. With GLSL=es (the browser build: WebGL 2), their
# first line, "#version 330 core", becomes GLSL ES 3.00's with high precision everywhere and
# DUNGEN_CELLS_2D defined (the map's cells are a 2D texture there: src/app/map_texture.hpp).
set(es_preamble "#version 300 es
precision highp float;
precision highp int;
precision highp usampler2D;
#define DUNGEN_CELLS_2D 1
")
set(body "")
set(lookup "")
set(n 0)
foreach(path IN LISTS SHADERS)
  file(READ "${path}" text)
  if(text MATCHES "\\)dungen_glsl\"")
    message(FATAL_ERROR "${path} contains the raw-string delimiter )dungen_glsl\"")
  endif()
  if(GLSL STREQUAL "es")
    if(NOT text MATCHES "^#version 330 core\n")
      message(FATAL_ERROR "${path} does not start with #version 330 core")
    endif()
    string(REGEX REPLACE "^#version 330 core\n" "${es_preamble}" text "${text}")
  endif()
  get_filename_component(name "${path}" NAME)
  string(APPEND body "constexpr std::string_view kShader${n} = R\"dungen_glsl(${text})dungen_glsl\";\n")
  string(APPEND lookup "  if (name == \"${name}\") return kShader${n};\n")
  math(EXPR n "${n} + 1")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from shaders/ by src/app/embed_shaders.cmake: edit the shaders, not this.
#include \"app/shader_sources.hpp\"

namespace dungen::app {
namespace {
${body}}  // namespace

std::optional<std::string_view> embedded_shader(std::string_view name) {
${lookup}  return std::nullopt;
}

}  // namespace dungen::app
")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
