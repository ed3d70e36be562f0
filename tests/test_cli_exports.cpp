// The CLI's ways out (issue "take the dungeon out"): PNG, Tiled and GIF files, presets and share
// strings as the settings, sweeps; and their bad input, one line and nothing written.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "cli/cli.hpp"
#include "cli_test_support.hpp"
#include "generators/registry.hpp"
#include "lab/sweep.hpp"

namespace dungen {
namespace {

namespace fs = std::filesystem;

using cli_test::bad;
using cli_test::Result;
using cli_test::run;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("dungen-cli-exports-" + std::to_string(::getpid()));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
};

TEST(CliExports, PngIsTheMapAtCellPxAndRefusedWhenTooBig) {
  TempDir dir;
  ASSERT_EQ(run({"generate", "room-accretion", "--seed", "4", "--format", "png", "--cell-px", "3",
                 "--out", dir / "m.png"})
                .code,
            0);
  const std::string png = slurp(dir / "m.png");
  ASSERT_GT(png.size(), 24u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  // Width and height in the IHDR chunk: 64x56 cells at 3 px.
  const auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned char>(png[at]) << 24) |
           (static_cast<unsigned char>(png[at + 1]) << 16) |
           (static_cast<unsigned char>(png[at + 2]) << 8) | static_cast<unsigned char>(png[at + 3]);
  };
  EXPECT_EQ(be32(16), 192);
  EXPECT_EQ(be32(20), 168);
  { std::ofstream(dir / "keep.png") << "old"; }
  EXPECT_NE(bad({"generate", "cellular-caves", "--width", "4096", "--height", "4096", "--format",
                 "png", "--out", dir / "keep.png"})
                .find("allowed up to 16384 px a side (--cell-px 4 or less)"),
            std::string::npos);
  EXPECT_EQ(slurp(dir / "keep.png"), "old");
  EXPECT_NE(bad({"generate", "cellular-caves", "--format", "png"}).find("needs --out"),
            std::string::npos);
}

TEST(CliExports, TiledWritesTheMapAndItsTilesets) {
  TempDir dir;
  ASSERT_EQ(run({"generate", "rooms-and-tunnels", "--format=tmj", "--out=" + (dir / "l.tmj")}).code,
            0);
  for (const char* f : {"l.tmj", "l-tiles.tsj", "l-tiles.png", "l-rooms.tsj", "l-rooms.png"}) {
    EXPECT_TRUE(fs::exists(dir.path / f)) << f;
  }
  const auto map = nlohmann::json::parse(slurp(dir / "l.tmj"));
  EXPECT_EQ(map["width"], 80);
  EXPECT_EQ(map["layers"][0]["data"].size(), 80u * 45u);
}

TEST(CliExports, RecordWritesAGifAndRefusesTooManyFrames) {
  TempDir dir;
  ASSERT_EQ(run({"record", "rooms-and-tunnels", "--width", "40", "--height", "20", "--max-rooms",
                 "6", "--frames", "12", "--cell-px", "2", "--out", dir / "r.gif"})
                .code,
            0);
  const std::string gif = slurp(dir / "r.gif");
  EXPECT_EQ(gif.substr(0, 6), "GIF89a");
  EXPECT_EQ(static_cast<unsigned char>(gif[6]) | (static_cast<unsigned char>(gif[7]) << 8), 80);
  EXPECT_NE(
      bad({"record", "cellular-caves", "--step-cells", "1", "--every", "1", "--out", dir / "x.gif"})
          .find("allowed up to 3000 (--every"),
      std::string::npos);
  EXPECT_FALSE(fs::exists(dir / "x.gif"));
  EXPECT_NE(bad({"record", "cellular-caves", "--width", "1000", "--out", dir / "y.gif"})
                .find("too big for a GIF"),
            std::string::npos);
}

