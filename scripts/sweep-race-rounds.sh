#!/usr/bin/env bash
# Runs the tests that kill graders and sweep what graders leave, beside each other and beside the
# hostile suite, for N rounds (default 20), and stops at the first failing round. Each round
# starts, at once, on the test build (build/test, scripts/test.sh):
#   two copies of the batch command and leftovers tests (CTest, -j 4 each), whose graders are
#   killed, swept and started side by side with the other copy's,
#   and the hostile suite in two shards (its GoogleTest binary, GTEST_TOTAL_SHARDS=2), which
#   loads the machine with the processes, cgroups and run folders of boxes that misbehave.
# Within one CTest the hostile lock keeps the hostile cases apart from the tests that orphan box
# processes; across copies nothing does, so each copy's graders race the others' sweeps: the
# race a test that checks, then acts, must survive (issue 63). The hostile suite runs outside
# CTest: CTest processes in one tree share Testing/Temporary/LastTest.log, a descriptor every
# test inherits, and a hostile case fails when a descriptor it inherited changes under it.
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
  for shard in 0 1; do
    GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=$shard "$build/fixtures/hostile/hostile_tests" \
      --gtest_brief=1 >"$logs/round-$round-hostile-$shard.log" 2>&1 &
    hostile[shard]=$!
  done
  failed=""
  wait "$first" || failed+=" a"
  wait "$second" || failed+=" b"
  wait "${hostile[0]}" || failed+=" hostile-0"
  wait "${hostile[1]}" || failed+=" hostile-1"
  summary=$(grep -h "tests passed\|PASSED" "$logs"/round-"$round"-*.log | tr '\n' ';')
  echo "round $round: $(($(date +%s) - start)) s; $summary"
  if [ -n "$failed" ]; then
    echo "sweep-race-rounds: round $round failed in:$failed (logs: $logs/round-$round-*.log)" >&2
    grep -h -A3 "Failed\|FAILED\|\*\*\*" "$logs"/round-"$round"-*.log | head -60 >&2
    exit 1
  fi
done
echo "sweep-race-rounds: $rounds rounds passed"
