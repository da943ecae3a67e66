#pragma once
// Reads one input (a path, or "-" for standard input) into memory within a byte budget that is checked
// before the bytes are allocated: a regular file by its size, anything else (standard input, a FIFO, a
// character device such as /dev/zero) chunk by chunk. Special files are opened non-blocking, so a FIFO
// without a writer never blocks the open, and its empty input is reported by the caller.
#include <memory>
#include <string>
#include <string_view>

#include "core/diagnostic.hpp"
#include "input/mapped_file.hpp"

namespace grovectl {

// Whether the byte budget is shared by every input of a command, or given afresh to each file (validate,
// which holds one file at a time).
enum class InputBudget { kAllInputsTogether, kEachFile };

struct ReadRequest {
  std::string path;  // "-" for standard input
  size_t max_bytes = 0;
  InputBudget budget = InputBudget::kAllInputsTogether;
  bool allow_tty = false;  // refuse to block on an interactive terminal unless set
};

// "a FIFO", "a character device", "a block device", "a socket" (for messages).
std::string special_file_kind(unsigned mode);

// Appends nothing and reports a located error (rule input/io, or input/too-large) when the input cannot
// be read or is over the budget; returns false then.
bool read_input(const ReadRequest& request, std::string& text, Diagnostics& diags);

// An input's text: read into memory, or, for a regular file of kMapFromBytes or more that is not standard
// input, mapped.
struct InputText {
  static constexpr size_t kMapFromBytes = size_t{1} << 20;
  std::string read;
  std::unique_ptr<MappedFile> mapped;
  std::string_view view() const { return mapped ? mapped->text() : std::string_view(read); }
  // The file lost bytes while it was mapped: what was parsed from it cannot be trusted.
  bool shrank() const { return mapped && mapped->shrank(); }
};

// read_input, mapping a large regular file instead of reading it.
bool read_or_map_input(const ReadRequest& request, InputText& text, Diagnostics& diags);

}  // namespace grovectl
