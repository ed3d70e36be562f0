#pragma once
// A running generator: its own grid, RNG, change log and coroutine. The app asks it for one step
// at a time; how many steps run per frame is the caller's choice (see runner.hpp).

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/canvas.hpp"
#include "core/draw_fork.hpp"
#include "core/grid.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "core/stats.hpp"
#include "core/step.hpp"
#include "core/step_generator.hpp"

namespace dungen {

// What a generator reports besides the grid: the rooms it made and the player start (counts of
// corridors, doors and the like are each generator's own statistics: Stepper::stats()).
struct Layout {
  struct Room {
    int id = 0;
    Rect bounds;              // the room's floor (rectangular rooms) or its bounding box
    bool rectangular = true;  // false for accretion rooms, whose shape is only in the labels
    int cells = 0;            // floor cells
  };
  std::vector<Room> rooms;
  std::optional<Point> start;
};

// Everything a generator body may touch. The grid is read-only: cells change only through
// canvas(), and statistics only through stats(), which record each change for the step being
// built. The draw_* helpers draw from the RNG and record what was drawn, so the step can show it.
class StepContext {
 public:
  StepContext(Grid grid, Rng rng, std::size_t stat_slots, bool record)
      : grid_(std::move(grid)),
        rng_(rng),
        canvas_(grid_, record ? &changes_ : nullptr, &runs_),
        stats_(stat_slots, record ? &stat_changes_ : nullptr),
        record_(record) {}
  StepContext(const StepContext&) = delete;
  StepContext& operator=(const StepContext&) = delete;

  const Grid& grid() const { return grid_; }
  Canvas& canvas() { return canvas_; }
  StatSheet& stats() { return stats_; }
  Rng& rng() { return rng_; }
  Layout& layout() { return layout_; }

  // Uniform in [lo, hi], recorded as `name`.
  int draw_int(std::string_view name, int lo, int hi) {
    const int v = forked(name, rng_.uniform_int(lo, hi), lo, hi);
    note(name, v, lo, hi);
    return v;
  }
  // True with percent % chance. The roll (0..99, true when below percent) is recorded as
  // `name`; at 0 and 100 nothing is drawn and nothing recorded.
  bool draw_chance(std::string_view name, int percent) {
    if (percent <= 0) return false;
    if (percent >= 100) return true;
    const int roll = forked(name, static_cast<int>(rng_.below(100)), 0, 99);
    note(name, roll, 0, 99);
    return roll < percent;
  }
  // A fair coin (the tutorial's random.random() < 0.5), recorded as 1 (true) or 0.
  bool draw_coin(std::string_view name) {
    const int heads = forked(name, rng_.uniform_float() < 0.5f ? 1 : 0, 0, 1);
    note(name, heads, 0, 1);
    return heads == 1;
  }
  // A value worked out while drawing that the step should show too (how many cells were probed):
  // listed with the draws, but not drawn, so not a fork's to change.
  void note_draw(std::string_view name, std::int64_t value) {
    if (record_) draws_.push_back({name, value});
  }

 private:
  friend class Stepper;
  Grid grid_;
  Rng rng_;
  std::vector<CellChange> changes_;
  RunLog runs_;
  Canvas canvas_;
  std::vector<StatChange> stat_changes_;
  StatSheet stats_;
  std::vector<Draw> draws_;
  bool record_;
  Layout layout_;
  // The fork, if any, and the step being built (1-based), for forked().
  std::optional<DrawFork> fork_;
  std::uint64_t step_ = 0;
  int fork_seen_ = 0;  // draws named as the fork's in its step so far
  ForkOutcome fork_outcome_;

  void note(std::string_view name, std::int64_t value, int lo, int hi) {
    if (record_) draws_.push_back({name, value, lo, hi});
  }
  // The fork's value instead of v when this is the draw it names; v otherwise.
  int forked(std::string_view name, int v, int lo, int hi) {
    if (!fork_ || step_ != fork_->step || name != fork_->name) return v;
    if (++fork_seen_ != fork_->occurrence) return v;
    const auto chosen = static_cast<int>(std::clamp<std::int64_t>(fork_->value, lo, hi));
    fork_outcome_ = {.applied = true, .drawn = v, .value = chosen, .lo = lo, .hi = hi};
    return chosen;
  }
};

// A generator body: a coroutine over a context it does not own, with parameters by value. A
// callable, not a bare function, so a body can carry what it runs (a script's program); the
// built-ins' bodies are plain functions.
using StepperBody = std::function<StepGenerator(StepContext&, ParamValues)>;

class Stepper {
 public:
  // grid is the starting map (for generators: filled with the generator's background; for
  // analysis: the map to analyse); stat_slots, how many statistics the body counts. With
  // record_changes false the change lists (cells, stats, draws) stay empty, which is what batch
  // runs that only want the final map use.
  Stepper(StepperBody body, ParamValues params, Grid grid, Rng rng, std::size_t stat_slots,
          bool record_changes = true);
  // Runs with one draw changed (core/draw_fork.hpp). Before the first step only.
  void set_fork(DrawFork fork);
  const std::optional<DrawFork>& fork() const { return context_->fork_; }
  // What the fork changed, once its step has run.
  const ForkOutcome& fork_outcome() const { return context_->fork_outcome_; }
  Stepper(Stepper&&) noexcept = default;
  Stepper& operator=(Stepper&& other) noexcept;
  ~Stepper();

  // Runs one step. Returns it, or nullptr once the algorithm has finished. An exception out of
  // the body (a script that broke a rule) passes through, after the changes of the step it
  // stopped in are undone (when changes are recorded): the map and stats are the last whole
  // step's, and the run is over (done()).
  const Step* next();
  // True once the final step (Step::last) has run, or the body has returned.
  bool done() const { return generator_.done() || (current_ && current_->last); }

  // The last step run and its changes (empty before the first step), as one list of cell changes
  // in the order they were made: the runs' cells expanded (built on first asking, kept until the
  // next step), then the cell changes.
  const Step* current() const { return current_; }
  std::span<const CellChange> changes() const;
  // The same as recorded (core/changes.hpp): the step's runs, then the cell changes made after
  // them. What the timeline stores: a row written as one run costs a bit per cell.
  std::span<const CellRun> runs() const { return context_->runs_.runs(); }
  std::span<const CellChange> cell_changes() const { return context_->changes_; }
  std::span<const StatChange> stat_changes() const { return context_->stat_changes_; }
  std::span<const Draw> draws() const { return context_->draws_; }
  // The statistics' values after the last step run.
  std::span<const std::int64_t> stats() const { return context_->stats_.values(); }
  std::uint64_t steps_taken() const { return steps_; }

  const Grid& grid() const { return context_->grid_; }
  const Layout& layout() const { return context_->layout_; }
  const ParamValues& params() const { return params_; }

 private:
  friend class Timeline;  // undoes and redoes cells on the live grid while the body is paused
  Grid& mutable_grid() { return context_->grid_; }

  ParamValues params_;
  std::unique_ptr<StepContext> context_;  // stable address: the coroutine holds a reference
  StepGenerator generator_;
  const Step* current_ = nullptr;
  std::unique_ptr<Step> final_;  // the final step (Step::last), once the body is gone
  std::uint64_t steps_ = 0;
  mutable std::vector<CellChange> expanded_;  // changes(), when the step has runs
  mutable bool expanded_valid_ = false;
};

}  // namespace dungen
