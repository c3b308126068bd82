#include "merge_values.h"

#include <cmath>

namespace cairn::serialization::detail {

namespace {

// Equal as the scene writer would write them: nlohmann's == takes -0.0 for
// 0.0, but the writer keeps the sign, so a change between them is a change.
bool SameAsWritten(const Document& a, const Document& b) {
  if (a.is_number() && b.is_number()) {
    return a == b && std::signbit(a.get<double>()) == std::signbit(b.get<double>());
  }
  if (a.type() != b.type()) return a == b;
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!SameAsWritten(a[i], b[i])) return false;
    }
    return true;
  }
  if (a.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto member = a.begin(); member != a.end(); ++member) {
      const auto other = b.find(member.key());
      if (other == b.end() || !SameAsWritten(member.value(), *other)) return false;
    }
    return true;
  }
  return a == b;
}

}  // namespace

bool Same(const Document* a, const Document* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return SameAsWritten(*a, *b);
}

std::string Join(const std::vector<std::string>& parts) {
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ", ") + part;
  return text;
}

void Append(std::vector<std::string>& parts, const std::string& prefix, const std::vector<std::string>& more) {
  for (const std::string& part : more) parts.push_back(prefix + part);
}

const Document& EmptyObject() {
  static const Document empty = Document::object();
  return empty;
}

const Document* Member(const Document* object, const std::string& key) {
  if (object == nullptr || !object->is_object()) return nullptr;
  const auto found = object->find(key);
  return found == object->end() ? nullptr : &*found;
}

std::set<std::string> KeysOf(std::initializer_list<const Document*> objects) {
  std::set<std::string> keys;
  for (const Document* object : objects) {
    if (object == nullptr || !object->is_object()) continue;
    for (auto it = object->begin(); it != object->end(); ++it) keys.insert(it.key());
  }
  return keys;
}

void ValueMerger::MergeComponent(const ConflictTarget& target, const std::string& name, const Document* base,
                                 const Document* ours, const Document* theirs, Document& merged_components) {
  if (ours == nullptr && theirs == nullptr) return;  // removed on both sides, or on the side that had it
  if (ours == nullptr || theirs == nullptr) {
    const Document* kept = ours != nullptr ? ours : theirs;
    if (base == nullptr) {
      merged_components[name] = *kept;  // added on one side
      return;
    }
    if (*kept == *base) return;  // removed on the other side, left alone on this one
    std::vector<std::string> changes = ComponentChanges(name, *base, *kept);
    if (changes == std::vector<std::string>{name}) changes.clear();  // opaque: nothing more to say
    const std::string detail = ours != nullptr ? name + " removed in theirs but changed in ours"
                                               : name + " removed in ours but changed in theirs";
    Report(target, name, changes.empty() ? detail : detail + " (" + Join(changes) + ")");
    if (ours != nullptr) merged_components[name] = *ours;
    return;
  }
  if (!IsKnownComponent(name) || !ours->is_object() || !theirs->is_object()) {
    merged_components[name] = *Pick(target, name, base, ours, theirs);  // opaque
    return;
  }
  Document& fields = merged_components[name] = Document::object();
  for (const std::string& field : KeysOf({base, ours, theirs})) {
    const Document* value =
        Pick(target, name + "." + field, Member(base, field), Member(ours, field), Member(theirs, field));
    if (value != nullptr) fields[field] = *value;
  }
}

std::vector<std::string> ValueMerger::ComponentChanges(const std::string& name, const Document& base,
                                                       const Document& version) const {
  if (base == version) return {};
  if (!IsKnownComponent(name) || !base.is_object() || !version.is_object()) return {name};
  std::vector<std::string> changes;
  for (const std::string& field : KeysOf({&base, &version})) {
    if (!Same(Member(&base, field), Member(&version, field))) changes.push_back(name + "." + field);
  }
  return changes;
}

}  // namespace cairn::serialization::detail
