#include <catch2/catch.hpp>

#include <array>
#include <random>

#include <glm/gtc/matrix_transform.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/viewport/transform_drag.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
namespace render = cairn::render;
using cairn::editor::ApplyGizmoDelta;
using cairn::editor::CentreOf;
using cairn::editor::DragTarget;
using cairn::editor::EditorContext;
using cairn::editor::EnqueueOptions;
using cairn::editor::ParentRotation;
using cairn::editor::TargetsPivot;
using cairn::editor::TransformDrag;
using cairn::editor::TransformTargets;
using cairn::editor::WorldMatrices;
using cairn::editor::WorldOffsetToLocal;
namespace t = cairn::editor::testing;

namespace {

const glm::quat kQuarterTurnY = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));

DragTarget Capture(const ecs::Coordinator& world, ecs::EntityId id) {
  WorldMatrices matrices;
  const ecs::Entity entity = world.GetEntity(id);
  DragTarget target;
  target.id = id;
  target.start_local = world.GetComponent<ecs::Transform>(entity);
  target.start_world_position = glm::vec3(world.ComputeWorldMatrix(entity)[3]);
  const ecs::Entity parent = world.GetParent(entity);
  target.parent_world = parent.IsNull() ? glm::mat4(1.0f) : world.ComputeWorldMatrix(parent);
  return target;
}

render::GizmoDelta Translation(glm::vec3 offset) {
  render::GizmoDelta delta;
  delta.translation = offset;
  return delta;
}

render::GizmoDelta Rotation(glm::quat rotation) {
  render::GizmoDelta delta;
  delta.rotation = rotation;
  return delta;
}

render::GizmoDelta Scaling(glm::vec3 factors) {
  render::GizmoDelta delta;
  delta.scale = factors;
  return delta;
}

// Sets the entity's Transform directly (test setup) and returns its new world matrix.
glm::mat4 Put(ecs::Coordinator& world, ecs::EntityId id, const ecs::Transform& transform) {
  const ecs::Entity entity = world.GetEntity(id);
  world.GetComponent<ecs::Transform>(entity) = transform;
  world.NotifyComponentChanged<ecs::Transform>(entity);
  return world.ComputeWorldMatrix(entity);
}

}  // namespace

TEST_CASE("A world offset becomes a local offset through the inverse of the parent's world matrix",
          "[viewport][gizmo][local]") {
  SECTION("identity parent: unchanged") {
    CHECK(WorldOffsetToLocal(glm::mat4(1.0f), {1, 2, 3}) == glm::vec3(1, 2, 3));
  }
  SECTION("translation does not affect offsets") {
    CHECK(WorldOffsetToLocal(glm::translate(glm::mat4(1.0f), {5, 5, 5}), {1, 0, 0}) == glm::vec3(1, 0, 0));
  }
  SECTION("scale divides, rotation turns back") {
    glm::mat4 parent = glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 1, 0));
    parent = glm::scale(parent, glm::vec3(2.0f));
    // World +X is the parent's local +Z (a quarter turn about Y maps local Z onto world X), halved.
    CHECK_NEAR_VEC(WorldOffsetToLocal(parent, {1, 0, 0}), glm::vec3(0, 0, 0.5f));
  }
}

TEST_CASE("Moving a root along X changes exactly its X and nothing else", "[viewport][gizmo]") {
  auto world = t::MakeWorld();
  const auto id = t::AddEntity(*world, "Crate", t::At({0.1f, 0.2f, 0.3f}, glm::angleAxis(0.3f, glm::vec3(1, 0, 0)), {1, 2, 3}));
  const DragTarget target = Capture(*world, id);
  const render::GizmoPivot pivot{target.start_world_position, glm::quat(1, 0, 0, 0)};
  const ecs::Transform moved = ApplyGizmoDelta(target, Translation({1.5f, 0, 0}), pivot);
  CHECK(moved.position.x == 0.1f + 1.5f);
  CHECK(moved.position.y == 0.2f);
  CHECK(moved.position.z == 0.3f);
  CHECK(moved.rotation == target.start_local.rotation);
  CHECK(moved.scale == target.start_local.scale);
}

