#include "cli/cli.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <thread>

#include <unistd.h>

#include "analysis/region_stepper.hpp"
#include "analysis/regions.hpp"
#include "cli/cli_args.hpp"
#include "core/runner.hpp"
#include "core/version.hpp"
#include "generators/registry.hpp"
#include "io/atomic_file.hpp"
#include "io/map_export.hpp"
#include "io/output_plan.hpp"
#include "io/param_args.hpp"
#include "io/preset.hpp"
#include "io/trace.hpp"
#include "lab/expressive_range.hpp"
#include "lab/sweep_export.hpp"
#include "render/png_file.hpp"
#include "render/recording.hpp"
#include "render/tiled_export.hpp"
#include "script/shipped_scripts.hpp"

namespace dungen {
namespace {

// Pixels a bin of the expressive range's heat map.
constexpr int kRangeCellPx = 16;

constexpr std::string_view kUsage =
    "usage: dungen list\n"
    "       dungen generate NAME [--seed N] [--PARAM VALUE]... [--regions [--connectivity 4|8]]\n"
    "                            [--format text|json|png|tmj] [--cell-px N] [--out PATH]\n"
    "                            [--trace PATH [--trace-limit MB]] [--fork STEP:NAME=VALUE]\n"
    "       dungen record NAME [--seed N] [--PARAM VALUE]... [--every K | --frames N]\n"
    "                            [--cell-px N] --out FILE.gif\n"
    "       dungen sweep NAME --seeds A..B [--PARAM VALUE]... [--connectivity 4|8]\n"
    "                            [--format csv|json] [--threads N] [--out PATH]\n"
    "       dungen COMMAND NAME --help   (lists NAME's parameters)\n"
    "       dungen --version\n"
    "Instead of NAME (or with it), --preset FILE or --share STRING gives the generator, seed and\n"
    "parameters; the flags given override them. Every flag takes its value as --flag VALUE or\n"
    "--flag=VALUE, once.\n";

// `dungen COMMAND NAME --help`: the flags that command takes, NAME's parameters among them.
void print_param_help(CliRequest::Command command, const GeneratorSpec& spec, std::ostream& out) {
  out << "dungen " << command_name(command) << ' ' << spec.name << ": " << spec.summary << "\n\n";
  auto line = [&](std::string flag, std::string_view help) {
    flag.resize(std::max<std::size_t>(flag.size() + 1, 25), ' ');
    out << "  " << flag << help << '\n';
  };
  auto param = [&](const ParamDef& p) {
    line("--" + kebab_case(p.name) + " N", std::string(p.help) + " [" + describe_range(p) +
                                               ", default " + std::to_string(p.def) + "]");
  };
  for (const CommandFlag& f : command_flags(command)) {
    line(std::string(f.flag) + (f.value.empty() ? "" : " ") + std::string(f.value), f.help);
    // The generator's parameters follow the seed, the first flag.
    if (f.flag == "--seed") std::ranges::for_each(spec.schema.params, param);
    // The region parameters follow the switch that turns the labelling on.
    if (f.flag == "--regions") std::ranges::for_each(region_schema().params, param);
  }
  if (command == CliRequest::Command::Sweep) {
    std::ranges::for_each(region_schema().params, param);  // for "regions" and "connected"
  }
  // What a run can cost, from the parameters (C = width x height), and what keeps it bounded.
  if (!spec.worst_case.empty()) {
    out << "\nWorst-case work (C = width x height): " << spec.worst_case << ".\nBounded by "
        << spec.bounded_by << ".\n";
  }
}

// Opens PATH for `flag` in `plan` before any work starts, so a bad path costs nothing; the
// file appears only when the plan is committed (every file of the command together, or none:
// io/output_plan.hpp). Returns the file (none when no path is given), or the error.
Checked<AtomicFile*> open_output(OutputPlan& plan, std::string_view flag,
                                 const std::optional<std::string>& path) {
  if (!path) return static_cast<AtomicFile*>(nullptr);
  if (auto err = plan.add(flag, *path)) return *err;
  return &plan.file(plan.size() - 1);
}

// Everything written to `out` reached it: a full disk or a closed pipe behind standard output
// is an error (exit 2), not a silent success. first_error: the errno a stream_sink met first (the
// stream stops writing once it failed, so its own state no longer knows why).
std::optional<Error> check_stream(std::ostream& out, int first_error = 0) {
  errno = 0;
  out.flush();
  if (out) return std::nullopt;
  const int e = first_error ? first_error : errno ? errno : EIO;
  return Error{std::string("standard output cannot be written: ") + std::strerror(e)};
}

// Writes to `out`, keeping in *first_error the errno of the first write that failed.
TextSink stream_sink(std::ostream& out, int* first_error) {
  return [&out, first_error](std::string_view piece) {
    if (!out) return;
    errno = 0;
    out.write(piece.data(), static_cast<std::streamsize>(piece.size()));
    if (!out && *first_error == 0) *first_error = errno ? errno : EIO;
  };
}

TextSink file_sink(AtomicFile& file) {
  return [&file](std::string_view piece) { file.write(piece); };
}

// The trace's byte budget (--trace-limit), shared by the generator's steps and the flood fill's.
struct TraceBudget {
  std::uint64_t limit_mb = kDefaultTraceLimitMb;
  std::uint64_t written = 0;
};

// Runs `stepper` to the end, writing each step to the trace, numbered from first_number: the
// steps run, or, past the budget, the error (the trace is then never committed: the old file
// stays).
Checked<std::uint64_t> run_traced(Stepper& stepper, std::string_view algorithm,
                                  const Narration& narration, AtomicFile& trace,
                                  std::uint64_t first_number, TraceBudget& budget) {
  bool over = false;  // past the budget: the step's remaining pieces are dropped
  const TextSink sink = [&](std::string_view piece) {
    budget.written += piece.size();
    over = over || budget.written > (budget.limit_mb << 20);
    if (!over) trace.write(piece);
  };
  std::uint64_t n = 0;
  while (const Step* step = stepper.next()) {
    write_trace_line({first_number + n, algorithm, *step, stepper.draws(), stepper.changes()},
                     narration, stepper.params(), stepper.grid(), sink);
    if (over) {
      return Error{"--trace passed " + std::to_string(budget.limit_mb) + " MB at step " +
                   std::to_string(first_number + n) + ": allowed up to --trace-limit MB (default " +
                   std::to_string(kDefaultTraceLimitMb) + ", at most " +
                   std::to_string(kMaxTraceLimitMb) +
                   "): raise --trace-limit or trace a smaller map (the file there, if any, "
                   "is as it was)"};
    }
    ++n;
  }
  return n;
}

// What a generate run leaves besides its map: its step count, with --regions the labels, and
// with --analyse each analysis run to its end.
struct Ran {
  std::uint64_t steps = 0;
  std::optional<RegionMap> regions;
  std::vector<AnalysisRun> analyses;
};

// Runs the generator to its end, then the flood fill with --regions and the analyses of
// --analyse, writing every step to the trace when there is one: what the run left, or the
// trace's error.
Checked<Ran> run_generate(Stepper& stepper, const GenerateRequest& r, AtomicFile* trace) {
  Ran ran;
  TraceBudget budget{r.trace_limit_mb};
  if (trace) {
    const Checked<std::uint64_t> steps =
        run_traced(stepper, r.spec->name, r.spec->narration, *trace, 1, budget);
    if (!steps) return steps.error();
    ran.steps = *steps;
  } else {
    ran.steps = run_to_end(stepper).steps;
  }
  std::uint64_t traced = ran.steps;  // the trace's steps so far
  if (r.regions) {
    ran.regions = label_regions(stepper.grid(), r.region_params.get_int("connectivity"));
    if (trace) {
      // The trace shows the flood fill step by step; its labels are label_regions' (tested).
      Stepper flood = start_region_stepper(stepper.grid(), r.region_params, true);
      const Checked<std::uint64_t> flood_steps =
          run_traced(flood, "regions", region_narration(), *trace, traced + 1, budget);
      if (!flood_steps) return flood_steps.error();
      traced += *flood_steps;
    }
  }
  for (const AnalysisKind kind : r.analyses) {
    const AnalysisSpec& a = analysis_spec(kind);
    if (trace) {
      // Recorded for the trace's changes; its end is run_analysis's (tested).
      Stepper steps =
          start_analysis(kind, stepper.grid(), stepper.layout().start, r.region_params, true);
      const Checked<std::uint64_t> n =
          run_traced(steps, a.name, a.narration(), *trace, traced + 1, budget);
      if (!n) return n.error();
      traced += *n;
    }
    ran.analyses.push_back(
        run_analysis(kind, stepper.grid(), stepper.layout().start, r.region_params));
  }
  return ran;
}

// The map as a PNG: its regions coloured when it has them, else the first analysis's layer (ids
// a colour each, amounts as heat), and every analysis's marks over it (the last one listed on
// top). Drawn and encoded a band of rows at a time: memory a few rows, whatever the height.
std::optional<Error> write_png_map(const MapExport& m, int cell_px, const TextSink& sink) {
  if (auto err = image_size_error(m.grid.width(), m.grid.height(), cell_px)) return err;
  MapImageStyle style{.cell_px = cell_px, .room_colours = m.spec.text_shows_labels};
  if (!m.regions && m.analyses.empty()) return write_map_png(sink, m.grid, style);
  Grid shown = m.grid;
  if (m.regions) {
    shown.assign_regions(m.regions->labels);
  } else {
    const AnalysisRun& first = m.analyses.front();
    if (first.map.has_regions()) {
      shown.assign_regions(first.map.region_values());
      if (first.spec->values == AnalysisValues::Amounts) {
        style.heat_max = std::max(1, first.map.max_region());
      }
    }
  }
  for (const AnalysisRun& a : m.analyses) {
    for (std::size_t i = 0; i < shown.size(); ++i) {
      if (!analysis_mark_glyph(a.map.mark(i))) continue;
      Cell c = shown.cell(i);
      c.mark = a.map.mark(i);
      shown.put(i, c);
    }
  }
  return write_map_png(sink, shown, style);
}

// The built-ins, then the shipped scripts, marked, with their folder (a script named like a
// built-in runs by its path only), in two aligned columns.
std::optional<Error> cmd_list(std::ostream& out) {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const GeneratorSpec* spec : all_generators()) {
    rows.emplace_back(std::string(spec->name), std::string(spec->summary));
  }
  const std::size_t built_ins = rows.size();
  for (const script::ShippedScript& s : script::shipped_scripts()) {
    if (s.same_name_as_built_in) {
      rows.emplace_back(std::filesystem::path(s.path).filename().string(),
                        s.summary + " [the built-in's script twin; run it by its path]");
    } else {
      rows.emplace_back(s.name + " (script)", s.summary);
    }
  }
  std::size_t width = 0;
  for (const auto& row : rows) width = std::max(width, row.first.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (i == built_ins) out << "\nscripts (Lua, in " << script::shipped_scripts_folder() << "):\n";
    out << rows[i].first << std::string(width + 2 - rows[i].first.size(), ' ') << rows[i].second
        << '\n';
  }
  return check_stream(out);
}

// Why a fork changed nothing: its step never ran, or drew no value of that name.
std::string fork_note(const DrawFork& fork, std::uint64_t steps) {
  const std::string what = "--fork " + fork_text(fork) + " changed nothing: ";
  if (steps < fork.step) {
    return what + "the run ended at step " + std::to_string(steps) + ", before step " +
           std::to_string(fork.step);
  }
  return what + "step " + std::to_string(fork.step) + " drew no " + fork_draw_name(fork) +
         " (the map is the plain run's; --trace lists each step's draws)";
}

std::optional<Error> cmd_generate(const GenerateRequest& r, std::ostream& out,
                                  std::ostream& notes) {
  const GeneratorSpec& spec = *r.spec;
  if (r.help) {
    print_param_help(CliRequest::Command::Generate, spec, out);
    return check_stream(out);
  }
  // Every file this run writes, opened now: --out (a tmj map with its tilesets) and --trace.
  OutputPlan plan;
  const bool tiled = r.format == OutputFormat::Tmj;
  if (tiled) {
    if (auto err = plan_tiled(plan, "--out", *r.out_path)) return err;  // --out is needed
  }
  const Checked<AtomicFile*> opened = open_output(plan, "--out", tiled ? std::nullopt : r.out_path);
  if (!opened) return opened.error();
  const Checked<AtomicFile*> traced = open_output(plan, "--trace", r.trace_path);
  if (!traced) return traced.error();
  AtomicFile* const out_file = *opened;
  AtomicFile* const trace = *traced;

  // A trace records every step's changes and draws; the map is the same either way.
  Stepper stepper = start_generator(spec, r.params, r.seed, /*record_changes=*/trace != nullptr,
                                    r.fork ? &*r.fork : nullptr);
  Checked<Ran> ran = run_generate(stepper, r, trace);
  if (!ran) return ran.error();
  // A fork that changed nothing is not an error (the map is the plain run's), but worth a line.
  if (r.fork && !stepper.fork_outcome().applied)
    notes << "dungen: note: " << fork_note(*r.fork, ran->steps) << '\n';
  const std::optional<RegionMap>& region_map = ran->regions;
  const MapExport m{spec,
                    r.params,
                    r.seed,
                    stepper.grid(),
                    stepper.layout(),
                    ran->steps,
                    stepper.stats(),
                    region_map ? &*region_map : nullptr,
                    ran->analyses,
                    r.fork ? &*r.fork : nullptr};
  // Streamed: the export is never whole in memory (an 878 MB JSON at 4096x4096 with 1-cell rooms).
  int out_error = 0;
  const TextSink sink = out_file ? file_sink(*out_file) : stream_sink(out, &out_error);
  if (r.format == OutputFormat::Json) {
    write_json(m, sink);
  } else if (r.format == OutputFormat::Png) {
    if (auto err = write_png_map(m, r.cell_px, sink)) return err;
  } else if (r.format == OutputFormat::Tmj) {
    // Several files: the map and its tilesets beside its target, in the plan since the start.
    TiledFiles files;
    if (auto err = make_tiled(plan.target(0), m.grid, m.layout, spec, r.cell_px, files)) {
      return Error{"--out " + shown(*r.out_path) + " cannot be written: " + err->message};
    }
    fill_tiled(plan, 0, files);
  } else {
    write_text(m, sink);
  }
  if (!r.out_path) {
    if (auto e = check_stream(out, out_error)) return e;
  }
  return plan.commit();
}

// Progress on standard error for a long job, as one line rewritten in place, and only for a
// person watching (a terminal): scripts get nothing but the result and errors.
class Progress {
 public:
  Progress(std::ostream& err, std::string what) : err_(err), what_(std::move(what)) {}
  ~Progress() {
    if (shown_) err_ << '\n';
  }
  void operator()(std::uint64_t done, std::uint64_t total) {
    if (!isatty(STDERR_FILENO)) return;
    const std::uint64_t percent = total ? done * 100 / total : 100;
    if (shown_ && percent == last_) return;
    last_ = percent;
    shown_ = true;
    err_ << "\rdungen: " << what_ << ' ' << done << " of " << total << " (" << percent << "%)"
         << std::flush;
  }

