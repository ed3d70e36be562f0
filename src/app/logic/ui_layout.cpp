#include "app/logic/ui_layout.hpp"

#include <algorithm>
#include <array>

namespace dungen::app {
namespace {

// Margin around a collapsed panel's button.
constexpr float kStripMargin = 4.0f;

struct Flow {
  std::vector<ScreenRect> rects;  // relative to the bar's content origin
  float height = 0;
  bool too_wide = false;  // an item is wider than a whole row (and was narrowed to fit)
};

// Lays the bar's items out left to right, starting a new row when the next one does not fit.
Flow flow(const std::vector<BarItem>& items, bool compact, float width, float frame, float gap_x,
          float gap_y) {
  Flow f;
  f.rects.assign(items.size(), ScreenRect{});
  int row = 0;
  float x = 0;  // where the last placed item ends on this row
  bool row_empty = true;
  int prev = -1;  // the last placed item
  for (std::size_t i = 0; i < items.size(); ++i) {
    float w = compact ? items[i].compact : items[i].full;
    if (w <= 0) continue;
    if (w > width && compact && items[i].least > 0) w = std::max(items[i].least, width);
    if (w > width) {
      f.too_wide = true;
      w = width;
    }
    if (!row_empty && x + gap_x + w > width) {
      ++row;
      x = 0;
      row_empty = true;
      // A glued item takes the one before it along, unless that one starts its row already.
      if (items[i].glue && prev >= 0 && f.rects[prev].x > 0) {
        ScreenRect& p = f.rects[static_cast<std::size_t>(prev)];
        p.x = 0;
        p.y = static_cast<float>(row) * (frame + gap_y);
        x = p.w;
        row_empty = false;
        if (x + gap_x + w > width) {  // the pair does not fit one row even alone
          ++row;
          x = 0;
          row_empty = true;
        }
      }
    }
    const float at = row_empty ? 0.0f : x + gap_x;
    if (items[i].stretch) w = std::max(w, width - at);
    f.rects[i] = {at, static_cast<float>(row) * (frame + gap_y), w, frame};
    x = at + w;
    row_empty = false;
    prev = static_cast<int>(i);
  }
  const float rows = static_cast<float>(row + 1);
  f.height = rows * frame + (rows - 1.0f) * gap_y;
  return f;
}

struct Side {
  PanelWidths widths;
  PanelState state;
  bool open = true;
  float width = 0;
};

// Decides which side panels are open and how wide everything is across the window.
void lay_out_columns(const LayoutInput& in, Side& left, Side& right) {
  const float strip = strip_width(in);
  const float min_map = std::max(in.font * 8.0f, in.width * in.min_map_share);
  std::array<Side*, 2> sides{&left, &right};  // collapse order: controls first
  for (Side* s : sides) s->open = s->state != PanelState::Closed;
  const auto sides_min = [&] {
    float sum = 0;
    for (const Side* s : sides) sum += s->open ? s->widths.min : strip;
    return sum;
  };
  for (Side* s : sides) {
    if (in.width - sides_min() >= min_map) break;
    if (s->state == PanelState::Auto) s->open = false;
  }
  float strips = 0, sum_min = 0, sum_want = 0;
  for (const Side* s : sides) {
    if (!s->open) {
      strips += strip;
      continue;
    }
    sum_min += s->widths.min;
    sum_want += std::max(s->widths.want, s->widths.min);
  }
  const float avail = in.width - strips - min_map;  // for the open panels
  // Open panels start at their narrowest; past what the map needs to be comfortable, they grow
  // toward their comfortable width; the map takes the rest.
  const float grow_room =
      in.width - strips - sum_min - std::max(min_map, in.width * kComfortMapShare);
  const float grow =
      sum_want > sum_min ? std::clamp(grow_room / (sum_want - sum_min), 0.0f, 1.0f) : 0.0f;
  for (Side* s : sides) {
    if (!s->open) {
      s->width = strip;
    } else if (avail >= sum_min) {
      const float want = std::max(s->widths.want, s->widths.min);
      s->width = s->widths.min + (want - s->widths.min) * grow;
    } else {
      // Opened by the user where it cannot fit: narrower than its content (which scrolls).
      s->width = std::max(strip, s->widths.min * std::max(avail, 0.0f) / std::max(sum_min, 1.0f));
    }
  }
  // Whatever happens, the map keeps at least one pixel.
  const float total = left.width + right.width;
  if (total > in.width - 1.0f && total > 0) {
    const float k = std::max(in.width - 1.0f, 0.0f) / total;
    left.width *= k;
    right.width *= k;
  }
}

// The lab pane's height: kLabShare of the window where the map keeps its least share (room),
// folded to a strip where that is under kLabMinFonts lines or the user folded it. An opened lab
// where there is no room gets the strip's height and scrolls. At most `most` (the map keeps a
// pixel).
float lay_out_lab(const LayoutInput& in, UiLayout& l, float room, float most) {
  if (!in.lab) return 0.0f;
  const float strip = strip_width(in);
  const float open_h = std::min(in.height * kLabShare, room);
  const bool fits = open_h >= in.font * kLabMinFonts;
  l.lab_open = in.lab_state == PanelState::Open || (in.lab_state == PanelState::Auto && fits);
  return std::min(l.lab_open ? std::max(open_h, strip) : strip, most);
}

}  // namespace

std::string_view strip_title(std::string_view title, float title_len, float room) {
  return title_len <= room ? title : std::string_view{};
}

float strip_width(const LayoutInput& in) {
  return in.frame + 2.0f * kStripMargin;
}

void apply_projector_widths(LayoutInput& in) {
  const float strip = strip_width(in);
  const float room = in.width * (1.0f - kProjectorMapShare) - strip - 1.0f;
  const float panel = std::max(room, in.font * kProjectorPanelMinFonts);
  in.teaching.min = std::min(in.teaching.min, panel);
  in.teaching.want = std::min(in.teaching.want, panel);
  const float share = (in.width - strip - in.teaching.min - 1.0f) / std::max(in.width, 1.0f);
  in.min_map_share = std::clamp(share, kMinMapShare, kProjectorMapShare);
}

float stats_name_width(const StatsColumnText& t, float room) {
  const float values_need = std::max(room - t.longest_value, room / 2.0f);
  return std::max(t.name_word, std::min({t.longest_name, values_need, room - t.value_word}));
}

UiLayout compute_layout(const LayoutInput& in) {
  UiLayout l;
  Side left{in.controls, in.controls_state};
  Side right{in.teaching, in.teaching_state};
  lay_out_columns(in, left, right);
  l.controls_open = left.open;
  l.teaching_open = right.open;
  l.controls_narrow = left.open && left.width < in.controls.min;
  l.teaching_narrow = right.open && right.width < in.teaching.min;
  l.controls = {0, 0, left.width, in.height};
  l.teaching = {in.width - right.width, 0, right.width, in.height};
  const float mid_x = left.width;
  const float mid_w = std::max(in.width - left.width - right.width, 1.0f);

  // The bar: full labels on as many rows as it takes, short labels if that leaves the map too
  // little height, scrolling if even those do not fit.
  const float content_w = std::max(mid_w - 2.0f * in.pad_x, 1.0f);
  const float min_map_h = std::max(in.font * 3.0f, in.height * kMinMapHeightShare);
  const float max_bar = std::max(in.height - min_map_h, 1.0f);
  Flow f = flow(in.bar, false, content_w, in.frame, in.gap_x, in.gap_y);
  if (f.too_wide || f.height + 2.0f * in.pad_y > max_bar) {
    l.compact = true;
    f = flow(in.bar, true, content_w, in.frame, in.gap_x, in.gap_y);
  }
  float bar_h = f.height + 2.0f * in.pad_y;
  if (bar_h > max_bar) {
    l.bar_scrolls = true;
    bar_h = max_bar;
  }
  bar_h = std::min(bar_h, std::max(in.height - 1.0f, 0.0f));
  const float lab_h = lay_out_lab(in, l, std::max(in.height - bar_h - min_map_h, 0.0f),
                                  std::max(in.height - bar_h - 1.0f, 0.0f));
  l.lab = {mid_x, in.height - lab_h, mid_w, lab_h};
  l.transport = {mid_x, l.lab.y - bar_h, mid_w, bar_h};
  const float note_h =
      std::clamp(in.note_h, 0.0f, std::max(in.height - bar_h - lab_h - min_map_h, 0.0f));
  l.map = {mid_x, 0, mid_w, std::max(in.height - bar_h - lab_h - note_h, 1.0f)};
  if (note_h > 0) l.note = {mid_x, l.map.bottom(), mid_w, note_h};
  l.bar_items = f.rects;
  for (ScreenRect& r : l.bar_items) {
    if (r.w <= 0) continue;
    r.x += l.transport.x + in.pad_x;
    r.y += l.transport.y + in.pad_y;
  }
  return l;
}

}  // namespace dungen::app
