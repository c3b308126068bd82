#include "cli_test_support.h"

#include <cstdlib>
#include <stdexcept>

#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"

namespace cairn::cli::test {

namespace fs = std::filesystem;

Document Scene(std::initializer_list<Document> entities) {
  Document scene = Document::object();
  scene["format"] = "cairn.scene";
  scene["version"] = cairn::serialization::kSceneVersion;
  scene["editor"] = Document::object();
  scene["entities"] = Document::array();
  for (const Document& entity : entities) scene["entities"].push_back(entity);
  return scene;
}

Document Entity(std::string_view id, std::string_view name, std::string_view parent, int order) {
  Document entity = Document::object();
  entity["id"] = std::string(id);
  entity["name"] = std::string(name);
  entity["parent"] = parent.empty() ? Document(nullptr) : Document(std::string(parent));
  entity["order"] = order;
  entity["components"]["Transform"] = {
      {"position", {0, 0, 0}}, {"rotation", {0, 0, 0, 1}}, {"scale", {1, 1, 1}}};
  return entity;
}

Document& EntityIn(Document& scene, std::string_view id) {
  for (Document& entity : scene.at("entities")) {
    if (entity.at("id") == id) return entity;
  }
  throw std::out_of_range("no entity " + std::string(id) + " in the test scene");
}

void RemoveEntity(Document& scene, std::string_view id) {
  Document& entities = scene.at("entities");
  for (auto it = entities.begin(); it != entities.end(); ++it) {
    if (it->at("id") == id) {
      entities.erase(it);
      return;
    }
  }
  throw std::out_of_range("no entity " + std::string(id) + " in the test scene");
}

std::string Text(const Document& scene) { return scene.dump(2); }

std::string CanonicalText(std::string_view text) {
  serialization::LoadOptions options;
  options.id_seed = 1;
  serialization::LoadResult loaded = serialization::LoadScene(text, options);
  if (!loaded.Ok()) throw std::runtime_error("invalid test scene: " + loaded.diagnostics.front().ToString());
  return serialization::SaveSceneToString(*loaded.scene->world, loaded.scene->editor);
}

std::string Canonical(const Document& scene) { return CanonicalText(Text(scene)); }

namespace {

fs::path SourceDir() {
  const char* source = std::getenv("CAIRN_SOURCE_DIR");
  return source != nullptr ? fs::path(source) : fs::path(CAIRN_TEST_SOURCE_DIR);
}

}  // namespace

fs::path SerializationData(const std::string& name) { return SourceDir() / "tests" / "serialization" / "data" / name; }
fs::path CliData(const std::string& name) { return SourceDir() / "tests" / "cli" / "data" / name; }

}  // namespace cairn::cli::test
