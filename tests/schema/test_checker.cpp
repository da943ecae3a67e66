// The compiled structural-schema checker (src/schema/), keyword by keyword. Expected messages follow the
// API server's wording: kube-openapi pkg/validation/errors/schema.go wrapped by apiextensions-apiserver's
// kubeOpenAPIResultToFieldErrors into apimachinery field.Error text; null pruning from
// apiextensions-apiserver pkg/apiserver/schema/defaulting/prunenulls.go; list-type keys from
// pkg/apiserver/schema/listtype/validation.go. Each expected string was written by hand from those rules.
#include <catch2/catch.hpp>

#include "schema/check.hpp"
#include "schema/compile.hpp"
#include "schema/messages.hpp"

using namespace grovectl;
using namespace grovectl::schema;

namespace {

std::unique_ptr<CompiledSchema> compile(const std::string& schema, const std::string& definitions = "{}",
                                        Dialect dialect = Dialect::kStructural) {
  std::string error;
  auto c = CompiledSchema::compile(Json::parse(schema), Json::parse(definitions), dialect, error);
  INFO(error);
  REQUIRE(c);
  return c;
}

std::vector<SchemaFinding> run(const CompiledSchema& s, const std::string& doc, CheckOptions options = {}) {
  options.resource_root = false;
  return check(Json::parse(doc), s.root(), options);
}

std::vector<std::string> messages(const std::vector<SchemaFinding>& findings) {
  std::vector<std::string> out;
  for (const auto& f : findings) out.push_back(f.message);
  return out;
}

const char* kSpec = R"({"type":"object","properties":{"spec":{"type":"object","properties":{
  "replicas":{"type":"integer","format":"int32"},
  "ratio":{"type":"number"},
  "name":{"type":"string"},
  "enabled":{"type":"boolean"},
  "labels":{"type":"object","additionalProperties":{"type":"string"}},
  "items":{"type":"array","items":{"type":"string"}}}}}})";

}  // namespace

TEST_CASE("schema type: each JSON type against each schema type, in the API server's words") {
  auto s = compile(kSpec);
  auto f = run(*s, R"({"spec":{"replicas":"2"}})");
  REQUIRE(f.size() == 1);
  CHECK(f[0].rule == "schema/type");
  CHECK(f[0].pointer == "/spec/replicas");
  CHECK(f[0].field == "spec.replicas");
  CHECK(
      f[0].message ==
      "spec.replicas: Invalid value: \"string\": spec.replicas in body must be of type integer: \"string\"");
  CHECK(messages(run(*s, R"({"spec":{"replicas":2.5}})")) ==
        std::vector<std::string>{
            "spec.replicas: Invalid value: \"number\": spec.replicas in body must be of type "
            "integer: \"number\""});
  CHECK(run(*s, R"({"spec":{"replicas":2.0}})").empty());  // an integral float is an integer
  CHECK(run(*s, R"({"spec":{"ratio":2}})").empty());       // an integer is a number
  CHECK(messages(run(*s, R"({"spec":{"name":5}})")) ==
        std::vector<std::string>{
            "spec.name: Invalid value: \"integer\": spec.name in body must be of type string: "
            "\"integer\""});
  CHECK(messages(run(*s, R"({"spec":{"enabled":"yes"}})")) ==
        std::vector<std::string>{
            "spec.enabled: Invalid value: \"string\": spec.enabled in body must be of type "
            "boolean: \"string\""});
  CHECK(messages(run(*s, R"({"spec":{"labels":[]}})")) ==
        std::vector<std::string>{
            "spec.labels: Invalid value: \"array\": spec.labels in body must be of type object: "
            "\"array\""});
  CHECK(messages(run(*s, R"({"spec":{"items":{}}})")) ==
        std::vector<std::string>{
            "spec.items: Invalid value: \"object\": spec.items in body must be of type array: "
            "\"object\""});
  // A map value and an array item carry their key and index in the path.
  auto m = run(*s, R"({"spec":{"labels":{"app.kubernetes.io/name":1},"items":["a",true]}})");
  REQUIRE(m.size() == 2);
  CHECK(m[0].field == "spec.labels.app.kubernetes.io/name");
  CHECK(m[0].pointer == "/spec/labels/app.kubernetes.io~1name");
  CHECK(m[1].field == "spec.items[1]");
  CHECK(m[1].pointer == "/spec/items/1");
}

