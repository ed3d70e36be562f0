#include "render/gif_file.hpp"

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace dungen {

struct GifWriter::Encoder {
  GifFileType* gif = nullptr;
  std::string bytes;
  bool failed = false;
  ~Encoder() {
    if (gif) {
      int err = 0;
      EGifCloseFile(gif, &err);
    }
  }
};

namespace {

constexpr int kMaxColours = 256;

int write_bytes(GifFileType* gif, const GifByteType* data, int size) {
  auto* out = static_cast<std::string*>(gif->UserData);
  out->append(reinterpret_cast<const char*>(data), static_cast<std::size_t>(size));
  return size;
}

std::uint32_t packed(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
}

// The frame's colour table and each pixel's index into it.
struct Indexed {
  std::vector<std::uint32_t> colours;
  std::vector<GifPixelType> pixels;
};

Indexed index_colours(const Image& img) {
  const std::size_t n = static_cast<std::size_t>(img.width) * img.height;
  std::unordered_map<std::uint32_t, std::size_t> counts;
  for (std::size_t i = 0; i < n; ++i) ++counts[packed(&img.rgb[3 * i])];
  Indexed out;
  std::vector<std::pair<std::size_t, std::uint32_t>> by_use;
  by_use.reserve(counts.size());
  for (const auto& [c, k] : counts) by_use.push_back({k, c});
  // Most used first; ties by colour, so the table does not depend on the hash map's order.
  std::sort(by_use.begin(), by_use.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  if (by_use.size() > kMaxColours) by_use.resize(kMaxColours);
  std::unordered_map<std::uint32_t, GifPixelType> index;
  for (const auto& [k, c] : by_use) {
    index[c] = static_cast<GifPixelType>(out.colours.size());
    out.colours.push_back(c);
  }
  const auto nearest = [&](std::uint32_t c) {
    int best = 0;
    long best_d = -1;
    for (std::size_t j = 0; j < out.colours.size(); ++j) {
      const auto ch = [](std::uint32_t v, int s) { return static_cast<long>((v >> s) & 255u); };
      long d = 0;
      for (int s : {16, 8, 0})
        d += (ch(c, s) - ch(out.colours[j], s)) * (ch(c, s) - ch(out.colours[j], s));
      if (best_d < 0 || d < best_d) best_d = d, best = static_cast<int>(j);
    }
    return static_cast<GifPixelType>(best);
  };
  out.pixels.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t c = packed(&img.rgb[3 * i]);
    auto it = index.find(c);
    if (it == index.end()) it = index.emplace(c, nearest(c)).first;  // remembered once found
    out.pixels[i] = it->second;
  }
  return out;
}

}  // namespace

GifWriter::GifWriter(std::unique_ptr<Encoder> e, int width, int height)
    : encoder_(std::move(e)), width_(width), height_(height) {}
GifWriter::GifWriter(GifWriter&&) noexcept = default;
GifWriter& GifWriter::operator=(GifWriter&&) noexcept = default;
GifWriter::~GifWriter() = default;

std::size_t GifWriter::bytes() const {
  return encoder_ ? encoder_->bytes.size() : 0;
}

Checked<GifWriter> GifWriter::start(int width, int height) {
  if (width < 1 || height < 1 || width > kMaxGifSide || height > kMaxGifSide) {
    return Error{"a " + std::to_string(width) + "x" + std::to_string(height) +
                 " px GIF is too big: allowed up to " + std::to_string(kMaxGifSide) +
                 " px a side (a smaller --cell-px or map)"};
  }
  auto e = std::make_unique<Encoder>();
  int err = 0;
  e->gif = EGifOpen(&e->bytes, write_bytes, &err);
  if (!e->gif) return Error{std::string("the GIF encoder cannot start: ") + GifErrorString(err)};
  EGifSetGifVersion(e->gif, true);  // GIF89a: frame delays and looping
  if (EGifPutScreenDesc(e->gif, width, height, 8, 0, nullptr) == GIF_ERROR) {
    return Error{std::string("the GIF encoder failed: ") + GifErrorString(e->gif->Error)};
  }
  // Loop forever (the NETSCAPE2.0 application extension, count 0).
  static const GifByteType kApp[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
  static const GifByteType kLoop[] = {1, 0, 0};
  if (EGifPutExtensionLeader(e->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
      EGifPutExtensionBlock(e->gif, sizeof kApp, kApp) == GIF_ERROR ||
      EGifPutExtensionBlock(e->gif, sizeof kLoop, kLoop) == GIF_ERROR ||
      EGifPutExtensionTrailer(e->gif) == GIF_ERROR) {
    return Error{std::string("the GIF encoder failed: ") + GifErrorString(e->gif->Error)};
  }
  return GifWriter(std::move(e), width, height);
}

std::optional<Error> GifWriter::add(const Image& frame, int delay_cs) {
  if (!encoder_ || encoder_->failed) return Error{"the GIF is already finished"};
  const auto fail = [&](std::string why) {
    encoder_->failed = true;
    return std::optional<Error>(Error{std::move(why)});
  };
  if (frame.width != width_ || frame.height != height_) {
    return fail("a frame of " + std::to_string(frame.width) + "x" + std::to_string(frame.height) +
                " px in a " + std::to_string(width_) + "x" + std::to_string(height_) + " GIF");
  }
  if (frames_ >= kMaxGifFrames) {
    return fail("more than " + std::to_string(kMaxGifFrames) +
                " frames: allowed up to that many (fewer with --every K or --frames N)");
  }
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = std::clamp(delay_cs, 1, 65535);
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType ext[4];
  EGifGCBToExtension(&gcb, ext);
  GifFileType* gif = encoder_->gif;
  if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext) == GIF_ERROR) {
    return fail(std::string("the GIF encoder failed: ") + GifErrorString(gif->Error));
  }
  const Indexed indexed = index_colours(frame);
  int table = 2;  // giflib's colour tables hold a power of two colours, at least 2
  while (table < static_cast<int>(indexed.colours.size())) table *= 2;
  std::vector<GifColorType> colours(static_cast<std::size_t>(table), GifColorType{0, 0, 0});
  for (std::size_t i = 0; i < indexed.colours.size(); ++i) {
    const std::uint32_t c = indexed.colours[i];
    colours[i] = {static_cast<GifByteType>(c >> 16), static_cast<GifByteType>(c >> 8),
                  static_cast<GifByteType>(c)};
  }
  ColorMapObject* map = GifMakeMapObject(table, colours.data());
  if (!map) return fail("the GIF encoder is out of memory");
  const bool ok = EGifPutImageDesc(gif, 0, 0, width_, height_, false, map) != GIF_ERROR;
  GifFreeMapObject(map);
  if (!ok) return fail(std::string("the GIF encoder failed: ") + GifErrorString(gif->Error));
  for (int y = 0; y < height_; ++y) {
    auto* row = const_cast<GifPixelType*>(&indexed.pixels[static_cast<std::size_t>(y) * width_]);
    if (EGifPutLine(gif, row, width_) == GIF_ERROR) {
      return fail(std::string("the GIF encoder failed: ") + GifErrorString(gif->Error));
    }
  }
  ++frames_;
  if (encoder_->bytes.size() > kMaxGifBytes) {
    return fail("the GIF passed " + std::to_string(kMaxGifBytes >> 20) +
                " MB: allowed up to that (fewer frames with --every K, or a smaller --cell-px)");
  }
  return std::nullopt;
}

std::optional<Error> GifWriter::finish(std::string& gif_bytes) {
  if (!encoder_) return Error{"the GIF is already finished"};
  std::unique_ptr<Encoder> e = std::move(encoder_);
  int err = 0;
  const int closed = EGifCloseFile(e->gif, &err);
  e->gif = nullptr;
  if (closed == GIF_ERROR)
    return Error{std::string("the GIF encoder failed: ") + GifErrorString(err)};
  if (e->failed) return Error{"the GIF was not completed"};
  gif_bytes = std::move(e->bytes);
  return std::nullopt;
}

}  // namespace dungen
