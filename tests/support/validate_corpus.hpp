#pragma once
// The bad-input corpus of testdata/validate/: cases.txt lists each file, its extra arguments and the exit
// code validate must give.
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace grovectl::test {

struct CorpusCase {
  std::string file, args;
  int exit_code = 0;
};

inline std::string trim_blanks(std::string s) {
  s.erase(0, s.find_first_not_of(" \t"));
  s.erase(s.find_last_not_of(" \t\r") + 1);
  return s;
}

inline std::vector<CorpusCase> read_validate_corpus() {
  std::ifstream in(testdata("validate/cases.txt"));
  std::vector<CorpusCase> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string file, args, code;
    std::getline(ss, file, '|');
    std::getline(ss, args, '|');
    std::getline(ss, code, '|');
    out.push_back({trim_blanks(file), trim_blanks(args), std::stoi(trim_blanks(code))});
  }
  return out;
}

}  // namespace grovectl::test
