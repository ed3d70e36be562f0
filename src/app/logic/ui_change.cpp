#include "app/logic/ui_change.hpp"

#include <algorithm>
#include <cstring>

namespace dungen::app {
namespace {

bool same_bytes(std::span<const std::byte> a, std::span<const std::byte> b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size()) == 0);
}

bool same_command(const UiCommand& a, const UiCommand& b) {
  return std::equal(std::begin(a.clip), std::end(a.clip), std::begin(b.clip)) &&
         a.texture == b.texture && a.callback == b.callback && a.callback_data == b.callback_data &&
         a.vertex_offset == b.vertex_offset && a.index_offset == b.index_offset &&
         a.index_count == b.index_count;
}

}  // namespace

bool UiChange::changed(const UiFrame& frame) {
  const bool same = known_ && same_as_kept(frame);
  keep(frame);
  return !same;
}

bool UiChange::same_as_kept(const UiFrame& frame) const {
  if (frame.changed_pictures || frame.width != width_ || frame.height != height_ ||
      frame.scale != scale_ || frame.lists.size() != lists_.size() ||
      !std::equal(frame.steady.begin(), frame.steady.end(), steady_.begin(), steady_.end())) {
    return false;
  }
  for (std::size_t i = 0; i < frame.lists.size(); ++i) {
    const UiList& now = frame.lists[i];
    const Kept& was = lists_[i];
    if (now.name != was.name || !same_bytes(now.vertices, was.vertices) ||
        !same_bytes(now.indices, was.indices) || now.commands.size() != was.commands.size()) {
      return false;
    }
    for (std::size_t k = 0; k < now.commands.size(); ++k) {
      const UiCommand& c = now.commands[k];
      if (!same_command(c, was.commands[k])) return false;
      const bool draws = c.callback == 0 && c.index_count > 0;
      if (draws &&
          std::find(frame.steady.begin(), frame.steady.end(), c.texture) == frame.steady.end()) {
        return false;  // a texture whose pixels may have changed unseen
      }
    }
  }
  return true;
}

void UiChange::keep(const UiFrame& frame) {
  known_ = true;
  width_ = frame.width;
  height_ = frame.height;
  scale_ = frame.scale;
  steady_.assign(frame.steady.begin(), frame.steady.end());
  lists_.resize(frame.lists.size());
  for (std::size_t i = 0; i < frame.lists.size(); ++i) {
    const UiList& n = frame.lists[i];
    Kept& k = lists_[i];
    k.name.assign(n.name);
    k.vertices.assign(n.vertices.begin(), n.vertices.end());
    k.indices.assign(n.indices.begin(), n.indices.end());
    k.commands.assign(n.commands.begin(), n.commands.end());
  }
}

}  // namespace dungen::app
