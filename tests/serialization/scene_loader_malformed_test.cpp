// The malformed corpus (data/malformed/): every file is refused with exactly
// one error, asserted by pointer and message, and the scene that was open
// before the attempt is left exactly as it was.

#include <catch2/catch.hpp>

#include "cairn/ecs/world_dump.h"
#include "cairn/serialization/scene_loader.h"
#include "test_support.h"

using namespace cairn::serialization;
using cairn::serialization::test::DataPath;
using cairn::serialization::test::ReadText;

namespace {

void CheckMalformed(const std::string& file, const std::string& pointer, const std::string& message,
                    const LoadOptions& options = {}) {
  LoadOptions base_options;
  base_options.id_seed = 1;
  LoadResult base = LoadSceneFile(DataPath("valid_base.scene"), base_options);
  REQUIRE(base.Ok());
  Scene open = std::move(*base.scene);
  const cairn::ecs::Coordinator* world_before = open.world.get();
  const std::string dump_before = cairn::ecs::DumpWorld(*open.world);
  const cairn::ecs::PlainValue editor_before = open.editor;

  const std::vector<Diagnostic> diagnostics = LoadSceneInto(open, ReadText(DataPath("malformed/" + file)), options);

  std::vector<Diagnostic> errors;
  for (const Diagnostic& diagnostic : diagnostics) {
    if (diagnostic.IsError()) errors.push_back(diagnostic);
  }
  INFO(file);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].pointer == pointer);
  CHECK(errors[0].message == message);
  REQUIRE(open.world.get() == world_before);
  REQUIRE(cairn::ecs::DumpWorld(*open.world) == dump_before);
  REQUIRE(open.editor == editor_before);
}

}  // namespace

#define MALFORMED(file, pointer, message)                                                           \
  TEST_CASE("Malformed " file " is refused at its pointer, the open scene untouched",               \
            "[serialization][scene_loader][malformed]") {                                           \
    CheckMalformed(file, pointer, message);                                                         \
  }

// ---- Not JSON -----------------------------------------------------------------

MALFORMED("truncated.scene", "",
          "not valid JSON at line 18, column 3: syntax error while parsing object key - unexpected end of input; "
          "expected string literal")
MALFORMED("trailing_comma.scene", "",
          "not valid JSON at line 5, column 1: syntax error while parsing object key - unexpected '}'; expected "
          "string literal")
MALFORMED("empty.scene", "",
          "not valid JSON at line 1, column 1: syntax error while parsing value - unexpected end of input; expected "
          "'[', '{', or a literal")
MALFORMED("invalid_utf8.scene", "",
          "not valid JSON at line 134, column 18: syntax error while parsing value - invalid string: ill-formed "
          "UTF-8 byte; last read: '\"L<0xC3>m'")
MALFORMED("comment.scene", "",
          "not valid JSON at line 1, column 1: syntax error while parsing value - invalid literal; last read: '/'")
MALFORMED("trailing_nul.scene", "",
          "not valid JSON at line 171, column 1 (byte offset 2829): 32 bytes after the end of the document, starting "
          "'<0x00>garbage that a ...'")
MALFORMED("binary_garbage.scene", "",
          "not valid JSON at line 1, column 1 (byte offset 0): a NUL byte, which JSON text never holds (a binary file, "
          "or text in UTF-16?)")
MALFORMED("duplicate_key.scene", "/entities/0", "duplicate key \"order\"")
MALFORMED("number_overflow.scene", "/entities/3/components/Transform/position/0",
          "expected a finite number, found 1e999")

// ---- Document and header ---------------------------------------------------------

MALFORMED("root_array.scene", "", "the document must be a JSON object, found an array of 0 elements")
MALFORMED("missing_format.scene", "", "missing key \"format\" (expected \"cairn.scene\")")
MALFORMED("wrong_format.scene", "/format", "expected \"cairn.scene\", found \"cairn.runtime\"")
MALFORMED("format_not_string.scene", "/format", "expected \"cairn.scene\", found 1")
MALFORMED("missing_version.scene", "", "missing key \"version\"")
MALFORMED("newer_version.scene", "/version",
          "version 4 is newer than this build supports (3); open it with a newer Cairn")
