#include "cairn/assets/asset_index.h"

#include <algorithm>
#include <system_error>

#include <nlohmann/json.hpp>

#include "cairn/ecs/entity.h"
#include "cairn/ecs/entity_pool.h"  // IdSequence
#include "cairn/serialization/atomic_file.h"

namespace cairn::assets {

namespace {

constexpr std::size_t kMaxIndexBytes = std::size_t{64} << 20;
constexpr std::string_view kFormat = "cairn.asset-index";

}  // namespace

std::string ToHex(AssetId id) { return ecs::ToHex(ecs::EntityId{id.value}); }

NormalizedPath NormalizeAssetPath(std::string_view path) {
  std::string text(path);
  std::replace(text.begin(), text.end(), '\\', '/');
  if (text.empty()) return {std::nullopt, "an asset path is empty"};
  if (text.front() == '/' || (text.size() > 1 && text[1] == ':')) {
    return {std::nullopt, "asset path " + text + " is absolute; asset paths are relative to the project folder"};
  }
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('/', start), text.size());
    const std::string part = text.substr(start, end - start);
    if (part == "..") return {std::nullopt, "asset path " + text + " leaves the project folder"};
    if (!part.empty() && part != ".") parts.push_back(part);
    start = end + 1;
  }
  if (parts.empty()) return {std::nullopt, "asset path " + text + " names no file"};
  std::string normalized;
  for (const std::string& part : parts) normalized += (normalized.empty() ? "" : "/") + part;
  return {normalized, ""};
}

AssetIndex::AssetIndex(std::uint64_t id_seed) : random_state_(id_seed) {}

AssetId AssetIndex::NewId() {
  const ecs::IdSequence sequence(random_state_);
  for (std::uint64_t draw = 0;; ++draw) {
    const AssetId id{sequence.Value(draw)};
    if (id.value != 0 && !entries_.contains(id)) {
      random_state_ = sequence.Value(draw + 1);  // the next call starts a fresh sequence from here
      return id;
    }
  }
}

std::optional<AssetId> AssetIndex::Register(std::string_view path) {
  const NormalizedPath normalized = NormalizeAssetPath(path);
  if (!normalized.path) return std::nullopt;
  if (const auto it = current_.find(*normalized.path); it != current_.end()) return it->second;
  // A file now at a path another asset had is a new asset; the name is its now.
  const AssetId id = NewId();
  entries_[id] = Entry{*normalized.path, {}, {}};
  current_[*normalized.path] = id;
  return id;
}

std::optional<AssetId> AssetIndex::Find(std::string_view path) const {
  const NormalizedPath normalized = NormalizeAssetPath(path);
  if (!normalized.path) return std::nullopt;
  if (const auto it = current_.find(*normalized.path); it != current_.end()) return it->second;
  if (const auto it = former_.find(*normalized.path); it != former_.end()) return it->second;
  return std::nullopt;
}

std::optional<std::string> AssetIndex::PathOf(AssetId id) const {
  const auto it = entries_.find(id);
  return it == entries_.end() ? std::nullopt : std::optional<std::string>(it->second.path);
}

std::string AssetIndex::Resolve(std::string_view path) const {
  if (const std::optional<AssetId> id = Find(path)) return entries_.at(*id).path;
  const NormalizedPath normalized = NormalizeAssetPath(path);
  return normalized.path.value_or(std::string(path));
}

AssetIndex::Change AssetIndex::Move(std::string_view from, std::string_view to) {
  const NormalizedPath source = NormalizeAssetPath(from);
  if (!source.path) return {false, "cannot move: " + source.error};
  const NormalizedPath target = NormalizeAssetPath(to);
  if (!target.path) return {false, "cannot move " + *source.path + ": " + target.error};
  const AssetId id = *Register(*source.path);
  Entry& entry = entries_.at(id);
  if (*target.path == entry.path) return {true, ""};
  if (const auto holder = current_.find(*target.path); holder != current_.end() && holder->second != id) {
    return {false, "cannot move " + entry.path + " to " + *target.path + ": asset " + ToHex(holder->second) +
                       " is already there"};
  }
  current_.erase(entry.path);
  former_[entry.path] = id;
  if (std::find(entry.formerly.begin(), entry.formerly.end(), entry.path) == entry.formerly.end()) {
    entry.formerly.push_back(entry.path);
  }
  // Moving back to a name it had keeps that name's history once.
  std::erase(entry.formerly, *target.path);
  former_.erase(*target.path);
  entry.path = *target.path;
  current_[entry.path] = id;
  return {true, ""};
}

