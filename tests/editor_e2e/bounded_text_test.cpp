#include <catch2/catch.hpp>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <random>
#include <regex>
#include <string>

#include "cairn/editor/panels/bounded_text.h"
#include "headless_editor.h"
#include "panel_helpers.h"

using namespace cairn::editor::testing;
using cairn::editor::CountCharacters;
using cairn::editor::CutToBytes;
using cairn::editor::ElideText;
using cairn::editor::kMaxEditableBytes;
using cairn::editor::TextBounds;
namespace ecs = cairn::ecs;

namespace {

const std::string kEllipsis = "\xE2\x80\xA6";

// True when `text` is well-formed UTF-8 (no character cut in two).
bool WellFormedUtf8(const std::string& text) {
  for (std::size_t at = 0; at < text.size();) {
    const auto lead = static_cast<unsigned char>(text[at]);
    const std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
    if (length == 0 || at + length > text.size()) return false;
    for (std::size_t i = 1; i < length; ++i) {
      if ((static_cast<unsigned char>(text[at + i]) & 0xC0) != 0x80) return false;
    }
    at += length;
  }
  return true;
}

std::string Repeat(const std::string& piece, std::size_t times) {
  std::string text;
  for (std::size_t i = 0; i < times; ++i) text += piece;
  return text;
}

}  // namespace

// ---- ElideText ----------------------------------------------------------------------------------

TEST_CASE("Text within its bounds is shown unchanged", "[editor_panels][bounded_text]") {
  const std::string text = "/entities/0/name: expected a string or null, found 7";
  const auto elided = ElideText(text);
  CHECK(elided.shown == text);
  CHECK_FALSE(elided.Elided());
  CHECK(ElideText(std::string(500, 'a')).shown == std::string(500, 'a'));
  CHECK(ElideText(Repeat(std::string(500, 'a') + "\n", 7)).shown == Repeat(std::string(500, 'a') + "\n", 7));
}

TEST_CASE("A line past 500 characters keeps its first 400 and last 100 around the count of the rest",
          "[editor_panels][bounded_text]") {
  const auto elided = ElideText(std::string(20000, 'N'));
  CHECK(elided.omitted_characters == 19500);
  CHECK(elided.shown == std::string(400, 'N') + kEllipsis + " (19,500 more characters)" + kEllipsis + std::string(100, 'N'));
  CHECK(ElideText(std::string(501, 'N')).shown ==
        std::string(400, 'N') + kEllipsis + " (1 more character)" + kEllipsis + std::string(100, 'N'));
}

TEST_CASE("A 32,000-digit number quoted by a diagnostic is shown by its first and last digits",
          "[editor_panels][bounded_text]") {
  const std::string diagnostic = "/entities/0/components/Transform/position/0: expected a finite number, found " +
                                 std::string(32000, '9');
  const auto elided = ElideText(diagnostic);
  CHECK(elided.shown == diagnostic.substr(0, 400) + kEllipsis + " (31,577 more characters)" + kEllipsis +
                            std::string(100, '9'));
  CHECK(elided.omitted_characters == diagnostic.size() - 500);
}

TEST_CASE("What a message says after a long quoted name stays in view", "[editor_panels][bounded_text]") {
  const std::string error = "cannot save level.json: entity 1000000000000001 (" + std::string(17000, 'N') +
                            "): Transform.position is not finite";
  const std::string shown = ElideText(error).shown;
  CHECK_THAT(shown, Catch::StartsWith("cannot save level.json: entity 1000000000000001 (NNN"));
  CHECK_THAT(shown, Catch::EndsWith("NNN): Transform.position is not finite"));
  CHECK_THAT(shown, Catch::Contains(" (16,584 more characters)"));
}

