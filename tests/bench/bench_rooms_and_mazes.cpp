#include "bench_support.hpp"
#include "generators/rooms_and_mazes.hpp"

namespace {

// Rooms and mazes at its default 81x45 and at 1024x1024 (same room tries, so the large map is
// mostly maze: it measures the maze, the connector scan and the dead-end passes per cell).
const int registered = [] {
  using namespace dungen;
  const GeneratorSpec& spec = rooms_and_mazes_spec();
  bench::register_generator(spec, bench::sized(spec, 81, 45), "rooms-and-mazes");
  bench::register_generator(spec, bench::sized(spec, 1024, 1024), "rooms-and-mazes");
  bench::register_stepped_parts(spec, bench::sized(spec, 1024, 1024), "rooms-and-mazes");
  return 0;
}();

}  // namespace
