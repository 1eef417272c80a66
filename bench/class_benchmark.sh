#!/usr/bin/env bash
# Class-grading benchmark: grades a synthetic class built from fixtures/torus (correct and buggy
# submissions, each made unique so none is deduplicated) and reports
#   ratio     = batch --jobs 1 wall time / one fresh process per test run bare, one after another
#               (per isolation tier): the bare replay pays each test's Python start and import, the
#               grader forks each test from one import (engine/import_session.h), so below 1 is
#               possible; also `batch --process-per-test` (a process per test, in the sandbox)
#   speed-up  = batch --jobs 1 wall time / batch --jobs 2 wall time, beside what two bare workers
#               get over one on the same machine (the most a grader could get)
# "Bare" replays every test's exact process (python3 -I -B .searchgrader/python_driver.py with the
# same request on stdin, in a copy of the same working directory, captured from a
# `batch --process-per-test --keep-run-dirs`) with no runner, checker, store or reports around it.
#
# Usage: bench/class_benchmark.sh [--students N] [--rounds R] [--tiers 'full degraded minimal']
#                                 [--spec SPEC] [--build DIR] [--work DIR]
# Each tier's batch runs with --isolation TIER (the first tier listed is also timed with --jobs
# 2), and one more untimed batch per tier records every run's supervisor steps (--runner-steps):
# the per-process setup cost, step by step.
# Each round times bare, every tier and --jobs 2 back to back, and the ratios are taken within a
# round: a shared machine's speed drifts between rounds (seen: 20 % within minutes), so figures
# from different moments do not compare. Reported: the median ratio over the rounds, with the
# smallest and largest.
# Defaults: 200 students, 3 rounds, fixtures/class/torus-quick.yaml (26 quick tests each: about half
# an hour in all; fixtures/class/torus-mini.yaml has 2), build/release or build (use a Release
# build for numbers that mean something). Targets: ratio <= 0.5 in the full tier, setup per forked
# test (the "fork test" steps but "test") < 3 ms, speed-up >= 1.8 on 2 cores.
set -euo pipefail

source_dir=$(cd "$(dirname "$0")/.." && pwd)
students=200
rounds=3
tiers="full degraded minimal"
spec="$source_dir/fixtures/class/torus-quick.yaml"
build=""
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --students) students=$2; shift 2 ;;
    --spec) spec=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --tiers) tiers=$2; shift 2 ;;
    *) echo "usage: $0 [--students N] [--rounds R] [--tiers 'full degraded minimal'] [--spec SPEC] [--build DIR] [--work DIR]" >&2; exit 2 ;;
  esac
done
if [ -z "$build" ]; then
  for candidate in "$source_dir/build/release" "$source_dir/build"; do
    if [ -x "$candidate/searchgrader" ]; then build=$candidate; break; fi
  done
fi
grader="$build/searchgrader"
[ -x "$grader" ] || { echo "bench: no searchgrader binary (give --build DIR)" >&2; exit 2; }
work=${work:-$(mktemp -d "${TMPDIR:-/tmp}/sg-class-bench-XXXXXX")}
mkdir -p "$work"
chmod 0711 "$work"  # the degraded tier needs the box uid to reach its run directories

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
# One untimed run keeps every test's run directory, one process per test: the bare replays run
# exactly those processes (and it warms the page cache for everyone).
run_batch "$work/out-keep" 1 --keep-run-dirs --process-per-test >/dev/null
runs=$(find "$work/out-keep/.scratch" -maxdepth 1 -name 'sg-run-*' | wc -l)

# Bare: the same processes, sequentially, from a small Python loop (subprocess.run per test).
run_bare() {  # run_bare [WORKERS]: prints wall seconds
  python3 - "$work/out-keep/.scratch" "${1:-1}" <<'PY'
import os, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor
root, workers = sys.argv[1], int(sys.argv[2])
runs = sorted(d for d in os.listdir(root) if d.startswith("sg-run-"))
env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
       "PYTHONIOENCODING": "utf-8", "PYTHONDONTWRITEBYTECODE": "1"}
def replay(run):
    box = os.path.join(root, run, "box")
    with open(os.path.join(root, run, "io", "stdin"), "rb") as stdin:
        subprocess.run(["python3", "-I", "-B", ".searchgrader/python_driver.py"], cwd=box,
                       stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       env=dict(env, HOME=box, TMPDIR=box))
start = time.monotonic()
with ThreadPoolExecutor(workers) as pool:
    list(pool.map(replay, runs))
print(f"{time.monotonic() - start:.2f}")
PY
}

