#include <unistd.h>

#include <cstdlib>

#include "cli/app.hpp"

namespace {

// glibc keeps 7 freed blocks per size class in its per-thread cache by default. validate and diff build
// and drop millions of small JSON nodes while a large heap stays live; with the default most frees fall
// through to the slow bins, and malloc_consolidate/unlink_chunk grew to ~45% of the CPU time at 20k
// documents (superlinear growth). The cache size can only be set through GLIBC_TUNABLES, which glibc
// reads at process start, so set it and re-execute once. A user's own GLIBC_TUNABLES is left alone, and
// GROVECTL_NO_MALLOC_TUNING=1 turns this off (e.g. to profile under valgrind).
void tune_malloc(char** argv) {
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
  if (std::getenv("GLIBC_TUNABLES") != nullptr || std::getenv("GROVECTL_NO_MALLOC_TUNING") != nullptr) return;
  if (setenv("GLIBC_TUNABLES", "glibc.malloc.tcache_count=2000", 0) != 0) return;
  execv("/proc/self/exe", argv);
  unsetenv("GLIBC_TUNABLES");  // exec failed: carry on with the defaults
#else
  (void)argv;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  tune_malloc(argv);
  return grovectl::run_cli(argc, argv);
}
