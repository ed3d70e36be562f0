#include "app/map_overlays.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "analysis/regions.hpp"
#include "app/logic/map_text.hpp"
#include "render/palette.hpp"

namespace dungen::app {
namespace {

// Glyphs need this many pixels per cell to be readable at all (a 6 px digit is about the least
// a screen shows as a digit); below it the map says to zoom in.
constexpr float kGlyphMinCellPx = 6.0f;
// An analysis's amounts (distances) are written out: from cells this wide, in text this tall.
constexpr float kAmountMinCellPx = 14.0f;
constexpr float kAmountMinTextPx = 7.0f;
// And never more than this many in one frame (a huge window at the minimum size).
constexpr int kMaxGlyphs = 60000;

ImU32 colour(Rgb c, float alpha = 1.0f) {
  return IM_COL32(c.r, c.g, c.b, static_cast<int>(std::clamp(alpha, 0.0f, 1.0f) * 255.0f));
}

ImVec2 corner(const MapView& v, ScreenRect vp, float cx, float cy) {
  return {v.screen_x(cx, vp), v.screen_y(cy, vp)};
}
ImVec2 centre(const MapView& v, ScreenRect vp, Point p) {
  return corner(v, vp, static_cast<float>(p.x) + 0.5f, static_cast<float>(p.y) + 0.5f);
}

// Outlines stay visible when cells are tiny and do not swamp them when cells are huge.
float line_width(const MapView& v) {
  return std::clamp(v.cell_px() * 0.25f, 2.0f, 4.0f);
}

// Every stroke is drawn twice: a wider dark halo, then the colour, so it shows on light tiles
// (the halo) and on dark ones (the colour). tests/test_app_palette.cpp checks the contrasts.
void halo_rect(ImDrawList* list, ImVec2 a, ImVec2 b, const Palette& p, ImU32 col, float w,
               float alpha = 1.0f) {
  list->AddRect(a, b, colour(p.halo, 0.8f * alpha), 0.0f, 0, w + 2.0f);
  list->AddRect(a, b, col, 0.0f, 0, w);
}

// The captions' font: the window's second font, made at a fixed size (window.cpp), else the
// UI's.
ImFont* caption_font() {
  const ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  return atlas.Fonts.Size > 1 ? atlas.Fonts[1] : ImGui::GetFont();
}

// The font size for a caption over this map (logic/map_text.hpp): it follows the cells, not the
// UI scale.
float caption_px(const std::string& text, const MapView& v, ScreenRect vp) {
  ImFont* font = caption_font();
  const float per_px = font->CalcTextSizeA(1.0f, FLT_MAX, 0.0f, text.c_str()).x;
  return map_caption_px(v.cell_px(), vp.w, vp.h, per_px, font->FontSize);
}

ImVec2 text_size(float px, const std::string& text) {
  return caption_font()->CalcTextSizeA(px, FLT_MAX, 0.0f, text.c_str());
}

// A label px pixels tall on a dark plate, readable over any tile colour on a projector.
void plate_text(ImDrawList* list, ImVec2 at, ImU32 col, const std::string& text, float px) {
  const ImVec2 size = text_size(px, text);
  const float margin = std::max(2.0f, px * 0.2f);
  list->AddRectFilled({at.x - margin, at.y - 1}, {at.x + size.x + margin, at.y + size.y + 1},
                      IM_COL32(0, 0, 0, 200), margin);
  list->AddText(caption_font(), px, at, col, text.c_str());
}

// A caption's place moved, if need be, so it is not cut at the viewport's edges (a box near
// the bottom of a short view has no room above or below it: the caption then overlaps it).
ImVec2 inside(ImVec2 at, const std::string& text, float px, ScreenRect vp) {
  const ImVec2 size = text_size(px, text);
  return {std::max(vp.x + 3.0f, std::min(at.x, vp.x + vp.w - size.x - 4.0f)),
          std::max(vp.y + 2.0f, std::min(at.y, vp.y + vp.h - size.y - 2.0f))};
}

ImVec2 rect_min(const MapView& v, ScreenRect vp, const Rect& r) {
  return corner(v, vp, static_cast<float>(r.x), static_cast<float>(r.y));
}
ImVec2 rect_max(const MapView& v, ScreenRect vp, const Rect& r) {
  return corner(v, vp, static_cast<float>(r.right()), static_cast<float>(r.bottom()));
}

ImVec2 cell_min(const MapView& v, ScreenRect vp, Point c) {
  return corner(v, vp, static_cast<float>(c.x), static_cast<float>(c.y));
}
ImVec2 cell_max(const MapView& v, ScreenRect vp, Point c) {
  return corner(v, vp, static_cast<float>(c.x + 1), static_cast<float>(c.y + 1));
}

// A dashed rectangle (parts of the map, choices), with the halo under each dash.
void dashed_rect(ImDrawList* list, ImVec2 a, ImVec2 b, const Palette& p, ImU32 col, float w) {
  const float dash = std::max(4.0f, w * 3.0f);
  const auto side = [&](ImVec2 from, ImVec2 to) {
    const float len = std::hypot(to.x - from.x, to.y - from.y);
    if (len <= 0.0f) return;
    const float dx = (to.x - from.x) / len, dy = (to.y - from.y) / len;
    for (float t = 0.0f; t < len; t += 2.0f * dash) {
      const float e = std::min(len, t + dash);
      const ImVec2 s0{from.x + dx * t, from.y + dy * t}, s1{from.x + dx * e, from.y + dy * e};
      list->AddLine(s0, s1, colour(p.halo, 0.8f), w + 2.0f);
      list->AddLine(s0, s1, col, w);
    }
  };
  side(a, {b.x, a.y});
  side({b.x, a.y}, b);
  side(b, {a.x, b.y});
  side({a.x, b.y}, a);
}

bool off_view(const MapView& v, ScreenRect vp, Point c) {
  const ImVec2 a = cell_min(v, vp, c);
  return a.x > vp.x + vp.w || a.y > vp.y + vp.h || a.x + v.cell_px() < vp.x ||
         a.y + v.cell_px() < vp.y;
}

void draw_box(ImDrawList* list, const ShownItem& s, const MapView& v, ScreenRect vp,
              const Palette& p) {
  const OverlayItem& i = s.item;
  const ImVec2 a = rect_min(v, vp, i.rect), b = rect_max(v, vp, i.rect);
  const float alpha = 1.0f - s.age;
  const Rgb rgb = role_colour(p, i.role);
  switch (i.role) {
    case Role::Candidate:
      list->AddRect(a, b, colour(p.halo, 0.8f), 0.0f, 0, 4.0f);
      list->AddRect(a, b, colour(rgb, 0.9f), 0.0f, 0, 2.0f);
      break;
    case Role::Accepted:
    case Role::Rejected:
      list->AddRectFilled(a, b, colour(rgb, 0.30f * alpha));
      halo_rect(list, a, b, p, colour(rgb, alpha), line_width(v), alpha);
      break;
    case Role::Cause:
      halo_rect(list, a, b, p, colour(rgb, alpha), line_width(v) + 1.0f, alpha);
      break;
    case Role::Part:
    case Role::Option:
      dashed_rect(list, a, b, p, colour(rgb, alpha), line_width(v));
      break;
    case Role::Right:  // the class's answer: a thick frame outside the cells, not over them
    case Role::Wrong: {
      const float w = line_width(v) * 2.0f + 2.0f;
      halo_rect(list, {a.x - w * 0.5f, a.y - w * 0.5f}, {b.x + w * 0.5f, b.y + w * 0.5f}, p,
                colour(rgb, alpha), w, alpha);
      break;
    }
    default:  // Finished, and any other box: a frame
      halo_rect(list, a, b, p, colour(rgb, alpha), line_width(v), alpha);
  }
}

// The cells a step read, as it read them: each filled with the tile it had then.
void draw_read(ImDrawList* list, const OverlayItem& i, const MapView& v, ScreenRect vp,
               const Palette& p) {
  if (i.read.size() == static_cast<std::size_t>(i.rect.w) * i.rect.h && v.cell_px() >= 2.0f) {
    for (int y = 0; y < i.rect.h; ++y) {
      for (int x = 0; x < i.rect.w; ++x) {
        const Point c{i.rect.x + x, i.rect.y + y};
        if (off_view(v, vp, c)) continue;
        const Tile t = i.read[static_cast<std::size_t>(y) * i.rect.w + x];
        list->AddRectFilled(cell_min(v, vp, c), cell_max(v, vp, c), colour(p.tile(t)));
      }
    }
  }
  halo_rect(list, rect_min(v, vp, i.rect), rect_max(v, vp, i.rect), p,
            colour(role_colour(p, i.role)), line_width(v));
}

void draw_cells(ImDrawList* list, const ShownItem& s, const MapView& v, ScreenRect vp,
                const Palette& p) {
  const OverlayItem& i = s.item;
  if (i.role == Role::Read) {
    draw_read(list, i, v, vp, p);
    return;
  }
  const float alpha = 1.0f - s.age;
  const ImU32 col = colour(role_colour(p, i.role), alpha);
  const float w = std::clamp(v.cell_px() * 0.12f, 1.0f, 3.0f);
  for (const Point c : i.cells) {
    if (off_view(v, vp, c)) continue;
    const ImVec2 a = cell_min(v, vp, c), b = cell_max(v, vp, c);
    switch (i.role) {
      case Role::Cause:  // cells in use: white, with a dark frame so they show on floor too
        list->AddRectFilled(a, b, colour(role_colour(p, i.role), 0.55f * alpha));
        if (v.cell_px() >= 4.0f) list->AddRect(a, b, colour(p.halo, 0.8f * alpha), 0.0f, 0, 1.0f);
        break;
      case Role::SharedWall: {  // hatched: diagonal strokes across the cell
        list->AddRectFilled(a, b, colour(p.halo, 0.5f * alpha));
        const float step = std::max(3.0f, v.cell_px() / 3.0f);
        list->PushClipRect(a, b, true);
        for (float t = -v.cell_px(); t < v.cell_px(); t += step) {
          list->AddLine({a.x + t, b.y}, {a.x + t + v.cell_px(), a.y}, col, std::max(1.5f, w));
        }
        list->PopClipRect();
        halo_rect(list, a, b, p, col, w, alpha);
        break;
      }
      case Role::Dropped: {  // a cross
        const float in = v.cell_px() * 0.2f;
        const float cw = std::max(1.5f, w);
        for (const auto& [f, t] :
             {std::pair{ImVec2{a.x + in, a.y + in}, ImVec2{b.x - in, b.y - in}},
              std::pair{ImVec2{a.x + in, b.y - in}, ImVec2{b.x - in, a.y + in}}}) {
          list->AddLine(f, t, colour(p.halo, 0.8f * alpha), cw + 2.0f);
          list->AddLine(f, t, col, cw);
        }
        break;
      }
      case Role::Choices:
        dashed_rect(list, {a.x + w, a.y + w}, {b.x - w, b.y - w}, p, col, w);
        break;
      case Role::Opened:
        list->AddRectFilled(a, b, colour(role_colour(p, i.role), 0.6f * alpha));
        halo_rect(list, a, b, p, col, w, alpha);
        break;
      default:  // a frame inside the cell
        halo_rect(list, a, b, p, col, w, alpha);
    }
  }
}

void draw_line(ImDrawList* list, const ShownItem& s, std::size_t done, const MapView& v,
               ScreenRect vp, const Palette& p) {
  const OverlayItem& i = s.item;
  if (i.cells.size() == 1 && i.role != Role::Tunnel) {
    const Point c = i.cells.front();
    halo_rect(list, cell_min(v, vp, c), cell_max(v, vp, c), p, colour(role_colour(p, i.role)),
              line_width(v));
    return;
  }
  if (i.cells.size() < 2) return;
  const float full = std::clamp(v.cell_px() * 0.3f, 2.0f, 8.0f);
  const float w = i.role == Role::Trail ? std::max(1.5f, full * 0.6f) : full;
  for (std::size_t k = 1; k < i.cells.size(); ++k) {
    list->AddLine(centre(v, vp, i.cells[k - 1]), centre(v, vp, i.cells[k]), colour(p.halo, 0.8f),
                  w + 2.0f);
  }
  for (std::size_t k = 1; k < i.cells.size(); ++k) {
    // A tunnel's part still to dig is dimmer than the part already dug.
    const bool dug = i.role != Role::Tunnel || k < done;
    list->AddLine(centre(v, vp, i.cells[k - 1]), centre(v, vp, i.cells[k]),
                  colour(role_colour(p, i.role), dug ? 1.0f : 0.45f), w);
  }
}

void draw_marker(ImDrawList* list, const ShownItem& s, const MapView& v, ScreenRect vp,
                 const Palette& p) {
  for (const Point at : s.item.cells) {
    const ImVec2 c = centre(v, vp, at);
    if (s.item.role == Role::Walker) {
      const float r = std::max(4.0f, v.cell_px() * 0.35f);
      list->AddCircleFilled(c, r + 2.0f, colour(p.halo, 0.8f));
      list->AddCircleFilled(c, r, colour(role_colour(p, Role::Walker)));
      continue;
    }
    // The cursor: at least a 14-pixel square, so it can be found on a zoomed-out 4096 map.
    const float half = std::max(7.0f, v.cell_px() * 0.5f + 2.0f);
    halo_rect(list, {c.x - half, c.y - half}, {c.x + half, c.y + half}, p,
              colour(role_colour(p, s.item.role)), line_width(v));
  }
}

}  // namespace

void draw_step_overlay(ImDrawList* list, const OverlayView& o, const MapView& v, ScreenRect vp,
                       const Palette& p) {
  list->PushClipRect({vp.x, vp.y}, {vp.x + vp.w, vp.y + vp.h}, true);
  if (!o.phase_changes.empty() && v.cell_px() >= 3.0f) {
    // What this phase (a smoothing pass) has changed so far: a frame inside each cell.
    const float inset = std::max(1.0f, v.cell_px() * 0.15f);
    for (const Point at : o.phase_changes) {
      if (off_view(v, vp, at)) continue;
      const ImVec2 a = cell_min(v, vp, at);
      halo_rect(list, {a.x + inset, a.y + inset},
                {a.x + v.cell_px() - inset, a.y + v.cell_px() - inset}, p,
                colour(role_colour(p, Role::Flipped)), std::clamp(v.cell_px() * 0.12f, 1.0f, 3.0f));
    }
  }
  // Lines under cells under boxes under markers: what is worked on is drawn on top.
  for (const RoleShape shape :
       {RoleShape::Line, RoleShape::Cells, RoleShape::Box, RoleShape::Marker}) {
    for (const ShownItem& s : o.items) {
      if (role_info(s.item.role).shape != shape) continue;
      switch (shape) {
        case RoleShape::Line:
          draw_line(list, s, o.path_done, v, vp, p);
          break;
        case RoleShape::Cells:
          draw_cells(list, s, v, vp, p);
          break;
        case RoleShape::Box:
          draw_box(list, s, v, vp, p);
          break;
        case RoleShape::Marker:
          draw_marker(list, s, v, vp, p);
          break;
      }
    }
  }
  if (o.player_start) {
    const ImVec2 c = centre(v, vp, *o.player_start);
    const float r = std::max(6.0f, v.cell_px() * 0.6f);
    list->AddCircleFilled(c, r + 2.0f, colour(p.halo, 0.8f));
    list->AddCircleFilled(c, r, colour(p.start));
    list->AddCircle(c, r, IM_COL32_WHITE, 0, 2.0f);
    if (r >= ImGui::GetFontSize() * 0.6f) {
      const ImVec2 size = ImGui::CalcTextSize("@");
      list->AddText({c.x - size.x / 2, c.y - size.y / 2}, IM_COL32_WHITE, "@");
    }
  }
  if (o.caption_at && !o.caption.empty()) {
    // Above the box, or below it where the top of the view would cut it.
    const ImVec2 a = rect_min(v, vp, *o.caption_at), b = rect_max(v, vp, *o.caption_at);
    const float h = caption_px(o.caption, v, vp);
    const ImVec2 at{a.x + 3, a.y - h - 4 < vp.y + 2 ? b.y + 3 : a.y - h - 4};
    plate_text(list, inside(at, o.caption, h, vp), IM_COL32_WHITE, o.caption, h);
  }
  list->PopClipRect();
}

void draw_region_glyphs(ImDrawList* list, const Grid& grid, const MapView& v, ScreenRect vp,
                        bool regions_on, bool amounts) {
  // An amount is written out ("17"): it needs a cell about two digits wide.
  const float min_px = amounts ? kAmountMinCellPx : kGlyphMinCellPx;
  if (v.cell_px() < min_px) {
    // Say why nothing shows, when there is something to show.
    if (regions_on) {
      const std::string zoom =
          amounts ? "zoom in to read each cell's number" : "zoom in to read region numbers";
      plate_text(list, {vp.x + 8, vp.y + 6}, IM_COL32_WHITE, zoom, caption_px(zoom, v, vp));
    }
    return;
  }
  const CellSpan s = v.visible(grid.width(), grid.height(), vp);
  if (static_cast<long>(s.x1 - s.x0) * (s.y1 - s.y0) > kMaxGlyphs) return;
  list->PushClipRect({vp.x, vp.y}, {vp.x + vp.w, vp.y + vp.h}, true);
  ImFont* font = ImGui::GetFont();
  // The glyph fills most of the cell, up to twice the UI font's size; small cells get a glyph
  // as tall as the cell, the least that still reads.
  const float size =
      std::min(v.cell_px() < 11.0f ? v.cell_px() : v.cell_px() * 0.8f, ImGui::GetFontSize() * 2.0f);
  for (int y = s.y0; y < s.y1; ++y) {
    for (int x = s.x0; x < s.x1; ++x) {
      const std::int32_t region = grid.region(grid.index(x, y));
      if (region < 0) continue;
      char text[16] = {region_glyph(region), 0};
      if (amounts) std::snprintf(text, sizeof text, "%d", region);
      float px = size;
      ImVec2 extent = font->CalcTextSizeA(px, FLT_MAX, 0.0f, text);
      // A long number shrinks to the cell's width; past the least that reads, it is left out.
      const float room = v.cell_px() * 0.9f;
      if (extent.x > room) {
        px *= room / extent.x;
        if (px < kAmountMinTextPx) continue;
        extent = font->CalcTextSizeA(px, FLT_MAX, 0.0f, text);
      }
      const ImVec2 c = centre(v, vp, {x, y});
      list->AddText(font, px, {c.x - extent.x / 2, c.y - extent.y / 2}, IM_COL32(0, 0, 0, 255),
                    text);
    }
  }
  list->PopClipRect();
}

namespace {

// A cell's place in a vector over the span s, row by row from its top-left.
std::size_t span_index(const CellSpan& s, int x, int y) {
  return static_cast<std::size_t>(y - s.y0) * static_cast<std::size_t>(s.x1 - s.x0) +
         static_cast<std::size_t>(x - s.x0);
}

// The 4-connected piece of cells numbered `number` that holds `from`, within the span s, in the
// order found (from first); each is marked in seen, so it starts no piece of its own.
template <typename NumberOf>
void grow_piece(const Grid& grid, const CellSpan& s, const NumberOf& number_of, int number,
                Point from, std::vector<std::uint8_t>& seen, std::vector<Point>& piece) {
  piece.clear();
  piece.push_back(from);
  seen[span_index(s, from.x, from.y)] = 1;
  for (std::size_t head = 0; head < piece.size(); ++head) {
    const Point c = piece[head];
    for (const Point d : {Point{1, 0}, Point{-1, 0}, Point{0, 1}, Point{0, -1}}) {
      const int nx = c.x + d.x, ny = c.y + d.y;
      if (nx < s.x0 || ny < s.y0 || nx >= s.x1 || ny >= s.y1 || seen[span_index(s, nx, ny)]) {
        continue;
      }
      if (number_of(grid.index(nx, ny)) != number) continue;
      seen[span_index(s, nx, ny)] = 1;
      piece.push_back({nx, ny});
    }
  }
}

// The places a piece's plate may take. A one-cell piece's cell goes into clear: no other plate
// may cover it.
PlateRequest plate_request(const MapView& v, ScreenRect vp, const std::vector<Point>& piece,
                           int number, const PlateOptions& o, std::vector<ScreenRect>& clear) {
  const float cell = v.cell_px();
  // In the piece's first cell (its top-left), clear of the centre where the player start
  // and the cursor are drawn.
  const Point at = piece.front();
  const ImVec2 a = corner(v, vp, static_cast<float>(at.x), static_cast<float>(at.y));
  const ScreenRect first{a.x, a.y, cell, cell};
  const ImVec2 size = ImGui::CalcTextSize(std::to_string(number).c_str());
  const bool alone = piece.size() == 1;
  if (alone) clear.push_back(first);
  PlateRequest r{number, plate_places(first, size.x + 6.0f, size.y + 2.0f, alone), false};
  // Where the first cell's places are taken (a thin piece by a crowded corner), the places
  // by its middle and last cells.
  for (const Point other : {piece[piece.size() / 2], piece.back()}) {
    if (other == at) continue;
    const ImVec2 c = corner(v, vp, static_cast<float>(other.x), static_cast<float>(other.y));
    const auto more = plate_places({c.x, c.y, cell, cell}, size.x + 6.0f, size.y + 2.0f, false);
    r.at.insert(r.at.end(), more.begin(), more.end());
  }
  r.named = std::find(o.named.begin(), o.named.end(), number) != o.named.end();
  return r;
}

// The plates where place_plates put them: a dark rounded box, the number in white.
void draw_placed_plates(ImDrawList* list, ScreenRect vp, const std::vector<PlacedPlate>& placed) {
  list->PushClipRect({vp.x, vp.y}, {vp.x + vp.w, vp.y + vp.h}, true);
  for (const PlacedPlate& p : placed) {
    list->AddRectFilled({p.rect.x, p.rect.y}, {p.rect.right(), p.rect.bottom()},
                        IM_COL32(0, 0, 0, 200), 3.0f);
    list->AddText({p.rect.x + 3.0f, p.rect.y + 1.0f}, IM_COL32_WHITE,
                  std::to_string(p.number).c_str());
  }
  list->PopClipRect();
}

// One plate per 4-connected piece of each number in view (a room grown in pieces is numbered on
// every piece), placed by place_plates: named numbers first, never over a one-cell piece, never
// over another plate. number_of: a cell's number as drawn (from 1), or 0 for none.
template <typename NumberOf>
NumberPlates draw_plates(ImDrawList* list, const Grid& grid, const MapView& v, ScreenRect vp,
                         const PlateOptions& o, NumberOf number_of) {
  if (v.cell_px() < o.min_cell_px) return {};
  const CellSpan s = v.visible(grid.width(), grid.height(), vp);
  const int span_w = s.x1 - s.x0;
  const int span_h = s.y1 - s.y0;
  if (span_w <= 0 || span_h <= 0 || static_cast<long>(span_w) * span_h > kMaxGlyphs) return {};
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(span_w) * span_h, 0);
  std::vector<Point> piece;
  std::vector<PlateRequest> requests;
  std::vector<ScreenRect> clear = o.keep_clear;  // and every one-cell piece
  NumberPlates out;
  for (int y = s.y0; y < s.y1; ++y) {
    for (int x = s.x0; x < s.x1; ++x) {
      const int number = number_of(grid.index(x, y));
      if (number <= 0 || seen[span_index(s, x, y)]) continue;
      grow_piece(grid, s, number_of, number, {x, y}, seen, piece);
      PlateRequest r = plate_request(v, vp, piece, number, o, clear);
      const auto& in_view = out.named_in_view;
      if (r.named && std::find(in_view.begin(), in_view.end(), number) == in_view.end()) {
        out.named_in_view.push_back(number);
      }
      requests.push_back(std::move(r));
    }
  }
  out.placed = place_plates(requests, clear, vp);
  draw_placed_plates(list, vp, out.placed);
  return out;
}

}  // namespace

