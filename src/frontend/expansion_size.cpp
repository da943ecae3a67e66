#include "frontend/expansion_size.hpp"

namespace grovectl::expansion_size {

long double metadata_bytes(const StringMap& labels, const StringMap& annotations) {
  long double n = 0;
  for (const auto& [k, v] : labels) n += k.size() + v.size() + kMetadataEntry;
  for (const auto& [k, v] : annotations) n += k.size() + v.size() + kMetadataEntry;
  return n;
}

}  // namespace grovectl::expansion_size
