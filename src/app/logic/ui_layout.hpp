#pragma once
// Where each part of dungen-viz goes: the controls panel on the left, the teaching panel on the
// right, the transport bar under the map, the map in what is left. Pure arithmetic on sizes the
// GL side measures with the current font (text widths, widget heights), so the tests can sweep
// every window size and UI scale without a window.
//
// The promises, for any window of at least 640x480 and any UI scale of 0.75..3:
// - the map keeps a positive size (kMinMapShare of the width unless the user opened a panel that
//   cannot fit, kMinMapHeightShare of the height unless even the shortest bar cannot fit);
// - a side panel that does not fit at its narrowest collapses to a strip with a button, the
//   controls panel first (the teaching panel is the point of the app); one the user opened stays
//   open and the other gives way;
// - the transport bar's controls wrap onto more rows, then shrink to short labels and icons, and
//   only scroll when nothing else fits; no control is ever laid out across the bar's edge;
// - the lab's pane (a sweep's results) lies under the transport bar, in the map's column, never
//   over the map, the pseudocode or the bar: it takes height from the map down to the map's
//   least share, and folds to a one-row strip where it cannot have more.

#include <string_view>
#include <vector>

#include "app/logic/screen_rect.hpp"

namespace dungen::app {

// A UI scale (font scale) the app allows, and the one the reset key (U) goes back to.
inline constexpr float kMinUiScale = 0.75f;
inline constexpr float kMaxUiScale = 3.0f;
inline constexpr float kDefaultUiScale = 1.0f;
// Projector mode's UI scale: 24 px text, about 1/30 of a 720-line picture.
inline constexpr float kProjectorUiScale = 1.6f;

// Side panels fold away (automatically) before the map gets less than this share of the
// window's width; they grow past their narrowest only once it has kComfortMapShare.
inline constexpr float kMinMapShare = 0.4f;
inline constexpr float kComfortMapShare = 0.5f;
// Projector mode's map takes at least this share of the width (its cells are what the back of
// the room reads): the algorithm panel is narrower instead, down to what is left.
inline constexpr float kProjectorMapShare = 0.68f;
// The transport bar wraps, shortens its labels, and at last scrolls, before the map gets less
// than this share of the window's height.
inline constexpr float kMinMapHeightShare = 0.25f;

// The lab's pane wants this share of the window's height; below kLabMinFonts lines of text it is
// folded to a strip (unless the user opened it: then it scrolls).
inline constexpr float kLabShare = 0.42f;
inline constexpr float kLabMinFonts = 6.0f;

// Auto: open when it fits, else collapsed. Open / Closed: the user's choice.
enum class PanelState { Auto, Open, Closed };

struct PanelWidths {
  float min = 0;   // narrowest width at which nothing in it is cut
  float want = 0;  // comfortable width
};

// One control of the transport bar, measured with the current font. A width of 0 means the
// control is not shown in that mode (the four "next" buttons become one menu when compact).
struct BarItem {
  float full = 0;        // width with its full label
  float compact = 0;     // width with its short label or icon
  bool stretch = false;  // takes the rest of its row (the scrubber)
  bool glue = false;     // stays on the row of the control before it ("next:" and "cell")
  // A slider can show a shorter text still (its value alone): the width with that one, used when
  // even the compact width is wider than a whole row. 0: as compact.
  float least = 0;
};

struct LayoutInput {
  float width = 0, height = 0;  // the window
  float font = 0;               // the font's size in pixels
  float frame = 0;              // a widget's height (font + frame padding)
  float gap_x = 0, gap_y = 0;   // spacing between widgets
  float pad_x = 0, pad_y = 0;   // a window's inner padding
  PanelWidths controls, teaching;
  PanelState controls_state = PanelState::Auto;
  PanelState teaching_state = PanelState::Auto;
  std::vector<BarItem> bar;  // in order; see BarItem
  // The map's least share of the width (kProjectorMapShare in projector mode).
  float min_map_share = kMinMapShare;
  // The height the preset's note wants under the map (0: none); it gets at most what leaves
  // the map kMinMapHeightShare of the height.
  float note_h = 0;
  // The lab's pane is shown (a sweep was started or opened), and the user's fold.
  bool lab = false;
  PanelState lab_state = PanelState::Auto;
};

struct UiLayout {
  ScreenRect controls, teaching, transport, map;
  ScreenRect note;            // under the map, above the bar; h == 0 when there is no note
  ScreenRect lab;             // under the bar, in the map's column; h == 0 when there is none
  bool lab_open = false;      // false with lab.h > 0: the lab is a strip (one row, its button)
  bool controls_open = true;  // false: controls is a collapsed strip
  bool teaching_open = true;
  // Open, but narrower than its content (only when the user opened it where it cannot fit):
  // it scrolls sideways.
  bool controls_narrow = false;
  bool teaching_narrow = false;
  bool compact = false;      // the transport bar shows its short labels
  bool bar_scrolls = false;  // even compact, the bar needed more rows than the window allows
  // One rectangle per LayoutInput::bar item, in window coordinates (as if the bar did not
  // scroll); w == 0 for an item not shown in this mode.
  std::vector<ScreenRect> bar_items;
};

// The width of a collapsed panel: one square button and a little margin (and the height of the
// lab's folded strip).
float strip_width(const LayoutInput& in);

// A collapsed panel's strip writes its title down the strip, turned a quarter, whole or not at
// all: the letters that fitted one a line ("Generat", "Algorit") named nothing. The title when
// its length (title_len, its width written across) fits the room under the strip's button,
// else empty (the button's tooltip still names the panel).
std::string_view strip_title(std::string_view title, float title_len, float room);

UiLayout compute_layout(const LayoutInput& in);

// The stats table's name column. Its names' and values' widths (of text, in pixels): the longest
// text, and the widest word (between spaces).
struct StatsColumnText {
  float longest_name = 0, name_word = 0;
  float longest_value = 0, value_word = 0;
};
// The name column's width, given `room` for both columns' text: as wide as the longest name
// unless the values then have less than half the room and less than their longest value: then it
// gives way down to half (names wrap at their spaces). The values' widest word always fits whole
// beside it (ImGui breaks a word that does not fit mid-word: a step count read "459871 / 6 of"),
// as long as the names' widest word does too.
float stats_name_width(const StatsColumnText& t, float room);

// Projector mode's widths: the map gets kProjectorMapShare of the width and the algorithm panel
// what that leaves, but never less than kProjectorPanelMinFonts fonts (below that the pseudocode
// breaks inside its words): a small window gives the map less, down to kMinMapShare.
inline constexpr float kProjectorPanelMinFonts = 11.0f;
void apply_projector_widths(LayoutInput& in);

}  // namespace dungen::app
