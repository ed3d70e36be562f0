#pragma once
// The app's logic without a window: what the panels do with the generator, its parameters, the
// timeline, the transport and the speed budget. The GL side draws grid() and overlay(), shows the
// panels from the accessors below, maps keys to apply(Command), and calls update() once a frame.
//
// Timeline of a session: the generator's steps 1..G, then (when regions are on, "animated") the
// flood-fill region stepper's steps G+1..G+R, run on a copy of the map as it was at step G (the
// generator's last step, or the step the cursor was on when analyse_regions_now() was used). The
// two are one scrubber: stepping back from the first region step returns to the generator's
// timeline at step G; changing anything about the generator drops the region steps. "Instant"
// regions (the fast path, label_regions) add no steps: the labelled map is shown whenever the
// cursor is at step G.
//
// Every command that may take many steps (run to end, run to the next feature/phase, seeking far)
// only sets up a job; update() works on it under the frame budget, and busy()/progress() say how
// far it has got.
//
// Big maps (SessionConfig::background_cells and up, 1M cells by default) are built on a worker
// thread instead: a new map (any change of generator, parameters or seed), its live run to the
// end, and its region phase (the instant labels, or the flood fill's copy of the map and, in
// live mode, its run to the end). Until the result is complete the session goes on showing the
// last finished map; update() takes the result and swaps it in whole. A newer request cancels an
// older one. Transport commands given while a new map is being built wait for it and then act
// on it (a live run to the end gives way to them); a transport command that moves the cursor
// while region work is under way calls that work off.

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/analysis.hpp"
#include "app/logic/commands.hpp"
#include "app/logic/event_log.hpp"
#include "app/logic/fork_state.hpp"
#include "app/logic/legend.hpp"
#include "app/logic/modes.hpp"
#include "app/logic/overlay_state.hpp"
#include "app/logic/predict.hpp"
#include "app/logic/speed.hpp"
#include "core/error.hpp"
#include "core/grid.hpp"
#include "core/params.hpp"
#include "core/stats.hpp"
#include "core/step.hpp"
#include "core/stepper.hpp"
#include "core/threads.hpp"
#include "core/timeline.hpp"
#include "generators/registry.hpp"

