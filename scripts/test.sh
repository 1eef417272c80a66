#!/usr/bin/env bash
# Builds the test configuration (AddressSanitizer + UndefinedBehaviorSanitizer, warnings as
# errors) and runs every test through CTest. This is what CI runs (.ci/run).
# It also builds the optimised searchgrader with warnings as errors: gcc warns about some code
# (-Wrestrict, -Wstringop-*) only when it optimises.
#
# Where the time goes and why it is spent this way: docs/performance.md ("The test command").
#  - Ninja, and unity builds of the libraries (SG_UNITY_BUILD): about half the compile time;
#    of the tests too (8 files a unit): their compile time to about a quarter.
#  - -Og -g1 rather than -O0 -g: the same compile time, the sanitized grader 2 to 4 times faster,
#    and the sanitizers' stack traces still name every function and line.
#  - The optimised build runs beside the rest at the lowest priority (nice 19).
#  - The hostile cases run one at a time in a lane of their own beside a test per core.
#  - CTest starts the slowest tests first: on a fresh build tree it is given the costs recorded
#    in scripts/test-costs.txt (a torus student's solve() as handed out takes minutes),
#    and from then on the costs of this tree's own runs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)
# A tree configured by another generator (an older version of this script) cannot be reused.
if [ -f build/test/CMakeCache.txt ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' build/test/CMakeCache.txt; then
  rm -rf build/test
fi
# The optimised build is there for its warnings alone: it runs at the lowest priority beside the
# test build and the tests, on the CPU they leave idle, and the script waits for it at the end.
cmake -S . -B build/ci-release -DCMAKE_BUILD_TYPE=Release -DSG_BUILD_TESTS=OFF \
  -DSG_BUILD_BENCHMARKS=OFF -DSG_WERROR=ON >/dev/null
release_log=build/ci-release/build.log
nice -n 19 cmake --build build/ci-release -j"$jobs" --target searchgrader >"$release_log" 2>&1 &
release_build=$!
trap 'kill "$release_build" 2>/dev/null || true' EXIT
cmake -S . -B build/test -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-Og -g1" \
  -DSG_SANITIZE=ON -DSG_BUILD_BENCHMARKS=ON -DSG_WERROR=ON
cmake --build build/test -j"$jobs"
costs=build/test/Testing/Temporary/CTestCostData.txt
if [ ! -f "$costs" ]; then
  mkdir -p "$(dirname "$costs")"
  cp scripts/test-costs.txt "$costs"
fi
# AddressSanitizer records each allocation's call stack: 5 frames rather than 30 name the
# allocation site in a report and spend a tenth less time (docs/performance.md).
export ASAN_OPTIONS="${ASAN_OPTIONS:-malloc_context_size=5}"
# CTest runs one test per core, and the hostile cases one at a time in a lane of their own beside
# them: they mostly sleep until a wall-clock limit (every test declares what it takes,
# RESOURCE_GROUPS in cmake/Testing.cmake). The tests that orphan box processes by design never
# run beside a hostile case (SG_TEST_ORPHANS_BOX_PROCESSES: a hostile case's post-conditions
# would count those orphans as its own). SG_TEST_HOSTILE_LANE=0 runs the hostile cases in one of
# the cores' slots instead (docs/performance.md).
# CTest's output is kept in build/test/ctest.log: scripts/test-times.py reads each test's time
# there, and says below when scripts/test-costs.txt no longer knows the slow tests.
status=0
if [ "${SG_TEST_HOSTILE_LANE:-1}" = 1 ]; then
  resources="$PWD/build/test/ctest-resources.json"
  printf '{"version": {"major": 1, "minor": 0}, "local": [{"cpus": [{"id": "all", "slots": %d}], "hostile": [{"id": "lane", "slots": 1}]}]}\n' \
    "$jobs" >"$resources"
  ctest --test-dir build/test --output-on-failure -j"$((jobs + 1))" \
    --resource-spec-file "$resources" 2>&1 | tee build/test/ctest.log || status=$?
else
  ctest --test-dir build/test --output-on-failure -j"$jobs" 2>&1 | tee build/test/ctest.log ||
    status=$?
fi
scripts/test-times.py --stale build/test || true
if ! wait "$release_build"; then
  cat "$release_log"
  echo "test.sh: the optimised build (build/ci-release) failed: its output is above" >&2
  status=1
fi
trap - EXIT
exit "$status"
