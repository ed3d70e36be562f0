#include "app/download.hpp"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#endif

namespace dungen::app {

void offer_download(const std::string& path) {
#if defined(__EMSCRIPTEN__)
  // clang-format off
  EM_ASM({
    var path = UTF8ToString($0);
    var blob = new Blob([FS.readFile(path)], {type: 'application/octet-stream'});
    var link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = path.split('/').pop();
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function() { URL.revokeObjectURL(link.href); }, 10000);
  }, path.c_str());
  // clang-format on
#else
  (void)path;
#endif
}

bool files_are_downloads() {
#if defined(__EMSCRIPTEN__)
  return true;
#else
  return false;
#endif
}

}  // namespace dungen::app
