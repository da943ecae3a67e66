#pragma once
// One frontend per input kind, as there is one Mapping per backend and API version:
// frontend/pcs reads PodCliqueSets (with the ClusterTopologyBindings and live replica overrides they
// use), frontend/jobset reads JobSets. The pipeline hands every document to the frontend of its kind
// (parse), then takes each gang source it got back through the stages of a Source, one at a time.
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/budgets.hpp"
#include "core/diagnostic.hpp"
#include "core/json.hpp"
#include "frontend/classify.hpp"
#include "model/gang.hpp"
#include "model/membership.hpp"
#include "model/options.hpp"

namespace grovectl {

// The schedulerName one pod template asks for ("" where unset), and where that field is (its key, and its
// full field path), so that a finding about it points there.
struct AskedScheduler {
  std::string name;
  Location where;
  std::string field;
};

// What each pod template of a source asks for, in template order.
struct SchedulerNames {
  std::vector<AskedScheduler> templates;
};

// The template whose schedulerName is at `pointer` of `doc`. Only a name is ever reported, so a template
// without one is not located (locating is most of the cost of this, for every source rendered).
inline AskedScheduler asked_scheduler(std::string name, const SourceDocument& doc,
                                      const std::string& pointer) {
  if (name.empty()) return {};
  return {std::move(name), doc.locate(pointer), pointer_to_field_path(pointer)};
}

// One PodCliqueSet or JobSet, typed and located, on its way to gangs.
class Source {
 public:
  virtual ~Source() = default;
  // The input document it was read from.
  virtual const SourceDocument& document() const = 0;
  // defaults: the object as the API server would store it (CRD defaults, then the defaulting webhook),
  // in its own namespace, else --namespace, else "default". False (reported) when its namespace
  // contradicts --namespace.
  virtual bool apply_defaults(const RenderOptions& options, Diagnostics& diags) = 0;
  virtual SchedulerNames scheduler_names() const = 0;
  // What the controller could not expand, or the gangs could not express, and whether the expansion fits
  // in what is left of `budget` (taken from it); false refuses the source.
  virtual bool check(const RenderOptions& options, RenderBudget& budget, Diagnostics& diags) const = 0;
  // expand: the gangs, in creation order, for the pods of `backend`.
  virtual std::vector<Gang> expand(const RenderOptions& options, Backend backend,
                                   Diagnostics& diags) const = 0;
  // The maps its gangs come from (Grove's PodGangMaps with epoch naming), created before the gangs.
  virtual std::vector<GangMap> gang_maps(const RenderOptions&) const { return {}; }
  // What its gangs point back to; backends check it once, also when it has no gangs.
  virtual std::shared_ptr<const GangSource> gang_source() const = 0;
  // What render emits for it when --include is not given.
  virtual std::set<IncludeKind> default_includes() const = 0;
  // inject: the input itself as emitted (--include jobset), each pod template carrying the membership
  // of its pod group; nullopt for a kind that is not emitted.
  virtual std::optional<Json> inject_membership(const std::vector<Gang>&, const MembershipOf&,
                                                Diagnostics&) const {
    return std::nullopt;
  }
};

// A frontend lives for one render: the documents it reads may serve each other (a PodCliqueSet's
// ClusterTopologyBinding may come after it).
class Frontend {
 public:
  virtual ~Frontend() = default;
  // Whether documents of `kind` are read by this frontend.
  virtual bool reads(InputKind kind) const = 0;
  // parse: one document of a kind it reads, typed and located. Returns the gang source it holds, or
  // nullptr for a document that serves other sources or that has errors (reported).
  virtual std::unique_ptr<Source> parse(const ClassifiedDocument& doc, Diagnostics& diags) = 0;
};

// The frontends, in the order their sources render: every PodCliqueSet, then every JobSet.
std::vector<std::unique_ptr<Frontend>> make_frontends();
// Each input kind's frontend (frontend/pcs, frontend/jobset), listed in frontend/registry.cpp.
std::unique_ptr<Frontend> make_podcliqueset_frontend();
std::unique_ptr<Frontend> make_jobset_frontend();

}  // namespace grovectl