# Where the supervisor's time goes, per step of one run (median over every run), per tier: one
# untimed batch per tier with --runner-steps.
for tier in $tiers; do
  rm -f "$work/steps-$tier.jsonl"
  run_batch "$work/out-steps-$tier" 1 --isolation "$tier" --runner-steps "$work/steps-$tier.jsonl" >/dev/null
done

# Rounds: each times everything back to back (see the header).
declare -A tier_times
t2s=() bares=() bare2s=() pers=()
for ((r = 1; r <= rounds; r++)); do
  line="bench: round $r:"
  bare=$(run_bare 1)
  bares+=("$bare")
  line+=" bare ($runs processes) ${bare} s"
  for tier in $tiers; do
    t=$(run_batch "$work/out-j1-$tier" 1 --isolation "$tier")
    tier_times[$tier]="${tier_times[$tier]:-} $t"
    line+=", $tier --jobs 1 ${t} s"
  done
  first_tier=${tiers%% *}
  per=$(run_batch "$work/out-per-test" 1 --isolation "$first_tier" --process-per-test)
  pers+=("$per")
  line+=", $first_tier --process-per-test ${per} s"
  t2=$(run_batch "$work/out-j2" 2 --isolation "$first_tier")
  t2s+=("$t2")
  bare2=$(run_bare 2)
  bare2s+=("$bare2")
  echo "$line, $first_tier --jobs 2 ${t2} s, bare 2 workers ${bare2} s, load $(cut -d' ' -f1 /proc/loadavg)"
done
tier_args=()
for tier in $tiers; do tier_args+=("$tier=${tier_times[$tier]}"); done
python3 - "$work" "${bares[*]}" "${t2s[*]}" "${bare2s[*]}" "${pers[*]}" "${tier_args[@]}" <<'PY'
import json, os, statistics, sys
work = sys.argv[1]
numbers = lambda arg: [float(x) for x in arg.split()]
bare, t2, bare2, per = (numbers(sys.argv[2]), numbers(sys.argv[3]), numbers(sys.argv[4]),
                        numbers(sys.argv[5]))
tiers = {}
for arg in sys.argv[6:]:
    name, times = arg.split("=", 1)
    tiers[name] = numbers(times)

def spread(ratios, percent=False):
    f = (lambda r: f"{100 * (r - 1):.1f} %") if percent else (lambda r: f"{r:.2f}")
    return (f"{f(statistics.median(ratios))} (rounds: {', '.join(f(r) for r in ratios)})")

print(f"bench: {len(bare)} rounds; bare median {statistics.median(bare):.2f} s")
for name, times in tiers.items():
    target = "; target <= 0.50" if name == "full" else ""
    print(f"bench: batch --jobs 1 / bare, {name} tier: "
          f"{spread([t / b for t, b in zip(times, bare)])}{target}")
first = list(tiers.values())[0]
print(f"bench: batch --process-per-test / bare ({list(tiers)[0]} tier): "
      f"{spread([p / b for p, b in zip(per, bare)])}")
print(f"bench: speed-up of --jobs 2 over --jobs 1 ({list(tiers)[0]} tier): "
      f"{spread([a / b for a, b in zip(first, t2)])}; two bare workers over one: "
      f"{spread([a / b for a, b in zip(bare, bare2)])}")
for name in tiers:
    path = os.path.join(work, f"steps-{name}.jsonl")
    if not os.path.exists(path):
        continue
    # One group per kind of line: a one-shot run, a run in a kept box, a box's creation.
    groups = {}
    for line in open(path):
        entry = json.loads(line)
        groups.setdefault(entry["tier"], []).append(entry)
    for kind, runs in groups.items():
        order, values = [], {}
        for run in runs:
            for step, ms in run["steps"]:
                if step not in values:
                    order.append(step)
                    values[step] = []
                values[step].append(ms)
        # The student's own time: "student" (a process) or "test" (a forked test, from the request
        # to the server's report of its end).
        own = "test" if kind == "fork test" else "student"
        total = sum(statistics.median(values[s]) for s in order if s != own)
        print(f"bench: {name} tier, {kind}: steps (median ms over {len(runs)}; '{own}' is from "
              f"the start request to the student's end, with the child's own setup):")
        for step in order:
            print(f"bench:   {step:<40} {statistics.median(values[step]):8.3f}")
        target = " (target < 3 ms)" if own == "test" else ""
        print(f"bench:   {'all but ' + own:<40} {total:8.3f}{target}")
PY
echo "bench: load after: $(cut -d' ' -f1-3 /proc/loadavg); outputs in $work"
