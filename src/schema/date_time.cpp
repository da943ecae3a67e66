#include "schema/date_time.hpp"

#include <charconv>
#include <chrono>
#include <string>

#include "core/regex.hpp"
#include "core/strings.hpp"

namespace grovectl::schema {
namespace {

// Exactly `text.size()` ASCII digits, as a number.
bool decimal(std::string_view text, unsigned& out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos) return false;
  return std::from_chars(text.data(), text.data() + text.size(), out).ec == std::errc();
}

// YYYY-MM-DD naming a day of the proleptic Gregorian calendar, as time.Parse reads "2006-01-02": four
// digits, two, two, the month 01-12 and the day within that month of that year.
bool is_date(std::string_view d) {
  unsigned year = 0, month = 0, day = 0;
  if (d.size() != 10 || d[4] != '-' || d[7] != '-' || !decimal(d.substr(0, 4), year) ||
      !decimal(d.substr(5, 2), month) || !decimal(d.substr(8, 2), day))
    return false;
  using namespace std::chrono;
  return year_month_day(std::chrono::year(static_cast<int>(year)), std::chrono::month(month),
                        std::chrono::day(day))
      .ok();
}

// strfmt's DateTimePattern, matched by RE2 as Go's regexp matches it ('.' before the fraction is any one
// character but a newline).
bool is_time(std::string_view t) {
  static const Regex pattern =
      Regex::known(R"(^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$)");
  // A match fixes the digits' places: hh at 0, mm at 3, ss at 6.
  return pattern.search(t) && t.substr(0, 2) <= "23" && t.substr(3, 2) <= "59" && t.substr(6, 2) <= "59";
}

}  // namespace

bool is_date_time(std::string_view text) {
  if (text.size() < 4) return false;
  const std::string lower = to_lower(text);
  const std::string_view s = lower;
  const size_t t = s.find('t');
  if (t == std::string_view::npos || !is_date(s.substr(0, t))) return false;
  const size_t end = s.find('t', t + 1);
  return is_time(s.substr(t + 1, end == std::string_view::npos ? end : end - t - 1));
}

}  // namespace grovectl::schema
