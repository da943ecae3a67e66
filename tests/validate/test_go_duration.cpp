// Go durations as time.ParseDuration reads them (Grove's terminationDelay and rollingUpdate
// progressDeadline are metav1.Duration). The cases are parseDurationTests in golang/go src/time/time_test.go
// at go1.22.0, with each value worked out by hand in nanoseconds; the overflow cases are left out (grovectl
// does not bound the value).
#include <catch2/catch.hpp>
#include <string>

#include "validate/grove_rules.hpp"

using grovectl::parse_go_duration;

TEST_CASE("go duration: the values time.ParseDuration gives", "[validate][duration]") {
  struct Case {
    const char* text;
    long double nanoseconds;
  };
  const Case cases[] = {
      {"0", 0},
      {"5s", 5e9L},
      {"1478s", 1478e9L},
      {"-5s", -5e9L},
      {"+5s", 5e9L},
      {"-0", 0},
      {"5.6s", 5.6e9L},
      {"5.s", 5e9L},
      {".5s", 0.5e9L},
      {"1.004s", 1.004e9L},
      {"100.00100s", 100.001e9L},
      {"10ns", 10},
      {"11us", 11e3L},
      {"12\xC2\xB5s", 12e3L},  // µ, U+00B5
      {"12\xCE\xBCs", 12e3L},  // μ, U+03BC
      {"13ms", 13e6L},
      {"15m", 15 * 60e9L},
      {"16h", 16 * 3600e9L},
      {"3h30m", 3.5L * 3600e9L},
      {"10.5s4m", 4 * 60e9L + 10.5e9L},
      {"-2m3.4s", -(2 * 60e9L + 3.4e9L)},
      {"1h2m3s4ms5us6ns", 3723004005006.0L},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    const auto parsed = parse_go_duration(c.text);
    REQUIRE(parsed);
    CHECK(*parsed == Approx(c.nanoseconds).margin(1e-3));
  }
}

TEST_CASE("go duration: what time.ParseDuration refuses", "[validate][duration]") {
  for (const char* text : {"", "3", "-", "s", ".", "-.", ".s", "+.s", "1d", "1h 2m", "\x85\x85",
                           "\xff"
                           "fff",
                           "hello \xff"
                           "fff world",
                           "5\xB5s"}) {
    INFO(text);
    CHECK_FALSE(parse_go_duration(text));
  }
}
