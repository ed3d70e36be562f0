#pragma once
// The session's private state, in named parts, shared by its source files: settings
// (session.cpp), transport and the frame loop (session_transport.cpp), what the panels read
// (session_views.cpp), and the building and background work (session_state.cpp). Not part of the
// public API.
//
// Threads: everything here belongs to the UI thread except what a Ticket shares with the worker.
// The shown track is only ever replaced whole (install), and region work that reads its map is
// called off (touch) before anything moves it.

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/regions.hpp"
#include "app/logic/background.hpp"
#include "app/logic/job.hpp"
#include "app/logic/session.hpp"
#include "app/logic/track.hpp"
#include "app/logic/worker.hpp"
#include "core/rng.hpp"

namespace dungen::app {

// Transport commands kept while a new map is being built (a burst of key presses); more are
// dropped.
inline constexpr std::size_t kMaxDeferredCommands = 256;

// What to generate: the user's settings, and each generator's as the user left it.
struct Settings {
  const GeneratorSpec* spec = nullptr;
  ParamValues params;
  std::uint64_t seed = kDefaultSeed;
  struct Remembered {
    ParamValues params;
    std::uint64_t seed = 0;
  };
  // Each generator's settings as they were when the user last switched away from it.
  std::map<std::string, Remembered, std::less<>> remembered;
  RunMode mode = RunMode::Live;
  RegionsMode regions = RegionsMode::Off;
  ParamValues region_params{region_schema()};
  AnalysisKind analysis = AnalysisKind::Regions;  // what follows the generator when regions are on
  Rng dice;                                       // rolls new seeds
  std::string notice;  // what the last setting said (a repaired value, an unknown name)
  // A slider drag under way (Session::begin_param_drag): the parameters it began with, and those
  // it has made so far (anything else that changes them ends it).
  struct ParamDrag {
    ParamValues start;
    ParamValues now;
  };
  std::optional<ParamDrag> drag;
  // The fork and the run it was made for: a change of generator, parameters or seed ends it.
  struct Fork {
    DrawFork draw;
    const GeneratorSpec* spec = nullptr;
    ParamValues params;
    std::uint64_t seed = 0;
  };
  std::optional<Fork> fork;

  std::uint64_t cells() const;
  // The fork's draw while the settings are still those it was made for (else it is dropped).
  const DrawFork* live_fork();
};

// How the shown track moves: playing, the job under way, and what the last frame did.
// What playing really gives, over windows of kRateWindowSeconds: when the frame budget cut
// playing short in a window, the speed asked for is not what is shown, and the transport bar
// says the rate instead (a script, or a big map, steps slower than the slider's top).
inline constexpr double kRateWindowSeconds = 0.5;
struct PlayRate {
  std::uint64_t steps = 0;  // in the window so far
  double seconds = 0.0;
  bool capped = false;                // the budget cut a frame short in the window
  std::optional<double> capped_rate;  // the last whole window's steps/s, if it was cut short
};

struct Transport {
  bool playing = false;
  double speed = kDefaultSpeed;
  double due = 0.0;  // fractional steps owed by playing
  PlayRate rate;
  Job job;
  StepEstimates estimates;  // how long runs took, for the jobs' progress bars
  FrameReport last;
};

// What the renderer and the panels last took from the shown track, so a frame that did not move
// it rebuilds nothing. A cache is valid while its key matches the track's.
struct ViewCaches {
  struct Key {
    std::uint64_t serial = 0;  // the track (a new one is a new map)
    std::uint64_t position = UINT64_MAX;
    std::uint64_t version = 0;  // the track's region maps
    friend bool operator==(const Key&, const Key&) = default;
  };
  // The map the renderer has: another map (or none yet) needs a full upload.
  struct Upload {
    std::uint64_t serial = 0;
    ShownMap shown = ShownMap::Generator;
    std::uint64_t version = 0;
    friend bool operator==(const Upload&, const Upload&) = default;
  };
  std::optional<Upload> uploaded;
  OverlayView overlay;
  Key overlay_key;
  std::vector<LogEntry> log;
  Key log_key;
};

// Work on the worker thread (maps of config.background_cells and up): a new track, or the shown
// track's region phase, and the transport commands waiting for a new track.
struct Builds {
  struct Build {
    std::shared_ptr<Ticket> ticket;
    bool to_end = false;
    std::uint64_t estimate = 0;  // steps, for the progress bar
    bool packed_taken = false;   // the shown track took the runs packed for it (Ticket::packed)
  };
  std::optional<Build> build;  // a new track; the shown one stays until it is complete
  struct RegionBuild {
    std::shared_ptr<Ticket> ticket;
    std::uint64_t serial = 0;  // Track::region_work()'s
    RegionsMode mode = RegionsMode::Off;
    bool to_end = false;
    std::uint64_t estimate = 0;  // flood-fill steps
  };
  std::optional<RegionBuild> region_build;  // the shown track's region phase
  bool regions_to_end = false;              // the next region phase runs the flood fill to its end
  std::vector<std::function<void()>> deferred;  // transport commands waiting for the build
  Worker worker;  // last: destroyed (stopped and joined) before anything its tasks read

