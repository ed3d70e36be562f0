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

std::uint64_t Settings::cells() const {
  return static_cast<std::uint64_t>(params.get("width")) *
         static_cast<std::uint64_t>(params.get("height"));
}

const DrawFork* Settings::live_fork() {
  if (fork && (fork->spec != spec || fork->seed != seed || !(fork->params == params))) fork.reset();
  return fork ? &fork->draw : nullptr;
}

void Session::State::rebuild(bool to_end) {
  transport.job = {};
  transport.playing = false;
  transport.due = 0.0;
  builds.deferred.clear();
  builds.regions_to_end = false;
  builds.cancel_regions();
  builds.cancel_build();
  // Something is shown from the start: the very first track is made here at any size.
  if (settings.cells() >= config.background_cells && track) {
    submit_build(to_end);
    return;
  }
  const Settings& set = settings;
  auto t = std::make_unique<Track>(*set.spec, set.params, set.seed, config.history_bytes,
                                   settings.live_fork());
  t->set_regions(set.regions, set.region_params, set.analysis);
  install(std::move(t));
  if (to_end) start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
}

void Session::State::install(std::unique_ptr<Track> t) {
  builds.cancel_regions();
  free_garbage();
  builds.worker.dispose(std::move(track));
  track = std::move(t);
  end_question();
  track->defer_region_work_from(config.background_cells);
  ++track_serial;
}

void Session::State::submit_build(bool to_end) {
  builds.cancel_build();
  // The map shown stays on show until the new one is complete, and is not moved again (the
  // transport's commands wait for the new one): its past goes now, so that two whole histories
  // are never held at once (a rooms-and-mazes run's is 100 MB at 4096x4096). The worker gives
  // the memory back before it builds.
  track->forget_history();
  auto ticket = std::make_shared<Ticket>();
  const DrawFork* fork = settings.live_fork();
  const Settings& set = settings;
  BuildRequest request{set.spec,    set.params,        set.seed, config.history_bytes,
                       set.regions, set.region_params, to_end,   set.analysis};
  if (fork) request.fork = *fork;
  const std::uint64_t estimate =
      to_end ? transport.estimates.guess(*set.spec, set.params, set.regions, 0) : 0;
  builds.build = Builds::Build{ticket, to_end, estimate};
  // Its room labels and regions too go in runs while it waits (room accretion's 64 MB of labels
  // at 4096x4096 become about 12), packed on the worker before the build: poll() swaps them in.
  builds.worker.submit(ticket->stop, [request = std::move(request), pack = track->id_layers(),
                                      ticket](StopToken stop) mutable {
    pack_layers(std::move(pack), *ticket, stop);
    build_track(request, *ticket, std::move(stop));
  });
}

void Builds::cancel_build() {
  if (!build) return;
  build->ticket->stop.request_stop();
  worker.dispose(std::move(build->ticket));  // what it made is freed there, too
  build.reset();
}

void Session::State::submit_regions(const RegionWork& work) {
  auto ticket = std::make_shared<Ticket>();
  const bool to_end = builds.regions_to_end && work.mode == RegionsMode::Animated;
  RegionRequest request{track->generator_timeline().grid(),
                        track->generator_tally(),
                        work.mode,
                        work.params,
                        config.history_bytes,
                        work.branch,
                        to_end,
                        work.kind,
                        work.start};
  // The flood fill takes one step a walkable cell, and a few a region.
  const std::uint64_t estimate = track->generator_tally().walkable() + 2;
  builds.region_build = Builds::RegionBuild{ticket, work.serial, work.mode, to_end, estimate};
  builds.worker.submit(ticket->stop, [request = std::move(request), ticket](StopToken stop) {
    build_regions(request, *ticket, std::move(stop));
  });
}

void Builds::cancel_regions() {
  if (!region_build) return;
  region_build->ticket->stop.request_stop();
  worker.dispose(std::move(region_build->ticket));
  region_build.reset();
}

bool Session::State::defer(std::function<void()> command) {
  if (!builds.build) return false;
  if (builds.build->to_end) submit_build(false);
  if (builds.deferred.size() < kMaxDeferredCommands) builds.deferred.push_back(std::move(command));
  return true;
}

