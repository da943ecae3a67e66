#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs them, JOBS targets at a time.
#   bash tests/fuzz/run.sh [SECONDS]   a campaign of SECONDS per target (random seed), built in build-fuzz/
#   FUZZ_RUNS=N bash tests/fuzz/run.sh N executions per target with a fixed seed: the same inputs on
#                                      every machine, so CI is repeatable
#   FUZZ_BUILD_DIR=DIR                 use the targets of DIR, a tree configured with -DGROVECTL_FUZZ=ON
#                                      (scripts/dev.sh test passes its sanitizer tree, which builds them)
# Exits non-zero when a target finds a crash, hang, leak or out-of-memory; reproducers go to DIR/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=${1:-20}
JOBS=${JOBS:-2}
TARGETS=${FUZZ_TARGETS:-"fuzz_yaml_render fuzz_validate fuzz_diff fuzz_emitter_roundtrip fuzz_flags"}
dir=${FUZZ_BUILD_DIR:-build-fuzz}
if [ -z "${FUZZ_BUILD_DIR:-}" ]; then
  # Build type "Fuzz" adds no flags of its own: GROVECTL_FUZZ sets -O1, line tables and the sanitizers.
  cmake -S . -B "$dir" -DCMAKE_CXX_COMPILER="${FUZZ_CXX:-clang++}" -DCMAKE_BUILD_TYPE=Fuzz \
    -DGROVECTL_TESTS=OFF -DGROVECTL_FUZZ=ON >/dev/null
fi
# shellcheck disable=SC2086
cmake --build "$dir" -j "$JOBS" --target $TARGETS

if [ -n "${FUZZ_RUNS:-}" ]; then
  budget="-runs=$FUZZ_RUNS -seed=1 -timeout=120"
else
  budget="-max_total_time=$SECONDS_PER_TARGET -timeout=10"
fi
seeds="testdata/golden testdata/render testdata/hostile testdata/diff testdata/validate"
artifacts=$dir/artifacts
rm -rf "$artifacts" "$dir/corpus"
mkdir -p "$artifacts"

run_target() {  # TARGET: one run, its summary lines in $dir/corpus/TARGET.log
  local target=$1 work=$dir/corpus/$1
  mkdir -p "$work"
  # shellcheck disable=SC2086
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    "$dir/tests/fuzz/$target" "$work" $seeds $budget \
    -max_len=65536 -rss_limit_mb=2048 -artifact_prefix="$artifacts/$target-" \
    -dict=tests/fuzz/yaml.dict -print_final_stats=1 2>&1 |
    grep -E "^(stat::number_of_executed_units|==|SUMMARY|#[0-9]+ +DONE)|ERROR" >"$work.log" || true
}

# The targets are independent: JOBS of them run side by side, each on one core.
running=0
for target in $TARGETS; do
  run_target "$target" &
  running=$((running + 1))
  if ((running >= JOBS)); then
    wait -n
    running=$((running - 1))
  fi
done
wait
status=0
for target in $TARGETS; do
  echo "== $target ($budget)"
  cat "$dir/corpus/$target.log"
  if [ -n "$(find "$artifacts" -name "$target-crash-*" -o -name "$target-timeout-*" -o -name "$target-oom-*" \
    -o -name "$target-leak-*")" ]; then
    echo "fuzz: $target found a problem; see $artifacts/" >&2
    status=1
  fi
done
exit $status
