#pragma once
// The three-way choices of values and components that the merge of
// entities (merge_entities.cpp) and of prefab instances' overrides
// (merge_instances.cpp) share. Internal to the library.

#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include "merge_inputs.h"

namespace cairn::serialization::detail {

bool Same(const Document* a, const Document* b);
std::string Join(const std::vector<std::string>& parts);
// Appends each of `more`, prefixed, to `parts`.
void Append(std::vector<std::string>& parts, const std::string& prefix, const std::vector<std::string>& more);
const Document& EmptyObject();
// The member `key` of `object`, or nullptr (also when `object` is not an object).
const Document* Member(const Document* object, const std::string& key);
// The union of the keys of up to three objects, sorted.
std::set<std::string> KeysOf(std::initializer_list<const Document*> objects);

// Where the conflicts about one record go, and how they read.
struct ConflictTarget {
  ecs::EntityId id;
  bool instance = false;  // `id` names a prefab instance, not an entity
  // Before each subject and detail: "overrides 1000000000000002 ".
  std::string prefix{};
  // What a value one side does not have reads as.
  std::string absent = "nothing";
};

// The three-way choices of values and components that entities and
// instance overrides share.
class ValueMerger {
 public:
  ValueMerger(const MergeInputs& inputs, MergeWork& work) : inputs_(inputs), work_(work) {}

  void Report(const ConflictTarget& target, const std::string& subject, const std::string& detail) {
    work_.conflicts.push_back(target.instance
                                  ? inputs_.InstanceConflict(target.id, target.prefix + subject, target.prefix + detail)
                                  : inputs_.Conflict(target.id, target.prefix + subject, target.prefix + detail));
  }
  // The three-way choice for one value (nullptr: absent): the side that
  // changed it, or ours after recording a conflict about `subject`.
  const Document* Pick(const ConflictTarget& target, const std::string& subject, const Document* base,
                       const Document* ours, const Document* theirs) {
    if (Same(ours, theirs)) return ours;
    if (Same(ours, base)) return theirs;
    if (Same(theirs, base)) return ours;
    Report(target, subject,
           subject + " changed to " + Show(target, ours) + " in ours and " + Show(target, theirs) + " in theirs");
    return ours;
  }
  // Merges component `name` (nullptr: absent) into merged_components[name],
  // leaving that key out when the component goes.
  void MergeComponent(const ConflictTarget& target, const std::string& name, const Document* base,
                      const Document* ours, const Document* theirs, Document& merged_components);
  // The fields of a registered component that differ ("Light.intensity"), or
  // the component's name when it is opaque (unknown to the registry).
  std::vector<std::string> ComponentChanges(const std::string& name, const Document& base,
                                            const Document& version) const;

 private:
  static std::string Show(const ConflictTarget& target, const Document* value) {
    return value == nullptr ? target.absent : ShowValue(*value);
  }
  bool IsKnownComponent(const std::string& name) const { return inputs_.registry.FindComponentInfo(name) != nullptr; }

  const MergeInputs& inputs_;
  MergeWork& work_;
};

}  // namespace cairn::serialization::detail
