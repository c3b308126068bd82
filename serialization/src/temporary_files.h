#pragma once
// The names of the temporary files WriteFileAtomically makes beside the file
// it saves, and the removal of those a killed save left behind.
//
// For a file <name>, in its folder:
//   ".<name>.<pid>.<n>.tmp"      the new contents, renamed over <name>
//   ".<name>.<pid>.<n>.bak.tmp"  the previous contents, renamed to <name>.bak
// <pid> is the id of the process writing (decimal, no leading zeros), <n>
// the attempt, from 0 to kTemporaryFileAttempts - 1.

#include <filesystem>
#include <string>
#include <string_view>

namespace cairn::serialization::detail {

inline constexpr int kTemporaryFileAttempts = 100;

// ".<name>.<pid>.<attempt><suffix>"; `suffix` is ".tmp" or ".bak.tmp".
std::string TemporaryFileName(std::string_view name, long pid, int attempt, std::string_view suffix);

// Removes from `directory` the files named exactly as the temporary files of
// `name` whose process no longer runs (a save killed before it could clean
// up), or that are over a day old (their pid has been reused since: no save
// keeps its temporary files that long). A live writer's files, and every
// file not of that exact name, are left alone. Best effort: what cannot be
// listed or removed is left.
void RemoveStaleTemporaryFiles(const std::filesystem::path& directory, std::string_view name);

}  // namespace cairn::serialization::detail
