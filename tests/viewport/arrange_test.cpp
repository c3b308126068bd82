#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <map>
#include <random>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/editor/actions.h"
#include "cairn/editor/editor_context.h"
#include "cairn/editor/editor_errors.h"
#include "cairn/editor/selection.h"
#include "cairn/editor/viewport/arrange.h"
#include "cairn/editor/viewport/selection_bounds.h"
#include "cairn/editor/viewport/transform_drag.h"
#include "cairn/editor/viewport/world_matrices.h"
#include "viewport_test_world.h"

namespace ecs = cairn::ecs;
namespace render = cairn::render;
namespace arrange = cairn::editor::arrange;
namespace actions = cairn::editor::actions;
using cairn::editor::ActionError;
using cairn::editor::AlignEdge;
using cairn::editor::Axis;
using cairn::editor::EditorContext;
using cairn::editor::EnqueueOptions;
using cairn::editor::EntityBoundsFn;
using cairn::editor::ViewportBounds;
using cairn::editor::WorldMatrices;
namespace t = cairn::editor::testing;

namespace {

const glm::quat kIdentity(1.0f, 0.0f, 0.0f, 0.0f);
const glm::quat kQuarterTurnY = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 1, 0));

// Applies the action through the editor's queue, as a panel would.
void Apply(EditorContext& context, ecs::Action action, EnqueueOptions options = {}) {
  context.Enqueue(std::move(action), std::move(options));
  REQUIRE(context.Flush().Succeeded());
}

void Undo(EditorContext& context) {
  context.Undo();
  REQUIRE(context.Flush().Succeeded());
}

void Redo(EditorContext& context) {
  context.Redo();
  REQUIRE(context.Flush().Succeeded());
}

// The world's dump with the listed entities' local positions put back to
// `positions`: equal to the dump before an edit when the edit changed those
// positions and nothing else. (Test inspection only; the world is left as it was.)
std::string DumpWithPositions(ecs::Coordinator& world, const std::map<ecs::EntityId, glm::vec3>& positions) {
  std::map<ecs::EntityId, glm::vec3> saved;
  for (const auto& [id, position] : positions) {
    glm::vec3& current = world.GetComponent<ecs::Transform>(world.GetEntity(id)).position;
    saved[id] = current;
    current = position;
  }
  std::string dump = ecs::DumpWorld(world);
  for (const auto& [id, position] : saved) world.GetComponent<ecs::Transform>(world.GetEntity(id)).position = position;
  return dump;
}

render::Aabb WorldBox(const ecs::Coordinator& world, ecs::EntityId id) {
  return cairn::editor::EntityWorldBounds(world.ComputeWorldMatrix(world.GetEntity(id)));
}

const std::string& NameOf(const ecs::Coordinator& world, ecs::EntityId id) {
  return world.GetComponent<ecs::Name>(world.GetEntity(id)).value;
}

}  // namespace

// ---- Targets ------------------------------------------------------------------------

TEST_CASE("Arrange targets are the selection's root-most entities with a Transform, in selection order",
          "[arrange]") {
  auto world = t::MakeWorld();
  const auto parent = t::AddEntity(*world, "Parent");
  const auto child = t::AddEntity(*world, "Child", {}, parent);
  const auto other = t::AddEntity(*world, "Other");
  const ecs::EntityId bare = world->GetEntityId(world->CreateEntity());  // no Transform
  CHECK(arrange::Targets(*world, std::vector{child, other, bare, parent}) == std::vector{other, parent});
  CHECK(arrange::Targets(*world, std::vector{child, other, child}) == std::vector{child, other});
}

// ---- Align ----------------------------------------------------------------------------

