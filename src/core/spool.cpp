#include "core/spool.hpp"

#include <algorithm>

namespace grovectl {

Spool::Spool() : file_(std::tmpfile(), &std::fclose) {
  if (file_) memory_.reserve(kBufferBytes);
}

void Spool::write(std::string_view text) {
  if (file_ && memory_.size() + text.size() > kBufferBytes) {
    flush_buffer();
    // A text as large as the buffer goes to the file as it is, not through the buffer.
    if (file_ && text.size() >= kBufferBytes && write_to_file(text)) {
      size_ += text.size();
      return;
    }
  }
  memory_.append(text);
  size_ += text.size();
}

void Spool::flush_buffer() {
  if (memory_.empty()) return;
  if (std::fwrite(memory_.data(), 1, memory_.size(), file_.get()) == memory_.size()) {
    memory_.clear();
    return;
  }
  move_file_to_memory();  // the buffer is still whole: it goes after what the file held
}

// False when the file could not take it all: then everything is in memory, but `text`.
bool Spool::write_to_file(std::string_view text) {
  if (std::fwrite(text.data(), 1, text.size(), file_.get()) == text.size()) return true;
  move_file_to_memory();  // size_ does not count `text` yet: a part of it in the file is cut off
  return false;
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
