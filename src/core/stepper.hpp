#pragma once
// A running generator: its own grid, RNG, change log and coroutine. The app asks it for one step
// at a time; how many steps run per frame is the caller's choice (see runner.hpp).

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/canvas.hpp"
#include "core/grid.hpp"
#include "core/params.hpp"
#include "core/rng.hpp"
#include "core/step.hpp"
#include "core/step_generator.hpp"

namespace dungen {

// What a generator reports besides the grid: the rooms it made, the player start, counts.
struct Layout {
  struct Room {
    int id = 0;
    Rect bounds;              // the room's floor (rectangular rooms) or its bounding box
    bool rectangular = true;  // false for accretion rooms, whose shape is only in the labels
    int cells = 0;            // floor cells
  };
  std::vector<Room> rooms;
  std::optional<Point> start;
  int corridors = 0;
  int doors = 0;
};

// Everything a generator body may touch. The grid is read-only: cells change only through
// canvas(), which records each change for the step being built.
class StepContext {
 public:
  StepContext(Grid grid, Rng rng, bool record_changes)
      : grid_(std::move(grid)), rng_(rng), canvas_(grid_, record_changes ? &changes_ : nullptr) {}
  StepContext(const StepContext&) = delete;
  StepContext& operator=(const StepContext&) = delete;

  const Grid& grid() const { return grid_; }
  Canvas& canvas() { return canvas_; }
  Rng& rng() { return rng_; }
  Layout& layout() { return layout_; }

 private:
  friend class Stepper;
  Grid grid_;
  Rng rng_;
  std::vector<CellChange> changes_;
  Canvas canvas_;
  Layout layout_;
};

// A generator body: a coroutine over a context it does not own, with parameters by value.
using StepperBody = StepGenerator (*)(StepContext&, ParamValues);

class Stepper {
 public:
  // grid is the starting map (for generators: filled with the generator's background; for
  // analysis: the map to analyse). With record_changes false the change lists stay empty,
  // which is what batch runs that only want the final map use.
  Stepper(StepperBody body, ParamValues params, Grid grid, Rng rng, bool record_changes = true);
  Stepper(Stepper&&) noexcept = default;
  Stepper& operator=(Stepper&& other) noexcept;
  ~Stepper();

  // Runs one step. Returns it, or nullptr once the algorithm has finished.
  const Step* next();
  // True once the final step (Step::last) has run, or the body has returned.
  bool done() const { return generator_.done() || (current_ && current_->last); }

  // The last step run and its cell changes (empty before the first step).
  const Step* current() const { return current_; }
  std::span<const CellChange> changes() const { return context_->changes_; }
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
  std::uint64_t steps_ = 0;
};

}  // namespace dungen
