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
  // Appended piece by piece: gcc 12 warns falsely (-Wrestrict) on "(" + std::string&&.
  std::string s(1, '(');
  s += std::to_string(p.x);
  s += ',';
  s += std::to_string(p.y);
  s += ')';
  return s;
}
static std::string rect_text(const Rect& r) {
  return std::to_string(r.w) + "x" + std::to_string(r.h) + " at " + xy({r.x, r.y});
}

static std::string_view direction_name(int d) {
  switch (d) {
    case 0:
      return "north";
    case 1:
      return "east";
    case 2:
      return "south";
    case 3:
      return "west";
  }
  return "?";
}
static std::string_view feature_kind(int value) {
  return value == 0 ? "room" : "corridor";
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
    case EventKind::TunnelPlanned:
      return "digging an L-shaped tunnel from room " + std::to_string(e.other) + " to room " + id +
             " (" + std::to_string(e.value) + " cells)";
    case EventKind::WallProbed:
      return "probe " + xy(e.at) +
             (e.value >= 0 ? ": build " + std::string(direction_name(e.value))
                           : ": no floor next to it");
    case EventKind::NoWallFound:
      return "no wall to build from after " + std::to_string(e.value) + " probes";
    case EventKind::FeatureRejected:
      return std::string(feature_kind(e.value)) + " candidate " + id + " (" + rect_text(e.rect) +
             ") rejected: " + std::string(reason_text(e.reason));
    case EventKind::FeatureAccepted:
      return std::string(feature_kind(e.value)) + " " + id + " fits: " + rect_text(e.rect);
    case EventKind::FeatureAttached:
      return std::string(feature_kind(e.value)) + " " + id + " built, door at " + xy(e.at) +
             " from feature " + std::to_string(e.other);
    case EventKind::CellTaken:
      return "room " + id + " takes " + xy(e.at) + " (" + std::to_string(e.value) + " cells)";
    case EventKind::RoomGrown: {
      std::string s = "room " + id + " done: " + std::to_string(e.value) + " of " +
                      std::to_string(e.other) + " cells";
      if (e.reason == Reason::BoxedIn) s += " (boxed in)";
      return s;
    }
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
