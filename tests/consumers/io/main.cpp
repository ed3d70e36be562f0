// A game's use of dungen::io, built against the installed package by a project that sets no C++
// standard (ctest consumer.io): it generates a cave, writes it as a text file and a JSON file with
// the streaming writers, reads both back and checks them against the map in memory.
//   io_consumer FOLDER   (the files are written there)
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <dungen/core/runner.hpp>
#include <dungen/generators/registry.hpp>
#include <dungen/io/map_export.hpp>

static_assert(__cplusplus >= 202002L, "dungen::io did not bring C++20 with it");

namespace {

int failures = 0;

void check(bool kept, const std::string& what) {
  if (kept) return;
  ++failures;
  std::printf("FAILED: %s\n", what.c_str());
}

// Streams one export into a file, piece by piece, as a game saving a level would.
bool write_file(const std::string& path, const dungen::MapExport& map,
                void (*write)(const dungen::MapExport&, const dungen::TextSink&)) {
  std::ofstream out(path, std::ios::binary);
  write(map, [&out](std::string_view piece) { out.write(piece.data(), piece.size()); });
  out.close();
  return static_cast<bool>(out);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int main(int argc, char** argv) {
  const std::string folder = argc > 1 ? argv[1] : ".";
  const dungen::GeneratorSpec* caves = dungen::find_generator("cellular-caves");
  if (caves == nullptr) {
    std::printf("FAILED: cellular-caves is not registered\n");
    return 1;
  }
  constexpr std::uint64_t kSeed = 3;
  const dungen::ParamValues params = caves->schema.defaults();
  dungen::Stepper run = dungen::start_generator(*caves, params, kSeed, false);
  const dungen::RunResult result = dungen::run_to_end(run);
  const dungen::Grid& grid = run.grid();
  const dungen::MapExport map{.spec = *caves,
                              .params = params,
                              .seed = kSeed,
                              .grid = grid,
                              .layout = run.layout(),
                              .steps = result.steps,
                              .stats = run.stats()};

  // The text file: one line per row, each cell its tile's glyph (caves print no room numbers).
  const std::string text_path = folder + "/cave.txt";
  check(write_file(text_path, map, dungen::write_text), "could not write " + text_path);
  std::istringstream text(read_file(text_path));
  std::vector<std::string> rows;
  for (std::string row;
       rows.size() <= static_cast<std::size_t>(grid.height()) && std::getline(text, row);)
    rows.push_back(row);
  check(rows.size() == static_cast<std::size_t>(grid.height()),
        "the text file has " + std::to_string(rows.size()) + " rows, the map " +
            std::to_string(grid.height()));
  std::size_t wrong = 0;
  for (int y = 0; y < grid.height() && static_cast<std::size_t>(y) < rows.size(); ++y) {
    check(rows[y].size() == static_cast<std::size_t>(grid.width()),
          "row " + std::to_string(y) + " of the text file is not the map's width");
    for (int x = 0; x < grid.width() && static_cast<std::size_t>(x) < rows[y].size(); ++x)
      wrong += rows[y][x] != dungen::tile_glyph(grid.at(x, y));
  }
  check(wrong == 0, std::to_string(wrong) + " cells of the text file differ from the map");

  // The JSON file: it names the generator and the seed, and holds the same rows as the text.
  const std::string json_path = folder + "/cave.json";
  check(write_file(json_path, map, dungen::write_json), "could not write " + json_path);
  const std::string json = read_file(json_path);
  check(json.find("\"generator\": \"cellular-caves\"") != std::string::npos,
        "the JSON does not name the generator");
  check(json.find("\"seed\": 3,") != std::string::npos, "the JSON does not give the seed");
  std::size_t found = 0;
  for (const std::string& row : rows) found += json.find('"' + row + '"') != std::string::npos;
  check(found == rows.size(), "the JSON's tiles are not the text file's rows");

  std::printf("io consumer: cellular-caves seed %llu, %dx%d, written to %s and %s and read back\n",
              static_cast<unsigned long long>(kSeed), grid.width(), grid.height(),
              text_path.c_str(), json_path.c_str());
  return failures == 0 ? 0 : 1;
}