namespace dungen::app {

// From this many cells on, a map is built, run to the end and labelled on the worker thread.
// Without threads (the browser build), never: every map is worked on in slices under the frame
// budget, so the page keeps drawing.
inline constexpr std::uint64_t kBigMapCells =
    kHaveThreads ? std::uint64_t{1} << 20 : std::numeric_limits<std::uint64_t>::max();
// The most entries a cell's history lists (Session::cell_history).
inline constexpr std::size_t kMaxCellHistory = 2000;
// What a window that shows a cell's history spends reading it in one frame (the run's own parts
// have the frame's budget): a 4096x4096 maze's 130 ms come in 30 or so frames.
inline constexpr double kCellHistorySecondsPerFrame = 0.004;

struct SessionConfig {
  Clock clock = steady_clock_seconds();
  FrameBudget budget{};
  std::uint64_t dice_seed = 0;  // seeds the dice that rolls new map seeds; 0 = from the clock
  std::size_t history_bytes = kDefaultHistoryBytes;  // per timeline
  std::string_view generator = "rooms-and-tunnels";  // the first one shown
  std::uint64_t background_cells = kBigMapCells;     // maps this big go to the worker thread
  // A far seek crosses the timeline's skips 256 K cells at a time and replays steps (to and from
  // the nearest skip boundaries) 512 at a time, each part at most a few milliseconds' work but
  // for a single big step or skip, as many parts as a frame's budget allows: a far seek in a
  // 4096x4096 maze's 11.5 M steps, a quarter of a second of crossing and 70 ms of replay back to
  // the last boundary, takes several frames instead of stopping one.
  SeekBudget jump_budget{.skip_cells = std::uint64_t{1} << 18, .steps = 512};
  // Generators beyond the built-ins (Lua scripts), listed after them. The session keeps each
  // alive, and every version a reload replaced, for as long as it lives: work on other threads
  // may still be running one.
  std::vector<std::shared_ptr<const GeneratorSpec>> scripts;
};

// View-only state the renderer reads (the logic never looks at it beyond toggling).
struct ViewFlags {
  bool show_grid = false;
  bool show_region_labels = false;
  bool fit_requested = true;    // the renderer fits the map to the window, then clears it
  bool projector = false;       // projector mode (the GL side applies its font, palette, layout)
  bool compare = false;         // compare mode (the GL side opens pane B, logic/compare.hpp)
  bool reset_ui_scale = false;  // the GL side sets the UI scale back to 1, then clears it
  // Projector mode, a map too big for readable cells: the view follows the step (else it fits
  // the whole map). V switches.
  bool follow_step = true;
};

struct TextureUpload {
  bool full = false;          // upload the whole map: new map, new size, or the other phase's map
  std::optional<Rect> dirty;  // otherwise: the bounding box of the cells changed since last time
  bool regions = false;       // the map is a region phase's (it carries regions: cell_format)
  // With regions: the largest label on the map and the largest region id (or amount) now (-1:
  // none), which the texture sizes a cell's bits by (cell_format).
  std::int32_t max_label = -1;
  std::int32_t max_region = -1;
};

struct RegionStats {
  int count = 0;                  // regions labelled so far
  double largest_fraction = 0.0;  // the largest region / all walkable cells
  bool complete = false;          // false while the animated labelling is still running
};

struct LiveStats {
  std::uint64_t step = 0;      // position on the scrubber
  std::uint64_t recorded = 0;  // steps recorded so far
  // The generator's own statistics as of the cursor (its Narration's rows), and, while the
  // flood fill runs, the flood fill's.
  std::vector<StatRow> generator;
  std::vector<StatRow> flood_fill;
  std::size_t walkable = 0;            // walkable cells in the shown map (kept incrementally)
  double floor_fraction = 0.0;         // walkable / all cells
  std::optional<RegionStats> regions;  // once regions are being (or have been) labelled
  // The analysis chosen (its title), and whether one follows the generator (not off).
  std::string analysis;
  bool analysis_on = false;
};

struct FrameReport {
  std::uint64_t steps = 0;  // timeline moves made this frame (forward or back)
  bool hit_budget = false;  // stopped by the time or step budget, work remains
};

class Session {
 public:
  explicit Session(SessionConfig config = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  // A session moved from is only destroyed.
  Session(Session&&) noexcept;

  // Frees another session (compare mode's pane B, closed) on this one's worker thread: a run
  // of a 4096x4096 map holds hundreds of MB, whose freeing took a frame 80-110 ms.
  void dispose(Session other);

  // --- what to generate (each change regenerates; see RunMode) ---
  std::span<const GeneratorSpec* const> generators() const;  // the built-ins, then the scripts
  const GeneratorSpec* find_generator(std::string_view name) const;
  const GeneratorSpec& generator() const;
  // A script read again after its file changed: `now` takes the place of `before` in the list
  // (added when `before` is not there). When `before` is shown, `now` is shown instead with the
  // same seed, the parameters it still has (by name, repaired to its ranges) and, where its run
  // is that long, the same step.
  void replace_generator(const GeneratorSpec* before, std::shared_ptr<const GeneratorSpec> now);
  // Every replacement so far, oldest first: compare's pane B makes the same ones, so a script
  // saved or run again shows its new version in both panes.
  struct Replacement {
    const GeneratorSpec* before = nullptr;
    std::shared_ptr<const GeneratorSpec> now;
  };
  std::span<const Replacement> replacements() const;
  // A script that could not be read again: its error and the text it was read from (for the
  // line the error names), shown under the log until the next good read ("" clears it).
  void set_script_error(std::string error, std::string source);
  // What went wrong, for the log: the last read's error, else why the shown run stopped early (a
  // script that broke a rule); with the text its "name.lua:N" points into. Empty: nothing.
  struct RunError {
    std::string text;
    std::string_view source;
  };
  RunError run_error() const;
  // The shown run ended early because its script broke a rule (not: a later read failed).
  bool stopped_early() const;
  // A generator shown before in this session comes back with the parameters and seed it had
  // when the user switched away from it. One not shown yet keeps the seed, and the map size if
  // the user changed it from the old generator's default (where the new schema allows). False
  // for an unknown name.
  bool select_generator(std::string_view name);
  bool select_generator(const GeneratorSpec& spec);  // one of generators() (a script may share a
                                                     // built-in's name)
  const ParamValues& params() const;
  // Clamps to the schema's range and repairs failed cross-checks by moving the other parameter
  // along (or, failing that, by moving this one as little as possible): the state stays valid and
  // notice() says what was adjusted and what is allowed. False for an unknown name.
  bool set_param(std::string_view name, std::int64_t value);
  // A slider drag is one edit: between these, each value set_param gets is repaired from the
  // parameters as they were when the drag began, so a push the drag no longer needs is undone
  // and the notice after it names the value before the drag (room_max_size 15 -> 259), not one
  // the drag passed on its way (223 -> 259).
  void begin_param_drag();
  void end_param_drag();
  void set_map_size(int width, int height);  // the schema's "width" and "height"
  // Replaces all parameters at once (presets, headless setup). They must validate: otherwise
  // nothing changes and the error is returned.
  std::optional<Error> set_params(const ParamValues& values);
  std::uint64_t seed() const;
  void set_seed(std::uint64_t seed);
  // The seed as typed into a field, by the CLI's --seed rule (a whole number 0..2^64-1): anything
  // else keeps the seed, and notice() says why in the CLI's words. False when refused.
  bool set_seed_text(std::string_view text);
  std::uint64_t roll_seed();  // the dice: a new seed from the session's own RNG, regenerates
  // What the last parameter change had to adjust, and what is allowed; empty when nothing was.
  const std::string& notice() const;
  void clear_notice();
  RunMode mode() const;
  void set_mode(RunMode mode);  // does not regenerate
  void regenerate();            // same settings: live to the end, or step 0

  // --- a fork (core/draw_fork.hpp): the run with one draw of one generator step changed ---
  // Regenerates with the fork (none: the plain run); nothing happens when it is the one there.
  // A fork is of one run: choosing another generator, other parameters or another seed (a
  // preset too) ends it.
  void set_fork(std::optional<DrawFork> fork);
  std::optional<DrawFork> fork() const;
  // The fork and what it has done so far, for the words (fork_words); none without a fork. Of
  // the map shown (a big map being rebuilt: the last one's).
  std::optional<ForkState> fork_state() const;

  // --- regions ---
  RegionsMode regions_mode() const;
  void set_regions_mode(RegionsMode mode);
  const ParamValues& region_params() const;
  // Which analysis the region phase runs (the flood fill's regions by default): distance, the
  // critical path, dead ends, loops or chokepoints follow the generator the same way.
  AnalysisKind analysis() const;
  void set_analysis(AnalysisKind kind);
  bool set_region_param(std::string_view name, std::int64_t value);
  // Starts the region phase on the map as it is at the cursor (mid-run too); Off becomes Animated.
  void analyse_regions_now();

  // --- transport ---
  bool playing() const;
  void play();  // at the end: restarts, then plays
  void pause();
  void toggle_play();
  void step();                        // one step forward (pauses)
  void step_back();                   // one step back (pauses)
  void run_to_next(StepLevel level);  // until a step of this level or bigger has run
  void run_to_end();
  void restart();              // back to step 0
  void seek(std::uint64_t k);  // the scrubber; past recorded() it runs on, to the end at most
  // While playing: the steps a second playing really gives, when the frame budget holds it
  // below the speed asked for (measured over the last half second); none otherwise.
  std::optional<double> capped_rate() const;
  // The whole run recorded (to its end, or where its script stops it), then back to step k.
  void replay_to(std::uint64_t k);
  double speed() const;                     // steps per second while playing
  void set_speed(double steps_per_second);  // clamped to [kMinSpeed, kMaxSpeed]
  void apply(Command command);

  // --- once a frame ---
  // Takes finished background work, then plays (speed x frame_seconds steps) or works on the
  // pending job, within the frame budget, or within this share of its time where another session
  // works in the same frame (compare mode's two panes: kPaneBudgetShare).
  FrameReport update(double frame_seconds, double budget_share = 1.0);
  // Finishes the pending job and any background work now, waiting for the worker (headless runs
  // and tests).
  void finish_pending();
  // Work is under way (a job over frames, or a build or labelling on the worker thread) and will
  // change what is shown: keep calling update() and drawing frames, even with no input.
  bool busy() const;
  // A new map is being built elsewhere (a big map's worker): what is shown, its figures included,
  // is still the last map's, made with the settings before the change.
  bool rebuilding() const;
  double progress() const;              // 0..1 of the pending job (an estimate for open-ended runs)
  std::string_view busy_label() const;  // "generating", "running to end", ...
  // A job moves the map on show across frames (a far seek, a run to the end), none being built.
  bool moving() const;
  const FrameReport& last_frame() const;

  // --- the scrubber ---
  std::uint64_t position() const;  // steps applied: 0 is the empty map
  std::uint64_t earliest() const;  // the oldest step still reachable (history is bounded)
  std::uint64_t recorded() const;  // steps recorded so far (grows while running)
  bool finished() const;           // nothing left to run: the generator (and regions) are done
  // The whole run is recorded, wherever the cursor is: recorded() is its length.
  bool recorded_whole() const;
  Phase phase() const;
  // Which run is shown: each new one (a new seed, generator, parameter or size, a script read
  // again) has a new number; moving through a run keeps it.
  std::uint64_t run_serial() const;

  // --- drawing ---
  const Grid& grid() const;  // the map to draw (tiles, marks, labels, regions)
  // The heat map's top when the map shows an analysis's amounts (distances), else 0.
  std::int32_t heat_max() const;
  // The analysis whose layer the map shows, if any (what its numbers mean).
  std::optional<AnalysisKind> shown_analysis() const;
  // What to upload this frame; clears the dirty state.
  TextureUpload take_upload();
  const OverlayView& overlay();
  // The tiles on the map and the roles drawn at the current step (the legend's entries).
  Legend legend();
  ViewFlags& view();
  const ViewFlags& view() const;

  // --- a cell's history ---
  // Every step on the scrubber that changed cell p, oldest first (the generator's, then the
  // analysis's), in words, each with the position that shows it. Read from the timelines'
  // packed history (Timeline::read_cell_history), not by replaying. At most kMaxCellHistory
  // entries: the oldest ones, and `more` says how many were left out.
  //
  // The read goes on from call to call for the same cell and the same run, for at most
  // `budget_seconds` a call (a window asks every frame: a big map's history can take a tenth of a
  // second to read): until it is complete, `complete` is false, `read` says how much of the run
  // has been read, and the entries are those of the last complete read of this cell and run (none
  // at first: a partial read's values would be walked from the map through steps not yet found).
  // A run that grew is read on from where the last read stopped.
  struct CellHistory {
    struct Entry {
      std::uint64_t position = 0;  // seek() here shows the step
      std::string text;            // "step 57: wall -> floor; room 3 carved: 7x5 ..."
    };
    std::vector<Entry> entries;
    std::size_t more = 0;
    bool complete = true;
    double read = 1.0;  // the share of the recorded steps read so far (0..1)
    // Steps no longer recorded (the history keeps the newest past its budget): the generator's
    // 1..forgotten and the analysis's 1..forgotten_analysis; their changes are not listed.
    std::uint64_t forgotten = 0, forgotten_analysis = 0;
  };
  static constexpr double kWholeRead = 1e300;  // no budget: the read is done in one call
  // (Valid until the next call.)
  const CellHistory& cell_history(Point p, double budget_seconds = kWholeRead);

  // --- predict, then reveal (app/logic/predict.hpp) ---
  // In predict mode a forward move (step, play, run to the next action...) stops before a
  // generator step that answers a question, and asks it; run to end and seeks do not ask.
  bool predict() const;
  void set_predict(bool on);  // off drops a waiting question (the lesson's scores stay)
  // The generator declares questions (else predict mode asks nothing).
  bool can_predict() const;
  // The question waiting before the next step, if any.
  const Question* question() const;
  // The class's answer (an index into the question's choices; out of range: ignored). Scores
  // it on the question's line and shows the step, with the answer marked.
  void answer(int choice);
  // The choice a click on cell p picks, while a question waits.
  std::optional<int> choice_at(Point p) const;
  // The answer revealed with the step now shown, if any.
  const Reveal* reveal() const;
  const Lesson& lesson() const;
  void clear_lesson();

  // --- teaching panels ---
  std::span<const std::string_view> pseudocode() const;  // of the phase being shown
  std::optional<int> current_line() const;               // the current step's line, none at step 0
  // None at step 0. Valid until the session moves or reads another step (log, overlay): the
  // timeline unpacks the steps it is asked for into one place.
  const Step* current_step() const;
  // What the current step drew, one by one, each with its range (a fork's to change, when
  // drawn) and its words ("w = 7", "dir = 2: south of north, south").
  std::vector<ShownDraw> current_draws() const;
  const std::vector<LogEntry>& log();  // oldest first, the newest is the current step
  LiveStats stats() const;
  const Layout& layout() const;  // the generator's rooms, doors, start (as of its newest step)
  // The player start as of the generator's step shown (none before the step that places it).
  std::optional<Point> start_shown() const;

 private:
  struct State;
  std::unique_ptr<State> s_;
};

}  // namespace dungen::app
