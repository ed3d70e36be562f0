#include "core/stepper.hpp"

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
    steps_ = other.steps_;
  }
  return *this;
}

const Step* Stepper::next() {
  context_->changes_.clear();
  context_->stat_changes_.clear();
  context_->draws_.clear();
  if (current_ && current_->last) {
    generator_.advance();  // lets the body return; it yields nothing after its final step
    current_ = nullptr;
    return nullptr;
  }
  current_ = generator_.advance();
  if (current_) ++steps_;
  return current_;
}

}  // namespace dungen
