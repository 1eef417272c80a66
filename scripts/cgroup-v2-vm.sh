#!/bin/bash
# The full sandbox tier on a cgroup v2 kernel, proven in a virtual machine built from Debian
# packages: Debian's own kernel (linux-image-amd64) boots under QEMU (KVM where /dev/kvm opens,
# TCG otherwise) from a minimal initramfs (busybox-static and the kernel's 9p and overlay
# modules). The guest's root is this host's file system, read-only over 9p under a RAM overlay,
# so it runs exactly this build; only the unified cgroup v2 hierarchy is mounted
# (cgroup_no_v1=all). Inside it runs:
#   1. `searchgrader doctor`: it must find cgroup v2 and the full tier;
#   2. the hostile suite in the full tier, kept boxes included (hostile_tests, '*full*': every
#      case contained, the same verdicts as on the host, the kept-box inspector after each case);
#   3. a class batch (fixtures/class/torus-mini.yaml over every torus fixture), whose gradebook
#      must equal the host's byte for byte.
#
# Usage: scripts/cgroup-v2-vm.sh BUILD_DIR
# Exit: 0 passed; 1 failed (the log says which step); 77 skipped (says why: not root, no QEMU,
# no kernel, no busybox, no virtual machine could start).
set -uo pipefail

BUILD=$(realpath "${1:?usage: $0 BUILD_DIR}")
# Which hostile tests run in the guest (a GoogleTest filter; narrow it to look at one case).
HOSTILE_FILTER=${SG_VM_HOSTILE_FILTER:-*full*}
SOURCE=$(realpath "$(dirname "$0")/..")
SEARCHGRADER="$BUILD/searchgrader"
HOSTILE="$BUILD/fixtures/hostile/hostile_tests"

skip() {
  echo "cgroup-v2-vm: skipped: $*"
  exit 77
}
fail() {
  echo "cgroup-v2-vm: FAILED: $*"
  exit 1
}

[ "$(id -u)" = 0 ] || skip "needs root (the full tier and QEMU's 9p export of /)"
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 is not installed (scripts/setup.sh installs qemu-system-x86)"
KERNEL=$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
[ -n "$KERNEL" ] || skip "no kernel in /boot (scripts/setup.sh installs linux-image-amd64)"
KVER=${KERNEL#/boot/vmlinuz-}
[ -d "/lib/modules/$KVER" ] || skip "no modules for $KVER in /lib/modules"
BUSYBOX=/bin/busybox
[ -x "$BUSYBOX" ] && ! ldd "$BUSYBOX" >/dev/null 2>&1 ||
  skip "no static busybox at $BUSYBOX (scripts/setup.sh installs busybox-static)"
[ -x "$SEARCHGRADER" ] && [ -x "$HOSTILE" ] || fail "build $BUILD first (searchgrader, hostile_tests)"


WORK=$(mktemp -d /tmp/sg-cgroup-v2-vm.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
INITRAMFS="$WORK/initramfs"
OUT="$WORK/out"
mkdir -p "$INITRAMFS"/{bin,modules,proc,sys,dev,lower,upper,newroot} "$OUT"
cp "$BUSYBOX" "$INITRAMFS/bin/busybox"

# The kernel modules the guest needs, in dependency order (modprobe's own resolution).
: >"$INITRAMFS/modules/order"
for module in virtio_pci 9pnet_virtio 9p overlay; do
  modprobe -S "$KVER" --show-depends "$module" 2>/dev/null | while read -r verb path _; do
    [ "$verb" = insmod ] || continue
    name=$(basename "$path")
    name=${name%.xz}
    name=${name%.zst}
    [ -e "$INITRAMFS/modules/$name" ] && continue
    case "$path" in
      *.xz) xz -dc "$path" >"$INITRAMFS/modules/$name" ;;
      *.zst) zstd -qdc "$path" >"$INITRAMFS/modules/$name" ;;
      *) cp "$path" "$INITRAMFS/modules/$name" ;;
    esac
    echo "$name" >>"$INITRAMFS/modules/order"
  done
done
[ -s "$INITRAMFS/modules/order" ] || skip "modprobe found no 9p/overlay modules for $KVER"