AssetIndex::Change AssetIndex::MoveFolder(std::string_view from, std::string_view to) {
  const NormalizedPath source = NormalizeAssetPath(from);
  if (!source.path) return {false, "cannot move folder: " + source.error};
  const NormalizedPath target = NormalizeAssetPath(to);
  if (!target.path) return {false, "cannot move folder " + *source.path + ": " + target.error};
  const std::string prefix = *source.path + "/";
  if (*target.path == *source.path || target.path->compare(0, prefix.size(), prefix) == 0) {
    return {false, "cannot move folder " + *source.path + " into itself (" + *target.path + ")"};
  }
  std::vector<std::pair<std::string, std::string>> moves;
  for (const auto& [path, id] : current_) {
    if (path.compare(0, prefix.size(), prefix) == 0) moves.emplace_back(path, *target.path + "/" + path.substr(prefix.size()));
  }
  // All or nothing: every destination is checked before anything moves (no
  // destination lies inside the source folder, so none is held by a mover).
  for (const auto& [old_path, new_path] : moves) {
    if (const auto holder = current_.find(new_path); holder != current_.end()) {
      return {false, "cannot move folder " + *source.path + " to " + *target.path + ": " + new_path +
                         " is already asset " + ToHex(holder->second)};
    }
  }
  for (const auto& [old_path, new_path] : moves) {
    if (const Change change = Move(old_path, new_path); !change.ok) return change;
  }
  return {true, ""};
}

ImportSettings AssetIndex::ImportSettingsOf(std::string_view path) const {
  const std::optional<AssetId> id = Find(path);
  return id ? entries_.at(*id).import : ImportSettings{};
}

AssetIndex::Change AssetIndex::SetImportSettings(std::string_view path, const ImportSettings& settings) {
  if (const std::optional<std::string> problem = ImportSettingsProblem(settings)) {
    return {false, "cannot set the import settings of " + std::string(path) + ": " + *problem};
  }
  std::optional<AssetId> id = Find(path);
  if (!id) id = Register(path);
  if (!id) return {false, "cannot set the import settings of " + std::string(path) + ": " + NormalizeAssetPath(path).error};
  entries_.at(*id).import = settings;
  return {true, ""};
}

std::vector<std::string> AssetIndex::Missing(const std::filesystem::path& project_folder) const {
  std::vector<std::string> missing;
  for (const auto& [path, id] : current_) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(project_folder / path, error)) missing.push_back(path);
  }
  return missing;
}

std::string AssetIndex::ToText() const {
  nlohmann::ordered_json assets = nlohmann::ordered_json::array();
  for (const auto& [id, entry] : entries_) {
    nlohmann::ordered_json item;
    item["id"] = ToHex(id);
    item["path"] = entry.path;
    if (!entry.formerly.empty()) item["formerly"] = entry.formerly;
    if (!entry.import.IsDefault()) {
      item["import"] = {{"scale", entry.import.scale}, {"up", UpAxisName(entry.import.up)}};
    }
    assets.push_back(std::move(item));
  }
  nlohmann::ordered_json document;
  document["format"] = kFormat;
  document["version"] = 1;
  document["assets"] = std::move(assets);
  return document.dump(2) + "\n";
}

AssetIndex::Change AssetIndex::Save(const std::filesystem::path& project_folder) const {
  const serialization::SaveResult saved =
      serialization::WriteFileAtomically(project_folder / kAssetIndexFileName, ToText());
  return {saved.ok, saved.error};
}

