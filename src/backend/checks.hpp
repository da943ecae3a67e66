#pragma once
// Capability-rule helpers shared by the backend mappings. Every refusal names the object,
// the limit and the way out, uses a stable rule id "capability/<name>" and points at the source object.
#include <optional>
#include <string>

#include "core/diagnostic.hpp"
#include "model/gang.hpp"

namespace grovectl {

inline constexpr size_t kDnsLabelMax = 63;
inline constexpr size_t kDnsSubdomainMax = 253;

// Where diagnostics about `gang` point: its source object (file:line:col), or nowhere.
Location gang_location(const Gang& gang);
// "PodCliqueSet default/simple1 (gang simple1-0)"
std::string gang_subject(const Gang& gang);
// " (gang simple1-0)": the part of gang_subject that names the gang.
std::string gang_tag(const std::string& gang_name);

// "PodCliqueSet" or "JobSet": how refusals name the gang's source (PodCliqueSet when it has none).
std::string source_kind(const Gang& gang);
// Ways out, in the source's own terms, when a name derived from the source's name is too long, and when
// one derived from its group names is ("... scaling group or clique names" / "... replicated job names").
std::string shorten_source_name(const Gang& gang);
std::string shorten_group_names(const Gang& gang);

bool has_pack(const std::optional<PackConstraint>& pack);
// True when the gang, a group config or a pod group carries a constraint.
bool gang_has_topology(const Gang& gang);

// RFC 1123 label / subdomain syntax (length included).
bool is_dns_label(const std::string& s);
bool is_dns_subdomain(const std::string& s);

// Refuses `name` (what = "Workload name", ...) when it is not a DNS label / subdomain.
void require_dns_label(const Gang& gang, const std::string& what, const std::string& name,
                       const std::string& way_out, Diagnostics& diags);
void require_dns_subdomain(const Gang& gang, const std::string& what, const std::string& name,
                           const std::string& way_out, Diagnostics& diags);

// Refuses a pod group's name (what = "pod group template name", ...), made of the source's name and its
// template's, when it is not a DNS label: at the template's `name` (a clique's, a replicated job's) when
// that is the longer part, else at the source's metadata.name.
void require_group_name_label(const Gang& gang, const PodGroup& group, const std::string& what,
                              Diagnostics& diags);

// Refuses pod groups with minCount < 1.
void require_positive_min_counts(const Gang& gang, const std::string& target, Diagnostics& diags);

// "<gang>-<group>": the runtime name of the object for one pod group (koord-scheduler, Workload API).
std::string group_object_name(const Gang& gang, const PodGroup& group);

void refuse(const Gang& gang, const std::string& rule, const std::string& message, Diagnostics& diags);
// A refusal about the field at `pointer` of the gang's source document (with its field path), where
// validate reports the same problem.
void refuse_at(const Gang& gang, const std::string& rule, const std::string& message,
               const std::string& pointer, Diagnostics& diags);

}  // namespace grovectl
