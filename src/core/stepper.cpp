#include "core/stepper.hpp"

#include <stdexcept>
#include <vector>

#include "core/big_buffer.hpp"

namespace dungen {

Stepper::Stepper(StepperBody body, ParamValues params, Grid grid, Rng rng, std::size_t stat_slots,
                 bool record_changes)
    : params_(std::move(params)),
      context_(std::make_unique<StepContext>(std::move(grid), rng, stat_slots, record_changes)),
      generator_(body(*context_, params_)) {}

// The coroutine frame refers to the context: destroy it first.
Stepper::~Stepper() {
  generator_ = StepGenerator();
}

Stepper& Stepper::operator=(Stepper&& other) noexcept {
  if (this != &other) {
    generator_ = StepGenerator();  // before the context it refers to goes
    params_ = std::move(other.params_);
    context_ = std::move(other.context_);
    generator_ = std::move(other.generator_);
    current_ = other.current_;
    final_ = std::move(other.final_);
    steps_ = other.steps_;
    expanded_ = std::move(other.expanded_);
    expanded_valid_ = other.expanded_valid_;
  }
  return *this;
}

void Stepper::set_fork(DrawFork fork) {
  if (steps_ > 0) throw std::logic_error("Stepper::set_fork after the first step");
  context_->fork_ = std::move(fork);
}

std::span<const CellChange> Stepper::changes() const {
  if (context_->runs_.empty()) return context_->changes_;
  if (!expanded_valid_) {
    expand_changes(runs(), context_->changes_, context_->grid_, expanded_);
    expanded_valid_ = true;
  }
  return expanded_;
}

namespace {

// A step's change list is reused step after step, but not at the size of the largest step there
// was: rooms-and-mazes numbers its rooms in one step, 1.35 M changes at 4096x4096 (a 58 MB list),
// which no other step needs. Past this many changes the list is given back.
constexpr std::size_t kKeptChanges = std::size_t{1} << 16;

template <class T>
void clear_list(std::vector<T>& list, std::size_t keep) {
  if (list.capacity() > keep) {
    free_buffer(list);
  } else {
    list.clear();
  }
}

}  // namespace

const Step* Stepper::next() {
  expanded_valid_ = false;
  clear_list(context_->changes_, kKeptChanges);
  clear_list(expanded_, kKeptChanges);
  context_->runs_.clear();
  context_->stat_changes_.clear();
  context_->draws_.clear();
  if (current_ && current_->last) {
    current_ = nullptr;  // the body is gone already (below)
    return nullptr;
  }
  context_->step_ = steps_ + 1;  // the code up to the next co_yield builds this step
  context_->fork_seen_ = 0;
  try {
    current_ = generator_.advance();
  } catch (...) {
    // The body stopped in the middle of a step (a script that broke a rule): what that step had
    // changed is undone, so the map and stats stay those of the last whole step, and nothing
    // follows.
    Grid& grid = context_->grid_;
    for (auto c = context_->changes_.rbegin(); c != context_->changes_.rend(); ++c) {
      grid.put(c->index, c->before);
    }
    for (const CellRun& run : runs()) apply_run(run, grid);
    context_->runs_.clear();
    context_->stats_.apply(context_->stat_changes_, false);
    context_->changes_.clear();
    context_->stat_changes_.clear();
    context_->draws_.clear();
    current_ = nullptr;
    throw;
  }
  if (current_) ++steps_;
  if (current_ && current_->last) {
    // Nothing follows the final step, so the body goes now, not when the stepper does: its frame
    // holds what it worked with (room accretion's bank of free cells is 128 MB at 4096x4096),
    // and a finished run is kept for as long as it is looked at. The step is kept here.
    final_ = std::make_unique<Step>(*current_);
    current_ = final_.get();
    generator_ = StepGenerator();
    context_->grid_.drop_default_layers();  // and the layers it wrote and left at their default
  }
  return current_;
}

}  // namespace dungen
