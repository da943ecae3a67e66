// The frontends' typed reads (src/frontend/object_reader.hpp). A read through a scope and a field finds
// what the read by JSON pointer finds, and anything it does not take as it is (a wrong type, a required
// field missing) is reported exactly as the pointer read reports it. The document is written by hand,
// shaped like a JobSet, with a wrong value of each type the reads know.
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
)";

SourceDocument parse_document() {
  Diagnostics diags;
  auto docs = parse_yaml_stream(kDocument, "in.yaml", diags);
  REQUIRE(diags.empty());
  REQUIRE(docs.size() == 1);
  return std::move(docs.front());
}

std::vector<std::string> formatted(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags.items()) out.push_back(format_diagnostic(d));
  return out;
}

// Reads field `name` of `parent` through a Field, and through its pointer, on readers of their own:
// both must give `expected`, and the same diagnostics, `diagnostics` of them.
template <typename Value, typename Read>
void same_read(const char* parent, const char* name, Read read, const Value& expected, size_t diagnostics) {
  const SourceDocument doc = parse_document();
  Diagnostics by_field_diags, by_pointer_diags;
  ObjectReader by_field(doc, by_field_diags), by_pointer(doc, by_pointer_diags);
  const FieldScope scope = by_field.scope(parent);
  const Field field{scope, name};
  CHECK(read(by_field, field) == expected);
  CHECK(read(by_pointer, field.pointer()) == expected);
  CHECK(formatted(by_field_diags) == formatted(by_pointer_diags));
  CHECK(by_field_diags.items().size() == diagnostics);
}

// Each read below is called with a Field and with a pointer.
const auto read_int = [](ObjectReader& r, const auto& at) { return r.int32(at); };
const auto read_required_int = [](ObjectReader& r, const auto& at) {
  return r.int32(at, Presence::kRequired);
};
const auto read_string = [](ObjectReader& r, const auto& at) { return r.string(at); };
const auto read_required_string = [](ObjectReader& r, const auto& at) {
  return r.string(at, Presence::kRequired);
};
const auto read_boolean = [](ObjectReader& r, const auto& at) { return r.boolean(at); };
const auto read_mapping = [](ObjectReader& r, const auto& at) { return r.expect_object(at); };
const auto read_list_size = [](ObjectReader& r, const auto& at) { return r.list_size(at); };
const auto read_required_list_size = [](ObjectReader& r, const auto& at) {
  return r.list_size(at, Presence::kRequired);
};
const auto read_string_map = [](ObjectReader& r, const auto& at) { return r.string_map(at); };

}  // namespace

TEST_CASE("object reader: a field read finds what the pointer read finds, and reports the same problems",
          "[frontend]") {
  using Int = std::optional<int32_t>;
  using Text = std::optional<std::string>;
  SECTION("integers") {
    same_read("/spec", "replicas", read_int, Int(4), 0);
    same_read("/spec", "tooBig", read_int, Int(), 1);
    same_read("/spec", "notANumber", read_int, Int(), 1);
    same_read("/spec", "nothing", read_int, Int(), 0);
    same_read("/spec", "missing", read_required_int, Int(), 1);
    same_read("/absent", "replicas", read_required_int, Int(), 1);
  }
  SECTION("strings and booleans") {
    same_read("/metadata", "name", read_string, Text("train"), 0);
    same_read("/spec", "replicas", read_string, Text(), 1);
    same_read("/spec", "nothing", read_required_string, Text(), 1);
    same_read("/spec", "suspend", read_boolean, std::optional<bool>(true), 0);
    same_read("/spec", "notABoolean", read_boolean, std::optional<bool>(), 1);
  }
  SECTION("mappings and lists") {
    same_read("", "spec", read_mapping, true, 0);
    same_read("/spec", "notAMapping", read_mapping, false, 1);
    same_read("/spec", "replicatedJobs", read_list_size, size_t{2}, 0);
    same_read("/spec", "notAList", read_list_size, size_t{0}, 1);
    same_read("/spec", "missing", read_list_size, size_t{0}, 0);
    same_read("/spec", "missing", read_required_list_size, size_t{0}, 1);
  }
  SECTION("string maps: nulls are left out, anything else not a string is reported") {
    same_read("/metadata", "labels", read_string_map, StringMap{{"team", "ml"}}, 0);
    same_read("/metadata", "annotations", read_string_map, StringMap{}, 1);
    same_read("/metadata", "name", read_string_map, StringMap{}, 1);
    same_read("/metadata", "missing", read_string_map, StringMap{}, 0);
  }
}

TEST_CASE(
    "object reader: scopes below a missing or wrong node find nothing, and their pointers are still whole",
    "[frontend]") {
  const SourceDocument doc = parse_document();
  Diagnostics diags;
  ObjectReader r(doc, diags);
  const FieldScope spec = r.scope("/spec");
  const FieldScope absent = r.scope({spec, "template"});
  CHECK(absent.node == nullptr);
  CHECK(absent.pointer == "/spec/template");
  CHECK_FALSE(r.has({absent, "spec"}));
  CHECK_FALSE(r.string({absent, "name"}, Presence::kRequired).has_value());
  REQUIRE(diags.items().size() == 1);
  CHECK(diags.items()[0].rule == "schema/required");
  CHECK(diags.items()[0].field == "spec.template.name");

  const FieldScope scalar = r.scope({spec, "replicas"});  // a number has no fields
  CHECK(r.find({scalar, "name"}) == nullptr);

  const FieldScope jobs = r.scope({spec, "replicatedJobs"});
  CHECK(r.item(jobs, 1).pointer == "/spec/replicatedJobs/1");
  CHECK(r.find({r.item(jobs, 1), "name"})->get<int>() == 2);
  CHECK(r.item(jobs, 2).node == nullptr);                         // past the end
  CHECK(r.item(r.scope({spec, "notAList"}), 0).node == nullptr);  // not a list
  CHECK(r.find({jobs, "1"}) == r.item(jobs, 1).node);             // an index as a field name
}

TEST_CASE("object reader: a field's name is a key as written, and its pointer escapes it", "[frontend]") {
  // RFC 6901: "~" is written "~0" and "/" is written "~1" in a pointer, never in the key itself.
  const SourceDocument doc = parse_document();
  Diagnostics diags;
  ObjectReader r(doc, diags);
  const FieldScope metadata = r.scope("/metadata");
  const Field slashed{metadata, "a/b~c"};
  REQUIRE(r.find(slashed) != nullptr);
  CHECK(r.find(slashed)->get<std::string>() == "slashed");
  CHECK(slashed.pointer() == "/metadata/a~1b~0c");
  CHECK(r.find(slashed.pointer()) == r.find(slashed));
  CHECK(r.find({metadata, "a~1b~0c"}) == nullptr);  // an escaped name is not the key
}
