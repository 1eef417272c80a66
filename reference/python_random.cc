#include "reference/python_random.h"

#include <bit>
#include <cmath>
#include <unordered_set>

namespace sg::ref {
namespace {

constexpr std::size_t kM = 397;
constexpr std::uint32_t kMatrixA = 0x9908b0dfU;
constexpr std::uint32_t kUpperMask = 0x80000000U;
constexpr std::uint32_t kLowerMask = 0x7fffffffU;

// Python's floor division, for randrange's step arithmetic.
std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

}  // namespace

PythonRandom::PythonRandom(std::int64_t seed) { this->seed(seed); }

void PythonRandom::seed(std::int64_t seed) {
  // The absolute value's 32-bit words, least significant first; at least one.
  const std::uint64_t magnitude = seed < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(seed)
                                           : static_cast<std::uint64_t>(seed);
  std::vector<std::uint32_t> key{static_cast<std::uint32_t>(magnitude)};
  if (magnitude >> 32) key.push_back(static_cast<std::uint32_t>(magnitude >> 32));
  init_by_array(key);
}

void PythonRandom::init_genrand(std::uint32_t s) {
  state_[0] = s;
  for (std::size_t i = 1; i < kN; ++i)
    state_[i] =
        1812433253U * (state_[i - 1] ^ (state_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
  index_ = kN;
}

void PythonRandom::init_by_array(const std::vector<std::uint32_t>& key) {
  init_genrand(19650218U);
  std::size_t i = 1, j = 0;
  for (std::size_t k = std::max(kN, key.size()); k > 0; --k) {
    state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1664525U)) + key[j] +
                static_cast<std::uint32_t>(j);
    ++i;
    ++j;
    if (i >= kN) {
      state_[0] = state_[kN - 1];
      i = 1;
    }
    if (j >= key.size()) j = 0;
  }
  for (std::size_t k = kN - 1; k > 0; --k) {
    state_[i] = (state_[i] ^ ((state_[i - 1] ^ (state_[i - 1] >> 30)) * 1566083941U)) -
                static_cast<std::uint32_t>(i);
    ++i;
    if (i >= kN) {
      state_[0] = state_[kN - 1];
      i = 1;
    }
  }
  state_[0] = 0x80000000U;  // the key's most significant bit is 1: a non-zero initial array
  index_ = kN;
}

std::uint32_t PythonRandom::next_uint32() {
  if (index_ >= kN) {
    const auto twist = [](std::uint32_t upper, std::uint32_t lower, std::uint32_t far) {
      const std::uint32_t y = (upper & kUpperMask) | (lower & kLowerMask);
      return far ^ (y >> 1) ^ ((y & 1U) ? kMatrixA : 0U);
    };
    std::size_t k = 0;
    for (; k < kN - kM; ++k) state_[k] = twist(state_[k], state_[k + 1], state_[k + kM]);
    for (; k < kN - 1; ++k) state_[k] = twist(state_[k], state_[k + 1], state_[k + kM - kN]);
    state_[kN - 1] = twist(state_[kN - 1], state_[0], state_[kM - 1]);
    index_ = 0;
  }
  std::uint32_t y = state_[index_++];
  y ^= y >> 11;
  y ^= (y << 7) & 0x9d2c5680U;
  y ^= (y << 15) & 0xefc60000U;
  y ^= y >> 18;
  return y;
}

double PythonRandom::random() {
  const std::uint32_t a = next_uint32() >> 5, b = next_uint32() >> 6;
  return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

std::uint64_t PythonRandom::getrandbits(int k) {
  if (k < 0 || k > 64) throw std::invalid_argument("getrandbits: 0 to 64 bits here");
  if (k == 0) return 0;
  if (k <= 32) return next_uint32() >> (32 - k);
  // Words least significant first; the last keeps its most significant bits.
  const std::uint64_t low = next_uint32();
  const std::uint64_t high = next_uint32() >> (64 - k);
  return low | (high << 32);
}

std::int64_t PythonRandom::randbelow(std::int64_t n) {
  if (n < 0) throw std::invalid_argument("randbelow of a negative number");
  if (n == 0) return 0;
  const int k = std::bit_width(static_cast<std::uint64_t>(n));
  std::uint64_t r = getrandbits(k);
  while (r >= static_cast<std::uint64_t>(n)) r = getrandbits(k);
  return static_cast<std::int64_t>(r);
}

std::int64_t PythonRandom::randrange(std::int64_t start, std::int64_t stop, std::int64_t step) {
  const std::int64_t width = stop - start;
  if (step == 1) {
    if (width <= 0) throw std::invalid_argument("empty range for randrange()");
    return start + randbelow(width);
  }
  if (step == 0) throw std::invalid_argument("zero step for randrange()");
  const std::int64_t n =
      step > 0 ? floor_div(width + step - 1, step) : floor_div(width + step + 1, step);
  if (n <= 0) throw std::invalid_argument("empty range for randrange()");
  return start + step * randbelow(n);
}

std::vector<std::size_t> PythonRandom::sample_indices(std::size_t n, std::size_t k) {
  if (k > n) throw std::invalid_argument("Sample larger than population or is negative");
  std::vector<std::size_t> result;
  result.reserve(k);
  // Lib/random.py: a list pool when an n-long list is smaller than a k-long set, else a set of
  // the positions taken.
  std::size_t setsize = 21;
  if (k > 5)
    setsize += static_cast<std::size_t>(
        std::pow(4.0, std::ceil(std::log(static_cast<double>(k * 3)) / std::log(4.0))));
  if (n <= setsize) {
    std::vector<std::size_t> pool(n);
    for (std::size_t i = 0; i < n; ++i) pool[i] = i;
    for (std::size_t i = 0; i < k; ++i) {
      const auto j = static_cast<std::size_t>(randbelow(static_cast<std::int64_t>(n - i)));
      result.push_back(pool[j]);
      pool[j] = pool[n - i - 1];
    }
    return result;
  }
  std::unordered_set<std::size_t> selected;
  for (std::size_t i = 0; i < k; ++i) {
    auto j = static_cast<std::size_t>(randbelow(static_cast<std::int64_t>(n)));
    while (selected.count(j)) j = static_cast<std::size_t>(randbelow(static_cast<std::int64_t>(n)));
    selected.insert(j);
    result.push_back(j);
  }
  return result;
}

}  // namespace sg::ref
