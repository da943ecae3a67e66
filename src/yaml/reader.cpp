#include "yaml/reader.hpp"

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/parser.h>

#include <optional>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

#include "yaml/prescan.hpp"
#include "yaml/scalar.hpp"

namespace grovectl {
namespace {

Position to_position(const YAML::Mark& m) {
  return {m.line + 1, m.column + 1};
}

size_t count_nodes(const Json& j) {
  size_t n = 1;
  if (j.is_structured()) {
    for (const auto& child : j) n += count_nodes(child);
  }
  return n;
}

// Builds ordered JSON from yaml-cpp parse events, recording each node's position.
class JsonBuilder : public YAML::EventHandler {
 public:
  JsonBuilder(std::string file, PositionMap& positions, Diagnostics& diags, const ReadLimits& limits)
      : file_(std::move(file)), positions_(positions), diags_(diags), limits_(limits) {}

  bool failed() const { return failed_; }
  // Where a document that is just a null started (yaml-cpp reports an unexpected token this way).
  std::optional<Position> root_null_at() const { return root_null_at_; }
  Json take_result() { return std::move(result_); }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    if (stack_.empty()) root_null_at_ = to_position(mark);
    if (!at_key()) {
      finish_node(Json(nullptr), mark, anchor);
    } else {
      fail(mark, "a mapping key must not be null");
    }
  }

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end())
      return fail(mark, "alias refers to an anchor that is not complete (recursive alias)");
    alias_nodes_ += it->second.nodes;
    if (alias_nodes_ > limits_.max_alias_nodes + direct_nodes_) {
      return fail(mark,
                  fmt::format("alias expansion exceeds {} nodes (an alias bomb?)", limits_.max_alias_nodes));
    }
    if (at_key()) {
      if (!it->second.value.is_string()) return fail(mark, "a mapping key must be a scalar");
      return accept_key(it->second.value.get<std::string>(), mark, false);
    }
    finish_node(it->second.value, mark, 0);
  }

  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    if (failed_) return;
    ++direct_nodes_;
    bool plain = tag == "?";
    if (at_key()) return accept_key(value, mark, plain);
    finish_node(resolve(value, tag, mark), mark, anchor);
  }

  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor, Json::array(), false);
  }
  void OnSequenceEnd() override { close(); }

  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
    open(mark, anchor, Json::object(), true);
  }
  void OnMapEnd() override { close(); }

 private:
  bool at_key() const { return !stack_.empty() && stack_.back().is_map && stack_.back().expecting_key; }

  struct Frame {
    Json value;
    bool is_map = false;
    bool expecting_key = true;
    bool merge_key = false;  // the pending key is "<<"
    std::string key;
    // Keys of a mapping by position in its ordered object: nlohmann's ordered_map looks keys up
    // linearly, which is quadratic for a hostile mapping with 100k keys.
    std::unordered_map<std::string, size_t> index;
    std::unordered_map<std::string, Position> key_positions;  // where each key was written
    std::unordered_set<std::string> merged;  // keys that came from a merge (<<) and may be overridden once
    std::string pointer;
    YAML::anchor_t anchor = 0;
    YAML::Mark mark;
  };
  struct Anchored {
    Json value;
    size_t nodes = 0;
  };

  std::string child_pointer() const {
    if (stack_.empty()) return "";
    const Frame& top = stack_.back();
    if (top.is_map) return pointer_append(top.pointer, top.key);
    return pointer_append(top.pointer, top.value.size());
  }

  void open(const YAML::Mark& mark, YAML::anchor_t anchor, Json empty, bool is_map) {
    if (failed_) return;
    ++direct_nodes_;
    if (at_key()) return fail(mark, "complex (non-scalar) mapping keys are not supported");
    if (stack_.size() >= limits_.max_depth) {
      return fail(mark, fmt::format("nesting deeper than {} levels", limits_.max_depth));
    }
    Frame f;
    f.value = std::move(empty);
    f.is_map = is_map;
    f.pointer = child_pointer();
    f.anchor = anchor;
    f.mark = mark;
    positions_[f.pointer] = to_position(mark);
    stack_.push_back(std::move(f));
  }

  void close() {
    if (failed_ || stack_.empty()) return;
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    if (f.is_map && !f.expecting_key) return fail(f.mark, "mapping key without a value");
    finish_node(std::move(f.value), f.mark, f.anchor, /*already_positioned=*/true);
  }

  void accept_key(const std::string& key, const YAML::Mark& mark, bool plain) {
    Frame& top = stack_.back();
    top.merge_key = plain && key == "<<";
    if (!top.merge_key && top.index.count(key) && top.merged.erase(key) == 0) {
      std::string first = pointer_append(top.pointer, key);
      auto it = top.key_positions.find(key);
      std::string where =
          it == top.key_positions.end()
              ? ""
              : fmt::format(" (first defined at line {}, column {})", it->second.line, it->second.column);
      diags_.error("yaml/duplicate-key", fmt::format("duplicate key \"{}\"{}", key, where),
                   Location{file_, mark.line + 1, mark.column + 1}, pointer_to_field_path(first));
      failed_ = true;
      return;
    }
    top.key = key;
    top.key_positions.emplace(key, to_position(mark));
    top.expecting_key = false;
  }

  Json resolve(const std::string& value, const std::string& tag, const YAML::Mark& mark) {
    if (tag == "!" || tag == "tag:yaml.org,2002:str" || tag == "!!str") return Json(value);
    ResolvedScalar r = resolve_plain_scalar(value);
    if (r.error == ScalarError::kIntegerOverflow) {
      diags_.error("yaml/integer-overflow", fmt::format("integer {} does not fit in 64 bits", value),
                   Location{file_, mark.line + 1, mark.column + 1}, pointer_to_field_path(child_pointer()));
    }
    return std::move(r.value);
  }

  void finish_node(Json value, const YAML::Mark& mark, YAML::anchor_t anchor,
                   bool already_positioned = false) {
    if (failed_) return;
    if (!already_positioned) positions_[child_pointer()] = to_position(mark);
    if (anchor != 0) anchors_[anchor] = Anchored{value, count_nodes(value)};
    if (stack_.empty()) {
      result_ = std::move(value);
      return;
    }
    Frame& top = stack_.back();
    if (!top.is_map) {
      top.value.push_back(std::move(value));
      return;
    }
    if (top.merge_key) {
      merge_into(top, value, mark);
    } else {
      set_member(top, top.key, std::move(value));
    }
    top.expecting_key = true;
  }

  using Members = std::vector<std::pair<const std::string, Json>>;

  static void set_member(Frame& top, const std::string& key, Json value) {
    auto& members = static_cast<Members&>(top.value.get_ref<Json::object_t&>());
    auto it = top.index.find(key);
    if (it != top.index.end()) {
      members[it->second].second = std::move(value);
      return;
    }
    top.index.emplace(key, members.size());
    members.emplace_back(key, std::move(value));
  }

  // YAML merge key: "<<: *base" or "<<: [*a, *b]" adds keys the map does not set itself.
  void merge_into(Frame& top, const Json& source, const YAML::Mark& mark) {
    std::vector<const Json*> maps;
    if (source.is_object()) maps.push_back(&source);
    if (source.is_array()) {
      for (const auto& item : source) maps.push_back(&item);
    }
    for (const Json* m : maps) {
      if (!m->is_object())
        return fail(mark, "a merge key (<<) must refer to a mapping or a list of mappings");
      for (auto it = m->begin(); it != m->end(); ++it) {
        if (top.index.count(it.key())) continue;
        top.merged.insert(it.key());
        set_member(top, it.key(), it.value());
      }
    }
  }

  void fail(const YAML::Mark& mark, const std::string& message) {
    if (failed_) return;
    failed_ = true;
    diags_.error("yaml/syntax", message, Location{file_, mark.line + 1, mark.column + 1});
  }

  std::string file_;
  PositionMap& positions_;
  Diagnostics& diags_;
  const ReadLimits& limits_;
  std::vector<Frame> stack_;
  std::unordered_map<YAML::anchor_t, Anchored> anchors_;
  size_t direct_nodes_ = 0;
  size_t alias_nodes_ = 0;
  bool failed_ = false;
  std::optional<Position> root_null_at_;
  Json result_;
};

}  // namespace