TEST_CASE("Align min X moves each root's box min onto the selection's; Y, Z, rotation and scale stay bit for bit",
          "[arrange][align][undo]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const glm::quat tilt = glm::angleAxis(0.3f, glm::normalize(glm::vec3(1, 0, 1)));
  const auto a = t::AddMesh(world, "A", ecs::MeshShape::kCube, t::At({0.0f, 1.1f, 2.2f}, tilt));
  const auto b = t::AddMesh(world, "B", ecs::MeshShape::kCube, t::At({3.0f, 5.3f, -1.7f}, kIdentity, {2, 1, 1}));
  const auto c = t::AddMesh(world, "C", ecs::MeshShape::kSphere, t::At({-2.0f, 0.1f, 7.0f}, kQuarterTurnY));
  const auto bystander = t::AddMesh(world, "Bystander", ecs::MeshShape::kCube, t::At({-50, 0, 0}));
  const std::string before = ecs::DumpWorld(world);
  const std::array ids{a, b, c};
  const ecs::Transform a0 = t::TransformOf(world, a), b0 = t::TransformOf(world, b), c0 = t::TransformOf(world, c);
  const render::Aabb a_box = WorldBox(world, a);

  WorldMatrices matrices;
  matrices.Refresh(world);
  ecs::Action action = arrange::Align(world, matrices, ids, Axis::kX, AlignEdge::kMin, ViewportBounds(world, matrices));
  CHECK(action.name == "Align 3 entities (min X)");
  // C's box ([-2.5, -1.5] on X: a quarter turn leaves a cube's box alone) holds the minimum: C is not moved.
  CHECK(action.commands.size() == 2);
  Apply(context, std::move(action));

  CHECK(context.GetHistory().UndoCount() == 1);
  CHECK(context.GetHistory().UndoName() == "Align 3 entities (min X)");
  // A's tilted box starts at a_box.min.x; B's box (scaled 2 on X) at 3 - 1.
  CHECK(t::TransformOf(world, a).position.x == a0.position.x + (-2.5f - a_box.min.x));
  CHECK(t::TransformOf(world, b).position.x == -1.5f);
  CHECK(t::TransformOf(world, c).position == c0.position);
  CHECK(std::abs(WorldBox(world, a).min.x + 2.5f) <= 1e-5f);
  CHECK(WorldBox(world, b).min.x == -2.5f);
  // Bit for bit: the other coordinates, rotation and scale; and the whole world apart from the two X's.
  CHECK(t::TransformOf(world, a).position.y == a0.position.y);
  CHECK(t::TransformOf(world, a).position.z == a0.position.z);
  CHECK(t::TransformOf(world, a).rotation == a0.rotation);
  CHECK(t::TransformOf(world, b).position.y == b0.position.y);
  CHECK(t::TransformOf(world, b).position.z == b0.position.z);
  CHECK(t::TransformOf(world, b).scale == b0.scale);
  CHECK(DumpWithPositions(world, {{a, a0.position}, {b, b0.position}}) == before);
  const std::string after = ecs::DumpWorld(world);

  Undo(context);
  CHECK(ecs::DumpWorld(world) == before);
  Redo(context);
  CHECK(ecs::DumpWorld(world) == after);
  (void)bystander;
}

TEST_CASE("Align centre and max move box centres and maxima onto the selection's", "[arrange][align]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const auto a = t::AddEntity(world, "A", t::At({1, 0, 0}));
  const auto b = t::AddEntity(world, "B", t::At({2, 4, 3}, kIdentity, {1, 3, 1}));
  const auto c = t::AddEntity(world, "C", t::At({3, -2, 9}));
  const std::array ids{a, b, c};
  const std::string before = ecs::DumpWorld(world);
  WorldMatrices matrices;
  matrices.Refresh(world);

  SECTION("centre Y: the centre of the box around them all, [-2.5, 5.5] -> 1.5") {
    ecs::Action action =
        arrange::Align(world, matrices, ids, Axis::kY, AlignEdge::kCentre, ViewportBounds(world, matrices));
    CHECK(action.name == "Align 3 entities (centre Y)");
    Apply(context, std::move(action));
    CHECK(t::TransformOf(world, a).position == glm::vec3(1, 1.5f, 0));
    CHECK(t::TransformOf(world, b).position == glm::vec3(2, 1.5f, 3));
    CHECK(t::TransformOf(world, c).position == glm::vec3(3, 1.5f, 9));
  }
  SECTION("max Z: every box max on 9.5") {
    Apply(context, arrange::Align(world, matrices, ids, Axis::kZ, AlignEdge::kMax, ViewportBounds(world, matrices)));
    CHECK(t::TransformOf(world, a).position == glm::vec3(1, 0, 9));
    CHECK(t::TransformOf(world, b).position == glm::vec3(2, 4, 9));
    CHECK(t::TransformOf(world, c).position == glm::vec3(3, -2, 9));
    CHECK(t::TransformOf(world, b).scale == glm::vec3(1, 3, 1));
  }
  Undo(context);
  CHECK(ecs::DumpWorld(world) == before);
}

