// A live diff holds both sides packed (issue 18: a compact form of each object, not two full trees).
// Packing must lose nothing the comparison or the printout can see, so these tests compare the packed path
// with the tree path on the same objects: key order, every scalar type, and whole diff results on a
// `kubectl get -o yaml` capture from a 1.37 cluster with its server-side fields (testdata/diff/live/, the
// shapes test_live_captures.cpp describes).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "diff/compare.hpp"
#include "diff/live_objects.hpp"
#include "diff/packed_object.hpp"
#include "diff/pod_identity.hpp"
#include "diff/print.hpp"
#include "support/test_support.hpp"
#include "yaml/reader.hpp"

using grovectl::Diagnostics;
using grovectl::Json;
using grovectl::SourceDocument;
using namespace grovectl::diff;
using namespace grovectl::test;

namespace {

Json round_trip(const Json& tree) {
  return unpack_object(pack_object(Json(tree)));
}

// The items of the capture's List, each as its own object.
std::vector<Json> capture_items(const std::string& capture) {
  Diagnostics diags;
  auto docs = grovectl::parse_yaml_stream(read_file(testdata("diff/live/" + capture)), capture, diags);
  REQUIRE(!diags.has_errors());
  std::vector<Json> items;
  for (const auto& d : docs) {
    for (const auto& item : d.value["items"]) items.push_back(item);
  }
  return items;
}

std::vector<PackedObject> packed(std::vector<Json> objects) {
  std::vector<PackedObject> out;
  for (auto& o : objects) out.push_back(pack_object(std::move(o)));
  return out;
}

// The live objects as a render that moved on gives them: one changed, one gone, one new.
std::vector<Json> moved_on(const std::vector<Json>& live) {
  std::vector<Json> rendered = live;
  REQUIRE(rendered.size() > 6);
  rendered[1]["spec"]["changedByTheRender"] = 3;
  rendered.erase(rendered.begin() + 2);
  Json added = rendered[0];
  added["metadata"]["name"] = "a-new-gang";
  rendered.push_back(added);
  return rendered;
}

std::string describe(const DiffSet& set) {
  std::string out = format_text(set.objects, TextOptions{});
  for (const auto& d : set.objects) {
    out += op_name(d.op) + " " + display(d.key) + " old_name=" + d.old_name + "\n";
    for (const auto& c : d.changes)
      out += "  " + c.path + ": " + c.old_value.dump() + " -> " + c.new_value.dump() + "\n";
  }
  for (size_t hits : set.ignore_hits) out += "hits " + std::to_string(hits) + "\n";
  return out;
}

}  // namespace

TEST_CASE("packed objects: a round trip keeps key order and every scalar", "[diff][packed]") {
  Json tree = Json::object();
  tree["zeta"] = "last key written first";
  tree["alpha"] = Json::array({1, -1, 0, Json(nullptr), true, false});
  tree["big"] = std::numeric_limits<uint64_t>::max();
  tree["int64"] = std::numeric_limits<int64_t>::min();
  tree["unsigned"] = 5u;  // a count the render wrote from a size_t
  tree["floats"] = Json::array({0.1, -0.0, 1e300, 3.0, 1.5f});
  tree["text"] = std::string("caf\xc3\xa9 \0 nul", 11);
  tree["empty"] = Json::object({{"map", Json::object()}, {"list", Json::array()}, {"string", ""}});
  Json back = round_trip(tree);
  CHECK(back.dump() == tree.dump());
  CHECK(back == tree);
  CHECK(back["alpha"][0].type() == Json::value_t::number_integer);  // every type as it was
  CHECK(back["unsigned"].type() == Json::value_t::number_unsigned);
  CHECK(back["big"].type() == Json::value_t::number_unsigned);
  CHECK(back["floats"][3].type() == Json::value_t::number_float);
  CHECK(std::signbit(back["floats"][1].get<double>()));
}

