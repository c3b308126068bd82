// detail::Table, the growable array under the ECS's big arrays, and the
// cache of freed big arrays behind it.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "cairn/ecs/table.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define CAIRN_TEST_ASAN 1
#endif

using namespace cairn::ecs;

namespace {

// Counts its live instances, so a test sees every element destroyed once.
struct Counted {
  static inline int live = 0;
  std::string text;
  explicit Counted(std::string value = "") : text(std::move(value)) { ++live; }
  Counted(const Counted& other) : text(other.text) { ++live; }
  Counted(Counted&& other) noexcept : text(std::move(other.text)) { ++live; }
  Counted& operator=(const Counted&) = default;
  Counted& operator=(Counted&&) noexcept = default;
  ~Counted() { --live; }
};

// Its move may throw, so growing must copy it and leave the table as it
// was when a copy throws.
struct ThrowingCopy {
  static inline int copies_left = 1000;
  int value = 0;
  explicit ThrowingCopy(int v) : value(v) {}
  ThrowingCopy(const ThrowingCopy& other) : value(other.value) {
    if (copies_left-- == 0) throw std::runtime_error("copy failed");
  }
  ThrowingCopy(ThrowingCopy&& other) : ThrowingCopy(static_cast<const ThrowingCopy&>(other)) {}
  ThrowingCopy& operator=(const ThrowingCopy&) = default;
};

}  // namespace

