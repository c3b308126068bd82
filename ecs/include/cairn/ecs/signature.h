#pragma once
// A fixed-size bitset over registered component types.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "cairn/ecs/fwd.h"

namespace cairn::ecs {

inline constexpr std::size_t kMaxComponentTypes = 128;

// Where one component type's bit lives in a Signature, worked out once (at
// registration) so that the typed add and remove paths set, clear or test it
// with one operation on one word.
struct SignatureBit {
  std::uint64_t mask = 0;
  std::uint8_t word = 0;
};

class Signature {
 public:
  static constexpr SignatureBit BitOf(ComponentType type) {
    return {Bit(type), static_cast<std::uint8_t>(type / 64)};
  }

  constexpr void Set(ComponentType type) { Set(BitOf(type)); }
  constexpr void Reset(ComponentType type) { Reset(BitOf(type)); }
  constexpr bool Test(ComponentType type) const { return Test(BitOf(type)); }
  constexpr void Set(SignatureBit bit) { words_[bit.word] |= bit.mask; }
  constexpr void Reset(SignatureBit bit) { words_[bit.word] &= ~bit.mask; }
  constexpr bool Test(SignatureBit bit) const { return (words_[bit.word] & bit.mask) != 0; }
  constexpr void Clear() { words_ = {}; }
  constexpr bool None() const { return (words_[0] | words_[1]) == 0; }

  // True when every bit of `required` is also set here.
  constexpr bool Contains(const Signature& required) const {
    return (words_[0] & required.words_[0]) == required.words_[0] &&
           (words_[1] & required.words_[1]) == required.words_[1];
  }

  // Keeps only the bits `other` has too.
  constexpr Signature& operator&=(const Signature& other) {
    for (std::size_t word = 0; word < kWords; ++word) words_[word] &= other.words_[word];
    return *this;
  }

  std::size_t Count() const { return std::popcount(words_[0]) + std::popcount(words_[1]); }

  // Calls fn(ComponentType) for each set bit, in increasing order.
  // The words are visited by a fold, not a loop, so that the destroy path
  // keeps no word counter alive across its calls.
  template <typename Fn>
  void ForEach(Fn&& fn) const {
    [&]<std::size_t... kWord>(std::index_sequence<kWord...>) {
      (ForEachInWord(kWord, fn), ...);
    }(std::make_index_sequence<kWords>{});
  }

  friend constexpr bool operator==(const Signature&, const Signature&) = default;

 private:
  static constexpr std::size_t kWords = kMaxComponentTypes / 64;
  static constexpr std::uint64_t Bit(ComponentType type) { return std::uint64_t{1} << (type % 64); }

  template <typename Fn>
  void ForEachInWord(std::size_t word, Fn& fn) const {
    for (std::uint64_t bits = words_[word]; bits != 0; bits &= bits - 1) {
      fn(static_cast<ComponentType>(word * 64 + static_cast<std::size_t>(std::countr_zero(bits))));
    }
  }

  std::array<std::uint64_t, kWords> words_{};
};

}  // namespace cairn::ecs
