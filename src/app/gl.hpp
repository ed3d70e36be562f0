#pragma once
// The OpenGL API the app draws with: GL 3.3 core, loaded by glad, on the desktop; OpenGL ES 3.0
// (WebGL 2) in the browser build (scripts/web.sh), where Emscripten provides it and there is no
// loader. Include this before GLFW (the dungen::glfw target defines GLFW_INCLUDE_NONE).
//
// What differs between the two is kept to a few places: the map's cell texture (map_texture.cpp),
// the context the window asks for and the shaders' first line (window.cpp, embed_shaders.cmake).

#if defined(__EMSCRIPTEN__)
#include <GLES3/gl3.h>
#define DUNGEN_GL_ES 1
#else
#include <glad/gl.h>
#define DUNGEN_GL_ES 0
#endif
