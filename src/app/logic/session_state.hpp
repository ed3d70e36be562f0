#pragma once
// The session's private state, shared by its source files: settings (session.cpp), transport and
// the frame loop (session_transport.cpp), what the panels read (session_views.cpp), and the
// building and background work below (session_state.cpp). Not part of the public API.
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

struct Session::State {
  explicit State(SessionConfig c) : config(std::move(c)), region_params(region_schema()) {}

  SessionConfig config;
  Rng dice;
  const GeneratorSpec* spec = nullptr;
  ParamValues params;
  std::uint64_t seed = kDefaultSeed;
  // Each generator's settings as they were when the user last switched away from it.
  struct Remembered {
    ParamValues params;
    std::uint64_t seed = 0;
  };
  std::map<std::string, Remembered, std::less<>> remembered;
  std::string notice;
  RunMode mode = RunMode::Live;
  RegionsMode regions = RegionsMode::Off;
  ParamValues region_params;

  std::unique_ptr<Track> track;    // the one shown; never null after the constructor
  std::uint64_t track_serial = 0;  // a new track is a new map: full upload

  bool playing = false;
  double speed = kDefaultSpeed;
  double due = 0.0;  // fractional steps owed by playing
  Job job;
  StepEstimates estimates;
  FrameReport last;
  ViewFlags view;

  // What the renderer has: a different map (or none yet) needs a full upload.
  std::uint64_t uploaded_serial = 0;
  ShownMap uploaded_shown = ShownMap::Generator;
  std::uint64_t uploaded_version = 0;
  bool uploaded_any = false;

  // Panel data, rebuilt only when the position moves.
  OverlayView overlay;
  std::vector<LogEntry> log;
  std::uint64_t cache_serial = 0, cache_position = UINT64_MAX, cache_version = 0;
  std::uint64_t log_serial = 0, log_position = UINT64_MAX, log_version = 0;

  // --- work on the worker thread (maps of config.background_cells and up) ---
  struct Build {
    std::shared_ptr<Ticket> ticket;
    bool to_end = false;
    std::uint64_t estimate = 0;  // steps, for the progress bar
  };
  std::optional<Build> build;  // a new track; the shown one stays until it is complete
  struct RegionBuild {
    std::shared_ptr<Ticket> ticket;
    std::uint64_t serial = 0;  // Track::region_work()'s
    RegionsMode mode = RegionsMode::Off;
    bool to_end = false;
    std::uint64_t cells = 0;     // to copy
    std::uint64_t estimate = 0;  // flood-fill steps
  };
  std::optional<RegionBuild> region_build;  // the shown track's region phase
  bool regions_to_end = false;              // the next region phase runs the flood fill to its end
  std::vector<std::function<void()>> deferred;  // transport commands waiting for the build
  Worker worker;  // last: destroyed (stopped and joined) before anything its tasks read

  std::uint64_t cells() const;
  void regenerate() { rebuild(mode == RunMode::Live); }
  // A new track for the current settings: at step 0, or run to the end (a job over frames on a
  // small map, the worker on a big one).
  void rebuild(bool to_end);
  void install(std::unique_ptr<Track> t);
  void submit_build(bool to_end);
  void cancel_build();
  void submit_regions(const RegionWork& work);
  void cancel_regions();
  // While a build is under way a transport command waits for it (true: kept for later); a live
  // run to the end gives way to it and the build stops at step 0.
  bool defer(std::function<void()> command);
  // The shown track, about to be moved: region work reading its map is called off first.
  Track& touch();
  // Takes finished background work and starts the region work the track waits for.
  void poll();
  void free_garbage();
  double background_progress() const;

  void start_job(Job j);
  bool move_toward(std::uint64_t target);
  void note_finished();
  std::uint64_t run_job(BudgetedLoop& loop, std::uint64_t limit);
  void play_frame(BudgetedLoop& loop, double seconds);
};

}  // namespace dungen::app
