#include "support/backend.hpp"

#include <catch2/catch.hpp>

namespace grovectl::test {

std::vector<Json> render_ok(const std::string& args) {
  return render_version_ok("--grove-version v0.1.0-alpha.11 " + args);
}

std::vector<Json> render_version_ok(const std::string& args) {
  CommandResult r = run_grovectl("render -o json " + args);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  Json all = Json::parse(r.out);
  if (all.is_object() && all.value("kind", "") == "List") all = all["items"];
  if (all.is_object()) return {all};
  return std::vector<Json>(all.begin(), all.end());
}

std::vector<Json> of_kind(const std::vector<Json>& objects, const std::string& kind, const std::string& api) {
  std::vector<Json> out;
  for (const auto& o : objects) {
    if (o.value("kind", "") != kind) continue;
    if (!api.empty() && o.value("apiVersion", "") != api) continue;
    out.push_back(o);
  }
  return out;
}

Json yaml(const std::string& text) {
  auto docs = parse_yaml_docs(text);
  REQUIRE(docs.size() == 1);
  return docs[0];
}

std::string topology_args() {
  return " --topology " + td("backends/topology.yaml");
}

std::string td(const std::string& rel) {
  return "'" + testdata(rel).string() + "'";
}

}  // namespace grovectl::test