TEST_CASE("Moving a child moves its world position by the world offset whatever its parent's transform",
          "[viewport][gizmo][local]") {
  auto world = t::MakeWorld();
  const auto parent = t::AddEntity(*world, "Parent",
                                   t::At({3, 1, -2}, glm::angleAxis(glm::radians(30.0f), glm::normalize(glm::vec3(1, 2, 0))),
                                         {2.0f, 0.5f, 1.5f}));
  const auto child = t::AddEntity(*world, "Child", t::At({1, 1, 1}), parent);
  const DragTarget target = Capture(*world, child);
  const glm::vec3 start = t::WorldPositionOf(*world, child);
  CHECK(target.start_world_position == start);

  const glm::vec3 offset{0.0f, 2.0f, 0.0f};
  const ecs::Transform moved = ApplyGizmoDelta(target, Translation(offset), {start, glm::quat(1, 0, 0, 0)});
  Put(*world, child, moved);
  CHECK_NEAR_VEC(t::WorldPositionOf(*world, child), start + offset);
  // Only the local position changed.
  CHECK(moved.rotation == target.start_local.rotation);
  CHECK(moved.scale == target.start_local.scale);
}

TEST_CASE("Rotating one entity turns it in place in world space also under a rotated parent",
          "[viewport][gizmo][local]") {
  auto world = t::MakeWorld();
  const auto parent = t::AddEntity(*world, "Parent", t::At({0, 0, 5}, glm::angleAxis(glm::radians(90.0f), glm::vec3(1, 0, 0))));
  const auto child = t::AddEntity(*world, "Child", t::At({0, 2, 0}, glm::angleAxis(glm::radians(20.0f), glm::vec3(0, 0, 1))), parent);
  const DragTarget target = Capture(*world, child);
  const glm::mat4 start_world = world->ComputeWorldMatrix(world->GetEntity(child));
  const glm::quat start_rotation = ecs::Transform::FromMatrix(start_world).rotation;

  const ecs::Transform turned =
      ApplyGizmoDelta(target, Rotation(kQuarterTurnY), {target.start_world_position, glm::quat(1, 0, 0, 0)});
  const glm::mat4 end_world = Put(*world, child, turned);
  CHECK_NEAR_VEC(glm::vec3(end_world[3]), glm::vec3(start_world[3]));
  CHECK(turned.position == target.start_local.position);
  CHECK(t::SameRotation(ecs::Transform::FromMatrix(end_world).rotation, kQuarterTurnY * start_rotation));
}

TEST_CASE("Rotating several entities turns each position about their centre and each orientation with it",
          "[viewport][gizmo][multi]") {
  auto world = t::MakeWorld();
  const auto a = t::AddEntity(*world, "A", t::At({-2, 0, 0}));
  const auto b = t::AddEntity(*world, "B", t::At({4, 0, 0}));
  const std::array positions{glm::vec3(-2, 0, 0), glm::vec3(4, 0, 0)};
  const glm::vec3 centre = CentreOf(positions);
  CHECK(centre == glm::vec3(1, 0, 0));
  const render::GizmoPivot pivot{centre, glm::quat(1, 0, 0, 0)};

  const ecs::Transform ta = ApplyGizmoDelta(Capture(*world, a), Rotation(kQuarterTurnY), pivot);
  const ecs::Transform tb = ApplyGizmoDelta(Capture(*world, b), Rotation(kQuarterTurnY), pivot);
  // A quarter turn about +Y takes +X to -Z: (-3, 0, 0) from the centre goes to (0, 0, 3).
  CHECK_NEAR_VEC(ta.position, glm::vec3(1, 0, 3));
  CHECK_NEAR_VEC(tb.position, glm::vec3(1, 0, -3));
  CHECK(t::SameRotation(ta.rotation, kQuarterTurnY));
  CHECK(t::SameRotation(tb.rotation, kQuarterTurnY));
}

