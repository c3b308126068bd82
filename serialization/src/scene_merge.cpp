#include "cairn/serialization/scene_merge.h"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <utility>

#include "cairn/ecs/errors.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_format.h"
#include "cairn/serialization/scene_writer.h"
#include "merge_entities.h"
#include "merge_inputs.h"
#include "merge_repair.h"
#include "merge_sibling_order.h"

namespace cairn::serialization {

namespace {

bool IsBlank(std::string_view text) {
  return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

Document EmptyScene() {
  Document scene = Document::object();
  scene["format"] = std::string(kSceneFormat);
  scene["version"] = kSceneVersion;
  scene["editor"] = Document::object();
  scene["entities"] = Document::array();
  scene["instances"] = Document::array();
  return scene;
}

// One input, migrated to the current version, and the world it loads as.
struct LoadedInput {
  std::optional<Document> document;
  std::unique_ptr<ecs::Coordinator> world;  // set exactly when the input is valid
};

// Parses, migrates and validates one input; its errors go to `errors`.
LoadedInput LoadInput(MergeInput input, std::string_view text, const LoadOptions& options,
                      std::vector<MergeInputError>& errors) {
  LoadedInput loaded;
  std::vector<Diagnostic> diagnostics;
  if (input == MergeInput::kBase && IsBlank(text)) {
    loaded.document = EmptyScene();
  } else {
    loaded.document = ParseSceneDocument(text, options, diagnostics);
  }
  if (loaded.document) {
    LoadResult result = LoadSceneDocument(*loaded.document, options);
    diagnostics.insert(diagnostics.end(), result.diagnostics.begin(), result.diagnostics.end());
    if (result.scene) loaded.world = std::move(result.scene->world);
  }
  for (Diagnostic& diagnostic : diagnostics) {
    if (diagnostic.IsError()) errors.push_back({input, std::move(diagnostic)});
  }
  return loaded;
}

// A field a game project renamed (FieldInfo::previous_names) is merged under
// its current name, whichever of its names each input holds: a side that
// only saved the scene again after the rename changed nothing.
void UseCurrentFieldNames(Document& components, const ecs::Coordinator& registry) {
  for (auto component = components.begin(); component != components.end(); ++component) {
    const ecs::ComponentInfo* info = registry.FindComponentInfo(component.key());
    if (info == nullptr || !component->is_object()) continue;
    for (const ecs::FieldInfo& field : info->fields) {
      for (auto previous = field.previous_names.rbegin(); previous != field.previous_names.rend(); ++previous) {
        const auto older = component->find(*previous);
        if (older == component->end() || component->contains(field.name)) continue;
        Document value = std::move(*older);
        component->erase(older);
        (*component)[field.name] = std::move(value);
      }
    }
  }
}

// The same for every component of the scene: its entities' and the
// instances' overrides.
void UseCurrentFieldNamesInScene(Document& scene, const ecs::Coordinator& registry) {
  for (Document& entity : scene["entities"]) {
    const auto components = entity.find("components");
    if (components != entity.end() && components->is_object()) UseCurrentFieldNames(*components, registry);
  }
  const auto instances = scene.find("instances");
  if (instances == scene.end() || !instances->is_array()) return;
  for (Document& instance : *instances) {
    const auto overrides = instance.find("overrides");
    if (overrides == instance.end() || !overrides->is_object()) continue;
    for (Document& entity : *overrides) {
      const auto components = entity.find("components");
      if (components != entity.end() && components->is_object()) UseCurrentFieldNames(*components, registry);
    }
  }
}

// The editor's data (camera and the like) is view state, not scene content:
// its top-level keys merge three-way, and where both sides changed one
// differently ours is kept without a conflict.
Document MergeEditorData(const Document& base, const Document& ours, const Document& theirs) {
  Document merged = Document::object();
  const auto member = [](const Document& object, const std::string& key) -> const Document* {
    const auto found = object.find(key);
    return found == object.end() ? nullptr : &*found;
  };
  const auto same = [](const Document* a, const Document* b) { return a == nullptr || b == nullptr ? a == b : *a == *b; };
  std::vector<std::string> keys;
  for (const Document* object : {&base, &ours, &theirs}) {
    for (auto it = object->begin(); it != object->end(); ++it) keys.push_back(it.key());
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  for (const std::string& key : keys) {
    const Document* b = member(base, key);
    const Document* o = member(ours, key);
    const Document* t = member(theirs, key);
    const Document* chosen = (same(o, b) && !same(t, b)) ? t : o;
    if (chosen != nullptr) merged[key] = *chosen;
  }
  return merged;
}

// The canonical text of a scene document that LoadSceneDocument accepts, or
// the loader's errors. Instances are written as instances when `options`
// has a prefab library.
std::optional<std::string> WriteCanonical(const Document& document, const LoadOptions& options,
                                          std::vector<Diagnostic>& errors) {
  LoadResult loaded = LoadSceneDocument(document, options);
  if (!loaded.Ok()) {
    for (Diagnostic& diagnostic : loaded.diagnostics) {
      if (diagnostic.IsError()) errors.push_back(std::move(diagnostic));
    }
    return std::nullopt;
  }
  try {
    return SaveSceneToString(*loaded.scene->world, loaded.scene->editor, options.prefabs);
  } catch (const SaveError& error) {
    errors.push_back({Diagnostic::Severity::kError, "", error.what()});
    return std::nullopt;
  }
}

// The merged scene as a document.
Document MergedDocument(Document editor, detail::MergeWork& work) {
  Document merged = EmptyScene();
  merged["editor"] = std::move(editor);
  Document& entities = merged["entities"];
  for (auto& [id, entity] : work.entities) entities.push_back(std::move(entity));
  Document& instances = merged["instances"];
  for (auto& [id, instance] : work.instances) instances.push_back(std::move(instance.record));
  return merged;
}

}  // namespace

std::string_view MergeInputName(MergeInput input) {
  switch (input) {
    case MergeInput::kBase: return "base";
    case MergeInput::kOurs: return "ours";
    case MergeInput::kTheirs: return "theirs";
  }
  return "input";
}

std::string MergeConflict::ToString() const { return "conflict: " + message; }

SceneMergeResult MergeScenes(std::string_view base, std::string_view ours, std::string_view theirs,
                             const LoadOptions& options) {
  // One prefab library for every load and the save, so that each prefab is
  // read once and instances are written back as instances.
  LoadOptions load_options = options;
  std::unique_ptr<PrefabLibrary> own_prefabs;
  if (load_options.prefabs == nullptr && load_options.asset_folder) {
    own_prefabs = std::make_unique<PrefabLibrary>(*load_options.asset_folder, options);
    load_options.prefabs = own_prefabs.get();
  }

  SceneMergeResult result;
  LoadedInput base_input = LoadInput(MergeInput::kBase, base, load_options, result.input_errors);
  LoadedInput ours_input = LoadInput(MergeInput::kOurs, ours, load_options, result.input_errors);
  LoadedInput theirs_input = LoadInput(MergeInput::kTheirs, theirs, load_options, result.input_errors);
  if (!result.input_errors.empty()) return result;
  // From here on each prefab stays as the inputs were loaded with, whatever
  // happens to its file, so that the merge reads and writes instances
  // against the same prefabs.
  std::optional<PrefabLibrary::Pin> pin;
  if (load_options.prefabs != nullptr) pin.emplace(*load_options.prefabs);

  // The inputs loaded, so setting up the component types succeeds again.
  const auto registry = std::make_unique<ecs::Coordinator>(options.id_seed.value_or(1));
  if (options.register_components) options.register_components(*registry);
  for (LoadedInput* input : {&base_input, &ours_input, &theirs_input}) {
    UseCurrentFieldNamesInScene(*input->document, *registry);
  }

  const detail::SceneVersion base_version(*base_input.document, *base_input.world, load_options.prefabs);
  const detail::SceneVersion ours_version(*ours_input.document, *ours_input.world, load_options.prefabs);
  const detail::SceneVersion theirs_version(*theirs_input.document, *theirs_input.world, load_options.prefabs);
  const detail::MergeInputs inputs{base_version, ours_version, theirs_version, *registry};
  detail::MergeWork work;
  detail::MergeEntities(inputs, work);
  detail::RepairMergedScene(inputs, work);
  detail::AssignSiblingOrders(inputs, work);
  detail::WritePlaces(work);
  const Document merged =
      MergedDocument(MergeEditorData(base_version.Editor(), ours_version.Editor(), theirs_version.Editor()), work);

  std::vector<Diagnostic> errors;
  result.text = WriteCanonical(merged, load_options, errors);
  if (!result.text) {
    // A combination the repairs do not foresee: report it, and give ours.
    for (const Diagnostic& error : errors) {
      work.conflicts.push_back({ecs::kNoEntityId, "",
                                "the merged scene is invalid (" + error.ToString() + "), so the result is ours"});
    }
    std::vector<Diagnostic> ours_errors;
    result.text = WriteCanonical(*ours_input.document, load_options, ours_errors);
  }
  result.conflicts = std::move(work.conflicts);
  std::stable_sort(result.conflicts.begin(), result.conflicts.end(),
                   [](const MergeConflict& a, const MergeConflict& b) { return a.entity < b.entity; });
  return result;
}

}  // namespace cairn::serialization
