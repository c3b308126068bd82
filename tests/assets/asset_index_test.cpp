#include "cairn/assets/asset_index.h"

#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/test/files.h"

using cairn::assets::AssetId;
using cairn::assets::AssetIndex;
using cairn::assets::NormalizeAssetPath;
using cairn::test::TempDir;

namespace {

constexpr std::uint64_t kSeed = 99;

}  // namespace

TEST_CASE("Asset paths are made relative, forward-slashed and free of dot parts", "[assets][index]") {
  REQUIRE(NormalizeAssetPath("./art\\crate.glb").path == "art/crate.glb");
  REQUIRE(NormalizeAssetPath("art//props/./crate.glb").path == "art/props/crate.glb");
  REQUIRE_FALSE(NormalizeAssetPath("").path);
  REQUIRE(NormalizeAssetPath("/home/me/crate.glb").error ==
          "asset path /home/me/crate.glb is absolute; asset paths are relative to the project folder");
  REQUIRE(NormalizeAssetPath("art/../../crate.glb").error == "asset path art/../../crate.glb leaves the project folder");
  REQUIRE_FALSE(NormalizeAssetPath("./.").path);
}

TEST_CASE("A path registered twice keeps one id, different paths get different ids", "[assets][index]") {
  AssetIndex index(kSeed);
  const std::optional<AssetId> crate = index.Register("art/crate.glb");
  REQUIRE(crate.has_value());
  REQUIRE(crate->value != 0);
  REQUIRE(index.Register("./art/crate.glb") == crate);
  REQUIRE(index.Register("art/barrel.glb") != crate);
  REQUIRE(index.Size() == 2);
  REQUIRE(index.PathOf(*crate) == "art/crate.glb");
  REQUIRE_FALSE(index.Register("../outside.glb").has_value());
}

TEST_CASE("A renamed or moved asset keeps its id, and every old path still leads to it", "[assets][index]") {
  AssetIndex index(kSeed);
  const AssetId crate = *index.Register("crate.glb");
  REQUIRE(index.Move("crate.glb", "art/crate.glb").ok);         // moved
  REQUIRE(index.Move("art/crate.glb", "art/wooden_crate.glb").ok);  // renamed
  REQUIRE(index.PathOf(crate) == "art/wooden_crate.glb");
  REQUIRE(index.Find("crate.glb") == crate);
  REQUIRE(index.Find("art/crate.glb") == crate);
  REQUIRE(index.Resolve("crate.glb") == "art/wooden_crate.glb");
  REQUIRE(index.Resolve("art/crate.glb") == "art/wooden_crate.glb");
  REQUIRE(index.Resolve("never/seen.glb") == "never/seen.glb");
  // A new file at an old name is a new asset, found by that name from then
  // on; the moved asset keeps its other names.
  const AssetId newcomer = *index.Register("crate.glb");
  REQUIRE(newcomer != crate);
  REQUIRE(index.Find("crate.glb") == newcomer);
  REQUIRE(index.Resolve("crate.glb") == "crate.glb");
  REQUIRE(index.Find("art/crate.glb") == crate);
}

TEST_CASE("Moving onto another asset's current path is refused and changes nothing", "[assets][index]") {
  AssetIndex index(kSeed);
  const AssetId crate = *index.Register("crate.glb");
  const AssetId barrel = *index.Register("barrel.glb");
  const std::string before = index.ToText();
  const AssetIndex::Change change = index.Move("crate.glb", "barrel.glb");
  REQUIRE_FALSE(change.ok);
  REQUIRE(change.error == "cannot move crate.glb to barrel.glb: asset " + cairn::assets::ToHex(barrel) + " is already there");
  REQUIRE(index.ToText() == before);
  REQUIRE(index.PathOf(crate) == "crate.glb");
  REQUIRE_FALSE(index.Move("crate.glb", "/abs.glb").ok);
}

