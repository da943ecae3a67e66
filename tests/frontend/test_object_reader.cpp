// The frontends' typed reads (src/frontend/object_reader.hpp): a well-formed value is taken, an optional
// field's absence is no finding, and anything else (a wrong type, a required field missing, an integer out of
// int32) is one finding at the field. The document is written by hand, shaped like a JobSet with a wrong
// value of each type the reads know; each expected finding was derived by hand from it: its line and column
// are those of the field's key (of the nearest node written when the field is absent, of the item itself for
// a list item), its field path as apimachinery's field.Path prints it.
#include <catch2/catch.hpp>

#include "frontend/object_reader.hpp"
#include "yaml/reader.hpp"

using namespace grovectl;

namespace {

constexpr const char* kDocument = R"(metadata:
  name: train
  labels: {team: ml, tier: null}
  annotations: {count: 3}
  "a/b~c": slashed
spec:
  suspend: true
  replicas: 4
  tooBig: 4294967296
  notANumber: four
  notAMapping: [1, 2]
  notAList: {a: 1}
  notABoolean: "yes"
  nothing: null
  replicatedJobs:
  - name: first
  - name: 2
  names: [a, null, 3]
)";

SourceDocument parse_document() {
  Diagnostics diags;
  auto docs = parse_yaml_stream(kDocument, "in.yaml", diags);
  REQUIRE(diags.empty());
  REQUIRE(docs.size() == 1);
  return std::move(docs.front());
}

// "line:column rule field | message" of each finding.
std::vector<std::string> findings(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags.items()) {
    out.push_back(std::to_string(d.location.line) + ":" + std::to_string(d.location.column) + " " + d.rule +
                  " " + d.field + " | " + d.message);
  }
  return out;
}

using Findings = std::vector<std::string>;

// Reads field `name` of the scope `parent` (a member of the root, or "" for the root) with `read`, on a
// reader of its own: gives `expected`, with `expected_findings`.
template <typename Value, typename Read>
void check_read(const char* parent, const char* name, Read read, const Value& expected,
                const Findings& expected_findings) {
  const SourceDocument doc = parse_document();
  Diagnostics diags;
  ObjectReader r(doc, diags);
  const FieldScope root = r.root();
  const FieldScope scope = std::string_view(parent).empty() ? root : r.scope(root, parent);
  CHECK(read(r, scope, name) == expected);
  CHECK(findings(diags) == expected_findings);
}

const auto read_int = [](ObjectReader& r, const FieldScope& s, const char* n) { return r.int32(s, n); };
const auto read_required_int = [](ObjectReader& r, const FieldScope& s, const char* n) {
  return r.int32(s, n, Presence::kRequired);
};
const auto read_string = [](ObjectReader& r, const FieldScope& s, const char* n) { return r.string(s, n); };
const auto read_required_string = [](ObjectReader& r, const FieldScope& s, const char* n) {
  return r.string(s, n, Presence::kRequired);
};
const auto read_boolean = [](ObjectReader& r, const FieldScope& s, const char* n) { return r.boolean(s, n); };
const auto read_mapping = [](ObjectReader& r, const FieldScope& s, const char* n) {
  return r.expect_object(s, n);
};
const auto read_list_size = [](ObjectReader& r, const FieldScope& s, const char* n) {
  return r.list_size(s, n);
};
const auto read_required_list_size = [](ObjectReader& r, const FieldScope& s, const char* n) {
  return r.list_size(s, n, Presence::kRequired);
};
const auto read_string_map = [](ObjectReader& r, const FieldScope& s, const char* n) {
  return r.string_map(s, n);
};
const auto read_string_list = [](ObjectReader& r, const FieldScope& s, const char* n) {
  return r.string_list(s, n);
};

}  // namespace

