// A game's use of dungen: load a preset (a file, or a share string), generate its map without
// recording steps, walk it from the player's start, and print it with the reachable cells.
//   game [PRESET.json | SHARE-STRING]
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

#include <dungen/core/runner.hpp>
#include <dungen/core/version.hpp>
#include <dungen/io/preset.hpp>

int main(int argc, char** argv) {
  const std::string arg = argc > 1 ? argv[1] : "rooms-and-tunnels?seed=7";
  // The preset, or the error in one line (dungen's error style: a value, never an exception).
  const dungen::Checked<dungen::Preset> loaded =
      arg.ends_with(".json") ? dungen::read_preset_file(arg) : dungen::parse_share_string(arg);
  if (!loaded) {
    std::fprintf(stderr, "game: %s\n", loaded.error().message.c_str());
    return 2;
  }
  const dungen::Preset& preset = *loaded;
  dungen::Stepper run =
      dungen::start_generator(*preset.generator, preset.params, preset.seed, false);
  dungen::run_to_end(run);
  const dungen::Grid& map = run.grid();

  // Walk: every cell reachable from the start (or the first walkable cell), breadth first.
  std::vector<char> seen(map.size(), 0);
  std::deque<dungen::Point> todo;
  dungen::Point start = run.layout().start.value_or(dungen::Point{-1, -1});
  for (std::size_t i = 0; start.x < 0 && i < map.size(); ++i)
    if (dungen::is_walkable(map.tile(i))) start = map.point(i);
  if (start.x >= 0) todo.push_back(start), seen[map.index(start.x, start.y)] = 1;
  std::size_t reached = 0;
  for (; !todo.empty(); todo.pop_front(), ++reached) {
    for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
      const dungen::Point n{todo.front().x + dx, todo.front().y + dy};
      if (!map.in_bounds(n) || seen[map.index(n.x, n.y)] ||
          !dungen::is_walkable(map.tile(map.index(n.x, n.y))))
        continue;
      seen[map.index(n.x, n.y)] = 1;
      todo.push_back(n);
    }
  }
  for (int y = 0; y < map.height(); ++y, std::putchar('\n'))
    for (int x = 0; x < map.width(); ++x)
      std::putchar(start.x == x && start.y == y ? '@'
                                                : dungen::tile_glyph(map.tile(map.index(x, y))));
  std::printf("dungen %s, %s: %zu of %zu walkable cells reachable from the start\n",
              std::string(dungen::version()).c_str(), dungen::share_string(preset).c_str(), reached,
              map.count_walkable());
}
