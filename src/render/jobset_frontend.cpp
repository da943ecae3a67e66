#include "render/jobset_frontend.hpp"

namespace grovectl {

bool expand_jobset(const SourceDocument& doc, const RenderOptions&, Backend, JobSetExpansion&, Diagnostics& diags) {
  diags.error("render/jobset-unsupported", "JobSet input is not implemented in this build", doc.locate("/kind"),
              "kind");
  return false;
}

Json inject_jobset_membership(const JobSetExpansion& expansion, const Mapping&, const MappingContext&) {
  return expansion.defaulted;
}

}  // namespace grovectl
