#!/usr/bin/env bash
# Installs what SearchGrader needs to build and test, from Debian 12 packages only.
# As root it installs whatever is missing with apt-get; otherwise it prints the exact command.
set -euo pipefail

packages=(
  cmake g++ make pkg-config      # the toolchain
  python3                        # runs Python submissions and the in-sandbox driver
  python3-numpy                  # notebooks import it; A2 accepts numpy arrays as return values
  libyaml-cpp-dev                # specs (YAML)
  libfmt-dev                     # formatting
  libcli11-dev                   # the command line
  nlohmann-json3-dev             # reports, driver protocol
  libssl-dev                     # SHA-256 of specs (OpenSSL's libcrypto)
  libarchive-dev                 # batch: Canvas and Gradescope class archives (zip, tar)
  libsqlite3-dev                 # batch: the results store (results.db)
  chromium                       # tests: HTML feedback and class summary in a headless browser
  libgtest-dev libgmock-dev      # tests (GoogleTest through CTest)
  libbenchmark-dev               # benchmarks (Google Benchmark)
)

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
