#!/usr/bin/env bash
# Fuzzes the spec loader and the kinds' validation with libFuzzer (Debian's clang and its
# libclang-rt runtime), AddressSanitizer and UBSan, starting from the kept corpus
# (grader/kinds/fuzz/corpus) and the shipped specs; new interesting inputs are added to the corpus.
#
#   scripts/fuzz.sh [SECONDS]     default 300
#
# A crash leaves its input as build/fuzz/crash-*; replay it with
#   build/fuzz/grader/kinds/spec_fuzz build/fuzz/crash-...
# and, once fixed, keep it in the corpus (CTest replays the corpus: SpecFuzz.*).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
if ! command -v clang++ >/dev/null; then
  echo "fuzz: needs clang (sudo apt-get install -y clang libclang-rt-14-dev)" >&2
  exit 1
fi
CC=clang CXX=clang++ cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSG_BUILD_TESTS=OFF \
  -DSG_BUILD_BENCHMARKS=OFF -DSG_FUZZ=ON \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
cmake --build build/fuzz -j"$(nproc)" --target spec_fuzz
seeds=$(mktemp -d)
cp specs/*.yaml "$seeds"/
corpus=grader/kinds/fuzz/corpus
cd build/fuzz
grader/kinds/spec_fuzz -max_total_time="$seconds" -timeout=20 -rss_limit_mb=4096 -max_len=8192 \
  -dict=../../grader/kinds/fuzz/yaml.dict "../../$corpus" "$seeds"
rm -rf "$seeds"
# Keep the corpus small: only the inputs that add coverage.
minimal=$(mktemp -d)
grader/kinds/spec_fuzz -merge=1 "$minimal" "../../$corpus" >/dev/null 2>&1
rm -f "../../$corpus"/*
cp "$minimal"/* "../../$corpus"/
rm -rf "$minimal"
echo "fuzz: corpus $(ls "../../$corpus" | wc -l) inputs"
