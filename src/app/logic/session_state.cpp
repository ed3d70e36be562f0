// Building tracks (here or on the worker), the background work's life cycle, and the jobs that
// update() works on under the frame budget.

#include "app/logic/session_state.hpp"

#include <utility>

namespace dungen::app {
namespace {

// A seek farther than this jumps (Track::jump: the timeline replays or crosses skips,
// whichever is cheaper) to one step short of its target, instead of stepping all the way.
constexpr std::uint64_t kJumpSteps = 2;

}  // namespace

std::uint64_t Session::State::cells() const {
  return static_cast<std::uint64_t>(params.get("width")) *
         static_cast<std::uint64_t>(params.get("height"));
}

void Session::State::rebuild(bool to_end) {
  job = {};
  playing = false;
  due = 0.0;
  deferred.clear();
  regions_to_end = false;
  cancel_regions();
  cancel_build();
  // Something is shown from the start: the very first track is made here at any size.
  if (cells() >= config.background_cells && track) {
    submit_build(to_end);
    return;
  }
  auto t = std::make_unique<Track>(*spec, params, seed, config.history_bytes);
  t->set_regions(regions, region_params);
  install(std::move(t));
  if (to_end) start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
}

void Session::State::install(std::unique_ptr<Track> t) {
  cancel_regions();
  free_garbage();
  worker.dispose(std::move(track));
  track = std::move(t);
  track->defer_region_work_from(config.background_cells);
  ++track_serial;
}

void Session::State::submit_build(bool to_end) {
  cancel_build();
  auto ticket = std::make_shared<Ticket>();
  BuildRequest request{spec, params, seed, config.history_bytes, regions, region_params, to_end};
  build = Build{ticket, to_end, to_end ? estimates.guess(*spec, params, regions, 0) : 0};
  worker.submit(ticket->stop, [request = std::move(request), ticket](StopToken stop) {
    build_track(request, *ticket, std::move(stop));
  });
}

void Session::State::cancel_build() {
  if (!build) return;
  build->ticket->stop.request_stop();
  worker.dispose(std::move(build->ticket));  // what it made is freed there, too
  build.reset();
}

void Session::State::submit_regions(const RegionWork& work) {
  auto ticket = std::make_shared<Ticket>();
  const Grid& map = track->generator_timeline().grid();
  const bool to_end = regions_to_end && work.mode == RegionsMode::Animated;
  RegionRequest request{&map,      map.width(), map.height(),         track->generator_tally(),
                        work.mode, work.params, config.history_bytes, work.branch,
                        to_end};
  // The flood fill takes one step a walkable cell, and a few a region.
  const std::uint64_t estimate = track->generator_tally().walkable() + 2;
  region_build = RegionBuild{ticket, work.serial, work.mode, to_end, map.size(), estimate};
  worker.submit(ticket->stop, [request = std::move(request), ticket](StopToken stop) {
    build_regions(request, *ticket, std::move(stop));
  });
}

void Session::State::cancel_regions() {
  if (!region_build) return;
  region_build->ticket->cancel_and_release();
  worker.dispose(std::move(region_build->ticket));
  region_build.reset();
}

bool Session::State::defer(std::function<void()> command) {
  if (!build) return false;
  if (build->to_end) submit_build(false);
  if (deferred.size() < kMaxDeferredCommands) deferred.push_back(std::move(command));
  return true;
}

Track& Session::State::touch() {
  cancel_regions();
  return *track;
}

void Session::State::free_garbage() {
  if (!track) return;
  for (RegionPhase& p : track->take_garbage()) worker.dispose(std::move(p));
}

void Session::State::poll() {
  if (build && build->ticket->finished()) {
    std::shared_ptr<Ticket> ticket = std::move(build->ticket);
    build.reset();
    if (ticket->error) std::rethrow_exception(ticket->error);
    if (ticket->track) {
      install(std::move(ticket->track));
      note_finished();
    }
    worker.dispose(std::move(ticket));
    // The commands given meanwhile act on the new map, in order.
    std::vector<std::function<void()>> commands = std::exchange(deferred, {});
    for (auto& command : commands) command();
  }
  if (region_build && region_build->ticket->finished()) {
    std::shared_ptr<Ticket> ticket = std::move(region_build->ticket);
    const std::uint64_t serial = region_build->serial;
    region_build.reset();
    if (ticket->error) std::rethrow_exception(ticket->error);
    if (ticket->regions && track->install_regions(std::move(*ticket->regions), serial)) {
      regions_to_end = false;
      note_finished();
    }
    worker.dispose(std::move(ticket));
  }
  free_garbage();
  if (!build && !region_build && job.kind == JobKind::None) {
    if (auto work = track->region_work()) submit_regions(*work);
  }
}

double Session::State::background_progress() const {
  // The same shape as a job's bar: linear while within the estimate, then creeping toward 1.
  const auto bar = [](std::uint64_t done, std::uint64_t estimate) {
    Job j{JobKind::ToEnd};
    j.done = done;
    j.estimate = estimate;
    return j.progress(0);
  };
  if (build) {
    return build->to_end
               ? bar(build->ticket->done_steps.load(std::memory_order_relaxed), build->estimate)
               : 0.0;
  }
  if (region_build) {
    const std::uint64_t copied = region_build->ticket->copied_cells.load(std::memory_order_relaxed);
    if (!region_build->to_end || copied < region_build->cells) {
      return bar(copied, region_build->cells);
    }
    return bar(region_build->ticket->done_steps.load(std::memory_order_relaxed),
               region_build->estimate);
  }
  return 0.0;
}

void Session::State::start_job(Job j) {
  job = j;
  job.start_position = track->position();
  if (job.kind == JobKind::ToEnd || job.kind == JobKind::ToLevel) {
    job.estimate = estimates.guess(*spec, params, regions, track->position());
  }
}

bool Session::State::move_toward(std::uint64_t target) {
  const std::uint64_t p = track->position();
  if (p == target) return false;
  return p < target ? track->forward() : track->back();
}

void Session::State::note_finished() {
  if (track->finished()) estimates.record(*spec, params, regions, track->recorded());
}

std::uint64_t Session::State::run_job(BudgetedLoop& loop, std::uint64_t limit) {
  bool stop = false;
  std::uint64_t moves = 0;
  switch (job.kind) {
    case JobKind::None:
      return 0;
    case JobKind::Seek: {
      // A far seek within what is recorded jumps across the skips to one step short, and the
      // last step is taken as any step is (so arriving does what arriving does).
      const std::uint64_t p = track->position();
      const std::uint64_t far = p > job.target ? p - job.target : job.target - p;
      if (far > kJumpSteps && job.target <= track->recorded()) {
        track->jump(job.target > p ? job.target - 1 : job.target + 1);
        ++moves;
      }
      moves += loop.run(limit, [&] { return move_toward(job.target); });
      stop = track->position() == job.target || !loop.hit_budget();
      break;
    }
    case JobKind::ToEnd:
      moves = loop.run(limit, [&] { return track->forward(); });
      stop = !loop.hit_budget();
      // Stopped where a big map's region phase is being made: that work runs on to the end.
      if (stop && track->regions_pending()) regions_to_end = true;
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

void Session::State::play_frame(BudgetedLoop& loop, double seconds) {
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
  // Where a big map's region phase is being made, playing waits for it and goes on.
  if (ended && !track->regions_pending()) {
    playing = false;
    due = 0.0;
    note_finished();
  }
}

}  // namespace dungen::app