TEST_CASE("Align uses the boxes the bounds function gives", "[arrange][align]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const auto small = t::AddEntity(world, "Small", t::At({0, 0, 0}));
  const auto wide = t::AddEntity(world, "Wide", t::At({10, 0, 0}));
  WorldMatrices matrices;
  matrices.Refresh(world);
  // "Wide" reaches 4 units either side of its origin, "Small" 1.
  const EntityBoundsFn bounds = [&](ecs::Entity entity) {
    const float half = world.GetEntityId(entity) == wide ? 4.0f : 1.0f;
    const glm::vec3 at(matrices.Of(world, entity)[3]);
    return render::Aabb{at - glm::vec3(half), at + glm::vec3(half)};
  };
  const std::array ids{small, wide};
  Apply(context, arrange::Align(world, matrices, ids, Axis::kX, AlignEdge::kMax, bounds));
  CHECK(t::TransformOf(world, small).position.x == 13.0f);  // its max on Wide's 14
  CHECK(t::TransformOf(world, wide).position.x == 10.0f);
}

TEST_CASE("Aligning a child of a rotated, scaled parent moves its world box by the world offset",
          "[arrange][align][local]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  // A quarter turn about Y and scale 2: the parent's local +Z is world +X, doubled.
  const auto parent = t::AddEntity(world, "Parent", t::At({10, 0, 0}, kQuarterTurnY, glm::vec3(2)));
  const auto child = t::AddEntity(world, "Child", t::At({1, 0, 0}), parent);
  const auto root = t::AddEntity(world, "Root", t::At({4, 3, 3}));
  const std::string before = ecs::DumpWorld(world);
  const ecs::Transform child0 = t::TransformOf(world, child);
  const glm::vec3 child_world0 = t::WorldPositionOf(world, child);
  CHECK_NEAR_VEC(child_world0, glm::vec3(10, 0, -2));

  WorldMatrices matrices;
  matrices.Refresh(world);
  const std::array ids{child, root};
  Apply(context, arrange::Align(world, matrices, ids, Axis::kX, AlignEdge::kMin, ViewportBounds(world, matrices)));

  // The child's box ([9, 11] on X: a unit cube at scale 2) starts on the root's 3.5: 5.5 to the left.
  CHECK(std::abs(WorldBox(world, child).min.x - 3.5f) <= 1e-5f);
  CHECK_NEAR_VEC(t::WorldPositionOf(world, child), glm::vec3(4.5f, 0, -2));
  CHECK_NEAR_VEC(t::TransformOf(world, child).position, glm::vec3(1, 0, -2.75f));
  CHECK(t::TransformOf(world, child).rotation == child0.rotation);
  CHECK(t::TransformOf(world, child).scale == child0.scale);
  CHECK(t::TransformOf(world, root).position == glm::vec3(4, 3, 3));
  CHECK(DumpWithPositions(world, {{child, child0.position}}) == before);
  Undo(context);
  CHECK(ecs::DumpWorld(world) == before);
}

TEST_CASE("A selected child of a selected parent moves with its parent only", "[arrange][align][local]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const auto parent = t::AddEntity(world, "Parent", t::At({5, 0, 0}));
  const auto child = t::AddEntity(world, "Child", t::At({1, 0, 0}), parent);
  const auto other = t::AddEntity(world, "Other", t::At({-3, 0, 0}));
  WorldMatrices matrices;
  matrices.Refresh(world);
  const std::array ids{child, parent, other};
  ecs::Action action =
      arrange::Align(world, matrices, ids, Axis::kX, AlignEdge::kMin, ViewportBounds(world, matrices));
  CHECK(action.name == "Align 2 entities (min X)");
  Apply(context, std::move(action));
  CHECK(t::TransformOf(world, parent).position == glm::vec3(-3, 0, 0));
  CHECK(t::TransformOf(world, child).position == glm::vec3(1, 0, 0));
}

TEST_CASE("Align refuses fewer than two targets and ids no entity has, naming why", "[arrange][align]") {
  auto world = t::MakeWorld();
  const auto parent = t::AddEntity(*world, "Parent");
  const auto child = t::AddEntity(*world, "Child", {}, parent);
  WorldMatrices matrices;
  matrices.Refresh(*world);
  const EntityBoundsFn bounds = ViewportBounds(*world, matrices);
  const std::array one{parent, child};  // the child moves with its parent: one target
  REQUIRE_THROWS_AS(arrange::Align(*world, matrices, one, Axis::kX, AlignEdge::kMin, bounds), ActionError);
  REQUIRE_THROWS_WITH(arrange::Align(*world, matrices, one, Axis::kX, AlignEdge::kMin, bounds),
                      Catch::Contains("cannot align on X") && Catch::Contains("at least 2") &&
                          Catch::Contains("the selection has 1"));
  REQUIRE_THROWS_WITH(arrange::Align(*world, matrices, std::vector<ecs::EntityId>{}, Axis::kY, AlignEdge::kMin, bounds),
                      Catch::Contains("no entity is selected"));
  const std::array stale{parent, ecs::EntityId{0x1234}};
  REQUIRE_THROWS_WITH(arrange::Align(*world, matrices, stale, Axis::kZ, AlignEdge::kMax, bounds),
                      Catch::Contains("no entity has id 0000000000001234"));
}

