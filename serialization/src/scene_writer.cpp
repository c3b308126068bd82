#include "cairn/serialization/scene_writer.h"

#include <cmath>

#include "cairn/serialization/json_text.h"
#include "cairn/serialization/plain_json.h"
#include "cairn/serialization/scene_format.h"
#include "entity_writer.h"

namespace cairn::serialization {

namespace {

void RequireFinite(const ecs::PlainValue& value, const std::string& pointer) {
  if (value.IsNumber() && !value.IsInteger() && !std::isfinite(value.AsNumber())) {
    throw SaveError("editor data " + (pointer.empty() ? std::string("/") : pointer) + " is not a finite number");
  }
  if (value.IsArray()) {
    for (std::size_t i = 0; i < value.AsArray().size(); ++i) {
      RequireFinite(value.AsArray()[i], pointer + "/" + std::to_string(i));
    }
  } else if (value.IsObject()) {
    for (const auto& [key, member] : value.AsObject()) RequireFinite(member, pointer + "/" + EscapePointerToken(key));
  }
}

}  // namespace

std::string SaveSceneToString(const ecs::Coordinator& world, const ecs::PlainValue& editor, PrefabLibrary* prefabs) {
  if (!editor.IsNull() && !editor.IsObject()) {
    throw SaveError("editor data must be an object, not " + std::string(editor.KindName()));
  }
  RequireFinite(editor, "");
  std::string out;
  out.reserve(256 + world.EntityCount() * 640);
  out += "{\n  \"format\": ";
  AppendString(out, kSceneFormat);
  out += ",\n  \"version\": ";
  AppendInteger(out, kSceneVersion);
  out += ",\n  \"editor\": ";
  AppendValue(out, editor.IsNull() ? Document::object() : PlainToDocument(editor), 1);
  out += ",\n  ";
  detail::AppendEntities(out, world, {.world_matrices = false, .runtime = false, .prefabs = prefabs});
  out += "\n}\n";
  return out;
}

SaveResult SaveSceneFile(const std::filesystem::path& path, const ecs::Coordinator& world,
                         const ecs::PlainValue& editor, PrefabLibrary* prefabs) {
  std::string text;
  try {
    text = SaveSceneToString(world, editor, prefabs);
  } catch (const SaveError& error) {
    return {false, "cannot save " + path.string() + ": " + error.what()};
  }
  return WriteFileAtomically(path, text, {.keep_backup = true});
}

}  // namespace cairn::serialization
