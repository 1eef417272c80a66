#!/usr/bin/env bash
# Builds the test configuration (Debug, AddressSanitizer + UndefinedBehaviorSanitizer, warnings
# as the project sets them) and runs every test through CTest. This is what CI runs (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=Debug -DSG_SANITIZE=ON -DSG_BUILD_BENCHMARKS=ON
cmake --build build/test -j"$jobs"
ctest --test-dir build/test --output-on-failure -j"$jobs"
