#include "cairn/editor/panels/bounded_text.h"

#include <imgui_internal.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>

#include "cairn/editor/panels/theme.h"
#include "cairn/editor/panels/widget_map.h"

namespace cairn::editor {
namespace {

constexpr const char* kEllipsis = "\xE2\x80\xA6";

bool IsContinuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// The continuation bytes a lead byte announces (0 for ASCII and for bytes
// that cannot start a character, which ImGui draws as one glyph each).
std::size_t AnnouncedContinuations(unsigned char lead) {
  if (lead >= 0xF0 && lead <= 0xF7) return 3;
  if (lead >= 0xE0) return lead <= 0xEF ? 2 : 0;
  if (lead >= 0xC0) return 1;
  return 0;
}

// Where the character starting at `at` ends. A character never takes more
// bytes than its lead byte announces, so ImGui draws at most one glyph for
// each character counted here.
std::size_t NextCharacter(std::string_view text, std::size_t at) {
  std::size_t end = at + 1;
  for (std::size_t left = AnnouncedContinuations(static_cast<unsigned char>(text[at]));
       left > 0 && end < text.size() && IsContinuation(static_cast<unsigned char>(text[end])); --left) {
    ++end;
  }
  return end;
}

// 16880 -> "16,880".
std::string WithThousands(std::size_t number) {
  std::string digits = std::to_string(number);
  for (std::size_t at = digits.size(); at > 3; at -= 3) digits.insert(at - 3, ",");
  return digits;
}

// Where the character numbered `index` (from 0) starts; text.size() past the end.
std::size_t CharacterOffset(std::string_view text, std::size_t index) {
  std::size_t at = 0;
  for (; index > 0 && at < text.size(); --index) at = NextCharacter(text, at);
  return at;
}

// "… (16,880 more characters)".
std::string Marker(std::size_t omitted) {
  return std::string(kEllipsis) + " (" + WithThousands(omitted) + (omitted == 1 ? " more character)" : " more characters)");
}

std::string CharactersPhrase(std::size_t count) {
  return WithThousands(count) + (count == 1 ? " character" : " characters");
}

// Right-click on the last item (an elided text): "Copy" puts all of `full` on
// the clipboard. The popup's id hashes what is shown and the full length
// (hashing all of a long text every frame would cost more than drawing it),
// so that it survives the strings a panel rebuilds every frame.
void OfferCopy(std::string_view full, std::string_view shown) {
  GlobalWidgetMap().Record("text/elided");
  if (ImGui::IsItemHovered()) {
    BoundedTooltip("Right-click to copy the whole text (" + CharactersPhrase(CountCharacters(full)) + ").");
  }
  ImGui::PushID(shown.data(), shown.data() + shown.size());
  ImGui::PushID(static_cast<int>(full.size()));
  if (ImGui::BeginPopupContextItem("##copy_full_text")) {
    const bool copy = ImGui::MenuItem("Copy");
    GlobalWidgetMap().Record("text/elided/copy");
    if (copy) ImGui::SetClipboardText(std::string(full).c_str());
    ImGui::EndPopup();
  }
  ImGui::PopID();
  ImGui::PopID();
}

void DrawElided(std::string_view text, const TextBounds& bounds) {
  // An unwrapped text out of view only takes its place, as ImGui's own long
  // texts do (with no width): eliding counts every character, and a Console
  // of a thousand long messages would elide them all every frame.
  if (ImGui::GetCurrentWindow()->DC.TextWrapPos < 0.0f) {
    const float height = static_cast<float>(ShownLines(text, bounds)) * ImGui::GetTextLineHeight();
    if (!ImGui::IsRectVisible(ImVec2(1.0f, height))) {
      ImGui::ItemSize(ImVec2(0.0f, height), 0.0f);
      return;
    }
  }
  const ElidedText elided = ElideText(text, bounds);
  ImGui::TextUnformatted(elided.shown.data(), elided.shown.data() + elided.shown.size());
  if (elided.Elided()) OfferCopy(text, elided.shown);
}

// An InputText callback keeping the buffer within the byte count in UserData.
int KeepWithinUserDataBytes(ImGuiInputTextCallbackData* data) {
  KeepWithinBytes(data, *static_cast<const std::size_t*>(data->UserData));
  return 0;
}

// The field itself; `max_bytes` must outlive the call (it is the callback's data).
bool BoundedField(const char* label, std::string* text, const char* hint, ImGuiInputTextFlags flags,
                  std::size_t& max_bytes) {
  flags |= ImGuiInputTextFlags_CallbackEdit;
  if (hint != nullptr) return ImGui::InputTextWithHint(label, hint, text, flags, KeepWithinUserDataBytes, &max_bytes);
  return ImGui::InputText(label, text, flags, KeepWithinUserDataBytes, &max_bytes);
}

// The replacement being typed in the "Replace..." popup: one popup is open at
// a time, so one buffer serves every field.
std::string& Replacement() {
  static std::string replacement;
  return replacement;
}

// A value longer than its field accepts: elided and read-only, with Copy and
// Replace... (see BoundedInputText).
bool LongValue(const char* label, std::string* text, std::size_t max_bytes) {
  bool replaced = false;
  ImGui::PushID(label);
  const float row_x = ImGui::GetCursorScreenPos().x;
  std::string shown = ElideText(*text, TextBounds::Label()).shown;
  ImGui::SetNextItemWidth(-FLT_MIN);
  ImGui::InputText("##shown", &shown, ImGuiInputTextFlags_ReadOnly);
  if (ImGui::IsItemHovered()) BoundedTooltip(*text);
  if (ImGui::SmallButton("Copy")) ImGui::SetClipboardText(text->c_str());
  GlobalWidgetMap().Record("text/long_value/copy");
  ImGui::SameLine();
  if (ImGui::SmallButton("Replace...")) {
    Replacement().clear();
    ImGui::OpenPopup("##replace");
  }
  GlobalWidgetMap().Record("text/long_value/replace");
  ImGui::SameLine();
  ImGui::TextColored(theme::kTextDim, "%s", CharactersPhrase(CountCharacters(*text)).c_str());
  ImGui::SetNextWindowPos(ImVec2(row_x, ImGui::GetItemRectMax().y + 2.0f), ImGuiCond_Appearing);
  if (ImGui::BeginPopup("##replace")) {
    ImGui::Text("Replace the %s with:", CharactersPhrase(CountCharacters(*text)).c_str());
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 24.0f);
    const bool entered =
        BoundedField("##replacement", &Replacement(), nullptr, ImGuiInputTextFlags_EnterReturnsTrue, max_bytes);
    GlobalWidgetMap().Record("text/long_value/replacement");
    const bool ok = ImGui::Button("OK");
    GlobalWidgetMap().Record("text/long_value/ok");
    ImGui::SameLine();
    const bool cancel = ImGui::Button("Cancel");
    if (entered || ok) {
      *text = Replacement();
      replaced = true;
    }
    if (entered || ok || cancel) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  ImGui::PopID();
  return replaced;
}

}  // namespace

std::size_t CountCharacters(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); at = NextCharacter(text, at)) ++count;
  return count;
}

