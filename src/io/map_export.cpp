#include "io/map_export.hpp"

#include "io/json_writer.hpp"

#include <type_traits>
#include <utility>
#include <variant>

namespace dungen {

double floor_fraction(const Grid& grid) {
  return static_cast<double>(grid.count_walkable()) / static_cast<double>(grid.size());
}

char analysis_mark_glyph(Mark m) {
  switch (m) {
    case Mark::Path:
      return ':';
    case Mark::Chokepoint:
      return '!';
    case Mark::DeadEnd:
      return '$';
    case Mark::None:
    case Mark::Frontier:
    case Mark::Connector:
      return 0;
  }
  return 0;
}

// The glyph of one cell as the text export shows it.
static char cell_glyph(const MapExport& m, std::size_t i) {
  // The last analysis listed that marks the cell wins.
  for (std::size_t k = m.analyses.size(); k-- > 0;) {
    if (const char g = analysis_mark_glyph(m.analyses[k].map.mark(i))) return g;
  }
  const Tile t = m.grid.tile(i);
  if (m.regions && is_walkable(t)) return region_glyph(m.regions->labels[i]);
  if (m.spec.text_shows_labels && m.grid.label(i) >= 0) return region_glyph(m.grid.label(i));
  return tile_glyph(t);
}

static std::string row_text(const MapExport& m, int y) {
  std::string row(static_cast<std::size_t>(m.grid.width()), ' ');
  for (int x = 0; x < m.grid.width(); ++x) {
    row[static_cast<std::size_t>(x)] = cell_glyph(m, m.grid.index(x, y));
  }
  return row;
}

void write_text(const MapExport& m, const TextSink& sink) {
  std::string chunk;
  for (int y = 0; y < m.grid.height(); ++y) {
    chunk += row_text(m, y);
    chunk += '\n';
    if (chunk.size() >= JsonWriter::kChunk) sink(std::exchange(chunk, {}));
  }
  if (!chunk.empty()) sink(chunk);
}

std::string to_text(const MapExport& m) {
  std::string out;
  out.reserve(static_cast<std::size_t>(m.grid.width() + 1) *
              static_cast<std::size_t>(m.grid.height()));
  write_text(m, [&](std::string_view piece) { out += piece; });
  return out;
}

std::string to_json(const MapExport& m) {
  std::string out;
  write_json(m, [&](std::string_view piece) { out += piece; });
  return out;
}

// ---- write_json's parts, in the order the file has them ---------------------------------------

// What made the map: generator, seed, size and every parameter.
static void write_origin(const MapExport& m, JsonWriter& j) {
  j.key("format").value(kJsonFormat);
  j.key("generator").value(m.spec.name);
  j.key("seed").value(m.seed);
  // A forked run's map is not the seed's: the fork says which draw was changed.
  if (m.fork) j.key("fork").value(fork_text(*m.fork));
  j.key("width").value(m.grid.width());
  j.key("height").value(m.grid.height());
  j.key("params").begin_object();
  const auto& defs = m.params.schema().params;
  for (std::size_t i = 0; i < defs.size(); ++i) j.key(defs[i].name).value(m.params.values()[i]);
  j.end_object();

  j.key("legend").begin_object();
  for (int t = 0; t < kTileCount; ++t) {
    const auto tile = static_cast<Tile>(t);
    j.key(std::string(1, tile_glyph(tile))).value(tile_name(tile));
  }
  j.end_object();
}

// The tile glyphs, a row per string, then the room ids (0-based, -1 for none) when the
// generator labels rooms.
static void write_cells(const MapExport& m, JsonWriter& j) {
  const auto w = static_cast<std::size_t>(m.grid.width());
  j.key("tiles").begin_array();
  std::string glyphs(w, ' ');
  for (int y = 0; y < m.grid.height(); ++y) {
    for (std::size_t x = 0; x < w; ++x) glyphs[x] = tile_glyph(m.grid.tile(y * w + x));
    j.value(glyphs);
  }
  j.end_array();

  bool labelled = false;
  for (std::size_t i = 0; i < m.grid.size() && !labelled; ++i) labelled = m.grid.label(i) >= 0;
  if (!labelled) return;
  std::vector<std::int32_t> ids(w);
  j.key("labels").begin_array();
  for (int y = 0; y < m.grid.height(); ++y) {
    for (std::size_t x = 0; x < w; ++x) ids[x] = m.grid.label(y * w + x);
    j.row(ids);
  }
  j.end_array();
}

// The run's length and the layout: the player's start and the rooms.
static void write_layout(const MapExport& m, JsonWriter& j) {
  j.key("steps").value(m.steps);
  if (m.layout.start) {
    j.key("start").begin_object();
    j.key("x").value(m.layout.start->x).key("y").value(m.layout.start->y);
    j.end_object();
  }
  j.key("rooms").begin_array();
  for (const Layout::Room& r : m.layout.rooms) {
    j.begin_object();
    if (r.rectangular) {
      j.key("x").value(r.bounds.x).key("y").value(r.bounds.y);
      j.key("w").value(r.bounds.w).key("h").value(r.bounds.h);
    } else {
      j.key("id").value(r.id).key("cells").value(r.cells);
    }
    j.end_object();
  }
  j.end_array();
}

// Statistics rows as an object: each row's key and its value (a count, a fraction, or a list).
static void write_stat_rows(const std::vector<StatRow>& rows, JsonWriter& j) {
  j.begin_object();
  for (const StatRow& row : rows) {
    j.key(row.key);
    std::visit(
        [&](const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<V, std::vector<std::int64_t>>) {
            j.begin_array();
            for (const std::int64_t x : v) j.value(x);
            j.end_array();
          } else {
            j.value(v);
          }
        },
        row.value);
  }
  j.end_object();
}

