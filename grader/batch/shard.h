// Sharding a class across machines: `--shard K/N` grades the students whose stable hash of
// their id falls in bucket K of N. Membership depends only on the student id (never on order or
// on who else is in the class), so N independent jobs (a Slurm array, a Kubernetes indexed Job)
// cover every student exactly once, and a student stays in the same shard across reruns.
#pragma once

#include <cstdint>
#include <string>

namespace sg {

/// Shard K of N, 1-based: 1 <= index <= count.
struct Shard {
  unsigned index = 1;
  unsigned count = 1;
};

/// Parses "K/N" (e.g. "2/8"). Throws std::invalid_argument saying what was expected.
Shard parse_shard(const std::string& text);

/// The 1-based shard of `student_id` among `count` shards: 1 + (first 8 bytes of the SHA-256 of
/// the id, big-endian) mod count.
unsigned shard_of(const std::string& student_id, unsigned count);

/// True if `student_id` belongs to `shard`.
bool in_shard(const std::string& student_id, const Shard& shard);

}  // namespace sg