Track& Session::State::touch() {
  builds.cancel_regions();
  return *track;
}

void Session::State::free_garbage() {
  if (!track) return;
  for (RegionPhase& p : track->take_garbage()) builds.worker.dispose(std::move(p));
}

void Session::State::poll() {
  Builds& b = builds;
  if (b.build && !b.build->packed_taken && !b.build->ticket->finished() &&
      b.build->ticket->packed_ready.load(std::memory_order_acquire)) {
    // The worker is done with them: the shown track takes the runs, and the cells its layers held
    // are freed here (not on the worker, where they would wait for the build to end: huge pages,
    // under a millisecond for room accretion's 80 MB at 4096x4096).
    b.build->packed_taken = true;
    track->adopt_packed(std::exchange(b.build->ticket->packed, {}));
  }
  if (b.build && b.build->ticket->finished()) {
    std::shared_ptr<Ticket> ticket = std::move(b.build->ticket);
    b.build.reset();
    if (ticket->error) std::rethrow_exception(ticket->error);
    if (ticket->track) {
      install(std::move(ticket->track));
      // (install ended any question: the overlay is the track's own, as overlay() would make it.)
      if (ticket->overlay) {
        caches.overlay = std::move(*ticket->overlay);
        caches.overlay_key = key();
      }
      note_finished();
    }
    b.worker.dispose(std::move(ticket));
    // The commands given meanwhile act on the new map, in order.
    std::vector<std::function<void()>> commands = std::exchange(b.deferred, {});
    for (auto& command : commands) command();
  }
  if (b.region_build && b.region_build->ticket->finished()) {
    std::shared_ptr<Ticket> ticket = std::move(b.region_build->ticket);
    const std::uint64_t serial = b.region_build->serial;
    b.region_build.reset();
    if (ticket->error) std::rethrow_exception(ticket->error);
    if (ticket->regions && track->install_regions(std::move(*ticket->regions), serial)) {
      b.regions_to_end = false;
      note_finished();
    }
    b.worker.dispose(std::move(ticket));
  }
  free_garbage();
  if (!b.any() && (transport.job.kind == JobKind::None || transport.job.kind == JobKind::ToFill)) {
    if (auto work = track->region_work()) submit_regions(*work);
  }
}

double Builds::progress() const {
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
    // Labelling at once has no steps to count: the bar waits at its start.
    if (!region_build->to_end) return 0.0;
    return bar(region_build->ticket->done_steps.load(std::memory_order_relaxed),
               region_build->estimate);
  }
  return 0.0;
}

void Session::State::start_job(Job j) {
  Job& job = transport.job;
  job = j;
  job.start_position = track->position();
  if (job.kind == JobKind::ToEnd || job.kind == JobKind::ToLevel || job.kind == JobKind::ToFill) {
    job.estimate = transport.estimates.guess(*settings.spec, settings.params, settings.regions,
                                             track->position());
  }
}

void Session::State::show_regions() {
  builds.regions_to_end = false;
  if (settings.mode != RunMode::Live || settings.regions == RegionsMode::Off) return;
  if (settings.regions == RegionsMode::Animated) {
    start_job({JobKind::ToFill, 0, StepLevel::Phase, false});
  } else if (!track->regions_pending()) {
    start_job({JobKind::ToEnd, 0, StepLevel::Phase, true});
  }
}

bool Session::State::move_toward(std::uint64_t target) {
  const std::uint64_t p = track->position();
  if (p == target) return false;
  return p < target ? track->forward() : track->back();
}

void Session::State::note_finished() {
  if (!track->finished()) return;
  transport.estimates.record(*settings.spec, settings.params, settings.regions, track->recorded());
}

