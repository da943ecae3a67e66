#!/usr/bin/env bash
# grovectl developer entry point.
#   scripts/dev.sh run   install what is missing, build, render the bundled example
#   scripts/dev.sh test  install what is missing, build with -Werror, run every test, build and check
#                        the Debian package (scripts/check_deb.sh), then build the whole suite and the
#                        fuzz targets with AddressSanitizer/UBSan (clang), run the suite and a fuzzing smoke
# Each phase of `test` prints its CPU time (user + system) and wall time (docs/design.md, "Builds").
set -euo pipefail
cd "$(dirname "$0")/.."

# What building and running need; `test` adds TEST_PACKAGES.
PACKAGES=(cmake g++ make git libcli11-dev libyaml-dev nlohmann-json3-dev libfmt-dev libdtl-dev libre2-dev
          libmimalloc-dev)
TEST_PACKAGES=(clang libclang-rt-14-dev python3 python3-yaml catch2 libvalijson-dev help2man man-db bash-completion
               zsh fish libxml2-utils dpkg-dev file lintian time)
JOBS=${JOBS:-$(nproc)}

install_missing() {  # PACKAGE...
  local missing=()
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "Installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

# Warns when the disk here has less room than the command's builds take (measured on the builds of
# November 2026, with room to spare): on a full disk, tests that write files fail far from the cause.
warn_if_disk_low() {  # GIB COMMAND
  local free_mib
  free_mib=$(df -Pm . | awk 'NR == 2 {print $4}')
  if ((free_mib < $1 * 1024)); then
    echo "warning: ${free_mib} MiB free on this disk; scripts/dev.sh $2 needs about $1 GiB" >&2
  fi
}

build() {  # build DIR [cmake args...]
  local dir=$1; shift
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
  cmake --build "$dir" -j "$JOBS"
}

phase() {  # phase NAME COMMAND...: runs COMMAND (a function too), then prints its CPU and wall time
  local name=$1; shift
  local TIMEFORMAT="== $name: %U s user + %S s system, %R s wall"
  time "$@"
}

case "${1:-}" in
  run)
    install_missing "${PACKAGES[@]}"
    warn_if_disk_low 1 run
    build build -DGROVECTL_TESTS=OFF
    ./build/grovectl render -f examples/disaggregated-inference.yaml
    ;;
  test)
    install_missing "${PACKAGES[@]}" "${TEST_PACKAGES[@]}"
    warn_if_disk_low 4 test
    # Tests on explicitly: `run` turns them off, and CMake keeps that in build/'s cache. Release is the
    # optimization of RelWithDebInfo without debug information, which the tests do not need.
    phase "build with -Werror" build build -DCMAKE_BUILD_TYPE=Release -DGROVECTL_WERROR=ON -DGROVECTL_TESTS=ON
    phase "suite" bash -c "cd build && ctest --output-on-failure --no-tests=error -j $JOBS"
    phase "Debian package" bash scripts/check_deb.sh build
    phase "benchmark smoke" cmake --build build --target bench-smoke
    # One clang tree holds the AddressSanitizer + UBSan build of the suite and the fuzz targets: the
    # library is compiled once for both. Build type "Sanitize" adds no flags of its own (CMakeLists.txt).
    phase "sanitizer build (suite and fuzz targets)" build build-asan -DCMAKE_CXX_COMPILER=clang++ \
      -DCMAKE_BUILD_TYPE=Sanitize -DGROVECTL_WERROR=ON -DGROVECTL_TESTS=ON -DGROVECTL_SANITIZE=ON -DGROVECTL_FUZZ=ON
    phase "sanitizer suite" bash -c "cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure \
      --no-tests=error -j $JOBS"
    phase "fuzzing smoke" env FUZZ_BUILD_DIR=build-asan FUZZ_RUNS="${FUZZ_RUNS:-20000}" JOBS="$JOBS" \
      bash tests/fuzz/run.sh
    ;;
  *)
    echo "usage: scripts/dev.sh run|test" >&2
    exit 2
    ;;
esac