TEST_CASE("A table keeps its elements, in order, as it grows", "[ecs][table]") {
  detail::Table<std::uint32_t> numbers;
  for (std::uint32_t i = 0; i < 100'000; ++i) numbers.push_back(i * 3);
  REQUIRE(numbers.size() == 100'000);
  REQUIRE(numbers.capacity() >= numbers.size());
  bool in_order = true;
  for (std::uint32_t i = 0; i < 100'000; ++i) in_order = in_order && numbers[i] == i * 3;
  REQUIRE(in_order);

  Counted::live = 0;
  {
    detail::Table<Counted> words;
    for (int i = 0; i < 1000; ++i) words.emplace_back("word number " + std::to_string(i));
    REQUIRE(Counted::live == 1000);
    REQUIRE(words[0].text == "word number 0");
    REQUIRE(words.back().text == "word number 999");
    words.pop_back();
    REQUIRE(Counted::live == 999);
  }
  REQUIRE(Counted::live == 0);
}

TEST_CASE("A table's resize, erase, copy and move behave as a vector's", "[ecs][table]") {
  Counted::live = 0;
  {
    detail::Table<Counted> table;
    table.resize(5, Counted("x"));
    table.resize(8);
    REQUIRE(table.size() == 8);
    REQUIRE(table[4].text == "x");
    REQUIRE(table[7].text.empty());
    for (std::size_t i = 0; i < table.size(); ++i) table[i].text = std::to_string(i);

    // Erase a range in the middle: the rest moves down, in order.
    table.erase(table.begin() + 2, table.begin() + 5);
    REQUIRE(table.size() == 5);
    REQUIRE(Counted::live == 5);
    std::vector<std::string> kept;
    for (const Counted& element : table) kept.push_back(element.text);
    REQUIRE(kept == std::vector<std::string>{"0", "1", "5", "6", "7"});

    detail::Table<Counted> copy(table);
    REQUIRE(copy.size() == 5);
    REQUIRE(copy[2].text == "5");
    REQUIRE(Counted::live == 10);
    detail::Table<Counted> moved(std::move(copy));
    REQUIRE(moved.size() == 5);
    REQUIRE(copy.empty());  // a moved-from table is empty
    REQUIRE(Counted::live == 10);

    moved.resize(2);
    REQUIRE(Counted::live == 7);
    moved.shrink_to_fit();
    REQUIRE(moved.size() == 2);
    REQUIRE(moved[1].text == "1");
    table.clear();
    REQUIRE(table.empty());
    REQUIRE(Counted::live == 2);
    table.assign(3, Counted("y"));
    REQUIRE(table.size() == 3);
    REQUIRE(table[2].text == "y");
  }
  REQUIRE(Counted::live == 0);
}

TEST_CASE("A table element pushed from the table itself survives the growth", "[ecs][table]") {
  detail::Table<std::string> table;
  table.push_back("first, long enough not to fit in a small string");
  while (table.size() < table.capacity()) table.push_back("filler");
  table.push_back(table[0]);  // the table grows while reading its own element
  REQUIRE(table.back() == "first, long enough not to fit in a small string");
  REQUIRE(table[0] == table.back());
}

TEST_CASE("A table resized with one of its own elements copies it before growing", "[ecs][table]") {
  detail::Table<std::string> table;
  table.push_back("the element copied into every new place");
  table.resize(1000, table[0]);
  REQUIRE(table.size() == 1000);
  REQUIRE(table[999] == "the element copied into every new place");
  table.assign(3, table[500]);
  REQUIRE(table.size() == 3);
  REQUIRE(table[2] == "the element copied into every new place");
  REQUIRE_THROWS_AS(table.reserve(std::numeric_limits<std::size_t>::max() / 2), std::bad_array_new_length);
  REQUIRE(table.size() == 3);
}

TEST_CASE("A table whose growth fails is left as it was", "[ecs][table]") {
  detail::Table<ThrowingCopy> table;
  for (int i = 0; i < 4; ++i) table.emplace_back(i);
  while (table.size() < table.capacity()) table.emplace_back(static_cast<int>(table.size()));
  const std::size_t size = table.size();
  ThrowingCopy::copies_left = 2;  // the growth copies the old elements; the third copy throws
  REQUIRE_THROWS_AS(table.emplace_back(99), std::runtime_error);
  ThrowingCopy::copies_left = 1000;
  REQUIRE(table.size() == size);
  bool unchanged = true;
  for (std::size_t i = 0; i < size; ++i) unchanged = unchanged && table[i].value == static_cast<int>(i);
  REQUIRE(unchanged);
}

TEST_CASE("A big table's capacity is its whole size class", "[ecs][table]") {
  detail::ReleaseCachedTables();  // no kept block of a bigger class to take
  detail::Table<std::uint64_t> table;
  table.reserve(300'000);  // 2.4 MB: size class 4 MiB
  REQUIRE(table.capacity() == (std::size_t{4} << 20) / sizeof(std::uint64_t));
  detail::Table<std::uint64_t> small;
  small.reserve(1000);  // too small to be cached: exactly what was asked
  REQUIRE(small.capacity() == 1000);
}

TEST_CASE("A freed big array is reused by the next array of its size class", "[ecs][table]") {
  detail::ReleaseCachedTables();
  REQUIRE(detail::CachedTableBytes() == 0);
  const void* first = nullptr;
  {
    detail::Table<std::uint64_t> table(300'000);  // 2.4 MB: size class 4 MiB
    first = table.data();
  }
  REQUIRE(detail::CachedTableBytes() == std::size_t{4} << 20);
#if defined(CAIRN_TEST_ASAN)
  // Kept, but a use after free is still reported.
  REQUIRE(__asan_address_is_poisoned(first));
#endif
  {
    detail::Table<std::uint64_t> table(400'000);  // 3.2 MB: the same class
    REQUIRE(table.data() == first);
    REQUIRE(detail::CachedTableBytes() == 0);
    detail::Table<std::uint64_t> small(1000);  // too small to be cached
    REQUIRE(detail::CachedTableBytes() == 0);
  }
  REQUIRE(detail::CachedTableBytes() == std::size_t{4} << 20);
  REQUIRE(detail::ReleaseCachedTables() == std::size_t{4} << 20);
  REQUIRE(detail::CachedTableBytes() == 0);
}

TEST_CASE("The cache of freed arrays holds at most its limit", "[ecs][table]") {
  detail::ReleaseCachedTables();
  {
    std::vector<detail::Table<std::byte>> tables(6);
    for (auto& table : tables) table.reserve(std::size_t{64} << 20);  // 6 x 64 MiB, untouched
  }
  REQUIRE(detail::CachedTableBytes() <= detail::kTableCacheBytes);
  REQUIRE(detail::CachedTableBytes() == detail::kTableCacheBytes);  // four of them kept
  detail::ReleaseCachedTables();
}

TEST_CASE("A growing big array takes a kept block of a bigger class, up to sixteen times its own", "[ecs][table]") {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  detail::ReleaseCachedTables();
  const void* kept = nullptr;
  {
    detail::Table<std::byte> table;
    table.reserve(64 * kMiB);  // kept when freed, untouched
    kept = table.data();
  }
  {
    detail::Table<std::byte> reserved;
    reserved.reserve(3 * kMiB);  // a reserve takes its own class only (4 MiB)
    REQUIRE(reserved.data() != kept);
    detail::Table<std::byte> growing;
    growing.resize(3 * kMiB / 2);  // grows to class 2 MiB: 64 MiB is 32 times that
    REQUIRE(growing.data() != kept);
    growing.resize(3 * kMiB);  // grows to class 4 MiB: 64 MiB is 16 times that
    REQUIRE(growing.data() == kept);
    REQUIRE(growing.capacity() == 64 * kMiB);
    REQUIRE(growing[3 * kMiB / 2 - 1] == std::byte{0});  // what it held came along
    // It then grows within the block without moving.
    growing.resize(8 * kMiB);
    REQUIRE(growing.data() == kept);
  }
  // Given back under its own class, it serves a reserve of that class.
  detail::Table<std::byte> again;
  again.reserve(40 * kMiB);
  REQUIRE(again.data() == kept);
  detail::ReleaseCachedTables();
}

TEST_CASE("A growing array takes a kept block made for another element type", "[ecs][table]") {
  detail::ReleaseCachedTables();
  const void* kept = nullptr;
  {
    detail::Table<std::uint32_t> table;
    table.reserve(std::size_t{1} << 18);  // 1 MiB of 4-byte elements, kept when freed
    kept = table.data();
  }
  detail::Table<std::uint64_t> growing;
  growing.resize(5000);  // 40,000 bytes: class 64 KiB, and 1 MiB is 16 times that
  REQUIRE(growing.data() == kept);
  REQUIRE(growing.capacity() == (std::size_t{1} << 20) / sizeof(std::uint64_t));
  REQUIRE(detail::CachedTableBytes() == 0);
  growing = {};
  REQUIRE(detail::CachedTableBytes() == std::size_t{1} << 20);
  detail::ReleaseCachedTables();
}

TEST_CASE("A table appends elements made in place, growing once", "[ecs][table]") {
  detail::Table<std::uint64_t> table;
  table.push_back(7);
  table.append(100'000, [](std::size_t i) { return std::uint64_t{i * 3}; });
  REQUIRE(table.size() == 100'001);
  REQUIRE(table[0] == 7);
  bool in_order = true;
  for (std::size_t i = 0; i < 100'000; ++i) in_order = in_order && table[i + 1] == i * 3;
  REQUIRE(in_order);
  // Within the capacity, nothing moves.
  table.reserve(table.size() + 10);
  const std::uint64_t* before = table.data();
  table.append(10, [](std::size_t i) { return std::uint64_t{i}; });
  REQUIRE(table.data() == before);
  REQUIRE(table.back() == 9);
  table.append(0, [](std::size_t) -> std::uint64_t { throw std::logic_error("never called"); });
  REQUIRE(table.size() == 100'011);
  REQUIRE_THROWS_AS(table.append(std::numeric_limits<std::size_t>::max(), [](std::size_t) { return std::uint64_t{0}; }),
                    std::bad_array_new_length);
  REQUIRE(table.size() == 100'011);
}

TEST_CASE("A table append that throws keeps the elements made before it", "[ecs][table]") {
  Counted::live = 0;
  {
    detail::Table<Counted> table;
    table.emplace_back("first");
    REQUIRE_THROWS_WITH(table.append(5,
                                     [](std::size_t i) {
                                       if (i == 3) throw std::runtime_error("no fourth");
                                       return Counted(std::to_string(i));
                                     }),
                        "no fourth");
    REQUIRE(table.size() == 4);
    REQUIRE(table[0].text == "first");
    REQUIRE(table[3].text == "2");
    REQUIRE(Counted::live == 4);
  }
  REQUIRE(Counted::live == 0);
}