 private:
  std::ostream& err_;
  std::string what_;
  std::uint64_t last_ = 0;
  bool shown_ = false;
};

std::optional<Error> cmd_record(const GenerateRequest& r, std::ostream& out, std::ostream& err) {
  if (r.help) {
    print_param_help(CliRequest::Command::Record, *r.spec, out);
    return check_stream(out);
  }
  OutputPlan plan;
  const Checked<AtomicFile*> file = open_output(plan, "--out", r.out_path);  // --out is needed
  if (!file) return file.error();
  RecordOptions o;
  o.every = r.every;
  if (r.frames > 0) o.frames = r.frames;
  o.cell_px = r.cell_px;
  std::string gif;
  Progress progress(err, "recording frame");
  if (auto e = record_gif(*r.spec, r.params, r.seed, o, gif, [&](int done, int total) {
        progress(static_cast<std::uint64_t>(done), static_cast<std::uint64_t>(total));
      })) {
    return e;
  }
  (*file)->write(gif);
  return plan.commit();
}

// An ostream over a text sink, so the sweep's writers stream into the same files as the rest.
class SinkBuf : public std::streambuf {
 public:
  explicit SinkBuf(TextSink sink) : sink_(std::move(sink)) {}

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    sink_(std::string_view(s, static_cast<std::size_t>(n)));
    return n;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) {
      const char ch = traits_type::to_char_type(c);
      sink_(std::string_view(&ch, 1));
    }
    return c;
  }

 private:
  TextSink sink_;
};

