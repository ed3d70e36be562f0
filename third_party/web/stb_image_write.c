/* The browser build's stb_image_write (third_party/web.cmake): Debian's libstb-dev header, with
   its implementation compiled here, as Debian's libstb.so does for the native build. */
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
