#include "core/regex.hpp"

#include <re2/re2.h>

#include <cstdio>
#include <cstdlib>

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

Regex Regex::known(std::string_view pattern) {
  std::string error;
  auto re = compile(pattern, error);
  if (!re) {
    std::fprintf(stderr, "grovectl: internal error: pattern %.*s: %s\n", static_cast<int>(pattern.size()),
                 pattern.data(), error.c_str());
    std::abort();
  }
  return *std::move(re);
}

bool Regex::search(std::string_view text) const {
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), *re_);
}

bool Regex::full_match(std::string_view text) const {
  return RE2::FullMatch(re2::StringPiece(text.data(), text.size()), *re_);
}

std::optional<std::vector<std::string_view>> Regex::match_at_start(std::string_view text) const {
  std::vector<re2::StringPiece> pieces(1 + static_cast<size_t>(re_->NumberOfCapturingGroups()));
  if (!re_->Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::ANCHOR_START,
                  pieces.data(), static_cast<int>(pieces.size())))
    return std::nullopt;
  std::vector<std::string_view> out;
  out.reserve(pieces.size());
  for (const auto& piece : pieces) out.emplace_back(piece.data(), piece.size());
  return out;
}

const std::string& Regex::pattern() const {
  return re_->pattern();
}

}  // namespace grovectl
