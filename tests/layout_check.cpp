// Checks the layout a headless dungen-viz run prints (on stdin): the lines
//   dungen-viz: window WxH, ...
//   dungen-viz: map viewport X,Y,WxH
//   dungen-viz: panel NAME X,Y,WxH open|strip
//   dungen-viz: transport bar X,Y,WxH full|compact[ scrolls]
//   dungen-viz: item NAME X,Y,WxH text T
// and fails (exit 1, one line per problem) unless:
// - the map viewport has a positive size and lies inside the window;
// - the panels and the transport bar lie inside the window and overlap neither the viewport nor
//   each other;
// - the bar holds every transport control (the four run-to buttons or their "next..." menu),
//   each inside the bar, none overlapping another, each at least as wide as its text;
// - every labelled widget of an open controls panel ends inside the panel (its label is not cut
//   at the panel's edge) and is at least as wide as its texts.
// and, for each --strip NAME, panel NAME is folded to a strip (projector mode hides controls); for
// each --open NAME, panel NAME is there and open (the lab's pane: "panel lab").
// The number plates it prints ("plate room 3 X,Y,WxH") never overlap each other. Projector mode's
// promises, when asked:
//   --min-map-share F  the map viewport is at least F of the window's width
//   --min-cell PX      the map's cells ("map cell P px") are at least PX pixels
//   --grid             the grid shows ("grid G" above 0.25)
//   --following        the view follows the step ("following the step")
//   --named            the step's words name a room or region that is in view ("step names rooms
//                      27 18; in view 27": a merged region's old number is on no cell), and each
//                      of those has its plate drawn
//   --lit-visible      the lit pseudocode line lies wholly inside the pseudocode box
//   --note             the preset's note is shown, under the map and above the transport bar
// Usage: dungen-viz ... --frames N | layout_check [--strip NAME]... [projector checks]

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Box {
  long x = 0, y = 0, w = 0, h = 0;
  long right() const { return x + w; }
  long bottom() const { return y + h; }
};

// Rounded rectangles may touch by a pixel where two float edges meet.
constexpr long kSlack = 1;

bool parse_box(const std::string& text, Box* b) {
  return std::sscanf(text.c_str(), "%ld,%ld,%ldx%ld", &b->x, &b->y, &b->w, &b->h) == 4;
}

bool inside(const Box& in, const Box& out) {
  return in.x >= out.x - kSlack && in.y >= out.y - kSlack && in.right() <= out.right() + kSlack &&
         in.bottom() <= out.bottom() + kSlack;
}

bool overlap(const Box& a, const Box& b) {
  return a.x < b.right() - kSlack && b.x < a.right() - kSlack && a.y < b.bottom() - kSlack &&
         b.y < a.bottom() - kSlack;
}

std::string str(const Box& b) {
  return std::to_string(b.x) + "," + std::to_string(b.y) + "," + std::to_string(b.w) + "x" +
         std::to_string(b.h);
}