TEST_CASE("object reader: each read takes a well-formed value and reports anything else at the field",
          "[frontend]") {
  using Int = std::optional<int32_t>;
  using Text = std::optional<std::string>;
  SECTION("integers") {
    check_read("spec", "replicas", read_int, Int(4), {});
    check_read(
        "spec", "tooBig", read_int, Int(),
        {"9:3 schema/int32-range spec.tooBig | spec.tooBig: 4294967296 does not fit in a 32-bit integer"});
    check_read(
        "spec", "notANumber", read_int, Int(),
        {"10:3 schema/type spec.notANumber | spec.notANumber: expected an integer, got string \"four\""});
    check_read("spec", "nothing", read_int, Int(), {});
    check_read("spec", "missing", read_required_int, Int(),
               {"6:1 schema/required spec.missing | spec.missing: Required value"});
    check_read("absent", "replicas", read_required_int, Int(),
               {"1:1 schema/required absent.replicas | absent.replicas: Required value"});
  }
  SECTION("strings and booleans") {
    check_read("metadata", "name", read_string, Text("train"), {});
    check_read("spec", "replicas", read_string, Text(),
               {"8:3 schema/type spec.replicas | spec.replicas: expected a string, got integer 4"});
    check_read("spec", "nothing", read_required_string, Text(),
               {"14:3 schema/required spec.nothing | spec.nothing: Required value"});
    check_read("spec", "suspend", read_boolean, std::optional<bool>(true), {});
    check_read(
        "spec", "notABoolean", read_boolean, std::optional<bool>(),
        {"13:3 schema/type spec.notABoolean | spec.notABoolean: expected a boolean, got string \"yes\""});
  }
  SECTION("mappings and lists") {
    check_read("", "spec", read_mapping, true, {});
    check_read("spec", "notAMapping", read_mapping, false,
               {"11:3 schema/type spec.notAMapping | spec.notAMapping: expected a mapping, got sequence "});
    check_read("spec", "replicatedJobs", read_list_size, size_t{2}, {});
    check_read("spec", "notAList", read_list_size, size_t{0},
               {"12:3 schema/type spec.notAList | spec.notAList: expected a sequence, got mapping "});
    check_read("spec", "missing", read_list_size, size_t{0}, {});
    check_read("spec", "missing", read_required_list_size, size_t{0},
               {"6:1 schema/required spec.missing | spec.missing: Required value"});
  }
  SECTION("string maps and lists: nulls are left out, anything else not a string is reported") {
    check_read("metadata", "labels", read_string_map, StringMap{{"team", "ml"}}, {});
    check_read(
        "metadata", "annotations", read_string_map, StringMap{},
        {"4:17 schema/type metadata.annotations.count | metadata.annotations.count: expected a string, "
         "got integer 3"});
    check_read("metadata", "name", read_string_map, StringMap{},
               {"2:3 schema/type metadata.name | metadata.name: expected a mapping of strings, got string "
                "\"train\""});
    check_read("metadata", "missing", read_string_map, StringMap{}, {});
    check_read("spec", "names", read_string_list, std::vector<std::string>{"a"},
               {"18:20 schema/type spec.names[2] | spec.names[2]: expected a string, got integer 3"});
  }
}

TEST_CASE("object reader: scopes below a missing or wrong node find nothing, and their places are whole",
          "[frontend]") {
  const SourceDocument doc = parse_document();
  Diagnostics diags;
  ObjectReader r(doc, diags);
  const FieldScope root = r.root();
  const FieldScope spec = r.scope(root, "spec");
  const FieldScope absent = r.scope(spec, "template");
  CHECK(absent.node == nullptr);
  CHECK(absent.place.pointer() == "/spec/template");
  CHECK_FALSE(r.has(absent, "spec"));
  CHECK_FALSE(r.string(absent, "name", Presence::kRequired).has_value());
  CHECK(findings(diags) ==
        Findings{"6:1 schema/required spec.template.name | spec.template.name: Required value"});

  const FieldScope scalar = r.scope(spec, "replicas");  // a number has no fields
  CHECK(r.find(scalar, "name") == nullptr);

  const FieldScope jobs = r.scope(spec, "replicatedJobs");
  const FieldScope second = r.item(jobs, 1);
  CHECK(second.place.pointer() == "/spec/replicatedJobs/1");
  CHECK(second.place.path() == "spec.replicatedJobs[1]");
  CHECK(r.find(second, "name")->get<int>() == 2);
  CHECK(r.item(jobs, 2).node == nullptr);  // past the end
  const FieldScope not_a_list = r.scope(spec, "notAList");
  CHECK(r.item(not_a_list, 0).node == nullptr);
  CHECK(r.find(jobs, "1") == nullptr);  // a list has items, not fields
}

TEST_CASE("object reader: a field's name is a key as written, and its pointer escapes it", "[frontend]") {
  // RFC 6901: "~" is written "~0" and "/" is written "~1" in a pointer, never in the key itself.
  const SourceDocument doc = parse_document();
  Diagnostics diags;
  ObjectReader r(doc, diags);
  const FieldScope root = r.root();
  const FieldScope metadata = r.scope(root, "metadata");
  const FieldScope slashed = r.scope(metadata, "a/b~c");
  REQUIRE(slashed.node != nullptr);
  CHECK(slashed.node->get<std::string>() == "slashed");
  CHECK(slashed.place.pointer() == "/metadata/a~1b~0c");
  CHECK(r.find(metadata, "a~1b~0c") == nullptr);  // an escaped name is not the key
}

// A scope refers to its parent's place, so none is made from a temporary that dies before it.
template <typename Parent>
concept ScopeFrom = requires(const ObjectReader& r, Parent&& parent) {
  r.scope(std::forward<Parent>(parent), "spec");
};
static_assert(ScopeFrom<const FieldScope&>);
static_assert(!ScopeFrom<FieldScope>);
