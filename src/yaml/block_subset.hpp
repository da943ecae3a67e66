#pragma once
// A reader for the block-style subset of YAML that `kubectl get -o yaml`, `helm template` and grovectl
// itself write: block mappings and sequences (also a sequence at its key's indentation), plain and
// single-line quoted scalars, one-line flow sequences of scalars, `|` and `|-` literal blocks, `{}` and
// `[]`, comments and `---` markers. It yields, for one document at a time, exactly the parse events
// libyaml would, with the same marks; anything else (anchors, tags, flow mappings and nested flow
// collections, multi-line plain or quoted scalars, tabs, other line breaks, and every syntax error)
// makes it step aside, and libyaml reads the document. libyaml spends most of a large input's parse in
// its token queue; this reader walks lines instead.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace grovectl {

// How a scalar was written: without quotes (its type is resolved from its text) or quoted (a string).
enum class ScalarStyle : uint8_t { kPlain, kQuoted };

// One parse event, marked as libyaml marks its start (0-based line and column, columns in characters).
struct SubsetEvent {
  enum class Kind : uint8_t { kScalar, kMappingStart, kSequenceStart, kCollectionEnd };
  Kind kind = Kind::kScalar;
  ScalarStyle style = ScalarStyle::kPlain;  // scalars
  bool is_flow = false;                     // collection starts: written [...] or {...}
  size_t line = 0;
  size_t column = 0;
  std::string value;     // a scalar's text
  uint32_t entries = 0;  // a collection start's: how many keys or items it has (the reader sizes with it)
};

struct SubsetDocument {
  size_t start_line = 0;  // the document start's mark
  size_t start_column = 0;
  std::vector<SubsetEvent> events;  // between the document's start and end
  size_t end_offset = 0;            // just past the document: its end marker line, or the end of the text
  size_t end_line = 0;
};

enum class SubsetRead {
  kDocument,       // `out` holds the next document
  kEndOfText,      // nothing but comments and blank lines remain
  kOutsideSubset,  // libyaml must read from `offset` on
};

// Whether the subset reader may read `text` at all: libyaml also breaks lines at CR, NEL, LS and PS and
// skips byte order marks, which the line walk does not follow.
bool subset_may_read(std::string_view text);

// Reads the document that starts at byte `offset` of `text`, which is the start of the text or of a
// "---" line; `line` is that offset's 0-based line in the stream. Steps aside once a document would
// need more than `max_events` events (the caller's node budget decides).
SubsetRead read_subset_document(std::string_view text, size_t offset, size_t line, size_t max_events,
                                SubsetDocument& out);

}  // namespace grovectl