TEST_CASE("Align on any axis leaves every target's box edge on the selection's, whatever the hierarchy",
          "[arrange][align][local][property]") {
  std::mt19937 random(2024);
  std::uniform_real_distribution<float> coordinate(-5.0f, 5.0f);
  std::uniform_real_distribution<float> factor(0.5f, 2.0f);
  std::uniform_int_distribution<int> pick(0, 2);
  for (int round = 0; round < 25; ++round) {
    EditorContext context(t::TestEditorOptions(static_cast<std::uint64_t>(round) + 7));
    ecs::Coordinator& world = context.World();
    const glm::quat turn =
        glm::angleAxis(coordinate(random), glm::normalize(glm::vec3(coordinate(random), coordinate(random), 1.0f)));
    const auto parent = t::AddEntity(world, "Parent",
                                     t::At({coordinate(random), coordinate(random), coordinate(random)}, turn,
                                           {factor(random), factor(random), factor(random)}));
    std::vector<ecs::EntityId> ids;
    for (int i = 0; i < 4; ++i) {
      const ecs::EntityId under = i % 2 == 0 ? parent : ecs::kNoEntityId;
      ids.push_back(t::AddEntity(world, "E" + std::to_string(i),
                                 t::At({coordinate(random), coordinate(random), coordinate(random)},
                                       glm::angleAxis(coordinate(random), glm::vec3(0, 0, 1)), glm::vec3(factor(random))),
                                 under));
    }
    const Axis axis = static_cast<Axis>(pick(random));
    const AlignEdge edge = static_cast<AlignEdge>(pick(random));
    const int i_axis = static_cast<int>(axis);
    std::vector<glm::vec3> starts;
    render::Aabb all;
    for (const ecs::EntityId id : ids) {
      starts.push_back(t::WorldPositionOf(world, id));
      all.Expand(WorldBox(world, id));
    }
    const float goal = edge == AlignEdge::kMin ? all.min[i_axis] : edge == AlignEdge::kMax ? all.max[i_axis]
                                                                                             : all.Center()[i_axis];
    WorldMatrices matrices;
    matrices.Refresh(world);
    Apply(context, arrange::Align(world, matrices, ids, axis, edge, ViewportBounds(world, matrices)));
    for (std::size_t i = 0; i < ids.size(); ++i) {
      INFO("round " << round << ", entity " << i << ", axis " << i_axis << ", edge " << static_cast<int>(edge));
      const render::Aabb box = WorldBox(world, ids[i]);
      const float edge_now = edge == AlignEdge::kMin ? box.min[i_axis] : edge == AlignEdge::kMax ? box.max[i_axis]
                                                                                               : box.Center()[i_axis];
      CHECK(std::abs(edge_now - goal) <= 1e-3f);
      const glm::vec3 moved = t::WorldPositionOf(world, ids[i]);
      for (int other = 0; other < 3; ++other) {
        if (other != i_axis) CHECK(std::abs(moved[other] - starts[i][other]) <= 1e-3f);
      }
    }
  }
}

// ---- Distribute ---------------------------------------------------------------------

TEST_CASE("Distribute keeps the first and last centres and spaces the others evenly between them",
          "[arrange][distribute][undo]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  // Selection order is not the order along X: 0, 9, 1, 5 -> sorted 0, 1, 5, 9 -> 0, 3, 6, 9.
  const auto a = t::AddEntity(world, "A", t::At({0, 1, 2}));
  const auto b = t::AddEntity(world, "B", t::At({9, 3, 4}, kQuarterTurnY));
  const auto c = t::AddEntity(world, "C", t::At({1, 5, 6}, kIdentity, {3, 3, 3}));
  const auto d = t::AddEntity(world, "D", t::At({5, 7, 8}));
  const std::string before = ecs::DumpWorld(world);
  WorldMatrices matrices;
  matrices.Refresh(world);
  const std::array ids{a, b, c, d};
  ecs::Action action = arrange::Distribute(world, matrices, ids, Axis::kX, ViewportBounds(world, matrices));
  CHECK(action.name == "Distribute 4 entities along X");
  CHECK(action.commands.size() == 2);
  Apply(context, std::move(action));

  CHECK(t::TransformOf(world, a).position == glm::vec3(0, 1, 2));
  CHECK(t::TransformOf(world, b).position == glm::vec3(9, 3, 4));
  CHECK(t::TransformOf(world, c).position == glm::vec3(3, 5, 6));
  CHECK(t::TransformOf(world, d).position == glm::vec3(6, 7, 8));
  CHECK(DumpWithPositions(world, {{c, {1, 5, 6}}, {d, {5, 7, 8}}}) == before);
  Undo(context);
  CHECK(ecs::DumpWorld(world) == before);
}

