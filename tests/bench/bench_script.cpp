// Generators written as Lua scripts (issue 26, "fast enough to feel live"), measured the way the
// built-ins are, so that bench_main.cpp can print script / built-in ratios taken in the same run:
//
//   lua-drunkards-walk/{batch,stepped}/{80x45,1024x1024}
//       examples/generators/drunkards-walk.lua, which gives the built-in drunkard's walk bit for
//       bit (tests/test_script_parity.cpp), registered with the same helper, parameters and seeds
//       as bench_drunkards_walk.cpp registers the built-in. At 1024x1024 both stop at the
//       default max_steps: a million walk steps.
//   drunkards-walk and lua-drunkards-walk at 200x200, and the three maze scripts at 201x201
//       (odd sides fill a maze): teaching sizes. Their stepped runs (recorded, the app's path)
//       say how many steps a second a script gives against what the app plays at full speed.
//   lua-floor/{batch,stepped}/200x200
//       the least a script's step can cost: one set() and one step{} with fixed words, nothing
//       else (kFloorScript below). Every script pays this a step on top of its own Lua; what a
//       step costs past it is the script's own work.
//   lua-reload/load/80x45, lua-reload/replay/80x45
//       what the app does when drunkards-walk.lua is saved: read, parse and declare it, then
//       replay its run, recorded, at its default size (seed 1).

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bench_support.hpp"
#include "generators/drunkards_walk.hpp"
#include "script/script_generator.hpp"

namespace {

using namespace dungen;

const std::string kExamples = std::string(DUNGEN_SOURCE_DIR) + "/examples/generators/";

// The script `name` as loaded, kept for the whole program (the benchmarks hold its spec by
// reference). A script that does not load registers one benchmark that fails saying why, so a
// broken script shows in the output instead of silently missing figures; then null.
const GeneratorSpec* keep(const std::string& name,
                          const Checked<std::shared_ptr<const script::ScriptGenerator>>& loaded) {
  static std::vector<std::shared_ptr<const script::ScriptGenerator>> kept;
  if (!loaded) {
    const std::string why = name + ".lua: " + loaded.error().message;
    benchmark::RegisterBenchmark(("lua-" + name + "/load-failed").c_str(),
                                 [why](benchmark::State& st) { st.SkipWithError(why.c_str()); });
    return nullptr;
  }
  kept.push_back(*loaded);
  return &kept.back()->spec();
}

// The example script `name`.lua, loaded once for the whole program.
const GeneratorSpec* load_kept(const std::string& name) {
  return keep(name, script::ScriptGenerator::load(kExamples + name + ".lua"));
}

// The floor under every script's step: the host's path (a resume, a set, a step table read,
// the words kept, a yield) with no work of the script's own.
constexpr const char* kFloorScript = R"lua(
return {
  name = "floor",
  params = {
    { name = "width", default = 200, min = 1, max = 4096 },
    { name = "height", default = 200, min = 1, max = 4096 },
  },
  pseudocode = { "set the next cell to floor", "done" },
  run = function(p)
    for i = 0, p.width * p.height - 2 do
      set(i % p.width, i // p.width, "floor")
      step{ line = 1, words = "the next cell is floor" }
    end
    done{ line = 2, words = "every cell but the last is floor" }
  end,
}
)lua";

// The script's batch and stepped runs at w x h, as "lua-NAME/...".
void register_script(const std::string& name, int w, int h) {
  if (const GeneratorSpec* spec = load_kept(name)) {
    bench::register_generator(*spec, bench::sized(*spec, w, h), "lua-" + name);
  }
}

const int registered = [] {
  const GeneratorSpec& built_in = drunkards_walk_spec();
  for (const auto& [w, h] : {std::pair{80, 45}, std::pair{200, 200}, std::pair{1024, 1024}}) {
    register_script("drunkards-walk", w, h);
  }
  // The built-in at the teaching size (bench_drunkards_walk.cpp has the other two sizes).
  bench::register_generator(built_in, bench::sized(built_in, 200, 200), "drunkards-walk");
  for (const char* maze : {"recursive-backtracker", "prims-maze", "kruskals-maze"}) {
    register_script(maze, 201, 201);
  }
  if (const GeneratorSpec* floor =
          keep("floor", script::ScriptGenerator::from_source(kFloorScript, "floor.lua"))) {
    bench::register_generator(*floor, bench::sized(*floor, 200, 200), "lua-floor");
  }

  // A reload, as the app does it when the file is saved: read, parse and declare the script,
  // then replay its run, recorded, at the default parameters with the seed kept (here 1).
  benchmark::RegisterBenchmark("lua-reload/load/80x45", [](benchmark::State& st) {
    const std::string path = kExamples + "drunkards-walk.lua";
    for (auto _ : st) {
      auto loaded = script::ScriptGenerator::load(path);
      if (!loaded) {
        st.SkipWithError(loaded.error().message.c_str());
        break;
      }
      benchmark::DoNotOptimize(loaded->get());
    }
  })->Unit(benchmark::kMicrosecond);
  if (const GeneratorSpec* spec = load_kept("drunkards-walk")) {
    benchmark::RegisterBenchmark("lua-reload/replay/80x45", [spec](benchmark::State& st) {
      for (auto _ : st) {
        Timeline t(start_generator(*spec, spec->schema.defaults(), 1, true));
        benchmark::DoNotOptimize(run_to_end(t).steps);
      }
    })->Unit(benchmark::kMicrosecond);
  }
  return 0;
}();

}  // namespace
