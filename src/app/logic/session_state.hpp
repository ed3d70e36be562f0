#pragma once
// The session's private state, shared by its three source files: settings (session.cpp),
// transport and the frame loop (session_transport.cpp), and what the panels read
// (session_views.cpp). Not part of the public API.

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analysis/regions.hpp"
#include "app/logic/job.hpp"
#include "app/logic/session.hpp"
#include "app/logic/track.hpp"
#include "core/rng.hpp"

namespace dungen::app {

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

  std::unique_ptr<Track> track;
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

  // Allocating a big map (four layers, ten bytes a cell) can itself take longer than a frame, so
  // from kBigMapCells on the new track is built by the next update(): the frame in between shows
  // "preparing the map" instead of the window freezing without a word.
  bool build_pending = false;
  bool live_after_build = false;  // the pending build was a live regenerate: run it to the end

  void rebuild() {
    job = {};
    playing = false;
    due = 0.0;
    live_after_build = false;
    const auto cells = static_cast<std::uint64_t>(params.get("width")) *
                       static_cast<std::uint64_t>(params.get("height"));
    if (track && cells >= kBigMapCells) {
      build_pending = true;
      return;
    }
    build_now();
  }

  void build_now() {
    build_pending = false;
    track = std::make_unique<Track>(*spec, params, seed, config.history_bytes);
    track->set_regions(regions, region_params);
    ++track_serial;
    if (live_after_build) {
      live_after_build = false;
      start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
    }
  }

  // Finishes a pending build as update() would (a live regenerate then runs on).
  void settle() {
    if (build_pending) build_now();
    track->settle_regions();
  }

  // The track for a command to act on: a pending build is done first (and a live run it was
  // going to start gives way to the command).
  Track& live_track() {
    if (build_pending) {
      live_after_build = false;
      build_now();
    }
    track->settle_regions();
    return *track;
  }

  void start_job(Job j) {
    job = j;
    job.start_position = track->position();
    if (job.kind == JobKind::ToEnd || job.kind == JobKind::ToLevel) {
      job.estimate = estimates.guess(*spec, params, regions, track->position());
    }
  }

  // Regenerates with the current settings: to the end in live mode, to step 0 in step mode.
  void regenerate() {
    rebuild();
    if (mode != RunMode::Live) return;
    if (build_pending) {
      live_after_build = true;
    } else {
      start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
    }
  }

  bool move_toward(std::uint64_t target) {
    const std::uint64_t p = track->position();
    if (p == target) return false;
    return p < target ? track->forward() : track->back();
  }

  void note_finished() {
    if (track->finished()) estimates.record(*spec, params, regions, track->recorded());
  }

  // Works on the job under the budget (or with no budget). Returns the moves made.
  std::uint64_t run_job(BudgetedLoop& loop, std::uint64_t limit) {
    bool stop = false;
    std::uint64_t moves = 0;
    switch (job.kind) {
      case JobKind::None:
        return 0;
      case JobKind::Seek:
        moves = loop.run(limit, [&] { return move_toward(job.target); });
        stop = track->position() == job.target || !loop.hit_budget();
        break;
      case JobKind::ToEnd:
        moves = loop.run(limit, [&] { return track->forward(); });
        stop = !loop.hit_budget();
        break;
      case JobKind::ToLevel: {
        bool reached = false;
        moves = loop.run(limit, [&] {
          if (reached || !track->forward()) return false;
          const Step* s = track->current();
          reached = s && s->level >= job.level;
          return true;
        });
        stop = reached || !loop.hit_budget();
        break;
      }
    }
    job.done += moves;
    if (stop) {
      note_finished();
      job = {};
    }
    return moves;
  }

  void play_frame(BudgetedLoop& loop, double seconds) {
    if (!std::isfinite(seconds) || seconds < 0.0) seconds = 0.0;
    seconds = std::min(seconds, kMaxFrameSeconds);
    due += speed * seconds;
    const auto owed = static_cast<std::uint64_t>(due);
    bool ended = false;
    last.steps = loop.run(owed, [&] {
      if (track->forward()) return true;
      ended = true;
      return false;
    });
    last.hit_budget = loop.hit_budget() && !ended;
    due -= static_cast<double>(last.steps);
    // Steps the budget could not run are dropped, not owed: a slow frame never snowballs.
    due = due - std::floor(due);
    if (ended) {
      playing = false;
      due = 0.0;
      note_finished();
    }
  }
};

}  // namespace dungen::app