TEST_CASE("Distribute moves a child of a rotated, scaled parent along the world axis", "[arrange][distribute][local]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const glm::quat turn = glm::angleAxis(glm::radians(30.0f), glm::normalize(glm::vec3(1, 2, 0)));
  const auto parent = t::AddEntity(world, "Parent", t::At({3, 1, -2}, turn, {2.0f, 0.5f, 1.5f}));
  const auto first = t::AddEntity(world, "First", t::At({0, 0, 0}));
  const auto child = t::AddEntity(world, "Child", t::At({0.5f, 1, 1}), parent);
  const auto last = t::AddEntity(world, "Last", t::At({0, 10, 0}));
  const glm::vec3 child_start = t::WorldPositionOf(world, child);
  const glm::quat child_rotation = t::TransformOf(world, child).rotation;
  WorldMatrices matrices;
  matrices.Refresh(world);
  // Centres along Y: the child's box is not a unit cube under this parent; the point is its centre.
  const EntityBoundsFn points = [&](ecs::Entity entity) {
    render::Aabb box;
    box.Expand(glm::vec3(matrices.Of(world, entity)[3]));
    return box;
  };
  const std::array ids{first, child, last};
  Apply(context, arrange::Distribute(world, matrices, ids, Axis::kY, points));
  CHECK_NEAR_VEC(t::WorldPositionOf(world, child), glm::vec3(child_start.x, 5.0f, child_start.z));
  CHECK(t::TransformOf(world, child).rotation == child_rotation);
}

TEST_CASE("Distribute refuses fewer than three targets", "[arrange][distribute]") {
  auto world = t::MakeWorld();
  const auto a = t::AddEntity(*world, "A");
  const auto b = t::AddEntity(*world, "B");
  WorldMatrices matrices;
  matrices.Refresh(*world);
  const std::array ids{a, b};
  REQUIRE_THROWS_WITH(arrange::Distribute(*world, matrices, ids, Axis::kZ, ViewportBounds(*world, matrices)),
                      Catch::Contains("cannot distribute along Z") && Catch::Contains("at least 3") &&
                          Catch::Contains("the selection has 2"));
}

// ---- Snap to grid ---------------------------------------------------------------------

TEST_CASE("Snap to grid rounds each root's position to the nearest multiple of the step", "[arrange][snap][undo]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const glm::quat tilt = glm::angleAxis(0.7f, glm::vec3(0, 0, 1));
  const auto a = t::AddEntity(world, "A", t::At({0.3f, 1.26f, -0.74f}, tilt, {1, 2, 3}));
  const auto b = t::AddEntity(world, "B", t::At({-0.2f, 2.5f, 7.0f}));
  const auto c = t::AddEntity(world, "C", t::At({1.0f, -1.5f, 0.5f}));  // on the grid already
  const std::string before = ecs::DumpWorld(world);
  WorldMatrices matrices;
  matrices.Refresh(world);
  const std::array ids{a, b, c};
  ecs::Action action = arrange::SnapToGrid(world, matrices, ids, 0.5f);
  CHECK(action.name == "Snap 3 entities to grid 0.5");
  CHECK(action.commands.size() == 2);  // C needs none
  Apply(context, std::move(action));

  CHECK(t::TransformOf(world, a).position == glm::vec3(0.5f, 1.5f, -0.5f));
  const glm::vec3 b_now = t::TransformOf(world, b).position;
  CHECK(b_now == glm::vec3(0.0f, 2.5f, 7.0f));
  CHECK_FALSE(std::signbit(b_now.x));  // 0, not -0
  CHECK(t::TransformOf(world, c).position == glm::vec3(1.0f, -1.5f, 0.5f));
  CHECK(DumpWithPositions(world, {{a, {0.3f, 1.26f, -0.74f}}, {b, {-0.2f, 2.5f, 7.0f}}}) == before);
  Undo(context);
  CHECK(ecs::DumpWorld(world) == before);

  WorldMatrices again;
  again.Refresh(world);
  const std::array one{a};
  CHECK(arrange::SnapToGrid(world, again, one, 0.25f).name == "Snap 'A' to grid 0.25");
}

