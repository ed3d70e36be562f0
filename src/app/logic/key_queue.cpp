#include "app/logic/key_queue.hpp"

#include <algorithm>

namespace dungen::app {
namespace {

// A binding's key as the Help window prints it ("Ctrl+Shift+Right"), taken apart.
struct KeyChord {
  std::vector<int> keys;  // any of these
  bool ctrl = false;
  bool shift = false;
  bool any_shift = false;  // '+' is Shift+'=' on many layouts: Shift does not matter there
  bool repeats = false;    // held down, it keeps acting (stepping, changing speed)
};

KeyChord parse_chord(std::string_view text) {
  KeyChord chord;
  // "Ctrl+" and "Shift+" prefixes; a name of one character ("+") is the key itself.
  while (text.size() > 1) {
    const auto plus = text.find('+');
    if (plus == std::string_view::npos || plus == 0) break;
    const std::string_view mod = text.substr(0, plus);
    if (mod == "Ctrl") chord.ctrl = true;
    if (mod == "Shift") chord.shift = true;
    text.remove_prefix(plus + 1);
  }
  chord.keys = keys_named(text);
  chord.any_shift = text == "+" || text == "-";
  chord.repeats = text == "Right" || text == "Left" || chord.any_shift;
  return chord;
}

bool matches(const KeyChord& chord, const KeyEvent& e) {
  if (e.repeat && !chord.repeats) return false;
  if (e.ctrl != chord.ctrl) return false;
  if (!chord.any_shift && e.shift != chord.shift) return false;
  return std::find(chord.keys.begin(), chord.keys.end(), e.key) != chord.keys.end();
}

}  // namespace

std::vector<int> keys_named(std::string_view name) {
  // "F1 or H": the keys of each name. (A name has at most a few alternatives.)
  if (const auto alt = name.find(" or "); alt != std::string_view::npos) {
    std::vector<int> keys = keys_named(name.substr(0, alt));
    for (const int k : keys_named(name.substr(alt + 4))) keys.push_back(k);
    return keys;
  }
  if (name == "Space") return {keys::kSpace};
  if (name == "Right") return {keys::kRight};
  if (name == "Left") return {keys::kLeft};
  if (name == "Home") return {keys::kHome};
  if (name == "End") return {keys::kEnd};
  if (name == "+") return {keys::kEqual, keys::kKeypadAdd};
  if (name == "-") return {keys::kMinus, keys::kKeypadSubtract};
  if (name == "F1") return {keys::kF1};
  if (name.size() == 1 && name[0] >= 'A' && name[0] <= 'Z') return {keys::kA + (name[0] - 'A')};
  return {};
}

std::optional<KeyAction> action_for(const KeyEvent& event) {
  if (event.alt) return std::nullopt;
  for (const KeyBinding& b : key_bindings()) {
    if (matches(parse_chord(b.key), event)) return b.action;
  }
  return std::nullopt;
}

void KeyQueue::push(const KeyEvent& event) {
  if (events_.size() >= kMaxQueuedKeys) {
    ++dropped_;
    return;
  }
  events_.push_back(event);
}

std::vector<KeyAction> KeyQueue::drain(bool captured) {
  std::vector<KeyAction> actions;
  if (!captured) {
    for (const KeyEvent& e : events_) {
      if (auto a = action_for(e)) actions.push_back(*a);
    }
  }
  events_.clear();
  return actions;
}

}  // namespace dungen::app
