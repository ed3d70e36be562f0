#include "render/png_file.hpp"

// The implementation is in Debian's libstb.so: no STB_IMAGE_WRITE_IMPLEMENTATION here.
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/param_args.hpp"

namespace dungen {

std::string encode_png(const Image& image) {
  std::string bytes;
  const auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                               static_cast<std::size_t>(size));
  };
  // The flip is stb's global setting (the app's screenshots read GL rows bottom-up): say ours.
  stbi_flip_vertically_on_write(0);
  if (stbi_write_png_to_func(append, &bytes, image.width, image.height, 3, image.rgb.data(),
                             image.width * 3) == 0) {
    return {};
  }
  return bytes;
}

std::optional<Error> write_png(const std::string& path, const Image& image) {
  const std::string bytes = encode_png(image);
  if (bytes.empty())
    return Error{"cannot encode a " + std::to_string(image.width) + "x" +
                 std::to_string(image.height) + " PNG"};
  Checked<AtomicFile> file = AtomicFile::open(path);
  if (!file) return Error{"cannot write " + path + ": " + file.error().message};
  file->write(bytes);
  if (auto why = file->commit()) return Error{"cannot write " + path + ": " + why->message};
  return std::nullopt;
}

namespace {

// PNG's CRC-32 (ISO 3309, the polynomial reflected), over a chunk's type and data.
std::uint32_t crc32_update(std::uint32_t crc, const std::uint8_t* p, std::size_t n) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  for (std::size_t i = 0; i < n; ++i) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return crc;
}

void put_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<char>((v >> shift) & 0xFF));
}

// Deflate (RFC 1951) with its fixed Huffman codes: what a symbol is written as, its code's bits
// reversed (the stream is read least significant bit first, Huffman codes most significant).
struct Code {
  std::uint16_t bits = 0;
  std::uint8_t length = 0;
};

std::uint16_t reversed(std::uint32_t code, int length) {
  std::uint32_t r = 0;
  for (int i = 0; i < length; ++i) r |= ((code >> i) & 1u) << (length - 1 - i);
  return static_cast<std::uint16_t>(r);
}

Code fixed_literal_code(int symbol) {
  if (symbol < 144) return {reversed(0x30u + static_cast<std::uint32_t>(symbol), 8), 8};
  if (symbol < 256) return {reversed(0x190u + static_cast<std::uint32_t>(symbol - 144), 9), 9};
  if (symbol < 280) return {reversed(static_cast<std::uint32_t>(symbol - 256), 7), 7};
  return {reversed(0xC0u + static_cast<std::uint32_t>(symbol - 280), 8), 8};
}