TEST_CASE("Snap to grid puts a child of a rotated, scaled parent on the world grid", "[arrange][snap][local]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const glm::quat turn = glm::angleAxis(glm::radians(37.0f), glm::normalize(glm::vec3(1, 1, 0)));
  const auto parent = t::AddEntity(world, "Parent", t::At({0.3f, 0.2f, 0.1f}, turn, {2.0f, 0.5f, 1.5f}));
  const auto child = t::AddEntity(world, "Child", t::At({0.7f, 1.1f, -0.4f}), parent);
  const glm::vec3 start = t::WorldPositionOf(world, child);
  const ecs::Transform child0 = t::TransformOf(world, child);
  WorldMatrices matrices;
  matrices.Refresh(world);
  const std::array ids{child};
  Apply(context, arrange::SnapToGrid(world, matrices, ids, 0.25f));
  const glm::vec3 expected(std::round(start.x * 4) / 4, std::round(start.y * 4) / 4, std::round(start.z * 4) / 4);
  CHECK_NEAR_VEC(t::WorldPositionOf(world, child), expected);
  CHECK(t::TransformOf(world, child).rotation == child0.rotation);
  CHECK(t::TransformOf(world, child).scale == child0.scale);
  CHECK(t::TransformOf(world, parent).position == glm::vec3(0.3f, 0.2f, 0.1f));  // not a target
}

TEST_CASE("Snap to grid refuses a step that is not greater than 0 and a selection without a Transform",
          "[arrange][snap]") {
  auto world = t::MakeWorld();
  const auto a = t::AddEntity(*world, "A");
  const ecs::EntityId bare = world->GetEntityId(world->CreateEntity());
  WorldMatrices matrices;
  matrices.Refresh(*world);
  const std::array ids{a};
  REQUIRE_THROWS_WITH(arrange::SnapToGrid(*world, matrices, ids, 0.0f),
                      Catch::Contains("cannot snap to grid") && Catch::Contains("greater than 0 (got 0)"));
  REQUIRE_THROWS_WITH(arrange::SnapToGrid(*world, matrices, ids, -1.0f), Catch::Contains("(got -1)"));
  REQUIRE_THROWS_AS(arrange::SnapToGrid(*world, matrices, ids, std::nanf("")), ActionError);
  const std::array no_transform{bare};
  REQUIRE_THROWS_WITH(arrange::SnapToGrid(*world, matrices, no_transform, 1.0f),
                      Catch::Contains("no selected entity has a Transform"));
}

// ---- Array duplicate ----------------------------------------------------------------------

TEST_CASE("An array copy k is moved by k position steps, turned by k rotation steps and scaled by factor^k",
          "[arrange][array]") {
  arrange::ArrayStep step;
  step.position = {2, 0, -1};
  step.rotation_degrees = {0, 90, 0};
  step.scale = {1, 2, 0.5f};
  const ecs::Transform original = t::At({1, 2, 3}, kIdentity, {1, 1, 4});
  const ecs::Transform third = arrange::ArrayCopyTransform(original, glm::mat4(1.0f), step, 3);
  CHECK(third.position == glm::vec3(7, 2, 0));
  CHECK(t::SameRotation(third.rotation, glm::angleAxis(glm::radians(270.0f), glm::vec3(0, 1, 0))));
  CHECK(third.scale == glm::vec3(1, 8, 0.5f));

  SECTION("identity steps leave the parts bit for bit") {
    const ecs::Transform tilted = t::At({0.1f, 0.2f, 0.3f}, glm::angleAxis(0.3f, glm::vec3(1, 0, 0)), {1, 2, 3});
    arrange::ArrayStep move_only;
    move_only.position = {0, 0, 1.5f};
    const ecs::Transform moved = arrange::ArrayCopyTransform(tilted, glm::mat4(1.0f), move_only, 2);
    CHECK(moved.position == glm::vec3(0.1f, 0.2f, 0.3f + 3.0f));
    CHECK(moved.rotation == tilted.rotation);
    CHECK(moved.scale == tilted.scale);
  }
  SECTION("under a rotated, scaled parent the position step is a world offset") {
    glm::mat4 parent = glm::translate(glm::mat4(1.0f), {5, 0, 0});
    parent = glm::rotate(parent, glm::radians(90.0f), glm::vec3(0, 1, 0));
    parent = glm::scale(parent, glm::vec3(2.0f));
    arrange::ArrayStep along_x;
    along_x.position = {1, 0, 0};
    const ecs::Transform child = t::At({1, 0, 0});
    const ecs::Transform copy = arrange::ArrayCopyTransform(child, parent, along_x, 4);
    CHECK_NEAR_VEC(glm::vec3(parent * copy.LocalMatrix()[3]), glm::vec3(parent * child.LocalMatrix()[3]) + glm::vec3(4, 0, 0));
  }
}

