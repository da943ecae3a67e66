// Large inputs are mapped, not copied (input/mapped_file.hpp), and a mapped file that another process
// truncates while grovectl reads it is reported, not a crash: without the SIGBUS handler, the truncation
// tests below end the test binary.
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "input/file_reading.hpp"
#include "input/loader.hpp"
#include "input/mapped_file.hpp"
#include "support/test_support.hpp"

using namespace grovectl;
namespace fs = std::filesystem;

namespace {

constexpr size_t kPage = 4096;

// A file in a scratch folder of its own (scratch_dir empties the folder it names).
fs::path file_of(const std::string& name, const std::string& text) {
  const fs::path p = test::scratch_dir("mapped-file-" + name) / name;
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// An open descriptor, closed at the end of the scope.
struct OpenFile {
  explicit OpenFile(const fs::path& p) : fd(::open(p.c_str(), O_RDWR)) {}
  ~OpenFile() { ::close(fd); }
  int fd;
};

// The sum of every byte of `text`, read one by one (so that each page is touched).
size_t byte_sum(std::string_view text) {
  size_t sum = 0;
  for (char c : text) sum += static_cast<unsigned char>(c);
  return sum;
}

// A stream of small ConfigMaps of about `bytes` in all.
std::string config_maps(size_t bytes) {
  std::string text;
  for (int i = 0; text.size() < bytes; ++i)
    text += "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c" + std::to_string(i) +
            "\ndata:\n  k: " + std::string(200, 'v') + "\n---\n";
  return text;
}

}  // namespace

TEST_CASE("mapped file: an input of 1 MiB or more is mapped and reads as its text") {
  const std::string text = config_maps(InputText::kMapFromBytes + 1000);
  const fs::path p = file_of("large.yaml", text);
  InputText read;
  Diagnostics diags;
  REQUIRE(read_or_map_input(ReadRequest{.path = p.string(), .max_bytes = 1 << 30}, read, diags));
  CHECK(diags.empty());
  CHECK(read.mapped != nullptr);
  CHECK(read.view() == text);
  CHECK_FALSE(read.shrank());
}

TEST_CASE("mapped file: a smaller input, and any input over the budget, are not mapped") {
  const std::string text = config_maps(10000);
  const fs::path p = file_of("small.yaml", text);
  InputText read;
  Diagnostics diags;
  REQUIRE(read_or_map_input(ReadRequest{.path = p.string(), .max_bytes = 1 << 30}, read, diags));
  CHECK(read.mapped == nullptr);
  CHECK(read.view() == text);

  const fs::path large = file_of("over.yaml", config_maps(InputText::kMapFromBytes + 1000));
  CHECK_FALSE(read_or_map_input(ReadRequest{.path = large.string(), .max_bytes = 4096}, read, diags));
  CHECK(read.mapped == nullptr);
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].rule == "input/too-large");
}

TEST_CASE("mapped file: pages a truncation took read as zeros, and the mapping says it shrank") {
  const fs::path p = file_of("shrinks.bin", std::string(4 * kPage, 'a'));
  OpenFile file(p);
  auto mapped = MappedFile::map(file.fd, 4 * kPage);
  REQUIRE(mapped);
  CHECK(byte_sum(mapped->text()) == 4 * kPage * 'a');
  REQUIRE(::ftruncate(file.fd, kPage) == 0);
  // Without the handler this read is a SIGBUS.
  CHECK(byte_sum(mapped->text()) == kPage * 'a');
  CHECK(mapped->shrank());
  CHECK(mapped->text().size() == 4 * kPage);  // still readable to its end
}

TEST_CASE("mapped file: a SIGBUS that is not in a grovectl mapping still ends the process") {
  const fs::path ours = file_of("ours.bin", std::string(4 * kPage, 'a'));
  const fs::path other = file_of("other.bin", std::string(4 * kPage, 'a'));
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::signal(SIGBUS, SIG_DFL);  // not the test framework's handler: the default action comes after ours
    OpenFile mapped_file(ours);
    const auto mapped = MappedFile::map(mapped_file.fd, 4 * kPage);  // installs the handler
    OpenFile file(other);
    auto* data = static_cast<volatile char*>(::mmap(nullptr, 4 * kPage, PROT_READ, MAP_SHARED, file.fd, 0));
    if (!mapped || data == MAP_FAILED || ::ftruncate(file.fd, kPage) != 0) ::_exit(3);
    const char lost = data[3 * kPage];  // SIGBUS, and not in a grovectl mapping
    ::_exit(lost == 0 ? 0 : 2);         // reached only if the handler swallowed it
  }
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGBUS);
}

TEST_CASE("mapped file: an input truncated while it is parsed is reported as input/io, not a crash") {
  const fs::path p = file_of("truncated.yaml", config_maps(2 * InputText::kMapFromBytes));
  Diagnostics diags;
  InputLoader loader(diags);
  size_t documents = 0;
  loader.load_each(p.string(), [&](SourceDocument&&) {
    // The first batch of documents has been parsed; the others will read the lost pages.
    if (documents++ == 0) std::filesystem::resize_file(p, kPage);
  });
  CHECK(documents > 0);
  bool reported = false;
  for (const auto& d : diags.items())
    reported |= d.rule == "input/io" && d.location.file == p.string() &&
                d.message.find("the file shrank while it was read") != std::string::npos;
  CHECK(reported);
}
