#pragma once
// A small streaming JSON writer: enough for our exports, with correct string escaping. With a
// sink, the text goes out in pieces of about kChunk bytes as it is made, so a 4096x4096 map's
// JSON never sits whole in memory; without one, str() holds the whole document.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dungen {

// Takes the next piece of a document (or of any streamed export).
using TextSink = std::function<void(std::string_view)>;

class JsonWriter {
 public:
  static constexpr std::size_t kChunk = 1 << 16;

  // compact: the whole document on one line (JSON Lines); otherwise indented, one value a line.
  explicit JsonWriter(bool compact = false, TextSink sink = {})
      : sink_(std::move(sink)), compact_(compact) {}
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
  // An array of whole numbers on one line, as one value: a row of a map's layer ("[-1,0,0,2]").
  JsonWriter& row(std::span<const std::int32_t> values);

  // The document so far (without a sink); complete once every object and array is closed.
  const std::string& str() const { return out_; }
  // Hands what is buffered to the sink (call once the document is closed).
  void flush();

 private:
  void before_value();
  void maybe_flush() {
    if (sink_ && out_.size() >= kChunk) flush();
  }
  void newline();
  std::string out_;
  TextSink sink_;
  std::vector<bool> first_;  // per open container: no element written yet
  bool after_key_ = false;
  bool compact_ = false;
};

std::string json_escape(std::string_view s);

}  // namespace dungen
