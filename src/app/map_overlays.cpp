#include "app/map_overlays.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "analysis/regions.hpp"
#include "app/palette.hpp"

namespace dungen::app {
namespace {

// Glyphs need this many pixels per cell to be readable.
constexpr float kGlyphMinCellPx = 11.0f;
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

// A label on a dark plate, readable over any tile colour on a projector.
void plate_text(ImDrawList* list, ImVec2 at, ImU32 col, const std::string& text) {
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  list->AddRectFilled({at.x - 3, at.y - 1}, {at.x + size.x + 3, at.y + size.y + 1},
                      IM_COL32(0, 0, 0, 200), 3.0f);
  list->AddText(at, col, text.c_str());
}

void draw_candidate(ImDrawList* list, const CandidateMark& c, const MapView& v, ScreenRect vp,
                    bool newest) {
  const ImVec2 a = corner(v, vp, static_cast<float>(c.rect.x), static_cast<float>(c.rect.y));
  const ImVec2 b =
      corner(v, vp, static_cast<float>(c.rect.right()), static_cast<float>(c.rect.bottom()));
  if (c.verdict == Verdict::None) {
    // Work in progress (a cave row being smoothed), not a verdict: only the current one, in
    // white, so a pass does not leave a trail of stripes.
    if (c.age == 0.0f) list->AddRect(a, b, IM_COL32(255, 255, 255, 220), 0.0f, 0, 2.0f);
    return;
  }
  const Rgb rgb = c.verdict == Verdict::Rejected ? kRejected : kAccepted;
  const float alpha = 1.0f - c.age;
  list->AddRectFilled(a, b, colour(rgb, 0.30f * alpha));
  list->AddRect(a, b, colour(rgb, alpha), 0.0f, 0, line_width(v));
  if (!newest || c.age >= 0.5f) return;
  std::string text = c.verdict == Verdict::Rejected ? "rejected" : "accepted";
  if (c.verdict == Verdict::Rejected && c.reason != Reason::None) {
    text += ": " + std::string(reason_text(c.reason));
  }
  const float h = ImGui::GetFontSize();
  plate_text(list, {a.x + 3, std::max(vp.y + 2, a.y - h - 4)}, colour(rgb), text);
}

}  // namespace

void draw_step_overlay(ImDrawList* list, const OverlayView& o, const MapView& v, ScreenRect vp) {
  list->PushClipRect({vp.x, vp.y}, {vp.x + vp.w, vp.y + vp.h}, true);
  for (std::size_t i = 0; i < o.candidates.size(); ++i) {
    draw_candidate(list, o.candidates[i], v, vp, i + 1 == o.candidates.size());
  }
  if (o.path.size() >= 2) {
    const float w = std::clamp(v.cell_px() * 0.3f, 2.0f, 8.0f);
    // The part still to dig is dimmer than the part already dug.
    for (std::size_t i = 1; i < o.path.size(); ++i) {
      const bool dug = i < o.path_done;
      list->AddLine(centre(v, vp, o.path[i - 1]), centre(v, vp, o.path[i]),
                    colour(kPath, dug ? 1.0f : 0.45f), w);
    }
  }
  if (o.player_start) {
    const ImVec2 c = centre(v, vp, *o.player_start);
    const float r = std::max(6.0f, v.cell_px() * 0.6f);
    list->AddCircleFilled(c, r, colour(kStart));
    list->AddCircle(c, r, IM_COL32_WHITE, 0, 2.0f);
    if (r >= ImGui::GetFontSize() * 0.6f) {
      const ImVec2 size = ImGui::CalcTextSize("@");
      list->AddText({c.x - size.x / 2, c.y - size.y / 2}, IM_COL32_WHITE, "@");
    }
  }
  if (o.cursor) {
    // At least a 14-pixel square, so the cursor can be found on a zoomed-out 4096 map.
    const ImVec2 c = centre(v, vp, *o.cursor);
    const float half = std::max(7.0f, v.cell_px() * 0.5f + 2.0f);
    list->AddRect({c.x - half, c.y - half}, {c.x + half, c.y + half}, IM_COL32(0, 0, 0, 200), 0.0f,
                  0, line_width(v) + 2.0f);
    list->AddRect({c.x - half, c.y - half}, {c.x + half, c.y + half}, colour(kCursor), 0.0f, 0,
                  line_width(v));
  }
  list->PopClipRect();
}

void draw_region_glyphs(ImDrawList* list, const Grid& grid, const MapView& v, ScreenRect vp) {
  if (v.cell_px() < kGlyphMinCellPx) return;
  const CellSpan s = v.visible(grid.width(), grid.height(), vp);
  if (static_cast<long>(s.x1 - s.x0) * (s.y1 - s.y0) > kMaxGlyphs) return;
  list->PushClipRect({vp.x, vp.y}, {vp.x + vp.w, vp.y + vp.h}, true);
  ImFont* font = ImGui::GetFont();
  // The glyph fills most of the cell, up to twice the UI font's size.
  const float size = std::min(v.cell_px() * 0.8f, ImGui::GetFontSize() * 2.0f);
  for (int y = s.y0; y < s.y1; ++y) {
    for (int x = s.x0; x < s.x1; ++x) {
      const std::int32_t region = grid.region(grid.index(x, y));
      if (region < 0) continue;
      const char glyph[2] = {region_glyph(region), 0};
      const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, glyph);
      const ImVec2 c = centre(v, vp, {x, y});
      list->AddText(font, size, {c.x - extent.x / 2, c.y - extent.y / 2}, IM_COL32(0, 0, 0, 255),
                    glyph);
    }
  }
  list->PopClipRect();
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
    ImGui::Text("%s: %d", show_labels ? "room label" : "label", c.label);
  } else {
    ImGui::TextDisabled("label: none");
  }
  if (c.region >= 0) {
    ImGui::Text("region: %d  (glyph %c)", c.region, region_glyph(c.region));
  } else {
    ImGui::TextDisabled("region: none");
  }
  if (c.mark == Mark::Frontier) ImGui::TextColored({0.0f, 0.85f, 1.0f, 1.0f}, "on the frontier");
  ImGui::EndTooltip();
}

}  // namespace dungen::app
