#include "core/spool.hpp"

#include <algorithm>

namespace grovectl {

Spool::Spool() : file_(std::tmpfile(), &std::fclose) {}

void Spool::write(std::string_view text) {
  memory_.append(text);
  size_ += text.size();
  if (file_ && memory_.size() >= kBufferBytes) flush_buffer();
}

void Spool::flush_buffer() {
  if (std::fwrite(memory_.data(), 1, memory_.size(), file_.get()) == memory_.size()) {
    memory_.clear();
    return;
  }
  move_file_to_memory();  // the buffer is still whole: it goes after what the file held
}

void Spool::move_file_to_memory() {
  std::string kept;
  std::fflush(file_.get());
  std::rewind(file_.get());
  char buffer[1 << 16];
  while (size_t n = std::fread(buffer, 1, sizeof buffer, file_.get())) kept.append(buffer, n);
  // A partly written buffer left a prefix of itself in the file, which the buffer still holds whole.
  kept.resize(std::min(kept.size(), size_ - memory_.size()));
  memory_ = kept + memory_;
  file_.reset();
}

void Spool::copy_to(std::ostream& out) {
  if (file_) {
    std::fflush(file_.get());
    std::rewind(file_.get());
    char buffer[1 << 16];
    while (size_t n = std::fread(buffer, 1, sizeof buffer, file_.get()))
      out.write(buffer, static_cast<std::streamsize>(n));
  }
  out << memory_;
}

}  // namespace grovectl
