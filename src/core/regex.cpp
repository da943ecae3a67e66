#include "core/regex.hpp"

#include <re2/re2.h>

namespace grovectl {

std::optional<Regex> Regex::compile(std::string_view pattern, std::string& error) {
  RE2::Options options;  // UTF-8, Perl classes and \b, `.` not matching a newline: Go's defaults
  options.set_log_errors(false);
  auto re = std::make_shared<const RE2>(re2::StringPiece(pattern.data(), pattern.size()), options);
  if (!re->ok()) {
    error = re->error();
    return std::nullopt;
  }
  Regex out;
  out.re_ = std::move(re);
  return out;
}

bool Regex::search(std::string_view text) const {
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *re_);
}

const std::string& Regex::pattern() const {
  return re_->pattern();
}

}  // namespace grovectl