std::string_view CutToBytes(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return text;
  std::size_t cut = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t next = NextCharacter(text, at);
    if (next > max_bytes) break;
    cut = at = next;
  }
  return text.substr(0, cut);
}

std::size_t ShownLines(std::string_view text, const TextBounds& bounds) {
  std::size_t kept = 0;
  std::size_t lines = 1;
  for (std::size_t at = 0;;) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::size_t budget = bounds.characters - kept;
    const std::size_t cap = std::min(bounds.line_characters, budget);
    std::size_t characters = 0;  // counted up to one past the cap
    for (std::size_t p = at; p < end && characters <= cap; p = NextCharacter(text, p)) ++characters;
    if (characters > cap && budget < bounds.line_characters) return lines;  // the text ends in this line
    kept += std::min(characters, bounds.line_characters);
    if (end == text.size() || kept == bounds.characters || lines == bounds.lines) return lines;
    ++kept;
    ++lines;
    at = end + 1;
  }
}

ElidedText ElideText(std::string_view text, const TextBounds& bounds) {
  ElidedText elided;
  std::size_t kept = 0;  // characters shown, markers aside
  std::size_t lines = 0;
  std::size_t at = 0;    // the start of the line being placed
  while (true) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    const std::size_t characters = CountCharacters(line);
    const std::size_t budget = bounds.characters - kept;
    if (characters <= std::min(bounds.line_characters, budget)) {
      elided.shown.append(line);
      kept += characters;
    } else if (budget >= bounds.line_characters) {
      // A long line keeps its start and its end: where a message quotes a
      // long value, what it says about it follows the quote.
      const std::size_t tail = std::min(bounds.tail_characters, bounds.line_characters);
      const std::size_t head = bounds.line_characters - tail;
      const std::size_t head_end = CharacterOffset(line, head);
      const std::size_t tail_start = CharacterOffset(line, characters - tail);
      const std::size_t omitted = characters - head - tail;
      elided.shown.append(line.substr(0, head_end)).append(Marker(omitted));
      if (tail > 0) elided.shown.append(kEllipsis).append(line.substr(tail_start));
      elided.omitted_characters += omitted;
      kept += head + tail;
    } else {
      const std::size_t cut = CharacterOffset(line, budget);  // the rest does not fit: end here
      elided.shown.append(line.substr(0, cut));
      at += cut;
      break;
    }
    if (end == text.size()) return elided;
    if (kept == bounds.characters || lines + 1 == bounds.lines) {
      at = end;  // the rest, from this line break, is left out
      break;
    }
    elided.shown.push_back('\n');
    ++kept;
    ++lines;
    at = end + 1;
  }
  const std::size_t omitted = CountCharacters(text.substr(at));
  elided.shown.append(Marker(omitted));
  elided.omitted_characters += omitted;
  return elided;
}

