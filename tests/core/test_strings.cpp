// core/strings.hpp: the small helpers every layer shares. join follows Go's strings.Join (the example of its
// documentation, https://pkg.go.dev/strings#Join: ["foo", "bar", "baz"] with ", " is "foo, bar, baz"), which
// Grove's messages are built with: an empty item keeps its separators.
#include <catch2/catch.hpp>

#include "core/strings.hpp"

using namespace grovectl;

TEST_CASE("strings: trim, to_lower and join", "[core][strings]") {
  CHECK(trim("  queue-a\t\r\n") == "queue-a");
  CHECK(trim("a b") == "a b");
  CHECK(trim(" \t\r\n").empty());
  CHECK(trim("").empty());
  CHECK(trim("\vx\f") == "x");  // vertical tab and form feed too, as Go's strings.TrimSpace
  CHECK(to_lower("PodCliqueSet") == "podcliqueset");
  CHECK(to_lower("2026-11-01T00:00:00Z") == "2026-11-01t00:00:00z");
  CHECK(to_lower("\xC3\x89t\xC3\xA9") == "\xC3\x89t\xC3\xA9");  // "Été": bytes beyond ASCII are kept
  CHECK(join({"foo", "bar", "baz"}, ", ") == "foo, bar, baz");
  CHECK(join({}, ",").empty());
  CHECK(join({"one"}, ",") == "one");
  CHECK(join({"", "b", ""}, ",") == ",b,");
}

TEST_CASE("strings: parse_decimal takes digits only, within the type", "[core][strings]") {
  CHECK(parse_decimal<int64_t>("1767225600000000000") == int64_t{1767225600000000000});
  CHECK(parse_decimal<int64_t>("9223372036854775807") == INT64_MAX);
  CHECK_FALSE(parse_decimal<int64_t>("9223372036854775808"));  // one past int64
  CHECK(parse_decimal<int32_t>("0") == 0);
  CHECK_FALSE(parse_decimal<int32_t>("2147483648"));
  for (const char* not_decimal : {"", "-1", "-0", "+1", " 1", "1 ", "1e3", "0x10", "١"})
    CHECK_FALSE(parse_decimal<int64_t>(not_decimal));
}
