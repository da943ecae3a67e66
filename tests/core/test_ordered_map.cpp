// Json's object type (src/core/ordered_map.hpp): insertion order, unique keys, and growth that moves
// values instead of copying them.
#include <catch2/catch.hpp>
#include <string_view>

#include "core/json.hpp"

using grovectl::Json;

TEST_CASE("ordered map: keys keep their insertion order, and a repeated key updates in place", "[core]") {
  Json j = Json::object();
  j["zeta"] = 1;
  j["alpha"] = 2;
  j["mid"] = 3;
  j["alpha"] = 20;
  REQUIRE(j.dump() == R"({"zeta":1,"alpha":20,"mid":3})");
}

TEST_CASE("ordered map: growing an object moves its values, so their payloads stay where they are",
          "[core]") {
  // nlohmann's own ordered_map stores pair<const key, value>, which std::vector copies when it grows:
  // every earlier value became a deep copy at a new address. The reader's anchors rely on the payload
  // of a finished value staying put while its mapping grows.
  Json j = Json::object();
  j["first"] = Json{{"nested", std::string(100, 'x')}};
  const std::string* payload = j["first"]["nested"].get_ptr<const std::string*>();
  for (int i = 0; i < 1000; ++i) j["key" + std::to_string(i)] = i;
  REQUIRE(j["first"]["nested"].get_ptr<const std::string*>() == payload);
}

TEST_CASE("ordered map: lookups take any string-like key, and erase keeps the order of the rest", "[core]") {
  Json j = {{"a", 1}, {"b", 2}, {"c", 3}};
  REQUIRE(j.contains(std::string_view("b")));
  REQUIRE(j.count("missing") == 0);
  REQUIRE(j.erase("b") == 1);
  REQUIRE(j.erase("b") == 0);
  REQUIRE(j.dump() == R"({"a":1,"c":3})");
  j.erase(j.begin());
  REQUIRE(j.dump() == R"({"c":3})");
  REQUIRE_THROWS_AS(j.at("a"), Json::out_of_range);
}

TEST_CASE("ordered map: equal objects compare equal only in the same key order, as before", "[core]") {
  REQUIRE(Json::parse(R"({"a":1,"b":2})") == Json{{"a", 1}, {"b", 2}});
  REQUIRE(Json{{"a", 1}, {"b", 2}} != Json{{"b", 2}, {"a", 1}});
}

TEST_CASE("ordered map: a key is found only by a key of the same bytes and length", "[core]") {
  // find() measures the key once and compares lengths first; a prefix, a longer key and a key holding a
  // NUL byte must still tell apart.
  Json j = Json::object();
  j[std::string("a\0b", 3)] = 1;
  j["name"] = 2;
  j["namespace"] = 3;
  j["a"] = 4;
  CHECK(j.at("a") == 4);
  CHECK(j.at(std::string("a\0b", 3)) == 1);
  CHECK(j.at("name") == 2);
  CHECK(j.at(std::string_view("namespace")) == 3);
  CHECK(j.count("nam") == 0);
  CHECK(j.count("names") == 0);
  const char* key = "namespace";
  CHECK(j.find(key).value() == 3);
}

TEST_CASE("ordered map: an object built key by key keeps its members in place up to its fourth key",
          "[core]") {
  // Built objects (a PodGroup's metadata, a gang policy) mostly hold a few members; growing from one slot
  // moved them at the second and the third key.
  Json j = Json::object();
  j["name"] = "a";
  const auto* first = &j.get_ref<const Json::object_t&>().front();
  j["namespace"] = "b";
  j["labels"] = Json::object();
  j["annotations"] = Json::object();
  CHECK(&j.get_ref<const Json::object_t&>().front() == first);
  CHECK(j.dump() == R"({"name":"a","namespace":"b","labels":{},"annotations":{}})");
}