  bool any() const { return build || region_build; }
  void cancel_build();
  void cancel_regions();
  double progress() const;  // of the work under way (0 when none)
};

// The session's parts. session.cpp reaches the settings (and asks for a new track); the
// transport (session_transport.cpp) the transport, the builds and the track; the views
// (session_views.cpp) the track and the view caches. The members below, which need several
// parts, are the wiring between them (session_state.cpp).
struct Session::State {
  explicit State(SessionConfig c) : config(std::move(c)) {}

  SessionConfig config;
  // The generators the user picks from: the built-ins, then config.scripts (replaced in place by
  // a reload; config.scripts keeps every version alive).
  std::vector<const GeneratorSpec*> generators;
  std::string script_error, script_error_source;
  std::vector<Session::Replacement> replacements;  // every replace_generator, oldest first
  Settings settings;
  std::unique_ptr<Track> track;    // the one shown; never null after the constructor
  std::uint64_t track_serial = 0;  // a new track is a new map: full upload
  Transport transport;
  ViewFlags view;
  ViewCaches caches;
  Predict predict;
  // The cell history being read (Session::cell_history), for one cell of one run: the timelines'
  // reads, and the entries of the last complete one.
  struct CellRead {
    struct Key {
      Point cell;
      std::uint64_t serial = 0, version = 0, branch = 0;
      bool analysis = false;
      friend bool operator==(const Key&, const Key&) = default;
    } key;
    Timeline::CellHistoryRead generator, analysis;
    Session::CellHistory shown;
  };
  std::optional<CellRead> cell_read;
  Builds builds;  // last: its worker is stopped before the track and caches go

  void regenerate() { rebuild(settings.mode == RunMode::Live); }
  // A new track for the current settings: at step 0, or run to the end (a job over frames on a
  // small map, the worker on a big one).
  void rebuild(bool to_end);
  void install(std::unique_ptr<Track> t);
  void submit_build(bool to_end);
  void submit_regions(const RegionWork& work);
  // While a build is under way a transport command waits for it (true: kept for later); a live
  // run to the end gives way to it and the build stops at step 0.
  bool defer(std::function<void()> command);
  // The shown track, about to be moved: region work reading its map is called off first.
  Track& touch();
  // Takes finished background work and starts the region work the track waits for.
  void poll();
  void free_garbage();
  // The track as the view caches key it.
  ViewCaches::Key key() const { return {track_serial, track->position(), track->version()}; }

  // After the regions' mode or parameters changed (or a fill was asked for here): live mode shows
  // the region phase at once, instant labels at the generator's end, the animated flood fill at
  // its first step, paused, ready to play (its end would leave nothing to watch).
  void show_regions();
  // The track takes the settings' regions mode, parameters and analysis (a build in progress is
  // made again with them); leaving the region phase stops play.
  void follow_region_settings();
  void start_job(Job j);
  bool move_toward(std::uint64_t target);
  std::uint64_t jump_near(BudgetedLoop& loop, std::uint64_t target, std::uint64_t& steps);
  void note_finished();
  std::uint64_t run_job(BudgetedLoop& loop, std::uint64_t limit);
  void play_frame(BudgetedLoop& loop, double seconds);
  // One step forward, as playing and stepping take it. In predict mode, a generator step that
  // answers a question is not shown: the track goes back before it, the question waits, playing
  // stops, and false is returned (as at the end: nothing moved).
  bool forward_or_ask();
  // A question waiting or an answer shown belongs to where the cursor was: any other move ends it.
  void end_question();
};

}  // namespace dungen::app
