// Keys as the window delivers them (logic/key_queue.hpp): every press and auto-repeat reaches
// the session once, whatever the frame rate, and keys typed into a text field reach nothing.
// And the log's following rule (logic/log_follow.hpp).

#include <gtest/gtest.h>

#include <vector>

#include "app/logic/headless.hpp"
#include "app/logic/key_queue.hpp"
#include "app/logic/log_follow.hpp"
#include "app_test_support.hpp"

namespace dungen::app {
namespace {

// A session paused at step 0 of rooms-and-tunnels, seed 7 (hundreds of steps ahead).
void at_step_zero(Session& s) {
  HeadlessSetup h;
  h.generator = "rooms-and-tunnels";
  h.seed = 7;
  h.steps = 0;
  ASSERT_FALSE(setup_session(s, h));
  ASSERT_EQ(s.position(), 0u);
}

KeyEvent press(int key) {
  return {.key = key};
}
KeyEvent repeat(int key) {
  return {.key = key, .repeat = true};
}

// What the app does once a frame: drain, then apply each action.
void drain_into(KeyQueue& q, Session& s, bool captured = false) {
  for (const KeyAction& a : q.drain(captured)) {
    if (const auto* c = std::get_if<Command>(&a)) s.apply(*c);
  }
  s.finish_pending();
}

TEST(AppKeys, ABurstOfPressesInOneFrameStepsOncePerPress) {
  Session s(frozen_clock(1));
  at_step_zero(s);
  KeyQueue q;
  // Ten taps between two frames: ImGui 1.86's key state would have seen at most one.
  for (int i = 0; i < 10; ++i) q.push(press(keys::kRight));
  EXPECT_EQ(q.size(), 10u);
  drain_into(q, s);
  EXPECT_EQ(s.position(), 10u);
  EXPECT_EQ(q.size(), 0u);
  drain_into(q, s);  // drained: nothing acts twice
  EXPECT_EQ(s.position(), 10u);
}

TEST(AppKeys, HeldArrowsRepeatOncePerAutoRepeatAndBackUndoes) {
  Session s(frozen_clock(1));
  at_step_zero(s);
  KeyQueue q;
  // Right held: the press, then 24 auto-repeats; spread over three frames.
  q.push(press(keys::kRight));
  for (int i = 0; i < 9; ++i) q.push(repeat(keys::kRight));
  drain_into(q, s);
  for (int i = 0; i < 15; ++i) q.push(repeat(keys::kRight));
  drain_into(q, s);
  EXPECT_EQ(s.position(), 25u);
  q.push(press(keys::kLeft));
  for (int i = 0; i < 4; ++i) q.push(repeat(keys::kLeft));
  drain_into(q, s);
  EXPECT_EQ(s.position(), 20u);
}

TEST(AppKeys, HoldingSpaceTogglesPlayOnceAndSpeedKeysRepeat) {
  Session s(frozen_clock(1));
  at_step_zero(s);
  KeyQueue q;
  q.push(press(keys::kSpace));
  for (int i = 0; i < 5; ++i) q.push(repeat(keys::kSpace));
  drain_into(q, s);
  EXPECT_TRUE(s.playing());
  const double speed = s.speed();
  q.push(press(keys::kEqual));
  q.push(repeat(keys::kEqual));
  q.push({.key = keys::kEqual, .shift = true});  // '+' typed as Shift+'='
  q.push(press(keys::kKeypadAdd));
  drain_into(q, s);
  EXPECT_DOUBLE_EQ(s.speed(), speed * 16.0);
}

TEST(AppKeys, ModifiersPickTheirOwnCommandAndAltActsOnNothing) {
  EXPECT_EQ(action_for(press(keys::kRight)), KeyAction(Command::Step));
  EXPECT_EQ(action_for({.key = keys::kRight, .shift = true}), KeyAction(Command::NextFeature));
  EXPECT_EQ(action_for({.key = keys::kRight, .ctrl = true}), KeyAction(Command::NextAction));
  EXPECT_EQ(action_for({.key = keys::kRight, .shift = true, .ctrl = true}),
            KeyAction(Command::NextPhase));
  EXPECT_EQ(action_for({.key = keys::kRight, .alt = true}), std::nullopt);
  EXPECT_EQ(action_for({.key = 'R', .ctrl = true}), std::nullopt);
  EXPECT_EQ(action_for(press('R')), KeyAction(Command::RegenerateNewSeed));
  EXPECT_EQ(action_for(press(keys::kF1)), KeyAction(UiAction::ToggleHelp));
  EXPECT_EQ(action_for(press(keys::kH)), KeyAction(UiAction::ToggleHelp));
  EXPECT_EQ(action_for(repeat(keys::kH)), std::nullopt);
  EXPECT_EQ(action_for(press('K')), std::nullopt);  // a letter no command has

  // Shift+Right in a burst: each runs to the next feature.
  Session s(frozen_clock(1));
  at_step_zero(s);
  KeyQueue q;
  q.push({.key = keys::kRight, .shift = true});
  drain_into(q, s);
  const std::uint64_t first = s.position();
  ASSERT_GE(first, 1u);
  q.push({.key = keys::kRight, .shift = true});
  q.push({.key = keys::kRight, .shift = true});
  drain_into(q, s);
  EXPECT_GT(s.position(), first + 1);
}

TEST(AppKeys, EveryBindingTheHelpWindowListsHasAKey) {
  for (const KeyBinding& b : key_bindings()) {
    std::string_view name = b.key;
    if (const auto plus = name.rfind('+'); plus != std::string_view::npos && name.size() > 1) {
      name.remove_prefix(plus + 1);
    }
    EXPECT_FALSE(keys_named(name).empty()) << b.key;
  }
}

TEST(AppKeys, KeysTypedIntoATextFieldAreNotActions) {
  Session s(frozen_clock(1));
  at_step_zero(s);
  KeyQueue q;
  for (int key : {int{'R'}, keys::kRight, keys::kRight, keys::kEnd}) q.push(press(key));
  const std::uint64_t seed = s.seed();
  drain_into(q, s, /*captured=*/true);
  EXPECT_EQ(s.position(), 0u);
  EXPECT_EQ(s.seed(), seed);
  EXPECT_EQ(q.size(), 0u);  // they were the text field's: not kept for later either
  q.push(press(keys::kRight));
  drain_into(q, s);
  EXPECT_EQ(s.position(), 1u);
}

TEST(AppKeys, TheQueueIsBoundedAndCountsWhatItDrops) {
  KeyQueue q;
  for (std::size_t i = 0; i < kMaxQueuedKeys + 7; ++i) q.push(press(keys::kRight));
  EXPECT_EQ(q.size(), kMaxQueuedKeys);
  EXPECT_EQ(q.dropped(), 7u);
  EXPECT_EQ(q.drain(false).size(), kMaxQueuedKeys);
}

// --- the log follows the current step ---

constexpr float kLine = 17.0f;

TEST(AppLogFollow, FollowsThroughResizesAndJumpsUntilTheUserScrollsUp) {
  LogFollow f;
  // Following: stepping keeps it at the bottom.
  EXPECT_TRUE(f.update({.y = 400, .max_y = 400, .line = kLine}));
  // A resize rewraps the lines: the bottom moves far below the scroll. Still following.
  EXPECT_TRUE(f.update({.y = 400, .max_y = 900, .line = kLine}));
  // A scrub replaces every line: the same.
  EXPECT_TRUE(f.update({.y = 0, .max_y = 1200, .line = kLine}));
  // The user scrolls up to read: it stays where they put it, through steps and resizes.
  EXPECT_FALSE(f.update({.y = 1000, .max_y = 1200, .line = kLine, .user_scrolled_up = true}));
  EXPECT_FALSE(f.update({.y = 1000, .max_y = 1200, .line = kLine}));
  EXPECT_FALSE(f.update({.y = 1000, .max_y = 1500, .line = kLine}));
  EXPECT_FALSE(f.following());
  // The "follow" button brings it back.
  f.follow();
  EXPECT_TRUE(f.update({.y = 1000, .max_y = 1500, .line = kLine}));
}

TEST(AppLogFollow, ScrollingBackToTheBottomFollowsAgain) {
  LogFollow f;
  EXPECT_FALSE(f.update({.y = 100, .max_y = 500, .line = kLine, .user_scrolled_up = true}));
  EXPECT_FALSE(f.update({.y = 300, .max_y = 500, .line = kLine}));
  EXPECT_TRUE(f.update({.y = 496, .max_y = 500, .line = kLine}));
  // Nothing to scroll (every line fits): scrolling up means nothing, it keeps following.
  EXPECT_TRUE(f.update({.y = 0, .max_y = 0, .line = kLine, .user_scrolled_up = true}));
  // Its state comes back from where the panel keeps it between frames.
  EXPECT_FALSE(LogFollow(false).following());
}

}  // namespace
}  // namespace dungen::app
