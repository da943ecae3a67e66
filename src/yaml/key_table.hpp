#pragma once
// The keys of one YAML mapping being read, each with a value of the reader's. Nearly every mapping has a
// few keys, searched in order faster than hashed; a hash index is added once a mapping grows past
// kLinearKeys, so that a hostile mapping of 100,000 keys is still read in linear time.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace grovectl {

template <typename Value>
class KeyTable {
 public:
  static constexpr size_t kMissing = SIZE_MAX;

  // The entry of `key`, or kMissing.
  size_t find(const std::string& key) const {
    if (!index_.empty()) {
      auto it = index_.find(key);
      return it == index_.end() ? kMissing : it->second;
    }
    for (size_t i = 0; i < entries_.size(); ++i) {
      if (entries_[i].first == key) return i;
    }
    return kMissing;
  }

  // The entry of `key`, added with a default value when missing, and whether it was added.
  std::pair<size_t, bool> try_emplace(const std::string& key) {
    if (size_t found = find(key); found != kMissing) return {found, false};
    entries_.emplace_back(key, Value{});
    if (!index_.empty()) {
      index_.emplace(key, entries_.size() - 1);
    } else if (entries_.size() > kLinearKeys) {
      for (size_t i = 0; i < entries_.size(); ++i) index_.emplace(entries_[i].first, i);
    }
    return {entries_.size() - 1, true};
  }

  Value& operator[](size_t entry) { return entries_[entry].second; }

  // Empty again, keeping the entries' buffer for the next mapping; a hash index is dropped whole (clearing
  // it would cost its bucket count at every reuse).
  void clear() {
    entries_.clear();
    if (!index_.empty()) index_ = {};
  }

 private:
  static constexpr size_t kLinearKeys = 16;
  std::vector<std::pair<std::string, Value>> entries_;
  std::unordered_map<std::string, size_t> index_;  // empty while the keys are few
};

}  // namespace grovectl
