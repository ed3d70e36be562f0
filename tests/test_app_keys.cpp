// The one key list (logic/commands.hpp): every key it names reaches its action through the key
// queue, every key the app answers is in it, and README.md's key table is exactly what
// `dungen-viz --keys` prints from it.

#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <variant>

#include "app/logic/commands.hpp"
#include "app/logic/key_queue.hpp"
#include "app/options.hpp"

namespace dungen::app {
namespace {

// The events a binding's words stand for: "Ctrl+Shift+Right" is one, "F1 or H" two.
std::vector<KeyEvent> events_for(std::string_view words) {
  KeyEvent modifiers;
  std::string_view name = words;
  for (int guard = 0; guard < 4 && name.size() > 1; ++guard) {
    if (name.starts_with("Ctrl+")) {
      modifiers.ctrl = true;
      name.remove_prefix(5);
    } else if (name.starts_with("Shift+")) {
      modifiers.shift = true;
      name.remove_prefix(6);
    }
  }
  std::vector<KeyEvent> events;
  for (const int key : keys_named(name)) {
    KeyEvent e = modifiers;
    e.key = key;
    events.push_back(e);
  }
  return events;
}

TEST(AppKeyList, EveryKeyItNamesDoesItsAction) {
  for (const KeyBinding& b : key_bindings()) {
    const std::vector<KeyEvent> events = events_for(b.key);
    ASSERT_FALSE(events.empty()) << b.key;
    for (const KeyEvent& e : events) {
      const std::optional<KeyAction> action = action_for(e);
      ASSERT_TRUE(action.has_value()) << b.key << " (key " << e.key << ")";
      EXPECT_EQ(*action, b.action) << b.key;
    }
  }
}

// Every letter, digit and named key the queue knows, with and without Ctrl and Shift: whatever
// acts is listed (its binding is the one found), so no key works that Help does not show.
TEST(AppKeyList, NoKeyActsThatTheListLeavesOut) {
  std::vector<int> all = {keys::kSpace,     keys::kMinus,         keys::kEqual, keys::kRight,
                          keys::kLeft,      keys::kHome,          keys::kEnd,   keys::kF1,
                          keys::kKeypadAdd, keys::kKeypadSubtract};
  for (int k = keys::kA; k <= keys::kZ; ++k) all.push_back(k);
  for (int k = '0'; k <= '9'; ++k) all.push_back(k);
  std::set<std::string_view> acting;
  for (const int key : all) {
    for (const bool ctrl : {false, true}) {
      for (const bool shift : {false, true}) {
        const KeyEvent e{.key = key, .shift = shift, .ctrl = ctrl};
        const std::optional<KeyAction> action = action_for(e);
        if (!action) continue;
        const KeyBinding* listed = nullptr;
        for (const KeyBinding& b : key_bindings()) {
          for (const KeyEvent& named : events_for(b.key)) {
            // '+' and '-' act with or without Shift (Shift+'=' is '+' on many layouts).
            const bool any_shift = b.key == "+" || b.key == "-";
            if (named.key == key && named.ctrl == ctrl && (any_shift || named.shift == shift)) {
              listed = &b;
            }
          }
        }
        ASSERT_NE(listed, nullptr) << "key " << key << (ctrl ? " +Ctrl" : "")
                                   << (shift ? " +Shift" : "") << " acts but is not listed";
        EXPECT_EQ(*action, listed->action) << listed->key;
        acting.insert(listed->key);
      }
    }
  }
  // And every binding was reached by some key.
  EXPECT_EQ(acting.size(), key_bindings().size());
}

// The keys issue 25 found missing from the README, and the words the panels use for them.
TEST(AppKeyList, ListsTheKeysThePanelsMention) {
  const auto described = [](std::string_view key) -> std::string_view {
    for (const KeyBinding& b : key_bindings()) {
      if (b.key == key) return b.description;
    }
    return {};
  };
  // The Controls panel's radio row: "on change: run to end / step 0".
  EXPECT_NE(described("M").find("on change: run to end / step 0"), std::string_view::npos);
  // The stats panel's "off (the Analysis section, or N)".
  EXPECT_NE(described("N").find("Analysis"), std::string_view::npos);
  EXPECT_FALSE(described("Ctrl+Right").empty());
  EXPECT_FALSE(described("Ctrl+Shift+Right").empty());
  EXPECT_FALSE(described("F1 or H").empty());
}

TEST(AppKeyList, KeysFlagPrintsTheMarkdownTable) {
  const ParseResult r = parse_options({"--keys"}, ParseContext{});
  const auto* text = std::get_if<HelpRequested>(&r);
  ASSERT_NE(text, nullptr);
  EXPECT_EQ(text->text, key_list_markdown());
  // A row for every key and every mouse control, between the markers.
  EXPECT_TRUE(text->text.starts_with(kKeyListBegin));
  EXPECT_TRUE(text->text.ends_with(std::string(kKeyListEnd) + "\n"));
  EXPECT_NE(text->text.find("| Ctrl+Shift+Right | run to the next phase |"), std::string::npos);
  EXPECT_NE(text->text.find("| drag | pan the map |"), std::string::npos);
  std::size_t rows = 0;
  for (std::size_t at = text->text.find("\n| "); at != std::string::npos;
       at = text->text.find("\n| ", at + 1)) {
    ++rows;
  }
  // With the heading and its rule.
  EXPECT_EQ(rows, 2 + key_bindings().size() + mouse_controls().size());
}

// README.md's block between the markers is the table, byte for byte.
TEST(AppKeyList, ReadmeKeyTableIsTheCommandsTable) {
  std::ifstream in(std::string(DUNGEN_SOURCE_DIR) + "/README.md", std::ios::binary);
  ASSERT_TRUE(in) << "cannot read README.md";
  std::stringstream text;
  text << in.rdbuf();
  const std::string readme = text.str();
  const std::size_t begin = readme.find(kKeyListBegin);
  ASSERT_NE(begin, std::string::npos) << "README.md has no " << kKeyListBegin;
  const std::size_t end = readme.find(kKeyListEnd, begin);
  ASSERT_NE(end, std::string::npos) << "README.md has no " << kKeyListEnd;
  const std::string block = readme.substr(begin, end + kKeyListEnd.size() + 1 - begin);
  EXPECT_EQ(block, key_list_markdown())
      << "README.md's key table is not the commands table (src/app/logic/commands.cpp): "
         "rebuild dungen-viz and run `bash scripts/readme-keys.sh`";
}

}  // namespace
}  // namespace dungen::app
