#pragma once
// Scene files holding text too long for Dear ImGui to draw whole (its 16-bit
// vertex indices stop at ~16,380 characters in one draw): what a malformed or
// hostile file puts in front of the editor. They are generated, not stored
// in the corpus, as each is tens of kilobytes of one repeated character.

#include <cstddef>
#include <string>

namespace cairn::editor::testing {

// Over the ~16,380 characters one ImGui text draw can hold.
inline constexpr std::size_t kLongTextCharacters = 20000;

inline std::string SceneWithOneEntity(const std::string& name, const std::string& components) {
  return R"({"format": "cairn.scene", "version": 1, "entities": [{"id": "1000000000000001", "name": ")" + name +
         R"(", "parent": null, "order": 0, "components": {)" + components + "}}]}";
}

inline std::string TransformWithX(const std::string& x) {
  return R"("Transform": {"position": [)" + x + R"(, 0, 0], "rotation": [0, 0, 0, 1], "scale": [1, 1, 1]})";
}

// A component this build does not know, named `name`: the loader warns, quoting it.
inline std::string SceneWithUnknownComponent(const std::string& name) {
  return SceneWithOneEntity("Crate", TransformWithX("0") + R"(, ")" + name + R"(": {"strength": 1})");
}

// `number` as the x of a position: a number too large for a float is an
// error that quotes it.
inline std::string SceneWithPositionX(const std::string& number) {
  return SceneWithOneEntity("Crate", TransformWithX(number));
}

inline std::string SceneWithEntityName(const std::string& name) {
  return SceneWithOneEntity(name, TransformWithX("0"));
}

}  // namespace cairn::editor::testing
