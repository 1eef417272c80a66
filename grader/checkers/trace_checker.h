// Trace equality with first-divergence feedback: a search's printed trace (one event per line)
// against the reference's, line by line, after both are read into canonical form. Reusable by
// every spec whose program prints a trace; the assignment-specific part (how a printed line reads,
// what context names a line, what hint explains a divergence) is supplied by the caller.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "checkers/state_text.h"

namespace sg {

/// One line of the expected trace: its canonical text and where it is in the search, for
/// feedback (e.g. "in the iteration with depth limit 3").
struct ExpectedTraceLine {
  std::string text;
  std::string context;
};

/// Where and how the printed trace first leaves the expected one.
struct TraceDivergence {
  std::size_t index = 0;        ///< 0-based position in the trace (expected and printed alike).
  int printed_line_number = 0;  ///< 1-based line of the output; 0 when the output ended early.
  std::optional<std::string> expected;  ///< nullopt: the expected trace had already ended.
  std::optional<std::string> printed;   ///< nullopt: the printed trace had already ended.
  std::string context;                  ///< Context of the expected line (or of the last one).
};

struct TraceComparison {
  bool equal = false;
  std::optional<TraceDivergence> divergence;  ///< Set iff !equal.
  std::size_t expected_lines = 0;
  std::size_t printed_lines = 0;
  /// "trace line 27 (output line 27, in the iteration with depth limit 2): expected `(2 LEFT)`,
  /// got `(2 RIGHT)`", or what is missing or extra. Empty when equal.
  std::string feedback;
};

/// Reads a printed line into the expected lines' canonical form, or nullopt when it cannot be
/// read (it then never matches, and feedback quotes it as printed).
using TraceLineReader = std::function<std::optional<std::string>(std::string_view)>;

/// Compares `printed` (the trace's lines, in order) with `expected`. Never throws (beyond
/// std::bad_alloc).
TraceComparison compare_trace(std::span<const ExpectedTraceLine> expected,
                              std::span<const NumberedLine> printed, const TraceLineReader& read);

}  // namespace sg
