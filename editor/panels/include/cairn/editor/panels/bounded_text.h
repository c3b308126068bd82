#pragma once
// Text that users and files supply, drawn within bounds.
//
// Dear ImGui 1.86 as Debian builds it indexes vertices with 16 bits: a draw
// list whose vertices since its last base reach 65,536 aborts the program in
// ImGui::Render. Every character drawn costs 4 vertices, and wrapped text
// draws every character (wrapped lines are not clipped), so one diagnostic of
// ~16,400 characters — a 17 KB component name or a 32,000-digit number quoted
// by the loader — was enough. Every widget that shows a name, a value, a
// message or a path therefore draws it through this file:
//
// - ElideText keeps a text within TextBounds, cutting only at UTF-8
//   character boundaries. A line too long keeps its first and last
//   characters around "… (N more characters)…" (where a message quotes a
//   long value, what it says about the value comes after the quote); text
//   past the line or character count ends in "… (N more characters)".
//   A body text (messages, diagnostics, values, raw JSON) shows at most 500
//   characters on a line (400 from its start, 100 from its end), 40 lines
//   and 4,000 characters in all; a label (menu items, list entries, button
//   labels) one line of 120 (90 and 30). With its markers a body text draws
//   at most ~5,300 characters: ~21,000 vertices, a third of the limit. 500
//   characters wrap to about 8 lines in a dialog, so the marker stays in
//   view.
// - The full text is never lost: right-clicking an elided text offers "Copy",
//   which puts the whole text on the clipboard (ImGui::SetClipboardText), and
//   hovering it says so.
// - Text fields never hold more than kMaxEditableBytes (typing stops there; a
//   paste is cut at a character boundary). A value already longer, as a file
//   may hold, is shown elided and read-only with "Copy" and "Replace...": the
//   latter edits a new value in a bounded field of its own.

#include <imgui.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace cairn::editor {

// What one widget draws of a text at most. Characters are UTF-8 code points
// (a stray continuation byte counts as one, as ImGui draws it as one glyph).
struct TextBounds {
  std::size_t line_characters = 500;  // on each line ('\n' ends a line)
  std::size_t lines = 40;
  std::size_t characters = 4000;  // in all, line breaks included
  // Of a line's line_characters, how many come from its end.
  std::size_t tail_characters = 100;

  // Messages, diagnostics, values: the defaults.
  static constexpr TextBounds Body() { return {}; }
  // One short line: menu items, list entries, button labels, headings.
  static constexpr TextBounds Label() { return {120, 1, 120, 30}; }
};

// The longest name or string value a text field accepts, in bytes.
inline constexpr std::size_t kMaxEditableBytes = 1024;

struct ElidedText {
  std::string shown;                   // what to draw: the text, or its parts and the markers
  std::size_t omitted_characters = 0;  // characters left out; 0 when nothing was
  bool Elided() const { return omitted_characters > 0; }
};

// `text` as one widget may draw it: unchanged when within `bounds`. Else each
// line longer than bounds.line_characters shows its first (line_characters -
// tail_characters) and last tail_characters characters around
// "\u2026 (N more characters)\u2026", and where the lines or the characters
// run out the text ends in "\u2026 (N more characters)" (line breaks count as
// characters). N has thousands separators; omitted_characters is the sum of
// them all. No cut splits a UTF-8 character.
ElidedText ElideText(std::string_view text, const TextBounds& bounds = TextBounds::Body());

// The number of lines ElideText(text, bounds).shown has, found in a pass over
// at most bounds.characters characters and the line breaks (eliding counts
// every character): the height an unwrapped text out of view takes.
std::size_t ShownLines(std::string_view text, const TextBounds& bounds = TextBounds::Body());

// The number of characters in `text`, counted as ElideText counts them.
std::size_t CountCharacters(std::string_view text);

// `text` cut to at most `max_bytes` bytes at a UTF-8 character boundary.
std::string_view CutToBytes(std::string_view text, std::size_t max_bytes);

// ---- Widgets -------------------------------------------------------------------------------
// Each draws like ImGui::TextUnformatted (wrapping when a wrap position is
// pushed) what ElideText(text, bounds) shows. An elided text offers "Copy"
// on right-click and is recorded in the widget map as "text/elided" (its
// menu item as "text/elided/copy").

void BoundedText(std::string_view text, const TextBounds& bounds = TextBounds::Body());
void BoundedTextColored(const ImVec4& colour, std::string_view text, const TextBounds& bounds = TextBounds::Body());
void BoundedBulletText(std::string_view text, const TextBounds& bounds = TextBounds::Body());

// ImGui::SetTooltip for user text: the text elided, wrapped at a readable width.
void BoundedTooltip(std::string_view text);

// The label to pass to ImGui widgets that take one (MenuItem, Button,
// Selectable, ImDrawList::AddText): ElideText(text, TextBounds::Label()).
// Keep any "##id" suffix out of `text` and append it to the result.
std::string BoundedLabel(std::string_view text);

// A single-line text field over `text` (an ImGui::InputTextWithHint; `hint`
// may be null) that never grows `text` past `max_bytes`.
//
// When `text` is already longer, it is drawn elided and read-only, with a
// "Copy" button (the whole value to the clipboard) and "Replace...", which
// opens a popup holding an empty bounded field: Enter or OK replaces the
// value, Escape or Cancel keeps it.
//
// Returns true when `text` changed this frame, like ImGui::InputText. While
// the field is shown, the last item is the field (ImGui::IsItemActive and
// IsItemDeactivatedAfterEdit apply); a replacement is reported in the frame
// it is accepted, with no item active.
bool BoundedInputText(const char* label, std::string* text, const char* hint = nullptr,
                      ImGuiInputTextFlags flags = ImGuiInputTextFlags_None, std::size_t max_bytes = kMaxEditableBytes);

// For a field with an input callback of its own (ImGuiInputTextFlags_CallbackAlways
// or CallbackEdit): call it from that callback to cut the field's text to
// `max_bytes` at a character boundary, before ImGui draws it.
void KeepWithinBytes(ImGuiInputTextCallbackData* data, std::size_t max_bytes);

}  // namespace cairn::editor