TEST_CASE("Scaling several entities scales their offsets from the centre along the gizmo's axes and each scale",
          "[viewport][gizmo][multi]") {
  auto world = t::MakeWorld();
  const auto a = t::AddEntity(*world, "A", t::At({-2, 1, 0}));
  const auto b = t::AddEntity(*world, "B", t::At({2, 1, 0}, glm::quat(1, 0, 0, 0), {1, 3, 1}));

  SECTION("world-aligned axes") {
    const render::GizmoPivot pivot{{0, 1, 0}, glm::quat(1, 0, 0, 0)};
    const ecs::Transform ta = ApplyGizmoDelta(Capture(*world, a), Scaling({2, 1, 1}), pivot);
    const ecs::Transform tb = ApplyGizmoDelta(Capture(*world, b), Scaling({2, 1, 1}), pivot);
    CHECK_NEAR_VEC(ta.position, glm::vec3(-4, 1, 0));
    CHECK_NEAR_VEC(tb.position, glm::vec3(4, 1, 0));
    CHECK(ta.scale == glm::vec3(2, 1, 1));
    CHECK(tb.scale == glm::vec3(2, 3, 1));
  }
  SECTION("axes turned a quarter about Y: the gizmo's Z is world X") {
    const render::GizmoPivot pivot{{0, 1, 0}, kQuarterTurnY};
    const ecs::Transform ta = ApplyGizmoDelta(Capture(*world, a), Scaling({1, 1, 3}), pivot);
    CHECK_NEAR_VEC(ta.position, glm::vec3(-6, 1, 0));
    const ecs::Transform unmoved = ApplyGizmoDelta(Capture(*world, a), Scaling({3, 1, 1}), pivot);
    CHECK_NEAR_VEC(unmoved.position, glm::vec3(-2, 1, 0));
  }
}

TEST_CASE("Scaling one entity keeps it in place", "[viewport][gizmo]") {
  auto world = t::MakeWorld();
  const auto id = t::AddEntity(*world, "A", t::At({1, 2, 3}, glm::quat(1, 0, 0, 0), {1, 2, 1}));
  const DragTarget target = Capture(*world, id);
  const ecs::Transform scaled =
      ApplyGizmoDelta(target, Scaling({1.5f, 1.5f, 1.5f}), {target.start_world_position, kQuarterTurnY});
  CHECK(scaled.position == glm::vec3(1, 2, 3));
  CHECK(scaled.scale == glm::vec3(1.5f, 3.0f, 1.5f));
}

TEST_CASE("Children under a moved multi-selection: each target lands where the world-space edit puts it",
          "[viewport][gizmo][multi][local]") {
  // Property check over seeded random hierarchies: the world position after
  // the edit equals pivot + R * (start - pivot) + t for every target.
  std::mt19937 random(1234);
  std::uniform_real_distribution<float> coordinate(-5.0f, 5.0f);
  std::uniform_real_distribution<float> factor(0.5f, 2.0f);
  for (int round = 0; round < 20; ++round) {
    auto world = t::MakeWorld(static_cast<std::uint64_t>(round) + 1);
    const glm::quat parent_rotation =
        glm::angleAxis(coordinate(random), glm::normalize(glm::vec3(coordinate(random), coordinate(random), 1.0f)));
    const float uniform = factor(random);
    const auto parent = t::AddEntity(*world, "Parent",
                                     t::At({coordinate(random), coordinate(random), coordinate(random)}, parent_rotation,
                                           glm::vec3(uniform)));
    const auto a = t::AddEntity(*world, "A", t::At({coordinate(random), coordinate(random), coordinate(random)}), parent);
    const auto b = t::AddEntity(*world, "B", t::At({coordinate(random), coordinate(random), coordinate(random)}));
    const std::array starts{t::WorldPositionOf(*world, a), t::WorldPositionOf(*world, b)};
    const render::GizmoPivot pivot{CentreOf(starts), glm::quat(1, 0, 0, 0)};
    render::GizmoDelta delta;
    delta.rotation = glm::angleAxis(coordinate(random), glm::normalize(glm::vec3(1.0f, coordinate(random), 0.5f)));
    delta.translation = {coordinate(random), coordinate(random), coordinate(random)};

    const std::array ids{a, b};
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const ecs::Transform edited = ApplyGizmoDelta(Capture(*world, ids[i]), delta, pivot);
      const glm::mat4 end_world = Put(*world, ids[i], edited);
      const glm::vec3 expected = pivot.position + delta.rotation * (starts[i] - pivot.position) + delta.translation;
      INFO("round " << round << ", target " << i);
      CHECK(t::Near(glm::vec3(end_world[3]), expected, 1e-3f));
    }
  }
}

