// PythonRandom: CPython's `random` module, draw for draw, so that where a spec prescribes the
// draws a student makes (`random.seed(1)`, then `randint(0, n - 1)` per column) the reference
// makes the same ones and the expected run is exact. The Mersenne Twister (MT19937) as CPython's
// _randommodule.c runs it: seeded from an int by init_by_array over the int's 32-bit words
// (little-endian, its absolute value, at least one word), random() from two draws (53 bits),
// getrandbits(k) from ceil(k / 32) draws, and the integer methods of Lib/random.py (3.8 to 3.13):
// _randbelow by rejection over getrandbits(n.bit_length()), randrange, randint, choice, shuffle,
// uniform and sample (both of its algorithms). This file has no I/O.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

namespace sg::ref {

class PythonRandom {
 public:
  /// As `random.Random(seed)` / `random.seed(seed)` with an int (negative seeds as their absolute
  /// value, as CPython does).
  explicit PythonRandom(std::int64_t seed = 0);

  /// `random.seed(seed)`.
  void seed(std::int64_t seed);

  /// The next 32 bits of the generator (CPython's genrand_uint32).
  std::uint32_t next_uint32();

  /// `random.random()`: a float in [0, 1), 53 bits.
  double random();

  /// `random.getrandbits(k)` for 0 <= k <= 64 (throws std::invalid_argument beyond).
  std::uint64_t getrandbits(int k);

  /// `random._randbelow(n)`: uniform in [0, n) by rejection; 0 for n == 0 (throws for n < 0).
  std::int64_t randbelow(std::int64_t n);

  /// `random.randrange(start, stop, step)`; throws std::invalid_argument for an empty range or a
  /// zero step, as CPython raises ValueError.
  std::int64_t randrange(std::int64_t start, std::int64_t stop, std::int64_t step = 1);

  /// `random.randrange(stop)`.
  std::int64_t randrange(std::int64_t stop) { return randrange(0, stop, 1); }

  /// `random.randint(a, b)`: a <= N <= b.
  std::int64_t randint(std::int64_t a, std::int64_t b) { return randrange(a, b + 1, 1); }

  /// `random.uniform(a, b)`: a + (b - a) * random().
  double uniform(double a, double b) { return a + (b - a) * random(); }

  /// `random.choice(items)`: throws std::invalid_argument for an empty sequence (IndexError).
  template <class T>
  const T& choice(const std::vector<T>& items) {
    if (items.empty()) throw std::invalid_argument("choice from an empty sequence");
    return items[static_cast<std::size_t>(randbelow(static_cast<std::int64_t>(items.size())))];
  }

  /// `random.shuffle(items)`, in place.
  template <class T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i-- > 1;) {
      const auto j = static_cast<std::size_t>(randbelow(static_cast<std::int64_t>(i + 1)));
      std::swap(items[i], items[j]);
    }
  }

  /// `random.sample(items, k)`: k distinct positions, in the order drawn; throws
  /// std::invalid_argument when k is negative or larger than the population.
  template <class T>
  std::vector<T> sample(const std::vector<T>& items, std::size_t k) {
    std::vector<T> result;
    for (const std::size_t index : sample_indices(items.size(), k)) result.push_back(items[index]);
    return result;
  }

  /// The indices `sample` takes from a population of `n`, in order.
  std::vector<std::size_t> sample_indices(std::size_t n, std::size_t k);

 private:
  void init_genrand(std::uint32_t s);
  void init_by_array(const std::vector<std::uint32_t>& key);

  static constexpr std::size_t kN = 624;
  std::array<std::uint32_t, kN> state_{};
  std::size_t index_ = kN + 1;
};

}  // namespace sg::ref