TEST_CASE("schema nulls: dropped unless nullable, a default fills in, array items are not dropped") {
  auto s = compile(R"({"type":"object","required":["a","c","d"],"properties":{
      "a":{"type":"object"},"b":{"type":"object","properties":{"x":{"type":"string"}}},
      "c":{"type":"string","nullable":true},"d":{"type":"string","default":"z"},
      "list":{"type":"array","items":{"type":"string"}}}})");
  // `b:` with no value (Grove's e2e `topologyConstraint:`) is dropped before validation.
  CHECK(run(*s, R"({"a":{},"b":null,"c":"x"})").empty());
  // A required field written as null is dropped, then missing.
  CHECK(messages(run(*s, R"({"a":null,"c":"x"})")) == std::vector<std::string>{"a: Required value"});
  // nullable keeps the null, and it is valid; a defaulted field is never missing.
  CHECK(run(*s, R"({"a":{},"c":null,"d":null})").empty());
  // A null array item stays and fails the item type.
  CHECK(messages(run(*s, R"({"a":{},"c":"x","list":["a",null]})")) ==
        std::vector<std::string>{
            "list[1]: Invalid value: \"null\": list[1] in body must be of type string: \"null\""});
  // A null in an undeclared field is still an unknown field (pruning runs after null dropping).
  auto u = run(*s, R"({"a":{},"c":"x","mystery":null})");
  REQUIRE(u.size() == 1);
  CHECK(u[0].rule == "schema/unknown-field");
}

TEST_CASE("schema int-or-string: integers and strings pass, anything else names both types") {
  auto s = compile(R"({"type":"object","properties":{"port":{"x-kubernetes-int-or-string":true,
      "anyOf":[{"type":"integer"},{"type":"string"}]}}})");
  CHECK(run(*s, R"({"port":8080})").empty());
  CHECK(run(*s, R"({"port":"http"})").empty());
  CHECK(run(*s, R"({"port":"50%"})").empty());
  CHECK(messages(run(*s, R"({"port":true})")) ==
        std::vector<std::string>{
            "port: Invalid value: \"boolean\": port in body must be of type integer,string: "
            "\"boolean\""});
}