cat >"$INITRAMFS/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
if grep -q sg_probe /proc/cmdline; then echo "sg-vm-alive"; poweroff -f; fi
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
for m in $(cat /modules/order); do insmod "/modules/$m" 2>/dev/null; done
say() { echo "sg-vm: $*"; }
if ! mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=262144 hostroot /lower; then
  say "cannot mount the host's root"; echo "sg-vm-exit 2"; poweroff -f
fi
mount -t tmpfs -o size=3g tmpfs /upper
mkdir -p /upper/u /upper/w
if ! mount -t overlay overlay -o lowerdir=/lower,upperdir=/upper/u,workdir=/upper/w /newroot; then
  say "cannot mount the overlay root"; echo "sg-vm-exit 2"; poweroff -f
fi
mount -t proc proc /newroot/proc
mount -t sysfs sys /newroot/sys
mount -t devtmpfs dev /newroot/dev
mount -t cgroup2 cgroup2 /newroot/sys/fs/cgroup
mount -t tmpfs -o mode=1777 tmpfs /newroot/tmp
mount -t tmpfs tmpfs /newroot/run
mkdir -p /newroot/sg-out
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 out /newroot/sg-out
chroot /newroot /bin/bash /sg-out/guest.sh >/newroot/sg-out/guest.log 2>&1
echo "sg-vm-exit $?"
sync
poweroff -f
EOF
chmod +x "$INITRAMFS/init"

# What the guest runs, as root in the host's file system (read-only under a RAM overlay).
cat >"$OUT/guest.sh" <<EOF
set -u
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root
export SG_HOSTILE_TIME_SCALE=\$(cat /sg-out/time-scale)
cd "$SOURCE"
echo "== kernel: \$(uname -r); cgroup: \$(stat -fc %T /sys/fs/cgroup)"
echo "== doctor"
"$SEARCHGRADER" doctor >/sg-out/doctor.txt 2>&1
cat /sg-out/doctor.txt
grep -q "best full .*cgroup v2" /sg-out/doctor.txt || { echo "doctor did not find the full tier on cgroup v2"; exit 10; }
if [ -n "${SG_VM_DEBUG:-}" ]; then  # every 2 s: each grader cgroup, its processes and memory
  (while sleep 2; do
    for g in \$(find /sys/fs/cgroup -name 'sg-*' -type d); do
      echo "\$(date +%T) \$g max=\$(cat \$g/memory.max) cur=\$(cat \$g/memory.current) procs=\$(cat \$g/cgroup.procs | tr '\\n' ' ')"
    done
    ps -eo pid=,uid=,rss=,cgroup=,comm= | awk '\$2 >= 1879048192 { print "  box process", \$0 }'
  done) >/sg-out/cgroups.log 2>&1 &
fi
echo "== hostile suite, full tier"
"$HOSTILE" --gtest_filter='$HOSTILE_FILTER' --gtest_brief=1 || exit 11
echo "== class batch"
"$SEARCHGRADER" batch /sg-out/torus-mini.yaml /sg-out/class --out /tmp/batch || exit 12
cp /tmp/batch/gradebook.csv /sg-out/gradebook-v2.csv
exit 0
EOF

(cd "$INITRAMFS" && find . | cpio -o -H newc --quiet | gzip -1) >"$WORK/initramfs.gz"

# KVM where /dev/kvm opens AND a guest boots with it (nested KVM can hang at the first
# instruction of the kernel); TCG otherwise. SG_VM_ACCEL=kvm|tcg forces one.
boots_with() {
  timeout "$2" qemu-system-x86_64 -accel "$1" -m 512 -kernel "$KERNEL" -initrd "$WORK/initramfs.gz" \
    -append "console=ttyS0 rdinit=/init sg_probe panic=-1 quiet" \
    -nographic -no-reboot -nodefaults -serial stdio 2>/dev/null | grep -q sg-vm-alive
}
ACCEL=${SG_VM_ACCEL:-}
if [ -z "$ACCEL" ]; then
  if [ -r /dev/kvm ] && [ -w /dev/kvm ] && boots_with kvm 30; then
    ACCEL=kvm
  elif boots_with tcg 120; then
    ACCEL=tcg
    echo "cgroup-v2-vm: KVM does not boot a guest here (or /dev/kvm is missing): TCG, far slower"
  else
    skip "no virtual machine boots here, with KVM or TCG"
  fi
