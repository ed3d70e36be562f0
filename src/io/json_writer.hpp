#pragma once
// A small streaming JSON writer: enough for our exports, with correct string escaping.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dungen {

class JsonWriter {
 public:
  // compact: the whole document on one line (JSON Lines); otherwise indented, one value a line.
  explicit JsonWriter(bool compact = false) : compact_(compact) {}
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view k);
  JsonWriter& value(std::string_view s);
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(std::int64_t v);
  JsonWriter& value(int v) { return value(static_cast<std::int64_t>(v)); }
  JsonWriter& value(std::uint64_t v);
  JsonWriter& value(double v);
  JsonWriter& value(bool v);
  JsonWriter& null();

  // The document so far; complete once every object and array is closed.
  const std::string& str() const { return out_; }

 private:
  void before_value();
  void newline();
  std::string out_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
  bool compact_ = false;
};

std::string json_escape(std::string_view s);

}  // namespace dungen
