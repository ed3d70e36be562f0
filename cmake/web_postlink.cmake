# Run after each link of the browser build (POST_BUILD in src/app/CMakeLists.txt):
#   cmake -DDUNGEN_WEB_BASE=<build folder>/dungen -P web_postlink.cmake
# 1. Writes the byte sizes of dungen.wasm and dungen.data into dungen.html in place of
#    `0 /*DUNGEN_WASM_BYTES*/` and `0 /*DUNGEN_DATA_BYTES*/`, so the page's progress bar knows the
#    totals even where a server sends no Content-Length (compressed). A page without the tokens is
#    left as it is.
# 2. Writes FILE.gz (gzip -9) and FILE.br (brotli, best quality; skipped with a note where brotli
#    is missing) next to dungen.html, .js, .wasm and .data, for servers that send precompressed
#    files (scripts/web_serve.py, or a static host set up for it). The link step removes the old
#    copies first (PRE_LINK), so none is ever older than its file.

if(NOT DUNGEN_WEB_BASE)
  message(FATAL_ERROR "web_postlink.cmake: give -DDUNGEN_WEB_BASE=<folder>/dungen")
endif()
set(html "${DUNGEN_WEB_BASE}.html")
if(NOT EXISTS "${html}")
  message(FATAL_ERROR "web_postlink.cmake: ${html} is missing")
endif()

function(byte_size file out)
  set(bytes 0)
  if(EXISTS "${file}")
    file(SIZE "${file}" bytes)
  endif()
  set(${out} ${bytes} PARENT_SCOPE)
endfunction()

byte_size("${DUNGEN_WEB_BASE}.wasm" wasm_bytes)
byte_size("${DUNGEN_WEB_BASE}.data" data_bytes)
file(READ "${html}" page)
string(REPLACE "0 /*DUNGEN_WASM_BYTES*/" "${wasm_bytes}" sized "${page}")
string(REPLACE "0 /*DUNGEN_DATA_BYTES*/" "${data_bytes}" sized "${sized}")
if(NOT sized STREQUAL page)
  file(WRITE "${html}" "${sized}")
endif()

find_program(gzip_program gzip REQUIRED)
find_program(brotli_program brotli)
if(NOT brotli_program)
  message(STATUS "web_postlink: no brotli here, so no .br files (apt-get install brotli)")
endif()
foreach(suffix IN ITEMS html js wasm data)
  set(file "${DUNGEN_WEB_BASE}.${suffix}")
  file(REMOVE "${file}.gz" "${file}.br")
  if(NOT EXISTS "${file}")  # no .data when nothing is preloaded
    continue()
  endif()
  # -n: no name or time inside, so the same file gives the same .gz.
  execute_process(COMMAND "${gzip_program}" -9 -k -f -n "${file}" COMMAND_ERROR_IS_FATAL ANY)
  if(brotli_program)
    execute_process(COMMAND "${brotli_program}" --best -k -f "${file}" COMMAND_ERROR_IS_FATAL ANY)
  endif()
endforeach()
