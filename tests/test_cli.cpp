#include <gtest/gtest.h>

#include <sys/wait.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>

#include "analysis/region_stepper.hpp"
#include "cli/cli.hpp"
#include "cli_test_support.hpp"
#include "core/runner.hpp"
#include "core/version.hpp"
#include "generators/registry.hpp"
#include "io/map_export.hpp"
#include "io/trace.hpp"
#include "script/shipped_scripts.hpp"

using namespace dungen;
using nlohmann::json;

namespace {

using cli_test::bad;
using cli_test::Result;
using cli_test::run;

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

}  // namespace

TEST(Cli, ListNamesEveryGeneratorWithADescriptionThenTheShippedScripts) {
  const Result r = run({"list"});
  EXPECT_EQ(r.code, 0);
  const auto ls = lines(r.out);
  ASSERT_GE(ls.size(), all_generators().size());
  for (std::size_t i = 0; i < all_generators().size(); ++i) {
    EXPECT_EQ(ls[i].rfind(std::string(all_generators()[i]->name), 0), 0u) << ls[i];
    EXPECT_GT(ls[i].size(), all_generators()[i]->name.size() + 10);
  }
  // Then a blank line, the scripts' heading, and every shipped script, marked: the mazes exist
  // only as scripts and run by name; the drunkard's walk twin is named by its file.
  ASSERT_EQ(ls.size(), all_generators().size() + 2 + script::shipped_scripts().size());
  EXPECT_EQ(ls[all_generators().size()], "");
  EXPECT_EQ(ls[all_generators().size() + 1].rfind("scripts (Lua, in ", 0), 0u);
  for (const char* maze :
       {"recursive-backtracker (script)", "prims-maze (script)", "kruskals-maze (script)"}) {
    EXPECT_NE(r.out.find(std::string("\n") + maze + "  "), std::string::npos) << maze;
  }
  EXPECT_NE(r.out.find("\ndrunkards-walk.lua "), std::string::npos);
  const Result maze = run({"generate", "prims-maze", "--width", "11", "--height", "7"});
  EXPECT_EQ(maze.code, 0) << maze.err;
  EXPECT_EQ(lines(maze.out).size(), 7u);
  EXPECT_EQ(run({"generate", "nosuch"}).err.find("prims-maze") != std::string::npos, true);
}

