#pragma once
// The file dialog's window (logic/file_dialog.hpp holds its state and decisions): a modal ImGui
// window with the folder's full path, a button up, the folder's sub-folders and matching files
// (a click on a folder goes into it; a click on a file takes its name, a double click chooses it),
// the name field, and the question before a file is replaced.

#include "app/logic/file_dialog.hpp"

namespace dungen::app {

// Draws the dialog while it is open. True on the frame a file is chosen (dialog.chosen()).
bool draw_file_dialog_window(FileDialog& dialog);

}  // namespace dungen::app
