#pragma once
// Resolution of plain (unquoted) YAML scalars the way Kubernetes reads them (YAML 1.1 booleans included).
#include <optional>
#include <string>
#include <string_view>

#include "core/json.hpp"

namespace grovectl {

enum class ScalarError { kNone, kIntegerOverflow };

struct ResolvedScalar {
  Json value;
  ScalarError error = ScalarError::kNone;
};

ResolvedScalar resolve_plain_scalar(std::string_view text);

// True when `text`, written as a plain scalar, is YAML's null ("", "~", "null", "Null", "NULL").
bool plain_scalar_is_null(std::string_view text);

// True when `text`, written as a plain scalar, would be read back as something other than this string
// by YAML 1.1 or 1.2 readers (numbers, booleans, null, timestamps, ...).
bool plain_scalar_is_ambiguous(std::string_view text);

}  // namespace grovectl
