#pragma once
// A compiled "pattern" keyword: the resource-quantity pattern is matched by a dedicated scanner (it is
// on every resources field of a pod spec), any other pattern by RE2 (core/regex.hpp).
#include <optional>
#include <string>
#include <string_view>

#include "core/regex.hpp"

namespace grovectl::schema {

class Pattern {
 public:
  static std::optional<Pattern> compile(std::string_view source, std::string& error);

  bool matches(std::string_view text) const;
  const std::string& source() const { return source_; }

 private:
  std::string source_;
  bool quantity_ = false;
  std::optional<Regex> regex_;
};

}  // namespace grovectl::schema