TEST(Cli, TextOutputIsOneLinePerRowWithDocumentedGlyphs) {
  const Result r = run({"generate", "rooms-and-tunnels"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto ls = lines(r.out);
  ASSERT_EQ(ls.size(), 45u);
  for (const auto& l : ls) {
    ASSERT_EQ(l.size(), 80u);
    EXPECT_EQ(l.find_first_not_of("#.,"), std::string::npos) << l;
  }
  EXPECT_NE(r.out.find('.'), std::string::npos);
}

TEST(Cli, DefaultSeedIsFixedSoTwoRunsAgree) {
  EXPECT_EQ(run({"generate", "rooms-and-tunnels"}).out, run({"generate", "rooms-and-tunnels"}).out);
  EXPECT_EQ(run({"generate", "rooms-and-tunnels"}).out,
            run({"generate", "rooms-and-tunnels", "--seed", std::to_string(kDefaultSeed)}).out);
  EXPECT_NE(run({"generate", "rooms-and-tunnels", "--seed", "2"}).out,
            run({"generate", "rooms-and-tunnels", "--seed", "3"}).out);
}

TEST(Cli, ParametersAreKebabCaseFlags) {
  const Result r =
      run({"generate", "rooms-and-tunnels", "--width", "40", "--height", "20", "--max-rooms", "5",
           "--room-min-size", "4", "--room-max-size", "6", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["width"], 40);
  EXPECT_EQ(j["params"]["max_rooms"], 5);
  EXPECT_EQ(j["params"]["room_max_size"], 6);
  EXPECT_LE(j["rooms"].size(), 5u);
}

TEST(Cli, JsonHasEveryDocumentedField) {
  const Result r = run({"generate", "rooms-and-tunnels", "--seed", "9", "--format", "json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["generator"], "rooms-and-tunnels");
  EXPECT_EQ(j["seed"], 9);
  EXPECT_EQ(j["width"], 80);
  EXPECT_EQ(j["height"], 45);
  for (const char* k : {"width", "height", "max_rooms", "room_min_size", "room_max_size"}) {
    EXPECT_TRUE(j["params"].contains(k)) << k;
  }
  EXPECT_EQ(j["legend"]["#"], "wall");
  EXPECT_EQ(j["legend"]["."], "floor");
  EXPECT_EQ(j["legend"]["+"], "door");
  ASSERT_EQ(j["tiles"].size(), 45u);
  EXPECT_EQ(j["tiles"][0].get<std::string>().size(), 80u);
  EXPECT_GT(j["steps"].get<int>(), 30);
  ASSERT_GE(j["rooms"].size(), 1u);
  for (const auto& room : j["rooms"]) {
    for (const char* k : {"x", "y", "w", "h"}) EXPECT_TRUE(room.contains(k)) << k;
  }
  const double ff = j["stats"]["floor_fraction"];
  EXPECT_GT(ff, 0.0);
  EXPECT_LT(ff, 1.0);
  // The text tiles and the floor fraction agree.
  int walkable = 0;
  for (const auto& row : j["tiles"]) {
    for (char c : row.get<std::string>()) walkable += (c == '.' || c == ',' || c == '+');
  }
  EXPECT_NEAR(ff, walkable / (80.0 * 45.0), 1e-5);
  EXPECT_EQ(j["stats"]["rooms"], j["rooms"].size());
  EXPECT_EQ(j["start"]["x"].is_number(), true);
}

TEST(Cli, OutWritesTheSameDocumentToAFile) {
  const auto path = std::filesystem::temp_directory_path() / "dungen_cli_test_out.json";
  std::filesystem::remove(path);
  const Result r =
      run({"generate", "rooms-and-tunnels", "--format", "json", "--out", path.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.out.empty());
  std::ifstream f(path);
  std::stringstream content;
  content << f.rdbuf();
  EXPECT_EQ(content.str(), run({"generate", "rooms-and-tunnels", "--format", "json"}).out);
  std::filesystem::remove(path);
}

TEST(Cli, HelpListsEveryParameterWithRangeAndDefault) {
  const Result r = run({"generate", "rooms-and-tunnels", "--help"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("--max-rooms N"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[1..10000, default 30]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("--room-min-size"), std::string::npos);
  EXPECT_NE(r.out.find("--width"), std::string::npos);
  EXPECT_NE(r.out.find("--seed"), std::string::npos);
}

// What each spec declares for the shared tests and the docs is there, and --help prints the
// worst case from the spec (docs/ADDING_A_GENERATOR.md points there instead of keeping a table).
TEST(Cli, EveryGeneratorsHelpSaysItsWorstCaseAndWhatBoundsIt) {
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(std::string(spec->name));
    EXPECT_TRUE(spec->promises) << "the sweep needs its map promises";
    ASSERT_FALSE(spec->worst_case.empty());
    ASSERT_FALSE(spec->bounded_by.empty());
    for (const char* command : {"generate", "record", "sweep"}) {
      const Result r = run({command, std::string(spec->name), "--help"});
      ASSERT_EQ(r.code, 0) << r.err;
      EXPECT_NE(
          r.out.find("Worst-case work (C = width x height): " + std::string(spec->worst_case) +
                     ".\nBounded by " + std::string(spec->bounded_by) + ".\n"),
          std::string::npos)
          << r.out;
    }
  }
}

TEST(Cli, BadInputIsExitTwoWithOneLineSayingWhatIsAllowed) {
  EXPECT_NE(bad({"generate", "nope"}).find("unknown generator 'nope': allowed rooms-and-tunnels"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--bogus", "1"}).find("unknown flag '--bogus'"),
            std::string::npos);
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--max-rooms", "0"}),
            "dungen: --max-rooms 0 is out of range: allowed 1..10000\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--max-rooms", "many"}),
            "dungen: --max-rooms 'many' is not a whole number: allowed 1..10000\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--max-rooms", "3.5"}),
            "dungen: --max-rooms '3.5' is not a whole number: allowed 1..10000\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--width", "100000"}),
            "dungen: --width 100000 is out of range: allowed 4..4096\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--width", "99999999999999999999999"}),
            "dungen: --width 99999999999999999999999 is out of range: allowed 4..4096\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--room-min-size", "11"}),
            "dungen: --room-min-size 11 is greater than --room-max-size 10: allowed up to 10\n");
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--room-max-size", "50"}).find("does not fit"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--format", "xml"})
                .find("allowed text, json, png or tmj"),
            std::string::npos);
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--seed", "-4"}),
            "dungen: --seed -4 is out of range: allowed 0..18446744073709551615\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--seed", "99999999999999999999999"}),
            "dungen: --seed 99999999999999999999999 is out of range: allowed "
            "0..18446744073709551615\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--seed", "7x"}),
            "dungen: --seed '7x' is not a whole number: allowed 0..18446744073709551615\n");
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--max-rooms"}).find("needs a value"),
            std::string::npos);
  // Unknown whatever follows: alone at the end it is not "short of a value".
  EXPECT_EQ(
      bad({"generate", "rooms-and-tunnels", "--bogus"}).rfind("dungen: unknown flag '--bogus'", 0),
      0u);
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--bogus", "--regions"})
                .rfind("dungen: unknown flag '--bogus'", 0),
            0u);
  EXPECT_NE(bad({"frobnicate"}).find("unknown command"), std::string::npos);
  EXPECT_NE(bad({"generate"}).find("needs a generator name"), std::string::npos);
}

