// Predict, then reveal (app/logic/predict.hpp) and a cell's history (Session::cell_history), on
// the session the app draws from: a scripted class that always answers right scores 100% on
// every line, one that always answers wrong scores 0; the question comes before its step and the
// run is the plain run; each history entry is a step that changed the cell, from what to what.

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "app/logic/headless.hpp"
#include "app/logic/session.hpp"
#include "app_test_support.hpp"
#include "core/rng.hpp"
#include "core/runner.hpp"
#include "generators/registry.hpp"

using namespace dungen;
using namespace dungen::app;

namespace {

// Every built-in generator with questions, on a small map; caves steps cell by cell (its
// questions are the rule's, one cell at a time).
struct Case {
  const char* generator;
  std::vector<std::pair<const char*, std::int64_t>> params;
};
const std::vector<Case> kAsking = {
    {"rooms-and-tunnels", {{"width", 50}, {"height", 30}}},
    {"cellular-caves", {{"width", 14}, {"height", 10}, {"step_cells", 1}, {"passes", 1}}},
    {"drunkards-walk", {{"width", 24}, {"height", 16}}},
    {"bsp-rooms", {{"width", 50}, {"height", 30}}},
    {"rooms-and-mazes", {{"width", 31}, {"height", 21}}},
    {"feature-accretion", {{"width", 50}, {"height", 30}}},
};

void set_up(Session& s, const Case& c) {
  ASSERT_TRUE(s.select_generator(c.generator));
  s.set_mode(RunMode::Step);
  for (const auto& [name, value] : c.params) ASSERT_TRUE(s.set_param(name, value)) << name;
  s.set_seed(5);
  s.finish_pending();
}

// Steps the whole run as a class would, answering every question with pick(q). Returns the
// questions answered.
template <class Pick>
int run_class(Session& s, Pick pick) {
  int answered = 0;
  for (int k = 0; k < 200000 && !(s.finished() && s.position() == s.recorded()); ++k) {
    s.step();
    if (const Question* q = s.question()) {
      const std::uint64_t before = s.position();
      const int choice = pick(*q);
      const bool right = choice == q->answer;
      s.answer(choice);
      ++answered;
      // The step asked about is shown now, with the answer marked.
      EXPECT_EQ(s.position(), before + 1);
      const Reveal* r = s.reveal();
      EXPECT_NE(r, nullptr);
      if (r) {
        EXPECT_EQ(r->right, right);
      }
    }
  }
  return answered;
}

}  // namespace

TEST(AppPredict, AClassThatAlwaysAnswersRightScoresEveryLineFull) {
  for (const Case& c : kAsking) {
    SCOPED_TRACE(c.generator);
    Session s(frozen_clock(1));
    set_up(s, c);
    ASSERT_TRUE(s.can_predict());
    s.set_predict(true);
    const int answered = run_class(s, [](const Question& q) { return q.answer; });
    EXPECT_GT(answered, 0);
    EXPECT_EQ(s.lesson().asked(), answered);
    EXPECT_EQ(s.lesson().right(), answered);
    for (const LineScore& line : s.lesson().lines()) {
      EXPECT_EQ(line.generator, c.generator);
      EXPECT_DOUBLE_EQ(line.accuracy(), 1.0) << line.text;
      EXPECT_EQ(line.text, s.pseudocode()[static_cast<std::size_t>(line.line)]);
    }
    // Predicting changes nothing about the run: its map is the batch run's.
    Stepper batch = start_generator(s.generator(), s.params(), s.seed(), false);
    run_to_end(batch);
    EXPECT_TRUE(s.grid() == batch.grid());
  }
}

TEST(AppPredict, AClassThatAlwaysAnswersWrongScoresNothing) {
  for (const Case& c : kAsking) {
    SCOPED_TRACE(c.generator);
    Session s(frozen_clock(1));
    set_up(s, c);
    s.set_predict(true);
    const int answered = run_class(
        s, [](const Question& q) { return (q.answer + 1) % static_cast<int>(q.choices.size()); });
    EXPECT_GT(answered, 0);
    EXPECT_EQ(s.lesson().right(), 0);
    for (const LineScore& line : s.lesson().lines()) EXPECT_EQ(line.right, 0) << line.text;
    const std::string json = s.lesson().json();
    EXPECT_NE(json.find("\"dungen_lesson\": 1"), std::string::npos) << json;
    EXPECT_NE(json.find("\"asked\": " + std::to_string(answered)), std::string::npos) << json;
    EXPECT_NE(json.find("\"accuracy\": 0"), std::string::npos) << json;
  }
}

