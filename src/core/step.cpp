#include "core/step.hpp"

namespace dungen {

std::string_view level_name(StepLevel level) {
  switch (level) {
    case StepLevel::Cell:
      return "cell";
    case StepLevel::Action:
      return "action";
    case StepLevel::Feature:
      return "feature";
    case StepLevel::Phase:
      return "phase";
  }
  return "?";
}

std::string_view reason_text(Reason r) {
  switch (r) {
    case Reason::None:
      return "";
    case Reason::Overlaps:
      return "overlaps";
    case Reason::OutOfBounds:
      return "out of bounds";
    case Reason::NotEmpty:
      return "cells already used";
    case Reason::NoSite:
      return "no site found";
    case Reason::BoxedIn:
      return "boxed in";
  }
  return "?";
}

static std::string xy(Point p) {
  return "(" + std::to_string(p.x) + "," + std::to_string(p.y) + ")";
}
static std::string rect_text(const Rect& r) {
  return std::to_string(r.w) + "x" + std::to_string(r.h) + " at " + xy({r.x, r.y});
}

std::string describe(const Event& e) {
  const std::string id = std::to_string(e.id);
  switch (e.kind) {
    case EventKind::None:
      return "";
    case EventKind::Begin:
      return "start";
    case EventKind::Done:
      return "done: " + std::to_string(e.value) + " features";
    case EventKind::RoomRejected: {
      std::string s = "candidate " + id + " (" + rect_text(e.rect) + ") rejected: ";
      s += reason_text(e.reason);
      if (e.reason == Reason::Overlaps && e.other >= 0) s += " room " + std::to_string(e.other);
      return s;
    }
    case EventKind::RoomAccepted:
      return "room " + id + " accepted: " + rect_text(e.rect);
    case EventKind::RoomCarved:
      return "room " + id + " carved";
    case EventKind::TunnelCell:
      return "tunnel to room " + id + " at " + xy(e.at);
    case EventKind::TunnelCarved:
      return "tunnel from room " + std::to_string(e.other) + " to room " + id + " carved";
    case EventKind::PlayerStart:
      return "player starts at " + xy(e.at);
    case EventKind::CaveFillRow:
      return "row " + id + " filled: " + std::to_string(e.value) + " floor";
    case EventKind::CaveFilled:
      return "random fill done: " + std::to_string(e.value) + " floor cells";
    case EventKind::CaveRow:
      return "pass " + std::to_string(e.other + 1) + ", row " + id + ": " +
             std::to_string(e.value) + " cells changed";
    case EventKind::CavePass:
      return "pass " + std::to_string(e.id + 1) + " done: " + std::to_string(e.value) +
             " cells changed";
    case EventKind::RegionStart:
      return "region " + id + " starts at " + xy(e.at);
    case EventKind::RegionCell:
      return "region " + id + " takes " + xy(e.at) + " (" + std::to_string(e.value) +
             " on the frontier)";
    case EventKind::RegionDone:
      return "region " + id + " done: " + std::to_string(e.value) + " cells";
    case EventKind::RegionsDone:
      return "labelling done: " + std::to_string(e.value) + " regions";
  }
  return "?";
}

}  // namespace dungen
