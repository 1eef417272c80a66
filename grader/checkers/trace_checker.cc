#include "checkers/trace_checker.h"

#include <fmt/format.h>

namespace sg {

TraceComparison compare_trace(std::span<const ExpectedTraceLine> expected,
                              std::span<const NumberedLine> printed, const TraceLineReader& read) {
  TraceComparison result;
  result.expected_lines = expected.size();
  result.printed_lines = printed.size();
  const std::size_t common = std::min(expected.size(), printed.size());
  for (std::size_t i = 0; i <= common; ++i) {
    const bool expected_left = i < expected.size();
    const bool printed_left = i < printed.size();
    if (!expected_left && !printed_left) {
      result.equal = true;
      return result;
    }
    if (expected_left && printed_left) {
      const std::optional<std::string> canonical = read(printed[i].text);
      if (canonical && *canonical == expected[i].text) continue;
    }
    TraceDivergence divergence;
    divergence.index = i;
    if (printed_left) {
      divergence.printed_line_number = printed[i].number;
      divergence.printed = printed[i].text;
    }
    if (expected_left) {
      divergence.expected = expected[i].text;
      divergence.context = expected[i].context;
    } else if (!expected.empty()) {
      divergence.context = expected.back().context;
    }
    const std::string where =
        divergence.context.empty() ? std::string() : fmt::format(", {}", divergence.context);
    if (expected_left && printed_left) {
      result.feedback = fmt::format("trace line {} (output line {}{}): expected `{}`, got `{}`",
                                    i + 1, divergence.printed_line_number, where,
                                    *divergence.expected, *divergence.printed);
    } else if (expected_left) {
      result.feedback = fmt::format(
          "the trace stops after {} line{}, but {} are expected; the next should be `{}`{}", i,
          i == 1 ? "" : "s", expected.size(), *divergence.expected, where);
    } else {
      result.feedback = fmt::format(
          "the trace should end after {} line{}, but output line {} continues it with `{}`", i,
          i == 1 ? "" : "s", divergence.printed_line_number, *divergence.printed);
    }
    result.divergence = std::move(divergence);
    return result;
  }
  result.equal = true;
  return result;
}

}  // namespace sg
