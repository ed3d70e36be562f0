// The viewer's colours (app/palette.hpp), checked the way a colour-blind viewer and a washed-out
// projector would see them:
// - colours that must be told apart (door, rejected, accepted above all) stay apart under
//   simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009,
//   severity 1), measured as a CIE76 difference in CIELAB;
// - every overlay stroke, drawn over its dark halo, has a WCAG contrast of 3:1 (the level for
//   graphics) against every tile it can sit on, and against its halo;
// - every legend swatch shows on its panel (its border does, whatever its colour).

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "render/map_image.hpp"
#include "render/palette.hpp"

namespace dungen::app {
namespace {

using Vec3 = std::array<double, 3>;
using Matrix = std::array<Vec3, 3>;

// Machado et al. 2009, severity 1.0, applied to linear RGB.
constexpr Matrix kProtanopia = {{{0.152286, 1.052583, -0.204868},
                                 {0.114503, 0.786281, 0.099216},
                                 {-0.003882, -0.048116, 1.051998}}};
constexpr Matrix kDeuteranopia = {{{0.367322, 0.860646, -0.227968},
                                   {0.280085, 0.672501, 0.047413},
                                   {-0.011820, 0.042940, 0.968881}}};
constexpr Matrix kTritanopia = {{{1.255528, -0.076749, -0.178779},
                                 {-0.078411, 0.930809, 0.147602},
                                 {0.004733, 0.691367, 0.303900}}};
constexpr Matrix kTypical = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};

struct Vision {
  const char* name;
  const Matrix& m;
};
const std::array<Vision, 4> kVisions = {{{"typical", kTypical},
                                         {"protanopia", kProtanopia},
                                         {"deuteranopia", kDeuteranopia},
                                         {"tritanopia", kTritanopia}}};

double linear(std::uint8_t c) {
  const double v = c / 255.0;
  return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

Vec3 simulate(Rgb c, const Matrix& m) {
  const Vec3 l = {linear(c.r), linear(c.g), linear(c.b)};
  Vec3 out{};
  for (std::size_t i = 0; i < 3; ++i) {
    const double v = m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2];
    out[i] = std::clamp(v, 0.0, 1.0);
  }
  return out;
}

// Linear sRGB -> XYZ (D65) -> CIELAB.
Vec3 lab(const Vec3& l) {
  const double x = (0.4124 * l[0] + 0.3576 * l[1] + 0.1805 * l[2]) / 0.95047;
  const double y = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
  const double z = (0.0193 * l[0] + 0.1192 * l[1] + 0.9505 * l[2]) / 1.08883;
  const auto f = [](double t) {
    constexpr double d = 6.0 / 29.0;
    return t > d * d * d ? std::cbrt(t) : t / (3 * d * d) + 4.0 / 29.0;
  };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

// The smallest CIE76 difference between two colours over the four kinds of vision.
double min_difference(Rgb a, Rgb b, std::string* worst = nullptr) {
  double least = 1e9;
  for (const Vision& v : kVisions) {
    const Vec3 la = lab(simulate(a, v.m)), lb = lab(simulate(b, v.m));
    const double d = std::hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
    if (d < least) {
      least = d;
      if (worst) *worst = v.name;
    }
  }
  return least;
}

double luminance(Rgb c) {
  return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
}

double contrast(Rgb a, Rgb b) {
  const double la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// Differences the palettes keep: the three the issue names, and pairs seen side by side.
constexpr double kMustDiffer = 25.0;
constexpr double kShouldDiffer = 15.0;
// WCAG 2.1 non-text contrast (graphics and UI parts).
constexpr double kGraphicsContrast = 3.0;

struct Named {
  const char* name;
  Rgb c;
};

std::vector<Named> tiles(const Palette& p) {
  return {{"empty", p.tile(Tile::Empty)},
          {"wall", p.tile(Tile::Wall)},
          {"floor", p.tile(Tile::Floor)},
          {"corridor", p.tile(Tile::Corridor)},
          {"door", p.tile(Tile::Door)}};
}

// Strokes drawn over a halo (map_overlays.cpp; marked cells get a dark ring in map.frag): the
// colour of every role.
std::vector<Named> strokes(const Palette& p) {
  std::vector<Named> out;
  for (const RoleInfo& r : kRoles) {
    // The player start is a disc in a white ring, checked on its own below.
    if (r.role != Role::Start) out.push_back({r.legend.data(), role_colour(p, r.role)});
  }
  return out;
}

class PaletteTest : public ::testing::TestWithParam<bool> {
 protected:
  const Palette& p = palette_for(GetParam());
};

TEST_P(PaletteTest, DoorRejectedAndAcceptedDifferForEveryKindOfVision) {
  const std::vector<Named> trio = {
      {"door", p.tile(Tile::Door)}, {"rejected", p.rejected}, {"accepted", p.accepted}};
  for (std::size_t i = 0; i < trio.size(); ++i) {
    for (std::size_t j = i + 1; j < trio.size(); ++j) {
      std::string worst;
      EXPECT_GE(min_difference(trio[i].c, trio[j].c, &worst), kMustDiffer)
          << trio[i].name << " and " << trio[j].name << " under " << worst;
    }
  }
}

TEST_P(PaletteTest, TilesAndOverlaysSeenTogetherDiffer) {
  std::vector<std::pair<Named, Named>> pairs;
  const std::vector<Named> t = tiles(p);
  for (std::size_t i = 0; i < t.size(); ++i) {
    for (std::size_t j = i + 1; j < t.size(); ++j) pairs.push_back({t[i], t[j]});
  }
  const auto pair = [&](const char* a, Rgb ca, const char* b, Rgb cb) {
    pairs.push_back({{a, ca}, {b, cb}});
  };
  // A rejection outlines what it hit; a tunnel is dug next to rooms, with the cursor on it;
  // cave smoothing shows the window, the cursor and the flipped cells at once.
  pair("rejected", p.rejected, "hit", p.hit);
  pair("accepted", p.accepted, "hit", p.hit);
  pair("rejected", p.rejected, "cursor", p.cursor);
  pair("accepted", p.accepted, "cursor", p.cursor);
  pair("path", p.path, "corridor", p.tile(Tile::Corridor));
  pair("path", p.path, "hit", p.hit);
  pair("path", p.path, "cursor", p.cursor);
  pair("path", p.path, "rejected", p.rejected);
  pair("path", p.path, "accepted", p.accepted);
  pair("cursor", p.cursor, "frontier", p.frontier);
  pair("cursor", p.cursor, "flipped", p.flipped);
  pair("window", p.window, "flipped", p.flipped);
  // What a pass read is framed beside the flipped cells and the cursor, over both tiles.
  pair("read", p.read, "flipped", p.flipped);
  pair("read", p.read, "cursor", p.cursor);
  pair("read", p.read, "window", p.window);
  // A walker: its dot and the cursor on its cell, its trail, the choices around it.
  pair("trail", p.trail, "choices", p.choices);
  pair("choices", p.choices, "cursor", p.cursor);
  pair("trail", p.trail, "floor", p.tile(Tile::Floor));
  pair("choices", p.choices, "floor", p.tile(Tile::Floor));
  // A maze: connectors, dead ends, the door opened, dropped connectors, the tunnel, the choices.
  pair("connector", p.connector, "dead end", p.dead_end);
  pair("connector", p.connector, "accepted", p.accepted);
  pair("connector", p.connector, "dropped", p.dropped);
  pair("connector", p.connector, "cursor", p.cursor);
  pair("connector", p.connector, "choices", p.choices);
  pair("dead end", p.dead_end, "cursor", p.cursor);
  pair("dead end", p.dead_end, "corridor", p.tile(Tile::Corridor));
  pair("dead end", p.dead_end, "floor", p.tile(Tile::Floor));
  pair("dead end", p.dead_end, "wall", p.tile(Tile::Wall));
  pair("connector", p.connector, "wall", p.tile(Tile::Wall));
  pair("connector", p.connector, "floor", p.tile(Tile::Floor));
  pair("connector", p.connector, "door", p.tile(Tile::Door));
  pair("dropped", p.dropped, "accepted", p.accepted);
  pair("dropped", p.dropped, "wall", p.tile(Tile::Wall));
  pair("path", p.path, "choices", p.choices);
  // BSP: the cut inside a part, the tunnel joining parts.
  pair("cut", p.cut, "window", p.window);
  pair("cut", p.cut, "path", p.path);
  for (const auto& [a, b] : pairs) {
    std::string worst;
    EXPECT_GE(min_difference(a.c, b.c, &worst), kShouldDiffer)
        << a.name << " and " << b.name << " under " << worst;
  }
}

// Every role's colour is its own: no two roles that are not one colour by design (role_colour
// gives them the same Rgb) may be hard to tell apart under any of the four kinds of vision.
TEST_P(PaletteTest, RoleColoursAreTheirOwn) {
  constexpr double kDistinct = 9.0;
  for (const RoleInfo& a : kRoles) {
    for (const RoleInfo& b : kRoles) {
      if (a.role >= b.role) continue;
      const Rgb ca = role_colour(p, a.role), cb = role_colour(p, b.role);
      if (ca.packed() == cb.packed()) continue;  // one colour, told apart by style
      std::string worst;
      EXPECT_GE(min_difference(ca, cb, &worst), kDistinct)
          << a.legend << " and " << b.legend << " under " << worst;
    }
  }
}

TEST_P(PaletteTest, EveryOverlayShowsOnEveryTile) {
  for (const Named& s : strokes(p)) {
    EXPECT_GE(contrast(s.c, p.halo), kGraphicsContrast) << s.name << " on its halo";
    for (const Named& t : tiles(p)) {
      // Where the tile is dark the colour carries the contrast, where it is light the halo.
      EXPECT_GE(std::max(contrast(s.c, t.c), contrast(p.halo, t.c)), kGraphicsContrast)
          << s.name << " on " << t.name;
    }
  }
  // The player start: a filled disc in a white ring in a halo.
  constexpr Rgb kRing{255, 255, 255};
  EXPECT_GE(contrast(p.start, kRing), kGraphicsContrast);
  for (const Named& t : tiles(p)) {
    EXPECT_GE(std::max({contrast(p.start, t.c), contrast(kRing, t.c), contrast(p.halo, t.c)}),
              kGraphicsContrast)
        << "start on " << t.name;
  }
}

// A flood fill tints each region's floor; the frontier, the cursor, a finished region's frame and
// the player start are drawn over those tints, so no region's tint may look like them.
TEST_P(PaletteTest, RegionTintsStayApartFromTheRolesDrawnOverThem) {
  const Rgb floor = p.tile(Tile::Floor);
  for (std::uint32_t id = 1; id <= 400; ++id) {
    const Rgb tint = region_tint(floor, id);
    for (const Role r : {Role::Frontier, Role::Cursor, Role::Finished, Role::Start}) {
      std::string worst;
      EXPECT_GE(min_difference(tint, role_colour(p, r), &worst), kShouldDiffer)
          << "region " << id << " (" << int(tint.r) << "," << int(tint.g) << "," << int(tint.b)
          << ") and " << role_info(r).legend << " under " << worst;
    }
  }
}

TEST_P(PaletteTest, EveryLegendSwatchShowsOnItsPanel) {
  // The border is drawn around every swatch, so it alone makes any swatch visible...
  EXPECT_GE(contrast(p.swatch_border, p.panel), kGraphicsContrast);
  // ... and the unused cells' swatch, nearly the panel's colour, is the one that needs it.
  EXPECT_LT(contrast(p.tile(Tile::Empty), p.panel), kGraphicsContrast);
  // The map's edge shows against the view around it, whether the edge is unused or wall: a
  // grey between the two, so a smaller difference than between tiles.
  constexpr double kEdgeDiffer = 10.0;
  EXPECT_GE(min_difference(p.outside, p.tile(Tile::Empty)), kEdgeDiffer);
  EXPECT_GE(min_difference(p.outside, p.tile(Tile::Wall)), kEdgeDiffer);
}

INSTANTIATE_TEST_SUITE_P(StandardAndProjector, PaletteTest, ::testing::Values(false, true),
                         [](const auto& param) { return param.param ? "projector" : "standard"; });

TEST(AppPalette, TheSimulationTellsConfusedColoursApart) {
  // The palette before issue 8: a brick-red door and a red "rejected" that a protanope cannot
  // tell apart, and a red/green pair that a deuteranope barely can. The checks above would fail.
  constexpr Rgb kOldDoor{196, 46, 36}, kOldRejected{240, 50, 50}, kOldAccepted{40, 210, 90};
  std::string worst;
  EXPECT_LT(min_difference(kOldDoor, kOldRejected, &worst), kMustDiffer);
  EXPECT_EQ(worst, "protanopia");
  EXPECT_LT(min_difference(kOldAccepted, kOldRejected, &worst), kMustDiffer);
  EXPECT_EQ(worst, "deuteranopia");
  // And the maths itself: black on white is 21:1, a colour against itself 1:1 and 0 apart.
  EXPECT_NEAR(contrast({0, 0, 0}, {255, 255, 255}), 21.0, 1e-9);
  EXPECT_NEAR(contrast({74, 82, 104}, {74, 82, 104}), 1.0, 1e-12);
  EXPECT_NEAR(min_difference({74, 82, 104}, {74, 82, 104}), 0.0, 1e-9);
  EXPECT_NEAR(lab(simulate({255, 255, 255}, kTypical))[0], 100.0, 0.01);
}

}  // namespace
}  // namespace dungen::app
