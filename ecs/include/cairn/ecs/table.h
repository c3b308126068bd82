#pragma once
// Memory for the ECS's big arrays.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace cairn::ecs {

namespace detail {

// Allocation for the ECS's big arrays (dense entity and component arrays,
// per-entity records, the id map's buckets, the entity pool's and the
// Coordinator's per-slot arrays). Arrays of 2 MiB or more are placed on
// transparent huge pages where the OS offers them (Linux, madvise): random
// accesses into arrays of many megabytes then miss the cache but not the
// TLB, and growing them takes one page fault per 2 MiB instead of one per
// 4 KiB. Smaller arrays use operator new.
//
// Arrays of more than 32 KiB are kept for reuse when freed, up to
// kTableCacheBytes in all: a world built after another was freed (a scene
// opened, a play session started, a world rebuilt by undo) writes into
// memory the process already has, instead of asking the OS for fresh pages,
// which it must zero first (for a world of a million entities, more than
// half of the time of creating it). Such an array's size is rounded up to a
// power of two, the size class it is cached under. An array that grows
// (rather than reserves) may be given a kept block of a bigger class: a
// world growing one entity at a time after a bigger one was freed then
// takes the freed arrays whole, instead of climbing the size classes and
// copying itself at each.
//
// AllocateTable returns the memory and the bytes it really provides (at
// least `bytes`); FreeTable takes those bytes back, or any count that rounds
// up to the same size class.
struct TableBlock {
  void* memory;
  std::size_t bytes;
};
enum class TableGrowth : std::uint8_t {
  kExact,    // a reserve: the size class asked for, when one is kept
  kGrowing,  // a growth: the biggest kept block up to 16 times the class
};
TableBlock AllocateTable(std::size_t bytes, std::size_t alignment, TableGrowth growth = TableGrowth::kExact);
void FreeTable(void* memory, std::size_t bytes, std::size_t alignment) noexcept;
inline constexpr std::size_t kTableCacheBytes = std::size_t{256} << 20;
// Gives every cached array back to the system; returns the bytes released.
std::size_t ReleaseCachedTables() noexcept;
// The bytes of freed big arrays kept for reuse now.
std::size_t CachedTableBytes() noexcept;

// A growable array over AllocateTable: the part of std::vector the ECS uses,
// with two differences that matter for arrays of millions of records.
// Growing relocates trivially copyable elements with one memcpy (a vector
// with a custom allocator copies them one by one), and the capacity is the
// whole size class the memory came from. Elements of other types are moved
// (copied when their move may throw, so a failed growth changes nothing).
template <typename T>
class Table {
 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  Table() = default;
  explicit Table(std::size_t count) { resize(count); }
  Table(const Table& other) {
    reserve(other.size_);
    for (const T& element : other) emplace_back(element);
  }
  Table& operator=(const Table& other) {
    if (this != &other) *this = Table(other);
    return *this;
  }
  Table(Table&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  Table& operator=(Table&& other) noexcept {
    if (this != &other) {
      Release();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
  }
  ~Table() { Release(); }

  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }

  void push_back(const T& value) { emplace_back(value); }
  void push_back(T&& value) { emplace_back(std::move(value)); }
  template <typename... Args>
  T& emplace_back(Args&&... args) {
    if (size_ == capacity_) [[unlikely]] return GrowAndEmplace(std::forward<Args>(args)...);
    T* element = ::new (static_cast<void*>(data_ + size_)) T(std::forward<Args>(args)...);
    ++size_;
    return *element;
  }
  void pop_back() { data_[--size_].~T(); }

  // New elements are value-initialized (or copies of `value`, taken by
  // value so that it may be an element of this table).
  void resize(std::size_t count) { ResizeWith(count, [](T* at) { ::new (static_cast<void*>(at)) T(); }); }
  void resize(std::size_t count, T value) {
    ResizeWith(count, [&value](T* at) { ::new (static_cast<void*>(at)) T(value); });
  }
  void assign(std::size_t count, T value) {
    clear();
    resize(count, std::move(value));
  }
  void reserve(std::size_t count) {
    if (count > capacity_) Reallocate(count);
  }
  // Appends `count` elements, element i made from make(i) in place: one
  // write per element, where resize and then assigning writes each twice.
  // Should make throw, the elements made before it stay.
  template <typename Make>
  void append(std::size_t count, Make make) {
    if (count > capacity_ - size_) {
      if (count > std::numeric_limits<std::size_t>::max() - size_) throw std::bad_array_new_length();
      Reallocate(std::max(size_ + count, 2 * capacity_), TableGrowth::kGrowing);
    }
    for (std::size_t i = 0; i < count; ++i, ++size_) ::new (static_cast<void*>(data_ + size_)) T(make(i));
  }
  void clear() {
    std::destroy(data_, data_ + size_);
    size_ = 0;
  }
  void shrink_to_fit() {
    if (size_ == 0) {
      Release();
    } else if (size_ < capacity_) {
      Reallocate(size_);
    }
  }
  // Removes [first, last), moving the elements after it down.
  T* erase(const T* first, const T* last) {
    T* const to = data_ + (first - data_);
    T* const end = std::move(data_ + (last - data_), data_ + size_, to);
    std::destroy(end, data_ + size_);
    size_ = static_cast<std::size_t>(end - data_);
    return to;
  }

 private:
  template <typename Make>
  void ResizeWith(std::size_t count, Make make) {
    if (count <= size_) {
      std::destroy(data_ + count, data_ + size_);
      size_ = count;
      return;
    }
    if (count > capacity_) Reallocate(std::max(count, 2 * capacity_), TableGrowth::kGrowing);
    for (; size_ < count; ++size_) make(data_ + size_);
  }

  // Out of line, so that emplace_back stays small enough to inline.
  template <typename... Args>
  [[gnu::noinline]] T& GrowAndEmplace(Args&&... args) {
    Table grown;
    grown.Allocate(std::max<std::size_t>(2 * capacity_, 4), TableGrowth::kGrowing);
    // The new element first: args may refer to an element of this table.
    ::new (static_cast<void*>(grown.data_ + size_)) T(std::forward<Args>(args)...);
    try {
      RelocateInto(grown.data_);
    } catch (...) {
      grown.data_[size_].~T();
      throw;
    }
    grown.size_ = size_ + 1;
    std::swap(*this, grown);
    grown.size_ = 0;  // the old array's elements are destroyed already, or trivially copyable
    return data_[size_ - 1];
  }

  // Moves the elements to a new array of at least `count` (>= size_) places.
  [[gnu::noinline]] void Reallocate(std::size_t count, TableGrowth growth = TableGrowth::kExact) {
    Table grown;
    grown.Allocate(count, growth);
    RelocateInto(grown.data_);
    grown.size_ = size_;
    std::swap(*this, grown);
    grown.size_ = 0;
  }

  // Places the elements at `target`; on success this table's elements are
  // moved-from husks already destroyed (its size_ is left to the caller).
  void RelocateInto(T* target) {
    if constexpr (std::is_trivially_copyable_v<T>) {
      if (size_ != 0) std::memcpy(static_cast<void*>(target), static_cast<const void*>(data_), size_ * sizeof(T));
    } else {
      std::size_t moved = 0;
      try {
        for (; moved < size_; ++moved) ::new (static_cast<void*>(target + moved)) T(std::move_if_noexcept(data_[moved]));
      } catch (...) {
        std::destroy(target, target + moved);
        throw;
      }
      std::destroy(data_, data_ + size_);
    }
  }

  void Allocate(std::size_t count, TableGrowth growth) {
    if (count > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_array_new_length();
    const TableBlock block = AllocateTable(count * sizeof(T), alignof(T), growth);
    data_ = static_cast<T*>(block.memory);
    capacity_ = block.bytes / sizeof(T);  // the whole block: see AllocateTable
  }

  void Release() {
    clear();
    if (data_ != nullptr) FreeTable(data_, capacity_ * sizeof(T), alignof(T));
    data_ = nullptr;
    capacity_ = 0;
  }

  T* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace detail

}  // namespace cairn::ecs
