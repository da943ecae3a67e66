#include "schema/date_time.hpp"

#include <cctype>
#include <string>

namespace grovectl::schema {
namespace {

bool digits(std::string_view s, size_t from, size_t count) {
  if (from + count > s.size()) return false;
  for (size_t i = from; i < from + count; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(s[i]))) return false;
  }
  return true;
}

// ^([0-9]{4})-([0-9]{2})-([0-9]{2})$ with month 01-12 and day 01-31 (strfmt IsDate).
bool is_date(std::string_view d) {
  if (d.size() != 10 || !digits(d, 0, 4) || d[4] != '-' || !digits(d, 5, 2) || d[7] != '-' ||
      !digits(d, 8, 2))
    return false;
  std::string_view month = d.substr(5, 2), day = d.substr(8, 2);
  return month >= "01" && month <= "12" && day >= "01" && day <= "31";
}

// ^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$ with hh <= 23, mm and ss <= 59.
bool is_time(std::string_view t) {
  if (!digits(t, 0, 2) || t.size() < 8 || t[2] != ':' || !digits(t, 3, 2) || t[5] != ':' || !digits(t, 6, 2))
    return false;
  size_t pos = 8;
  if (pos < t.size() && t[pos] != 'z' && t[pos] != '+' && t[pos] != '-') {
    ++pos;  // any one character, then digits (the regex's unescaped '.')
    size_t start = pos;
    while (pos < t.size() && std::isdigit(static_cast<unsigned char>(t[pos]))) ++pos;
    if (pos == start) return false;
  }
  std::string_view zone = t.substr(pos);
  bool zone_ok = zone == "z" || (zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') &&
                                 digits(zone, 1, 2) && zone[3] == ':' && digits(zone, 4, 2));
  return zone_ok && t.substr(0, 2) <= "23" && t.substr(3, 2) <= "59" && t.substr(6, 2) <= "59";
}

}  // namespace

bool is_date_time(std::string_view text) {
  if (text.size() < 4) return false;
  std::string lower(text);
  for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  size_t t = lower.find('t');
  if (t == std::string::npos || !is_date(std::string_view(lower).substr(0, t))) return false;
  size_t end = lower.find('t', t + 1);
  return is_time(std::string_view(lower).substr(t + 1, end == std::string::npos ? end : end - t - 1));
}

}  // namespace grovectl::schema