TEST_CASE("Array duplicate makes N copies of every subtree in one action that one undo removes",
          "[arrange][array][undo]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const auto crate = t::AddMesh(world, "Crate", ecs::MeshShape::kCube, t::At({1, 0, 0}));
  const auto lid = t::AddEntity(world, "Lid", t::At({0, 0.5f, 0}), crate);
  const auto barrel = t::AddMesh(world, "Barrel", ecs::MeshShape::kCylinder, t::At({0, 0, 5}, kIdentity, {1, 2, 1}));
  const auto outside = t::AddEntity(world, "Outside");
  // The barrel follows the crate (a reference inside the copied selection) ...
  world.AddComponent<ecs::Follow>(world.GetEntity(barrel), ecs::Follow{crate, {0, 1, 0}, 0.0f});
  // ... and the lid follows an entity outside it.
  world.AddComponent<ecs::Follow>(world.GetEntity(lid), ecs::Follow{outside, {0, 1, 0}, 0.0f});
  const std::string before = ecs::DumpWorld(world);
  const std::size_t count_before = world.EntityCount();

  WorldMatrices matrices;
  matrices.Refresh(world);
  arrange::ArrayStep step;
  step.position = {2, 0, 0};
  step.rotation_degrees = {0, 90, 0};
  step.scale = {1, 2, 1};
  const std::array ids{crate, lid, barrel};  // the lid comes with its crate
  ecs::Action action = arrange::ArrayDuplicate(world, matrices, ids, 3, step);
  CHECK(action.name == "Array 3 copies of 2 entities");
  CHECK(action.commands.size() == 6);
  const std::vector<ecs::EntityId> created = actions::CreatedEntities(action);
  REQUIRE(created.size() == 6);
  Apply(context, std::move(action), EnqueueOptions::SelectingCreated());

  CHECK(context.GetHistory().UndoCount() == 1);
  CHECK(context.GetHistory().UndoName() == "Array 3 copies of 2 entities");
  CHECK(world.EntityCount() == count_before + 3 * 3);  // (crate + lid + barrel) x 3
  CHECK(context.GetSelection().Ids() == created);

  // Root order: each original followed by its copies 1..3.
  std::vector<std::string> roots;
  world.ForEachChild(ecs::kNullEntity, [&](ecs::Entity e) { roots.push_back(NameOf(world, world.GetEntityId(e))); });
  CHECK(roots == std::vector<std::string>{"Crate", "Crate (1)", "Crate (2)", "Crate (3)", "Barrel", "Barrel (1)",
                                          "Barrel (2)", "Barrel (3)", "Outside"});

  for (int k = 1; k <= 3; ++k) {
    INFO("copy " << k);
    const ecs::Entity crate_copy = world.GetChildren(ecs::kNullEntity)[static_cast<std::size_t>(k)];
    const ecs::Entity barrel_copy = world.GetChildren(ecs::kNullEntity)[static_cast<std::size_t>(4 + k)];
    const ecs::EntityId crate_id = world.GetEntityId(crate_copy);
    const auto& crate_transform = world.GetComponent<ecs::Transform>(crate_copy);
    CHECK(crate_transform.position == glm::vec3(1.0f + 2.0f * static_cast<float>(k), 0, 0));
    CHECK(t::SameRotation(crate_transform.rotation,
                          glm::angleAxis(glm::radians(90.0f * static_cast<float>(k)), glm::vec3(0, 1, 0))));
    CHECK(crate_transform.scale == glm::vec3(1, std::pow(2.0f, static_cast<float>(k)), 1));
    const auto& barrel_transform = world.GetComponent<ecs::Transform>(barrel_copy);
    CHECK(barrel_transform.position == glm::vec3(2.0f * static_cast<float>(k), 0, 5));
    CHECK(barrel_transform.scale == glm::vec3(1, 2 * std::pow(2.0f, static_cast<float>(k)), 1));
    // The copy's lid keeps its local Transform and follows the same outside entity.
    REQUIRE(world.ChildCount(crate_copy) == 1);
    const ecs::Entity lid_copy = world.FirstChild(crate_copy);
    CHECK(NameOf(world, world.GetEntityId(lid_copy)) == "Lid");
    CHECK(world.GetComponent<ecs::Transform>(lid_copy) == t::TransformOf(world, lid));
    CHECK(world.GetComponent<ecs::Follow>(lid_copy).target == outside);
    // The barrel copy follows the crate copy of the same k.
    CHECK(world.GetComponent<ecs::Follow>(barrel_copy).target == crate_id);
    CHECK(world.GetComponent<ecs::MeshRenderer>(barrel_copy) == world.GetComponent<ecs::MeshRenderer>(world.GetEntity(barrel)));
  }
  const std::string after = ecs::DumpWorld(world);

  Undo(context);
  CHECK(ecs::DumpWorld(world) == before);
  CHECK(world.EntityCount() == count_before);
  Redo(context);
  CHECK(ecs::DumpWorld(world) == after);  // the same ids, names and values
  for (const ecs::EntityId id : created) CHECK_FALSE(world.FindEntity(id).IsNull());
}

