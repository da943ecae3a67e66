#include "yaml/reader.hpp"

#include <fmt/format.h>
#include <yaml.h>

#include <memory>
#include <unordered_map>
#include <unordered_set>

#include "yaml/prescan.hpp"
#include "yaml/scalar.hpp"

namespace grovectl {
namespace {

// Where an event starts, 0-based as libyaml reports it.
struct Mark {
  size_t line = 0;
  size_t column = 0;
};

Position to_position(const Mark& m) {
  return {static_cast<int>(m.line + 1), static_cast<int>(m.column + 1)};
}

Location location_of(const std::string& file, const Mark& m) {
  const Position at = to_position(m);
  return Location{file, at.line, at.column};
}

size_t count_nodes(const Json& j) {
  size_t n = 1;
  if (j.is_structured()) {
    for (const auto& child : j) n += count_nodes(child);
  }
  return n;
}

// Builds ordered JSON from libyaml's parse events for one document, recording each node's position.
// Tags follow one convention: "?" for a plain scalar without a tag, "!" for a quoted one, else the
// resolved tag.
class JsonBuilder {
 public:
  JsonBuilder(std::string file, PositionMap& positions, Diagnostics& diags, const ReadLimits& limits)
      : file_(std::move(file)), positions_(positions), diags_(diags), limits_(limits) {}

  bool failed() const { return failed_; }
  Json take_result() { return std::move(result_); }

  void on_alias(const Mark& mark, const std::string& anchor) {
    if (failed_) return;
    auto it = anchors_.find(anchor);
    if (it == anchors_.end())
      return fail(mark, "alias refers to an anchor that is not defined yet (or is recursive)");
    alias_nodes_ += it->second.nodes;
    if (alias_nodes_ > limits_.max_alias_nodes + direct_nodes_) {
      return fail(mark,
                  fmt::format("alias expansion exceeds {} nodes (an alias bomb?)", limits_.max_alias_nodes));
    }
    if (at_key()) {
      if (!it->second.value.is_string()) return fail(mark, "a mapping key must be a scalar");
      return accept_key(it->second.value.get<std::string>(), mark, false);
    }
    finish_node(it->second.value, mark, "");
  }

  void on_scalar(const Mark& mark, const std::string& tag, const std::string& anchor, std::string value) {
    if (failed_) return;
    ++direct_nodes_;
    const bool plain = tag == "?";
    if (at_key()) {
      if (plain && plain_scalar_is_null(value)) return fail(mark, "a mapping key must not be null");
      return accept_key(value, mark, plain);
    }
    finish_node(resolve(std::move(value), tag, mark), mark, anchor);
  }

  void on_sequence_start(const Mark& mark, const std::string& anchor) {
    open(mark, anchor, Json::array(), false);
  }
  void on_mapping_start(const Mark& mark, const std::string& anchor) {
    open(mark, anchor, Json::object(), true);
  }
  void on_collection_end() { close(); }

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
    std::string anchor;
    Mark mark;
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

  void open(const Mark& mark, const std::string& anchor, Json empty, bool is_map) {
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

  void accept_key(const std::string& key, const Mark& mark, bool plain) {
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
                   location_of(file_, mark), pointer_to_field_path(first));
      failed_ = true;
      return;
    }
    top.key = key;
    top.key_positions.emplace(key, to_position(mark));
    top.expecting_key = false;
  }

  Json resolve(std::string value, const std::string& tag, const Mark& mark) {
    if (tag == "!" || tag == YAML_STR_TAG) return Json(std::move(value));
    ResolvedScalar r = resolve_plain_scalar(value);
    if (r.error == ScalarError::kIntegerOverflow) {
      diags_.error("yaml/integer-overflow", fmt::format("integer {} does not fit in 64 bits", value),
                   location_of(file_, mark), pointer_to_field_path(child_pointer()));
    }
    return std::move(r.value);
  }

