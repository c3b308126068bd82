#include <catch2/catch.hpp>

#include "cairn/editor/selection.h"
#include "cairn/editor/viewport/pick_selection.h"

using cairn::ecs::EntityId;
using cairn::ecs::kNoEntityId;
using cairn::editor::ApplyPickClick;
using cairn::editor::Selection;

namespace {
const EntityId kA{0xa}, kB{0xb}, kC{0xc};
}

TEST_CASE("Clicking an entity selects exactly it", "[viewport][pick][selection]") {
  Selection selection;
  selection.Select(kA);
  selection.Add(kB);
  CHECK(ApplyPickClick(selection, kC, false));
  CHECK(selection.Ids() == std::vector<EntityId>{kC});
  CHECK(selection.Primary() == kC);
  CHECK_FALSE(ApplyPickClick(selection, kC, false));  // already exactly that
}

TEST_CASE("Ctrl+clicking adds an entity or removes a selected one", "[viewport][pick][selection]") {
  Selection selection;
  selection.Select(kA);
  CHECK(ApplyPickClick(selection, kB, true));
  CHECK(selection.Ids() == std::vector<EntityId>{kA, kB});
  CHECK(selection.Primary() == kB);
  CHECK(ApplyPickClick(selection, kA, true));
  CHECK(selection.Ids() == std::vector<EntityId>{kB});
}

TEST_CASE("Clicking empty space clears the selection, Ctrl+clicking it keeps it", "[viewport][pick][selection]") {
  Selection selection;
  selection.Select(kA);
  CHECK_FALSE(ApplyPickClick(selection, kNoEntityId, true));
  CHECK(selection.Count() == 1);
  CHECK(ApplyPickClick(selection, kNoEntityId, false));
  CHECK(selection.Empty());
  CHECK_FALSE(ApplyPickClick(selection, kNoEntityId, false));
}
