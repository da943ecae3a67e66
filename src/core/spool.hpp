#pragma once
// Text written now and read back once, when its verdict is known: a JUnit report's cases wait for their
// counts, render's output waits until the whole render succeeded (nothing half-written). Beyond a small
// buffer it waits in a temporary file, not in memory; in memory when no temporary file can be made or
// written (a full disk), so nothing is lost.
#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace grovectl {

class Spool {
 public:
  Spool();
  void write(std::string_view text);
  size_t size() const { return size_; }
  // Writes everything written so far to `out`, in order.
  void copy_to(std::ostream& out);

 private:
  // Small: every page of fresh memory costs a page fault; a 1 MiB buffer (2 MiB once grown) added 1.4 MiB
  // to the peak of the benchmark's JobSet render.
  static constexpr size_t kBufferBytes = size_t{64} << 10;
  void flush_buffer();
  bool write_to_file(std::string_view text);
  void move_file_to_memory();

  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  std::string memory_;  // what the file does not hold, after it
  size_t size_ = 0;
};

}  // namespace grovectl