TEST_CASE("schema enum, pattern, lengths, bounds and item counts") {
  auto s = compile(R"({"type":"object","properties":{
      "type":{"type":"string","enum":["RollingRecreate","OnDelete"]},
      "domain":{"type":"string","minLength":1,"maxLength":5,"pattern":"^[a-z][a-z0-9-]*$"},
      "replicas":{"type":"integer","minimum":0,"maximum":10},
      "ratio":{"type":"number","minimum":0,"exclusiveMinimum":true,"multipleOf":0.5},
      "deps":{"type":"array","maxItems":2,"minItems":1,"items":{"type":"string"}}}})");
  CHECK(messages(run(*s, R"({"type":"Foo"})")) ==
        std::vector<std::string>{
            "type: Unsupported value: \"Foo\": supported values: \"RollingRecreate\", \"OnDelete\""});
  auto p = run(*s, R"({"domain":"Rack"})");
  REQUIRE(p.size() == 1);
  CHECK(p[0].rule == "schema/pattern");
  CHECK(p[0].message == "domain: Invalid value: \"Rack\": domain in body should match '^[a-z][a-z0-9-]*$'");
  auto l = run(*s, R"({"domain":"racklong"})");
  REQUIRE(l.size() == 1);
  CHECK(l[0].rule == "schema/length");
  CHECK(l[0].message == "domain: Too long: may not be more than 5 bytes");
  // Two rules broken by one value: both reported, as the API server does.
  CHECK(messages(run(*s, R"({"domain":""})")) ==
        std::vector<std::string>{
            "domain: Invalid value: \"\": domain in body should be at least 1 chars long",
            "domain: Invalid value: \"\": domain in body should match '^[a-z][a-z0-9-]*$'"});
  // Lengths count runes, not bytes.
  CHECK(run(*s, R"({"domain":"\u00e9\u00e9\u00e9"})").size() == 1);  // pattern only, 3 runes fit
  CHECK(messages(run(*s, R"({"replicas":-1})")) ==
        std::vector<std::string>{
            "replicas: Invalid value: -1: replicas in body should be greater than or equal to 0"});
  CHECK(messages(run(*s, R"({"replicas":11})")) ==
        std::vector<std::string>{
            "replicas: Invalid value: 11: replicas in body should be less than or equal to 10"});
  CHECK(messages(run(*s, R"({"ratio":0})")) ==
        std::vector<std::string>{"ratio: Invalid value: 0: ratio in body should be greater than 0"});
  CHECK(messages(run(*s, R"({"ratio":0.7})")) ==
        std::vector<std::string>{"ratio: Invalid value: 0.7: ratio in body should be a multiple of 0.5"});
  CHECK(messages(run(*s, R"({"deps":["a","b","c"]})")) ==
        std::vector<std::string>{"deps: Too many: 3: must have at most 2 items"});
  CHECK(messages(run(*s, R"({"deps":[]})")) ==
        std::vector<std::string>{"deps: Invalid value: 0: deps in body should have at least 1 items"});
  CHECK(run(*s, R"({"type":"OnDelete","domain":"rack","replicas":10,"ratio":1.5,"deps":["a"]})").empty());
  // A wrong type stops the other keywords of that node.
  auto t = run(*s, R"({"type":5})");
  REQUIRE(t.size() == 1);
  CHECK(t[0].rule == "schema/type");
}

TEST_CASE("schema required: the missing field's own path, at its parent's location") {
  auto s = compile(R"({"type":"object","properties":{"cliques":{"type":"array","items":{
      "type":"object","required":["name","spec"],"properties":{"name":{"type":"string"},
      "spec":{"type":"object","required":["roleName"],"properties":{"roleName":{"type":"string"}}}}}}}})");
  auto f = run(*s, R"({"cliques":[{"name":"a","spec":{"roleName":"a"}},{"name":"b","spec":{}}]})");
  REQUIRE(f.size() == 1);
  CHECK(f[0].rule == "schema/required");
  CHECK(f[0].field == "cliques[1].spec.roleName");
  CHECK(f[0].pointer == "/cliques/1/spec/roleName");
  CHECK(f[0].message == "cliques[1].spec.roleName: Required value");
}

TEST_CASE("schema list-map keys: the second item with a key is a Duplicate value, defaults count") {
  auto s = compile(R"({"type":"object","properties":{
      "containers":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["name"],
        "items":{"type":"object","required":["name"],"properties":{"name":{"type":"string"}}}},
      "ports":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["containerPort","protocol"],
        "items":{"type":"object","properties":{"containerPort":{"type":"integer"},
                 "protocol":{"type":"string","default":"TCP"}}}},
      "finalizers":{"type":"array","x-kubernetes-list-type":"set","items":{"type":"string"}}}})");
  auto d = run(*s, R"({"containers":[{"name":"a"},{"name":"b"},{"name":"a"},{"name":"a"}]})");
  REQUIRE(d.size() == 1);  // each repeated key once, at its first repetition
  CHECK(d[0].rule == "schema/duplicate");
  CHECK(d[0].pointer == "/containers/2");
  CHECK(d[0].message == "containers[2]: Duplicate value: {\"name\":\"a\"}");
  // protocol defaults to TCP before the keys are compared; the key prints with sorted fields.
  CHECK(messages(run(*s, R"({"ports":[{"containerPort":80},{"containerPort":80,"protocol":"TCP"}]})")) ==
        std::vector<std::string>{"ports[1]: Duplicate value: {\"containerPort\":80,\"protocol\":\"TCP\"}"});
  CHECK(run(*s, R"({"ports":[{"containerPort":80},{"containerPort":80,"protocol":"UDP"}]})").empty());
  CHECK(messages(run(*s, R"({"finalizers":["a","b","a"]})")) ==
        std::vector<std::string>{"finalizers[2]: Duplicate value: \"a\""});
}

