#pragma once
// Where a YAML stream can be cut into pieces that parse on their own: before each "---" line at column 0.
// libyaml treats such a line as a document start everywhere (inside a quoted or flow scalar it is a
// syntax error), so each piece parses to the same documents as the whole stream does at that point;
// the reader parses large streams piece by piece on every core, and whenever a piece reports anything
// it parses the rest in one piece again, so diagnostics stay those of one sequential parse.
#include <cstddef>
#include <string_view>
#include <vector>

namespace grovectl {

struct StreamSlice {
  size_t offset = 0;      // of the slice's first byte in the stream
  size_t size = 0;        // bytes
  size_t first_line = 0;  // 0-based line of `offset`
};

// The slices of `text` in order (together they cover it), or nothing when the stream has a directive
// line ("%YAML", "%TAG": they bind to the document after them, which a cut would separate) or a line
// break other than LF (CR, NEL, U+2028, U+2029: libyaml counts them too, and slices carry line numbers).
std::vector<StreamSlice> stream_slices(std::string_view text);

}  // namespace grovectl
