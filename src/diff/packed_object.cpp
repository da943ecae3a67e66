#include "diff/packed_object.hpp"

#include <cstring>
#include <stdexcept>

#include "core/json_release.hpp"
#include "diff/pod_identity.hpp"

namespace grovectl::diff {
namespace {

// The format: a tag byte per value; numbers as their 8 bytes in this machine's order; strings, keys and
// container sizes as a LEB128 length first. Recursion follows the tree's depth, which the reader and the
// render already bound.
enum class Tag : char { kNull, kFalse, kTrue, kInteger, kUnsigned, kFloat, kString, kArray, kObject };

void put_size(std::string& out, size_t n) {
  while (n >= 0x80) {
    out += static_cast<char>((n & 0x7f) | 0x80);
    n >>= 7;
  }
  out += static_cast<char>(n);
}

void put_text(std::string& out, const std::string& text) {
  put_size(out, text.size());
  out += text;
}

template <typename Number>
void put_number(std::string& out, Tag tag, Number n) {
  out += static_cast<char>(tag);
  char raw[sizeof(Number)];
  std::memcpy(raw, &n, sizeof(Number));
  out.append(raw, sizeof(Number));
}

void put_value(std::string& out, const Json& v) {
  switch (v.type()) {
    case Json::value_t::null:
    case Json::value_t::discarded:
      out += static_cast<char>(Tag::kNull);
      return;
    case Json::value_t::boolean:
      out += static_cast<char>(v.get<bool>() ? Tag::kTrue : Tag::kFalse);
      return;
    case Json::value_t::number_integer:
      return put_number(out, Tag::kInteger, v.get<Json::number_integer_t>());
    case Json::value_t::number_unsigned:
      return put_number(out, Tag::kUnsigned, v.get<Json::number_unsigned_t>());
    case Json::value_t::number_float:
      return put_number(out, Tag::kFloat, v.get<Json::number_float_t>());
    case Json::value_t::string:
      out += static_cast<char>(Tag::kString);
      return put_text(out, v.get_ref<const std::string&>());
    case Json::value_t::array:
      out += static_cast<char>(Tag::kArray);
      put_size(out, v.size());
      for (const auto& item : v) put_value(out, item);
      return;
    case Json::value_t::object:
      out += static_cast<char>(Tag::kObject);
      put_size(out, v.size());
      for (const auto& [key, value] : v.get_ref<const Json::object_t&>()) {
        put_text(out, key);
        put_value(out, value);
      }
      return;
    case Json::value_t::binary:
      break;
  }
  throw std::logic_error("a diff object holds a binary value");  // no reader or render makes one
}

class Unpacker {
 public:
  explicit Unpacker(const std::string& bytes) : at_(bytes.data()), end_(bytes.data() + bytes.size()) {}

  // Keys are unique (it was a tree), so members are appended without a lookup.
  void value(Json& out) {
    switch (static_cast<Tag>(byte())) {
      case Tag::kNull:
        out = nullptr;
        return;
      case Tag::kFalse:
        out = false;
        return;
      case Tag::kTrue:
        out = true;
        return;
      case Tag::kInteger:
        out = number<Json::number_integer_t>();
        return;
      case Tag::kUnsigned:
        out = number<Json::number_unsigned_t>();
        return;
      case Tag::kFloat:
        out = number<Json::number_float_t>();
        return;
      case Tag::kString:
        out = text();
        return;
      case Tag::kArray: {
        out = Json::array();
        auto& items = out.get_ref<Json::array_t&>();
        items.resize(size());
        for (auto& item : items) value(item);
        return;
      }
      case Tag::kObject: {
        out = Json::object();
        auto& members = out.get_ref<Json::object_t&>();
        const size_t n = size();
        members.reserve(n);
        for (size_t i = 0; i < n; ++i) {
          members.emplace_back(text(), Json());
          value(members.back().second);
        }
        return;
      }
    }
    broken();
  }

 private:
  [[noreturn]] static void broken() { throw std::logic_error("a packed diff object does not unpack"); }
  char byte() {
    if (at_ == end_) broken();
    return *at_++;
  }
  size_t size() {
    size_t n = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const auto b = static_cast<unsigned char>(byte());
      n |= static_cast<size_t>(b & 0x7f) << shift;
      if (!(b & 0x80)) return n;
    }
    broken();
  }
  std::string text() {
    const size_t n = size();
    if (static_cast<size_t>(end_ - at_) < n) broken();
    std::string s(at_, n);
    at_ += n;
    return s;
  }
  template <typename Number>
  Number number() {
    if (static_cast<size_t>(end_ - at_) < sizeof(Number)) broken();
    Number n;
    std::memcpy(&n, at_, sizeof(Number));
    at_ += sizeof(Number);
    return n;
  }

  const char* at_;
  const char* end_;
};

// A packing buffer that a huge object grew beyond this is freed after it.
constexpr size_t kKeptBufferBytes = size_t{1} << 20;

}  // namespace

PackedObject pack_object(Json&& object) {
  ObjectKey match = match_key(object);
  return pack_object(std::move(object), std::move(match));
}

PackedObject pack_object(Json&& object, ObjectKey match) {
  PackedObject packed;
  packed.name = is_pod(match) ? object_key(object).name : match.name;
  packed.match = std::move(match);
  packed.api_version = api_version(object);
  // Written into this thread's buffer, which has long stopped growing, then copied once at its size: grown
  // in place, each object's bytes were reallocated about ten times and then once more to fit.
  thread_local std::string buffer;
  buffer.clear();
  put_value(buffer, object);
  packed.bytes.assign(buffer);
  if (buffer.capacity() > kKeptBufferBytes) std::string().swap(buffer);
  release_tree(object);
  return packed;
}

Json unpack_object(const PackedObject& packed) {
  Json tree;
  Unpacker(packed.bytes).value(tree);
  return tree;
}

}  // namespace grovectl::diff