TEST_CASE("Moving a folder moves every asset under it, or none", "[assets][index]") {
  AssetIndex index(kSeed);
  const AssetId crate = *index.Register("props/crate.glb");
  const AssetId lamp = *index.Register("props/lights/lamp.glb");
  const AssetId outside = *index.Register("propsbox.glb");  // shares the prefix, not the folder
  REQUIRE(index.MoveFolder("props", "art/props").ok);
  REQUIRE(index.PathOf(crate) == "art/props/crate.glb");
  REQUIRE(index.PathOf(lamp) == "art/props/lights/lamp.glb");
  REQUIRE(index.PathOf(outside) == "propsbox.glb");
  REQUIRE(index.Resolve("props/lights/lamp.glb") == "art/props/lights/lamp.glb");

  const AssetId blocker = *index.Register("old/crate.glb");
  const std::string before = index.ToText();
  const AssetIndex::Change change = index.MoveFolder("art/props", "old");
  REQUIRE_FALSE(change.ok);
  REQUIRE(change.error == "cannot move folder art/props to old: old/crate.glb is already asset " +
                              cairn::assets::ToHex(blocker));
  REQUIRE(index.ToText() == before);
  REQUIRE_FALSE(index.MoveFolder("art", "art/inner").ok);
}

TEST_CASE("Missing lists the assets whose file is gone", "[assets][index]") {
  const TempDir project("asset-index");
  project.Write("art/crate.glb", "x");
  AssetIndex index(kSeed);
  index.Register("art/crate.glb");
  index.Register("art/barrel.glb");
  index.Register("zebra.glb");
  REQUIRE(index.Missing(project.Path()) == std::vector<std::string>{"art/barrel.glb", "zebra.glb"});
  project.Write("zebra.glb", "x");
  REQUIRE(index.Missing(project.Path()) == std::vector<std::string>{"art/barrel.glb"});
}

TEST_CASE("The index is saved sorted by id and read back as it was", "[assets][index]") {
  const TempDir project("asset-index");
  AssetIndex index(kSeed);
  index.Register("b.glb");
  index.Register("a.glb");
  REQUIRE(index.Move("a.glb", "art/a.glb").ok);
  REQUIRE(index.Save(project.Path()).ok);
  const AssetIndex::LoadResult loaded = AssetIndex::Load(project.Path(), kSeed + 1);
  INFO(loaded.error);
  REQUIRE(loaded.index.has_value());
  REQUIRE(loaded.index->ToText() == index.ToText());
  REQUIRE(loaded.index->Resolve("a.glb") == "art/a.glb");
  // Sorted by id, whatever the order of registration.
  const std::string text = index.ToText();
  std::vector<std::string> ids;
  for (std::size_t at = text.find("\"id\": \""); at != std::string::npos; at = text.find("\"id\": \"", at + 1)) {
    ids.push_back(text.substr(at + 7, 16));
  }
  REQUIRE(ids.size() == 2);
  REQUIRE(ids[0] < ids[1]);
  // New ids after a load never repeat one in the file.
  AssetIndex reloaded = *AssetIndex::Load(project.Path(), kSeed).index;
  for (int i = 0; i < 100; ++i) {
    const AssetId id = *reloaded.Register("new/" + std::to_string(i) + ".glb");
    REQUIRE(cairn::assets::ToHex(id) != ids[0]);
    REQUIRE(cairn::assets::ToHex(id) != ids[1]);
  }
  REQUIRE(reloaded.Size() == 102);
}

