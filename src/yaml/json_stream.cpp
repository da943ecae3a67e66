#include "yaml/json_stream.hpp"

#include <fmt/format.h>

#include "core/json.hpp"
#include "yaml/prescan.hpp"

namespace grovectl {
namespace {

bool is_json_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

size_t skip_blanks(std::string_view text, size_t at) {
  while (at < text.size() && is_json_blank(text[at])) ++at;
  return at;
}

// Validates the grammar and keeps nothing; remembers whether a whole value was read before an error.
class GrammarCheck : public nlohmann::json_sax<Json> {
 public:
  bool null() override { return value(); }
  bool boolean(bool) override { return value(); }
  bool number_integer(number_integer_t) override { return value(); }
  bool number_unsigned(number_unsigned_t) override { return value(); }
  bool number_float(number_float_t, const string_t&) override { return value(); }
  bool string(string_t&) override { return value(); }
  bool binary(binary_t&) override { return value(); }
  bool start_object(std::size_t) override { return open(); }
  bool key(string_t&) override { return true; }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    error_position = position;
    error = e.what();
    return false;
  }

  bool whole_value = false;   // a complete value was read (the error, if any, comes after it)
  size_t error_position = 0;  // bytes read when the error was found, the failing token's last included
  std::string error;

 private:
  bool value() {
    whole_value = whole_value || depth_ == 0;
    return true;
  }
  bool open() {
    ++depth_;
    return true;
  }
  bool close() {
    --depth_;
    return value();
  }
  size_t depth_ = 0;
};

// Just past the JSON value that starts at `at` and is known to be valid: brackets are counted outside
// strings.
size_t end_of_value(std::string_view text, size_t at) {
  size_t depth = 0;
  for (size_t i = at; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"'; ++i) i += text[i] == '\\' ? 1 : 0;
      if (depth == 0) return i + 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    } else if (depth == 0 && (is_json_blank(c) || c == ',')) {
      return i;  // the end of a number or a literal
    }
  }
  return text.size();
}

// nlohmann's text after "parse error at line L, column C: ", which the caller's location replaces.
std::string detail_of(const std::string& what) {
  const size_t column = what.find(", column ");
  const size_t colon = column == std::string::npos ? std::string::npos : what.find(": ", column);
  return colon == std::string::npos ? what : what.substr(colon + 2);
}

// What a YAML writer most often leaves in a JSON file, said plainly, with where to point; or nothing.
std::optional<std::pair<std::string, size_t>> hint_at(std::string_view text, size_t at) {
  const char c = text[at];
  size_t before = at;
  while (before > 0 && is_json_blank(text[before - 1])) --before;
  if ((c == '}' || c == ']') && before > 0 && text[before - 1] == ',')
    return std::pair{fmt::format("a comma before '{}' (JSON allows no trailing comma)", c), before - 1};
  if (c == '/' || c == '#') return std::pair{std::string("a comment (JSON has none)"), at};
  if (c == '\'') return std::pair{std::string("a string in single quotes (JSON quotes with \")"), at};
  return std::nullopt;
}

}  // namespace

bool starts_as_json(std::string_view text) {
  const size_t first = skip_blanks(text, 0);
  return first < text.size() && text[first] == '{';
}

std::optional<std::vector<size_t>> json_value_starts(std::string_view text, const std::string& file,
                                                     Diagnostics& diags) {
  std::vector<size_t> starts;
  for (size_t at = skip_blanks(text, 0); at < text.size(); at = skip_blanks(text, end_of_value(text, at))) {
    GrammarCheck check;
    const std::string_view rest = text.substr(at);
    if (!Json::sax_parse(rest.begin(), rest.end(), &check)) {
      if (!check.whole_value) {
        const size_t failed = at + std::min(check.error_position, rest.size()) - (check.error_position > 0);
        const auto hint = hint_at(text, failed);
        const Position p = position_at_offset(text, hint ? hint->second : failed);
        diags.error(
            "json/syntax",
            fmt::format("invalid JSON: {} (an input that starts with '{{' is read as JSON, as kubectl "
                        "reads it)",
                        hint ? hint->first : detail_of(check.error)),
            Location{file, p.line, p.column});
        return std::nullopt;
      }
    }
    starts.push_back(at);
  }
  return starts;
}

}  // namespace grovectl