// A preset or share string gives exactly the run its explicit flags would; flags override it.
TEST(CliExports, PresetsAndShareStringsAreTheirFlags) {
  const Result by_flags =
      run({"generate", "cellular-caves", "--seed", "4", "--width", "48", "--height", "20",
           "--fill-percent", "48", "--regions", "--connectivity", "4", "--format", "json"});
  ASSERT_EQ(by_flags.code, 0) << by_flags.err;
  const Result by_preset =
      run({"generate", "--preset", std::string(DUNGEN_SOURCE_DIR) + "/presets/connectivity-4.json",
           "--format", "json"});
  EXPECT_EQ(by_preset.out, by_flags.out);
  const Result by_share = run(
      {"generate", "--share",
       "cellular-caves?seed=4&width=48&height=20&fill-percent=48&regions=instant&connectivity=4",
       "--format", "json"});
  EXPECT_EQ(by_share.out, by_flags.out);
  const Result overridden = run({"generate", "--share", "rooms-and-tunnels?seed=7", "--seed", "9"});
  EXPECT_EQ(overridden.out, run({"generate", "rooms-and-tunnels", "--seed", "9"}).out);
  EXPECT_NE(bad({"generate", "--preset", "a.json", "--share", "x"}).find("give one"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--share", "cellular-caves?seed=1"})
                .find("the preset is cellular-caves, not rooms-and-tunnels"),
            std::string::npos);
}

TEST(CliExports, SweepWritesARowASeedAndRefusesBadRanges) {
  // Two threads where the machine has two cores (--threads is capped at the cores), and a count
  // past the cap that every machine refuses.
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::string two = std::to_string(std::min(2u, cores));
  const std::string too_many = std::to_string(std::min(cores, kMaxSweepThreads) + 1);
  const Result csv = run({"sweep", "rooms-and-tunnels", "--seeds", "3..12", "--threads", two});
  ASSERT_EQ(csv.code, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 11);
  EXPECT_EQ(csv.out.rfind("seed,steps,floor_fraction,", 0), 0u);
  const Result one = run({"sweep", "rooms-and-tunnels", "--seeds", "3..12", "--threads", "1"});
  EXPECT_EQ(one.out, csv.out);
  const Result js = run({"sweep", "room-accretion", "--seeds", "1..5", "--format", "json"});
  const auto j = nlohmann::json::parse(js.out);
  EXPECT_EQ(j["rows"].size(), 5u);
  EXPECT_TRUE(j["summary"].contains("floor_fraction"));
  EXPECT_NE(bad({"sweep", "rooms-and-tunnels", "--seeds", "9..2"}).find("is empty"),
            std::string::npos);
  EXPECT_NE(bad({"sweep", "rooms-and-tunnels", "--seeds", "x"}).find("is not a range"),
            std::string::npos);
  EXPECT_NE(bad({"sweep", "rooms-and-tunnels"}).find("needs --seeds"), std::string::npos);
  EXPECT_NE(bad({"sweep", "rooms-and-tunnels", "--seeds", "1..2", "--threads", too_many})
                .find("out of range"),
            std::string::npos);
}

// fuzz_cli_args's finding: a --preset path with a newline made a two-line error.
TEST(CliExports, APresetPathIsShownEscapedOnOneLine) {
  EXPECT_NE(bad({"generate", "--preset=a\nb.json"}).find("'a\\nb.json': cannot be read"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "--share", "x\ny"}).find("'x\\ny' is not a generator"),
            std::string::npos);
}

TEST(CliExports, UsageNamesEveryCommand) {
  const Result r = run({"--help"});
  for (const char* c : {"generate", "record", "sweep", "--version", "--preset", "--share"}) {
    EXPECT_NE(r.out.find(c), std::string::npos) << c;
  }
}

}  // namespace
}  // namespace dungen

namespace dungen {
namespace {

// docs/json-format.md, checked field by field for every generator.
TEST(CliExports, JsonFormatTwoHasEveryLayer) {
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(spec->name);
    const Result r =
        run({"generate", std::string(spec->name), "--seed", "5", "--regions", "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["format"], 2);
    const int w = j["width"], h = j["height"];
    ASSERT_EQ(j["tiles"].size(), static_cast<std::size_t>(h));
    std::size_t walkable = 0;
    for (const auto& row : j["tiles"]) {
      const std::string s = row;
      ASSERT_EQ(s.size(), static_cast<std::size_t>(w));
      for (char c : s) {
        ASSERT_TRUE(j["legend"].contains(std::string(1, c))) << "glyph " << c;
        walkable += c == '.' || c == ',' || c == '+';
      }
    }
    if (spec->text_shows_labels) {
      ASSERT_TRUE(j.contains("labels"));
    }
    if (j.contains("labels")) {
      ASSERT_EQ(j["labels"].size(), static_cast<std::size_t>(h));
      for (const auto& row : j["labels"]) {
        ASSERT_EQ(row.size(), static_cast<std::size_t>(w));
        for (const auto& v : row) ASSERT_GE(v.get<int>(), -1);
      }
    }
    const auto& reg = j["regions"];
    ASSERT_EQ(reg["ids"].size(), static_cast<std::size_t>(h));
    int max_id = -1;
    std::size_t labelled = 0;
    for (int y = 0; y < h; ++y) {
      ASSERT_EQ(reg["ids"][y].size(), static_cast<std::size_t>(w));
      const std::string tiles = j["tiles"][y];
      for (int x = 0; x < w; ++x) {
        const int id = reg["ids"][y][x];
        const bool walk = tiles[x] == '.' || tiles[x] == ',' || tiles[x] == '+';
        ASSERT_EQ(id >= 0, walk) << x << "," << y;
        max_id = std::max(max_id, id);
        labelled += id >= 0;
      }
    }
    EXPECT_EQ(labelled, walkable);
    EXPECT_EQ(reg["count"].get<int>(), max_id + 1);
  }
}

}  // namespace
}  // namespace dungen
