#include "cairn/assets/import_queue.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <string>
#include <thread>

#include <catch2/catch.hpp>

#include "cairn/test/files.h"

using cairn::assets::FinishedImport;
using cairn::assets::ImportQueue;
using cairn::assets::ImportResult;
namespace fs = std::filesystem;

namespace {

fs::path DataPath(const std::string& name) { return cairn::test::SourcePath("tests/assets/data/" + name); }

// Collects until `count` imports have finished; a generous bound on waiting
// (a liveness check, not a timing one).
std::vector<FinishedImport> CollectAll(ImportQueue& queue, std::size_t count) {
  std::vector<FinishedImport> all;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (all.size() < count && std::chrono::steady_clock::now() < give_up) {
    for (FinishedImport& done : queue.Collect()) all.push_back(std::move(done));
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return all;
}

}  // namespace

TEST_CASE("Requested meshes are imported and collected with their results", "[assets][queue]") {
  ImportQueue queue;
  REQUIRE(queue.Request(DataPath("triangle.gltf")));
  REQUIRE(queue.Request(DataPath("cube_and_quad.glb")));
  REQUIRE(queue.Request(DataPath("malformed/no_position.gltf")));
  const std::vector<FinishedImport> done = CollectAll(queue, 3);
  REQUIRE(done.size() == 3);
  std::size_t models = 0;
  for (const FinishedImport& import : done) {
    CAPTURE(import.path);
    if (import.path.filename() == "no_position.gltf") {
      REQUIRE_FALSE(import.result.model.has_value());
      REQUIRE_THAT(import.result.error, Catch::Contains("has no POSITION attribute"));
    } else {
      REQUIRE(import.result.model.has_value());
      ++models;
    }
  }
  REQUIRE(models == 2);
  REQUIRE(queue.Progress().finished == 3);
  REQUIRE(queue.Progress().requested == 3);
  REQUIRE_FALSE(queue.Progress().Busy());
  REQUIRE(queue.Collect().empty());
}

TEST_CASE("A path asked for again is imported once", "[assets][queue]") {
  std::atomic<int> imports{0};
  ImportQueue queue([&imports](const fs::path&) {
    ++imports;
    return ImportResult{};
  });
  REQUIRE(queue.Request("crate.glb"));
  REQUIRE_FALSE(queue.Request("crate.glb"));
  REQUIRE(queue.Request("barrel.glb"));
  REQUIRE(CollectAll(queue, 2).size() == 2);
  REQUIRE_FALSE(queue.Request("crate.glb"));  // also after it finished
  REQUIRE(imports == 2);
}

TEST_CASE("Importing runs on another thread and never blocks a request", "[assets][queue]") {
  std::promise<void> gate;
  std::shared_future<void> opened = gate.get_future().share();
  std::atomic<bool> other_thread{false};
  const std::thread::id caller = std::this_thread::get_id();
  ImportQueue queue([&](const fs::path&) {
    other_thread = std::this_thread::get_id() != caller;
    opened.wait();  // the import cannot finish until the test lets it
    return ImportResult{};
  });
  REQUIRE(queue.Request("slow.glb"));  // returns although the import is held
  REQUIRE(queue.Progress().Busy());
  REQUIRE(queue.Collect().empty());
  gate.set_value();
  REQUIRE(CollectAll(queue, 1).size() == 1);
  REQUIRE(other_thread);
  REQUIRE_FALSE(queue.Progress().Busy());
}

TEST_CASE("An import that throws is a failed import naming the file", "[assets][queue]") {
  ImportQueue queue([](const fs::path&) -> ImportResult { throw std::runtime_error("disk on fire"); });
  queue.Request("crate.glb");
  const std::vector<FinishedImport> done = CollectAll(queue, 1);
  REQUIRE(done.size() == 1);
  REQUIRE(done[0].result.error == "cannot import mesh crate.glb: disk on fire");
}

TEST_CASE("Destroying the queue drops what waits and returns", "[assets][queue]") {
  std::atomic<int> imports{0};
  {
    ImportQueue queue([&imports](const fs::path&) {
      ++imports;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      return ImportResult{};
    });
    for (int i = 0; i < 5; ++i) queue.Request("mesh" + std::to_string(i) + ".glb");
  }
  REQUIRE(imports < 5);
}
