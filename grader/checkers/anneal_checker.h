// Checks the run a student's simulated annealing (AIMA figure 4.5) prints on a local-search
// space (reference/simulated_annealing.h). What holds for every run whatever its draws: each
// printed state is a state of the space with its value right, the start or a neighbour of the
// state before it (a move taken) or that state again (a move rejected), and there is one line
// per time step of the schedule (T > 0), the start printed first or not. Where a test seeds the
// draws, the run is exact: the first state that differs is named with the draw that decides it
// ("at t=4 (T=19.60) the draws propose [..] (f=5, from f=4): exp(-1/19.60) = 0.950 > 0.312
// drawn, so it is taken").
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "checkers/local_search_checker.h"
#include "reference/simulated_annealing.h"

namespace sg {

/// An annealing run judged: `path` by what holds for every run (its length included),
/// `returned` (the last state printed), and `drawn` (only with a seed: each state printed is the
/// reference's at that time step, as far as both runs go), so that each slip costs one.
struct AnnealCheck {
  FunctionCallCheck path;
  FunctionCallCheck returned;
  FunctionCallCheck drawn;
};

/// Judges what `call` printed (`printed`, read through `line`) and returned, from `start` under
/// `schedule`, improving `objective`; `seed` the value Python's random was seeded with before
/// the call (nullopt: the draws are the student's own, and `drawn` is not judged).
AnnealCheck check_anneal(const ref::LocalSpace& space, const ref::AnnealingSchedule& schedule,
                         ref::Objective objective, const ref::LocalState& start,
                         std::optional<long long> seed,
                         const std::vector<PrintedLocalState>& printed,
                         const nlohmann::json& returned, const LineTemplate& line,
                         const std::string& call);

/// The number of time steps `schedule` runs (those with T > 0), at most `cap`.
std::size_t schedule_steps(const ref::AnnealingSchedule& schedule, std::size_t cap = 1000000);

}  // namespace sg