// The columns a sweep of `spec` has, from a row of zero statistics (no map made).
std::vector<SweepRow> column_probe(const GeneratorSpec& spec, const ParamValues& params) {
  const std::vector<std::int64_t> zeros(spec.narration.stat_slots, 0);
  SweepRow row;
  row.stats = spec.narration.stat_rows(zeros, params);
  return {row};
}

// The expressive range heat map: each range a panel of bins (x to the right, y upwards) in one
// scale of heat from the fullest bin of all, panels side by side with a gap, empty bins dark.
Image range_image(const std::vector<const ExpressiveRange*>& ranges, int cell_px) {
  std::uint32_t most = 1;
  for (const ExpressiveRange* r : ranges) most = std::max(most, r->most());
  const ExpressiveRange& first = *ranges.front();
  const int pw = first.x.bins * cell_px, ph = first.y.bins * cell_px, gap = 2 * cell_px;
  const int border = 2;
  const auto n = static_cast<int>(ranges.size());
  Image img(n * (pw + 2 * border) + (n - 1) * gap, ph + 2 * border);
  const Rgb frame{120, 120, 130}, empty{24, 24, 30};
  for (int k = 0; k < n; ++k) {
    const ExpressiveRange& r = *ranges[static_cast<std::size_t>(k)];
    const int x0 = k * (pw + 2 * border + gap);
    for (int y = 0; y < ph + 2 * border; ++y) {
      for (int x = 0; x < pw + 2 * border; ++x) {
        Rgb c = frame;
        if (x >= border && y >= border && x < pw + border && y < ph + border) {
          const int bx = (x - border) / cell_px;
          const int by = r.y.bins - 1 - (y - border) / cell_px;  // y grows upwards
          const std::uint32_t count = r.count(bx, by);
          c = count == 0 ? empty
                         : heat_colour(static_cast<float>(count) / static_cast<float>(most));
        }
        img.set(x0 + x, y, c);
      }
    }
  }
  return img;
}

