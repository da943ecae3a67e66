#include "support/background_render.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace grovectl::test {
namespace fs = std::filesystem;

pid_t start_render_into(const fs::path& input, const fs::path& out, const std::vector<std::string>& args) {
  std::vector<std::string> argv{"grovectl", "render"};
  argv.insert(argv.end(), args.begin(), args.end());
  for (const std::string& a : {std::string("-f"), input.string(), std::string("--output-dir"), out.string()})
    argv.push_back(a);
  std::vector<char*> c_argv;
  for (auto& a : argv) c_argv.push_back(a.data());
  c_argv.push_back(nullptr);
  pid_t child = ::fork();
  if (child == 0) {
    int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execv(GROVECTL_BINARY, c_argv.data());
    ::_exit(127);
  }
  return child;
}

fs::path wait_for_files_written(const fs::path& parent, int tries) {
  for (int i = 0; i < tries; ++i) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(parent, ec)) {
      std::error_code empty_ec;
      if (e.path().filename().string().starts_with(".out.grovectl-tmp-") &&
          !fs::is_empty(e.path() / "new", empty_ec) && !empty_ec)
        return e.path();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return {};
}

}  // namespace grovectl::test
