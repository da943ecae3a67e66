// How a template's skeleton and the computed object make the emitted object (TemplateSet::instantiate,
// docs/architecture.md, "How to add a backend"): the skeleton's keys first in its order, then the keys only the computed object has;
// computed values win, but a computed null means "not computed" and leaves the skeleton's value; mappings
// merge key by key; keys left null are dropped. The expected objects are written by hand from that rule.
#include <catch2/catch.hpp>

#include "backend/templates.hpp"

using grovectl::Json;

TEST_CASE("skeleton merge: order, defaults kept, nulls dropped, computed values win") {
  const Json skeleton = Json::parse(R"({
    "apiVersion": "example.io/v1", "kind": "Thing",
    "metadata": {"name": null, "labels": {"team": "default", "tier": null}},
    "spec": {"mode": "auto", "unfilled": null, "replicas": null}
  })");
  Json computed = Json::parse(R"({
    "spec": {"replicas": 3, "extra": true, "mode": null},
    "metadata": {"name": "a", "labels": {"app": "x"}, "namespace": "ns"},
    "status": null
  })");
  const Json expected = Json::parse(R"({
    "apiVersion": "example.io/v1", "kind": "Thing",
    "metadata": {"name": "a", "labels": {"team": "default", "app": "x"}, "namespace": "ns"},
    "spec": {"mode": "auto", "replicas": 3, "extra": true}
  })");
  const Json merged = grovectl::merge_into_skeleton(skeleton, std::move(computed));
  CHECK(merged.dump() == expected.dump());  // dump() keeps the order the rule sets
}

TEST_CASE("skeleton merge: a computed value replaces a skeleton value of another type") {
  const Json skeleton = Json::parse(R"({"spec": {"list": null, "map": {"k": "v"}}})");
  Json computed = Json::parse(R"({"spec": {"map": ["x"], "list": {"a": 1}}})");
  const Json merged = grovectl::merge_into_skeleton(skeleton, std::move(computed));
  CHECK(merged.dump() == R"({"spec":{"list":{"a":1},"map":["x"]}})");
}