TEST_CASE("schema list-map keys: the key prints as Go marshals a map, whatever order the schema declares") {
  // Keys declared "zone" before "id" print sorted, "id" first; an object value prints with its own keys
  // sorted, a string with JSON escapes, and a key field absent from both items (no default) is left out.
  auto s = compile(R"({"type":"object","properties":{
      "slots":{"type":"array","x-kubernetes-list-type":"map","x-kubernetes-list-map-keys":["zone","id","rack"],
        "items":{"type":"object","x-kubernetes-preserve-unknown-fields":true,
                 "properties":{"zone":{"type":"string"},"rack":{"type":"string"}}}}}})");
  CHECK(
      messages(run(
          *s, R"({"slots":[{"zone":"q\"x","id":{"b":1,"a":[2]}},{"id":{"b":1,"a":[2]},"zone":"q\"x"}]})")) ==
      std::vector<std::string>{R"(slots[1]: Duplicate value: {"id":{"a":[2],"b":1},"zone":"q\"x"})"});
  CHECK(run(*s, R"({"slots":[{"zone":"a","id":1},{"zone":"a","id":2}]})").empty());
  CHECK(messages(run(*s, R"({"slots":[{"rack":"r"},{"rack":"r"}]})")) ==
        std::vector<std::string>{R"(slots[1]: Duplicate value: {"rack":"r"})"});
  // Values of every JSON type: a backslash, a tab and a control escaped, UTF-8 as is, integers past int64,
  // negative ones, fractions and booleans as JSON writes them.
  const std::pair<std::string, std::string> ids[] = {{R"("é\\\t\u0001")", R"("é\\\t\u0001")"},
                                                     {"-3", "-3"},
                                                     {"18446744073709551615", "18446744073709551615"},
                                                     {"1.5", "1.5"},
                                                     {"true", "true"}};
  for (const auto& [id, printed] : ids) {
    INFO(id);
    const std::string item = R"({"zone":"a","id":)" + id + "}";
    CHECK(messages(run(*s, R"({"slots":[)" + item + "," + item + "]}")) ==
          std::vector<std::string>{R"(slots[1]: Duplicate value: {"id":)" + printed + R"(,"zone":"a"})"});
  }
}

TEST_CASE("schema unknown fields: reported where the server prunes, kept under preserve-unknown-fields") {
  auto s = compile(R"({"type":"object","properties":{
      "podSpec":{"type":"object","properties":{"containers":{"type":"array","items":{"type":"object",
        "properties":{"name":{"type":"string"}}}}}},
      "parameters":{"type":"object","x-kubernetes-preserve-unknown-fields":true,
        "properties":{"size":{"type":"integer"}}}}})");
  auto f = run(*s, R"({"podSpec":{"containres":[{"x":1}],"containers":[{"name":"a","imag":"b"}]}})");
  REQUIRE(f.size() == 2);
  CHECK(f[0].rule == "schema/unknown-field");
  CHECK(f[0].message == "unknown field \"podSpec.containres\"");  // its subtree is not reported again
  CHECK(f[1].message == "unknown field \"podSpec.containers[0].imag\"");
  CHECK(f[1].pointer == "/podSpec/containers/0/imag");
  CheckOptions ignore;
  ignore.unknown_fields = UnknownFields::kIgnore;
  CHECK(run(*s, R"({"podSpec":{"containres":[]}})", ignore).empty());
  // Preserved: anything goes, but declared properties are still checked.
  CHECK(run(*s, R"({"parameters":{"anything":{"deep":[1,2]}}})").empty());
  CHECK(run(*s, R"({"parameters":{"size":"big"}})").size() == 1);
}

