# A core-only dungen: every optional part off (render, lab, CLI, app, tests, benchmark), so only
# dungen_core and dungen_io, which need nlohmann_json alone.
#   cmake -DSOURCE=<dungen> -DBUILD=<scratch> [-DGENERATOR=Ninja] [-DFULL=ON] -P core_only.cmake
# Configures and checks that none of the optional parts' packages was looked for, and that a part
# switched on without one it needs (the CLI without render) is refused by name (ctest
# package.core-only). With FULL=ON (.ci/run) also builds it, installs it into BUILD/prefix and
# builds and runs the two consumers (tests/consumers/core and io) against that install, then the
# core consumer again with dungen added as its subproject (no CMAKE_BUILD_TYPE, as a game might).

file(REMOVE_RECURSE "${BUILD}")
set(configure "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BUILD}" -DCMAKE_BUILD_TYPE=Release
  -DDUNGEN_BUILD_RENDER=OFF -DDUNGEN_BUILD_LAB=OFF -DDUNGEN_BUILD_CLI=OFF -DDUNGEN_BUILD_APP=OFF
  -DDUNGEN_BUILD_TESTS=OFF -DDUNGEN_BUILD_BENCH=OFF)
if(GENERATOR)
  list(APPEND configure -G "${GENERATOR}")
endif()
execute_process(COMMAND ${configure} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring dungen with every optional part off failed:\n${out}")
endif()

# What the optional parts look for leaves its mark in the cache; none may be there.
file(STRINGS "${BUILD}/CMakeCache.txt" looked_for
  REGEX "^(PKG_CONFIG_EXECUTABLE|STB_|IMGUI_|GIF_|glfw3_DIR|GLAD_|benchmark_DIR|GTest_DIR)")
if(looked_for)
  list(JOIN looked_for "\n  " looked_for)
  message(FATAL_ERROR "a core-only configure looked for optional parts' packages:\n  ${looked_for}")
endif()
message(STATUS "core-only configure: no package of an optional part looked for")

# A part switched on without a part it needs stops the configure, naming both.
file(REMOVE_RECURSE "${BUILD}-clash")
set(clash "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BUILD}-clash" -DDUNGEN_BUILD_RENDER=OFF
  -DDUNGEN_BUILD_LAB=ON -DDUNGEN_BUILD_CLI=ON -DDUNGEN_BUILD_APP=OFF -DDUNGEN_BUILD_TESTS=OFF
  -DDUNGEN_BUILD_BENCH=OFF)
execute_process(COMMAND ${clash} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
file(REMOVE_RECURSE "${BUILD}-clash")
string(REGEX REPLACE "[ \n]+" " " out "${out}")  # CMake wraps its messages
if(rc EQUAL 0 OR NOT out MATCHES "DUNGEN_BUILD_CLI is ON and needs DUNGEN_BUILD_RENDER")
  message(FATAL_ERROR "the CLI without render configured, or failed without naming why:\n${out}")
endif()
message(STATUS "the CLI without render: refused, naming DUNGEN_BUILD_RENDER")

if(NOT FULL)
  return()
endif()
foreach(command
    "--build;${BUILD}"
    "--install;${BUILD};--prefix;${BUILD}/prefix")
  execute_process(COMMAND "${CMAKE_COMMAND}" ${command} RESULT_VARIABLE rc OUTPUT_VARIABLE out
    ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake ${command} (core only) failed:\n${out}")
  endif()
endforeach()
foreach(consumer core io)
  execute_process(COMMAND "${CMAKE_COMMAND}" -DPREFIX=${BUILD}/prefix
    -DSOURCE=${CMAKE_CURRENT_LIST_DIR}/${consumer} -DBUILD=${BUILD}/consumer-${consumer}
    -DPROGRAM=${consumer}_consumer -DARGS=. -DGENERATOR=${GENERATOR}
    -P ${CMAKE_CURRENT_LIST_DIR}/build_and_run.cmake RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the ${consumer} consumer failed against the core-only install")
  endif()
endforeach()
execute_process(COMMAND "${CMAKE_COMMAND}" -DSOURCE=${CMAKE_CURRENT_LIST_DIR}/core
  -DBUILD=${BUILD}/subproject-core -DPROGRAM=core_consumer -DGENERATOR=${GENERATOR}
  -DCONFIGURE=-DDUNGEN_SOURCE=${SOURCE} -P ${CMAKE_CURRENT_LIST_DIR}/build_and_run.cmake
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the core consumer failed with dungen as its subproject")
endif()