void BoundedText(std::string_view text, const TextBounds& bounds) { DrawElided(text, bounds); }

void BoundedTextColored(const ImVec4& colour, std::string_view text, const TextBounds& bounds) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  DrawElided(text, bounds);
  ImGui::PopStyleColor();
}

void BoundedBulletText(std::string_view text, const TextBounds& bounds) {
  ImGui::Bullet();
  ImGui::SameLine();
  DrawElided(text, bounds);
}

void BoundedTooltip(std::string_view text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
  const ElidedText elided = ElideText(text, TextBounds::Body());
  ImGui::TextUnformatted(elided.shown.data(), elided.shown.data() + elided.shown.size());
  ImGui::PopTextWrapPos();
  GlobalWidgetMap().RecordBox("text/tooltip", {ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                               ImGui::GetWindowSize().x, ImGui::GetWindowSize().y});
  ImGui::EndTooltip();
}

std::string BoundedLabel(std::string_view text) { return ElideText(text, TextBounds::Label()).shown; }

void KeepWithinBytes(ImGuiInputTextCallbackData* data, std::size_t max_bytes) {
  const std::string_view text(data->Buf, static_cast<std::size_t>(data->BufTextLen));
  const std::size_t keep = CutToBytes(text, max_bytes).size();
  if (keep < text.size()) data->DeleteChars(static_cast<int>(keep), static_cast<int>(text.size() - keep));
}

bool BoundedInputText(const char* label, std::string* text, const char* hint, ImGuiInputTextFlags flags,
                      std::size_t max_bytes) {
  const bool active = ImGui::GetActiveID() == ImGui::GetID(label);
  if (text->size() > max_bytes && !active) return LongValue(label, text, max_bytes);
  return BoundedField(label, text, hint, flags, max_bytes);
}

}  // namespace cairn::editor