TEST_CASE("A project without an index has an empty one, a broken index is refused naming the file", "[assets][index]") {
  const TempDir project("asset-index");
  const AssetIndex::LoadResult empty = AssetIndex::Load(project.Path(), kSeed);
  REQUIRE(empty.index.has_value());
  REQUIRE(empty.index->Size() == 0);

  const auto [text, problem] = GENERATE(table<std::string, std::string>({
      {"not json", "not a JSON object"},
      {R"({"format": "cairn.scene", "version": 1, "assets": []})", "\"format\" is not \"cairn.asset-index\""},
      {R"({"format": "cairn.asset-index", "version": 2, "assets": []})", "\"version\" is not 1"},
      {R"({"format": "cairn.asset-index", "version": 1, "assets": [{"id": "zz", "path": "a.glb"}]})",
       "/assets/0: \"id\" is not 16 hex digits"},
      {R"({"format": "cairn.asset-index", "version": 1, "assets": [{"id": "0000000000000001", "path": "../a.glb"}]})",
       "/assets/0: asset path ../a.glb leaves the project folder"},
      {R"({"format": "cairn.asset-index", "version": 1, "assets": [{"id": "0000000000000001", "path": "a.glb"},
          {"id": "0000000000000002", "path": "a.glb"}]})", "/assets/1: path a.glb appears twice"},
  }));
  CAPTURE(text);
  project.Write(cairn::assets::kAssetIndexFileName, text);
  const AssetIndex::LoadResult loaded = AssetIndex::Load(project.Path(), kSeed);
  REQUIRE_FALSE(loaded.index.has_value());
  REQUIRE_THAT(loaded.error, Catch::Contains("assets.index.json"));
  REQUIRE_THAT(loaded.error, Catch::Contains(problem));
}

TEST_CASE("An asset's import settings are kept in the index, follow a move and are read back", "[assets][index]") {
  const TempDir folder("asset-index");
  AssetIndex index(kSeed);
  cairn::assets::ImportSettings engine;
  engine.scale = 0.001f;
  engine.up = cairn::assets::UpAxis::kZ;
  REQUIRE(index.SetImportSettings("art/engine.glb", engine).ok);
  index.Register("art/crate.glb");
  // Defaults are not written: only the engine has an "import" object.
  const std::string text = index.ToText();
  CHECK(text.find("\"import\"") == text.rfind("\"import\""));
  CHECK(text.find("\"up\": \"z\"") != std::string::npos);
  REQUIRE(index.Move("art/engine.glb", "vehicles/engine.glb").ok);
  CHECK(index.ImportSettingsOf("vehicles/engine.glb") == engine);
  CHECK(index.ImportSettingsOf("art/engine.glb") == engine);  // the old path leads to the same asset
  CHECK(index.ImportSettingsOf("art/crate.glb").IsDefault());
  CHECK(index.ImportSettingsOf("unknown.glb").IsDefault());

  REQUIRE(index.Save(folder.Path()).ok);
  const AssetIndex::LoadResult loaded = AssetIndex::Load(folder.Path(), kSeed);
  REQUIRE(loaded.index);
  CHECK(loaded.index->ImportSettingsOf("vehicles/engine.glb") == engine);
  CHECK(loaded.index->ToText() == index.ToText());

  cairn::assets::ImportSettings flat;
  flat.scale = -2.0f;
  const auto refused = index.SetImportSettings("art/crate.glb", flat);
  CHECK_FALSE(refused.ok);
  CHECK_THAT(refused.error, Catch::Contains("art/crate.glb") && Catch::Contains("finite number above 0"));
  CHECK(index.ImportSettingsOf("art/crate.glb").IsDefault());
}

TEST_CASE("Bad import settings in an index file are refused naming the entry", "[assets][index]") {
  const TempDir folder("asset-index");
  const auto [body, reason] = GENERATE(table<std::string, std::string>({
      {R"("import": {"scale": 0})", "finite number above 0"},
      {R"("import": {"scale": "big"})", "\"scale\" is not a number"},
      {R"("import": {"up": "x"})", "\"up\" is not \"y\" or \"z\""},
      {R"("import": 3)", "\"import\" is not an object"},
  }));
  folder.Write("assets.index.json", R"({"format": "cairn.asset-index", "version": 1, "assets": [)"
                                    R"({"id": "00000000000000a1", "path": "a.glb", )" + body + "}]}");
  const AssetIndex::LoadResult loaded = AssetIndex::Load(folder.Path(), kSeed);
  REQUIRE_FALSE(loaded.index);
  CHECK_THAT(loaded.error, Catch::Contains("assets.index.json") && Catch::Contains("/assets/0") &&
                               Catch::Contains(reason));
}
