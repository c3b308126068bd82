#pragma once
// A libFuzzer custom mutator for inputs of several JSON files
// (fuzz_support.h's "==> NAME" segments), for the targets whose files only
// matter once they are valid: a merge needs three scenes that load, a
// prefab instance a scene and a prefab that both do.
//
// Byte-level mutation (libFuzzer's own, with the dictionary) keeps finding
// the loaders' error paths, but rarely turns three valid scenes into three
// different valid scenes. So most mutations here parse one file as JSON and
// change it the way an edit would: a value taken from the same place in
// another file (ours takes theirs' position), an id swapped for another id
// of the input (a reparent, a retarget), a number nudged, an array element
// dropped, duplicated (with a fresh id) or moved, a key dropped or copied
// from another object; or copy a whole file over another (ours = base,
// then edited). The result is written back compactly, still one JSON
// document per file. Inputs that are not JSON get libFuzzer's mutation.
//
// Define the hook in a target with CAIRN_FUZZ_JSON_MUTATOR(first_json,
// last_json): the segments from first_json to last_json (clamped to those
// present; SIZE_MAX for all) are the JSON files.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_support.h"

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace cairn::fuzz {

class JsonMutator {
 public:
  using Json = nlohmann::json;

  JsonMutator(unsigned seed, std::size_t first_json, std::size_t last_json)
      : random_(seed), first_json_(first_json), last_json_(last_json) {}

  std::size_t Mutate(std::uint8_t* data, std::size_t size, std::size_t max_size) {
    if (Chance(4)) return LLVMFuzzerMutate(data, size, max_size);  // a quarter: bytes, with the dictionary
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    for (const Segment& segment : SplitSegments(input)) {
      files_.push_back({std::string(segment.name), std::string(segment.text), Json(), false});
    }
    const std::size_t last = std::min(last_json_, files_.size() - 1);
    if (first_json_ > last) return LLVMFuzzerMutate(data, size, max_size);
    for (std::size_t i = first_json_; i <= last; ++i) {
      files_[i].json = Json::parse(files_[i].text, nullptr, false);
      files_[i].parsed = !files_[i].json.is_discarded();
    }
    const std::size_t target = first_json_ + Below(last - first_json_ + 1);
    File& file = files_[target];
    bool changed = false;
    if (Chance(8) && last > first_json_) {
      // A whole file copied over another: the base a side then edits.
      const std::size_t source = first_json_ + Below(last - first_json_ + 1);
      if (source != target) {
        file.text = files_[source].text;
        changed = true;
      }
    } else if (file.parsed) {
      changed = MutateJson(file.json, target);
      if (changed) file.text = file.json.dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    if (!changed) return LLVMFuzzerMutate(data, size, max_size);
    std::string out = files_[0].text;
    for (std::size_t i = 1; i < files_.size(); ++i) out += std::string(kSeparator) + files_[i].name + "\n" + files_[i].text;
    if (out.size() > max_size) return LLVMFuzzerMutate(data, size, max_size);
    std::memcpy(data, out.data(), out.size());
    return out.size();
  }

 private:
  struct File {
    std::string name;
    std::string text;
    Json json;
    bool parsed;
  };
  struct Node {
    Json* value;
    Json::json_pointer pointer;
  };

  bool Chance(unsigned one_in) { return Below(one_in) == 0; }
  std::size_t Below(std::size_t n) { return n <= 1 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(random_); }

  static void Collect(Json& value, const Json::json_pointer& pointer, std::vector<Node>& nodes) {
    nodes.push_back({&value, pointer});
    if (value.is_object()) {
      for (auto it = value.begin(); it != value.end(); ++it) Collect(it.value(), pointer / it.key(), nodes);
    } else if (value.is_array()) {
      for (std::size_t i = 0; i < value.size(); ++i) Collect(value[i], pointer / i, nodes);
    }
  }

  static bool IsId(const Json& value) {
    if (!value.is_string()) return false;
    const std::string& text = value.get_ref<const std::string&>();
    return text.size() == 16 && text.find_first_not_of("0123456789abcdef") == std::string::npos;
  }

  // Every entity id string in the parsed files.
  std::vector<std::string> Ids() {
    std::vector<std::string> ids;
    for (File& file : files_) {
      if (!file.parsed) continue;
      std::vector<Node> nodes;
      Collect(file.json, Json::json_pointer(), nodes);
      for (const Node& node : nodes) {
        if (IsId(*node.value)) ids.push_back(node.value->get<std::string>());
      }
    }
    return ids;
  }

  std::string FreshId() {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id(16, '0');
    for (char& c : id) c = kHex[Below(16)];
    return id;
  }

  // The value at `pointer` in another parsed file, or nullptr.
  const Json* SamePlaceElsewhere(const Json::json_pointer& pointer, std::size_t self) {
    std::vector<const Json*> found;
    for (std::size_t i = first_json_; i < files_.size() && i <= last_json_; ++i) {
      if (i == self || !files_[i].parsed || !files_[i].json.contains(pointer)) continue;
      const Json& value = files_[i].json.at(pointer);
      if (value != files_[self].json.at(pointer)) found.push_back(&value);
    }
    return found.empty() ? nullptr : found[Below(found.size())];
  }

  bool MutateJson(Json& root, std::size_t self) {
    std::vector<Node> nodes;
    Collect(root, Json::json_pointer(), nodes);
    Node node = nodes[Below(nodes.size())];
    Json& value = *node.value;
    switch (Below(6)) {
      case 0:  // the value another file has at the same place
        if (const Json* other = SamePlaceElsewhere(node.pointer, self)) {
          value = *other;
          return true;
        }
        break;
      case 1:  // an id for another id of the input (or null, or a fresh one)
        if (IsId(value) || value.is_null()) {
          const std::vector<std::string> ids = Ids();
          if (Chance(6)) {
            value = value.is_null() ? Json(FreshId()) : Json(nullptr);
          } else if (!ids.empty()) {
            value = ids[Below(ids.size())];
          }
          return true;
        }
        break;
      default: break;
    }
    if (value.is_number()) {
      static constexpr double kNumbers[] = {0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 1e-7, 1e38, 3.5e38, 1e300, 2147483648.0,
                                            -2147483649.0, 4294967296.0, 9007199254740993.0, 1.8446744073709552e19};
      const double number = value.get<double>();
      switch (Below(5)) {
        case 0: value = number + 1; break;
        case 1: value = number - 1; break;
        case 2: value = -number; break;
        case 3: value = static_cast<std::int64_t>(Below(8)); break;
        default: value = kNumbers[Below(std::size(kNumbers))]; break;
      }
      return true;
    }
    if (value.is_boolean()) {
      value = !value.get<bool>();
      return true;
    }
    if (value.is_string()) {
      std::string text = value.get<std::string>();
      if (IsId(value)) {
        text[Below(text.size())] = "0123456789abcdef"[Below(16)];
      } else {
        text.resize(text.size() + 8);
        text.resize(LLVMFuzzerMutate(reinterpret_cast<std::uint8_t*>(text.data()), text.size() - 8, text.size()));
      }
      value = text;
      return true;
    }
    if (value.is_array() && !value.empty()) {
      const std::size_t i = Below(value.size());
      switch (Below(3)) {
        case 0: value.erase(i); return true;
        case 1: {
          Json copy = value[i];
          if (copy.is_object() && copy.contains("id") && IsId(copy["id"])) copy["id"] = FreshId();
          value.insert(value.begin() + static_cast<std::ptrdiff_t>(Below(value.size() + 1)), std::move(copy));
          return true;
        }
        default: {
          const std::size_t j = Below(value.size());
          std::swap(value[i], value[j]);
          return i != j;
        }
      }
    }
    if (value.is_object() && !value.empty()) {
      if (Chance(2)) {
        auto it = value.begin();
        std::advance(it, static_cast<std::ptrdiff_t>(Below(value.size())));
        value.erase(it);
        return true;
      }
      // A key some other object of the input has, with its value there.
      std::vector<std::pair<std::string, const Json*>> members;
      for (const Node& other : nodes) {
        if (!other.value->is_object()) continue;
        for (auto it = other.value->begin(); it != other.value->end(); ++it) {
          if (!value.contains(it.key())) members.emplace_back(it.key(), &it.value());
        }
      }
      if (!members.empty()) {
        const auto& [key, member] = members[Below(members.size())];
        Json copy = *member;  // before the insertion can move it
        value[key] = std::move(copy);
        return true;
      }
    }
    return false;
  }

  std::minstd_rand random_;
  std::size_t first_json_;
  std::size_t last_json_;
  std::vector<File> files_;
};

}  // namespace cairn::fuzz

#define CAIRN_FUZZ_JSON_MUTATOR(first_json, last_json)                                                          \
  extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t max_size, \
                                                 unsigned seed) {                                             \
    return cairn::fuzz::JsonMutator(seed, first_json, last_json).Mutate(data, size, max_size);                \
  }
