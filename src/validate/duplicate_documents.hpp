#pragma once
// Two input documents for one object (same kind, namespace and name): the API server would keep only the
// one applied last, and render would emit objects for both. Reported at the later document, naming the
// location of the earlier one.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "model/options.hpp"

namespace grovectl {

// Where one object may be defined once: in all the inputs together (the default: one kubectl apply of
// them all), or in each file (--duplicate-scope file: a folder of independent examples, each applied alone).
enum class DuplicateScope { kAcrossInputs, kPerFile };

// The first document of each object across the inputs, by its ordinal (its place in the input order).
// Holds a key and a position per object, never a document, so validate can gather it in a first pass over
// inputs too large to keep.
class FirstDefinitions {
 public:
  FirstDefinitions(const RenderOptions& options, DuplicateScope scope) : options_(options), scope_(scope) {}
  void add(const ClassifiedDocument& doc, size_t ordinal);
  // input/duplicate-object at `doc` when an earlier document defines the same object.
  void check(const ClassifiedDocument& doc, size_t ordinal, Diagnostics& diags) const;

 private:
  struct First {
    size_t ordinal = 0;
    uint32_t file = 0;  // index into files_
    int line = 0;
    int column = 0;
  };
  std::string key_of(const ClassifiedDocument& doc) const;
  RenderOptions options_;
  DuplicateScope scope_;
  std::unordered_map<std::string, First> first_;
  std::vector<std::string> files_;
};

}  // namespace grovectl
