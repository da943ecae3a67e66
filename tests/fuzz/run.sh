#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) in build-fuzz/ and runs each one.
#   bash tests/fuzz/run.sh [SECONDS]   a campaign of SECONDS per target (random seed)
#   FUZZ_RUNS=N bash tests/fuzz/run.sh N executions per target with a fixed seed: the same inputs on
#                                      every machine, so CI is repeatable (scripts/dev.sh test uses this)
# Exits non-zero on the first crash, hang, leak or out-of-memory; reproducers go to build-fuzz/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=${1:-20}
JOBS=${JOBS:-2}
CXX=${FUZZ_CXX:-clang++}
TARGETS=${FUZZ_TARGETS:-"fuzz_yaml_render fuzz_validate fuzz_diff fuzz_emitter_roundtrip fuzz_flags"}
# -O1 with line tables only (build type "Fuzz" adds no flags of its own): fast to build, still
# symbolized reports.
FLAGS="-O1 -gline-tables-only -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_BUILD_TYPE=Fuzz \
  -DGROVECTL_TESTS=OFF -DGROVECTL_FUZZ=ON -DCMAKE_CXX_FLAGS="$FLAGS" >/dev/null
cmake --build build-fuzz -j "$JOBS" --target $TARGETS

if [ -n "${FUZZ_RUNS:-}" ]; then
  budget="-runs=$FUZZ_RUNS -seed=1 -timeout=120"
else
  budget="-max_total_time=$SECONDS_PER_TARGET -timeout=10"
fi
seeds="testdata/golden testdata/render testdata/hostile testdata/diff testdata/validate"
rm -rf build-fuzz/artifacts
for target in $TARGETS; do
  work=build-fuzz/corpus/$target
  rm -rf "$work"
  mkdir -p "$work" build-fuzz/artifacts
  echo "== $target ($budget)"
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    "build-fuzz/tests/fuzz/$target" "$work" $seeds $budget \
    -max_len=65536 -rss_limit_mb=2048 -artifact_prefix=build-fuzz/artifacts/ \
    -dict=tests/fuzz/yaml.dict -print_final_stats=1 2>&1 | grep -E "^(stat::number_of_executed_units|==|SUMMARY|#[0-9]+ +DONE)|ERROR" || true
  if [ -n "$(find build-fuzz/artifacts -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*')" ]; then
    echo "fuzz: $target found a problem; see build-fuzz/artifacts/" >&2
    exit 1
  fi
done
