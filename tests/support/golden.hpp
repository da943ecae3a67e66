#pragma once
// Helpers for the golden render tests: run `grovectl render --include podgang` and summarise the
// PodGangs in one line each: "gang: [podgroup(minReplicas), ...]".
// The golden cases are of Grove's legacy algorithm (main fcc3b3bb, release v0.1.0-alpha.11), so
// render_podgangs pins that release; render_epoch_objects renders v0.1.0-alpha.13 (PodGangMaps and epoch
// names, ai-dynamo/grove PR #778).
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace grovectl::test {
using grovectl::Json;

inline constexpr const char* kLegacyGrove = "--grove-version v0.1.0-alpha.11";
inline constexpr const char* kEpochGrove = "--grove-version v0.1.0-alpha.13";

inline std::vector<Json> render_podgangs(const std::string& files, const std::string& extra = "") {
  CommandResult r =
      run_grovectl(std::string("render --include podgang ") + kLegacyGrove + " " + files + " " + extra);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return parse_yaml_docs(r.out);
}

// Every object `render --grove-version v0.1.0-alpha.13 --include <include>` prints, PodGangMaps first.
inline std::vector<Json> render_epoch_objects(const std::string& files, const std::string& extra = "",
                                              const std::string& include = "podgang") {
  CommandResult r =
      run_grovectl("render --include " + include + " " + kEpochGrove + " " + files + " " + extra);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return parse_yaml_docs(r.out);
}

inline std::string golden(const std::string& name) {
  return "-f '" + testdata("golden/" + name).string() + "'";
}

inline std::string summary(const Json& podgang) {
  std::string s = podgang["metadata"]["name"].get<std::string>() + ": [";
  bool first = true;
  for (const auto& g : podgang["spec"]["podgroups"]) {
    s += (first ? "" : ", ") + g["name"].get<std::string>() + "(" +
         std::to_string(g["minReplicas"].get<int>()) + ")";
    first = false;
  }
  return s + "]";
}

inline std::vector<std::string> summaries(const std::vector<Json>& podgangs) {
  std::vector<std::string> out;
  for (const auto& p : podgangs) {
    REQUIRE(p["kind"] == "PodGang");
    out.push_back(summary(p));
  }
  return out;
}

// {required, preferred} of a topologyConstraint node ("" for a missing key); {"-","-"} when absent.
inline std::pair<std::string, std::string> pack(const Json& owner) {
  if (!owner.contains("topologyConstraint") || owner["topologyConstraint"].is_null()) return {"-", "-"};
  const Json& p = owner["topologyConstraint"]["packConstraint"];
  return {p.value("required", ""), p.value("preferred", "")};
}

}  // namespace grovectl::test
