#include "input/mapped_file.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <mutex>

namespace grovectl {
namespace {

// The mappings the SIGBUS handler knows. A command maps one file at a time (diff two), so a few slots
// do; a file that finds none free is read instead.
struct Slot {
  std::atomic<uintptr_t> begin{0};
  std::atomic<uintptr_t> end{0};
  std::atomic<bool> in_use{false};
  std::atomic<bool> shrank{false};
};
std::array<Slot, 8> slots;

struct sigaction previous_action {};
uintptr_t page_size = 4096;  // set with the handler

uintptr_t page_start(uintptr_t address) {
  return address & ~(page_size - 1);
}

// Runs in a signal handler: only atomics and system calls.
Slot* slot_holding(uintptr_t address) {
  for (Slot& s : slots) {
    if (s.in_use && s.begin <= address && address < s.end) return &s;
  }
  return nullptr;
}

void on_bus_error(int signal, siginfo_t* info, void* context) {
  const auto address = reinterpret_cast<uintptr_t>(info->si_addr);
  Slot* slot = slot_holding(address);
  if (slot) {
    // Zero pages over what the file lost: the read that faulted runs again and sees zeros.
    const uintptr_t from = page_start(address);
    void* replaced = ::mmap(reinterpret_cast<void*>(from), slot->end - from, PROT_READ,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
    if (replaced != MAP_FAILED) {
      slot->shrank = true;
      return;
    }
  }
  // Not ours (or it could not be mended): the handler before ours takes it, or the default action when
  // the faulting instruction runs again.
  if (previous_action.sa_flags & SA_SIGINFO) {
    if (previous_action.sa_sigaction) return previous_action.sa_sigaction(signal, info, context);
  } else if (previous_action.sa_handler != SIG_DFL && previous_action.sa_handler != SIG_IGN) {
    return previous_action.sa_handler(signal);
  }
  ::sigaction(SIGBUS, &previous_action, nullptr);
}

std::mutex slots_mutex;  // guards taking a slot and installing the handler

// Installs the handler unless it is the one in place (another library, or a test framework, may have
// put its own there since), keeping the one it replaces for what is not ours.
bool handler_in_place() {
  struct sigaction current {};
  if (::sigaction(SIGBUS, nullptr, &current) != 0) return false;
  if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_bus_error) return true;
  page_size = static_cast<uintptr_t>(::sysconf(_SC_PAGESIZE));
  struct sigaction action {};
  action.sa_sigaction = on_bus_error;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  ::sigemptyset(&action.sa_mask);
  return ::sigaction(SIGBUS, &action, &previous_action) == 0;
}

// A free slot, taken; slots.size() when there is none. Called under slots_mutex.
size_t take_slot(uintptr_t begin, uintptr_t end) {
  for (size_t i = 0; i < slots.size(); ++i) {
    if (slots[i].in_use) continue;
    slots[i].begin = begin;
    slots[i].end = end;
    slots[i].shrank = false;
    slots[i].in_use = true;
    return i;
  }
  return slots.size();
}

}  // namespace

std::unique_ptr<MappedFile> MappedFile::map(int fd, size_t size) {
  std::lock_guard lock(slots_mutex);
  if (size == 0 || !handler_in_place()) return nullptr;
  // MAP_POPULATE reads the whole file in now, with one call, rather than a page fault per page later.
  void* data = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  if (data == MAP_FAILED) return nullptr;
  const auto begin = reinterpret_cast<uintptr_t>(data);
  const size_t slot = take_slot(begin, begin + size);
  if (slot == slots.size()) {
    ::munmap(data, size);
    return nullptr;
  }
  return std::unique_ptr<MappedFile>(new MappedFile(static_cast<const char*>(data), size, slot));
}

MappedFile::~MappedFile() {
  {
    std::lock_guard lock(slots_mutex);
    slots[slot_].in_use = false;  // before the range is unmapped, and perhaps mapped again by another
  }
  ::munmap(const_cast<char*>(data_), size_);
}

bool MappedFile::shrank() const {
  return slots[slot_].shrank;
}

}  // namespace grovectl