// sweep --range: the sweep's seeds for one parameter set (and --against's), binned by two
// columns, written as a PNG heat map at --out and its CSV beside it.
std::optional<Error> cmd_range(const GenerateRequest& r, std::ostream& err) {
  if (!r.out_path || !r.out_path->ends_with(".png")) {
    return Error{"--range writes a PNG heat map and its CSV: give --out FILE.png"};
  }
  const auto [x, y] = r.range_default ? default_range_pair(*r.spec) : *r.range;
  std::optional<Preset> b;
  if (r.against) {
    Checked<Preset> parsed = parse_share_string(*r.against);
    if (!parsed) return Error{"--against: " + parsed.error().message};
    b = std::move(*parsed);
  }
  if (auto e = range_columns_error(column_probe(*r.spec, r.params), x, y)) return e;
  if (b) {
    if (auto e = range_columns_error(column_probe(*b->generator, b->params), x, y)) {
      return Error{"--against " + std::string(b->generator->name) + ": " + e->message};
    }
  }
  OutputPlan plan;
  if (auto e = plan.add("--out", *r.out_path)) return e;
  const std::string csv = r.out_path->substr(0, r.out_path->size() - 4) + ".csv";
  if (auto e = plan.add_derived(0, csv, "range table")) return e;
  const SweepOptions o{r.first_seed, r.last_seed, r.region_params.get_int("connectivity"),
                       r.threads};
  if (auto e = sweep_range_error(o)) return e;
  const std::uint64_t total = r.last_seed - r.first_seed + 1;
  Progress progress(err, "range: seed");
  const std::vector<SweepRow> rows_a =
      run_sweep(*r.spec, r.params, o, [&](std::uint64_t done) { progress(done, total); });
  std::vector<SweepRow> rows_b;
  if (b) rows_b = run_sweep(*b->generator, b->params, o);
  std::vector<const std::vector<SweepRow>*> sets{&rows_a};
  if (b) sets.push_back(&rows_b);
  const auto [ax, ay] = range_axes(sets, x, y);
  const ExpressiveRange range_a = expressive_range(rows_a, ax, ay);
  const ExpressiveRange range_b = b ? expressive_range(rows_b, ax, ay) : ExpressiveRange{};
  std::vector<const ExpressiveRange*> shown{&range_a};
  std::vector<std::pair<std::string, const ExpressiveRange*>> named{{"a", &range_a}};
  if (b) {
    shown.push_back(&range_b);
    named.emplace_back("b", &range_b);
  }
  plan.file(0).write(encode_png(range_image(shown, kRangeCellPx)));
  std::ostringstream table;
  write_range_csv(table, named);
  plan.file(1).write(table.str());
  return plan.commit();
}