TEST_CASE("The parent rotation ignores the parent's scale", "[viewport][gizmo][local]") {
  glm::mat4 parent = glm::rotate(glm::mat4(1.0f), glm::radians(40.0f), glm::vec3(0, 0, 1));
  parent = glm::scale(parent, glm::vec3(3.0f));
  CHECK(t::SameRotation(ParentRotation(parent), glm::angleAxis(glm::radians(40.0f), glm::vec3(0, 0, 1))));
}

TEST_CASE("Gizmo targets are the selection's root-most entities with a Transform in selection order",
          "[viewport][gizmo][multi]") {
  auto world = t::MakeWorld();
  const auto parent = t::AddEntity(*world, "Parent");
  const auto child = t::AddEntity(*world, "Child", {}, parent);
  const auto grandchild = t::AddEntity(*world, "Grandchild", {}, child);
  const auto other = t::AddEntity(*world, "Other");
  const ecs::Entity bare = world->CreateEntity();  // no Transform
  cairn::editor::Selection selection;
  selection.Select(grandchild);
  selection.Add(other);
  selection.Add(world->GetEntityId(bare));
  selection.Add(parent);
  CHECK(TransformTargets(*world, selection) == std::vector<ecs::EntityId>{other, parent});
  selection.Remove(parent);
  CHECK(TransformTargets(*world, selection) == std::vector<ecs::EntityId>{grandchild, other});
}

TEST_CASE("The gizmo sits on one entity or at the centre of several and turns like the primary in local space",
          "[viewport][gizmo][multi]") {
  auto world = t::MakeWorld();
  const glm::quat tilt = glm::angleAxis(glm::radians(30.0f), glm::vec3(0, 0, 1));
  const auto a = t::AddEntity(*world, "A", t::At({0, 0, 0}, tilt));
  const auto b = t::AddEntity(*world, "B", t::At({4, 2, 0}, kQuarterTurnY));
  const auto c = t::AddEntity(*world, "C", t::At({2, 4, 3}));
  WorldMatrices matrices;
  matrices.Refresh(*world);

  const std::array one{b};
  const render::GizmoPivot single = TargetsPivot(*world, matrices, one, b, false);
  CHECK(single.position == glm::vec3(4, 2, 0));
  CHECK(single.orientation == glm::quat(1, 0, 0, 0));

  const std::array three{a, b, c};
  const render::GizmoPivot world_space = TargetsPivot(*world, matrices, three, a, false);
  CHECK_NEAR_VEC(world_space.position, glm::vec3(2, 2, 1));
  CHECK(world_space.orientation == glm::quat(1, 0, 0, 0));
  CHECK(t::SameRotation(TargetsPivot(*world, matrices, three, a, true).orientation, tilt));
  // A primary outside the targets (e.g. a selected child of a target): the last target's axes.
  CHECK(t::SameRotation(TargetsPivot(*world, matrices, three, ecs::kNoEntityId, true).orientation, glm::quat(1, 0, 0, 0)));
}

