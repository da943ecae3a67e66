#pragma once
// The path of the node being checked, kept as a stack of keys and indexes so the JSON pointer and the
// API server's field path are only spelled out when a finding needs them.
#include <string>
#include <vector>

namespace grovectl::schema {

class FieldPath {
 public:
  void push_key(const std::string& key) { segments_.push_back({&key, 0}); }
  void push_index(size_t index) { segments_.push_back({nullptr, index}); }
  void pop() { segments_.pop_back(); }
  size_t depth() const { return segments_.size(); }

  // "/spec/template/cliques/0/name" (RFC 6901 escapes).
  std::string pointer() const;
  // "spec.template.cliques[0].name": keys joined with '.', indexes in brackets, as field.Path prints.
  std::string field() const;

 private:
  struct Segment {
    const std::string* key;  // nullptr for an index
    size_t index;
  };
  std::vector<Segment> segments_;
};

}  // namespace grovectl::schema