constexpr std::array<int, 29> kLengthBase = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                             15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                             67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<int, 29> kLengthExtra = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                              2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<int, 30> kDistanceBase = {
    1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
    193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<int, 30> kDistanceExtra = {0, 0, 0,  0,  1,  1,  2,  2,  3,  3,
                                                4, 4, 5,  5,  6,  6,  7,  7,  8,  8,
                                                9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

constexpr std::size_t kWindow = 32768;  // deflate's farthest distance
constexpr std::size_t kMinMatch = 3;
constexpr std::size_t kMaxMatch = 258;
constexpr int kHashBits = 15;
constexpr int kChainDepth = 8;  // candidates tried a position
constexpr std::size_t kIdatBytes = std::size_t{64} << 10;

}  // namespace

struct PngWriter::Encoder {
  int width = 0;
  int height = 0;
  TextSink sink;
  int rows = 0;  // added so far
  bool finished = false;
  std::size_t row_bytes = 0;
  std::vector<std::uint8_t> previous;  // the last row added (zeros before the first)
  std::vector<std::uint8_t> line;      // a row filtered: its filter byte, then its bytes

  // Deflate: the last kWindow bytes already compressed, then those waiting (absolute positions
  // count from the stream's first byte).
  std::vector<std::uint8_t> window;
  std::uint64_t base = 0;  // the absolute position of window[0]
  std::uint64_t next = 0;  // the first byte not compressed yet
  std::vector<std::int64_t> head = std::vector<std::int64_t>(std::size_t{1} << kHashBits, -1);
  // The earlier position with the same hash, for each of the last kWindow positions.
  std::vector<std::int64_t> chain = std::vector<std::int64_t>(kWindow, -1);
  std::uint64_t bit_buffer = 0;
  int bit_count = 0;
  std::uint32_t adler_a = 1, adler_b = 0;
  std::string idat;  // compressed bytes waiting for their chunk
  std::array<Code, 288> literal{};

  Encoder(int w, int h, TextSink s) : width(w), height(h), sink(std::move(s)) {
    row_bytes = static_cast<std::size_t>(w) * 3;
    previous.assign(row_bytes, 0);
    line.assign(row_bytes + 1, 0);
    for (int i = 0; i < 288; ++i) literal[static_cast<std::size_t>(i)] = fixed_literal_code(i);
  }

  void chunk(const char* type, const std::string& data) {
    std::string out;
    out.reserve(data.size() + 12);
    put_u32(out, static_cast<std::uint32_t>(data.size()));
    out.append(type, 4);
    out += data;
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(out.data());
    put_u32(out, ~crc32_update(0xFFFFFFFFu, bytes + 4, data.size() + 4));
    sink(out);
  }

  void bits(std::uint32_t value, int count) {
    bit_buffer |= static_cast<std::uint64_t>(value) << bit_count;
    bit_count += count;
    while (bit_count >= 8) {
      idat.push_back(static_cast<char>(bit_buffer & 0xFF));
      bit_buffer >>= 8;
      bit_count -= 8;
    }
  }
  void symbol(int s) {
    const Code c = literal[static_cast<std::size_t>(s)];
    bits(c.bits, c.length);
  }

  void match(std::size_t length, std::size_t distance) {
    const auto li = static_cast<std::size_t>(
        std::upper_bound(kLengthBase.begin(), kLengthBase.end(), static_cast<int>(length)) -
        kLengthBase.begin() - 1);
    symbol(257 + static_cast<int>(li));
    bits(static_cast<std::uint32_t>(static_cast<int>(length) - kLengthBase[li]), kLengthExtra[li]);
    const auto di = static_cast<std::size_t>(
        std::upper_bound(kDistanceBase.begin(), kDistanceBase.end(), static_cast<int>(distance)) -
        kDistanceBase.begin() - 1);
    bits(reversed(static_cast<std::uint32_t>(di), 5), 5);
    bits(static_cast<std::uint32_t>(static_cast<int>(distance) - kDistanceBase[di]),
         kDistanceExtra[di]);
  }

  static std::size_t hash(const std::uint8_t* p) {
    const std::uint32_t v = p[0] | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16);
    return (v * 2654435761u) >> (32 - kHashBits);
  }

  // Takes bytes into the zlib stream (their Adler-32 and the window).
  void feed(const std::uint8_t* p, std::size_t n) {
    std::uint32_t a = adler_a, b = adler_b;
    for (std::size_t done = 0; done < n;) {
      const std::size_t block = std::min<std::size_t>(n - done, 5552);  // no 32-bit overflow
      for (std::size_t i = 0; i < block; ++i) {
        a += p[done + i];
        b += a;
      }
      a %= 65521;
      b %= 65521;
      done += block;
    }
    adler_a = a, adler_b = b;
    // Keep kWindow bytes behind the next one to compress: matches reach no farther.
    if (next - base > 2 * kWindow) {
      const std::size_t drop = static_cast<std::size_t>(next - base - kWindow);
      window.erase(window.begin(), window.begin() + static_cast<std::ptrdiff_t>(drop));
      base += drop;
    }
    window.insert(window.end(), p, p + n);
  }

  void insert(const std::uint8_t* p, std::uint64_t at) {
    const std::size_t h = hash(p);
    chain[at & (kWindow - 1)] = head[h];
    head[h] = static_cast<std::int64_t>(at);
  }

  // Compresses what was fed: greedy matches found through a hash of three bytes, the longest of
  // the last kChainDepth positions with that hash. Unless `all`, the last kMaxMatch bytes wait
  // for more (a match may go on into the next row).
  void compress(bool all) {
    const std::uint64_t end = base + window.size();
    while (next < end) {
      const std::uint64_t available = end - next;
      if (!all && available < kMaxMatch) break;
      const std::uint8_t* p = &window[static_cast<std::size_t>(next - base)];
      std::size_t length = 0;
      std::size_t distance = 0;
      if (available >= kMinMatch) {
        std::int64_t candidate = head[hash(p)];
        insert(p, next);
        const auto most = static_cast<std::size_t>(std::min<std::uint64_t>(available, kMaxMatch));
        for (int depth = 0; depth < kChainDepth && candidate >= 0 &&
                            static_cast<std::uint64_t>(candidate) >= base &&
                            next - static_cast<std::uint64_t>(candidate) <= kWindow;
             ++depth) {
          const auto at = static_cast<std::uint64_t>(candidate);
          const std::uint8_t* q = &window[static_cast<std::size_t>(at - base)];
          std::size_t n = 0;
          while (n < most && p[n] == q[n]) ++n;
          if (n > length) length = n, distance = static_cast<std::size_t>(next - at);
          if (length == most) break;
          const std::int64_t earlier = chain[at & (kWindow - 1)];
          if (earlier >= candidate) break;  // a slot reused since: no older position
          candidate = earlier;
        }
      }
      if (length < kMinMatch) {
        symbol(*p);
        ++next;
        continue;
      }
      match(length, distance);
      // A short match's inner positions are found later too; a long run's need not be.
      if (length <= 16) {
        for (std::size_t k = 1; k < length && k + kMinMatch <= available; ++k) {
          insert(p + k, next + k);
        }
      }
      next += length;
    }
    if (idat.size() >= kIdatBytes) {
      chunk("IDAT", idat);
      idat.clear();
    }
  }

  // One row, filtered (PNG's None, Sub or Up: the one whose bytes are nearest zero), into the
  // stream.
  void row(const std::uint8_t* raw) {
    if (std::memcmp(raw, previous.data(), row_bytes) == 0) {
      line[0] = 2;  // Up: all zeros
      std::fill(line.begin() + 1, line.end(), 0);
    } else {
      std::uint64_t none = 0, sub = 0, up = 0;
      const auto cost = [](std::uint8_t v) {
        return static_cast<std::uint64_t>(v < 128 ? v : 256 - v);
      };
      for (std::size_t i = 0; i < row_bytes; ++i) {
        none += cost(raw[i]);
        sub += cost(static_cast<std::uint8_t>(raw[i] - (i >= 3 ? raw[i - 3] : 0)));
        up += cost(static_cast<std::uint8_t>(raw[i] - previous[i]));
      }
      line[0] = sub <= up && sub <= none ? 1 : up <= none ? 2 : 0;
      for (std::size_t i = 0; i < row_bytes; ++i) {
        const std::uint8_t before = line[0] == 1   ? (i >= 3 ? raw[i - 3] : 0)
                                    : line[0] == 2 ? previous[i]
                                                   : 0;
        line[i + 1] = static_cast<std::uint8_t>(raw[i] - before);
      }
    }
    feed(line.data(), line.size());
    compress(false);
    std::memcpy(previous.data(), raw, row_bytes);
  }
};