fi
# Under TCG every instruction is emulated (some 16x slower here): time limits grow by the
# same factor on both sides (the hostile cases', the class spec's), so verdicts keep their
# meaning. The full run then takes some 40 minutes: CTest runs it only with SG_VM_TCG=1.
if [ "$ACCEL" = tcg ]; then
  TIME_SCALE=${SG_VM_TIME_SCALE:-20}  # the speed probe runs some 16x slower under TCG here
  [ -n "${SG_VM_TCG:-}" ] || [ -n "${SG_VM_ACCEL:-}" ] ||
    skip "KVM does not boot a guest on this machine, and under TCG the run takes some 40 minutes: SG_VM_TCG=1 runs it"
else
  TIME_SCALE=${SG_VM_TIME_SCALE:-1}
fi

echo "$TIME_SCALE" >"$OUT/time-scale"
awk -v scale="$TIME_SCALE" '
  /^  (cpu_seconds|wall_seconds|import_cpu_seconds|import_wall_seconds):/ {
    sub(/[0-9.]+/, $2 * scale)
  }
  { print }' "$SOURCE/fixtures/class/torus-mini.yaml" >"$OUT/torus-mini.yaml"
# The class: every torus fixture (a never-ending one included), under the mini spec with its
# time limits scaled; graded here first (this host's hierarchy), in the guest after.
mkdir -p "$OUT/class"
for fixture in "$SOURCE"/fixtures/torus/*/; do cp -r "$fixture" "$OUT/class/"; done
"$SEARCHGRADER" batch "$OUT/torus-mini.yaml" "$OUT/class" --out "$WORK/host-batch" \
  >"$WORK/host-batch.log" 2>&1 || fail "the class batch on this host failed: $(tail -n 3 "$WORK/host-batch.log")"

echo "cgroup-v2-vm: booting $KERNEL with accel=$ACCEL, time limits x$TIME_SCALE"
START=$(date +%s)
# 12 GiB (touched only as used): a 10 GiB allocation must pass the kernel's overcommit check so
# that the cgroup's memory limit is what stops it, as on a real grading server.
timeout 3600 qemu-system-x86_64 \
  -accel "$ACCEL" -m 12288 -smp 2 \
  -kernel "$KERNEL" -initrd "$WORK/initramfs.gz" \
  -append "console=ttyS0 rdinit=/init cgroup_no_v1=all panic=-1 loglevel=4" \
  -virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap" \
  -virtfs "local,path=$OUT,mount_tag=out,security_model=none" \
  -nographic -no-reboot -nodefaults -serial stdio >"$WORK/console.log" 2>&1
QEMU_STATUS=$?
SECONDS_TAKEN=$(($(date +%s) - START))
[ -f "$OUT/guest.log" ] && cat "$OUT/guest.log"
GUEST_EXIT=$(sed -n 's/.*sg-vm-exit \([0-9]*\).*/\1/p' "$WORK/console.log" | tail -n 1)
if [ -z "$GUEST_EXIT" ]; then
  tail -n 30 "$WORK/console.log"
  [ "$QEMU_STATUS" = 124 ] && fail "the virtual machine did not finish within 60 minutes"
  skip "the virtual machine did not start (qemu exit $QEMU_STATUS, accel $ACCEL)"
fi
grep "sg-vm:" "$WORK/console.log"
[ "$GUEST_EXIT" = 0 ] || fail "a step failed in the guest (exit $GUEST_EXIT: 10 doctor, 11 hostile suite, 12 batch)"
cmp "$WORK/host-batch/gradebook.csv" "$OUT/gradebook-v2.csv" ||
  fail "the gradebook under cgroup v2 differs from this host's: $(diff "$WORK/host-batch/gradebook.csv" "$OUT/gradebook-v2.csv")"
echo "cgroup-v2-vm: passed in ${SECONDS_TAKEN} s (accel $ACCEL): doctor found cgroup v2, every full-tier hostile case contained, the gradebook equal to this host's"
