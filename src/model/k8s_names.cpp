#include "model/k8s_names.hpp"

#include <fmt/format.h>

namespace grovectl {
namespace {

constexpr size_t kLabelMax = 63;
constexpr size_t kSubdomainMax = 253;

bool lower_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}
bool alnum(char c) {
  return lower_alnum(c) || (c >= 'A' && c <= 'Z');
}

// [a-z0-9]([-a-z0-9]*[a-z0-9])?
bool matches_dns_label(std::string_view s) {
  if (s.empty() || !lower_alnum(s.front()) || !lower_alnum(s.back())) return false;
  for (char c : s) {
    if (!lower_alnum(c) && c != '-') return false;
  }
  return true;
}

// label(\.label)*
bool matches_dns_subdomain(std::string_view s) {
  size_t start = 0;
  while (true) {
    size_t dot = s.find('.', start);
    if (!matches_dns_label(s.substr(start, dot == std::string_view::npos ? dot : dot - start))) return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]
bool matches_label_name(std::string_view s) {
  if (s.empty() || !alnum(s.front()) || !alnum(s.back())) return false;
  for (char c : s) {
    if (!alnum(c) && c != '-' && c != '_' && c != '.') return false;
  }
  return true;
}

std::string max_len_error(size_t n) {
  return fmt::format("must be no more than {} characters", n);
}

// RegexError: "<msg> (e.g. 'a',  or 'b', regex used for validation is '<fmt>')", upstream spacing kept.
std::string regex_error(const std::string& msg, const std::string& pattern,
                        std::initializer_list<const char*> eg) {
  std::string out = msg + " (e.g. ";
  bool first = true;
  for (const char* e : eg) {
    if (!first) out += " or ";
    first = false;
    out += fmt::format("'{}', ", e);
  }
  return out + "regex used for validation is '" + pattern + "')";
}

// [a-z]([-a-z0-9]*[a-z0-9])?
bool matches_dns1035_label(std::string_view s) {
  return matches_dns_label(s) && s.front() >= 'a' && s.front() <= 'z';
}

// _?[a-z0-9]([-_a-z0-9]*[a-z0-9])?, joined by dots.
bool matches_dns_subdomain_with_underscore(std::string_view s) {
  size_t start = 0;
  while (true) {
    size_t dot = s.find('.', start);
    std::string_view label = s.substr(start, dot == std::string_view::npos ? dot : dot - start);
    if (!label.empty() && label.front() == '_') label.remove_prefix(1);
    if (label.empty() || !lower_alnum(label.front()) || !lower_alnum(label.back())) return false;
    for (char c : label) {
      if (!lower_alnum(c) && c != '-' && c != '_') return false;
    }
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// hasChDirPrefix: a key that would name a directory step.
void chdir_prefix_errors(std::string_view value, std::vector<std::string>& errs) {
  if (value == ".") {
    errs.push_back("must not be '.'");
  } else if (value == "..") {
    errs.push_back("must not be '..'");
  } else if (value.starts_with("..")) {
    errs.push_back("must not start with '..'");
  }
}

const char* const kLabelNameMsg =
    "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric "
    "character";
const char* const kLabelNameFmt = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";

}  // namespace

std::vector<std::string> dns1123_label_errors(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kLabelMax) errs.push_back(max_len_error(kLabelMax));
  if (!matches_dns_label(value)) {
    if (matches_dns_subdomain(value)) {
      errs.push_back("must not contain dots");
    } else {
      errs.push_back(
          regex_error("a lowercase RFC 1123 label must consist of lower case alphanumeric characters "
                      "or '-', and must start and end with an alphanumeric character",
                      "[a-z0-9]([-a-z0-9]*[a-z0-9])?", {"my-name", "123-abc"}));
    }
  }
  return errs;
}

std::vector<std::string> dns1123_subdomain_errors(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kSubdomainMax) errs.push_back(max_len_error(kSubdomainMax));
  if (!matches_dns_subdomain(value)) {
    errs.push_back(
        regex_error("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' "
                    "or '.', and must "
                    "start and end with an alphanumeric character",
                    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*", {"example.com"}));
  }
  return errs;
}

std::vector<std::string> dns1123_subdomain_with_underscore_errors(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kSubdomainMax) errs.push_back(max_len_error(kSubdomainMax));
  if (!matches_dns_subdomain_with_underscore(value)) {
    errs.push_back(regex_error(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', "
        "and must start and end with an alphanumeric character",
        "_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*", {"example.com"}));
  }
  return errs;
}

std::vector<std::string> dns1035_label_errors(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kLabelMax) errs.push_back(max_len_error(kLabelMax));
  if (!matches_dns1035_label(value)) {
    errs.push_back(
        regex_error("a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with "
                    "an alphabetic "
                    "character, and end with an alphanumeric character",
                    "[a-z]([-a-z0-9]*[a-z0-9])?", {"my-name", "abc-123"}));
  }
  return errs;
}

std::vector<std::string> label_key_errors(std::string_view value) {
  std::vector<std::string> errs;
  std::string_view name = value;
  size_t slash = value.find('/');
  if (slash != std::string_view::npos) {
    if (value.find('/', slash + 1) != std::string_view::npos) {
      errs.push_back("a valid label key " +
                     regex_error(kLabelNameMsg, kLabelNameFmt, {"MyName", "my.name", "123-abc"}) +
                     " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')");
      return errs;
    }
    std::string_view prefix = value.substr(0, slash);
    name = value.substr(slash + 1);
    if (prefix.empty()) {
      errs.push_back("prefix part must be non-empty");
    } else {
      for (const auto& m : dns1123_subdomain_errors(prefix)) errs.push_back("prefix part " + m);
    }
  }
  if (name.empty()) {
    errs.push_back("name part must be non-empty");
  } else if (name.size() > kLabelMax) {
    errs.push_back("name part " + max_len_error(kLabelMax));
  }
  if (!matches_label_name(name)) {
    errs.push_back("name part " +
                   regex_error(kLabelNameMsg, kLabelNameFmt, {"MyName", "my.name", "123-abc"}));
  }
  return errs;
}

std::vector<std::string> label_value_errors(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kLabelMax) errs.push_back(max_len_error(kLabelMax));
  if (!value.empty() && !matches_label_name(value)) {
    errs.push_back(
        regex_error("a valid label must be an empty string or consist of alphanumeric characters, '-', '_' "
                    "or '.', and must "
                    "start and end with an alphanumeric character",
                    "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?", {"MyValue", "my_value", "12345"}));
  }
  return errs;
}

