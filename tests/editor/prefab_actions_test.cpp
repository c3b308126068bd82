// The editor's prefab actions: Create Prefab, Instantiate, duplicate and
// paste of instances, Unpack, Revert, Apply to prefab; all undoable.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "cairn/ecs/components/follow.h"
#include "cairn/ecs/components/light.h"
#include "cairn/ecs/components/mesh_renderer.h"
#include "cairn/ecs/components/name.h"
#include "cairn/ecs/components/rotator.h"
#include "cairn/ecs/components/transform.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/asset_files.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/prefab_actions.h"
#include "cairn/serialization/prefab.h"
#include "cairn/serialization/scene_loader.h"
#include "cairn/serialization/scene_writer.h"
#include "cairn/serialization/unknown_components.h"
#include "test_world.h"

namespace ecs = cairn::ecs;
namespace serialization = cairn::serialization;
namespace actions = cairn::editor::actions;
namespace t = cairn::editor::testing;
using cairn::editor::ActionError;
using ecs::EntityId;

namespace {

std::unique_ptr<ecs::Coordinator> SceneWorld(std::uint64_t seed = 42) {
  auto world = t::MakeWorld(seed);
  serialization::RegisterUnknownComponents(*world);
  serialization::RegisterPrefabInstance(*world);
  return world;
}

// A folder with a scene: Lamp > (Bulb (Light), Base (Follow -> Bulb)), and
// Watcher (Follow -> Bulb) beside it.
struct Studio {
  t::TempDir folder{"prefab-actions"};
  serialization::LoadOptions options;
  serialization::PrefabLibrary library;
  std::unique_ptr<ecs::Coordinator> world = SceneWorld();
  EntityId lamp, bulb, base, watcher;

  Studio() : options(Options(folder.Path())), library(folder.Path(), options) {
    lamp = t::AddEntity(*world, "Lamp");
    t::Put(*world, lamp, ecs::MeshRenderer{});
    bulb = t::AddEntity(*world, "Bulb", lamp);
    t::Put(*world, bulb, ecs::Light{});
    base = t::AddEntity(*world, "Base", lamp);
    t::Put(*world, base, ecs::Follow{.target = bulb, .offset = {0, -1, 0}, .smoothing = 0});
    watcher = t::AddEntity(*world, "Watcher");
    t::Put(*world, watcher, ecs::Follow{.target = bulb, .offset = {0, 0, 0}, .smoothing = 0});
  }

  static serialization::LoadOptions Options(const std::filesystem::path& folder) {
    serialization::LoadOptions options;
    options.asset_folder = folder;
    return options;
  }

