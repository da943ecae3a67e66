#include "input/file_reading.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/budgets.hpp"

namespace grovectl {
namespace {

constexpr size_t kChunk = size_t{1} << 16;

// Closes the descriptor on every path out (not standard input).
class Descriptor {
 public:
  explicit Descriptor(int fd, bool owned) : fd_(fd), owned_(owned) {}
  ~Descriptor() {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
  bool owned_;
};

void io_error(const std::string& path, const std::string& what, Diagnostics& diags) {
  diags.error("input/io", what, Location{path});
}

void too_large(const ReadRequest& request, size_t size, bool exact, Diagnostics& diags) {
  const std::string budget =
      request.budget == InputBudget::kEachFile
          ? fmt::format("over the limit of {} bytes per file", request.max_bytes)
          : fmt::format("over what is left of the input budget ({} of {} bytes for all inputs together)",
                        request.max_bytes, kMaxInputBytes);
  diags.error(
      "input/too-large",
      fmt::format("the input is {}{} bytes, {}; nothing was parsed", exact ? "" : "more than ", size, budget),
      Location{request.path});
}

// Reads to the end, or until more than max_bytes arrived. EAGAIN (a non-blocking FIFO or device with
// nothing to read yet) waits in poll() for data or the writer's end.
bool read_stream(int fd, const ReadRequest& request, std::string& text, Diagnostics& diags) {
  char buffer[kChunk];
  for (;;) {
    ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      const size_t got = static_cast<size_t>(n);
      if (text.size() + got > request.max_bytes) {
        too_large(request, request.max_bytes, /*exact=*/false, diags);
        return false;
      }
      if (text.size() + got > text.capacity())
        text.reserve(std::min(std::max(text.capacity() * 2, text.size() + got), request.max_bytes));
      text.append(buffer, got);
    } else if (n == 0) {
      return true;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, -1) < 0 && errno != EINTR) {
        io_error(request.path, fmt::format("cannot wait for input: {}", std::strerror(errno)), diags);
        return false;
      }
    } else if (errno != EINTR) {
      io_error(request.path, fmt::format("read error: {}", std::strerror(errno)), diags);
      return false;
    }
  }
}

// A FIFO without a writer reads as end of file at once (the non-blocking open succeeded without one). Give
// a writer that is about to open it a short while; poll() returns as soon as data or a hang-up arrives.
void wait_for_fifo_writer(int fd) {
  pollfd p{fd, POLLIN, 0};
  while (::poll(&p, 1, kFifoWriterWaitMilliseconds) < 0 && errno == EINTR) {
  }
}

// Where read_any puts the text: always `read`; `mapped` too when the caller takes a mapping.
struct TextTarget {
  std::string& read;
  std::unique_ptr<MappedFile>* mapped;
};

bool read_regular(int fd, const struct stat& st, const ReadRequest& request, const TextTarget& target,
                  Diagnostics& diags) {
  const auto size = static_cast<size_t>(st.st_size);
  if (size > request.max_bytes) {
    too_large(request, size, /*exact=*/true, diags);
    return false;
  }
  if (target.mapped && size >= InputText::kMapFromBytes) {
    *target.mapped = MappedFile::map(fd, size);
    if (*target.mapped) return true;
  }
  std::string& text = target.read;
  text.reserve(size);
  return read_stream(fd, request, text, diags);  // the file may have grown: still bounded
}

bool read_any(const ReadRequest& request, const TextTarget& target, Diagnostics& diags) {
  std::string& text = target.read;
  text.clear();
  const bool is_stdin = request.path == "-";
  if (is_stdin && !request.allow_tty && ::isatty(STDIN_FILENO)) {
    io_error("-", "refusing to read from a terminal; pipe input into \"-f -\"", diags);
    return false;
  }
  struct stat st {};
  if (!is_stdin && ::stat(request.path.c_str(), &st) == 0 && S_ISSOCK(st.st_mode)) {
    io_error(request.path, "is a socket; grovectl reads files, directories, FIFOs and devices", diags);
    return false;
  }
  const int fd = is_stdin ? STDIN_FILENO : ::open(request.path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    io_error(request.path, fmt::format("cannot open: {}", std::strerror(errno)), diags);
    return false;
  }
  Descriptor owner(fd, /*owned=*/!is_stdin);
  if (::fstat(fd, &st) != 0) {
    io_error(request.path, fmt::format("cannot stat: {}", std::strerror(errno)), diags);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    io_error(request.path, "is a directory", diags);
    return false;
  }
  // Standard input is read even from a file: render keeps its text for a second pass.
  if (S_ISREG(st.st_mode))
    return read_regular(fd, st, request, is_stdin ? TextTarget{.read = text, .mapped = nullptr} : target,
                        diags);
  if (!is_stdin && S_ISFIFO(st.st_mode)) wait_for_fifo_writer(fd);
  if (!is_stdin && !request.allow_tty && ::isatty(fd)) {
    io_error(
        request.path,
        fmt::format("is a terminal ({}); refusing to wait for typed input", special_file_kind(st.st_mode)),
        diags);
    return false;
  }
  return read_stream(fd, request, text, diags);
}

}  // namespace

std::string special_file_kind(unsigned mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

bool read_input(const ReadRequest& request, std::string& text, Diagnostics& diags) {
  return read_any(request, TextTarget{.read = text, .mapped = nullptr}, diags);
}

bool read_or_map_input(const ReadRequest& request, InputText& text, Diagnostics& diags) {
  text.mapped.reset();
  return read_any(request, TextTarget{.read = text.read, .mapped = &text.mapped}, diags);
}

}  // namespace grovectl