// The generator's own statistics, as its panel shows them, after the map's floor fraction (a
// generator may show it too: written once).
static void write_stats(const MapExport& m, JsonWriter& j) {
  std::vector<StatRow> rows{{"floor_fraction", "", "", floor_fraction(m.grid)}};
  for (StatRow& row : m.spec.narration.stat_rows(m.stats, m.params)) {
    if (row.key != "floor_fraction") rows.push_back(std::move(row));
  }
  j.key("stats");
  write_stat_rows(rows, j);
}

// The flood-fill regions, when they were labelled: their summary, then each cell's region id
// (0-based, -1 for none: walls and empty cells).
static void write_regions(const MapExport& m, JsonWriter& j) {
  if (!m.regions) return;
  const RegionSummary s = summarize(*m.regions);
  j.key("regions").begin_object();
  j.key("connectivity").value(s.connectivity);
  j.key("count").value(s.count);
  j.key("sizes").begin_array();
  for (int n : s.sizes_desc) j.value(n);
  j.end_array();
  j.key("largest_fraction").value(s.largest_fraction);
  const auto w = static_cast<std::size_t>(m.grid.width());
  j.key("ids").begin_array();
  for (int y = 0; y < m.grid.height(); ++y) {
    j.row(std::span(m.regions->labels).subspan(y * w, w));
  }
  j.end_array();
  j.end_object();
}

// The level analyses, when asked for: each by its name, with its connectivity, where it started,
// its statistics (as its panel shows them), what its layer's numbers are and the layer (-1 for
// none), and the cells it marked.
static void write_analyses(const MapExport& m, JsonWriter& j) {
  if (m.analyses.empty()) return;
  const auto w = static_cast<std::size_t>(m.grid.width());
  j.key("analyses").begin_object();
  for (const AnalysisRun& a : m.analyses) {
    j.key(a.spec->name).begin_object();
    j.key("connectivity").value(a.params.get_int("connectivity"));
    j.key("steps").value(a.steps);
    if (a.start) {
      j.key("start").begin_object();
      j.key("x").value(a.start->x).key("y").value(a.start->y);
      j.end_object();
    }
    j.key("stats");
    write_stat_rows(a.spec->narration().stat_rows(a.stats, a.params), j);
    j.key("values").value(a.spec->values_meaning);
    j.key("layer").begin_array();
    std::vector<std::int32_t> row(w);
    for (int y = 0; y < m.grid.height(); ++y) {
      for (std::size_t x = 0; x < w; ++x) row[x] = a.map.region(y * w + x);
      j.row(row);
    }
    j.end_array();
    j.key("marked").begin_array();
    for (std::size_t i = 0; i < a.map.size(); ++i) {
      if (!analysis_mark_glyph(a.map.mark(i))) continue;
      const Point p = a.map.point(i);
      j.begin_array().value(p.x).value(p.y).end_array();
    }
    j.end_array();
    j.end_object();
  }
  j.end_object();
}

// Format 2 (docs/json-format.md): tiles are always the tile glyphs; room and region ids are
// integer layers beside them ("labels", "regions.ids"), so nothing is lost past 61 ids.
void write_json(const MapExport& m, const TextSink& sink) {
  JsonWriter j(/*compact=*/false, sink);
  j.begin_object();
  write_origin(m, j);
  write_cells(m, j);
  write_layout(m, j);
  write_stats(m, j);
  write_regions(m, j);
  write_analyses(m, j);
  j.end_object();
  j.flush();
}

}  // namespace dungen
