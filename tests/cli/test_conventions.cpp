// kubectl's command-line habits (issue 20, item 3): help on a bare call and from
// `help`, unknown commands and flags named with exit 2, one "grovectl:" prefix for every error, defaults
// in --help, `-o name` (kubectl's kind.group/name), and the backends matrix naming what a cluster must
// switch on (KEP-4671; https://kubernetes.io/docs/concepts/workloads/workload-api/).
// Pinned to Grove v0.1.0-alpha.11 (--grove-version) where the expectations are Grove's legacy PodGang names
// or object counts, which that release renders (docs/grove-versions.md).
#include <catch2/catch.hpp>
#include <sstream>

#include "support/test_support.hpp"

using grovectl::Json;
using grovectl::test::quote;
using grovectl::test::read_file;
using grovectl::test::run_grovectl;
using grovectl::test::source_dir;
using grovectl::test::testdata;

namespace {

std::string diff_pcs_arg() {
  return quote(testdata("diff/pcs.yaml").string());
}

// Every line of CLI11's or grovectl's usage error output: the error, then where to find the usage.
void check_usage_error(const grovectl::test::CommandResult& r, const std::string& message,
                       const std::string& command = "grovectl") {
  INFO(r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK(r.err == "grovectl: error: " + message + "\nRun '" + command + " --help' for usage.\n");
}

}  // namespace

TEST_CASE("conventions: a bare call and `help` print the help, exit 0", "[conventions]") {
  auto root_help = run_grovectl("--help");
  REQUIRE(root_help.exit_code == 0);
  auto bare = run_grovectl("");
  CHECK(bare.exit_code == 0);
  CHECK(bare.err.empty());
  CHECK(bare.out == root_help.out);
  CHECK(bare.out.find("Subcommands:\n  render") != std::string::npos);

  auto help = run_grovectl("help");
  CHECK(help.exit_code == 0);
  CHECK(help.out == root_help.out);
  auto help_render = run_grovectl("help render");
  CHECK(help_render.exit_code == 0);
  CHECK(help_render.out == run_grovectl("render --grove-version v0.1.0-alpha.11 --help").out);
  check_usage_error(run_grovectl("help frobnicate"),
                    "command: frobnicate not in {render,validate,diff,backends,version,completion,help}",
                    "grovectl help");
}

TEST_CASE("conventions: an unknown command or flag is named, exit 2", "[conventions]") {
  check_usage_error(run_grovectl("frobnicate"), "unknown command \"frobnicate\" for \"grovectl\"");
  check_usage_error(run_grovectl("--bogus"), "unknown flag: --bogus");
  check_usage_error(
      run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + diff_pcs_arg() + " --bogus=1"),
      "unknown flag: --bogus", "grovectl render");
  // The unknown flag is reported before the missing -f it may have been meant as.
  check_usage_error(run_grovectl("render --grove-version v0.1.0-alpha.11 --bogus"), "unknown flag: --bogus",
                    "grovectl render");
  check_usage_error(run_grovectl("version extra"), "unexpected argument \"extra\" for \"grovectl version\"",
                    "grovectl version");
}

TEST_CASE("conventions: CLI11's own errors carry the grovectl: prefix", "[conventions]") {
  check_usage_error(run_grovectl("render"), "--filename is required", "grovectl render");
  auto bad_choice = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + diff_pcs_arg() + " -o xml");
  CHECK(bad_choice.exit_code == 2);
  CHECK(bad_choice.err.starts_with("grovectl: error: --output: xml not in {yaml,json,name}\n"));
  auto missing_value = run_grovectl("render --grove-version v0.1.0-alpha.11 -f");
  CHECK(missing_value.exit_code == 2);
  CHECK(missing_value.err.starts_with("grovectl: error: "));
}

TEST_CASE("conventions: --help shows each option's default", "[conventions]") {
  auto render = run_grovectl("render --grove-version v0.1.0-alpha.11 --help").out;
  CHECK(render.find("--hierarchy TEXT:{flat,composite}=flat") != std::string::npos);
  CHECK(render.find("--jobset-gang TEXT:{jobset,replicated-job}=jobset") != std::string::npos);
  CHECK(render.find("-o,--output TEXT:{yaml,json,name}=yaml") != std::string::npos);
  CHECK(render.find("=[]") == std::string::npos);  // an empty list shows no default
  // validate's -o is repeatable (-o text -o sarif=FILE): no single default to show; its help names text.
  const std::string validate = run_grovectl("validate --help").out;
  CHECK(validate.find("-o,--output TEXT ...") != std::string::npos);
  CHECK(validate.find("text (default), json, junit, github, sarif or tap") != std::string::npos);
  CHECK(run_grovectl("diff --help").out.find("--kubectl-path TEXT=kubectl") != std::string::npos);
}

