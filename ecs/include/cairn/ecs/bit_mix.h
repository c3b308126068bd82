#pragma once
// The SplitMix64 finaliser and its inverse: a bijection of 64-bit words in
// which every input bit reaches every output bit. Generated entity ids
// (IdSequence), prefab instances' ids, the placement scatter's generator and
// the scene file's fingerprint all mix with it.

#include <cstdint>

namespace cairn::ecs {

namespace detail {

// The inverse of an odd number modulo 2^64 (Newton's iteration: each step
// doubles the correct low bits, from 3).
constexpr std::uint64_t InverseModulo64(std::uint64_t odd) {
  std::uint64_t inverse = odd;
  for (int step = 0; step < 5; ++step) inverse *= 2 - odd * inverse;
  return inverse;
}

// x ^ (x >> s) is undone by xoring in shifts by s, 2s, ... while under 64.
constexpr std::uint64_t UnshiftXor(std::uint64_t z, unsigned shift) {
  std::uint64_t result = z;
  for (unsigned s = shift; s < 64; s += shift) result ^= z >> s;
  return result;
}

inline constexpr std::uint64_t kMixMultiplier1 = 0xBF58476D1CE4E5B9ull;
inline constexpr std::uint64_t kMixMultiplier2 = 0x94D049BB133111EBull;

}  // namespace detail

// SplitMix64's step between values: odd, so adding multiples of it visits
// every 64-bit word.
inline constexpr std::uint64_t kMixGamma = 0x9E3779B97F4A7C15ull;

constexpr std::uint64_t MixBits(std::uint64_t z) {
  z = (z ^ (z >> 30)) * detail::kMixMultiplier1;
  z = (z ^ (z >> 27)) * detail::kMixMultiplier2;
  return z ^ (z >> 31);
}

// UnmixBits(MixBits(z)) == z for every z.
constexpr std::uint64_t UnmixBits(std::uint64_t z) {
  constexpr std::uint64_t kInverse1 = detail::InverseModulo64(detail::kMixMultiplier1);
  constexpr std::uint64_t kInverse2 = detail::InverseModulo64(detail::kMixMultiplier2);
  static_assert(detail::kMixMultiplier1 * kInverse1 == 1 && detail::kMixMultiplier2 * kInverse2 == 1);
  z = detail::UnshiftXor(z, 31) * kInverse2;
  z = detail::UnshiftXor(z, 27) * kInverse1;
  return detail::UnshiftXor(z, 30);
}

}  // namespace cairn::ecs
