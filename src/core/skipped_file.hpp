#pragma once
// A file that an input walk found but grovectl did not check, with the reason every report names.
#include <string>

namespace grovectl {

struct SkippedFile {
  std::string file;
  std::string category;  // a noun for counting them, e.g. "Helm chart template" or "empty file"
  std::string reason;    // in words, for the listing
};

}  // namespace grovectl
