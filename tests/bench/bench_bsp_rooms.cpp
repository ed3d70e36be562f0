#include "bench_support.hpp"
#include "generators/bsp_rooms.hpp"

namespace {

// BSP rooms at its default size (80x50) and at 1024x1024 with the same parameters: the
// depth limit of 8 keeps 256 leaves at most, so the large map measures big rooms and long
// corridors (cells per corridor step), not more nodes. memcpy/1024x1024 is registered by
// bench_rooms_and_tunnels.cpp.
const int registered = [] {
  using namespace dungen;
  const GeneratorSpec& spec = bsp_rooms_spec();
  bench::register_memcpy(80, 50);
  bench::register_generator(spec, bench::sized(spec, 80, 50), "bsp-rooms");
  bench::register_generator(spec, bench::sized(spec, 1024, 1024), "bsp-rooms");
  bench::register_stepped_parts(spec, bench::sized(spec, 1024, 1024), "bsp-rooms");
  return 0;
}();

}  // namespace
