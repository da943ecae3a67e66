#pragma once
// The "date-time" string format as the API server's format registry checks it (kube-openapi
// pkg/validation/strfmt/time.go, IsDateTime, at d427ff9ee9ad05f5da435abbb7c5929cb713ac56): lower-cased and
// split at 't', the part before the first 't' a date that exists (date.go's IsDate: Go's time.Parse with
// "2006-01-02", which refuses 2026-02-30), the part up to the next 't' the time of its DateTimePattern with
// hour <= 23, minute and second <= 59, then 'z' or a numeric offset.
#include <string_view>

namespace grovectl::schema {

bool is_date_time(std::string_view text);

}  // namespace grovectl::schema
