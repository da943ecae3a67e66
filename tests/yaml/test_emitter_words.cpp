// The emitter's fast path for names and keys (is_plain_word) reads eight bytes at a time, the last eight
// overlapping the ones before. These cases put every byte at every position of words whose lengths straddle
// those reads, so a byte the fast path let through unquoted would show in the text or fail to read back.
#include <catch2/catch.hpp>
#include <string>

#include "input/loader.hpp"
#include "yaml/emitter.hpp"

using namespace grovectl;

namespace {

// Lengths below, at and past one and two eight-byte reads.
constexpr size_t kLengths[] = {1, 4, 7, 8, 9, 15, 16, 17, 23, 24, 25};

// A letter-led word of `length` bytes of letters and digits.
std::string word_of_length(size_t length) {
  const std::string letters_and_digits = "aZ09mQ";
  std::string word;
  for (size_t i = 0; i < length; ++i) word += letters_and_digits[i % letters_and_digits.size()];
  return word;
}

bool is_word_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
         c == '_' || c == '/';
}

// `s` as a key and as a value: the text written, which must read back as one document equal to the object.
std::string written_and_read_back(const std::string& s) {
  const Json object = Json::object({{s, s}});
  const std::string text = to_yaml(object);
  Diagnostics diags;
  const auto docs = load_text(text, "emitted.yaml", diags);
  INFO(text);
  REQUIRE_FALSE(diags.has_errors());
  REQUIRE(docs.size() == 1);
  CHECK(docs[0].value == object);
  return text;
}

}  // namespace

TEST_CASE("emitter: a word of word bytes is plain at every length") {
  // Plain by YAML's rules: a letter first, then letters, digits and "-._/" only, and not a boolean or null
  // spelling (none of these words is one). Each of "-._/" is tried at each position after the first.
  for (size_t length : kLengths) {
    const std::string word = word_of_length(length);
    INFO(word);
    CHECK(written_and_read_back(word) == word + ": " + word + "\n");
    for (size_t at = 1; at < length; ++at) {
      for (char mark : {'-', '.', '_', '/'}) {
        std::string marked = word;
        marked[at] = mark;
        INFO(marked);
        CHECK(written_and_read_back(marked) == marked + ": " + marked + "\n");
      }
    }
  }
}

TEST_CASE("emitter: every other ASCII byte at every position of a word reads back, controls quoted") {
  for (size_t length : kLengths) {
    for (size_t at = 0; at < length; ++at) {
      for (int byte = 1; byte < 0x80; ++byte) {
        if (is_word_byte(static_cast<unsigned char>(byte))) continue;
        std::string s = word_of_length(length);
        s[at] = static_cast<char>(byte);
        INFO("length " << length << ", byte " << byte << " at " << at);
        const std::string text = written_and_read_back(s);
        // YAML has no plain or single-quoted form for a control: the key and the value are double-quoted
        // (a line break in a value may also be a literal block).
        if ((byte < 0x20 && byte != '\n') || byte == 0x7F) CHECK(text.find('"') == 0);
      }
    }
  }
}

TEST_CASE("emitter: escaped code points and quoting pairs at every position of a word read back") {
  // The C1 control NEL, the YAML 1.1 line separator and a byte order mark are written escaped; ": " and " #"
  // end a plain scalar or start a comment; "é" is plain text.
  for (const std::string inserted : {"\xC2\x85", "\xE2\x80\xA8", "\xEF\xBB\xBF", ": ", " #", "\xC3\xA9"}) {
    for (size_t length : kLengths) {
      for (size_t at = 1; at <= length; ++at) {
        std::string s = word_of_length(length);
        s.insert(at, inserted);
        INFO("length " << length << ", inserted at " << at);
        written_and_read_back(s);
      }
    }
  }
}
