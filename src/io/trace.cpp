#include "io/trace.hpp"

#include <array>

#include "io/json_writer.hpp"

namespace dungen {

namespace {
std::string_view mark_name(Mark m) {
  switch (m) {
    case Mark::None:
      return "none";
    case Mark::Frontier:
      return "frontier";
    case Mark::Connector:
      return "connector";
    case Mark::DeadEnd:
      return "dead-end";
    case Mark::Path:
      return "path";
    case Mark::Chokepoint:
      return "chokepoint";
  }
  return "none";
}
}  // namespace

std::string trace_line(const TraceLine& t, const Narration& narration, const ParamValues& params,
                       const Grid& grid) {
  std::string out;
  write_trace_line(t, narration, params, grid, [&](std::string_view piece) { out += piece; });
  return out;
}

namespace {
// A name drawn more than once in the step (a roll per connector) is an array of its values in
// the order drawn; a name drawn once is its value.
void write_draws(const TraceLine& t, JsonWriter& j) {
  j.key("draws").begin_object();
  for (std::size_t i = 0; i < t.draws.size(); ++i) {
    const std::string_view name = t.draws[i].name;
    bool seen = false;
    for (std::size_t k = 0; k < i && !seen; ++k) seen = t.draws[k].name == name;
    if (seen) continue;
    std::size_t count = 0;
    for (const Draw& d : t.draws) count += d.name == name;
    j.key(name);
    if (count == 1) {
      j.value(t.draws[i].value);
      continue;
    }
    j.begin_array();
    for (const Draw& d : t.draws) {
      if (d.name == name) j.value(d.value);
    }
    j.end_array();
  }
  j.end_object();
}

// Two cell changes are alike when the same layers change, to the same values.
bool alike(const CellChange& a, const CellChange& b) {
  const auto layers = [](const CellChange& c) {
    return std::array{c.before.tile != c.after.tile, c.before.label != c.after.label,
                      c.before.region != c.after.region, c.before.mark != c.after.mark};
  };
  return layers(a) == layers(b) && a.after.tile == b.after.tile && a.after.label == b.after.label &&
         a.after.region == b.after.region && a.after.mark == b.after.mark;
}

// Cells in a row that change alike (a room carved, a row of a pass) are one run: its first
// cell's x and y, and "n" cells to the right (written only past one).
void write_changes(const TraceLine& t, const Grid& grid, JsonWriter& j) {
  j.key("changes").begin_array();
  for (std::size_t i = 0; i < t.changes.size();) {
    const CellChange& c = t.changes[i];
    const Point p = grid.point(c.index);
    std::size_t n = 1;
    while (i + n < t.changes.size() && p.x + static_cast<int>(n) < grid.width() &&
           t.changes[i + n].index == c.index + n && alike(c, t.changes[i + n])) {
      ++n;
    }
    j.begin_object();
    j.key("x").value(p.x).key("y").value(p.y);
    if (n > 1) j.key("n").value(static_cast<std::uint64_t>(n));
    if (c.before.tile != c.after.tile) j.key("tile").value(tile_name(c.after.tile));
    if (c.before.label != c.after.label) j.key("label").value(c.after.label);
    if (c.before.region != c.after.region) j.key("region").value(c.after.region);
    if (c.before.mark != c.after.mark) j.key("mark").value(mark_name(c.after.mark));
    j.end_object();
    i += n;
  }
  j.end_array();
}
}  // namespace

void write_trace_line(const TraceLine& t, const Narration& narration, const ParamValues& params,
                      const Grid& grid, const TextSink& sink) {
  JsonWriter j(/*compact=*/true, sink);
  j.begin_object();
  j.key("step").value(t.number);
  j.key("algorithm").value(t.algorithm);
  j.key("level").value(level_name(t.step.level));
  j.key("line").value(t.step.line + 1);
  j.key("code").value(narration.pseudocode[static_cast<std::size_t>(t.step.line)]);
  j.key("words").value(narration.words(t.step, params));
  write_draws(t, j);
  write_changes(t, grid, j);
  j.end_object();
  j.flush();
  sink("\n");
}

}  // namespace dungen