TEST(Cli, ContradictoryFlagsAreExitTwo) {
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--seed", "1", "--seed", "2"}),
            "dungen: --seed is given twice ('1', then '2'): give it once\n");
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--format", "json", "--format", "text"})
                .find("given twice"),
            std::string::npos);
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--max-rooms", "3", "--max_rooms", "4"})
                .find("given twice"),
            std::string::npos);
  // Any repeat is an error naming the flag, the same value twice too (it is a slip), and
  // switches and files alike: "--out a --out b" would silently drop one file.
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--seed", "3", "--seed=3"}),
            "dungen: --seed is given twice ('3', then '3'): give it once\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--out", "a", "--out", "b"}),
            "dungen: --out is given twice ('a', then 'b'): give it once\n");
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--regions", "--regions"}),
            "dungen: --regions is given twice: give it once\n");
  // The map and its trace in one file would overwrite each other.
  const std::string path =
      (std::filesystem::temp_directory_path() / "dungen_cli_same.txt").string();
  std::filesystem::remove(path);
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--out", path, "--trace", path})
                .find("need two different files"),
            std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(path));
  // Spelt two ways before the file exists: a relative name and ./ (or the absolute path).
  const std::string rel = "dungen_cli_same_rel.txt";
  std::filesystem::remove(rel);
  for (const std::string& other : {"./" + rel, std::filesystem::absolute(rel).string()}) {
    EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--out", rel, "--trace", other})
                  .find("need two different files"),
              std::string::npos)
        << other;
  }
  EXPECT_FALSE(std::filesystem::exists(rel));
  // A tmj output's tilesets are its files too.
  const auto dir = std::filesystem::temp_directory_path();
  const std::string tmj = (dir / "dungen_cli_m.tmj").string();
  for (const char* tileset : {"dungen_cli_m-tiles.tsj", "dungen_cli_m-rooms.png"}) {
    const std::string trace = (dir / tileset).string();
    EXPECT_NE(
        bad({"generate", "rooms-and-tunnels", "--format", "tmj", "--out", tmj, "--trace", trace})
            .find("is a tileset --out"),
        std::string::npos)
        << tileset;
    EXPECT_FALSE(std::filesystem::exists(trace));
  }
  EXPECT_FALSE(std::filesystem::exists(tmj));
}

TEST(Cli, UnwritableOutIsAnErrorAndLeavesNoFile) {
  const std::string path = "/nonexistent-dir-for-dungen/x.txt";
  const std::string err = bad({"generate", "rooms-and-tunnels", "--out", path});
  EXPECT_NE(err.find("--out '" + path + "' cannot be written"), std::string::npos) << err;
  EXPECT_FALSE(std::filesystem::exists(path));
  // A directory is not a file either.
  const std::string dir = std::filesystem::temp_directory_path().string();
  EXPECT_NE(bad({"generate", "rooms-and-tunnels", "--out", dir}).find("cannot be written"),
            std::string::npos);
}

