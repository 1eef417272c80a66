#!/usr/bin/env bash
# What grading a Java submission through the Java driver costs (issue 61, item 9), on
# specs/8puzzle-algs4.yaml and fixtures/8puzzle-algs4-api. Prints:
#   jvm start   the wall and CPU time of a JVM with the grader's options that loads the driver
#               and the student's Board and runs no step (the fixed cost of every test)
#   grade       `batch --jobs 1` of the correct submission with a JVM per test
#               (--process-per-test, which keeps each test's request for the replays below)
#   served      `searchgrader grade` of it as the grader runs it: one JVM serves the tests; wall
#               time, and the CPU time of its tests (from the report)
#   one JVM     the same steps, all tests' requests merged into one, run bare in one JVM: the
#               student code's own CPU time plus one JVM start (what the issue's target counts)
#   ratio       CPU per test JVM and served, each over one JVM's CPU (target: served tests plus
#               one JVM start at most 2 x the one JVM)
#   class       `batch --jobs 1` and `--jobs 2` of a class of 40 (the fixtures, copied round-robin
#               under new names until there are 40): wall time each, and --jobs 2 with a JVM per
#               test (--process-per-test) beside it
# "Bare" runs the driver exactly as the sandbox does (the kept run directory of each test, its
# request on stdin), without the runner, the checkers or the reports.
#
# Usage: bench/java_spec_cost.sh [--build DIR] [--work DIR]
# Use a Release build (build/release) for numbers that mean something.
set -euo pipefail

source_dir=$(cd "$(dirname "$0")/.." && pwd)
build=""
work=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build) build=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    *) echo "usage: $0 [--build DIR] [--work DIR]" >&2; exit 2 ;;
  esac
done
if [ -z "$build" ]; then
  for candidate in "$source_dir/build/release" "$source_dir/build/test" "$source_dir/build"; do
    if [ -x "$candidate/searchgrader" ]; then build=$candidate; break; fi
  done
fi
grader="$build/searchgrader"
[ -x "$grader" ] || { echo "bench: no searchgrader binary (give --build DIR)" >&2; exit 2; }
work=${work:-$(mktemp -d "${TMPDIR:-/tmp}/sg-java-bench-XXXXXX")}
mkdir -p "$work"
chmod 0711 "$work"  # the degraded tier needs the box uid to reach its run directories
spec="$source_dir/specs/8puzzle-algs4.yaml"
fixtures="$source_dir/fixtures/8puzzle-algs4-api"

rm -rf "$work/one" "$work/out-one"
mkdir -p "$work/one"
cp -r "$fixtures/correct" "$work/one/correct"
now() { date +%s.%N; }
start=$(now)
"$grader" batch "$spec" "$work/one" --out "$work/out-one" --jobs 1 --keep-run-dirs --process-per-test \
  > "$work/out-one.log" 2>&1 || { echo "bench: batch failed, see $work/out-one.log" >&2; exit 1; }
end=$(now)
python3 -c "print(f'grade:      the correct submission, batch --jobs 1 --process-per-test: {$end - $start:.2f} s wall (spec, javac, a JVM per test, reports)')"
start=$(now)
"$grader" grade "$spec" "$work/one/correct" --format json > "$work/served.json" 2> "$work/served.log" \
  || { echo "bench: grade failed, see $work/served.log" >&2; exit 1; }
end=$(now)
python3 -c "print(f'served:     the correct submission, grade: {$end - $start:.2f} s wall (spec, javac, one JVM serving the tests, report)')"

python3 - "$work" "$grader" "$spec" "$fixtures" <<'PY'
import json, os, resource, shutil, subprocess, sys, time

work, grader, spec, fixtures = sys.argv[1:5]
scratch = os.path.join(work, "out-one", ".scratch")
runs = sorted(d for d in os.listdir(scratch) if d.startswith("sg-run-"))
tests = []
for run in runs:
    stdin = os.path.join(scratch, run, "io", "stdin")
    if not os.path.exists(stdin):
        continue
    request = json.load(open(stdin))
    if "steps" in request:
        tests.append((os.path.join(scratch, run, "box"), request))
if not tests:
    sys.exit("bench: no kept test run (was the build kept instead?)")
