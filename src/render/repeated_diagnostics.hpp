#pragma once
// Capability rules run once per gang, so a rule that fails alike for every gang of a source (a missing
// feature gate, say) would be reported once per replica. This folds such repeats into one diagnostic.
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"

namespace grovectl {

class RepeatedGangDiagnostics {
 public:
  // `source_kind` ("PodCliqueSet" or "JobSet") names the source in the "same for N more gangs" note.
  explicit RepeatedGangDiagnostics(std::string source_kind);
  // The diagnostics of one gang: a diagnostic equal to an earlier one once "(gang <name>)" is taken out
  // of its message only raises that earlier one's count.
  void add(const std::string& gang_name, const Diagnostics& gang_diags);
  // Every distinct diagnostic in the order first seen, noting how many more gangs it applies to.
  void report_into(Diagnostics& out) const;

 private:
  struct Entry {
    Diagnostic first;
    size_t more_gangs = 0;
  };
  std::string source_kind_;
  std::vector<Entry> entries_;
  std::map<std::string, size_t> index_by_key_;
};

}  // namespace grovectl
