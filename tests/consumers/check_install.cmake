# ctest install.prefix: installs dungen's build into a scratch prefix and checks what a game gets
# there. The consumer tests (consumer.core, consumer.io, install.example-game) build against it.
#   cmake -DBUILD=<dungen's build> -DPREFIX=<scratch> -DINCLUDEDIR=include -DLIBDIR=lib
#         -P check_install.cmake

file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD}" --prefix "${PREFIX}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed:\n${out}")
endif()

set(problems "")
set(include "${PREFIX}/${INCLUDEDIR}/dungen")

# The public headers are there; dungen's inside is not.
foreach(header core/grid.hpp core/stepper.hpp core/runner.hpp generators/registry.hpp
    generators/rooms_and_tunnels.hpp analysis/regions.hpp io/map_export.hpp io/preset.hpp)
  if(NOT EXISTS "${include}/${header}")
    list(APPEND problems "the public header ${header} is not installed")
  endif()
endforeach()
foreach(header core/history_codec.hpp core/history_skips.hpp core/big_buffer.hpp core/threads.hpp
    core/varint.hpp core/timeline.hpp io/output_plan.hpp io/param_args.hpp
    generators/map_promises.hpp generators/free_cells.hpp generators/cave_smoothing.hpp
    generators/recent_cells.hpp core/history_skip_index.hpp analysis/region_stepper.hpp)
  if(EXISTS "${include}/${header}")
    list(APPEND problems "the internal header ${header} is installed")
  endif()
endforeach()
file(GLOB_RECURSE installed LIST_DIRECTORIES false "${PREFIX}/${INCLUDEDIR}/*")
foreach(file IN LISTS installed)
  file(RELATIVE_PATH path "${PREFIX}/${INCLUDEDIR}" "${file}")
  if(NOT path MATCHES "^dungen/(core|generators|analysis|io)/[a-z_]+\\.hpp$")
    list(APPEND problems "${path} is installed under include/, but is not a public header")
  endif()
  # Each include of a dungen header is <dungen/...>: a quoted "core/grid.hpp" would need
  # include/dungen/ on the game's include path.
  file(STRINGS "${file}" quoted REGEX "#include \"")
  if(quoted)
    list(APPEND problems "${file} still includes by a quoted path: ${quoted}")
  endif()
endforeach()

# With the command-line program come the shipped generator scripts it lists and runs by name.
if(EXISTS "${PREFIX}/bin/dungen")
  foreach(script prims-maze recursive-backtracker kruskals-maze drunkards-walk)
    if(NOT EXISTS "${PREFIX}/share/dungen/generators/${script}.lua")
      list(APPEND problems "the shipped script ${script}.lua is not installed")
    endif()
  endforeach()
endif()

# The package names no library a game would have to install (stb, giflib, GLFW, Dear ImGui,
# GoogleTest, Google Benchmark, nlohmann_json) and exports include/ only, not include/dungen/.
file(GLOB package "${PREFIX}/${LIBDIR}/cmake/dungen/*.cmake")
if(NOT package)
  list(APPEND problems "no CMake package under ${PREFIX}/${LIBDIR}/cmake/dungen")
endif()
foreach(file IN LISTS package)
  file(READ "${file}" text)
  string(REGEX MATCH "stb|gif|glfw|imgui|gtest|GTest|benchmark|nlohmann" named "${text}")
  if(named)
    list(APPEND problems "${file} names ${named}")
  endif()
  if(text MATCHES "include/dungen")
    list(APPEND problems "${file} exports include/dungen/ as an include folder")
  endif()
endforeach()

if(problems)
  list(JOIN problems "\n  " problems)
  message(FATAL_ERROR "the installed package is not what a game should get:\n  ${problems}")
endif()
list(LENGTH installed count)
message(STATUS "installed into ${PREFIX}: ${count} public headers, the package checked")