std::vector<SourceDocument> parse_yaml_stream(std::string_view text, const std::string& file,
                                              Diagnostics& diags, const ReadLimits& limits) {
  std::vector<SourceDocument> docs;
  if (text.size() > limits.max_bytes) {
    diags.error("yaml/too-large",
                fmt::format("input is {} bytes; the limit is {}", text.size(), limits.max_bytes),
                Location{file, 0, 0});
    return docs;
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  if (!prescan_yaml(text, file, limits.max_depth, diags)) return docs;

  std::string buffer(text);
  std::istringstream stream(buffer);
  YAML::Parser parser(stream);
  std::optional<Position> previous_null;
  for (int index = 0;; ++index) {
    auto positions = std::make_shared<PositionMap>();
    Diagnostics doc_diags;
    JsonBuilder builder(file, *positions, doc_diags, limits);
    bool more = false;
    try {
      more = parser.HandleNextDocument(builder);
    } catch (const YAML::Exception& e) {
      diags.append(doc_diags);
      diags.error("yaml/syntax", e.msg, Location{file, e.mark.line + 1, e.mark.column + 1});
      return docs;
    }
    diags.append(doc_diags);
    if (!more) break;
    if (builder.failed()) return docs;
    Json value = builder.take_result();
    if (value.is_null()) {
      // yaml-cpp reports a token it cannot start a node with (such as a ',' outside a flow collection)
      // as a null document without consuming it; two at the same place mean it would loop forever.
      auto at = builder.root_null_at();
      if (at && previous_null && at->line == previous_null->line && at->column == previous_null->column) {
        diags.error("yaml/syntax", "unexpected character; it cannot start a node here",
                    Location{file, at->line, at->column});
        return docs;
      }
      previous_null = at;
      continue;
    }
    previous_null.reset();
    docs.push_back(SourceDocument{file, index, std::move(value), std::move(positions), ""});
  }
  return docs;
}

}  // namespace grovectl
