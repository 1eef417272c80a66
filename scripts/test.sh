#!/usr/bin/env bash
# Builds the test configuration (Debug, AddressSanitizer + UndefinedBehaviorSanitizer, warnings
# as errors) and runs every test through CTest. This is what CI runs (.ci/run).
# It also builds the optimised searchgrader with warnings as errors: gcc warns about some code
# (-Wrestrict, -Wstringop-*) only when it optimises.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=Debug -DSG_SANITIZE=ON -DSG_BUILD_BENCHMARKS=ON \
  -DSG_WERROR=ON
cmake --build build/test -j"$jobs"
cmake -S . -B build/ci-release -DCMAKE_BUILD_TYPE=Release -DSG_BUILD_TESTS=OFF \
  -DSG_BUILD_BENCHMARKS=OFF -DSG_WERROR=ON >/dev/null
cmake --build build/ci-release -j"$jobs" --target searchgrader
ctest --test-dir build/test --output-on-failure -j"$jobs"