std::vector<std::string> port_name_errors(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > 15) errs.push_back(max_len_error(15));
  bool charset = !value.empty(), letter = false;
  for (char c : value) {
    charset &= lower_alnum(c) || c == '-';
    letter |= c >= 'a' && c <= 'z';
  }
  if (!charset) errs.push_back("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
  if (!letter) errs.push_back("must contain at least one letter (a-z)");
  if (value.find("--") != std::string_view::npos) errs.push_back("must not contain consecutive hyphens");
  if (!value.empty() && (value.front() == '-' || value.back() == '-'))
    errs.push_back("must not begin or end with a hyphen");
  return errs;
}

std::vector<std::string> env_var_name_errors(std::string_view value) {
  std::vector<std::string> errs;
  if (value.empty()) errs.push_back("environment variable name must be non-empty");
  for (char c : value) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u > 0x7e || c == '=') {
      errs.push_back(
          "a valid environment variable name must consist only of printable ASCII characters other than '='");
      break;
    }
  }
  return errs;
}

std::vector<std::string> config_map_key_errors(std::string_view value) {
  std::vector<std::string> errs;
  if (value.size() > kSubdomainMax) errs.push_back(max_len_error(kSubdomainMax));
  bool charset = !value.empty();
  for (char c : value) charset &= alnum(c) || c == '-' || c == '.' || c == '_';
  if (!charset) {
    errs.push_back(regex_error("a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
                               "[-._a-zA-Z0-9]+", {"key.name", "KEY_NAME", "key-name"}));
  }
  chdir_prefix_errors(value, errs);
  return errs;
}

std::vector<std::string> http_header_name_errors(std::string_view value) {
  bool charset = !value.empty();
  for (char c : value) charset &= alnum(c) || c == '-';
  if (charset) return {};
  return {regex_error("a valid HTTP header must consist of alphanumeric characters or '-'", "[-A-Za-z0-9]+",
                      {"X-Header-Name"})};
}

std::vector<ValueProblem> domain_prefixed_path_errors(std::string_view value) {
  if (value.empty()) return {{"", "", true}};
  const size_t slash = value.find('/');
  if (slash == std::string_view::npos || slash == 0 || slash + 1 == value.size())
    return {{std::string(value), "must be a domain-prefixed path (such as \"acme.io/foo\")"}};
  std::vector<ValueProblem> out;
  const std::string_view host = value.substr(0, slash), path = value.substr(slash + 1);
  for (auto& msg : dns1123_subdomain_errors(host)) out.push_back({std::string(host), std::move(msg)});
  // RFC 3986 path characters: unreserved, percent-encoded octets, sub-delims, ':' and '/'.
  static constexpr std::string_view kPathPunctuation = "/-._~%!$&'()*+,;=:";
  for (char c : path) {
    if (!alnum(c) && kPathPunctuation.find(c) == std::string_view::npos) {
      out.push_back({std::string(path),
                     "Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')"});
      break;
    }
  }
  return out;
}

}  // namespace grovectl