box = tests[0][0]
# As languages/java_program.cc and java_language.cc start it (the agent for a test that calls it).
argv_prefix = ["java", "-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:+UseSerialGC",
               "-XX:ActiveProcessorCount=1", "-Xshare:auto", "-XX:-UsePerfData", "-Xmx512m",
               "-Djava.security.manager=allow"]
jars = [f for f in os.listdir(box) if f.endswith(".jar")]
class_path = ":".join(["."] + jars + [".searchgrader/gson.jar", ".searchgrader/asm.jar"])

def argv_for(request):
    measured = any(step.get("op") == "call" and
                   str(step.get("function", "")).startswith("searchgrader.MeasuringAgent.")
                   for step in request.get("steps", []))
    agent = ["-javaagent:.searchgrader/agent.jar"] if measured else []
    return argv_prefix + agent + ["-cp", class_path, "searchgrader.JavaDriver"]

def run(request, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    done = subprocess.run(argv_for(request), cwd=cwd, input=json.dumps(request).encode(),
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if b'{"sg":"done"}' not in done.stdout:
        sys.exit("bench: the driver did not finish a replayed request")
    return wall, cpu

empty = dict(tests[0][1], steps=[])
starts = sorted(run(empty, box) for _ in range(5))
start_wall, start_cpu = starts[2]
print(f"jvm start:  {start_wall:.3f} s wall, {start_cpu:.3f} s CPU (median of 5; loads the driver and Board)")

bare = [run(request, cwd) for cwd, request in tests]
bare_cpu = sum(cpu for _, cpu in bare)
merged = dict(tests[0][1], steps=[step for _, request in tests for step in request["steps"]])
one_wall, one_cpu = run(merged, box)
print(f"tests:      {len(tests)}, one JVM each; replayed bare one after another: {sum(w for w, _ in bare):.2f} s wall, {bare_cpu:.2f} s CPU")
print(f"one JVM:    all {len(merged['steps'])} steps in one request: {one_wall:.2f} s wall, {one_cpu:.2f} s CPU (the student code's own time plus one JVM start)")
print(f"ratio:      bare per-test CPU / one JVM = {bare_cpu / one_cpu:.2f}; the fixed cost per test {start_cpu:.2f} s CPU x {len(tests)} tests = {start_cpu * len(tests):.2f} s")
report = json.load(open(os.path.join(work, "served.json")))
served_cpu = sum(test.get("cpu_seconds", 0.0) for test in report["tests"])
print(f"served:     the {len(report['tests'])} tests' CPU in one JVM {served_cpu:.2f} s (sandbox counters); "
      f"with one JVM start {served_cpu + start_cpu:.2f} s = {(served_cpu + start_cpu) / one_cpu:.2f} x one JVM")
PY

rm -rf "$work/class"
mkdir -p "$work/class"
students=0
while [ "$students" -lt 40 ]; do
  for fixture in "$fixtures"/*/; do
    [ "$students" -lt 40 ] || break
    students=$((students + 1))
    copy="$work/class/$(printf '%02d' "$students")-$(basename "$fixture")"
    cp -r "$fixture" "$copy"
    # A line of its own in every Java file: batch grades identical submissions once.
    find "$copy" -name '*.java' -exec sh -c 'echo "// student $1" >> "$2"' _ "$students" {} \;
  done
done
for jobs in 1 2; do
  rm -rf "$work/out-class-$jobs"
  start=$(now)
  "$grader" batch "$spec" "$work/class" --out "$work/out-class-$jobs" --jobs "$jobs" \
    > "$work/out-class-$jobs.log" 2>&1 || true  # a compile error is a student's, not a failure
  end=$(now)
  python3 -c "print(f'class:      $(ls "$work/class" | wc -l) submissions, batch --jobs $jobs: {$end - $start:.1f} s wall')"
done
rm -rf "$work/out-class-each"
start=$(now)
"$grader" batch "$spec" "$work/class" --out "$work/out-class-each" --jobs 2 --process-per-test \
  > "$work/out-class-each.log" 2>&1 || true
end=$(now)
python3 -c "print(f'class:      the same, batch --jobs 2 --process-per-test (a JVM per test): {$end - $start:.1f} s wall')"
echo "bench: work folder $work"
