#!/usr/bin/env bash
# Builds the Debian package from a configured and built tree and checks it as a user would get it
# (issue 20, item 1): lintian reports no error, and the files unpacked into a scratch root run.
#   scripts/check_deb.sh [BUILD_DIR]      (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
version=$(sed -n 's/^project(grovectl VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
arch=$(dpkg --print-architecture)
deb=$build/grovectl_${version}_${arch}.deb

# lintian leaves a cache file (mldbm-elf-*) in its temporary directory: give it one of ours, removed on exit.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "== Debian package: cpack -G DEB"
rm -f "$deb"
(cd "$build" && cpack -G DEB >/dev/null)
[ -f "$deb" ] || { echo "check_deb.sh: $deb was not written" >&2; exit 1; }

echo "== lintian $deb"
TMPDIR=$scratch lintian --fail-on error --tag-display-limit 0 "$deb" 2> >(grep -v 'running with root privileges' >&2)

echo "== contents"
root=$scratch/root
mkdir "$root"
dpkg -x "$deb" "$root"
for f in usr/bin/grovectl usr/share/man/man1/grovectl.1.gz usr/share/bash-completion/completions/grovectl \
         usr/share/zsh/vendor-completions/_grovectl usr/share/fish/vendor_completions.d/grovectl.fish \
         usr/share/doc/grovectl/changelog.gz usr/share/doc/grovectl/copyright; do
  [ -f "$root/$f" ] || { echo "check_deb.sh: /$f is missing from the package" >&2; exit 1; }
done
[ "$(readlink "$root/usr/bin/kubectl-grove")" = grovectl ] || { echo "check_deb.sh: no kubectl-grove link" >&2; exit 1; }
depends=$(dpkg-deb -f "$deb" Depends)
case $depends in
  *libc6*libyaml*) ;;
  *) echo "check_deb.sh: Depends does not come from dpkg-shlibdeps: $depends" >&2; exit 1 ;;
esac

echo "== the installed binary runs"
# Each output is read whole before it is searched: `grovectl ... | grep -q` would end grep at the first match
# and, under pipefail, fail the check whenever grovectl was still writing (SIGPIPE, exit 141).
expect_in() {  # WHAT PATTERN TEXT: grep -E PATTERN must match a line of TEXT
  grep -qE -- "$2" <<<"$3" || { echo "check_deb.sh: $1 does not print $2" >&2; exit 1; }
}
expect_in "grovectl version" "^Version: $version\$" "$("$root/usr/bin/grovectl" version)"
expect_in "kubectl-grove render --help" "Usage: kubectl grove render" "$("$root/usr/bin/kubectl-grove" render --help)"
expect_in "grovectl render -o name" "^podgang[.]scheduler[.]grove[.]io/" \
  "$("$root/usr/bin/grovectl" render -f examples/disaggregated-inference.yaml -o name)"
man -l "$root/usr/share/man/man1/grovectl.1.gz" >/dev/null
echo "check_deb.sh: $deb is fine (Depends: $depends)"
