#pragma once
// How big the words drawn over the map are. A caption ("rejected: overlaps room 9", "zoom in to
// read region numbers") belongs to the map, not to the panels: at the UI's text size, UI scale 3
// on a 640x480 window drew one over a fifth of the map. Its size follows the map's cells instead,
// within bounds that keep it readable and never let it cover much of a small map.

namespace dungen::app {

// The fewest pixels a caption is ever drawn at (about the least a screen shows as words).
inline constexpr float kMinCaptionPx = 10.0f;
// The most, at any zoom: words, not a banner.
inline constexpr float kMaxCaptionPx = 24.0f;
// A caption's size per pixel of cell.
inline constexpr float kCaptionPerCellPx = 1.5f;
// The share of the map's view a caption may take at most, across and down (kMinCaptionPx wins
// where even that is too much: then the view is too small for words at all).
inline constexpr float kCaptionMaxWidthShare = 0.5f;
inline constexpr float kCaptionMaxHeightShare = 1.0f / 12.0f;

// The font size for a caption over a map of cell_px pixels per cell, shown in a view view_w by
// view_h: kCaptionPerCellPx per cell pixel within [kMinCaptionPx, kMaxCaptionPx], less where the
// caption (width_per_px: its width at a font size of 1 px) would be wider or taller than its
// share of the view. sharpest: the size the font was drawn at; a caption is never scaled up past
// it by more than a quarter (it would blur), though never below kMinCaptionPx for it.
float map_caption_px(float cell_px, float view_w, float view_h, float width_per_px, float sharpest);

}  // namespace dungen::app