// A far move within what is recorded jumps across the skips to one step short of the target, a
// part at a time within the frame's time (the rest in the next frames). Returns the parts (the
// moves a frame reports); `steps` grows by the steps they crossed (what a job's bar counts).
std::uint64_t Session::State::jump_near(BudgetedLoop& loop, std::uint64_t target,
                                        std::uint64_t& steps) {
  if (target > track->recorded()) return 0;
  return loop.run_timed([&] {
    const std::uint64_t p = track->position();
    const std::uint64_t far = p > target ? p - target : target - p;
    if (far <= kJumpSteps) return false;
    track->jump(target > p ? target - 1 : target + 1, config.jump_budget);
    const std::uint64_t now = track->position();
    steps += now > p ? now - p : p - now;
    return now != p;
  });
}

std::uint64_t Session::State::run_job(BudgetedLoop& loop, std::uint64_t limit) {
  Job& job = transport.job;
  bool stop = false;
  std::uint64_t moves = 0;
  std::uint64_t jumps = 0, jumped = 0;  // a far move's parts, and the steps they crossed
  switch (job.kind) {
    case JobKind::None:
      return 0;
    case JobKind::Seek: {
      // The last step is taken as any step is (so arriving does what arriving does).
      jumps = jump_near(loop, job.target, jumped);
      if (!loop.hit_budget()) moves += loop.run(limit, [&] { return move_toward(job.target); });
      stop = track->position() == job.target || !loop.hit_budget();
      break;
    }
    case JobKind::ToEnd:
      // What is recorded is crossed (a run gone back to its start), then the run goes on.
      jumps = jump_near(loop, track->recorded(), jumped);
      if (!loop.hit_budget()) moves += loop.run(limit, [&] { return track->forward(); });
      stop = !loop.hit_budget();
      // Stopped where a big map's region phase is being made: that work runs on to the end.
      if (stop && track->regions_pending()) builds.regions_to_end = true;
      break;
    case JobKind::ToLevel: {
      bool reached = false;
      moves = loop.run(limit, [&] {
        if (reached || !forward_or_ask()) return false;
        const Step* s = track->current();
        reached = s && s->level >= job.level;
        return true;
      });
      stop = reached || !loop.hit_budget();
      break;
    }
    case JobKind::ToFill: {
      const auto in_fill = [&] { return track->phase() == Phase::Regions; };
      moves = loop.run(limit, [&] { return !in_fill() && track->forward(); });
      // Stopped at the generator's end while a big map's region phase is made elsewhere: the job
      // waits there (poll() has the work made) and takes the fill's first step once it is in.
      stop = in_fill() || (!loop.hit_budget() && !track->regions_pending());
      break;
    }
  }
  job.done += moves + jumped;
  moves += jumps;
  if (stop) {
    note_finished();
    const std::optional<std::uint64_t> back_to = job.then_seek;
    job = {};
    if (back_to) start_job({JobKind::Seek, std::min(*back_to, track->recorded())});
  }
  return moves;
}

void Session::State::play_frame(BudgetedLoop& loop, double seconds) {
  Transport& t = transport;
  if (!std::isfinite(seconds) || seconds < 0.0) seconds = 0.0;
  seconds = std::min(seconds, kMaxFrameSeconds);
  t.due += t.speed * seconds;
  const auto owed = static_cast<std::uint64_t>(t.due);
  bool ended = false;
  t.last.steps = loop.run(owed, [&] {
    if (forward_or_ask()) return true;
    ended = !predict.waiting;
    return false;
  });
  t.last.hit_budget = loop.hit_budget() && !ended;
  PlayRate& r = t.rate;
  r.steps += t.last.steps;
  r.seconds += seconds;
  r.capped = r.capped || t.last.hit_budget;
  if (r.seconds >= kRateWindowSeconds) {
    r.capped_rate =
        r.capped ? std::optional<double>(static_cast<double>(r.steps) / r.seconds) : std::nullopt;
    r.steps = 0;
    r.seconds = 0.0;
    r.capped = false;
  }
  t.due -= static_cast<double>(t.last.steps);
  // Steps the budget could not run are dropped, not owed: a slow frame never snowballs.
  t.due = t.due - std::floor(t.due);
  // Where a big map's region phase is being made, playing waits for it and goes on.
  if (ended && !track->regions_pending()) {
    t.playing = false;
    t.due = 0.0;
    note_finished();
  }
}

}  // namespace dungen::app