TEST_CASE("A drag's actions are named after the tool and the entities and set absolute Transforms",
          "[viewport][gizmo][action]") {
  auto world = t::MakeWorld();
  const auto crate = t::AddEntity(*world, "Crate", t::At({1, 0, 0}));
  const auto barrel = t::AddEntity(*world, "Barrel", t::At({3, 0, 0}));
  WorldMatrices matrices;
  matrices.Refresh(*world);
  TransformDrag drag;
  CHECK_FALSE(drag.Active());

  const std::array one{crate};
  drag.Begin(*world, matrices, one, TargetsPivot(*world, matrices, one, crate, false), render::GizmoMode::Translate);
  CHECK(drag.Active());
  ecs::Action action = drag.MakeAction(*world, Translation({0, 0, 2}));
  CHECK(action.name == "Move 'Crate'");
  REQUIRE(action.commands.size() == 1);
  const auto& command = std::get<ecs::SetComponentCommand>(action.commands[0]);
  CHECK(command.id == crate);
  CHECK(command.value.Name() == "Transform");
  CHECK(command.value.As<ecs::Transform>().position == glm::vec3(1, 0, 2));
  // Absolute values: a later frame's action does not build on the earlier one.
  action = drag.MakeAction(*world, Translation({0, 0, 3}));
  CHECK(std::get<ecs::SetComponentCommand>(action.commands[0]).value.As<ecs::Transform>().position == glm::vec3(1, 0, 3));

  const std::array two{crate, barrel};
  drag.Begin(*world, matrices, two, TargetsPivot(*world, matrices, two, crate, false), render::GizmoMode::Rotate);
  CHECK(drag.MakeAction(*world, Rotation(kQuarterTurnY)).name == "Rotate 2 entities");
  CHECK(drag.MakeAction(*world, Rotation(kQuarterTurnY)).commands.size() == 2);
  drag.Begin(*world, matrices, one, TargetsPivot(*world, matrices, one, crate, false), render::GizmoMode::Scale);
  CHECK(drag.MakeAction(*world, Scaling({2, 2, 2})).name == "Scale 'Crate'");
  drag.End();
  CHECK_FALSE(drag.Active());
}

TEST_CASE("A drag enqueued every frame under its merge key is one undo step that restores the start",
          "[viewport][gizmo][action][undo]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const auto parent = t::AddEntity(world, "Parent", t::At({0, 1, 0}, kQuarterTurnY, glm::vec3(2)));
  const auto crate = t::AddEntity(world, "Crate", t::At({1, 0, 0}), parent);
  const auto barrel = t::AddEntity(world, "Barrel", t::At({3, 0, 0}));
  const std::string before = ecs::DumpWorld(world);
  const glm::vec3 crate_start = t::WorldPositionOf(world, crate);

  WorldMatrices matrices;
  matrices.Refresh(world);
  const std::array ids{crate, barrel};
  TransformDrag drag;
  drag.Begin(world, matrices, ids, TargetsPivot(world, matrices, ids, crate, false), render::GizmoMode::Translate);
  for (int frame = 1; frame <= 5; ++frame) {
    context.Enqueue(drag.MakeAction(world, Translation({0.5f * static_cast<float>(frame), 0, 0})),
                    EnqueueOptions::Merging(drag.MergeKey()));
    REQUIRE(context.Flush().Succeeded());
  }
  context.EndMerge();
  drag.End();
  REQUIRE(context.Flush().Succeeded());

  CHECK(context.GetHistory().UndoCount() == 1);
  CHECK(context.GetHistory().UndoName() == "Move 2 entities");
  CHECK_NEAR_VEC(t::WorldPositionOf(world, crate), crate_start + glm::vec3(2.5f, 0, 0));
  CHECK(t::TransformOf(world, barrel).position == glm::vec3(5.5f, 0, 0));

  context.Undo();
  REQUIRE(context.Flush().Succeeded());
  CHECK(ecs::DumpWorld(world) == before);
  context.Redo();
  REQUIRE(context.Flush().Succeeded());
  CHECK(t::TransformOf(world, barrel).position == glm::vec3(5.5f, 0, 0));
}

TEST_CASE("A drag whose target was destroyed cannot go on", "[viewport][gizmo]") {
  auto world = t::MakeWorld();
  const auto crate = t::AddEntity(*world, "Crate");
  WorldMatrices matrices;
  matrices.Refresh(*world);
  const std::array ids{crate};
  TransformDrag drag;
  drag.Begin(*world, matrices, ids, TargetsPivot(*world, matrices, ids, crate, false), render::GizmoMode::Translate);
  CHECK(drag.TargetsExist(*world));
  world->RemoveComponent<ecs::Transform>(world->GetEntity(crate));
  CHECK_FALSE(drag.TargetsExist(*world));
  world->DestroyEntity(world->GetEntity(crate));
  CHECK_FALSE(drag.TargetsExist(*world));
}
