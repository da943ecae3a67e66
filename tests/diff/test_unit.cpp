// Unit tests of the diff building blocks: keyed matching, alignment, server defaults, ignore rules,
// unified hunks and the color decision. Expectations derived by hand from docs/exit-codes.md, the color rules
// of src/cli/color.hpp (https://no-color.org) and the defaults cited in src/diff/server_fields.cpp
// (kubernetes/api scheduling/v1alpha2 and v1beta1 types.go; Volcano CRD).
#include <catch2/catch.hpp>

#include "cli/color.hpp"
#include "diff/compare.hpp"
#include "diff/ignore.hpp"
#include "diff/unified.hpp"

using grovectl::Json;
using namespace grovectl::diff;

namespace {

Json pg(const char* api, Json spec) {
  return Json{{"apiVersion", api},
              {"kind", "PodGroup"},
              {"metadata", {{"name", "g"}, {"namespace", "ns"}}},
              {"spec", std::move(spec)}};
}

std::vector<ObjectDiff> diff1(const Json& old_o, const Json& new_o, CompareOptions opt = {}) {
  return diff_object_sets({old_o}, {new_o}, opt);
}

}  // namespace

TEST_CASE("compare: keyed lists match by name, never by position", "[diff][unit]") {
  Json a = Json::parse(R"({"l":[{"name":"x","v":1},{"name":"y","v":2}]})");
  Json b = Json::parse(R"({"l":[{"name":"y","v":2},{"name":"x","v":1}]})");
  CHECK(compare_values(a, b).empty());
  Json c = Json::parse(R"({"l":[{"name":"y","v":3},{"name":"x","v":1},{"name":"z","v":0}]})");
  auto changes = compare_values(a, c);
  REQUIRE(changes.size() == 2);
  CHECK(changes[0].path == "/l/name=y/v");
  CHECK(changes[0].old_value == 2);
  CHECK(changes[0].new_value == 3);
  CHECK(changes[1].path == "/l/name=z");
  CHECK(changes[1].old_value.is_null());
}

TEST_CASE("compare: unkeyed lists compare by position, key order never matters", "[diff][unit]") {
  CHECK(compare_values(Json::parse(R"({"a":1,"b":2})"), Json::parse(R"({"b":2,"a":1})")).empty());
  auto changes = compare_values(Json::parse(R"(["a","b"])"), Json::parse(R"(["b","a"])"));
  CHECK(changes.size() == 2);
  // Duplicate names are no key: positional.
  auto dup = compare_values(Json::parse(R"([{"name":"a","v":1},{"name":"a","v":2}])"),
                            Json::parse(R"([{"name":"a","v":2},{"name":"a","v":1}])"));
  REQUIRE(dup.size() == 2);
  CHECK(dup[0].path == "/0/v");
}

TEST_CASE("compare: paths escape '/' in keys as JSON pointers do", "[diff][unit]") {
  auto changes = compare_values(Json::parse(R"({"labels":{"app.kubernetes.io/name":"a"}})"),
                                Json::parse(R"({"labels":{"app.kubernetes.io/name":"b"}})"));
  REQUIRE(changes.size() == 1);
  CHECK(changes[0].path == "/labels/app.kubernetes.io~1name");
}

TEST_CASE("align: old side follows the new side's key and item order", "[diff][unit]") {
  Json old_v = Json::parse(R"({"z":0,"l":[{"name":"b"},{"name":"gone"},{"name":"a"}],"a":1})");
  Json new_v = Json::parse(R"({"a":1,"l":[{"name":"a"},{"name":"b"}]})");
  CHECK(align_to(old_v, new_v).dump() == R"({"a":1,"l":[{"name":"a"},{"name":"b"},{"name":"gone"}],"z":0})");
}

TEST_CASE("defaults: a server-filled default is never a difference, on either side", "[diff][unit]") {
  // v1beta1 PodGroupSpec disruptionMode defaults to {single: {}} (+default marker, kubernetes/api@10b39a39).
  Json live = pg("scheduling.k8s.io/v1beta1", Json::parse(R"({"disruptionMode":{"single":{}}})"));
  Json rendered = pg("scheduling.k8s.io/v1beta1", Json::object());
  CHECK(diff1(live, rendered)[0].op == Op::kUnchanged);
  CHECK(diff1(rendered, live)[0].op == Op::kUnchanged);
  // v1alpha2 defaults to the string "Pod" (kubernetes/api@v0.36.0); {single: {}} there is a real difference.
  Json a2 = pg("scheduling.k8s.io/v1alpha2", Json::parse(R"({"disruptionMode":"Pod"})"));
  CHECK(diff1(a2, pg("scheduling.k8s.io/v1alpha2", Json::object()))[0].op == Op::kUnchanged);
  Json a2_group = pg("scheduling.k8s.io/v1alpha2", Json::parse(R"({"disruptionMode":"PodGroup"})"));
  CHECK(diff1(a2_group, pg("scheduling.k8s.io/v1alpha2", Json::object()))[0].op == Op::kChanged);
  // Volcano CRD: queue "default", subGroupPolicy[].subGroupSize 1 / minSubGroups 0.
  Json v_live = pg("scheduling.volcano.sh/v1beta1", Json::parse(R"({"queue":"default","minMember":2,
                                   "subGroupPolicy":[{"name":"w","subGroupSize":1,"minSubGroups":0}]})"));
  Json v_rendered =
      pg("scheduling.volcano.sh/v1beta1", Json::parse(R"({"minMember":2,"subGroupPolicy":[{"name":"w"}]})"));
  CHECK(diff1(v_live, v_rendered)[0].op == Op::kUnchanged);
  // The same field on another group is not defaulted.
  Json kai = pg("scheduling.run.ai/v2alpha2", Json::parse(R"({"queue":"default"})"));
  CHECK(diff1(kai, pg("scheduling.run.ai/v2alpha2", Json::object()))[0].op == Op::kChanged);
}

