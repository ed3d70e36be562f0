#pragma once
// Keys as a queue, so that no press is lost. Dear ImGui 1.86 only keeps whether a key is down
// now: a tap whose press and release arrive between two frames never shows as pressed, and two
// presses in one frame count once. GLFW's key callback instead pushes every press and auto-repeat
// here, and the app drains the queue once a frame, each event becoming at most one action.
//
// Keys typed into an ImGui text field are not actions. That is decided when the queue is
// drained, from ImGui's WantCaptureKeyboard of that frame: ImGui computes it in NewFrame from
// what the widgets did last frame, which is also all a callback could see at press time, so
// checking once at drain time gives the same answer in one place that a test can reach.
//
// GL-free: key numbers are GLFW's (glfw3.h's GLFW_KEY_*, checked against these by a
// static_assert in input.cpp), so this file needs no GLFW.

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>
#include <variant>
#include <vector>

#include "app/logic/commands.hpp"

namespace dungen::app {

namespace keys {
// Printable keys are their upper-case ASCII code, as in GLFW.
inline constexpr int kSpace = 32;
inline constexpr int kMinus = 45;
inline constexpr int kEqual = 61;
inline constexpr int kA = 65;
inline constexpr int kH = 72;
inline constexpr int kZ = 90;
inline constexpr int kRight = 262;
inline constexpr int kLeft = 263;
inline constexpr int kHome = 268;
inline constexpr int kEnd = 269;
inline constexpr int kF1 = 290;
inline constexpr int kKeypadSubtract = 333;
inline constexpr int kKeypadAdd = 334;
}  // namespace keys

struct KeyEvent {
  int key = 0;          // keys::k* (GLFW's numbering)
  bool repeat = false;  // an auto-repeat of a held key, not a new press
  bool shift = false;
  bool ctrl = false;
  bool alt = false;  // Alt or Super: left to the desktop, never an action here
};

// The GLFW keys a key name of key_bindings() stands for ("Right", "R", "+", "F1 or H": either);
// empty if none.
std::vector<int> keys_named(std::string_view name);

// What one key event does: the binding of key_bindings() whose chord matches exactly (Shift+Right
// is not Right). Auto-repeats act only for keys meant to be held (Right, Left,
// +, -): holding Space must not toggle play on and off.
std::optional<KeyAction> action_for(const KeyEvent& event);

// Bounds the queue between two frames: far more than anyone types, small enough that a stuck
// frame cannot let it grow without limit. Events past it are dropped and counted.
inline constexpr std::size_t kMaxQueuedKeys = 256;

class KeyQueue {
 public:
  void push(const KeyEvent& event);  // from GLFW's key callback (presses and repeats only)
  // The queued events as actions, oldest first; the queue is left empty. `captured`: an ImGui
  // widget (a text field, a slider being dragged) has the keyboard this frame, so the keys were
  // its and none is an action.
  std::vector<KeyAction> drain(bool captured);
  std::size_t size() const { return events_.size(); }
  std::size_t dropped() const { return dropped_; }  // events lost to kMaxQueuedKeys, ever

 private:
  std::vector<KeyEvent> events_;
  std::size_t dropped_ = 0;
};

}  // namespace dungen::app