TEST(Cli, TheRealBinaryExitsTwoOnBadInputAndZeroOnSuccess) {
  const std::string cli = DUNGEN_CLI_PATH;
  int status = std::system((cli + " generate nope 2>/dev/null").c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  status = std::system((cli + " generate rooms-and-tunnels --width 5000 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
  status = std::system((cli + " list >/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

// A reader that stops early (`| head -c 10`): exit 2 and one line saying so, not death by
// SIGPIPE (exit 141, nothing said).
TEST(Cli, AClosedPipeIsAnErrorInOneLine) {
  const std::string cli = DUNGEN_CLI_PATH;
  const auto dir = std::filesystem::temp_directory_path() / "dungen_cli_test_pipe";
  std::filesystem::create_directories(dir);
  const std::string status_file = (dir / "status").string(), err_file = (dir / "err").string();
  const std::string cmd = "(" + cli + " generate cellular-caves --width 600 --height 600 2>" +
                          err_file + "; echo $? >" + status_file + ") | head -c 10 >/dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  std::ifstream status_in(status_file), err_in(err_file);
  int code = -1;
  status_in >> code;
  EXPECT_EQ(code, 2);
  const std::string err((std::istreambuf_iterator<char>(err_in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  EXPECT_NE(err.find("standard output cannot be written"), std::string::npos) << err;
  std::filesystem::remove_all(dir);
}

namespace {

std::filesystem::path temp_file(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("dungen_cli_test_" + name);
}

std::vector<json> read_trace(const std::filesystem::path& path) {
  std::vector<json> out;
  std::ifstream f(path);
  for (std::string line; std::getline(f, line);) out.push_back(json::parse(line));
  return out;
}

}  // namespace

TEST(CliTrace, OneJsonLinePerStepAndTheMapIsTheSameWithOrWithout) {
  const auto path = temp_file("trace.jsonl");
  std::filesystem::remove(path);
  const Result plain = run({"generate", "rooms-and-tunnels", "--seed", "3", "--format", "json"});
  const Result traced = run({"generate", "rooms-and-tunnels", "--seed", "3", "--format", "json",
                             "--trace", path.string()});
  ASSERT_EQ(traced.code, 0) << traced.err;
  EXPECT_EQ(traced.out, plain.out);  // byte-identical
  EXPECT_EQ(run({"generate", "rooms-and-tunnels", "--seed", "3", "--trace", path.string()}).out,
            run({"generate", "rooms-and-tunnels", "--seed", "3"}).out);

  const json doc = json::parse(plain.out);
  const std::vector<json> trace = read_trace(path);
  ASSERT_EQ(trace.size(), doc["steps"].get<std::size_t>());
  const GeneratorSpec& spec = *find_generator("rooms-and-tunnels");
  const auto code = spec.narration.pseudocode;
  // Replaying the trace's tile changes onto the background gives the map.
  std::vector<std::string> tiles(45, std::string(80, '#'));
  for (std::size_t i = 0; i < trace.size(); ++i) {
    const json& t = trace[i];
    EXPECT_EQ(t["step"], i + 1);
    EXPECT_EQ(t["algorithm"], "rooms-and-tunnels");
    const int line = t["line"];
    ASSERT_GE(line, 1);
    ASSERT_LE(line, static_cast<int>(code.size()));
    EXPECT_EQ(t["code"], std::string(code[static_cast<std::size_t>(line - 1)]));
    EXPECT_FALSE(t["words"].get<std::string>().empty());
    EXPECT_TRUE(t["draws"].is_object());
    EXPECT_TRUE(t["level"] == "cell" || t["level"] == "action" || t["level"] == "feature" ||
                t["level"] == "phase");
    for (const json& c : t["changes"]) {
      if (!c.contains("tile")) continue;
      const std::string tile = c["tile"];
      // A run: "n" cells from (x, y) to the right changed alike.
      const std::size_t n = c.value("n", std::size_t{1});
      EXPECT_NE(n, 0u);
      for (std::size_t k = 0; k < n; ++k) {
        tiles[c["y"].get<std::size_t>()][c["x"].get<std::size_t>() + k] = tile == "floor" ? '.'
                                                                          : tile == "corridor"
                                                                              ? ','
                                                                              : '#';
      }
    }
  }
  for (std::size_t y = 0; y < tiles.size(); ++y) EXPECT_EQ(tiles[y], doc["tiles"][y]) << y;
  // The size draws are on the steps that say so.
  const auto sized = std::find_if(trace.begin(), trace.end(),
                                  [](const json& t) { return t["draws"].contains("w"); });
  ASSERT_NE(sized, trace.end());
  EXPECT_TRUE((*sized)["draws"].contains("h"));
  EXPECT_NE((*sized)["words"].get<std::string>().find(
                "w = " + std::to_string((*sized)["draws"]["w"].get<int>())),
            std::string::npos);
  std::filesystem::remove(path);
}

// A trace's changes, runs ("n" cells to the right changed alike) expanded, are exactly the
// step's changes in order, for every generator and the flood fill: each cell and the layers
// that changed, with their new values.
TEST(CliTrace, RunsExpandToExactlyTheStepsChanges) {
  std::uint64_t runs = 0, cells = 0;
  for (const GeneratorSpec* spec : all_generators()) {
    SCOPED_TRACE(std::string(spec->name));
    ParamValues params = spec->schema.defaults();
    params.set("width", 40);
    params.set("height", 30);
    Stepper gen = start_generator(*spec, params, 5, /*record_changes=*/true);
    for (std::uint64_t number = 1; const Step* step = gen.next(); ++number) {
      std::string line;
      write_trace_line({number, spec->name, *step, gen.draws(), gen.changes()}, spec->narration,
                       gen.params(), gen.grid(), [&](std::string_view piece) { line += piece; });
      const json t = json::parse(line);
      std::vector<json> expanded;
      for (const json& c : t["changes"]) {
        const int n = c.value("n", 1);
        ASSERT_GE(n, 1);
        runs += n > 1;
        for (int k = 0; k < n; ++k) {
          json one = c;
          one.erase("n");
          one["x"] = c["x"].get<int>() + k;
          expanded.push_back(one);
        }
      }
      ASSERT_EQ(expanded.size(), gen.changes().size()) << line;
      for (std::size_t i = 0; i < expanded.size(); ++i) {
        const CellChange& c = gen.changes()[i];
        const Point p = gen.grid().point(c.index);
        json want = {{"x", p.x}, {"y", p.y}};
        if (c.before.tile != c.after.tile) want["tile"] = std::string(tile_name(c.after.tile));
        if (c.before.label != c.after.label) want["label"] = c.after.label;
        if (c.before.region != c.after.region) want["region"] = c.after.region;
        if (c.before.mark != c.after.mark) {
          const Mark m = c.after.mark;
          want["mark"] = m == Mark::Frontier    ? "frontier"
                         : m == Mark::Connector ? "connector"
                         : m == Mark::DeadEnd   ? "dead-end"
                                                : "none";
        }
        ASSERT_EQ(expanded[i], want) << "step " << number << ", change " << i;
        ++cells;
      }
    }
  }
  EXPECT_GT(runs, 100u);  // rooms and rows of passes are runs
  EXPECT_GT(cells, runs);
}

TEST(CliTrace, EveryPseudocodeLineOfEveryGeneratorAppearsOverSeeds1To20) {
  // Lines that only some settings perform (the border rule, the boxed-in modes, cell-by-cell
  // caves) are reached by the flag sets each generator's spec declares (line_settings), beside the
  // defaults; the flood fill by --regions.
  const auto path = temp_file("trace_all.jsonl");
  std::map<std::string, std::set<int>> seen;
  // Thousands of lines a run: read just the two fields (full JSON parsing is checked above).
  const auto field = [](const std::string& line, const std::string& key) {
    const std::size_t at = line.find("\"" + key + "\":");
    EXPECT_NE(at, std::string::npos) << key;
    return line.substr(at + key.size() + 3, line.find(',', at) - (at + key.size() + 3));
  };
  for (const GeneratorSpec* spec : all_generators()) {
    const std::string name(spec->name);
    std::vector<std::vector<std::string_view>> settings = {{}};
    settings.insert(settings.end(), spec->line_settings.begin(), spec->line_settings.end());
    for (const auto& extra : settings) {
      for (int seed = 1; seed <= 20; ++seed) {
        std::vector<std::string> args = {"generate",           name,      "--seed",
                                         std::to_string(seed), "--trace", path.string()};
        if (seed == 1) args.push_back("--regions");  // the flood fill's steps follow
        args.insert(args.end(), extra.begin(), extra.end());
        const Result r = run(args);
        ASSERT_EQ(r.code, 0) << r.err;
        std::ifstream f(path);
        for (std::string line; std::getline(f, line);) {
          seen[field(line, "algorithm")].insert(std::stoi(field(line, "line")));
        }
      }
    }
    EXPECT_EQ(seen["\"" + name + "\""].size(), spec->narration.pseudocode.size()) << name;
  }
  EXPECT_EQ(seen["\"regions\""].size(), region_narration().pseudocode.size());
  std::filesystem::remove(path);
}

TEST(CliTrace, AnUnwritableTracePathIsExitTwoAndNothingIsWritten) {
  const std::string path = "/nonexistent-dir-for-dungen/t.jsonl";
  const std::string err = bad({"generate", "rooms-and-tunnels", "--trace", path});
  EXPECT_NE(err.find("--trace '" + path + "' cannot be written"), std::string::npos) << err;
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(CliStats, JsonStatsAreTheGeneratorsOwnRows) {
  for (const GeneratorSpec* spec : all_generators()) {
    const Result r = run({"generate", std::string(spec->name), "--format", "json"});
    ASSERT_EQ(r.code, 0) << r.err;
    const json stats = json::parse(r.out)["stats"];
    EXPECT_TRUE(stats.contains("floor_fraction"));
    // Exactly floor_fraction and the generator's rows: nothing generic that means nothing.
    std::set<std::string> keys = {"floor_fraction"};
    ParamValues p = spec->schema.defaults();
    Stepper s = start_generator(*spec, p, kDefaultSeed, false);
    for (const StatRow& row : spec->narration.stat_rows(s.stats(), p)) keys.insert(row.key);
    std::set<std::string> got;
    for (const auto& [k, v] : stats.items()) got.insert(k);
    EXPECT_EQ(got, keys) << spec->name;
  }
}

namespace dungen {
namespace {

// The version comes from CMake's project(VERSION): the same string in the library and the CLI.
TEST(Cli, VersionPrintsTheProjectVersion) {
  const Result r = run({"--version"});
  EXPECT_EQ(r.code, kExitOk);
  EXPECT_EQ(r.out, "dungen " + std::string(version()) + "\n");
  EXPECT_EQ(std::string(version()).find_first_not_of("0123456789."), std::string::npos);
  EXPECT_NE(bad({"--version", "extra"}).find("--version takes no arguments"), std::string::npos);
}

}  // namespace
}  // namespace dungen

// Issue 28: `generate --fork STEP:NAME=VALUE` is the run start_generator makes with that fork;
// a fork that changes nothing is a note on stderr, not an error; bad text is one line, exit 2.
TEST(Cli, ForkRunsTheGeneratorWithThatDrawChanged) {
  const GeneratorSpec& spec = *find_generator("rooms-and-tunnels");
  const ParamValues params = spec.schema.defaults();
  // The first step that drew a room's width, and a width it did not draw.
  Stepper plain = start_generator(spec, params, 9);
  std::optional<DrawFork> fork;
  for (std::uint64_t k = 1; !fork && plain.next(); ++k) {
    for (const Draw& d : plain.draws()) {
      if (d.name == "w" && d.drawn() && d.lo < d.hi) {
        fork = DrawFork{k, "w", 1, d.value == d.hi ? d.lo : d.hi};
        break;
      }
    }
  }
  ASSERT_TRUE(fork);
  const auto expected = [&](const DrawFork* f) {
    Stepper s = start_generator(spec, params, 9, false, f);
    const std::uint64_t steps = run_to_end(s).steps;
    return to_json(
        MapExport{spec, params, 9, s.grid(), s.layout(), steps, s.stats(), nullptr, {}, f});
  };
  const Result r = run({"generate", "rooms-and-tunnels", "--seed", "9", "--format", "json",
                        "--fork", fork_text(*fork)});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  EXPECT_EQ(r.out, expected(&*fork));
  EXPECT_EQ(json::parse(r.out)["fork"], fork_text(*fork));
  EXPECT_NE(r.out, expected(nullptr));
  // The same from a share string's fork.
  const Result shared =
      run({"generate", "--share", "rooms-and-tunnels?seed=9&fork=" + fork_text(*fork), "--format",
           "json"});
  ASSERT_EQ(shared.code, 0) << shared.err;
  EXPECT_EQ(shared.out, r.out);
  // A fork the run never reaches, or whose step draws no such value: the plain map and a note.
  const Result plain_text = run({"generate", "rooms-and-tunnels", "--seed", "9"});
  for (const std::string& f : {std::string("999999:w=3"), std::to_string(fork->step) + ":zz=3"}) {
    SCOPED_TRACE(f);
    const Result noted = run({"generate", "rooms-and-tunnels", "--seed", "9", "--fork", f});
    ASSERT_EQ(noted.code, 0) << noted.err;
    EXPECT_EQ(noted.out, plain_text.out);
    EXPECT_EQ(lines(noted.err).size(), 1u) << noted.err;
    EXPECT_EQ(noted.err.rfind("dungen: note: --fork " + f + " changed nothing: ", 0), 0u)
        << noted.err;
  }
  EXPECT_EQ(bad({"generate", "rooms-and-tunnels", "--fork", "12:w"}),
            "dungen: --fork: fork '12:w' is not STEP:NAME=VALUE: allowed STEP:NAME=VALUE, e.g. "
            "12:w=9 (STEP a step number from 1, NAME a draw the step lists, NAME#2 its second "
            "draw of that name, VALUE a whole number)\n");
}