std::optional<Error> cmd_sweep(const GenerateRequest& r, std::ostream& out, std::ostream& err) {
  if (r.help) {
    print_param_help(CliRequest::Command::Sweep, *r.spec, out);
    return check_stream(out);
  }
  if (r.range || r.range_default) return cmd_range(r, err);
  OutputPlan plan;
  const Checked<AtomicFile*> opened = open_output(plan, "--out", r.out_path);
  if (!opened) return opened.error();
  AtomicFile* const out_file = *opened;
  const SweepOptions o{r.first_seed, r.last_seed, r.region_params.get_int("connectivity"),
                       r.threads};
  if (auto e = sweep_range_error(o)) return e;
  // Big maps take fewer threads than asked (or than cores): said, so a slow sweep is explained.
  const std::uint64_t seeds = r.last_seed - r.first_seed + 1;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  const std::uint64_t asked = std::min<std::uint64_t>(seeds, r.threads == 0 ? cores : r.threads);
  if (const unsigned used = sweep_threads(r.params, o); used < asked) {
    err << "dungen: sweep: " << used << " thread" << (used == 1 ? "" : "s") << ", not " << asked
        << ": a map of these sizes takes about " << (sweep_bytes_per_map(r.params) >> 20)
        << " MB and a sweep's maps stay within " << (o.memory_budget >> 20) << " MB\n";
  }
  Progress progress(err, "sweep: seed");
  const std::uint64_t total = r.last_seed - r.first_seed + 1;
  const std::vector<SweepRow> rows =
      run_sweep(*r.spec, r.params, o, [&](std::uint64_t done) { progress(done, total); });
  int out_error = 0;
  SinkBuf buf(out_file ? file_sink(*out_file) : stream_sink(out, &out_error));
  std::ostream sink(&buf);
  if (r.format == OutputFormat::Json) {
    write_sweep_json(sink, rows, *r.spec, r.params, o);
  } else {
    write_sweep_csv(sink, rows);
  }
  sink.flush();
  if (!out_file) {
    if (auto e = check_stream(out, out_error)) return e;
  }
  return plan.commit();
}