TEST_CASE("Array copies of a child of a rotated, scaled parent step along the world axes",
          "[arrange][array][local]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const glm::quat turn = glm::angleAxis(glm::radians(30.0f), glm::normalize(glm::vec3(1, 2, 0)));
  const auto parent = t::AddEntity(world, "Parent", t::At({3, 1, -2}, turn, {2.0f, 0.5f, 1.5f}));
  const auto post = t::AddEntity(world, "Post", t::At({1, 1, 1}), parent);
  const glm::vec3 start = t::WorldPositionOf(world, post);
  WorldMatrices matrices;
  matrices.Refresh(world);
  arrange::ArrayStep step;
  step.position = {0, 0, 1.5f};
  const std::array ids{post};
  ecs::Action action = arrange::ArrayDuplicate(world, matrices, ids, 4, step);
  CHECK(action.name == "Array 4 copies of 'Post'");
  Apply(context, std::move(action));
  REQUIRE(world.ChildCount(world.GetEntity(parent)) == 5);
  for (std::size_t k = 1; k <= 4; ++k) {
    const ecs::EntityId copy = world.GetEntityId(world.ChildAt(world.GetEntity(parent), k));
    INFO("copy " << k);
    CHECK(NameOf(world, copy) == "Post (" + std::to_string(k) + ")");
    CHECK_NEAR_VEC(t::WorldPositionOf(world, copy), start + glm::vec3(0, 0, 1.5f * static_cast<float>(k)));
    CHECK(t::TransformOf(world, copy).rotation == t::TransformOf(world, post).rotation);
  }
}

TEST_CASE("Array copies take the first free numbers among their siblings", "[arrange][array]") {
  EditorContext context(t::TestEditorOptions());
  ecs::Coordinator& world = context.World();
  const auto crate = t::AddEntity(world, "Crate");
  t::AddEntity(world, "Crate (2)");
  WorldMatrices matrices;
  matrices.Refresh(world);
  const std::array ids{crate};
  ecs::Action action = arrange::ArrayDuplicate(world, matrices, ids, 3, {});
  CHECK(action.name == "Array 3 copies of 'Crate'");
  Apply(context, std::move(action));
  std::vector<std::string> roots;
  world.ForEachChild(ecs::kNullEntity, [&](ecs::Entity e) { roots.push_back(NameOf(world, world.GetEntityId(e))); });
  CHECK(roots == std::vector<std::string>{"Crate", "Crate (1)", "Crate (3)", "Crate (4)", "Crate (2)"});
}

TEST_CASE("Array duplicate refuses a count out of range and a scale factor of 0", "[arrange][array]") {
  auto world = t::MakeWorld();
  const auto a = t::AddEntity(*world, "A");
  WorldMatrices matrices;
  matrices.Refresh(*world);
  const std::array ids{a};
  REQUIRE_THROWS_WITH(arrange::ArrayDuplicate(*world, matrices, ids, 0, {}),
                      Catch::Contains("cannot make an array") && Catch::Contains("between 1 and 1000 (got 0)"));
  REQUIRE_THROWS_AS(arrange::ArrayDuplicate(*world, matrices, ids, arrange::kMaxArrayCopies + 1, {}), ActionError);
  arrange::ArrayStep flat;
  flat.scale = {1, 0, 1};
  REQUIRE_THROWS_WITH(arrange::ArrayDuplicate(*world, matrices, ids, 2, flat),
                      Catch::Contains("every scale factor must be a finite number other than 0 (got 1, 0, 1)"));
  CHECK(arrange::ArrayDuplicate(*world, matrices, ids, 1, {}).name == "Array 1 copy of 'A'");
}