TEST_CASE("schema resource root: metadata is ObjectMeta, status is reset on create") {
  std::string error;
  auto s = CompiledSchema::compile(Json::parse(R"({"type":"object","properties":{
      "apiVersion":{"type":"string"},"kind":{"type":"string"},"metadata":{"type":"object"},
      "spec":{"type":"object","properties":{"replicas":{"type":"integer"}}},
      "status":{"type":"object","properties":{"ready":{"type":"integer"}}}}})"),
                                   Json::object(), Dialect::kStructural, error);
  REQUIRE(s);
  CheckOptions o;
  o.status_subresource = true;
  // kubectl get -o yaml output: server-written metadata is known ObjectMeta.
  Json live = Json::parse(R"({"apiVersion":"x/v1","kind":"K","metadata":{"name":"a","namespace":"n",
      "uid":"u","resourceVersion":"1","generation":2,"creationTimestamp":"2026-11-01T00:00:00Z",
      "labels":{"a":"b"},"managedFields":[{"manager":"kubectl","operation":"Apply","fieldsType":"FieldsV1",
      "fieldsV1":{"f:spec":{}}}]},"spec":{"replicas":1},"status":{"ready":"x"}})");
  CHECK(check(live, s->root(), o).empty());  // a wrong type in status is not validated on create
  live["metadata"]["colour"] = "blue";
  live["status"]["extra"] = 1;
  live["metadata"]["labels"]["n"] = 5;
  auto f = check(live, s->root(), o);
  REQUIRE(f.size() == 3);  // in document order
  CHECK(f[0].message ==
        "metadata.labels.n: Invalid value: \"integer\": metadata.labels.n in body must be of type string: "
        "\"integer\"");
  CHECK(f[1].message == "unknown field \"metadata.colour\"");
  CHECK(f[2].message == "unknown field \"status.extra\"");
}

// Expected answers: kube-openapi pkg/validation/strfmt at d427ff9ee9ad05f5da435abbb7c5929cb713ac56. time.go's
// IsDateTime lower-cases the text, splits it at 't', checks the first part with date.go's IsDate (Go's
// time.Parse with "2006-01-02": a day that does not exist in its month is "day out of range") and the second
// with DateTimePattern (hh <= 23, mm and ss <= 59). The leap-year dates are date_test.go's TestIsDate cases
// with a time appended.
TEST_CASE("schema formats: date-time strings as the API server's format registry checks them") {
  auto s = compile(R"({"type":"object","properties":{"t":{"type":"string","format":"date-time"},
      "n":{"type":"integer","format":"int64"}}})");
  for (const char* ok :
       {"2026-11-01T00:00:00Z", "2026-11-01t10:20:30.123+02:00", "2026-02-28T23:59:59z",
        "2000-02-29T00:00:00Z", "2400-02-29T00:00:00Z", "2026-12-31T00:00:00-11:30", "0001-01-01T00:00:00Z",
        "2026-11-01T00:00:00,5Z"}) {  // the pattern's unescaped '.' takes any character
    INFO(ok);
    CHECK(run(*s, std::string(R"({"t":")") + ok + "\"}").empty());
  }
  // Days that do not exist: the calendar, not only 01-31.
  for (const char* bad :
       {"2026-02-30T00:00:00Z", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2100-02-29T00:00:00Z",
        "2026-04-31T00:00:00Z", "2026-11-00T00:00:00Z", "2026-00-10T00:00:00Z", "2026-1-01T00:00:00Z",
        "2026-11-01T00:00:00", "2026-11-01T00:00:00.Z"}) {
    INFO(bad);
    CHECK(run(*s, std::string(R"({"t":")") + bad + "\"}").size() == 1);
  }
  auto f = run(*s, R"({"t":"yesterday"})");
  REQUIRE(f.size() == 1);
  CHECK(f[0].rule == "schema/format");
  CHECK(f[0].message ==
        "t: Invalid value: \"yesterday\": t in body must be of type date-time: \"yesterday\"");
  CHECK(run(*s, R"({"t":"2026-13-01T00:00:00Z"})").size() == 1);
  CHECK(run(*s, R"({"t":"2026-11-01T24:00:00Z"})").size() == 1);
  CHECK(run(*s, R"({"n":12})").empty());  // int64 names the width only
}

