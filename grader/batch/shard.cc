#include "batch/shard.h"

#include <fmt/format.h>

#include <charconv>
#include <stdexcept>

#include "spec/sha256.h"

namespace sg {

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard shard;
  const auto parse = [&](std::string_view part, unsigned& value) {
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    return error == std::errc() && end == part.data() + part.size() && !part.empty();
  };
  const std::string_view all(text);
  if (slash == std::string::npos || !parse(all.substr(0, slash), shard.index) ||
      !parse(all.substr(slash + 1), shard.count) || shard.count == 0 || shard.index == 0 ||
      shard.index > shard.count) {
    throw std::invalid_argument(
        fmt::format("--shard \"{}\": expected K/N with 1 <= K <= N, e.g. 1/4 ... 4/4", text));
  }
  return shard;
}

unsigned shard_of(const std::string& student_id, unsigned count) {
  if (count <= 1) return 1;
  const std::string hex = sha256_hex(student_id);
  std::uint64_t value = 0;
  std::from_chars(hex.data(), hex.data() + 16, value, 16);
  return 1 + static_cast<unsigned>(value % count);
}

bool in_shard(const std::string& student_id, const Shard& shard) {
  return shard_of(student_id, shard.count) == shard.index;
}

}  // namespace sg
