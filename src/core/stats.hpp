#pragma once
// A generator's own statistics: numbered slots it counts as it goes (attempts, rooms, cells
// flipped by pass 2, ...). Like cells, they change only through one door that records each
// change, so the timeline can step them back and forth with the map and a scrubbed-to step shows
// its own numbers. Which slots exist and how they read is the generator's (its Narration).

#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace dungen {

struct StatChange {
  std::uint32_t slot = 0;
  std::int64_t delta = 0;
  friend bool operator==(const StatChange&, const StatChange&) = default;
};

class StatSheet {
 public:
  StatSheet() = default;
  // log may be null: then nothing is recorded (batch runs).
  StatSheet(std::size_t slots, std::vector<StatChange>* log) : values_(slots, 0), log_(log) {}

  std::int64_t operator[](std::size_t slot) const { return values_[slot]; }
  void add(std::size_t slot, std::int64_t delta) {
    if (delta == 0) return;
    values_[slot] += delta;
    if (log_) log_->push_back({static_cast<std::uint32_t>(slot), delta});
  }
  void set(std::size_t slot, std::int64_t value) { add(slot, value - values_[slot]); }

  std::span<const std::int64_t> values() const { return values_; }
  // Replays recorded changes forward, or undoes them.
  void apply(std::span<const StatChange> changes, bool forward) {
    for (const StatChange& c : changes) values_[c.slot] += forward ? c.delta : -c.delta;
  }

 private:
  std::vector<std::int64_t> values_;
  std::vector<StatChange>* log_ = nullptr;
};

// One row of the stats panel and one field of the CLI's JSON "stats".
struct StatRow {
  std::string key;    // the JSON key, snake_case
  std::string label;  // what the panel shows
  std::string text;   // the value in words: "12", "43.2% (3456 cells)"
  // The JSON value: a count, a fraction, or a list (cells flipped by each pass, a histogram).
  std::variant<std::int64_t, double, std::vector<std::int64_t>> value;
};

std::string percent_text(double fraction);  // "43.2%"
// A row that is a plain count: its text is the number.
StatRow count_row(std::string key, std::string label, std::int64_t value);

}  // namespace dungen
