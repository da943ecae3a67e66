#include "frontend/pcs/generation_hash.hpp"

#include <nlohmann/json.hpp>

#include "yaml/document.hpp"

namespace grovectl {
namespace {

constexpr uint64_t kFnvOffset = 14695981039346656037ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

void fnv1a(uint64_t& h, const std::string& bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= kFnvPrime;
  }
}

// A clique's pod template as the operator hashes it, keys sorted (std::map), so that the order the input
// writes keys in does not matter.
std::string canonical_template(const PodCliqueSet& pcs, const CliqueTemplate& c) {
  nlohmann::json t = nlohmann::json::object();
  const Json& doc = pcs.doc->value;
  if (const Json* labels = find_pointer(doc, c.pointer + "/labels")) t["labels"] = nlohmann::json(*labels);
  if (const Json* annotations = find_pointer(doc, c.pointer + "/annotations"))
    t["annotations"] = nlohmann::json(*annotations);
  nlohmann::json spec = nlohmann::json::object();
  if (const Json* pod = find_pointer(doc, c.pointer + "/spec/podSpec"); pod && pod->is_object())
    spec = nlohmann::json(*pod);
  if (pcs.priority_class_name.empty()) {
    spec.erase("priorityClassName");
  } else {
    spec["priorityClassName"] = pcs.priority_class_name;
  }
  t["spec"] = std::move(spec);
  return t.dump();
}

}  // namespace

std::string safe_encode_string(const std::string& s) {
  static constexpr std::string_view kAlphanums = "bcdfghjklmnpqrstvwxz2456789";
  std::string out;
  for (unsigned char c : s) out += kAlphanums[c % kAlphanums.size()];
  return out;
}

std::string podcliqueset_generation_hash(const PodCliqueSet& pcs) {
  if (!pcs.generation_hash.empty()) return pcs.generation_hash;
  uint64_t h = kFnvOffset;
  if (pcs.doc) {
    for (const auto& c : pcs.cliques) fnv1a(h, canonical_template(pcs, c));
  }
  return safe_encode_string(std::to_string(h));
}

}  // namespace grovectl
