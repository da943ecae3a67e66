#pragma once
// validate's output formats (DESIGN §6): text, json, junit, github.
#include <string>

#include "validate/validate.hpp"

namespace grovectl {

// GNU "file:line:col: severity: message (field: path) [rule]" lines, then a kubeconform-like summary.
std::string format_text(const ValidateReport& report);
// {"documents": [{file, index, line, kind, name, valid, findings: [...]}], "unattached": [...], "summary":
// {...}}
std::string format_json(const ValidateReport& report);
// One <testcase> per input document (plus one per file whose findings belong to no document).
std::string format_junit(const ValidateReport& report);
// GitHub Actions workflow commands: ::error file=…,line=…,col=…,title=<rule>::<message>
std::string format_github(const ValidateReport& report);

}  // namespace grovectl
