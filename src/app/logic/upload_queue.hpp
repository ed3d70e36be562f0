#pragma once
// What of the map's texture is still to go up, and in what pieces, so that no frame stalls on
// it (TextureStager asks for the pieces and uploads them). A step's few rows go up at once. A
// big rectangle (a far seek across a 4096x4096 map: 16 M cells, 27-30 ms of a frame under a
// software rasteriser where a cell is a 32-bit texel, 35-55 beside a busy machine) goes up a
// band of rows at a time, as many bands a frame as its map work allows, and the rest at the
// frames after; while the map is still moving (the seek goes on) big rectangles are merged and
// one starts going up at most every hold_seconds, so the frames keep their time for the seek.
//
// Cells that change while a rectangle goes up wait in the next one, which goes up after it: a row
// already up that changed again is in it, and a row not yet up goes up as the map then is. So
// once the queue is empty, the texture holds the map as it is. (A big new map staged into the
// second texture goes up the same way: a queue of its whole map, every rectangle big.)

#include <optional>

#include "core/geometry.hpp"

namespace dungen::app {

class UploadQueue {
 public:
  // big_cells: a rectangle of more cells than this goes up in bands. hold_seconds: see above.
  UploadQueue(long big_cells, double hold_seconds)
      : big_cells_(big_cells), hold_seconds_(hold_seconds) {}

  // Cells changed since the last upload.
  void add(const Rect& dirty) { waiting_ = waiting_ ? bounding(*waiting_, dirty) : dirty; }
  // The whole map goes up another way (a new map, a new texture): nothing is left to upload.
  void clear() {
    waiting_.reset();
    going_.reset();
  }
  bool empty() const { return !waiting_ && !going_; }
  // A big rectangle is going up in bands (the picture shows part of it as yet).
  bool in_bands() const { return going_.has_value(); }

  // The next piece to upload, clipped to a width x height map, or none for now: the band after
  // the last of the rectangle going up (band_cells cells at most, a row at least); else the
  // waiting rectangle whole, if small; if big, its first band, unless the map is `moving` and
  // the last big one started less than hold_seconds before `now`.
  std::optional<Rect> next(int width, int height, int band_cells, bool moving, double now);

 private:
  long big_cells_;
  double hold_seconds_;
  std::optional<Rect> waiting_;
  struct Going {
    Rect rect;    // clipped to the map
    int row = 0;  // its next row to go up
  };
  std::optional<Going> going_;
  std::optional<double> last_big_;  // when the last big rectangle started going up
};

}  // namespace dungen::app
