#!/usr/bin/env bash
# Class-grading benchmark: grades a synthetic class built from fixtures/torus (correct and buggy
# submissions, each made unique so none is deduplicated) and reports
#   overhead  = batch --jobs 1 wall time / the same student processes run bare, one after another
#   speed-up  = batch --jobs 1 wall time / batch --jobs 2 wall time
# "Bare" replays every test's exact process (python3 -I -B .searchgrader/python_driver.py with the
# same request on stdin, in a copy of the same working directory, captured with --keep-run-dirs)
# with no runner, checker, store or reports around it.
#
# Usage: bench/class_benchmark.sh [--students N] [--rounds R] [--spec SPEC] [--build DIR] [--work DIR]
# Defaults: 200 students, 2 rounds, fixtures/class/torus-mini.yaml (2 tests each: a few minutes in
# all), build-b1 or build (use a Release build for numbers that mean something). Targets (issue 6): overhead <= 10 %, speed-up >= 1.8 on 2 cores.
set -euo pipefail

source_dir=$(cd "$(dirname "$0")/.." && pwd)
students=200
rounds=2
spec="$source_dir/fixtures/class/torus-mini.yaml"
build=""
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --students) students=$2; shift 2 ;;
    --spec) spec=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    *) echo "usage: $0 [--students N] [--rounds R] [--spec SPEC] [--build DIR] [--work DIR]" >&2; exit 2 ;;
  esac
done
if [ -z "$build" ]; then
  for candidate in "$source_dir/build-b1" "$source_dir/build"; do
    if [ -x "$candidate/searchgrader" ]; then build=$candidate; break; fi
  done
fi
grader="$build/searchgrader"
[ -x "$grader" ] || { echo "bench: no searchgrader binary (give --build DIR)" >&2; exit 2; }
work=${work:-$(mktemp -d "${TMPDIR:-/tmp}/sg-class-bench-XXXXXX")}
mkdir -p "$work"

# The class: fast fixtures only (buggy-never-ends would hang every test to its limit).
fixtures=(correct correct-multifile correct-other-tiebreak correct-noisy-import
          buggy-unsorted-successors buggy-heuristic-counts-blank buggy-no-wraparound
          buggy-enqueue-never-updates buggy-pop-last-of-equal buggy-wrong-format
          buggy-import-fails)
rm -rf "$work/class"
mkdir -p "$work/class"
for ((i = 0; i < students; i++)); do
  fixture=${fixtures[$((i % ${#fixtures[@]}))]}
  student=$(printf "student%04d" "$i")
  cp -r "$source_dir/fixtures/torus/$fixture" "$work/class/$student"
  rm -f "$work/class/$student/FIXTURE.md"
  printf '\n# synthetic student %s (from %s)\n' "$student" "$fixture" \
    >> "$work/class/$student/torus_puzzle.py"
done

now() { date +%s.%N; }
elapsed() { python3 -c "print(f'{$2 - $1:.2f}')"; }

run_batch() {  # run_batch OUT JOBS [extra flags]: prints wall seconds
  local out=$1 jobs=$2
  shift 2
  rm -rf "$out"
  local start end
  start=$(now)
  "$grader" batch "$spec" "$work/class" --out "$out" --jobs "$jobs" "$@" 2>"$out.log" >/dev/null \
    || { echo "bench: batch failed, see $out.log" >&2; exit 1; }
  end=$(now)
  elapsed "$start" "$end"
}

echo "bench: $students students, spec $(basename "$spec"), $(nproc) cores, $rounds rounds, load $(cut -d' ' -f1-3 /proc/loadavg)"
# One untimed run keeps every test's run directory: the bare replays run exactly those processes
# (and it warms the page cache for everyone).
run_batch "$work/out-keep" 1 --keep-run-dirs >/dev/null
runs=$(find "$work/out-keep/.scratch" -maxdepth 1 -name 'sg-run-*' | wc -l)

# Bare: the same processes, sequentially, from a small Python loop (subprocess.run per test).
run_bare() {
  python3 - "$work/out-keep/.scratch" <<'PY'
import os, subprocess, sys, time
root = sys.argv[1]
runs = sorted(d for d in os.listdir(root) if d.startswith("sg-run-"))
env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
       "PYTHONIOENCODING": "utf-8", "PYTHONDONTWRITEBYTECODE": "1"}
start = time.monotonic()
for run in runs:
    box = os.path.join(root, run, "box")
    with open(os.path.join(root, run, "io", "stdin"), "rb") as stdin:
        subprocess.run(["python3", "-I", "-B", ".searchgrader/python_driver.py"], cwd=box,
                       stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=dict(env, HOME=box, TMPDIR=box))
print(f"{time.monotonic() - start:.2f}")
PY
}

# Rounds interleave the three measurements so a burst of load from other users hits all of them;
# the best of each is reported (noise only ever adds time).
t1s=() t2s=() bares=()
for ((r = 1; r <= rounds; r++)); do
  t1=$(run_batch "$work/out-j1" 1)
  bare=$(run_bare)
  t2=$(run_batch "$work/out-j2" 2)
  echo "bench: round $r: batch --jobs 1 ${t1} s, bare ($runs processes) ${bare} s, batch --jobs 2 ${t2} s, load $(cut -d' ' -f1 /proc/loadavg)"
  t1s+=("$t1") t2s+=("$t2") bares+=("$bare")
done
python3 - "${t1s[*]}" "${t2s[*]}" "${bares[*]}" "$work/out-j1/results.json" <<'PY'
import json, sys
t1, t2, bare = (min(map(float, arg.split())) for arg in sys.argv[1:4])
last_t1 = float(sys.argv[1].split()[-1])
students = json.load(open(sys.argv[4]))["students"]
tests = [t for s in students for t in s["report"]["tests"]]
wall = sum(t["wall_seconds"] for t in tests)
print(f"bench: best: batch --jobs 1 {t1:.2f} s, bare {bare:.2f} s, batch --jobs 2 {t2:.2f} s")
print(f"bench: overhead of batch --jobs 1 over bare: {100 * (t1 / bare - 1):.1f} % (target <= 10 %)")
print(f"bench: speed-up of --jobs 2 over --jobs 1: {t1 / t2:.2f} (target >= 1.8 on 2 cores)")
engine = sum(s["report"]["seconds"] for s in students)
print(f"bench: last --jobs 1 run ({last_t1:.2f} s): {len(tests)} test processes took {wall:.2f} s "
      f"of wall time as the runner measured it; the engine {engine - wall:.2f} s more between "
      f"them; the batch layer (intake, hashing, store, outputs) {last_t1 - engine:.2f} s")
PY
echo "bench: load after: $(cut -d' ' -f1-3 /proc/loadavg); outputs in $work"