MALFORMED("version_string.scene", "/version", "expected an integer from 0 to 3, found \"1\"")
MALFORMED("version_negative.scene", "/version", "expected an integer from 0 to 3, found -1")
MALFORMED("version_fraction.scene", "/version", "expected an integer from 0 to 3, found 1.5")
MALFORMED("version_one_point_zero.scene", "/version", "expected an integer from 0 to 3, found 1.0")
MALFORMED("missing_entities.scene", "", "missing key \"entities\"")
MALFORMED("entities_not_array.scene", "/entities", "expected an array of entities, found an object")
MALFORMED("unknown_top_key.scene", "/extra", "unknown key \"extra\" (expected format, version, editor, entities, instances)")
MALFORMED("editor_not_object.scene", "/editor", "expected an object, found an array of 0 elements")

// ---- Entity keys --------------------------------------------------------------------

MALFORMED("entity_not_object.scene", "/entities/3", "expected an entity object, found 5")
MALFORMED("missing_id.scene", "/entities/0", "missing key \"id\"")
MALFORMED("id_not_string.scene", "/entities/0/id", "expected an entity id (16 hex digits), found 42")
MALFORMED("id_too_short.scene", "/entities/0/id", "expected an entity id (16 hex digits), found \"1000000\"")
MALFORMED("id_not_hex.scene", "/entities/0/id", "expected an entity id (16 hex digits), found \"100000000000000g\"")
MALFORMED("id_zero.scene", "/entities/0/id", "entity id 0000000000000000 is reserved for \"no entity\"")
MALFORMED("duplicate_id.scene", "/entities/2/id", "duplicate id 2000000000000002 (also used by /entities/1)")
MALFORMED("missing_name.scene", "/entities/1", "missing key \"name\"")
MALFORMED("name_not_string.scene", "/entities/1/name", "expected a string or null, found 7")
MALFORMED("missing_parent.scene", "/entities/2", "missing key \"parent\"")
MALFORMED("parent_not_id.scene", "/entities/2/parent", "expected an entity id (16 hex digits) or null, found \"nope\"")
MALFORMED("missing_order.scene", "/entities/0", "missing key \"order\"")
MALFORMED("order_negative.scene", "/entities/0/order", "expected a non-negative integer, found -1")
MALFORMED("order_fraction.scene", "/entities/0/order", "expected a non-negative integer, found 0.5")
MALFORMED("missing_components.scene", "/entities/3", "missing key \"components\"")
MALFORMED("components_not_object.scene", "/entities/0/components",
          "expected an object of components, found an array of 0 elements")
MALFORMED("unknown_entity_key.scene", "/entities/0/tags",
          "unknown key \"tags\" (expected id, name, parent, order, components)")
MALFORMED("world_in_scene.scene", "/entities/0/world",
          "unknown key \"world\" (expected id, name, parent, order, components)")

// ---- Hierarchy -------------------------------------------------------------------------

MALFORMED("dangling_parent.scene", "/entities/2/parent", "no entity in this file has id 00000000000000ff")
MALFORMED("self_parent.scene", "/entities/0/parent", "an entity cannot be its own parent")
MALFORMED("parent_cycle.scene", "/entities/0/parent",
          "parent cycle: 1000000000000001 -> 4000000000000004 -> 3000000000000003 -> 2000000000000002 -> "
          "1000000000000001")

// ---- Components and fields --------------------------------------------------------------

MALFORMED("component_not_object.scene", "/entities/0/components/Transform", "expected an object of fields, found 5")
MALFORMED("missing_field.scene", "/entities/1/components/Transform", "missing field \"scale\"")
MALFORMED("unknown_field.scene", "/entities/1/components/Transform/skew",
          "unknown field \"skew\" (Transform has position, rotation, scale)")
MALFORMED("position_string.scene", "/entities/3/components/Transform/position",
          "expected an array of 3 numbers, found a string")
MALFORMED("position_two_numbers.scene", "/entities/3/components/Transform/position",
          "expected an array of 3 numbers, found an array of 2 elements")