TEST_CASE("normalize: server metadata, status and admission-set priority are dropped", "[diff][unit]") {
  Json live = pg("scheduling.k8s.io/v1beta1", Json::parse(R"({"priorityClassName":"high","priority":1000})"));
  live["metadata"]["uid"] = "u";
  live["metadata"]["resourceVersion"] = "7";
  live["metadata"]["annotations"] = {{"kubectl.kubernetes.io/last-applied-configuration", "{}"}};
  live["status"] = {{"phase", "Scheduled"}};
  Json rendered = pg("scheduling.k8s.io/v1beta1", Json::parse(R"({"priorityClassName":"high"})"));
  CHECK(diff1(live, rendered)[0].op == Op::kUnchanged);
  // A user's own empty map is kept and compared.
  rendered["spec"]["schedulingConstraints"] = Json::object();
  CHECK(diff1(live, rendered)[0].op == Op::kChanged);
}

TEST_CASE("ignore: syntax and scope", "[diff][unit]") {
  std::string err;
  auto r = parse_ignore_rule("PodGroup.scheduling.run.ai/g:/spec/queue", err);
  REQUIRE(r);
  CHECK(r->kind == "PodGroup");
  CHECK(r->group == "scheduling.run.ai");
  CHECK(r->name == "g");
  CHECK(r->tokens == std::vector<std::string>{"spec", "queue"});
  auto esc = parse_ignore_rule("/metadata/labels/app.kubernetes.io~1name", err);
  REQUIRE(esc);
  CHECK(esc->tokens.back() == "app.kubernetes.io/name");
  CHECK_FALSE(parse_ignore_rule("spec.queue", err));
  CHECK_FALSE(parse_ignore_rule(":/spec", err));

  Json a = pg("scheduling.run.ai/v2alpha2", Json::parse(R"({"queue":"a"})"));
  Json b = pg("scheduling.run.ai/v2alpha2", Json::parse(R"({"queue":"b"})"));
  CompareOptions opt;
  opt.ignore.push_back(*parse_ignore_rule("podgroup:/spec/queue", err));
  CHECK(diff1(a, b, opt)[0].op == Op::kUnchanged);
  opt.ignore = {*parse_ignore_rule("PodGroup.scheduling.volcano.sh:/spec/queue", err)};
  CHECK(diff1(a, b, opt)[0].op == Op::kChanged);
}

TEST_CASE("unified: hunks carry diff -u ranges and the requested context", "[diff][unit]") {
  std::vector<std::string> a{"1", "2", "3", "4", "5", "6", "7", "8", "9"};
  std::vector<std::string> b = a;
  b[4] = "five";
  auto h = unified_hunks(a, b, 2);
  REQUIRE(h.size() == 1);
  CHECK(h[0].old_start == 3);
  CHECK(h[0].old_count == 5);
  CHECK(h[0].new_start == 3);
  CHECK(h[0].new_count == 5);
  REQUIRE(h[0].lines.size() == 6);
  CHECK(h[0].lines[2].kind == LineKind::kRemoved);
  CHECK(h[0].lines[2].text == "5");
  CHECK(h[0].lines[3].kind == LineKind::kAdded);
  // Two changes further apart than 2*context make two hunks.
  b[0] = "one";
  b[8] = "nine";
  b[4] = "5";
  CHECK(unified_hunks(a, b, 1).size() == 2);
  CHECK(unified_hunks(a, a, 3).empty());
  // A longer old side (dtl swaps internally) still reports deletions as deletions.
  auto del = unified_hunks({"a", "b", "c"}, {"a"}, 0);
  REQUIRE(del.size() == 1);
  CHECK(del[0].lines.size() == 2);
  CHECK(del[0].lines[0].kind == LineKind::kRemoved);
  CHECK(del[0].old_start == 2);
  CHECK(del[0].new_start == 1);
  CHECK(del[0].new_count == 0);
}

TEST_CASE("color: flag, NO_COLOR, TERM=dumb, FORCE_COLOR and the terminal", "[diff][unit]") {
  using grovectl::ColorMode;
  using grovectl::decide_color;
  CHECK(decide_color(ColorMode::kAuto, true, nullptr, "xterm", nullptr));
  CHECK_FALSE(decide_color(ColorMode::kAuto, false, nullptr, "xterm", nullptr));
  CHECK_FALSE(decide_color(ColorMode::kAuto, true, "1", "xterm", nullptr));
  CHECK(decide_color(ColorMode::kAuto, true, "", "xterm", nullptr));  // empty NO_COLOR does not count
  CHECK_FALSE(decide_color(ColorMode::kAuto, true, nullptr, "dumb", nullptr));
  CHECK(decide_color(ColorMode::kAuto, false, nullptr, nullptr, "1"));
  CHECK_FALSE(decide_color(ColorMode::kAuto, false, nullptr, nullptr, "0"));
  CHECK(decide_color(ColorMode::kAlways, false, "1", "dumb", nullptr));
  CHECK_FALSE(decide_color(ColorMode::kNever, true, nullptr, "xterm", "1"));
}
