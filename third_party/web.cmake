# The browser build's outside code (see ../CMakeLists.txt): the same targets as the native build
# makes from installed Debian packages, here from what scripts/web.sh put in DUNGEN_WEB_DEPS:
#   imgui/   Debian's imgui source package (apt-get source imgui: 1.86+ds, as libimgui-dev)
#   giflib/  Debian's giflib source package (apt-get source giflib, as libgif-dev)
#   lua/     Debian's lua5.4 source package (apt-get source lua5.4: 5.4.4, as liblua5.4-dev)
#   include/ copies of Debian's header-only packages: nlohmann/ (nlohmann-json3-dev), stb/
#            (libstb-dev)
# GLFW and OpenGL ES 3 come with Emscripten (-sUSE_GLFW=3, WebGL 2); there is no glad.

if(NOT IS_DIRECTORY "${DUNGEN_WEB_DEPS}/imgui" OR NOT IS_DIRECTORY "${DUNGEN_WEB_DEPS}/giflib"
   OR NOT IS_DIRECTORY "${DUNGEN_WEB_DEPS}/lua/src"
   OR NOT IS_DIRECTORY "${DUNGEN_WEB_DEPS}/include/nlohmann")
  message(FATAL_ERROR "DUNGEN_WEB_DEPS (${DUNGEN_WEB_DEPS}) lacks imgui/, giflib/, lua/ or include/: "
                      "build the web page with scripts/web.sh, which fills it")
endif()
set(deps "${DUNGEN_WEB_DEPS}")

add_library(nlohmann_json INTERFACE)
target_include_directories(nlohmann_json SYSTEM INTERFACE ${deps}/include)
add_library(nlohmann_json::nlohmann_json ALIAS nlohmann_json)

# stb_image_write: the header from libstb-dev, its implementation compiled here (Debian's
# libstb.so holds it in the native build).
add_library(dungen_stb STATIC web/stb_image_write.c)
target_include_directories(dungen_stb SYSTEM PUBLIC ${deps}/include/stb)
add_library(dungen::stb ALIAS dungen_stb)

set(gif_sources dgif_lib.c egif_lib.c gifalloc.c gif_err.c gif_font.c gif_hash.c
    openbsd-reallocarray.c quantize.c)
list(TRANSFORM gif_sources PREPEND ${deps}/giflib/)
add_library(dungen_gif STATIC ${gif_sources})
target_include_directories(dungen_gif SYSTEM PUBLIC ${deps}/giflib)
target_compile_options(dungen_gif PRIVATE -w)
add_library(dungen::gif ALIAS dungen_gif)

add_library(dungen_glfw INTERFACE)
target_compile_definitions(dungen_glfw INTERFACE GLFW_INCLUDE_NONE)
target_link_options(dungen_glfw INTERFACE -sUSE_GLFW=3)
add_library(dungen::glfw ALIAS dungen_glfw)

set(imgui ${deps}/imgui)
add_library(dungen_imgui STATIC ${imgui}/imgui.cpp ${imgui}/imgui_draw.cpp
            ${imgui}/imgui_tables.cpp ${imgui}/imgui_widgets.cpp
            ${imgui}/backends/imgui_impl_glfw.cpp ${imgui}/backends/imgui_impl_opengl3.cpp)
# As the native includes look (<imgui.h>, <backends/imgui_impl_glfw.h>); WebGL 2 is GL ES 3.
target_include_directories(dungen_imgui SYSTEM PUBLIC ${imgui})
target_compile_definitions(dungen_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
target_link_libraries(dungen_imgui PUBLIC dungen_glfw dungen_stb)
target_compile_options(dungen_imgui PRIVATE -w)
add_library(dungen::imgui ALIAS dungen_imgui)

# Lua 5.4 for the generator scripts (src/script/): the library's C files, without the two
# programs (lua.c, luac.c). Compiled as C, as Debian's liblua5.4 is: an error unwinds with
# longjmp (Emscripten's setjmp/longjmp support, on by default), so the script host keeps no C++
# object with a destructor alive across a Lua call that can raise, in both builds.
file(GLOB lua_sources ${deps}/lua/src/*.c)
list(FILTER lua_sources EXCLUDE REGEX "/luac?\\.c$")
add_library(dungen_lua STATIC ${lua_sources})
# Debian's patched luaconf.h includes the header its build writes, naming the machine's library
# folder (for modules the sandbox never loads): written here for the page's.
set(lua_generated ${CMAKE_CURRENT_BINARY_DIR}/lua-generated)
file(WRITE ${lua_generated}/lua5.4-deb-multiarch.h.in
     "#define DEB_HOST_MULTIARCH \"wasm32-emscripten\"\n")
configure_file(${lua_generated}/lua5.4-deb-multiarch.h.in
               ${lua_generated}/lua5.4-deb-multiarch.h COPYONLY)
target_include_directories(dungen_lua SYSTEM PUBLIC ${deps}/lua/src ${lua_generated})
target_compile_options(dungen_lua PRIVATE -w)
add_library(dungen::lua ALIAS dungen_lua)
