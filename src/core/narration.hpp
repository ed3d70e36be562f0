#pragma once
// How a stepper's steps are told to a person: its pseudocode (Step::line indexes it), the words
// for each step, its statistics, and a short caption for the map. Each generator (and the flood
// fill) declares its own in its own file; the app, the CLI's JSON and the trace read only this.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/params.hpp"
#include "core/question.hpp"
#include "core/stats.hpp"
#include "core/step.hpp"

namespace dungen {

// The functions are callables, not bare functions, so a narration can carry what it reads (a
// script's table of words); the built-ins' are plain functions.
struct Narration {
  std::span<const std::string_view> pseudocode;
  // The step in words, for the log and the trace: "attempt 4: rejected, touches room 2".
  std::function<std::string(const Step& step, const ParamValues& params)> words;
  // A few words drawn next to the candidate or window on the map ("touches room 2", "6 >= 5:
  // floor"); empty for none.
  std::function<std::string(const Step& step, const ParamValues& params)> caption;
  // A random draw of the step in words, where its bare number would not say what was drawn
  // ("dir = 2: south of north, east, south"); empty (or no function): "name = value".
  std::function<std::string(const Draw& draw, const Step& step, const ParamValues& params)>
      draw_text;
  // The question the step answers, for predict mode (core/question.hpp): asked before the step
  // is shown, from the step and the map before it. No function, or none for a step: no question.
  std::function<std::optional<Question>(const Step& step, const QuestionContext& context)> question;
  std::size_t stat_slots = 0;
  // The stats panel's rows (and the JSON "stats" fields) from the slots' values.
  std::function<std::vector<StatRow>(std::span<const std::int64_t> values,
                                     const ParamValues& params)>
      stat_rows;
};

// The step's draws as the log and the panel show them: "w = 7, dir = 2: south of north, south".
std::string step_draws_text(const Narration& narration, const Step& step,
                            std::span<const Draw> draws, const ParamValues& params);

}  // namespace dungen
