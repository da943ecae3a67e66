#include "cli/app.hpp"

#ifdef GROVECTL_WITH_MIMALLOC
// mimalloc's own operator new (Debian's libmimalloc 2.0.9, built as C) calls abort() when an allocation
// fails: it looks for a std::new_handler through a weak symbol that binds to its own stub, so installing
// a handler does not help, and 2.0 has no option to turn the abort off. These replacements take memory
// from mimalloc's nothrow entry points and throw std::bad_alloc on failure, which the command line
// reports as "out of memory while ..." (core/out_of_memory.hpp).
#include <mimalloc.h>

#include <new>

namespace {
void* allocate(std::size_t size) {
  void* p = mi_new_nothrow(size);
  if (!p) throw std::bad_alloc();
  return p;
}
void* allocate_aligned(std::size_t size, std::align_val_t alignment) {
  void* p = mi_new_aligned_nothrow(size, static_cast<std::size_t>(alignment));
  if (!p) throw std::bad_alloc();
  return p;
}
}  // namespace

void* operator new(std::size_t size) {
  return allocate(size);
}
void* operator new[](std::size_t size) {
  return allocate(size);
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept {
  return mi_new_nothrow(size);
}
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept {
  return mi_new_nothrow(size);
}
void* operator new(std::size_t size, std::align_val_t alignment) {
  return allocate_aligned(size, alignment);
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
  return allocate_aligned(size, alignment);
}
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return mi_new_aligned_nothrow(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
  return mi_new_aligned_nothrow(size, static_cast<std::size_t>(alignment));
}
void operator delete(void* p) noexcept {
  mi_free(p);
}
void operator delete[](void* p) noexcept {
  mi_free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  mi_free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  mi_free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  mi_free(p);
}
void operator delete[](void* p, std::align_val_t) noexcept {
  mi_free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  mi_free(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  mi_free(p);
}

static void configure_allocator() {
  // The failure is reported once, by grovectl, instead of mimalloc's own "unable to allocate" lines.
  mi_option_disable(mi_option_show_errors);
  mi_option_disable(mi_option_verbose);
}
#else
static void configure_allocator() {}
#endif

int main(int argc, char** argv) {
  configure_allocator();
  return grovectl::run_cli(argc, argv);
}
