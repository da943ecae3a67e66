#pragma once
// One ReportWriter per format (formats.hpp picks one).
#include <memory>
#include <ostream>

#include "validate/report/formats.hpp"

namespace grovectl {

std::unique_ptr<ReportWriter> make_text_writer(std::ostream& out);
std::unique_ptr<ReportWriter> make_json_writer(std::ostream& out);
std::unique_ptr<ReportWriter> make_junit_writer(std::ostream& out);
std::unique_ptr<ReportWriter> make_github_writer(std::ostream& out);

}  // namespace grovectl
