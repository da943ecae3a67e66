// Members a few mappings down (src/core/json_member.hpp). member_or_null_added must behave exactly as
// Json's operator[] does, which it stands in for where a member is usually there already.
#include <catch2/catch.hpp>

#include "core/json_member.hpp"

using grovectl::Json;
using grovectl::member_at;
using grovectl::member_or_null_added;

TEST_CASE("json member: a member that is there is the one operator[] gives, and nothing is added", "[core]") {
  Json j = Json::parse(R"({"spec": {"template": {"spec": {}}}, "kind": "JobSet"})");
  Json& spec = member_or_null_added(j, "spec");
  CHECK(&spec == &j["spec"]);
  CHECK(&member_or_null_added(spec, "template") == &spec["template"]);
  CHECK(j.size() == 2);
  CHECK(j.dump() == R"({"spec":{"template":{"spec":{}}},"kind":"JobSet"})");
}

TEST_CASE("json member: a missing member is added as null at the end, as operator[] adds it", "[core]") {
  Json j = Json::parse(R"({"a": 1})");
  member_or_null_added(j, "b") = "two";
  CHECK(j.dump() == R"({"a":1,"b":"two"})");
  Json null;  // operator[] makes a null an object
  member_or_null_added(null, "c") = 3;
  CHECK(null.dump() == R"({"c":3})");
  Json list = Json::array();  // and refuses anything else
  CHECK_THROWS_AS(member_or_null_added(list, "d"), Json::type_error);
  CHECK_THROWS_AS(list["d"], Json::type_error);
}

TEST_CASE("json member: member_at finds a member a few mappings down, or nothing", "[core]") {
  const Json j = Json::parse(R"({"metadata": {"labels": {"app": "x"}}, "list": [1]})");
  REQUIRE(member_at(j, {"metadata", "labels", "app"}) != nullptr);
  CHECK(*member_at(j, {"metadata", "labels", "app"}) == "x");
  CHECK(member_at(j, {"metadata", "missing"}) == nullptr);
  CHECK(member_at(j, {"list", "0"}) == nullptr);  // a list is not a mapping
}
