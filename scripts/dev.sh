#!/usr/bin/env bash
# grovectl developer entry point.
#   scripts/dev.sh run   install what is missing, build, render the bundled example
#   scripts/dev.sh test  install what is missing, build with -Werror, run every test, build and check
#                        the Debian package (scripts/check_deb.sh), then the AddressSanitizer/UBSan
#                        build of the whole suite
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(cmake g++ make clang libclang-rt-14-dev git python3 python3-yaml libcli11-dev libyaml-dev nlohmann-json3-dev
          libfmt-dev libdtl-dev catch2 libvalijson-dev libmimalloc-dev help2man man-db
          bash-completion zsh fish libxml2-utils dpkg-dev file lintian time)
JOBS=${JOBS:-$(nproc)}

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
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

case "${1:-}" in
  run)
    install_missing
    warn_if_disk_low 1 run
    build build -DGROVECTL_TESTS=OFF
    ./build/grovectl render -f examples/disaggregated-inference.yaml
    ;;
  test)
    install_missing
    warn_if_disk_low 4 test
    # Tests on explicitly: `run` turns them off, and CMake keeps that in build/'s cache.
    build build -DGROVECTL_WERROR=ON -DGROVECTL_TESTS=ON
    (cd build && ctest --output-on-failure --no-tests=error -j "$JOBS")
    bash scripts/check_deb.sh build
    if [ -f tests/bench/run_bench.py ]; then
      cmake --build build --target bench-smoke
    fi
    echo "== AddressSanitizer + UBSan build of the whole suite"
    build build-asan -DGROVECTL_WERROR=ON -DGROVECTL_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
    (cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure --no-tests=error -j "$JOBS")
    if [ -f tests/fuzz/CMakeLists.txt ]; then
      echo "== Fuzzing smoke run"
      FUZZ_RUNS=${FUZZ_RUNS:-20000} bash tests/fuzz/run.sh
    fi
    ;;
  *)
    echo "usage: scripts/dev.sh run|test" >&2
    exit 2
    ;;
esac