TEST_CASE("packed objects: a mapping of many keys comes back whole and in order", "[diff][packed]") {
  // 17,000 keys: just over 2^14, so the member count takes three LEB128 bytes. An ordered object finds a key
  // by a linear search, so building 50,000 took minutes in the unoptimized test build.
  Json labels = Json::object();
  for (int i = 0; i < 17000; ++i) labels[std::to_string(17000 - i)] = i;  // keys out of sorted order
  Json back = round_trip(Json{{"metadata", {{"labels", labels}}}});
  REQUIRE(back["metadata"]["labels"].size() == 17000);
  CHECK(back["metadata"]["labels"].begin().key() == "17000");
  CHECK(back["metadata"]["labels"].dump() == labels.dump());
}

TEST_CASE("packed objects: identity is read before packing", "[diff][packed]") {
  auto items = capture_items("default-1.37.yaml");
  for (const auto& item : items) {
    PackedObject p = pack_object(Json(item));
    CHECK(p.match == match_key(item));
    CHECK(p.name == object_key(item).name);
    CHECK(p.api_version == api_version(item));
    CHECK(unpack_object(p).dump() == item.dump());
  }
}

TEST_CASE("packed objects: a live diff of packed sides equals the diff of trees", "[diff][packed]") {
  // Old side: the 1.37 capture as the cluster returned it. New side: the same objects with one changed, one
  // gone and one new, as a render that moved on would give; pods pair by clique and index, not by name.
  const std::vector<Json> live = capture_items("default-1.37.yaml");
  const std::vector<Json> rendered = moved_on(live);

  std::string error;
  std::vector<IgnoreRule> rules;
  for (const char* text :
       {"Workload.scheduling.k8s.io", "PodGang:/metadata/labels/app.kubernetes.io~1part-of"}) {
    auto rule = parse_ignore_rule(text, error);
    REQUIRE(rule);
    rules.push_back(*rule);
  }
  for (const auto& ignore : {std::vector<IgnoreRule>{}, rules}) {
    CompareOptions options{ignore, Origin::kLive};
    const DiffSet trees = compare_object_sets(live, rendered, options);
    const DiffSet packed_sides = compare_object_sets(packed(live), packed(rendered), options);
    CHECK(describe(packed_sides) == describe(trees));
    CHECK(summarize(packed_sides.objects).any());
  }
}

TEST_CASE("live selection: scope and duplicates as split_by_scope decides them", "[diff][packed]") {
  // The capture's objects as rendered; the live side is the capture, one object given twice (the second
  // copy changed: it is the one kept) and one of another PodCliqueSet's (out of scope).
  const std::vector<Json> rendered = capture_items("default-1.37.yaml");
  ScopeAnchors index;
  for (const auto& o : rendered) index.add_rendered(o, match_key(o));
  index.add_sources({{"PodCliqueSet", "shop"}});
  LiveSelection selection(index);
  Diagnostics diags;
  auto add = [&](Json value) {
    SourceDocument doc;
    doc.file = "live.yaml";
    doc.value = std::move(value);
    selection.add(std::move(doc), diags);
  };
  for (const auto& o : rendered) add(o);
  Json again = rendered[0];
  again["spec"]["secondCopy"] = true;
  add(again);
  Json other = rendered[0];
  other["metadata"]["name"] = "cart-0";
  other["metadata"]["labels"] = Json::object({{"app.kubernetes.io/part-of", "cart"}});
  other["metadata"].erase("ownerReferences");
  add(other);
  LiveSet set = std::move(selection).finish();
  CHECK(diags.items().size() == 1);  // the duplicate
  REQUIRE(set.in_scope.size() == rendered.size());
  CHECK(unpack_object(set.in_scope[0])["spec"]["secondCopy"] == true);
  REQUIRE(set.out_of_scope.size() == 1);
  CHECK(set.out_of_scope[0].name == "cart-0");
}

