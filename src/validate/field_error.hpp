#pragma once
// Grove's admission errors rendered the way apimachinery's field.Error prints them (kubernetes/apimachinery
// @v0.35.5 pkg/util/validation/field/errors.go), reported as located diagnostics.
#include <set>
#include <string>
#include <vector>

#include "core/diagnostic.hpp"
#include "core/go_values.hpp"  // go_quote, go_json
#include "core/json.hpp"
#include "yaml/document.hpp"

namespace grovectl {

// Reports Grove admission findings for one document. `pointer` locates the offending node;
// `path` is Grove's field path, printed in the message exactly as the webhook would.
class FieldErrors {
 public:
  FieldErrors(const SourceDocument& doc, Diagnostics& diags) : doc_(doc), diags_(diags) {}

  void invalid(const std::string& rule, const std::string& pointer, const std::string& path,
               const std::string& value, const std::string& detail);
  void required(const std::string& rule, const std::string& pointer, const std::string& path,
                const std::string& detail);
  void duplicate(const std::string& rule, const std::string& pointer, const std::string& path,
                 const std::string& value);
  void forbidden(const std::string& rule, const std::string& pointer, const std::string& path,
                 const std::string& detail);
  // A message without the "<path>: <Type>" prefix (scheduler backends' plain errors).
  void plain(const std::string& rule, const std::string& pointer, const std::string& path,
             const std::string& message);
  void warning(const std::string& rule, const std::string& pointer, const std::string& path,
               const std::string& message);

  const SourceDocument& doc() const { return doc_; }
  size_t error_count() const { return diags_.error_count(); }

 private:
  void emit(Severity severity, const std::string& rule, const std::string& pointer, const std::string& path,
            const std::string& message);
  const SourceDocument& doc_;
  Diagnostics& diags_;
};

// Collects the repeated names of one list the way Grove's callers do (lo.FindDuplicates: each repeated
// name once, in order of its first repeat), for one field.Duplicate whose value is that []string, printed
// as a JSON list (as Grove's pcs/validation/podcliqueset_test.go asserts), located at the first repeat.
class RepeatedNames {
 public:
  void add(const std::string& name, const std::string& pointer);
  // Reports them, if any, as `<path>: Duplicate value: ["a","b"]`.
  void report(FieldErrors& fe, const std::string& rule, const std::string& path) const;

 private:
  std::set<std::string> seen_;
  std::vector<std::string> repeated_;
  std::string first_pointer_;
};

}  // namespace grovectl