AssetIndex::LoadResult AssetIndex::Load(const std::filesystem::path& project_folder, std::uint64_t id_seed) {
  const std::filesystem::path file = project_folder / kAssetIndexFileName;
  std::error_code exists_error;
  if (!std::filesystem::exists(std::filesystem::symlink_status(file, exists_error))) return {AssetIndex(id_seed), ""};
  const serialization::ReadResult read = serialization::ReadFileText(file, kMaxIndexBytes);
  if (!read.text) return {std::nullopt, read.error};
  const std::string where = file.string() + ": ";
  nlohmann::json document = nlohmann::json::parse(*read.text, nullptr, false);
  if (document.is_discarded() || !document.is_object()) return {std::nullopt, where + "not a JSON object"};
  if (document.value("format", "") != kFormat) return {std::nullopt, where + "\"format\" is not \"cairn.asset-index\""};
  if (!document.contains("version") || document["version"] != 1) {
    return {std::nullopt, where + "\"version\" is not 1 (this Cairn reads version 1)"};
  }
  if (!document.contains("assets") || !document["assets"].is_array()) {
    return {std::nullopt, where + "\"assets\" is not an array"};
  }
  AssetIndex index(id_seed);
  for (std::size_t i = 0; i < document["assets"].size(); ++i) {
    const nlohmann::json& item = document["assets"][i];
    const std::string at = where + "/assets/" + std::to_string(i) + ": ";
    if (!item.is_object() || !item.contains("id") || !item["id"].is_string() || !item.contains("path") ||
        !item["path"].is_string()) {
      return {std::nullopt, at + "needs a string \"id\" and a string \"path\""};
    }
    const std::optional<ecs::EntityId> id = ecs::ParseEntityId(item["id"].get<std::string>());
    if (!id) return {std::nullopt, at + "\"id\" is not 16 hex digits (non-zero)"};
    const NormalizedPath path = NormalizeAssetPath(item["path"].get<std::string>());
    if (!path.path) return {std::nullopt, at + path.error};
    if (index.entries_.contains(AssetId{id->value})) return {std::nullopt, at + "id " + ToHex(AssetId{id->value}) + " appears twice"};
    if (index.current_.contains(*path.path)) return {std::nullopt, at + "path " + *path.path + " appears twice"};
    Entry entry{*path.path, {}, {}};
    if (item.contains("formerly")) {
      if (!item["formerly"].is_array()) return {std::nullopt, at + "\"formerly\" is not an array of paths"};
      for (const nlohmann::json& former : item["formerly"]) {
        const NormalizedPath former_path = former.is_string() ? NormalizeAssetPath(former.get<std::string>())
                                                              : NormalizedPath{std::nullopt, "a former path is not a string"};
        if (!former_path.path) return {std::nullopt, at + former_path.error};
        entry.formerly.push_back(*former_path.path);
      }
    }
    if (item.contains("import")) {
      const nlohmann::json& settings = item["import"];
      if (!settings.is_object()) return {std::nullopt, at + "\"import\" is not an object"};
      if (settings.contains("scale")) {
        if (!settings["scale"].is_number()) return {std::nullopt, at + "\"import\".\"scale\" is not a number"};
        entry.import.scale = settings["scale"].get<float>();
      }
      if (settings.contains("up")) {
        const std::optional<UpAxis> up =
            settings["up"].is_string() ? UpAxisFromName(settings["up"].get<std::string>()) : std::nullopt;
        if (!up) return {std::nullopt, at + "\"import\".\"up\" is not \"y\" or \"z\""};
        entry.import.up = *up;
      }
      if (const std::optional<std::string> problem = ImportSettingsProblem(entry.import)) {
        return {std::nullopt, at + "\"import\": " + *problem};
      }
    }
    const AssetId asset{id->value};
    for (const std::string& former : entry.formerly) index.former_[former] = asset;
    index.current_[entry.path] = asset;
    index.entries_[asset] = std::move(entry);
  }
  return {std::move(index), ""};
}

std::optional<std::string> MovedAssetPath(const std::filesystem::path& project_folder, std::string_view path) {
  std::error_code error;
  if (!std::filesystem::exists(project_folder / kAssetIndexFileName, error)) return std::nullopt;
  const AssetIndex::LoadResult loaded = AssetIndex::Load(project_folder, 1);
  if (!loaded.index) return std::nullopt;
  std::string current = loaded.index->Resolve(path);
  if (current == NormalizeAssetPath(path).path.value_or(std::string(path))) return std::nullopt;
  return current;
}

}  // namespace cairn::assets
