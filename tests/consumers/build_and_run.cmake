# ctest consumer.* and install.example-game: configures and builds a game's project against an
# installed dungen, then runs its program. Fails on any failing step, printing its output.
#   cmake -DPREFIX=<dungen's prefix> -DSOURCE=<the game's project> -DBUILD=<scratch build>
#         -DPROGRAM=<its executable> [-DARGS=a;b] [-DEXPECT=<regex its output must match>]
#         [-DGENERATOR=Ninja] [-DCXX=<compiler>] [-DCONFIGURE=<more -D for the game>]
#         -P build_and_run.cmake

function(step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out
    WORKING_DIRECTORY "${BUILD}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE "${BUILD}")
file(MAKE_DIRECTORY "${BUILD}")
set(configure "${CMAKE_COMMAND}" -S "${SOURCE}" -B "${BUILD}" "-DCMAKE_PREFIX_PATH=${PREFIX}")
if(GENERATOR)
  list(APPEND configure -G "${GENERATOR}")
endif()
if(CXX)
  list(APPEND configure "-DCMAKE_CXX_COMPILER=${CXX}")
endif()
step("configuring ${SOURCE}" ${configure} ${CONFIGURE})
step("building ${SOURCE}" "${CMAKE_COMMAND}" --build "${BUILD}")
step("running ${PROGRAM}" "${BUILD}/${PROGRAM}" ${ARGS})
message("${out}")
if(DEFINED EXPECT AND NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "${PROGRAM}'s output does not match '${EXPECT}'")
endif()
