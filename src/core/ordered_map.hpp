#pragma once
// The object type behind Json: string keys in insertion order, each found by a linear search (Kubernetes
// objects have few keys per mapping).
//
// nlohmann's own ordered_map stores std::pair<const Key, T>. A const key makes the pair's move
// constructor throwing, so std::vector copies every element when it grows, and a copied element is a
// deep copy of its whole subtree: building an object key by key copied each finished child once per
// growth of its parent. Here the key is not const, so growth moves, and erasing is a plain vector erase.
// Callers never change a key through an iterator.
#include <algorithm>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace grovectl {

template <class Key, class T, class IgnoredLess = void, class IgnoredAllocator = void>
struct OrderedMap : std::vector<std::pair<Key, T>> {
  using key_type = Key;
  using mapped_type = T;
  using Container = std::vector<std::pair<Key, T>>;
  using value_type = typename Container::value_type;
  using iterator = typename Container::iterator;
  using const_iterator = typename Container::const_iterator;
  using size_type = typename Container::size_type;
  static constexpr size_t kFirstRoom = 4;
  using key_compare = std::equal_to<>;  // transparent: nlohmann looks keys up as string_view or char*

  OrderedMap() = default;
  template <class Allocator>
  explicit OrderedMap(const Allocator& /*unused*/) {}
  template <class InputIt>
  OrderedMap(InputIt first, InputIt last) : Container(first, last) {}
  OrderedMap(std::initializer_list<value_type> init) : Container(init) {}

  // The key is measured once: compared as a char* it would be measured again at every entry.
  template <class KeyLike>
  iterator find(const KeyLike& key) {
    const std::string_view wanted(key);
    return std::find_if(this->begin(), this->end(),
                        [&](const value_type& entry) { return std::string_view(entry.first) == wanted; });
  }
  template <class KeyLike>
  const_iterator find(const KeyLike& key) const {
    const std::string_view wanted(key);
    return std::find_if(this->begin(), this->end(),
                        [&](const value_type& entry) { return std::string_view(entry.first) == wanted; });
  }
  template <class KeyLike>
  size_type count(const KeyLike& key) const {
    return find(key) == this->end() ? 0 : 1;
  }

  template <class KeyLike>
  std::pair<iterator, bool> emplace(KeyLike&& key, T&& value) {
    if (auto it = find(key); it != this->end()) return {it, false};
    // An object built key by key (operator[]) starts with room for four members: most built objects hold
    // two to six, and growing one from a single slot by doubling moved its members at the second and the
    // third key. The reader appends a parsed mapping's members directly, sized from their count.
    if (this->capacity() == 0) this->reserve(kFirstRoom);
    this->emplace_back(std::forward<KeyLike>(key), std::move(value));
    return {std::prev(this->end()), true};
  }

  template <class KeyLike>
  T& operator[](KeyLike&& key) {
    return emplace(std::forward<KeyLike>(key), T{}).first->second;
  }
  template <class KeyLike>
  const T& operator[](const KeyLike& key) const {
    return at(key);
  }

  template <class KeyLike>
  T& at(const KeyLike& key) {
    if (auto it = find(key); it != this->end()) return it->second;
    throw std::out_of_range("key not found");
  }
  template <class KeyLike>
  const T& at(const KeyLike& key) const {
    if (auto it = find(key); it != this->end()) return it->second;
    throw std::out_of_range("key not found");
  }

  iterator erase(iterator position) { return Container::erase(position); }
  iterator erase(iterator first, iterator last) { return Container::erase(first, last); }
  template <class KeyLike>
  size_type erase(const KeyLike& key) {
    auto it = find(key);
    if (it == this->end()) return 0;
    Container::erase(it);
    return 1;
  }

  std::pair<iterator, bool> insert(value_type&& entry) {
    return emplace(std::move(entry.first), std::move(entry.second));
  }
  std::pair<iterator, bool> insert(const value_type& entry) {
    if (auto it = find(entry.first); it != this->end()) return {it, false};
    this->push_back(entry);
    return {std::prev(this->end()), true};
  }
  template <class InputIt>
  void insert(InputIt first, InputIt last) {
    for (; first != last; ++first) insert(*first);
  }
};

}  // namespace grovectl
