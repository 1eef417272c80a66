#!/usr/bin/env bash
# The main job on the shipped default: builds searchgrader (Release) and grades the torus
# assignment's sample submissions (fixtures/torus/: correct and known-buggy students) as a class,
# the way an instructor grades one: a results store, a gradebook, per-student feedback and a class
# summary in build/sample-class/grades/. Prints the gradebook.
# Extra arguments go to `searchgrader batch` (e.g. --jobs 1, --regrade, --isolation minimal).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake -S . -B build/release -DCMAKE_BUILD_TYPE=Release -DSG_BUILD_TESTS=OFF -DSG_BUILD_BENCHMARKS=OFF >/dev/null
cmake --build build/release -j"$(nproc)" --target searchgrader >/dev/null
spec=specs/torus-8-puzzle.yaml
build/release/searchgrader validate "$spec"

# One folder per student, as a class download unpacks (the fixtures' folder names are the ids).
class=build/sample-class/submissions
rm -rf "$class"
mkdir -p "$class"
for submission in fixtures/torus/*/; do
  cp -r "$submission" "$class/$(basename "$submission")"
done

status=0
build/release/searchgrader batch "$spec" "$class" --out build/sample-class/grades "$@" || status=$?
echo
echo "=== Gradebook (build/sample-class/grades/gradebook.csv)"
if command -v column >/dev/null; then
  column -s, -t < build/sample-class/grades/gradebook.csv | cut -c1-150
else
  cat build/sample-class/grades/gradebook.csv
fi
echo
echo "Feedback per student: build/sample-class/grades/feedback/; class summary: build/sample-class/grades/summary.html"
exit "$status"
