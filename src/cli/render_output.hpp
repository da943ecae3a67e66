#pragma once
// render's output on standard output: each object as text for -o yaml, json or name, held in a spool until
// the whole render has succeeded.
#include <ostream>
#include <string>

#include "core/json.hpp"
#include "core/spool.hpp"

namespace grovectl {

enum class TextFormat { kYaml, kJson, kName };

// -o's value ("yaml", "json", "name").
TextFormat text_format(const std::string& output);

// The text of one object. Pure, so that the sources rendered side by side format on every core.
std::string object_text(TextFormat format, const Json& object);

// The output, built object by object and printed only when the whole render succeeded, so errors never
// leave partial output. It waits in a spool (a temporary file beyond 64 KiB), not in memory.
class OutputText {
 public:
  explicit OutputText(TextFormat format) : format_(format) {}

  // One object's object_text().
  void append(std::string&& text);
  // After the last object: -o json closes its List.
  void finish();

  size_t bytes() const { return spool_.size(); }
  void print(std::ostream& out) { spool_.copy_to(out); }

 private:
  void append_json_document(std::string&& text);
  void append_item(const std::string& text);

  const TextFormat format_;
  Spool spool_;
  size_t documents_ = 0;
  std::string first_;  // -o json: the first object, alone unless another follows
};

}  // namespace grovectl