TEST(AppPredict, TheQuestionComesBeforeItsStepAndTheMapAnswersIt) {
  Session s(frozen_clock(1));
  set_up(s, kAsking[0]);  // rooms and tunnels
  s.set_predict(true);
  bool saw_room_choice = false;
  for (int k = 0; k < 5000 && !s.finished(); ++k) {
    s.step();
    const Question* q = s.question();
    if (!q) continue;
    // Shown meanwhile: the step before, not the verdict.
    const Step* shown = s.current_step();
    ASSERT_NE(shown, nullptr);
    EXPECT_EQ(shown->line, q->line - 1) << "the position step is shown, not the verdict";
    // A click inside a room's frame picks that room; the first choice (none) has no place.
    for (std::size_t i = 1; i < q->choices.size(); ++i) {
      const Rect& a = q->choices[i].areas.at(0);
      const std::optional<int> hit = s.choice_at({a.x + a.w / 2, a.y + a.h / 2});
      ASSERT_TRUE(hit.has_value());
      EXPECT_EQ(*hit, static_cast<int>(i));
      saw_room_choice = true;
    }
    EXPECT_FALSE(s.choice_at({-5, -5}).has_value());
    s.answer(q->answer);
    ASSERT_NE(s.reveal(), nullptr);
    EXPECT_TRUE(s.reveal()->right);
    // Stepping on ends the reveal; stepping back to a question's step asks nothing.
    s.step_back();
    EXPECT_EQ(s.reveal(), nullptr);
    EXPECT_EQ(s.question(), nullptr);
    s.step();  // the recorded step again: asked again
    EXPECT_NE(s.question(), nullptr);
    s.set_predict(false);
    EXPECT_EQ(s.question(), nullptr);
    break;
  }
  EXPECT_TRUE(saw_room_choice);
}

TEST(AppPredict, HeadlessSetupStepsOnToTheFirstQuestion) {
  Session s(frozen_clock(1));
  HeadlessSetup setup;
  setup.generator = "bsp-rooms";
  setup.predict = true;
  setup.steps = 3;
  std::vector<std::string> notes;
  ASSERT_FALSE(setup_session(s, setup, &notes));
  ASSERT_NE(s.question(), nullptr);
  EXPECT_GE(s.position(), 3u);
  EXPECT_EQ(s.question()->choices.size(), 2u);
  EXPECT_TRUE(notes.empty());
  // A generator without questions says so.
  Session t(frozen_clock(1));
  setup.generator = "room-accretion";
  ASSERT_FALSE(setup_session(t, setup, &notes));
  EXPECT_EQ(t.question(), nullptr);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("asks no questions"), std::string::npos);
}

TEST(AppCellHistory, EachEntryIsAStepThatChangedTheCellAndTheyAreAllOfThem) {
  for (const char* name : {"rooms-and-tunnels", "cellular-caves", "rooms-and-mazes"}) {
    SCOPED_TRACE(name);
    Session s(frozen_clock(1));
    ASSERT_TRUE(s.select_generator(name));
    s.set_mode(RunMode::Step);
    s.set_map_size(31, 21);
    s.set_regions_mode(RegionsMode::Animated);
    s.run_to_end();
    s.finish_pending();
    ASSERT_TRUE(s.finished());
    // The replay: for every position, which cells its step changed.
    const std::uint64_t end = s.position();
    std::map<std::uint32_t, std::vector<std::uint64_t>> touched;
    std::vector<Cell> prev;
    const auto cells_of = [&] {
      std::vector<Cell> v;
      const Grid& g = s.grid();
      for (std::size_t i = 0; i < g.size(); ++i) v.push_back(g.cell(i));
      return v;
    };
    s.seek(0);
    s.finish_pending();
    prev = cells_of();
    for (std::uint64_t k = 1; k <= end; ++k) {
      s.step();
      const std::vector<Cell> now = cells_of();
      for (std::size_t i = 0; i < now.size(); ++i) {
        if (!(now[i] == prev[i])) touched[static_cast<std::uint32_t>(i)].push_back(k);
      }
      prev = now;
    }
    Rng pick(7);
    for (int n = 0; n < 40; ++n) {
      const Point p{static_cast<int>(pick.below(31)), static_cast<int>(pick.below(21))};
      const auto index = static_cast<std::uint32_t>(p.y * 31 + p.x);
      const Session::CellHistory h = s.cell_history(p);
      std::vector<std::uint64_t> positions;
      for (const auto& e : h.entries) positions.push_back(e.position);
      // A step that wrote the cell and wrote it back is listed; the replay cannot see it, so
      // the replay's steps are a subset, and every listed step is a real change or a round trip.
      for (std::uint64_t k : touched[index]) {
        EXPECT_NE(std::find(positions.begin(), positions.end(), k), positions.end())
            << xy_text(p) << " step " << k << " is missing";
      }
      for (const auto& e : h.entries) {
        const bool listed = std::find(touched[index].begin(), touched[index].end(), e.position) !=
                            touched[index].end();
        EXPECT_NE(e.text.find(listed ? "->" : "written and put back"), std::string::npos) << e.text;
      }
      EXPECT_TRUE(std::is_sorted(positions.begin(), positions.end()));
    }
  }
}
