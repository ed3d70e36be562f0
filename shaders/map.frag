#version 330 core
// Draws the map from one integer buffer texture, one texel per cell, row-major (see
// src/app/map_texture.hpp; in the browser build, where src/app/embed_shaders.cmake makes this
// GLSL ES 3.00 and defines DUNGEN_CELLS_2D, a 2D integer texture with cell (x, y) at (x, y)):
//   r: bits 0-3 tile, bits 4-7 mark, bits 8 up an id + 1 (0: none): the label, or with one
//      word a cell (u_cell_bits 32, or 16 for a 16-bit word) and u_id_is_region, the region; or,
//      with u_region_bits, both: the region + 1 in the word's top u_region_bits bits, the
//      label + 1 in those below
//   g (two words a cell only, u_cell_bits 64): region + 1 (0: no region)
// Cells are looked up with texelFetch, never filtered, so cell edges stay crisp at any zoom.

#ifdef DUNGEN_CELLS_2D
uniform highp usampler2D u_cells;  // cell (x, y) at texel (x, y)
#else
// A sampler before the cells', never read (u_read_anchor is always false), on a 1x1 texture of
// its own. A software rasteriser (Mesa's llvmpipe) compiles a variant of this shader for each
// state of the sampler in each of its slots, and a buffer texture's slot is given none: it keeps
// whatever the draw before left there (the UI's font, or a picture), so the same map drawn after
// other UI was a new variant, 100-300 ms to compile in the draw. The anchor takes that slot,
// with a state that never changes; the cells' slot after it is one no other draw uses.
uniform sampler2D u_anchor;
uniform bool u_read_anchor;
uniform usamplerBuffer u_cells;  // cell (x, y) at y * u_map_size.x + x
#endif
uniform ivec2 u_map_size;
uniform vec2 u_viewport_origin;  // framebuffer pixel of the viewport's lower-left corner
uniform float u_viewport_height;
uniform vec2 u_map_origin;  // where cell (0,0)'s top-left corner is, in pixels from the top-left
uniform float u_cell_px;    // one cell's side in framebuffer pixels
uniform vec3 u_tiles[5];    // indexed by tile value (src/app/palette.hpp)
uniform vec3 u_outside;
uniform vec3 u_marks[6];   // indexed by mark (core/tile.hpp): frontier, connector, dead end,
                           // path, chokepoint
uniform vec3 u_halo;       // a dark ring inside marked cells, so they show on light floors too
uniform float u_grid;      // 0..1: how strongly the cell grid shows (fades in with zoom)
uniform float u_grid_strength;  // 0..1: how dark a grid line is at full strength
uniform float u_grid_px;   // a grid line's width at full zoom, in framebuffer pixels
uniform bool u_labels;     // floors coloured per room label, walls on edges between labels
uniform bool u_regions;    // walkable cells tinted per flood-fill region
uniform int u_cell_bits;   // a cell's bits: 16 or 32 (r only, a word that wide) or 64 (r and g)
uniform bool u_id_is_region;  // one word: r's id is the region, not the label
uniform int u_region_bits;    // one word with both ids: the region's bits (0: not so)
uniform int u_heat_max;    // above 0: regions are an analysis's amounts, drawn as heat up to it

out vec4 frag_colour;

const uint kFloor = 2u;

