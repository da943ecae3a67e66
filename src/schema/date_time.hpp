#pragma once
// The "date-time" string format as the API server's format registry checks it (kube-openapi
// pkg/validation/strfmt, IsDateTime): an RFC 3339 full-date, 'T', partial-time with optional fraction,
// then 'Z' or a numeric offset (case-insensitive T and Z).
#include <string_view>

namespace grovectl::schema {

bool is_date_time(std::string_view text);

}  // namespace grovectl::schema
