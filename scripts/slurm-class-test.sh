#!/usr/bin/env bash
# A real cluster, not a simulation: starts a private single-node Slurm (Debian's slurm-wlm and
# munge; its own munge key, socket, ports and state folder, nothing of the host's Slurm is used),
# submits a class as an array job whose task i runs `searchgrader batch --shard i/N`, merges the
# shards with `searchgrader merge`, and checks that the gradebook equals a single-machine batch of
# the same class (byte for byte) and that every student was graded exactly once.
#
# Usage: scripts/slurm-class-test.sh SEARCHGRADER [SHARDS]
# Exit codes: 0 passed, 1 failed, 77 skipped (Slurm or munge missing, not root, or the daemons
# would not start: the reason is printed). CTest runs it as `SlurmClass` (SKIP_RETURN_CODE 77).
set -euo pipefail

grader=$(realpath "${1:?usage: $0 SEARCHGRADER [SHARDS]}")
shards=${2:-3}
source_dir=$(cd "$(dirname "$0")/.." && pwd)
spec="$source_dir/fixtures/class/torus-mini.yaml"

skip() { echo "slurm-class-test: SKIPPED: $*"; exit 77; }
fail() { echo "slurm-class-test: FAILED: $*" >&2; exit 1; }

for program in slurmctld slurmd munged sbatch squeue sinfo; do
  command -v "$program" >/dev/null || [ -x "/usr/sbin/$program" ] ||
    skip "$program is not installed (scripts/setup.sh installs slurm-wlm and munge)"
done
[ "$(id -u)" = 0 ] || skip "needs root to run slurmd and the sandbox"
export PATH="$PATH:/usr/sbin"

work=$(mktemp -d "${TMPDIR:-/tmp}/sg-slurm-XXXXXX")
chmod 0755 "$work"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  sleep 0.5
  for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
  if [ "${SG_KEEP_SLURM_DIR:-}" = "" ]; then rm -rf "$work"; else echo "kept $work"; fi
}
trap cleanup EXIT

# munge: a private key and socket.
mkdir -p "$work/munge"
chmod 0700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1 count=1024 status=none
chmod 0400 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/munge.socket" \
  --pid-file="$work/munge/munged.pid" --log-file="$work/munge/munged.log" \
  --seed-file="$work/munge/munged.seed" ||
  skip "munged would not start: $(tail -3 "$work/munge/munged.log" 2>/dev/null)"
pids+=("$(cat "$work/munge/munged.pid")")

# Two free ports for slurmctld and slurmd.
read -r ctld_port slurmd_port < <(/usr/bin/python3 - <<'PY'
import socket
sockets = [socket.socket() for _ in range(2)]
for s in sockets:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))
PY
)
node=$(hostname -s)
cpus=$(nproc)
memory_mib=$(awk '/MemTotal/ {print int($2 / 1024 / 2)}' /proc/meminfo)
mkdir -p "$work/state" "$work/spool" "$work/jobs"
cat > "$work/slurm.conf" <<CONF
ClusterName=sgtest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory_mib State=UNKNOWN
PartitionName=grading Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
export SLURM_CONF="$work/slurm.conf"
slurmctld -f "$SLURM_CONF" || skip "slurmctld would not start: $(tail -3 "$work/slurmctld.log" 2>/dev/null)"
sleep 1
[ -f "$work/slurmctld.pid" ] && pids+=("$(cat "$work/slurmctld.pid")")
slurmd -f "$SLURM_CONF" || skip "slurmd would not start: $(tail -3 "$work/slurmd.log" 2>/dev/null)"
sleep 1
[ -f "$work/slurmd.pid" ] && pids+=("$(cat "$work/slurmd.pid")")
for _ in $(seq 1 30); do
  state=$(sinfo -h -N -o '%T' 2>/dev/null | head -1 || true)
  case "$state" in idle*|mixed*|allocated*) break ;; esac
  sleep 1
done
case "${state:-}" in
  idle*|mixed*|allocated*) ;;
  *) skip "the node did not come up (state '${state:-none}'): $(tail -3 "$work/slurmd.log" 2>/dev/null)" ;;
esac
echo "slurm-class-test: single-node Slurm up ($node, $cpus CPUs, ports $ctld_port/$slurmd_port)"

# The class: every torus fixture that ends quickly, some twice under other names (a renamed
# copy is a different student with the same submission).
class="$work/class"
mkdir -p "$class"
for fixture in "$source_dir"/fixtures/torus/*/; do
  name=$(basename "$fixture")
  [ "$name" = buggy-never-ends ] && continue
  cp -r "$fixture" "$class/$name"
  cp -r "$fixture" "$class/$name-copy"
done
students=$(ls "$class" | wc -l)

# The array job, as docs/class-grading.md shows it.
cat > "$work/grade-class.sbatch" <<SBATCH
#!/bin/bash
#SBATCH --job-name=grade-torus
#SBATCH --array=1-$shards
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/jobs/shard-%a.log
set -euo pipefail
"$grader" batch "$spec" "$class" --out "$work/shards/\$SLURM_ARRAY_TASK_ID" \\
  --shard "\$SLURM_ARRAY_TASK_ID/\$SLURM_ARRAY_TASK_COUNT" --jobs "\$SLURM_CPUS_PER_TASK" \\
  --progress-lines
SBATCH
job=$(sbatch --parsable "$work/grade-class.sbatch") || fail "sbatch refused the job"
echo "slurm-class-test: submitted array job $job ($shards tasks, $students students)"
for _ in $(seq 1 600); do
  [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
  sleep 1
done
[ -z "$(squeue -h -j "$job" 2>/dev/null)" ] || fail "the array job did not finish in 10 minutes"
for ((i = 1; i <= shards; i++)); do
  [ -f "$work/shards/$i/results.db" ] ||
    fail "shard $i left no results store; its log: $(tail -5 "$work/jobs/shard-$i.log" 2>/dev/null)"
done

stores=()
for ((i = 1; i <= shards; i++)); do stores+=("$work/shards/$i/results.db"); done
"$grader" merge "${stores[@]}" --out "$work/merged" >/dev/null ||
  fail "searchgrader merge failed"
"$grader" batch "$spec" "$class" --out "$work/single" --progress-lines >/dev/null 2>&1 ||
  fail "the single-machine batch failed"

rows=$(($(wc -l < "$work/single/gradebook.csv") - 1))
[ "$rows" = "$students" ] || fail "the single-machine gradebook has $rows rows for $students students"
if ! cmp -s "$work/merged/gradebook.csv" "$work/single/gradebook.csv"; then
  diff "$work/merged/gradebook.csv" "$work/single/gradebook.csv" | head -20 >&2
  fail "the merged gradebook differs from the single-machine one"
fi
echo "slurm-class-test: passed: $shards shards graded $students students on Slurm; the merged gradebook equals the single-machine one"