MALFORMED("position_element_string.scene", "/entities/3/components/Transform/position/1",
          "expected a number, found a string")
MALFORMED("rotation_five_numbers.scene", "/entities/3/components/Transform/rotation",
          "expected an array of 4 numbers, found an array of 5 elements")
MALFORMED("color_null.scene", "/entities/0/components/MeshRenderer/color", "expected an array of 4 numbers, found null")
MALFORMED("float_out_of_range.scene", "/entities/3/components/Light/intensity",
          "expected a number in the range of a 32-bit float, found 1e+39")
MALFORMED("quaternion_zero.scene", "/entities/0/components/Transform/rotation",
          "a rotation quaternion cannot have length 0 (it names no rotation)")
MALFORMED("quaternion_float_overflow.scene", "/entities/0/components/Transform/rotation/3",
          "expected a number in the range of a 32-bit float, found 1e+39")
MALFORMED("unknown_enum.scene", "/entities/1/components/MeshRenderer/mesh",
          "expected one of \"cube\", \"sphere\", \"plane\", \"cylinder\", \"cone\", found \"pyramid\"")
MALFORMED("enum_number.scene", "/entities/1/components/MeshRenderer/mesh",
          "expected one of \"cube\", \"sphere\", \"plane\", \"cylinder\", \"cone\", found 1")
MALFORMED("bool_string.scene", "/entities/2/components/Camera/primary", "expected true or false, found a string")
MALFORMED("float_bool.scene", "/entities/2/components/Camera/fov", "expected a number, found true")
MALFORMED("reference_not_id.scene", "/entities/2/components/Follow/target",
          "expected an entity id (16 hex digits) or null, found 12")
MALFORMED("reference_zero.scene", "/entities/2/components/Follow/target",
          "entity id 0000000000000000 is reserved for \"no entity\"")
MALFORMED("name_as_component.scene", "/entities/0/components/Name",
          "the name is stored in the entity's \"name\", not as a component")
MALFORMED("runtime_component.scene", "/entities/0/components/Hierarchy",
          "component \"Hierarchy\" is runtime state and is never stored in files")
MALFORMED("reserved_component.scene", "/entities/0/components/cairn.UnknownComponents",
          "the component name \"cairn.UnknownComponents\" is reserved")
MALFORMED("unknown_component_not_object.scene", "/entities/0/components/Wind", "expected an object of fields, found 3")

// ---- Older versions ------------------------------------------------------------------------

MALFORMED("v0_bad_rotation.scene", "/entities/3/components/Transform/rotation",
          "expected an array of 3 numbers (version 0 Euler angles in degrees), found an array of 2 elements")
MALFORMED("v0_name_not_object.scene", "/entities/1/components/Name",
          "expected {\"value\": a string} (a version 0 name), found a string")

// ---- Bounds ----------------------------------------------------------------------------------

TEST_CASE("Malformed too_deep.scene is refused at its pointer, the open scene untouched",
          "[serialization][scene_loader][malformed]") {
  std::string pointer = "/editor/deep";
  for (int i = 0; i < 62; ++i) pointer += "/0";
  CheckMalformed("too_deep.scene", pointer, "nesting deeper than the limit of 64 levels");
}

TEST_CASE("Malformed too_many_entities.scene is refused at its pointer, the open scene untouched",
          "[serialization][scene_loader][malformed]") {
  LoadOptions options;
  options.max_entities = 3;
  CheckMalformed("too_many_entities.scene", "/entities", "4 entities, over the limit of 3", options);
}

TEST_CASE("Malformed too_large.scene is refused at its pointer, the open scene untouched",
          "[serialization][scene_loader][malformed]") {
  LoadOptions options;
  options.max_bytes = 100;
  const std::size_t size = ReadText(DataPath("malformed/too_large.scene")).size();
  CheckMalformed("too_large.scene", "", "the document is " + std::to_string(size) + " bytes, over the limit of 100 bytes",
                 options);
}

TEST_CASE("The malformed corpus holds only files that have a case", "[serialization][scene_loader][malformed]") {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(DataPath("malformed"))) {
    files += entry.path().extension() == ".scene" ? 1 : 0;
  }
  REQUIRE(files == 70);
}
