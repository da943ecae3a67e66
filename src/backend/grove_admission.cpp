#include "backend/grove_admission.hpp"

#include "yaml/document.hpp"

namespace grovectl {
namespace {

using AdmissionCheck = void (*)(const GangSource&, Diagnostics&);

struct BackendAdmission {
  Backend backend;
  AdmissionCheck check;
};

// One entry per backend whose ValidatePodCliqueSet refuses anything offline (default-scheduler's
// kube/backend.go refuses nothing; koord-scheduler is not a Grove backend at fcc3b3bb).
constexpr BackendAdmission kAdmission[] = {
    {Backend::kKaiScheduler, kai_admission},
    {Backend::kVolcano, volcano_admission},
    {Backend::kLpxScheduler, lpx_admission},
};

}  // namespace

bool has_grove_admission(Backend backend) {
  for (const auto& entry : kAdmission) {
    if (entry.backend == backend) return true;
  }
  return false;
}

void check_grove_admission(Backend backend, const GangSource& source, Diagnostics& diags) {
  for (const auto& entry : kAdmission) {
    if (entry.backend == backend) entry.check(source, diags);
  }
}

void admission_error(const GangSource& source, const std::string& rule, const std::string& pointer,
                     const std::string& field, const std::string& message, Diagnostics& diags) {
  diags.error(rule, message, source.doc ? source.doc->locate(pointer) : source.location, field);
}

std::string map_key_field(const std::string& map_field, const std::string& key) {
  return map_field + "[" + key + "]";
}

bool refuse_first_topology_constraint(const GangSource& source, const std::string& rule,
                                      const std::function<std::string(const TopologyPlace&)>& message,
                                      Diagnostics& diags) {
  if (!source.first_topology_constraint) return false;
  const TopologyPlace& place = *source.first_topology_constraint;
  admission_error(source, rule, place.pointer, pointer_to_field_path(place.pointer), message(place), diags);
  return true;
}

}  // namespace grovectl
