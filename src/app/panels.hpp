#pragma once
// The ImGui panels. Each draws from the Session's accessors and turns clicks into Session calls;
// none keeps state of its own beyond what UiState holds. Each side panel and the transport bar
// also says how much room it needs (measure_*), measured with the current font, so the layout
// (logic/ui_layout.hpp) never cuts a label.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/logic/export_job.hpp"
#include "app/logic/file_dialog.hpp"
#include "app/logic/preset_note.hpp"
#include "app/logic/script_edit.hpp"
#include "app/logic/session.hpp"
#include "app/logic/sweep_job.hpp"
#include "app/logic/ui_layout.hpp"
#include "app/map_view.hpp"
#include "core/draw_fork.hpp"
#include "render/palette.hpp"

namespace dungen::app {

class Session;

// A widget as drawn this frame (window coordinates) and the width of the text it has to show:
// headless runs print them, and tests/layout_check checks none is cut or outside its panel.
struct DrawnItem {
  std::string name;  // "transport/play", "controls/corridor_min_length", ...
  ScreenRect rect;
  float text_w = 0;  // the label or value text it shows; 0 if none
};

// What the file dialog was opened for.
enum class FileAction {
  SavePreset,
  OpenPreset,
  OpenScript,
  SaveScript,
  ExportPng,
  RecordGif,
  SaveLesson
};

// The "Save and share" section's fields, and its files: the file dialog (the desktop) and the
// export running on its own thread.
struct ShareUi {
  ShareUi() = default;
  ShareUi(const ShareUi&) = delete;
  ShareUi& operator=(const ShareUi&) = delete;
  char path[512] = "dungen";  // the browser build's file name (its files are downloads)
  char paste[2048] = "";      // a share string being pasted
  // Generator scripts: whether this build runs them (the "open script" button shows), and the
  // files chosen in the dialog, for the app to open (and watch) at its next frame.
  bool scripts = false;
  std::vector<std::string> scripts_to_open;
  // The scripts the build ships (a link names them; another script's text goes in the link).
  std::vector<const GeneratorSpec*> shipped_scripts;
  std::string message;  // what the last action did, or why it failed
  bool message_is_error = false;
  FileDialog dialog;  // "save as" / "open" (logic/file_dialog.hpp)
  FileAction dialog_for = FileAction::ExportPng;
  std::string folder;           // where the dialog opens: the last file's folder (empty: here)
  std::string stem = "dungen";  // the last file's name without its extension
  ExportJob job;                // the export under way (logic/export_job.hpp)
};

// The Sweep pane's state: the job, its last result, and the GL textures of its pictures.
struct SweepUi {
  SweepUi() = default;
  SweepUi(const SweepUi&) = delete;
  SweepUi& operator=(const SweepUi&) = delete;
  ~SweepUi();
  bool open = false;                   // the lab's pane is in the layout (under the transport bar)
  PanelState fold = PanelState::Auto;  // the user's fold of it (a strip, or open)
  bool reopen = false;                 // undo ImGui's own collapse once, when it opens again
  std::uint64_t seeds = kDefaultSweepSeeds;
  // The first seed swept: the session's when the lab is first shown, then what the field says
  // (loading an outlier's seed does not move the next sweep's range).
  std::optional<std::uint64_t> from;
  std::string column;  // the outliers' column (empty: floor_fraction)
  SweepJob job;
  std::optional<SweepResult> result;
  std::vector<unsigned> textures;  // one per result picture
  // Compare mode sweeps pane B's parameters over the same seeds, for the expressive range.
  SweepJob job_b;
  std::optional<SweepResult> result_b;
  // The expressive range's columns (empty: the generator's pair) and the bin clicked, with the
  // pictures of its first maps.
  std::string range_x, range_y;
  struct RangePick {
    int set = 0;  // 0: A, 1: B
    int bx = 0, by = 0;
  };
  std::optional<RangePick> pick;
  bool pick_ready = false;  // its pictures made
  std::vector<std::uint64_t> pick_seeds;
  std::vector<unsigned> pick_textures;
};
// A picked bin shows at most this many maps, as pictures when a map has at most
// kMaxBinPictureCells cells (made on the UI thread when the bin is clicked), else as seeds.
inline constexpr std::size_t kBinPictures = 8;
inline constexpr std::uint64_t kMaxBinPictureCells = 256 * 256;

// GL-side UI state that is not part of the session.
class ComparePane;

struct UiState {
  bool show_help = false;
  bool show_lesson = false;  // predict mode's teacher view: the lesson's score per line
  // The cell whose history window is open (a click on the map), and the history shown.
  std::optional<Point> history_cell;
  // The cell's history as the window last showed it: still being read, and the steps it lists.
  bool history_reading = false;
  std::size_t history_steps = 0;
  // Compare mode's pane B while it is on (owned by the App): its section in the left panel.
  ComparePane* compare = nullptr;
  // A fork asked for (the draws' "fork into B", a preset or share string with one): the App
  // opens compare mode with pane B forked at the next frame.
  std::optional<DrawFork> fork_into_b;
  float font_scale = 1.0f;   // applied to the Window between frames
  float scale_edit = -1.0f;  // the UI scale slider's value while it is held (applied on release)
  PanelState controls = PanelState::Auto;
  PanelState teaching = PanelState::Auto;
  bool reopen_controls = false;  // undo ImGui's own collapse once, when the panel comes back
  bool reopen_teaching = false;
  // Projector mode as applied (ViewFlags::projector is the switch), and what it replaced.
  bool projector = false;
  float scale_before_projector = 1.0f;
  PanelState controls_before_projector = PanelState::Auto;
  std::vector<DrawnItem> drawn;  // cleared every frame
  // A text field's text as last typed, by the field's item name, for the frame its edit ends.
  std::map<std::string, std::string, std::less<>> typed;
  // A panel asked for something shown only at the next frame (a scroll): draw it.
  bool another_frame = false;
  // The loaded preset's title and note, shown under the map while its map is (preset_note.hpp).
  std::optional<PresetNote> preset_note;
  ShareUi share;
  SweepUi sweep;
  ScriptEdit script;  // the Script section's text (logic/script_edit.hpp)
};

// `script_open`: the Script section was open last frame; its editor wants a wider panel (where
// the window has the room: the layout gives the map its share first).
PanelWidths measure_controls_panel(const Session& session, const Session* b = nullptr,
                                   bool script_open = false);
PanelWidths measure_teaching_panel(bool minimal);
// In the order of UiLayout::bar_items.
std::vector<BarItem> measure_transport_bar(const Session& session);

void draw_controls_panel(Session& session, UiState& ui, const UiLayout& layout);
// minimal (projector mode): the pseudocode and the log only.
void draw_teaching_panel(Session& session, UiState& ui, const UiLayout& layout, bool minimal);
void draw_transport_bar(Session& session, UiState& ui, const UiLayout& layout);
void draw_help_window(UiState& ui);
// Predict mode (predict_panel.cpp): the question waiting, or the answer revealed, above the
// pseudocode; the Lesson window (the teacher view) with its JSON export.
void predict_section(Session& session, UiState& ui);
void draw_lesson_window(Session& session, UiState& ui);
// Where the Algorithm panel is folded away (a phone), the question or the answer in a card along
// the map's foot.
void draw_predict_card(Session& session, UiState& ui, const UiLayout& layout);
// A cell's history (cell_history_window.cpp): every step that touched the cell clicked, each a
// button that moves the transport there.
void draw_cell_history_window(Session& session, UiState& ui);
// The preset's title and note in layout.note (nothing when it has no height), and the height it
// wants at `width` (0 when no note applies).
void draw_preset_note(const Session& session, UiState& ui, const UiLayout& layout);
float measure_preset_note(const Session& session, const UiState& ui, float width);
// Projector mode's legend: exactly what is on the map, as swatches wrapped at the panel's width
// (compact_legend.cpp); the controls panel, with the full legend, is folded away there.
void compact_legend_section(Session& session, UiState& ui, const Palette& palette);
// The lesson presets the app ships (share_panel.cpp), read once.
const std::vector<Preset>& lesson_presets();
// Opens a preset file the student dropped on the window or picked in the page (share_panel.cpp):
// loaded, with its note under the map; what went wrong said in the section and on stderr.
void open_preset_file(Session& session, UiState& ui, const std::string& path);
// A file button's action (share_panel.cpp): the file dialog on the desktop; in the page, the
// browser's file picker to open a file, a download to save one.
void begin_file_action(Session& session, UiState& ui, FileAction a);
// The "Save and share" section of the controls panel (share_panel.cpp).
void share_section(Session& session, UiState& ui);
// Every frame, whether the section shows or not (share_panel.cpp): the file dialog when open,
// and the outcome of an export that has finished, said in the section's status line.
void draw_file_dialog(Session& session, UiState& ui);
// The "Script" section (script_panel.cpp), where the build runs scripts: the current script's
// text, edited and run in place; "save as" writes it.
void script_section(Session& session, UiState& ui);
// The "Lab" section (sweep_window.cpp) and the sweep's pane it opens in layout.lab (a part of the
// layout, under the transport bar: never over the map it loads seeds into).
void lab_section(Session& session, UiState& ui);
void draw_sweep_pane(Session& session, UiState& ui, const UiLayout& layout);

// --- shared by the panels (panel_frame.cpp) ---

// Pins the next ImGui window to a rectangle of the window (not movable, not resizable), with
// extra ImGuiWindowFlags if given. Call ImGui::End() whatever it returns.
bool begin_fixed_window(const char* name, ScreenRect area, bool title = true, int extra_flags = 0);
// A side panel with a title bar: its arrow (or a double click on the title) collapses it to a
// strip. narrow: the layout made it narrower than its content, so it scrolls sideways. Returns
// false when there is nothing to draw; call ImGui::End() either way. With `close`, the title bar
// has a close button that clears it.
bool begin_side_panel(const char* name, ScreenRect area, bool narrow, PanelState& state,
                      bool& reopen, bool* close = nullptr);
// A collapsed panel: a button that opens it again, and its title written downwards.
void draw_panel_strip(const char* name, ScreenRect area, bool on_left, PanelState& state,
                      bool& reopen);
// Records the last ImGui item in ui.drawn.
void note_item(UiState& ui, std::string name, float text_w = 0);
// What a section's last action did, or why it failed (in the error colour), wrapped; nothing
// when empty.
void status_line(const std::string& text, bool error);
// The text with each space where a line would pass `width` (in the current font) made a line
// break: words stay whole ("0..18446744073709551615" too); one longer than a line has its own.
std::string break_at_spaces(const std::string& text, float width);
// The width of the text's widest word (between spaces and line breaks), in the current font.
float widest_word(const std::string& text);
// Puts the next item on the same line when an item of this width still fits there.
void same_line_if_fits(float next_width);
// What a slider shows once it has moved: its value text and where the value stands, 0..1
// (slider_ratio).
struct SliderShown {
  std::string text;
  float ratio = 0;
};
// ImGui's slider (the same id, size, dragging and Ctrl+click typing) with its value text drawn
// beside the grab, never under it (logic/slider_text.hpp). shown: asked after the slider has
// taken this frame's input; values: an integer slider's number of values, 0 for a float one.
// data_type and flags are ImGui's. Returns what ImGui's slider returns.
bool slider_with_clear_text(const char* label, int data_type, void* value, const void* min,
                            const void* max, const char* format, int flags,
                            const std::function<SliderShown()>& shown, std::uint64_t values);
// Panel colours from the palette (and projector mode's brighter secondary text); call each frame.
void apply_theme(const Palette& palette, bool projector);
// A legend swatch (a square of colour c in a border that shows on the panel) and its words on the
// same line: the controls panel's legend, projector mode's and the Help window's roles.
void swatch(const Palette& p, Rgb c, const char* text);
// An RGB picture as a GL texture (nearest filtering), for ImGui::Image; the caller deletes it.
unsigned upload_image(const Image& img);
// The Sweep pane's expressive range and a picked bin's maps (range_view.cpp).
void draw_expressive_range(Session& session, UiState& ui, SweepUi& s);
void drop_pick_textures(SweepUi& s);
// Under a legend: what the shown analysis's colours mean (a heat map's ramp and top, or what each
// colour stands for); nothing while no analysis is shown (analysis_legend.cpp).
void analysis_legend(Session& session, const Palette& p);

}  // namespace dungen::app
