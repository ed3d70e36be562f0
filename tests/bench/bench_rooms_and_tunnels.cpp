#include "bench_support.hpp"
#include "generators/rooms_and_tunnels.hpp"

namespace {

// Rooms and tunnels at the tutorial's 80x45 and at 1024x1024 (same room counts and sizes, so the
// large map measures the cost of the map itself: allocation and the wall fill).
const int registered = [] {
  using namespace dungen;
  const GeneratorSpec& spec = rooms_and_tunnels_spec();
  bench::register_memcpy(80, 45);
  bench::register_memcpy(1024, 1024);
  bench::register_generator(spec, bench::sized(spec, 80, 45), "rooms-and-tunnels");
  bench::register_generator(spec, bench::sized(spec, 1024, 1024), "rooms-and-tunnels");
  bench::register_stepped_parts(spec, bench::sized(spec, 1024, 1024), "rooms-and-tunnels");
  return 0;
}();

}  // namespace
