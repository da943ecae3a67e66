// find_pointer (src/yaml/document.hpp), the one walk of a JSON pointer down a document. The expected nodes
// are read off the hand-written value below by RFC 6901: "~1" stands for "/", "~0" for "~", and a list item
// is named by its index without leading zeros.
#include <catch2/catch.hpp>

#include "yaml/document.hpp"

using namespace grovectl;

TEST_CASE("find_pointer: members, items and escapes as RFC 6901 defines them", "[yaml]") {
  const Json doc = Json::parse(R"({"spec": {"jobs": [{"name": "a"}, {"name": "b"}], "a/b~c": 1, "": 2},
                                   "nothing": null})");
  CHECK(find_pointer(doc, "") == &doc);
  REQUIRE(find_pointer(doc, "/spec/jobs/1/name") != nullptr);
  CHECK(*find_pointer(doc, "/spec/jobs/1/name") == "b");
  CHECK(*find_pointer(doc, "/spec/a~1b~0c") == 1);
  CHECK(*find_pointer(doc, "/spec/") == 2);  // the empty key
  CHECK(find_pointer(doc, "/nothing")->is_null());
  CHECK(find_pointer(doc, "/spec/jobs/2") == nullptr);     // past the end
  CHECK(find_pointer(doc, "/spec/jobs/01") == nullptr);    // a leading zero names no item
  CHECK(find_pointer(doc, "/spec/jobs/-") == nullptr);     // "-" is past the end
  CHECK(find_pointer(doc, "/spec/jobs/name") == nullptr);  // a name where an index belongs
  CHECK(find_pointer(doc, "/spec/a/b~c") == nullptr);      // unescaped, "/" separates tokens
  CHECK(find_pointer(doc, "/nothing/below") == nullptr);   // below a scalar
  CHECK(find_pointer(doc, "spec") == nullptr);             // not a pointer
  CHECK(find_pointer(doc, "/spec/jobs/99999999999999999999999") == nullptr);  // beyond size_t
}
