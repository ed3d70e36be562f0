#pragma once
// The browser page around the browser build's window (web/shell.html is its other half): what a
// page does differently from a desktop window, in one place. In the native build every function
// here does nothing, so the callers need no #if.
//
// - The canvas: the page's stylesheet sizes it (the whole page); its drawing buffer follows that
//   size times the device's pixel ratio, so a HiDPI screen gets crisp pixels and the UI is
//   scaled by that ratio, as a desktop window is by its monitor's content scale. (Never through
//   glfwSetWindowSize: Emscripten's asks for full screen when the size is the screen's.)
// - Input the page turns into the window's: wheel turns, already in notches (the page reads
//   the browser's deltaMode), and files the student picked or dropped.
// - The real clipboard, which Emscripten's GLFW does not reach.

#include <string>
#include <vector>

struct GLFWwindow;

namespace dungen::app::page {

// Connects the window to the page: the wheel, the clipboard, the files. Once, after ImGui's
// backend has installed its callbacks.
void attach(GLFWwindow* window);

// The canvas's drawing buffer = its CSS size x the device pixel ratio (the window's size and
// framebuffer callbacks run when that changes). Returns the ratio, the UI's content scale; 0
// natively (the monitor's content scale stands).
float fit_canvas();

// Wheel turns the page read (in notches, up +1) since the last call, given to the window's
// scroll callback: the chain that counts the event and feeds ImGui (Window::install_callbacks).
void pass_wheel();

// Opens the browser's file picker for a preset (accept: ".json"); the chosen file arrives
// through take_opened_files(). False natively (the app's own file dialog is used).
bool pick_file(const char* accept);

// Files the student picked (pick_file) or dropped on the page, written into the page's file
// system: their paths, oldest first, taken once. (The desktop's dropped files come through
// Window's drop callback.)
std::vector<std::string> take_opened_files();

// The address that opens this share string in the page (dungen.html?share=...), with a
// script's text when the share string names one the page does not ship (&script=...); empty
// natively.
std::string link_for(const std::string& share, const std::string& script_text = "");

// Tells the page the app ended (code 0: it printed its help or version; else it refused its
// address or stopped), so the page can show what it printed instead of an empty canvas.
void ended(int code);

}  // namespace dungen::app::page
