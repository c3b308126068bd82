#include "ui_font.h"

#include <imgui.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

namespace cairn::platform::detail {
namespace {

// Pairs of inclusive ranges, zero-terminated; ImGui keeps the pointer until
// the atlas is built, hence static storage.
constexpr ImWchar kGlyphRanges[] = {
    0x0020, 0x00FF,  // Basic Latin, Latin-1 Supplement
    0x2013, 0x2014,  // en and em dash
    0x2022, 0x2022,  // bullet
    0x2026, 0x2026,  // ellipsis
    0x2190, 0x2193,  // arrows
    0x25B2, 0x25BC,  // triangles
    0x2713, 0x2713,  // check mark
    0,
};

std::vector<char> ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Adds the TrueType data and builds the atlas; false if either fails. Reading
// the file here (rather than AddFontFromFileTTF) keeps a missing file from
// reaching ImGui's assertions.
bool AddTrueTypeFont(ImGuiIO& io, const std::vector<char>& data, float pixels) {
  if (data.empty()) return false;
  void* owned = ImGui::MemAlloc(data.size());  // the atlas frees it
  std::memcpy(owned, data.data(), data.size());
  ImFontConfig config;
  // Whole-pixel glyph positions and moderate oversampling keep small text
  // sharp rather than smooth; stb_truetype does no hinting.
  config.OversampleH = 2;
  config.OversampleV = 1;
  config.PixelSnapH = true;
  if (io.Fonts->AddFontFromMemoryTTF(owned, static_cast<int>(data.size()), pixels, &config, kGlyphRanges) == nullptr) {
    ImGui::MemFree(owned);
    return false;
  }
  return io.Fonts->Build();
}

}  // namespace

bool AddUiFont(ImGuiIO& io, const std::filesystem::path& path, float pixels) {
  if (AddTrueTypeFont(io, ReadFile(path), pixels)) return false;
  io.Fonts->Clear();
  ImFontConfig fallback;
  fallback.SizePixels = pixels >= 26.0f ? 26.0f : 13.0f;  // ProggyClean is crisp only at multiples of 13
  io.Fonts->AddFontDefault(&fallback);
  return true;
}

}  // namespace cairn::platform::detail
