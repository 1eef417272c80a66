// Judges what the grader's measuring agent (grader/drivers/MeasuringAgent.java) measured in the
// student's JVM: the deep size of an object against a spec's bound (a Board's memory, a Solver's
// after solving), and how often named methods computed (rather than returned a cached field)
// per priority-queue operation (hamming() and manhattan() per MinPQ insert and delMin, the
// course's "caching" check). The failures show the measurement: bytes by class, calls and
// computations by method, the queue's operations.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "checkers/puzzle_function_checker.h"

namespace sg {

/// `measured` is MeasuringAgent.deepSize's map ({"bytes", "objects", "by_class"}); passes when
/// bytes <= `bound`. `bound_text` says where the bound comes from ("4 n^2 + 32 n + 64 at n = 5");
/// `call` is what was measured ("new Board(...)").
FunctionCallCheck check_deep_size(const nlohmann::json& measured, double bound,
                                  const std::string& bound_text, const std::string& call);

/// `calls` is MeasuringAgent.callCounts's map ({method: {"calls", "computed"}}), `queue` the
/// counting MinPQ's ({"inserts", "delMins", ...}) over the same run. Passes when the methods'
/// computations together are at most `per_operation` times the queue's inserts plus delMins.
FunctionCallCheck check_computed_calls(const nlohmann::json& calls, const nlohmann::json& queue,
                                       double per_operation, const std::string& call);

}  // namespace sg