  std::string Save() { return serialization::SaveSceneToString(*world, ecs::PlainValue(), &library); }
  // The scene as saved, open in an editing session whose prefabs are this folder's.
  std::unique_ptr<cairn::editor::EditorContext> OpenInEditor() {
    cairn::editor::EditorOptions options;
    options.journaling = false;
    options.untitled_asset_folder = folder.Path();
    auto context = std::make_unique<cairn::editor::EditorContext>(options);
    serialization::LoadResult loaded = serialization::LoadScene(Save(), context->SceneLoadOptions());
    REQUIRE(loaded.Ok());
    context->ReplaceWorld(std::move(loaded.scene->world));
    return context;
  }
  // Apply to Prefab as the editor's step does it: the file written with the
  // bytes ApplyToPrefab works out. False when there was nothing to apply.
  bool Apply(EntityId id, std::string_view component, std::optional<std::string_view> field) {
    const std::optional<cairn::editor::FileStep> change = actions::ApplyToPrefab(*world, id, component, field, library);
    if (!change) return false;
    CHECK(change->before == cairn::test::ReadText(change->path));  // the file as it is now
    cairn::test::WriteText(change->path, change->after);
    return true;
  }
  std::unique_ptr<ecs::Coordinator> Reload(const std::string& text) {
    serialization::LoadOptions with_library = options;
    with_library.prefabs = &library;
    serialization::LoadResult loaded = serialization::LoadScene(text, with_library);
    REQUIRE(loaded.Ok());
    return std::move(loaded.scene->world);
  }
  std::shared_ptr<const serialization::Prefab> Prefab(const std::string& path) {
    serialization::PrefabLookup lookup = library.Get(path);
    REQUIRE(lookup.error == "");
    return lookup.prefab;
  }
  // The entity of `instance` that copies the prefab's entity named `name`.
  EntityId Member(EntityId instance, const std::string& path, const std::string& name) {
    const auto prefab = Prefab(path);
    for (const ecs::Entity source : prefab->entities) {
      if (prefab->world->GetComponent<ecs::Name>(source).value == name) {
        return serialization::InstanceEntityId(instance, prefab->root_id, prefab->world->GetEntityId(source));
      }
    }
    FAIL("no prefab entity " << name);
    return ecs::kNoEntityId;
  }
};

std::size_t Count(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

TEST_CASE("Create Prefab writes the subtree as a prefab and makes it an instance of it", "[prefab]") {
  Studio studio;
  const std::string before = ecs::DumpWorld(*studio.world);
  // Base also follows an entity outside the subtree.
  t::Put(*studio.world, studio.base, ecs::Follow{.target = studio.watcher, .offset = {0, -1, 0}, .smoothing = 0});
  actions::PrefabCreation creation =
      actions::CreatePrefab(*studio.world, studio.lamp, "props/lamp.scene", studio.library, SceneWorld(9));
  REQUIRE(creation.warnings ==
          std::vector<std::string>{"Follow.target of 'Base' refers to 'Watcher', outside the prefab: the prefab leaves "
                                   "it empty, this instance keeps it"});
  REQUIRE(std::filesystem::exists(studio.folder / "props/lamp.scene"));
  CHECK(creation.action.name == "Create Prefab 'lamp'");
  const ecs::Action undo = t::Apply(*studio.world, creation.action);

  // The root kept its id; the rest derive from it; references followed.
  const EntityId bulb = studio.Member(studio.lamp, "props/lamp.scene", "Bulb");
  const EntityId base = studio.Member(studio.lamp, "props/lamp.scene", "Base");
  CHECK(bulb != studio.bulb);
  CHECK(t::Get<ecs::Follow>(*studio.world, studio.watcher).target == bulb);
  CHECK(t::Get<ecs::Follow>(*studio.world, base).target == studio.watcher);
  CHECK(t::Get<serialization::PrefabInstance>(*studio.world, studio.lamp).prefab == "props/lamp.scene");

  // Saved, it is one instance whose only override is the outside reference.
  const std::string text = studio.Save();
  CHECK(Count(text, "\"prefab\": \"props/lamp.scene\"") == 1);
  CHECK(Count(text, "\"target\": ") == 2);  // Watcher's, and Base's override
  CHECK(ecs::DumpWorld(*studio.Reload(text)) == ecs::DumpWorld(*studio.world));

  // Undo brings back the plain entities and their ids (the file stays).
  t::Apply(*studio.world, undo);
  t::Put(*studio.world, studio.base, ecs::Follow{.target = studio.bulb, .offset = {0, -1, 0}, .smoothing = 0});
  CHECK(ecs::DumpWorld(*studio.world) == before);

  CHECK_THROWS_WITH(actions::CreatePrefab(*studio.world, studio.lamp, "props/lamp.scene", studio.library, SceneWorld()),
                    "cannot create prefab props/lamp.scene: the file already exists");
  CHECK_THROWS_WITH(actions::CreatePrefab(*studio.world, studio.lamp, "../lamp.scene", studio.library, SceneWorld()),
                    "cannot create prefab \"../lamp.scene\": a prefab path is relative to the project folder and stays "
                    "in it");
}

TEST_CASE("Instances follow their prefab, keep their overrides, and copies stay instances", "[prefab]") {
  Studio studio;
  t::Apply(*studio.world, actions::CreatePrefab(*studio.world, studio.lamp, "lamp.scene", studio.library, SceneWorld())
                              .action);
  const auto prefab = studio.Prefab("lamp.scene");
  // Three more instances: one instantiated, one duplicated, one pasted.
  const ecs::Action placed = actions::Instantiate(*studio.world, *prefab, ecs::kNoEntityId, glm::vec3(4, 0, 0));
  CHECK(placed.name == "Instantiate 'lamp'");
  t::Apply(*studio.world, placed);
  const EntityId second = actions::CreatedEntities(placed).front();
  CHECK(t::Get<ecs::Transform>(*studio.world, second).position == glm::vec3(4, 0, 0));
  const EntityId ids[] = {second};
  const ecs::Action duplicated = actions::Duplicate(*studio.world, ids, &studio.library);
  t::Apply(*studio.world, duplicated);
  const EntityId third = actions::CreatedEntities(duplicated).front();
  CHECK(t::Get<ecs::Follow>(*studio.world, studio.Member(third, "lamp.scene", "Base")).target ==
        studio.Member(third, "lamp.scene", "Bulb"));

  // The second one's bulb turns red.
  const EntityId red_bulb = studio.Member(second, "lamp.scene", "Bulb");
  ecs::Light red;
  red.color = {1, 0, 0};
  t::Put(*studio.world, red_bulb, red);
  const std::string text = studio.Save();
  CHECK(Count(text, "\"prefab\": \"lamp.scene\"") == 3);
  CHECK(text.find("\"name\": \"Bulb\"") == std::string::npos);  // no plain copies

  // The prefab's light becomes brighter: the two others follow.
  ecs::Light bright;
  bright.intensity = 7.0f;
  t::Put(*studio.world, studio.Member(studio.lamp, "lamp.scene", "Bulb"), bright);
  REQUIRE(studio.Apply(studio.Member(studio.lamp, "lamp.scene", "Bulb"), "Light", "intensity"));
  const auto reopened = studio.Reload(text);
  CHECK(t::Get<ecs::Light>(*reopened, studio.Member(studio.lamp, "lamp.scene", "Bulb")).intensity == 7.0f);
  CHECK(t::Get<ecs::Light>(*reopened, studio.Member(third, "lamp.scene", "Bulb")).intensity == 7.0f);
  CHECK(t::Get<ecs::Light>(*reopened, red_bulb).color == glm::vec3(1, 0, 0));
  CHECK(t::Get<ecs::Light>(*reopened, red_bulb).intensity == 7.0f);  // only the colour was its own
}

TEST_CASE("Revert takes the prefab's value back, Unpack makes plain entities, both undo", "[prefab]") {
  Studio studio;
  t::Apply(*studio.world, actions::CreatePrefab(*studio.world, studio.lamp, "lamp.scene", studio.library, SceneWorld())
                              .action);
  const EntityId bulb = studio.Member(studio.lamp, "lamp.scene", "Bulb");
  ecs::Light changed;
  changed.intensity = 9.0f;
  t::Put(*studio.world, bulb, changed);
  const auto member = serialization::FindInstanceMember(*studio.world, studio.library, studio.world->GetEntity(bulb));
  REQUIRE(member);
  const ecs::ComponentType light = studio.world->GetComponentType<ecs::Light>();
  REQUIRE(serialization::OverriddenFields(*studio.world, *member, studio.world->GetEntity(bulb), light).size() == 1);

  const ecs::Action revert = actions::RevertToPrefab(*studio.world, bulb, "Light", "intensity", studio.library);
  CHECK(revert.name == "Revert Light.intensity");
  const ecs::Action unrevert = t::Apply(*studio.world, revert);
  CHECK(t::Get<ecs::Light>(*studio.world, bulb).intensity == ecs::Light{}.intensity);
  CHECK(serialization::OverriddenFields(*studio.world, *member, studio.world->GetEntity(bulb), light).empty());
  t::Apply(*studio.world, unrevert);
  CHECK(t::Get<ecs::Light>(*studio.world, bulb).intensity == 9.0f);

  // A component the instance added is reverted by removing it.
  t::Put(*studio.world, bulb, ecs::Rotator{});
  t::Apply(*studio.world, actions::RevertToPrefab(*studio.world, bulb, "Rotator", std::nullopt, studio.library));
  CHECK_FALSE(studio.world->HasComponent<ecs::Rotator>(studio.world->GetEntity(bulb)));
  CHECK_THROWS_WITH(actions::RevertToPrefab(*studio.world, studio.watcher, "Follow", "target", studio.library),
                    "cannot revert to the prefab: 'Watcher' is not part of a prefab instance");

  const ecs::Action unpack = actions::Unpack(*studio.world, studio.lamp, studio.library);
  CHECK(unpack.name == "Unpack 'Lamp'");
  CHECK_THROWS_WITH(actions::Unpack(*studio.world, bulb, studio.library),
                    "cannot unpack 'Bulb': it is not the root of a prefab instance");
  const ecs::Action repack = t::Apply(*studio.world, unpack);
  const std::string plain = studio.Save();
  CHECK(plain.find("\"instances\": []") != std::string::npos);
  CHECK(plain.find("\"name\": \"Bulb\"") != std::string::npos);
  t::Apply(*studio.world, repack);
  CHECK(studio.Save().find("\"prefab\": \"lamp.scene\"") != std::string::npos);
}

TEST_CASE("ChangesBetween turns one world into another as one undoable action", "[prefab]") {
  Studio studio;
  auto target = studio.Reload(studio.Save());
  t::AddEntity(*target, "New", studio.lamp);
  target->DestroyEntityAndChildren(target->GetEntity(studio.watcher));
  target->GetComponent<ecs::Light>(target->GetEntity(studio.bulb)).intensity = 5.0f;
  target->RemoveComponent<ecs::MeshRenderer>(target->GetEntity(studio.lamp));
  target->SetParentAt(target->GetEntity(studio.base), ecs::kNullEntity, 0);
  const std::string before = ecs::DumpWorld(*studio.world);
  const ecs::Action changes = actions::ChangesBetween(*studio.world, *target, "Update");
  const ecs::Action undo = t::Apply(*studio.world, changes);
  CHECK(ecs::DumpWorld(*studio.world) == ecs::DumpWorld(*target));
  t::Apply(*studio.world, undo);
  CHECK(ecs::DumpWorld(*studio.world) == before);
  CHECK(actions::ChangesBetween(*studio.world, *studio.world, "Nothing").commands.empty());
}

TEST_CASE("An open scene's instances follow a prefab changed on disk, as one undoable step", "[prefab]") {
  Studio studio;
  t::Apply(*studio.world, actions::CreatePrefab(*studio.world, studio.lamp, "lamp.scene", studio.library, SceneWorld())
                              .action);
  const std::unique_ptr<cairn::editor::EditorContext> opened = studio.OpenInEditor();
  cairn::editor::EditorContext& context = *opened;
  const EntityId bulb = studio.Member(studio.lamp, "lamp.scene", "Bulb");
  const float before = t::Get<ecs::Light>(context.World(), bulb).intensity;
  CHECK_FALSE(context.RefreshPrefabInstances(0.0));

  // Another window saves the prefab with a brighter bulb.
  serialization::LoadResult prefab = serialization::LoadSceneFile(studio.folder / "lamp.scene", studio.options);
  REQUIRE(prefab.Ok());
  const EntityId source = serialization::PrefabEntityId(studio.lamp, studio.lamp, bulb);
  prefab.scene->world->GetComponent<ecs::Light>(prefab.scene->world->GetEntity(source)).intensity = 12.5f;
  REQUIRE(serialization::SaveSceneFile(studio.folder / "lamp.scene", *prefab.scene->world, prefab.scene->editor).ok);

  CHECK_FALSE(context.RefreshPrefabInstances(0.5));  // not yet due
  CHECK(context.RefreshPrefabInstances(1.5));
  context.Flush();
  CHECK(t::Get<ecs::Light>(context.World(), bulb).intensity == 12.5f);
  CHECK(context.GetHistory().UndoName() == "Update instances of lamp.scene");
  context.Undo();
  context.Flush();
  CHECK(t::Get<ecs::Light>(context.World(), bulb).intensity == before);
  CHECK_FALSE(context.RefreshPrefabInstances(3.0));  // nothing changed since
}

TEST_CASE("Apply to Prefab is one undoable step: undo writes the prefab file back and restores the scene",
          "[prefab]") {
  Studio studio;
  t::Apply(*studio.world, actions::CreatePrefab(*studio.world, studio.lamp, "lamp.scene", studio.library, SceneWorld())
                              .action);
  const EntityId ids[] = {studio.lamp};
  const ecs::Action duplicated = actions::Duplicate(*studio.world, ids, &studio.library);
  t::Apply(*studio.world, duplicated);
  const EntityId second = actions::CreatedEntities(duplicated).front();
  const std::unique_ptr<cairn::editor::EditorContext> opened = studio.OpenInEditor();
  cairn::editor::EditorContext& context = *opened;
  const auto save = [&] { return serialization::SaveSceneToString(context.World(), ecs::PlainValue(), context.Prefabs()); };
  const std::filesystem::path file = studio.folder / "lamp.scene";
  const EntityId bulb = studio.Member(studio.lamp, "lamp.scene", "Bulb");
  const EntityId other_bulb = studio.Member(second, "lamp.scene", "Bulb");
  const float plain = t::Get<ecs::Light>(context.World(), other_bulb).intensity;

  ecs::Light bright;
  bright.intensity = 7.0f;
  t::Put(context.World(), bulb, bright);
  const std::string prefab_before = cairn::test::ReadText(file);
  const std::string scene_before = save();
  const std::size_t steps = context.GetHistory().UndoCount();

  std::optional<cairn::editor::FileStep> change =
      actions::ApplyToPrefab(context.World(), bulb, "Light", "intensity", *context.Prefabs());
  REQUIRE(change);
  CHECK(change->before == prefab_before);
  const std::string prefab_after = change->after;
  context.ChangePrefabFile(std::move(*change), "Apply Light.intensity to lamp.scene");
  // Applied at once, as one step: the file, and the other instance following it.
  CHECK(cairn::test::ReadText(file) == prefab_after);
  CHECK(t::Get<ecs::Light>(context.World(), other_bulb).intensity == 7.0f);
  CHECK(context.GetHistory().UndoCount() == steps + 1);
  CHECK(context.GetHistory().UndoName() == "Apply Light.intensity to lamp.scene");
  CHECK(context.GetHistory().IsDirty());
  const std::string scene_after = save();
  CHECK(scene_after != scene_before);  // the first lamp's brightness is the prefab's now, no override

  context.Undo();
  REQUIRE(context.Flush().errors.empty());
  CHECK(cairn::test::ReadText(file) == prefab_before);
  CHECK(t::Get<ecs::Light>(context.World(), other_bulb).intensity == plain);
  CHECK(t::Get<ecs::Light>(context.World(), bulb).intensity == 7.0f);
  CHECK(save() == scene_before);
  CHECK_FALSE(context.RefreshPrefabInstances(10.0));  // the write back is no change for the scene to follow

  context.Redo();
  REQUIRE(context.Flush().errors.empty());
  CHECK(cairn::test::ReadText(file) == prefab_after);
  CHECK(save() == scene_after);

  // The prefab changes on disk after the step: undo does not overwrite it.
  const std::string elsewhere = prefab_after + "\n";
  cairn::test::WriteText(file, elsewhere);
  context.Undo();
  const cairn::editor::FlushResult refused = context.Flush();
  REQUIRE(refused.errors.size() == 1);
  CHECK(refused.errors[0].find("changed on disk since") != std::string::npos);
  CHECK(cairn::test::ReadText(file) == elsewhere);
  CHECK(context.GetHistory().UndoName() == "Apply Light.intensity to lamp.scene");
  CHECK(t::Get<ecs::Light>(context.World(), other_bulb).intensity == 7.0f);
}

TEST_CASE("A scene saved before its prefab moved in the Assets panel still opens, following the move", "[prefab]") {
  Studio studio;
  t::Apply(*studio.world, actions::CreatePrefab(*studio.world, studio.lamp, "lamp.scene", studio.library, SceneWorld())
                              .action);
  const std::string saved = studio.Save();
  auto other = SceneWorld(3);
  REQUIRE(cairn::editor::MoveAsset(studio.folder.Path(), "lamp.scene", "props/lamp.scene", *other, 5).Ok());

  cairn::editor::EditorOptions options;
  options.journaling = false;
  options.untitled_asset_folder = studio.folder.Path();
  cairn::editor::EditorContext context(options);
  serialization::LoadResult loaded = serialization::LoadScene(saved, context.SceneLoadOptions());
  REQUIRE(loaded.Ok());
  REQUIRE(loaded.diagnostics.size() == 1);
  CHECK(loaded.diagnostics[0].ToString() ==
        "/instances/0/prefab: prefab \"lamp.scene\" has moved to props/lamp.scene: the instance follows it (and is "
        "saved with the new path)");
  CHECK(ecs::DumpWorld(*loaded.scene->world).find("props/lamp.scene") != std::string::npos);
  const std::string resaved =
      serialization::SaveSceneToString(*loaded.scene->world, ecs::PlainValue(), context.Prefabs());
  CHECK(resaved.find("\"prefab\": \"props/lamp.scene\"") != std::string::npos);
  // Without the index the old path names nothing.
  std::filesystem::remove(studio.folder / "assets.index.json");
  serialization::PrefabLibrary plain(studio.folder.Path(), studio.options);
  serialization::LoadOptions without = studio.options;
  without.prefabs = &plain;
  CHECK_FALSE(serialization::LoadScene(saved, without).Ok());
}

TEST_CASE("Revert and Apply of a whole component take exactly what the diff calls the instance's own",
          "[prefab]") {
  Studio studio;
  t::Apply(*studio.world, actions::CreatePrefab(*studio.world, studio.lamp, "lamp.scene", studio.library, SceneWorld())
                              .action);
  const EntityId bulb = studio.Member(studio.lamp, "lamp.scene", "Bulb");
  const ecs::ComponentType light = studio.world->GetComponentType<ecs::Light>();
  ecs::Light changed;
  changed.intensity = 9.0f;
  changed.color = {1, 0, 0};
  t::Put(*studio.world, bulb, changed);

  // Revert: one step that takes back the two fields.
  const ecs::Action revert = actions::RevertToPrefab(*studio.world, bulb, "Light", std::nullopt, studio.library);
  CHECK(revert.name == "Revert Light");
  const ecs::Action unrevert = t::Apply(*studio.world, revert);
  CHECK(t::Get<ecs::Light>(*studio.world, bulb) == ecs::Light{});
  CHECK(actions::RevertToPrefab(*studio.world, bulb, "Light", std::nullopt, studio.library).commands.empty());
  t::Apply(*studio.world, unrevert);
  CHECK(t::Get<ecs::Light>(*studio.world, bulb) == changed);

  // Apply of a component nothing of which differs leaves the file alone.
  const std::string before = cairn::test::ReadText(studio.folder / "lamp.scene");
  CHECK_FALSE(studio.Apply(studio.lamp, "Transform", std::nullopt));
  CHECK(cairn::test::ReadText(studio.folder / "lamp.scene") == before);
  // Apply of Light writes its two fields; then nothing of it is the instance's own.
  REQUIRE(studio.Apply(bulb, "Light", std::nullopt));
  const auto member = serialization::FindInstanceMember(*studio.world, studio.library, studio.world->GetEntity(bulb));
  REQUIRE(member);
  CHECK(serialization::OverriddenFields(*studio.world, *member, studio.world->GetEntity(bulb), light).empty());
  const std::string after = cairn::test::ReadText(studio.folder / "lamp.scene");
  CHECK(after.find("\"intensity\": 9") != std::string::npos);
  CHECK(after.find("\"color\": [1, 0, 0]") != std::string::npos);
}

TEST_CASE("A field of -0.0 where the prefab has 0 is the instance's own: shown, reverted and applied as such", "[prefab]") {
  Studio studio;
  t::Apply(*studio.world, actions::CreatePrefab(*studio.world, studio.lamp, "lamp.scene", studio.library, SceneWorld())
                              .action);
  const EntityId bulb = studio.Member(studio.lamp, "lamp.scene", "Bulb");
  const ecs::ComponentType transform = studio.world->GetComponentType<ecs::Transform>();
  const auto overridden = [&] {
    const auto member =
        serialization::FindInstanceMember(*studio.world, studio.library, studio.world->GetEntity(bulb));
    REQUIRE(member);
    return serialization::OverriddenFields(*studio.world, *member, studio.world->GetEntity(bulb), transform).size();
  };
  studio.world->GetComponent<ecs::Transform>(studio.world->GetEntity(bulb)).position.y = -0.0f;
  CHECK(overridden() == 1);
  CHECK(studio.Save().find("\"position\": [0, -0.0, 0]") != std::string::npos);

  const ecs::Action undo = t::Apply(*studio.world, actions::RevertToPrefab(*studio.world, bulb, "Transform",
                                                                          std::nullopt, studio.library));
  CHECK_FALSE(std::signbit(t::Get<ecs::Transform>(*studio.world, bulb).position.y));
  CHECK(overridden() == 0);
  t::Apply(*studio.world, undo);
  CHECK(std::signbit(t::Get<ecs::Transform>(*studio.world, bulb).position.y));

  REQUIRE(studio.Apply(bulb, "Transform", "position"));
  CHECK(cairn::test::ReadText(studio.folder / "lamp.scene").find("-0.0") != std::string::npos);
  CHECK(overridden() == 0);
}

}  // namespace
