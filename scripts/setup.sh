#!/usr/bin/env bash
# Installs what SearchGrader needs, from Debian 12 packages only: the one list of them.
# As root it installs whatever is missing with apt-get; otherwise it prints the exact command.
#
#   scripts/setup.sh             everything: build, grading and tests (what README's commands need)
#   scripts/setup.sh --grading   only what building and grading need (a Gradescope image, a server)
#   scripts/setup.sh --vm        everything, and the cgroup v2 virtual machine's packages (QEMU,
#                                Debian's kernel, busybox: scripts/cgroup-v2-vm.sh; the CTest test
#                                CgroupV2VirtualMachine skips, saying so, without them)
#   scripts/setup.sh --list      print the packages of the chosen groups, one per line, and exit
#
# scripts/check-build-deps.py (a CTest test) fails when the build or the tests use a file from a
# Debian package that these lists do not install, directly or through a listed package's
# dependencies.
set -euo pipefail

# Building and grading (what --grading installs, as the Gradescope image does).
packages=(
  cmake g++ make pkg-config      # the toolchain
  libyaml-cpp-dev                # specs (YAML)
  libfmt-dev                     # formatting
  libcli11-dev                   # the command line
  nlohmann-json3-dev             # reports, driver protocol
  libssl-dev                     # SHA-256 of specs and of the grader's build (OpenSSL's libcrypto)
  libarchive-dev                 # batch: Canvas and Gradescope class archives (zip, tar)
  libsqlite3-dev                 # batch: the results store (results.db)
  libseccomp-dev                 # the sandbox's system-call filter
  libpcre2-dev                   # reading printed fields (PCRE2: lines of any length)
  python3                        # runs Python submissions and the in-sandbox driver
  python3-numpy                  # notebooks import it; A2 accepts numpy arrays as return values
  openjdk-17-jdk-headless        # compiles (javac) and runs (java) Java submissions
  libgoogle-gson-java            # the Java driver's JSON (Gson)
  libasm-java                    # the Java agent's bytecode rewriting (ASM): counts calls
)
# The tests and benchmarks besides.
test_packages=(
  ninja-build                    # the test build (scripts/test.sh: Ninja schedules it best)
  libgtest-dev libgmock-dev      # tests (GoogleTest through CTest)
  libbenchmark-dev               # benchmarks (Google Benchmark)
  chromium                       # tests: HTML feedback and class summary in a headless browser
  python3-junitparser            # tests: JUnit XML read by a real consumer of it
  slurmctld slurmd slurm-client  # tests: a class graded as a Slurm array job (slurm-wlm)
  munge                          #   and the authentication Slurm needs
)

# The cgroup v2 virtual machine (opt-in: a kernel package and QEMU are some 300 MB).
vm_packages=(
  qemu-system-x86                # boots the guest (KVM or TCG)
  linux-image-amd64              # Debian's own kernel, booted with cgroup v2 only
  busybox-static                 # the guest's minimal initramfs
  kmod cpio                      # the kernel's 9p and overlay modules, packed into it
)

groups=all
list_only=false
for argument in "$@"; do
  case "$argument" in
    --grading) groups=grading ;;
    --vm) groups=vm ;;
    --list) list_only=true ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "setup: unknown option $argument (see --help)" >&2; exit 2 ;;
  esac
done

if [ "$groups" != grading ]; then packages+=("${test_packages[@]}"); fi
if [ "$groups" = vm ]; then packages+=("${vm_packages[@]}"); fi

if $list_only; then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "setup: done" >&2
else
  echo "setup: missing Debian packages: ${missing[*]}" >&2
  echo "setup: install them with:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
