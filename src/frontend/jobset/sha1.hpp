#pragma once
// SHA-1 as hex, for the jobset.sigs.k8s.io/job-key label (the JobSet code hashes "<ns>/<job-name>"
// with SHA-1: jobHashKey in kubernetes-sigs/jobset@08dfbdfd pkg/controllers/jobset_controller.go). Not used
// for anything security-related.
#include <string>
#include <string_view>

namespace grovectl {

std::string sha1_hex(std::string_view data);

}  // namespace grovectl
