#pragma once
// SHA-256 (FIPS 180-4), for the names Grove shortens to fit a label value (the operator hashes the whole
// name: ai-dynamo/grove operator/api/common/namegen.go, shortenPodGangName). Not used for anything
// security-related.
#include <array>
#include <cstdint>
#include <string_view>

namespace grovectl {

std::array<uint8_t, 32> sha256(std::string_view data);

}  // namespace grovectl
