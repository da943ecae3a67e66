#pragma once
// Out of memory is an error message, not an abort: an allocation failure reaches the code as
// std::bad_alloc (src/main.cpp configures the allocator so), and the command line turns it into
// "grovectl: out of memory while <activity>" with exit 3. The activity is what the main thread was
// doing when memory ran out.
#include <string_view>

namespace grovectl {

// Names what the main thread is doing for as long as it lives ("reading pcs.yaml", "rendering"), then
// restores the previous activity, except while an exception unwinds the stack: then the innermost
// activity stays for the handler to report. Only the main thread sets activities; work it hands to other
// threads belongs to the activity that started it.
class Activity {
 public:
  explicit Activity(std::string_view what);
  ~Activity();
  Activity(const Activity&) = delete;
  Activity& operator=(const Activity&) = delete;

 private:
  char previous_[256];
  int exceptions_;  // std::uncaught_exceptions() when it began
};

// Writes "grovectl: out of memory while <activity>" to standard error without allocating.
void report_out_of_memory();

}  // namespace grovectl
