// The CLI's bounds on work and memory (issue 22): out of memory is its own one-line message and
// exit code with every old file kept; a trace past --trace-limit is refused, the old trace kept;
// a recording whose frames are too much work is refused before any frame, naming the --every
// that fits; --threads no more than the cores; PNG written whole through the streaming encoder.

#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "analysis/regions.hpp"
#include "cli/cli.hpp"
#include "cli_test_support.hpp"
#include "core/runner.hpp"
#include "generators/registry.hpp"
#include "png_decode.hpp"
#include "render/map_image.hpp"

#ifndef __has_feature
#define __has_feature(x) 0
#endif
#if defined(__SANITIZE_ADDRESS__) || __has_feature(address_sanitizer)
#define DUNGEN_ASAN 1  // its shadow memory needs more address space than ulimit -v leaves
#else
#define DUNGEN_ASAN 0
#endif

namespace dungen {
namespace {

using cli_test::bad;
using cli_test::Result;
using cli_test::run;

struct Folder {
  std::filesystem::path dir;
  explicit Folder(const std::string& name)
      : dir(std::filesystem::temp_directory_path() / ("dungen-test-bounds-" + name)) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ~Folder() { std::filesystem::remove_all(dir); }
  std::string path(const std::string& name) const { return (dir / name).string(); }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
  }
};

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// Runs the dungen binary through sh; its exit code and stderr.
Result shell(const std::string& command, const std::string& err_path) {
  const int status = std::system(command.c_str());
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return {code, "", read(err_path)};
}

// Out of memory (the address space cut by ulimit -v: a 4096x4096 room-accretion needs far more
// than 100 MB) is exit 3 and one line saying what to make smaller, not "std::bad_alloc" as bad
// input; the file at --out is as it was.
TEST(CliBounds, OutOfMemoryIsItsOwnLineAndExitCodeAndKeepsTheOldFile) {
  if (DUNGEN_ASAN) GTEST_SKIP() << "AddressSanitizer needs the address space ulimit -v takes";
  Folder f("oom");
  const std::string keep = f.path("keep.txt"), err = f.path("err");
  { std::ofstream(keep) << "yesterday's map"; }
  const Result r = shell("ulimit -v 100000; '" DUNGEN_CLI_PATH
                         "' generate room-accretion --width 4096 --height 4096 --out '" +
                             keep + "' 2>'" + err + "'",
                         err);
  EXPECT_EQ(r.code, kExitOutOfMemory) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(r.err.rfind("dungen: out of memory: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("--width/--height"), std::string::npos) << r.err;
  EXPECT_EQ(read(keep), "yesterday's map");
}

// The PNG is drawn and encoded a band at a time: under an address space smaller than its pixels
// (16384x8192 px is 403 MB) a 4096x2048 map at 4 px a cell is written whole; before, the whole
// picture was made first (and an encoder's empty result replaced the file with 0 bytes).
TEST(CliBounds, ABigPngIsWrittenWholeInLittleMemory) {
  if (DUNGEN_ASAN) GTEST_SKIP() << "AddressSanitizer needs the address space ulimit -v takes";
  Folder f("png");
  const std::string keep = f.path("keep.png"), err = f.path("err");
  { std::ofstream(keep) << "yesterday's map"; }
  const Result r = shell("ulimit -v 300000; '" DUNGEN_CLI_PATH
                         "' generate cellular-caves --width 4096 --height 2048 --passes 0 "
                         "--format png --cell-px 4 --out '" +
                             keep + "' 2>'" + err + "'",
                         err);
  ASSERT_EQ(r.code, kExitOk) << r.err;
  int w = 0, h = 0, comp = 0;
  ASSERT_EQ(stbi_info(keep.c_str(), &w, &h, &comp), 1);
  EXPECT_EQ(w, 16384);
  EXPECT_EQ(h, 8192);
}

// The PNG the CLI writes decodes to draw_map's pixels (regions tinted, rooms coloured).
TEST(CliBounds, PngDecodesToTheMapsPixels) {
  Folder f("png-pixels");
  const std::string out = f.path("map.png");
  const Result r = run({"generate", "room-accretion", "--seed", "3", "--regions", "--format", "png",
                        "--cell-px", "5", "--out", out});
  ASSERT_EQ(r.code, kExitOk) << r.err;
  const GeneratorSpec& spec = *find_generator("room-accretion");
  Stepper s = start_generator(spec, spec.schema.defaults(), 3, false);
  run_to_end(s);
  Grid map = s.grid();
  map.assign_regions(label_regions(map, 8).labels);
  const Image want = draw_map(map, {.cell_px = 5, .room_colours = spec.text_shows_labels});
  const Image got = test::decode_png_file(out);
  EXPECT_EQ(got.width, want.width);
  EXPECT_EQ(got.height, want.height);
  EXPECT_TRUE(got.rgb == want.rgb);
}

// A trace past --trace-limit stops the run: one line naming the flag, the old trace and map kept,
// no temporary file left. The flood fill's steps count against the same budget.
TEST(CliBounds, ATraceOverItsLimitIsRefusedAndTheOldFilesKept) {
  Folder f("trace");
  const std::string trace = f.path("t.jsonl"), out = f.path("map.txt");
  { std::ofstream(trace) << "old trace\n"; }
  { std::ofstream(out) << "old map\n"; }
  // 400x400 caves: the fill alone changes 160,000 cells (about 6 MB of trace).
  const std::string err = bad({"generate", "cellular-caves", "--width", "400", "--height", "400",
                               "--trace", trace, "--trace-limit", "1", "--out", out});
  EXPECT_NE(err.find("--trace passed 1 MB at step "), std::string::npos) << err;
  EXPECT_NE(err.find("raise --trace-limit"), std::string::npos) << err;
  EXPECT_NE(err.find("at most 65536"), std::string::npos) << err;
  EXPECT_EQ(read(trace), "old trace\n");
  EXPECT_EQ(read(out), "old map\n");
  EXPECT_EQ(f.entries(), 2u);
  // Within the limit: written whole.
  const Result ok = run({"generate", "cellular-caves", "--width", "400", "--height", "400",
                         "--trace", trace, "--trace-limit", "10"});
  ASSERT_EQ(ok.code, kExitOk) << ok.err;
  EXPECT_GT(std::filesystem::file_size(trace), std::size_t{1} << 20);
  // The regions' flood fill is traced under the same budget.
  EXPECT_NE(bad({"generate", "cellular-caves", "--width", "400", "--height", "400", "--regions",
                 "--trace", trace, "--trace-limit", "10"})
                .find("--trace passed 10 MB at step "),
            std::string::npos);
}

TEST(CliBounds, TraceLimitFlagIsChecked) {
  EXPECT_NE(bad({"generate", "cellular-caves", "--trace", "t.jsonl", "--trace-limit", "0"})
                .find("allowed 1..65536"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "cellular-caves", "--trace", "t.jsonl", "--trace-limit", "65537"})
                .find("allowed 1..65536"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "cellular-caves", "--trace-limit", "5"})
                .find("--trace-limit has no effect without --trace"),
            std::string::npos);
  EXPECT_NE(bad({"record", "cellular-caves", "--trace-limit", "5", "--out", "x.gif"})
                .find("unknown flag '--trace-limit'"),
            std::string::npos);
}

// A recording that would draw more than kMaxRecordPixels is refused before any frame (only the
// step count is worked out), naming the --every and --frames that fit; the old file is kept.
TEST(CliBounds, ARecordingTooMuchWorkIsRefusedBeforeAnyFrame) {
  Folder f("record");
  const std::string gif = f.path("run.gif");
  { std::ofstream(gif) << "old gif"; }
  // 2048x1024 px a frame, 1027 frames (one every 7 of 7176 steps): 2.15G pixels, over 2^31.
  const std::string err = bad({"record", "cellular-caves", "--width", "2048", "--height", "1024",
                               "--frames", "1100", "--cell-px", "1", "--out", gif});
  EXPECT_NE(err.find("M pixels to draw: allowed up to 2147M (--every "), std::string::npos) << err;
  EXPECT_NE(err.find("or --frames 1024 or fewer"), std::string::npos) << err;
  EXPECT_EQ(read(gif), "old gif");
  EXPECT_EQ(f.entries(), 1u);
}

// --threads is at most the cores here (more only adds memory), the range said.
TEST(CliBounds, SweepThreadsAreAtMostTheCores) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  if (cores >= 64) GTEST_SKIP() << "64 or more cores: the old cap of 64 applies";
  const std::string err = bad(
      {"sweep", "rooms-and-tunnels", "--seeds", "1..2", "--threads", std::to_string(cores + 1)});
  EXPECT_NE(err.find("allowed 0 (one per core).." + std::to_string(cores) + " (the cores here)"),
            std::string::npos)
      << err;
  EXPECT_EQ(
      run({"sweep", "rooms-and-tunnels", "--seeds", "1..2", "--threads", std::to_string(cores)})
          .code,
      kExitOk);
}

}  // namespace
}  // namespace dungen