TEST_CASE("schema definitions: $ref shares one compiled node, open JSON schemas keep undeclared keys") {
  auto s = compile(R"({"type":"object","properties":{"a":{"$ref":"#/definitions/c"},
      "b":{"type":"array","items":{"$ref":"#/definitions/c"}}}})",
                   R"({"c":{"type":"object","properties":{"n":{"type":"integer"}}}})");
  CHECK(run(*s, R"({"a":{"n":"x"},"b":[{"n":"y"}]})").size() == 2);
  auto open = compile(R"({"type":"object","required":["n"],"properties":{"n":{"type":"integer"}},
      "anyOf":[{"required":["name"]},{"required":["generateName"]}]})",
                      "{}", Dialect::kOpenJsonSchema);
  CHECK(run(*open, R"({"n":1,"name":"a","whatever":true})").empty());
  auto f = run(*open, R"({"n":1})");
  REQUIRE(f.size() == 1);
  CHECK(f[0].rule == "schema/any-of");
}

TEST_CASE("schema compile errors: a keyword or pattern the checker cannot honour is refused, never skipped") {
  std::string error;
  CHECK_FALSE(CompiledSchema::compile(Json::parse(R"({"oneOf":[{"type":"string"}]})"), Json::object(),
                                      Dialect::kStructural, error));
  CHECK(error.find("oneOf") != std::string::npos);
  CHECK_FALSE(CompiledSchema::compile(Json::parse(R"({"$ref":"#/definitions/missing"})"), Json::object(),
                                      Dialect::kStructural, error));
  // Lookahead: Go's regexp (the API server's) refuses it, and so does RE2.
  CHECK_FALSE(CompiledSchema::compile(Json::parse(R"j({"type":"string","pattern":"(?=word)"})j"),
                                      Json::object(), Dialect::kStructural, error));
  CHECK(error == "schema <root>: pattern '(?=word)': invalid perl operator: (?=");
  CHECK_FALSE(CompiledSchema::compile(Json::parse(R"({"$ref":"#/definitions/a"})"),
                                      Json::parse(R"({"a":{"$ref":"#/definitions/a"}})"),
                                      Dialect::kStructural, error));
}

TEST_CASE("schema messages: values print as apimachinery's field.Error prints them") {
  CHECK(go_value(Json("x\"y")) == "\"x\\\"y\"");
  CHECK(go_value(Json(3)) == "3");
  CHECK(go_value(Json(2.5)) == "2.5");
  CHECK(go_value(Json(3.0)) == "3");
  CHECK(go_value(Json(true)) == "true");
  CHECK(go_value(Json::parse(R"({"a":[1]})")) == "{\"a\":[1]}");
  CHECK(go_number(1e21) == "1e+21");
  CHECK(go_number(1e-7) == "1e-07");
  CHECK(too_many_items_message("x", 2, 1) == "x: Too many: 2: must have at most 1 item");
}
