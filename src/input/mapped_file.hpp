#pragma once
// A regular file's text read through a read-only mapping of the page cache instead of copied into new
// memory. On the 2-core virtual machine the benchmark runs on, each page of fresh memory costs a page fault
// of several microseconds: reading the 3.2 MiB JobSet benchmark input took about 10 ms, mapping it under 2.
//
// A mapped file that another process truncates raises SIGBUS where its lost pages are read. grovectl
// catches that for its own mappings: the lost pages read as zero bytes from then on, and shrank() tells
// the reader to report the file instead of trusting what it parsed. Any other SIGBUS goes on to the
// handler that was there before.
#include <cstddef>
#include <memory>
#include <string_view>

namespace grovectl {

class MappedFile {
 public:
  // The first `size` bytes of the open file `fd` (size > 0), or nullptr when the file cannot be mapped
  // (the caller reads it instead). The descriptor may be closed afterwards.
  static std::unique_ptr<MappedFile> map(int fd, size_t size);

  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile();

  std::string_view text() const { return {data_, size_}; }
  // True once a page past the file's end was read: the file shrank while it was mapped.
  bool shrank() const;

 private:
  MappedFile(const char* data, size_t size, size_t slot) : data_(data), size_(size), slot_(slot) {}

  const char* data_;
  size_t size_;
  size_t slot_;  // where the SIGBUS handler finds it
};

}  // namespace grovectl
