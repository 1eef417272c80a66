#include "algorithms/iddfs_mutants.h"

#include <algorithm>

namespace sg {

std::vector<IddfsMutant> iddfs_mutants(const ref::IddfsOptions& options, bool blank_moves) {
  ref::IddfsOptions reversed = options;
  reversed.reverse_successors = true;
  ref::IddfsOptions from_zero = options;
  from_zero.first_limit = 0;
  ref::IddfsOptions from_two = options;
  from_two.first_limit = std::max(options.first_limit, 1) + 1;
  from_two.max_limit = std::max(from_two.max_limit, from_two.first_limit);
  return {
      {"moves_reversed",
       blank_moves ? "tries the blank's moves in the reverse order"
                   : "tries the moves in the reverse order",
       reversed},
      {"limit_starts_at_0", "starts with depth limit 0, checking the start aloud", from_zero},
      {"skips_first_limit", "skips the first depth limit (an off-by-one in the loop)", from_two}};
}

}  // namespace sg
