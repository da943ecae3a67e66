#pragma once
// Helpers for the backend tests: render through the binary and pick objects by kind.
#include <string>
#include <vector>

#include "core/json.hpp"
#include "support/test_support.hpp"

namespace grovectl::test {

// Renders `args` (inputs and selectors) on Grove v0.1.0-alpha.11: the backend tests derive their gangs from
// Grove's legacy PodGang algorithm (podgang/syncflow.go at fcc3b3bb), which that release runs; REQUIREs exit
// code 0 and returns
// the objects.
std::vector<Json> render_ok(const std::string& args);
// The same with the Grove version `args` names, or the default.
std::vector<Json> render_version_ok(const std::string& args);
// Objects of one kind (and apiVersion prefix when given).
std::vector<Json> of_kind(const std::vector<Json>& objects, const std::string& kind,
                          const std::string& api = "");
// Parses one YAML document written in the test.
Json yaml(const std::string& text);
std::string td(const std::string& rel);
// " --topology <testdata/backends/topology.yaml>": the topology the backend tests render with.
std::string topology_args();

}  // namespace grovectl::test
