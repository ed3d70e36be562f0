#pragma once
// Cellular-automaton caves, as the Caves of Clojure series makes the caves it later maps into
// regions: random floor and wall, smoothed a few times by a 3x3 rule (the rule itself, over rows
// of tiles and fast, is generators/cave_smoothing.hpp, inside the library).

#include <cstdint>

#include "core/step.hpp"
#include "generators/registry.hpp"

namespace dungen {
const GeneratorSpec& cellular_caves_spec();
}

namespace dungen::cellular_caves {

// What each step reports (Step::event.kind) and the event fields it fills. Rows, passes and
// cells are 0-based.
enum class Ev : EventKind {
  FillRow = kFirstOwnEvent,  // id = row y, value = floor cells in it, rect = the row
  FillCell,                  // at = the cell, value = its roll (-1: none drawn), reason = Verdict
  Border,                    // other = pass (-1: after the fill), value = cells set to wall,
                             // rect = the map
  Filled,                    // value = floor cells
  PassStart,                 // id = pass
  RowRead,                   // id = row y, other = pass, rect = the rows read
  RowWritten,                // id = row y, other = pass, value = cells flipped, rect = the row
  CellCount,                 // other = pass, at = the cell, value = count, rect = its block
  CellRule,                  // as CellCount, reason = Verdict bits
  PassDone,                  // id = pass, value = cells the pass flipped
};

// FillCell and CellRule: what the cell became (kWall or kFloor), and for CellRule also kChanged
// when that flipped it.
enum Verdict : std::uint8_t { kWall = 0, kFloor = 1, kChanged = 2 };

}  // namespace dungen::cellular_caves