NumberPlates draw_room_numbers(ImDrawList* list, const Grid& grid, const MapView& v, ScreenRect vp,
                               const PlateOptions& options) {
  return draw_plates(list, grid, v, vp, options, [&grid](std::size_t i) {
    const std::int32_t label = grid.label(i);
    return label < 0 ? 0 : static_cast<int>(label) + 1;
  });
}

NumberPlates draw_region_numbers(ImDrawList* list, const Grid& grid, const MapView& v,
                                 ScreenRect vp, const PlateOptions& options) {
  return draw_plates(list, grid, v, vp, options, [&grid](std::size_t i) {
    const std::int32_t region = grid.region(i);
    return region < 0 ? 0 : static_cast<int>(region) + 1;
  });
}

void draw_hover(ImDrawList* list, const Grid& grid, const MapView& v, ScreenRect vp,
                bool show_labels) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantCaptureMouse) return;
  const auto cell = v.cell_at(io.MousePos.x, io.MousePos.y, grid.width(), grid.height(), vp);
  if (!cell) return;
  const ImVec2 a = corner(v, vp, static_cast<float>(cell->x), static_cast<float>(cell->y));
  const ImVec2 b = {a.x + v.cell_px(), a.y + v.cell_px()};
  if (v.cell_px() >= 4.0f) list->AddRect(a, b, IM_COL32_WHITE, 0.0f, 0, 2.0f);
  const Cell c = grid.cell_at(cell->x, cell->y);
  ImGui::BeginTooltip();
  ImGui::Text("cell (%d, %d)", cell->x, cell->y);
  ImGui::Text("tile: %s", std::string(tile_name(c.tile)).c_str());
  if (c.label >= 0) {
    // Numbered from 1, like the log and the numbers drawn on the map.
    ImGui::Text("%s: %lld", show_labels ? "room" : "room or feature",
                static_cast<long long>(c.label) + 1);
  } else {
    ImGui::TextDisabled("label: none");
  }
  if (c.region >= 0) {
    ImGui::Text("region: %lld  (glyph %c)", static_cast<long long>(c.region) + 1,
                region_glyph(c.region));
  } else {
    ImGui::TextDisabled("region: none");
  }
  if (const auto role = mark_role(c.mark)) {
    ImGui::Text("marked: %s", std::string(role_info(*role).legend).c_str());
  }
  ImGui::EndTooltip();
}

}  // namespace dungen::app
