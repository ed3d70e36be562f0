# What both consumer projects (core/, io/) do, as a game would: find the installed dungen, set no
# C++ standard (dungen::core must bring C++20 with it), and build main.cpp against one target.
#   include(../consumer.cmake)
#   dungen_consumer(PROGRAM TARGET FOLDER...)
# builds PROGRAM from main.cpp linked with TARGET only, and checks that every installed header
# under include/dungen/FOLDER/ compiles alone against TARGET.
# With -DDUNGEN_SOURCE=<dungen's source> the game adds dungen as a subproject instead (its
# optional parts then default to off) and builds only what PROGRAM needs; no header check then.
if(DEFINED CMAKE_CXX_STANDARD)
  message(FATAL_ERROR "a consumer must not set a C++ standard (CMAKE_CXX_STANDARD is set)")
endif()
if(DUNGEN_SOURCE)
  set(build_type "${CMAKE_BUILD_TYPE}")
  add_subdirectory(${DUNGEN_SOURCE} ${CMAKE_BINARY_DIR}/dungen EXCLUDE_FROM_ALL)
  # A subproject leaves the game's settings alone.
  if(NOT "${CMAKE_BUILD_TYPE}" STREQUAL "${build_type}")
    message(FATAL_ERROR "dungen changed the game's CMAKE_BUILD_TYPE ('${build_type}' -> "
      "'${CMAKE_BUILD_TYPE}')")
  endif()
else()
  find_package(dungen REQUIRED)
endif()

function(dungen_consumer program target)
  add_executable(${program} main.cpp)
  target_link_libraries(${program} PRIVATE ${target})
  if(NOT DUNGEN_SOURCE)
    dungen_each_header(${program}_headers ${target} ${ARGN})
  endif()
endfunction()

# dungen_each_header(NAME TARGET FOLDER...): an object library NAME of one source file per
# installed header under include/dungen/FOLDER/, each including only that header as a game
# would (<dungen/FOLDER/x.hpp>), compiled against TARGET. It fails to build if a header needs a
# header that was not installed or one that it does not include itself.
function(dungen_each_header name target)
  # Where the headers are: dungen::core's include folder (dungen::io has none of its own).
  get_target_property(include_dirs dungen::core INTERFACE_INCLUDE_DIRECTORIES)
  # The package exports the prefix's include/ only: include/dungen/ itself must not be on a
  # game's include path, or it would see generic paths like <core/grid.hpp>.
  foreach(dir IN LISTS include_dirs)
    if(dir MATCHES "/dungen/?$")
      message(FATAL_ERROR "dungen::core exports ${dir} as an include folder: games would see "
        "dungen's headers under generic paths")
    endif()
  endforeach()
  find_path(dungen_include dungen/core/grid.hpp PATHS ${include_dirs} NO_DEFAULT_PATH REQUIRED)
  set(sources "")
  foreach(folder IN LISTS ARGN)
    file(GLOB headers RELATIVE ${dungen_include} ${dungen_include}/dungen/${folder}/*.hpp)
    if(NOT headers)
      message(FATAL_ERROR "no headers installed under ${dungen_include}/dungen/${folder}")
    endif()
    foreach(header IN LISTS headers)
      string(MAKE_C_IDENTIFIER ${header} stem)
      set(source ${CMAKE_CURRENT_BINARY_DIR}/each_header/${stem}.cpp)
      file(CONFIGURE OUTPUT ${source} CONTENT "#include <${header}>\n")
      list(APPEND sources ${source})
    endforeach()
  endforeach()
  add_library(${name} OBJECT ${sources})
  target_link_libraries(${name} PRIVATE ${target})
endfunction()