namespace {

// The in-scope live objects and their pairs, as LiveSelection gives them from `rendered` and `live`.
LiveSet select_live(const std::vector<Json>& rendered, const std::vector<Json>& live) {
  ScopeAnchors index;
  for (const auto& o : rendered) index.add_rendered(o, match_key(o));
  index.add_sources({{"PodCliqueSet", "shop"}});
  LiveSelection selection(index);
  Diagnostics diags;
  for (const auto& o : live) {
    SourceDocument doc;
    doc.file = "live.yaml";
    doc.value = o;
    selection.add(std::move(doc), diags);
  }
  return std::move(selection).finish();
}

}  // namespace

TEST_CASE("live selection: the pairs found while reading are the pairs found by key", "[diff][packed]") {
  // The capture as live (pods under their generated names); the render moved on: one object changed, one
  // gone, one new, and a Workload at a version it does not convert to (removed and added, not changed).
  const std::vector<Json> live = capture_items("default-1.37.yaml");
  std::vector<Json> rendered = moved_on(live);
  rendered[4]["apiVersion"] = "scheduling.k8s.io/v1alpha2";
  std::string error;
  auto rule = parse_ignore_rule("PodGang/shop-0-sg-0", error);
  REQUIRE(rule);
  for (const auto& ignore : {std::vector<IgnoreRule>{}, std::vector<IgnoreRule>{*rule}}) {
    CompareOptions options{ignore, Origin::kLive};
    LiveSet set = select_live(rendered, live);
    REQUIRE(set.rendered_matches.size() == rendered.size());
    std::vector<Json> in_scope;
    for (const auto& o : set.in_scope) in_scope.push_back(unpack_object(o));
    const DiffSet by_key = compare_object_sets(packed(in_scope), packed(rendered), options);
    const DiffSet matched =
        compare_matched_sets(std::move(set.in_scope), packed(rendered), set.rendered_matches, options);
    CHECK(describe(matched) == describe(by_key));
    CHECK(summarize(matched.objects).added == 2);
  }
}

TEST_CASE("live selection: no pairs when two rendered objects share a key", "[diff][packed]") {
  // Two rendered copies of one object: which live object pairs with which is left to compare_object_sets.
  std::vector<Json> rendered = capture_items("default-1.37.yaml");
  rendered.push_back(rendered[0]);
  const LiveSet set = select_live(rendered, capture_items("default-1.37.yaml"));
  CHECK(set.rendered_matches.empty());
  CHECK(set.in_scope.size() == rendered.size() - 1);
}

TEST_CASE("live selection: owners are found by kind and name, pods by their own name", "[diff][packed]") {
  // The capture's rendered objects; live objects that name one of them (or a pod, by the name the cluster
  // gave it) as owner belong, whatever their own names; an owner that was not rendered does not make them.
  const std::vector<Json> rendered = capture_items("default-1.37.yaml");
  auto owned_by = [&](const std::string& kind, const std::string& name) {
    Json o = rendered[0];
    o["metadata"]["name"] = "stray-" + kind + "-" + name;
    o["metadata"]["labels"] = Json::object();
    o["metadata"]["ownerReferences"] = Json::array({{{"apiVersion", "v1"}, {"kind", kind}, {"name", name}}});
    return o;
  };
  const std::vector<Json> live = {owned_by("Workload", "shop-0"), owned_by("Pod", "shop-0-leader-x7k2p"),
                                  owned_by("PodCliqueSet", "shop"), owned_by("Workload", "cart-0"),
                                  owned_by("Pod", "shop-0-leader-0")};
  const LiveSet set = select_live(rendered, live);
  REQUIRE(set.in_scope.size() == 3);
  CHECK(set.in_scope[0].name == "stray-Workload-shop-0");
  CHECK(set.in_scope[1].name == "stray-Pod-shop-0-leader-x7k2p");
  CHECK(set.in_scope[2].name == "stray-PodCliqueSet-shop");
  REQUIRE(set.out_of_scope.size() == 2);
  CHECK(set.out_of_scope[1].name == "stray-Pod-shop-0-leader-0");
}
