#!/usr/bin/env bash
# Runs the tests that kill graders and sweep what graders leave, beside each other and beside the
# hostile suite, for N rounds (default 20), and stops at the first failing round. Each round
# starts three CTest processes at once on the test build (build/test, scripts/test.sh):
#   two copies of the batch command and leftovers tests (ctest -j 4 each), whose graders are
#   killed, swept and started side by side with the other copy's,
#   and the hostile suite (ctest -L hostile -j 2), whose graders sweep as every grader does.
# Within one CTest the hostile lock keeps the hostile cases apart from the tests that orphan box
# processes; across copies nothing does, so each copy's graders race the others' sweeps: the
# race a test that checks, then acts, must survive (issue 63).
#
#   scripts/sweep-race-rounds.sh [ROUNDS]      logs in build/test/sweep-race/round-N-*.log
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-20}"
build=build/test
logs="$build/sweep-race"
mkdir -p "$logs"
racing='BatchCommandTest|LeftoversTest|Leftovers\.'
export ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=5}"
for round in $(seq 1 "$rounds"); do
  start=$(date +%s)
  ctest --test-dir "$build" -R "$racing" -j4 --output-on-failure >"$logs/round-$round-a.log" 2>&1 &
  first=$!
  ctest --test-dir "$build" -R "$racing" -j4 --output-on-failure >"$logs/round-$round-b.log" 2>&1 &
  second=$!
  ctest --test-dir "$build" -L hostile -j2 --output-on-failure >"$logs/round-$round-hostile.log" 2>&1 &
  hostile=$!
  failed=""
  wait "$first" || failed+=" a"
  wait "$second" || failed+=" b"
  wait "$hostile" || failed+=" hostile"
  summary=$(grep -h "tests passed" "$logs"/round-"$round"-*.log | tr '\n' ';')
  echo "round $round: $(($(date +%s) - start)) s; $summary"
  if [ -n "$failed" ]; then
    echo "sweep-race-rounds: round $round failed in:$failed (logs: $logs/round-$round-*.log)" >&2
    grep -h -A3 "Failed\|\*\*\*" "$logs"/round-"$round"-*.log | head -60 >&2
    exit 1
  fi
done
echo "sweep-race-rounds: $rounds rounds passed"