struct Item {
  std::string name;
  Box box;
  long text = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> strips, opens;
  double min_share = 0, min_cell = 0;
  bool want_grid = false, want_following = false, want_named = false, want_lit = false,
       want_note = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--strip" && i + 1 < argc) {
      strips.push_back(argv[++i]);
    } else if (arg == "--open" && i + 1 < argc) {
      opens.push_back(argv[++i]);
    } else if (arg == "--min-map-share" && i + 1 < argc) {
      min_share = std::atof(argv[++i]);
    } else if (arg == "--min-cell" && i + 1 < argc) {
      min_cell = std::atof(argv[++i]);
    } else if (arg == "--grid") {
      want_grid = true;
    } else if (arg == "--following") {
      want_following = true;
    } else if (arg == "--named") {
      want_named = true;
    } else if (arg == "--lit-visible") {
      want_lit = true;
    } else if (arg == "--note") {
      want_note = true;
    } else {
      std::fprintf(stderr, "usage: dungen-viz ... | layout_check [--strip NAME]...\n");
      return 2;
    }
  }
  Box window, map, bar;
  bool have_window = false, have_map = false, have_bar = false;
  std::map<std::string, std::pair<Box, bool>> panels;  // name -> (box, open)
  std::vector<Item> items;
  double cell_px = -1, grid = -1;
  bool following = false, have_note = false;
  Box note;
  std::vector<long> named;
  std::vector<std::pair<long, Box>> plates;
  std::string line;
  constexpr std::size_t kMaxLines = 100000;  // a run prints a few hundred
  for (std::size_t n = 0; n < kMaxLines && std::getline(std::cin, line); ++n) {
    char a[64] = {}, b[64] = {}, c[64] = {};
    long t = 0, ww = 0, wh = 0;
    if (std::sscanf(line.c_str(), "dungen-viz: window %ldx%ld", &ww, &wh) == 2) {
      window = {0, 0, ww, wh};
      have_window = true;
    } else if (std::sscanf(line.c_str(), "dungen-viz: map viewport %63s", a) == 1) {
      have_map = parse_box(a, &map);
    } else if (std::sscanf(line.c_str(), "dungen-viz: panel %63s %63s %63s", a, b, c) == 3) {
      Box box;
      if (parse_box(b, &box)) panels[a] = {box, std::string(c) == "open"};
    } else if (std::sscanf(line.c_str(), "dungen-viz: transport bar %63s", a) == 1) {
      have_bar = parse_box(a, &bar);
    } else if (std::sscanf(line.c_str(), "dungen-viz: map cell %lf px, grid %lf", &cell_px,
                           &grid) == 2) {
      following = line.find("following the step") != std::string::npos;
    } else if (std::sscanf(line.c_str(), "dungen-viz: preset note %63s", a) == 1) {
      have_note = parse_box(a, &note);
    } else if (line.starts_with("dungen-viz: step names ")) {
      const std::size_t in_view = line.find("; in view ");
      if (in_view != std::string::npos) {
        std::istringstream words(line.substr(in_view + 10));
        long number = 0;
        while (words >> number) named.push_back(number);
      }
    } else if (std::sscanf(line.c_str(), "dungen-viz: plate %63s %ld %63s", a, &t, b) == 3) {
      Box box;
      if (parse_box(b, &box)) plates.push_back({t, box});
    } else if (std::sscanf(line.c_str(), "dungen-viz: item %63s %63s text %ld", a, b, &t) == 3) {
      Item item{a, {}, t};
      if (parse_box(b, &item.box)) items.push_back(item);
    }
  }
  int failures = 0;
  const auto fail = [&](const std::string& what) {
    std::fprintf(stderr, "layout_check: %s\n", what.c_str());
    ++failures;
  };
  if (!have_window || !have_map || !have_bar || !panels.count("controls") ||
      !panels.count("teaching")) {
    fail("the window, map viewport, transport bar or panel lines are missing");
    return 1;
  }
  if (map.w <= 0 || map.h <= 0) fail("the map viewport " + str(map) + " has no area");
  if (!inside(map, window)) fail("the map viewport " + str(map) + " is outside the window");
  if (!inside(bar, window)) fail("the transport bar " + str(bar) + " is outside the window");
  if (overlap(bar, map)) fail("the transport bar " + str(bar) + " overlaps the map");
  for (const auto& [name, p] : panels) {
    const Box& box = p.first;
    if (!inside(box, window)) fail("panel " + name + " " + str(box) + " is outside the window");
    if (overlap(box, map)) fail("panel " + name + " " + str(box) + " overlaps the map");
    if (overlap(box, bar)) fail("panel " + name + " " + str(box) + " overlaps the transport bar");
  }
  for (auto a = panels.begin(); a != panels.end(); ++a) {
    for (auto b = std::next(a); b != panels.end(); ++b) {
      if (overlap(a->second.first, b->second.first)) {
        fail("panels " + a->first + " and " + b->first + " overlap");
      }
    }
  }
  for (const std::string& name : opens) {
    if (!panels.count(name) || !panels[name].second) fail("panel " + name + " is not open");
  }
  for (const std::string& name : strips) {
    if (panels[name].second) fail("panel " + name + " is open, expected a strip");
  }

  std::set<std::string> transport;
  std::vector<const Item*> bar_items;
  for (const Item& item : items) {
    const bool in_bar = item.name.starts_with("transport/");
    const bool in_controls = item.name.starts_with("controls/");
    if (item.box.w + kSlack < item.text) {
      fail(item.name + " " + str(item.box) + " is narrower than its text (" +
           std::to_string(item.text) + ")");
    }
    if (in_bar) {
      transport.insert(item.name.substr(10));
      bar_items.push_back(&item);
      if (!inside(item.box, bar) || !inside(item.box, window)) {
        fail(item.name + " " + str(item.box) + " is outside the transport bar " + str(bar));
      }
    }
    if (in_controls && panels["controls"].second) {
      const Box& panel = panels["controls"].first;
      // Vertically the panel scrolls; sideways nothing may cross its edge.
      if (item.box.x < panel.x - kSlack || item.box.right() > panel.right() + kSlack) {
        fail(item.name + " " + str(item.box) + " is cut by the controls panel " + str(panel));
      }
    }
  }
  for (std::size_t i = 0; i < bar_items.size(); ++i) {
    for (std::size_t j = i + 1; j < bar_items.size(); ++j) {
      if (overlap(bar_items[i]->box, bar_items[j]->box)) {
        fail(bar_items[i]->name + " overlaps " + bar_items[j]->name);
      }
    }
  }
  std::vector<std::string> wanted = {"restart", "back", "play", "step", "end", "speed", "scrubber"};
  if (transport.count("next-menu") == 0) {
    for (const char* n : {"cell", "action", "feature", "phase"}) wanted.push_back(n);
  }
  for (const std::string& w : wanted) {
    if (transport.count(w) == 0) fail("the transport bar has no " + w + " control");
  }
  for (std::size_t i = 0; i < plates.size(); ++i) {
    if (!inside(plates[i].second, map)) {
      fail("plate " + std::to_string(plates[i].first) + " " + str(plates[i].second) +
           " is outside the map");
    }
    for (std::size_t j = i + 1; j < plates.size(); ++j) {
      if (overlap(plates[i].second, plates[j].second)) {
        fail("plates " + std::to_string(plates[i].first) + " and " +
             std::to_string(plates[j].first) + " overlap");
      }
    }
  }
  if (min_share > 0 && static_cast<double>(map.w) < min_share * static_cast<double>(window.w)) {
    fail("the map viewport " + str(map) + " is less than " + std::to_string(min_share) +
         " of the window's width");
  }
  if (min_cell > 0 && cell_px < min_cell) {
    fail("the map's cells are " + std::to_string(cell_px) + " px, less than " +
         std::to_string(min_cell));
  }
  if (want_grid && grid <= 0.25) fail("the grid does not show (" + std::to_string(grid) + ")");
  if (want_following && !following) fail("the view does not follow the step");
  if (want_named) {
    if (named.empty()) fail("the step's words name no room or region in view (pick another step)");
    for (const long n : named) {
      bool drawn = false;
      for (const auto& p : plates) drawn = drawn || p.first == n;
      if (!drawn) fail("the step names " + std::to_string(n) + " but no plate shows it");
    }
  }
  if (want_lit) {
    const Item* box = nullptr;
    const Item* lit = nullptr;
    for (const Item& item : items) {
      if (item.name == "teaching/pseudocode") box = &item;
      if (item.name == "teaching/lit-line") lit = &item;
    }
    if (!box || !lit) {
      fail("no pseudocode box or no lit line was drawn");
    } else if (!inside(lit->box, box->box)) {
      fail("the lit line " + str(lit->box) + " is not wholly in the pseudocode box " +
           str(box->box));
    }
  }
  if (want_note) {
    if (!have_note) {
      fail("no preset note is shown");
    } else if (note.y + kSlack < map.bottom() || note.bottom() > bar.y + kSlack ||
               overlap(note, map)) {
      fail("the preset note " + str(note) + " is not between the map and the bar");
    }
  }
  if (failures == 0) {
    std::printf("layout_check: ok (map %s, %zu transport controls, %zu items)\n", str(map).c_str(),
                transport.size(), items.size());
  }
  return failures == 0 ? 0 : 1;
}
