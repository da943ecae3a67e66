#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in build-fuzz/ and runs each for SECONDS
# (default 20) on a copy of the seed corpus. Exits non-zero on the first crash.
#   bash tests/fuzz/run.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=${1:-20}
JOBS=${JOBS:-2}
CXX=${FUZZ_CXX:-clang++}
FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"
cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DGROVECTL_TESTS=OFF -DGROVECTL_FUZZ=ON -DCMAKE_CXX_FLAGS="$FLAGS" >/dev/null
cmake --build build-fuzz -j "$JOBS" --target fuzz_yaml_render fuzz_validate fuzz_emitter_roundtrip

seeds="testdata/golden testdata/render testdata/hostile"
for target in fuzz_yaml_render fuzz_validate fuzz_emitter_roundtrip; do
  work=build-fuzz/corpus/$target
  mkdir -p "$work" build-fuzz/artifacts
  echo "== $target for ${SECONDS_PER_TARGET}s"
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    "build-fuzz/tests/fuzz/$target" "$work" $seeds -max_total_time="$SECONDS_PER_TARGET" \
    -max_len=65536 -rss_limit_mb=2048 -timeout=10 -artifact_prefix=build-fuzz/artifacts/ \
    -dict=tests/fuzz/yaml.dict -print_final_stats=1 2>&1 | grep -E "^(stat::number_of_executed_units|==|SUMMARY|#[0-9]+ +DONE)|ERROR" || true
  if [ -n "$(find build-fuzz/artifacts -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*')" ]; then
    echo "fuzz: $target found a problem; see build-fuzz/artifacts/" >&2
    exit 1
  fi
done
