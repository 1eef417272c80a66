#!/usr/bin/env bash
# The main job on the shipped default: builds searchgrader (Release) and grades every sample
# submission of the torus assignment in fixtures/torus/, printing each one's score.
# Any extra arguments are passed to `searchgrader grade` (e.g. --verbose, --audience student).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DSG_BUILD_TESTS=OFF -DSG_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build build/release -j"$(nproc)" --target searchgrader >/dev/null
spec=specs/torus-8-puzzle.yaml
build/release/searchgrader validate "$spec"
summary=""
for submission in fixtures/torus/*/; do
  name=$(basename "$submission")
  echo
  echo "=== $name"
  status=0
  build/release/searchgrader grade "$spec" "$submission" --audience instructor "$@" | tee /tmp/searchgrader-$$.txt || status=$?
  score=$(grep -m1 "Score:" /tmp/searchgrader-$$.txt | awk '{print $2}')
  summary+=$(printf "%-34s %s%s" "$name" "${score:-?}" "$([ "$status" -ne 0 ] && echo " (exit $status)")")$'\n'
done
rm -f /tmp/searchgrader-$$.txt
echo
echo "=== Scores ($spec)"
printf "%s" "$summary"