TEST_CASE("The cuts never split a UTF-8 character", "[editor_panels][bounded_text]") {
  for (const std::string piece : {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x8C\xB2", "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x8C\xB2"}) {
    const std::string text = Repeat(piece, 3000);
    const auto elided = ElideText(text);
    INFO(piece);
    CHECK(WellFormedUtf8(elided.shown));
    const std::string head = elided.shown.substr(0, elided.shown.find(kEllipsis));
    const std::string tail = elided.shown.substr(elided.shown.rfind(kEllipsis) + kEllipsis.size());
    CHECK(CountCharacters(head) == 400);
    CHECK(CountCharacters(tail) == 100);
    CHECK(text.compare(0, head.size(), head) == 0);
    CHECK(text.compare(text.size() - tail.size(), tail.size(), tail) == 0);
    CHECK(CountCharacters(head) + CountCharacters(tail) + elided.omitted_characters == CountCharacters(text));
  }
}

TEST_CASE("Text of more than 40 lines ends at the 40th line break", "[editor_panels][bounded_text]") {
  std::string text;
  for (int i = 0; i < 100; ++i) text += "line " + std::to_string(i) + "\n";
  const auto elided = ElideText(text);
  const std::string kept = elided.shown.substr(0, elided.shown.rfind(kEllipsis));
  CHECK(std::count(kept.begin(), kept.end(), '\n') == 39);
  CHECK(kept.substr(kept.rfind('\n') + 1) == "line 39");
  CHECK(elided.omitted_characters == CountCharacters(text) - CountCharacters(kept));
}

TEST_CASE("Text of more than 4,000 characters in all ends at the 4,000th", "[editor_panels][bounded_text]") {
  const std::string text = Repeat(std::string(300, 'x') + "\n", 20);
  CHECK(ElideText(text).shown == text.substr(0, 4000) + kEllipsis + " (2,020 more characters)");
  const TextBounds small{10, 100, 25, 3};
  CHECK(ElideText("aaaaaaaa\nbbbbbbbb\ncccccccc\n", small).shown == "aaaaaaaa\nbbbbbbbb\nccccccc" + kEllipsis +
                                                                        " (2 more characters)");
}

TEST_CASE("A label is one line of at most 120 characters", "[editor_panels][bounded_text]") {
  CHECK(ElideText("Rename 'Crate'", TextBounds::Label()).shown == "Rename 'Crate'");
  CHECK(ElideText("Rename '" + std::string(200, 'L') + "'", TextBounds::Label()).shown ==
        "Rename '" + std::string(82, 'L') + kEllipsis + " (89 more characters)" + kEllipsis + std::string(29, 'L') + "'");
  CHECK(ElideText("first\nsecond", TextBounds::Label()).shown == "first" + kEllipsis + " (7 more characters)");
  CHECK(cairn::editor::BoundedLabel(std::string(200, 'L')) == ElideText(std::string(200, 'L'), TextBounds::Label()).shown);
}

TEST_CASE("Characters are counted as ImGui draws them: one per code point, one per stray byte",
          "[editor_panels][bounded_text]") {
  CHECK(CountCharacters("") == 0);
  CHECK(CountCharacters("abc") == 3);
  CHECK(CountCharacters("\xC3\xA9t\xC3\xA9") == 3);
  CHECK(CountCharacters("\xF0\x9F\x8C\xB2") == 1);
  CHECK(CountCharacters("\x80\x80") == 2);       // stray continuation bytes
  CHECK(CountCharacters("\xC3" "a") == 2);       // a lead byte without its continuation
  CHECK(CountCharacters("\xC3\xA9\xA9") == 2);   // more continuations than announced
}

TEST_CASE("CutToBytes keeps whole characters within the byte count", "[editor_panels][bounded_text]") {
  CHECK(CutToBytes("abc", 10) == "abc");
  CHECK(CutToBytes("abc", 2) == "ab");
  CHECK(CutToBytes("\xC3\xA9\xC3\xA9", 3) == "\xC3\xA9");
  CHECK(CutToBytes("\xF0\x9F\x8C\xB2", 3).empty());
}

TEST_CASE("Eliding random text keeps every bound and accounts for every character (property)",
          "[editor_panels][bounded_text]") {
  const std::vector<std::string> alphabet = {"a", "Z", " ", "\n", "\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x8C\xB2", "\x80"};
  const std::regex marker("\xE2\x80\xA6 \\([0-9,]+ more characters?\\)(\xE2\x80\xA6)?");
  std::mt19937 random(20240611);
  const TextBounds small{7, 3, 15, 2};
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const std::size_t length = std::uniform_int_distribution<std::size_t>(0, 40)(random);
    for (std::size_t i = 0; i < length; ++i) {
      text += alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(random)];
    }
    const auto elided = ElideText(text, small);
    const std::string kept = std::regex_replace(elided.shown, marker, "");
    INFO("round " << round << ": '" << text << "' shown as '" << elided.shown << "'");
    REQUIRE(CountCharacters(kept) + elided.omitted_characters == CountCharacters(text));
    REQUIRE(CountCharacters(kept) <= small.characters);
    REQUIRE(static_cast<std::size_t>(std::count(kept.begin(), kept.end(), '\n')) < small.lines);
    for (std::size_t start = 0; start <= kept.size();) {
      const std::size_t end = std::min(kept.find('\n', start), kept.size());
      REQUIRE(CountCharacters(std::string_view(kept).substr(start, end - start)) <= small.line_characters);
      start = end + 1;
    }
    REQUIRE(elided.Elided() == (kept != text));
    REQUIRE(cairn::editor::ShownLines(text, small) ==
            static_cast<std::size_t>(std::count(elided.shown.begin(), elided.shown.end(), '\n')) + 1);
  }
}

// ---- Widgets ---------------------------------------------------------------------------------

TEST_CASE("Right-clicking an elided text copies the whole text to the clipboard", "[editor_panels][bounded_text]") {
  HeadlessEditor editor;
  const std::string line = "quoted: " + std::string(20000, 'Q');
  editor.Context().Log().Warning(line);
  editor.Frames(2);
  const auto elided = editor.Where("text/elided");  // one line, far wider than the Console: click its start
  editor.Click(ImVec2(elided.x + 20.0f, elided.y + elided.h * 0.5f), 1);
  editor.Click("text/elided/copy");
  CHECK(std::string(ImGui::GetClipboardText()) == line);
}

TEST_CASE("A text field stops growing at its maximum length, typed or pasted", "[editor_panels][bounded_text]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  ImGui::SetClipboardText(std::string(5000, 'P').c_str());
  editor.Click("inspector/name");
  editor.Key(GLFW_KEY_A, true);
  editor.Key(GLFW_KEY_V, true);
  editor.Type("typed past the end");
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  CHECK(NameOf(editor, cube) == std::string(kMaxEditableBytes, 'P'));
}

TEST_CASE("A paste into a text field is cut at a character boundary", "[editor_panels][bounded_text]") {
  HeadlessEditor editor;
  const ecs::EntityId cube = CreateCube(editor, "Crate");
  ImGui::SetClipboardText(("x" + Repeat("\xE2\x82\xAC", 2000)).c_str());  // 1 + 3 x 2,000 bytes
  editor.Click("inspector/name");
  editor.Key(GLFW_KEY_A, true);
  editor.Key(GLFW_KEY_V, true);
  editor.Key(GLFW_KEY_ENTER);
  editor.Frames(2);
  const std::string name = NameOf(editor, cube);
  CHECK(name == "x" + Repeat("\xE2\x82\xAC", (kMaxEditableBytes - 1) / 3));
  CHECK(WellFormedUtf8(name));
}