PngWriter::PngWriter(int width, int height, TextSink sink) {
  if (width < 1 || height < 1 || width > kMaxImageSide || height > kMaxImageSide) {
    throw std::invalid_argument("PngWriter: a " + std::to_string(width) + "x" +
                                std::to_string(height) + " picture");
  }
  e_ = std::make_unique<Encoder>(width, height, std::move(sink));
  e_->sink("\x89PNG\r\n\x1A\n");
  std::string header;
  put_u32(header, static_cast<std::uint32_t>(width));
  put_u32(header, static_cast<std::uint32_t>(height));
  header += std::string("\x08\x02\x00\x00\x00", 5);  // 8 bits, RGB, deflate, filters, no interlace
  e_->chunk("IHDR", header);
  e_->idat = "\x78\x01";  // zlib: deflate, 32 KB window, no dictionary
  e_->bits(3, 3);         // one block, the last, fixed Huffman codes
}

PngWriter::PngWriter(PngWriter&&) noexcept = default;
PngWriter& PngWriter::operator=(PngWriter&&) noexcept = default;
PngWriter::~PngWriter() = default;

void PngWriter::add_rows(const std::uint8_t* rgb, int count) {
  if (e_->finished || count < 0 || count > e_->height - e_->rows) {
    throw std::logic_error("PngWriter: rows past the picture's height");
  }
  for (int i = 0; i < count; ++i) {
    e_->row(rgb + static_cast<std::size_t>(i) * e_->row_bytes);
    ++e_->rows;
  }
}

void PngWriter::finish() {
  if (e_->finished || e_->rows != e_->height) {
    throw std::logic_error("PngWriter: finished with " + std::to_string(e_->rows) + " of " +
                           std::to_string(e_->height) + " rows");
  }
  e_->compress(true);
  e_->symbol(256);  // the block's end
  if (e_->bit_count > 0) e_->bits(0, 8 - e_->bit_count);
  put_u32(e_->idat, (e_->adler_b << 16) | e_->adler_a);
  e_->chunk("IDAT", e_->idat);
  e_->chunk("IEND", "");
  e_->finished = true;
}

std::optional<Error> write_map_png(const TextSink& sink, const Grid& grid,
                                   const MapImageStyle& style, const PngProgress& progress,
                                   StopToken stop) {
  if (auto err = image_size_error(grid.width(), grid.height(), style.cell_px)) return err;
  const int px = style.cell_px;
  const int width = grid.width() * px;
  PngWriter png(width, grid.height() * px, sink);
  // Bands of about 64 picture rows: a few MB at the widest.
  const int band_cells = std::max(1, 64 / px);
  Image band;
  for (int y = 0; y < grid.height(); y += band_cells) {
    if (stop.stop_requested()) return Error{"stopped"};
    const int cells = std::min(band_cells, grid.height() - y);
    if (band.height != cells * px) band = Image(width, cells * px);
    draw_map_rows(grid, style, y, band);
    png.add_rows(band.rgb.data(), band.height);
    if (progress) progress(y + cells, grid.height());
  }
  png.finish();
  return std::nullopt;
}

std::optional<Error> write_map_png(const std::string& path, const Grid& grid,
                                   const MapImageStyle& style, const PngProgress& progress,
                                   StopToken stop) {
  Checked<AtomicFile> file = AtomicFile::open(path);
  if (!file) return Error{"cannot write " + shown(path) + ": " + file.error().message};
  const TextSink sink = [&](std::string_view bytes) { file->write(bytes); };
  if (auto err = write_map_png(sink, grid, style, progress, std::move(stop))) return err;
  if (auto why = file->commit()) return Error{"cannot write " + shown(path) + ": " + why->message};
  return std::nullopt;
}

}  // namespace dungen
