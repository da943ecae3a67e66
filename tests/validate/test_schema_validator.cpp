#include <catch2/catch.hpp>

#include "support/test_support.hpp"
#include "support/schema_validator.hpp"

using namespace grovectl;

TEST_CASE("schema validator reports type and required errors with pointers") {
  Json schema = Json::parse(R"({"type":"object","required":["spec"],
    "properties":{"spec":{"type":"object","properties":{"n":{"type":"integer"}}}}})");
  SchemaValidator v(schema);
  CHECK(v.validate(Json::parse(R"({"spec":{"n":3}})")).empty());
  auto errors = v.validate(Json::parse(R"({"spec":{"n":"x"}})"));
  REQUIRE_FALSE(errors.empty());
  bool found = false;
  for (const auto& e : errors) found |= e.pointer == "/spec/n";
  CHECK(found);
  CHECK_FALSE(v.validate(Json::parse("{}")).empty());
}

TEST_CASE("strict_schema rejects unknown fields except where unknown fields are preserved") {
  Json schema = strict_schema(Json::parse(R"({"type":"object","properties":{"a":{"type":"string"},
    "free":{"type":"object","x-kubernetes-preserve-unknown-fields":true,"properties":{"x":{"type":"string"}}}}})"));
  SchemaValidator v(schema);
  CHECK(v.validate(Json::parse(R"({"a":"x","free":{"y":1}})")).empty());
  CHECK_FALSE(v.validate(Json::parse(R"({"a":"x","b":1})")).empty());
}

TEST_CASE("openapi components resolve through $ref") {
  Json doc = Json::parse(R"({"components":{"schemas":{"T":{"type":"object","required":["k"],
    "properties":{"k":{"$ref":"#/components/schemas/K"}}},"K":{"type":"string"}}}})");
  SchemaValidator v(openapi_component_schema(doc, "T"));
  CHECK(v.validate(Json::parse(R"({"k":"x"})")).empty());
  CHECK_FALSE(v.validate(Json::parse(R"({"k":1})")).empty());
}

TEST_CASE("a format keyword on a non-string value does not abort validation") {
  // Kubernetes schemas carry format: int32 on integers; valijson would abort on them.
  SchemaValidator v(Json::parse(R"({"type":"object","properties":{"n":{"type":"integer","format":"int32"},
    "format":{"type":"string"}}})"));
  CHECK(v.validate(Json::parse(R"({"n":3,"format":"x"})")).empty());
  CHECK_FALSE(v.validate(Json::parse(R"({"format":1})")).empty());
}
