#pragma once
// The text and JSON forms of a generated map (what `dungen generate` prints or writes).
//
// Text: one line per row, top row first. Glyphs: '#' wall, '.' floor, ',' corridor, '+' door,
// ' ' empty (never touched). Generators whose rooms tile the map print each cell's room number as
// a glyph instead (numbered from 1: 1-9, a-z, A-Z, '*' past 61). With regions, each walkable
// cell prints its region's number the same way. The level analyses' marks are drawn over all of
// that (analysis_mark_glyph): ':' the critical path, '!' a chokepoint, '$' a dead end.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "analysis/analysis.hpp"
#include "analysis/regions.hpp"
#include "core/draw_fork.hpp"
#include "core/grid.hpp"
#include "core/stepper.hpp"
#include "generators/registry.hpp"
#include "io/json_writer.hpp"

namespace dungen {

// The JSON's "format" field: 2 since tiles stopped carrying region and room glyphs.
inline constexpr int kJsonFormat = 2;

struct MapExport {
  const GeneratorSpec& spec;
  const ParamValues& params;
  std::uint64_t seed;
  const Grid& grid;
  const Layout& layout;
  std::uint64_t steps;
  std::span<const std::int64_t> stats;         // the generator's statistics (its Narration's slots)
  const RegionMap* regions = nullptr;          // when the caller asked for regions
  std::span<const AnalysisRun> analyses = {};  // the level analyses asked for, in order
  const DrawFork* fork = nullptr;              // the run's fork (core/draw_fork.hpp), if any
};

// The text export's glyph for an analysis's mark on a cell (0 for none, and for the flood fill's
// frontier and a maze's connectors, which no finished analysis leaves).
char analysis_mark_glyph(Mark m);

// The exports streamed: the sink gets the text in pieces of about JsonWriter::kChunk bytes, so
// memory stays at a row or a chunk whatever the map's size (a file sink writes as it goes).
void write_text(const MapExport& m, const TextSink& sink);
void write_json(const MapExport& m, const TextSink& sink);
// The same, whole, as a string (tests, small maps).
std::string to_text(const MapExport& m);
std::string to_json(const MapExport& m);

// Walkable cells / all cells.
double floor_fraction(const Grid& grid);

}  // namespace dungen
