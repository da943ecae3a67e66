#include "core/out_of_memory.hpp"

#include <unistd.h>

#include <cstring>
#include <exception>

namespace grovectl {
namespace {

// A fixed buffer: reporting must not allocate, since memory has just run out.
char g_activity[256] = "starting";

void copy_bounded(char (&to)[256], std::string_view from) {
  size_t n = std::min(from.size(), sizeof(to) - 1);
  std::memcpy(to, from.data(), n);
  to[n] = '\0';
}

void write_all(const char* text) {
  size_t left = std::strlen(text);
  while (left > 0) {
    ssize_t n = ::write(STDERR_FILENO, text, left);
    if (n <= 0) return;
    text += n;
    left -= static_cast<size_t>(n);
  }
}

}  // namespace

Activity::Activity(std::string_view what) : exceptions_(std::uncaught_exceptions()) {
  std::memcpy(previous_, g_activity, sizeof(previous_));
  copy_bounded(g_activity, what);
}

Activity::~Activity() {
  if (std::uncaught_exceptions() > exceptions_) return;  // unwinding: keep what failed for the report
  std::memcpy(g_activity, previous_, sizeof(previous_));
}

void report_out_of_memory() {
  write_all("grovectl: out of memory while ");
  write_all(g_activity);
  write_all("\n");
}

}  // namespace grovectl