  void finish_node(Json value, const Mark& mark, const std::string& anchor, bool already_positioned = false) {
    if (failed_) return;
    if (!already_positioned) positions_[child_pointer()] = to_position(mark);
    if (!anchor.empty()) anchors_[anchor] = Anchored{value, count_nodes(value)};
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
  void merge_into(Frame& top, const Json& source, const Mark& mark) {
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

  void fail(const Mark& mark, const std::string& message) {
    if (failed_) return;
    failed_ = true;
    diags_.error("yaml/syntax", message, location_of(file_, mark));
  }

  std::string file_;
  PositionMap& positions_;
  Diagnostics& diags_;
  const ReadLimits& limits_;
  std::vector<Frame> stack_;
  // An anchor may be redefined; an alias refers to the latest definition before it.
  std::unordered_map<std::string, Anchored> anchors_;
  size_t direct_nodes_ = 0;
  size_t alias_nodes_ = 0;
  bool failed_ = false;
  Json result_;
};

std::string text_of(const yaml_char_t* chars) {
  return chars ? std::string(reinterpret_cast<const char*>(chars)) : std::string();
}

Mark mark_of(const yaml_mark_t& m) {
  return {m.line, m.column};
}

// The tag convention of JsonBuilder (see there).
std::string scalar_tag(const yaml_event_t& e) {
  if (e.data.scalar.tag) return text_of(e.data.scalar.tag);
  return e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? "?" : "!";
}

// libyaml's parser with its event, released on every path out.
class EventStream {
 public:
  explicit EventStream(std::string_view text) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input_string(&parser_, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  }
  ~EventStream() {
    if (has_event_) yaml_event_delete(&event_);
    yaml_parser_delete(&parser_);
  }
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // The next event, or nullptr after a syntax error.
  const yaml_event_t* next() {
    if (has_event_) yaml_event_delete(&event_);
    has_event_ = yaml_parser_parse(&parser_, &event_) != 0;
    return has_event_ ? &event_ : nullptr;
  }

  // The syntax error after next() returned nullptr, e.g. "while parsing a block mapping: did not
  // find expected key", at the place the problem was found.
  Diagnostic syntax_error(const std::string& file) const {
    std::string message = parser_.problem ? parser_.problem : "invalid YAML";
    if (parser_.context) message = fmt::format("{}: {}", parser_.context, message);
    return Diagnostic{Severity::kError, "yaml/syntax", message,
                      location_of(file, mark_of(parser_.problem_mark)), ""};
  }

 private:
  yaml_parser_t parser_{};
  yaml_event_t event_{};
  bool has_event_ = false;
};

// Feeds one event to the builder; returns false at the end of the document.
bool feed(JsonBuilder& builder, const yaml_event_t& e) {
  const Mark at = mark_of(e.start_mark);
  switch (e.type) {
    case YAML_ALIAS_EVENT:
      builder.on_alias(at, text_of(e.data.alias.anchor));
      break;
    case YAML_SCALAR_EVENT:
      builder.on_scalar(
          at, scalar_tag(e), text_of(e.data.scalar.anchor),
          std::string(reinterpret_cast<const char*>(e.data.scalar.value), e.data.scalar.length));
      break;
    case YAML_SEQUENCE_START_EVENT:
      builder.on_sequence_start(at, text_of(e.data.sequence_start.anchor));
      break;
    case YAML_MAPPING_START_EVENT:
      builder.on_mapping_start(at, text_of(e.data.mapping_start.anchor));
      break;
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
      builder.on_collection_end();
      break;
    case YAML_DOCUMENT_END_EVENT:
      return false;
    default:
      break;
  }
  return true;
}

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

  EventStream events(text);
  for (int index = 0;;) {
    const yaml_event_t* e = events.next();
    if (!e) {
      diags.add(events.syntax_error(file));
      return docs;
    }
    if (e->type == YAML_STREAM_END_EVENT) break;
    if (e->type != YAML_DOCUMENT_START_EVENT) continue;
    auto positions = std::make_shared<PositionMap>();
    JsonBuilder builder(file, *positions, diags, limits);
    while ((e = events.next()) && feed(builder, *e) && !builder.failed()) {
    }
    if (builder.failed()) return docs;
    if (!e) {
      diags.add(events.syntax_error(file));
      return docs;
    }
    Json value = builder.take_result();
    if (!value.is_null())
      docs.push_back(SourceDocument{file, index, std::move(value), std::move(positions), ""});
    ++index;
  }
  return docs;
}

}  // namespace grovectl
