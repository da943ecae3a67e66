#pragma once
// Errors and warnings as values, each with a source location and a field path.
#include <string>
#include <utility>
#include <vector>

namespace grovectl {

struct Location {
  std::string file;  // "-" for stdin, empty when unknown
  int line = 0;      // 1-based; 0 when unknown
  int column = 0;    // 1-based; 0 when unknown
};

enum class Severity { kError, kWarning };

struct Diagnostic {
  Severity severity = Severity::kError;
  std::string rule;     // stable rule id, e.g. "yaml/syntax" or "grove/clique-min-available"
  std::string message;  // human text
  Location location;
  std::string field;  // dotted field path, e.g. spec.template.cliques[0].spec.roleName
};

// Accumulates diagnostics across a pipeline stage; stages return values and report here.
class Diagnostics {
 public:
  // Adds `d` with its message and field path bounded (core/text_excerpt.hpp).
  void add(Diagnostic d);
  void error(std::string rule, std::string message, Location loc = {}, std::string field = {});
  void warning(std::string rule, std::string message, Location loc = {}, std::string field = {});
  void append(const Diagnostics& other);
  bool has_errors() const;
  size_t error_count() const;
  size_t warning_count() const;
  const std::vector<Diagnostic>& items() const { return items_; }
  bool empty() const { return items_.empty(); }
  // Hands over every diagnostic so far and starts empty again (for a reader's findings taken as they come).
  std::vector<Diagnostic> take() { return std::exchange(items_, {}); }

 private:
  std::vector<Diagnostic> items_;
};

// "file:line:col: error: message (field: path) [rule]" in the GNU style.
std::string format_diagnostic(const Diagnostic& d);
std::string format_location(const Location& loc);

}  // namespace grovectl
