// TieBreak: which of several frontier entries of equal priority a search pops first. Shared by
// every frontier in the reference (the course's A* in astar.h, the general searches in search.h).
#pragma once

namespace sg::ref {

/// Which of several frontier entries with equal priority is popped first.
enum class TieBreak {
  earliest_inserted,  ///< FIFO among equals: the course's linear scan with strict `<`.
  latest_inserted,    ///< LIFO among equals: the most recently inserted entry first.
};

}  // namespace sg::ref