vec3 hsv(float h, float s, float v) {
  vec3 k = clamp(abs(fract(h + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0, 0.0, 1.0);
  return v * mix(vec3(1.0), k, s);
}

// Consecutive ids land far apart on the hue circle (golden-ratio steps), so neighbouring rooms
// and regions, which usually have close ids, never look alike.
vec3 id_colour(uint id, float s, float v) {
  uint x = id * 2654435769u;
  float hue = float(x >> 8) / 16777216.0;
  return hsv(hue, s, v);
}

// A region's colour: the golden-ratio hue squeezed into bands clear of the roles drawn over
// regions (frontier lime, cursor magenta, finished sky blue, start blue); the same bands as
// region_hue in src/render/map_image.cpp (red to yellow, and green).
vec3 region_colour(uint id) {
  uint x = id * 2654435769u;
  float h = float(x >> 8) / 16777216.0 * 0.235;
  float hue = h < 0.165 ? fract(0.975 + h) : 0.33 + (h - 0.165);
  return hsv(hue, 0.75, 0.95);
}

// An amount as heat, t in 0..1: blue (cold) through green and yellow to red (hot); the same ramp
// as heat_tint in src/render/map_image.cpp.
vec3 heat_colour(float t) {
  return hsv(0.66 * (1.0 - clamp(t, 0.0, 1.0)), 0.8, 0.95);
}

// The cell as two words, r (tile, mark, label) and g (region), whatever its format.
uvec2 cell_texel(ivec2 c) {
#ifdef DUNGEN_CELLS_2D
  uvec2 t = texelFetch(u_cells, c, 0).rg;
#else
  uvec2 t = texelFetch(u_cells, c.y * u_map_size.x + c.x).rg;
#endif
  if (u_cell_bits == 64) return t;
  if (u_region_bits > 0) {
    uint label = (t.r >> 8) & ((1u << uint(u_cell_bits - 8 - u_region_bits)) - 1u);
    return uvec2((t.r & 255u) | (label << 8), t.r >> uint(u_cell_bits - u_region_bits));
  }
  return u_id_is_region ? uvec2(t.r & 255u, t.r >> 8) : uvec2(t.r, 0u);
}

uint label_of(ivec2 c) {
  if (c.x < 0 || c.y < 0 || c.x >= u_map_size.x || c.y >= u_map_size.y) return 0u;
  return cell_texel(c).r >> 8;
}

void main() {
  vec2 px = vec2(gl_FragCoord.x - u_viewport_origin.x,
                 u_viewport_height - (gl_FragCoord.y - u_viewport_origin.y));
  vec2 pos = (px - u_map_origin) / u_cell_px;
  if (pos.x < 0.0 || pos.y < 0.0 || pos.x >= float(u_map_size.x) ||
      pos.y >= float(u_map_size.y)) {
    frag_colour = vec4(u_outside, 1.0);
    return;
  }
  ivec2 cell = ivec2(floor(pos));
  uvec2 texel = cell_texel(cell);
  uint tile = texel.r & 15u;
  uint mark = (texel.r >> 4) & 15u;
  uint label = texel.r >> 8;
  uint region = texel.g;

  vec3 colour = u_tiles[min(tile, 4u)];
  if (u_labels && label != 0u && tile == kFloor) colour = id_colour(label, 0.42, 0.96);
  if (u_regions && region != 0u) {
    colour = u_heat_max > 0
                 ? mix(colour, heat_colour(float(region - 1u) / float(u_heat_max)), 0.75)
                 : mix(colour, region_colour(region), 0.7);
  }
  // Distance to the cell's own edges, in pixels.
  vec2 in_cell = (pos - vec2(cell)) * u_cell_px;
  vec2 to_far = u_cell_px - in_cell;

  if (mark != 0u) {
    colour = u_marks[min(mark, 5u)];
    float ring = max(1.0, u_cell_px * 0.12);
    if (u_cell_px >= 4.0 && min(min(in_cell.x, in_cell.y), min(to_far.x, to_far.y)) < ring) {
      colour = u_halo;
    }
  }

  // A thin wall on every edge between two different rooms: each side draws half of it.
  if (u_labels && label != 0u && u_cell_px >= 3.0) {
    float half_wall = max(0.75, u_cell_px * 0.09);
    bool wall = (in_cell.x < half_wall && label_of(cell - ivec2(1, 0)) != label) ||
                (to_far.x < half_wall && label_of(cell + ivec2(1, 0)) != label) ||
                (in_cell.y < half_wall && label_of(cell - ivec2(0, 1)) != label) ||
                (to_far.y < half_wall && label_of(cell + ivec2(0, 1)) != label);
    if (wall) colour = u_tiles[1];
  }

  // The grid: a line on each cell's top and left edges, faded in by the caller; never more than
  // a fifth of a cell, so thick lines (projector mode) leave the tiles readable.
  float line = max(1.0, min(u_grid_px, u_cell_px * 0.2));
  if (u_grid > 0.0 && (in_cell.x < line || in_cell.y < line)) {
    colour = mix(colour, vec3(0.0), u_grid_strength * u_grid);
  }
#ifndef DUNGEN_CELLS_2D
  if (u_read_anchor) colour = texture(u_anchor, vec2(0.5)).rgb;
#endif
  frag_colour = vec4(colour, 1.0);
}