TEST_CASE("conventions: render -o name prints kind.group/name per object", "[conventions]") {
  // testdata/diff/pcs.yaml: gangs shop-0 and shop-0-sg-0 (its header); default-scheduler on 1.37 renders per
  // gang a PodGang, a v1beta1 Workload and one PodGroup per pod group named <gang>-<group>.
  auto r = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + diff_pcs_arg() + " -o name");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out ==
        "podgang.scheduler.grove.io/shop-0\n"
        "workload.scheduling.k8s.io/shop-0\n"
        "podgroup.scheduling.k8s.io/shop-0-shop-0-leader\n"
        "podgroup.scheduling.k8s.io/shop-0-shop-0-sg-0-worker\n"
        "podgang.scheduler.grove.io/shop-0-sg-0\n"
        "workload.scheduling.k8s.io/shop-0-sg-0\n"
        "podgroup.scheduling.k8s.io/shop-0-sg-0-shop-0-sg-1-worker\n");
  // Pods are in the core group: kubectl prints pod/NAME.
  auto pods =
      run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + diff_pcs_arg() + " -o name --include pods");
  CHECK(pods.exit_code == 0);
  CHECK(pods.out.starts_with("pod/shop-0-leader-"));
  auto to_dir = run_grovectl("render --grove-version v0.1.0-alpha.11 -f " + diff_pcs_arg() +
                             " -o name --output-dir /tmp/never-written");
  CHECK(to_dir.exit_code == 2);
  CHECK(to_dir.err.find("-o name") != std::string::npos);
}

TEST_CASE("conventions: backends names required and optional gates and the runtime-config", "[conventions]") {
  // Runtime-config per release (v1alpha3 needs v1beta1 served too) and gates (KEP-4671).
  auto json = run_grovectl("backends -o json");
  REQUIRE(json.exit_code == 0);
  std::map<std::string, Json> rows;
  for (const auto& row : Json::parse(json.out)) {
    rows[row["backend"].get<std::string>() + " " + row["kubeVersion"].get<std::string>() + " " +
         row["hierarchy"].get<std::string>()] = row;
  }
  const Json& flat37 = rows.at("default-scheduler 1.37 flat");
  CHECK(flat37["requiredGates"] == Json::array({"GenericWorkload"}));
  CHECK(flat37["optionalGates"] == Json::array({"TopologyAwareWorkloadScheduling"}));
  CHECK(flat37["runtimeConfig"] == Json::array({"scheduling.k8s.io/v1beta1=true"}));
  const Json& composite = rows.at("default-scheduler 1.37 composite");
  CHECK(composite["requiredGates"] ==
        Json::array({"GenericWorkload", "TopologyAwareWorkloadScheduling", "CompositePodGroup"}));
  CHECK(composite["runtimeConfig"] ==
        Json::array({"scheduling.k8s.io/v1alpha3=true", "scheduling.k8s.io/v1beta1=true"}));
  CHECK(rows.at("default-scheduler 1.36 flat")["requiredGates"] ==
        Json::array({"GenericWorkload", "GangScheduling"}));
  CHECK(rows.at("default-scheduler 1.35 flat")["runtimeConfig"] ==
        Json::array({"scheduling.k8s.io/v1alpha1=true"}));
  CHECK(rows.at("kai-scheduler 1.37 flat")["runtimeConfig"] == Json::array());

  auto text = run_grovectl("backends").out;
  std::istringstream in(text);
  std::string line;
  bool found = false;
  while (std::getline(in, line)) {
    if (!line.starts_with("default-scheduler  1.37  flat")) continue;
    found = true;
    CHECK(line.find("--runtime-config=scheduling.k8s.io/v1beta1=true") != std::string::npos);
    CHECK(line.ends_with("GenericWorkload (required), TopologyAwareWorkloadScheduling (optional)"));
  }
  CHECK(found);
}

TEST_CASE("conventions: each man page section is its command's own help", "[conventions]") {
  std::string page = read_file(source_dir() / "man" / "grovectl.1");
  for (const std::string name : {"render", "validate", "diff", "backends", "version", "completion", "help"}) {
    INFO(name << ": man/grovectl.1 is stale or wrong; run: cmake --build build --target packaging-files");
    auto start = page.find(".SS \"grovectl " + name + "\"");
    REQUIRE(start != std::string::npos);
    auto end = page.find("\n.S", start + 1);
    std::string section = page.substr(start, end - start);
    // The root's footer belongs to the top of the page only.
    CHECK(section.find("for the flags and examples of a command") == std::string::npos);
    CHECK(section.find("\\fBExamples:\\fR") != std::string::npos);
    CHECK(section.find("grovectl " + name) != std::string::npos);
  }
}