// The request run: the error that stopped it, or nothing.
std::optional<Error> run_request(const CliRequest& request, std::ostream& out, std::ostream& err) {
  switch (request.command) {
    case CliRequest::Command::Usage:
      out << kUsage;
      return check_stream(out);
    case CliRequest::Command::List:
      return cmd_list(out);
    case CliRequest::Command::Generate:
      return cmd_generate(request.generate, out, err);
    case CliRequest::Command::Record:
      return cmd_record(request.generate, out, err);
    case CliRequest::Command::Sweep:
      return cmd_sweep(request.generate, out, err);
    case CliRequest::Command::Version:
      out << "dungen " << version() << '\n';
      return check_stream(out);
  }
  return std::nullopt;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  try {
    // Every message is one line: user text in it is shown() (control characters escaped).
    const auto fail = [&](const Error& e) {
      err << "dungen: " << e.message << '\n';
      return kExitBadInput;
    };
    const Checked<CliRequest> request = parse_cli(args);
    if (!request) return fail(request.error());
    if (request->command == CliRequest::Command::Usage && args.empty()) {
      err << kUsage;  // nothing asked: the usage, as an error
      return kExitBadInput;
    }
    if (auto e = run_request(*request, out, err)) return fail(*e);
    return kExitOk;
  } catch (const std::bad_alloc&) {
    // Not bad input: the machine could not hold the work. Every output is as it was (nothing is
    // committed on the way out of an exception).
    err << "dungen: out of memory: the files there, if any, are as they were (make the work "
           "smaller: --width/--height, --cell-px, --threads, or drop --trace/--regions)\n";
    return kExitOutOfMemory;
  } catch (const std::exception& e) {
    // A broken precondition (a bug, never bad input: that is an Error above), said in one line
    // rather than ending in std::terminate.
    err << "dungen: " << e.what() << '\n';
    return kExitBadInput;
  }
}

}  // namespace dungen
