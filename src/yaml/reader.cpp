#include "yaml/reader.hpp"

#include <fmt/format.h>
#include <yaml.h>

#include <algorithm>
#include <cstdint>
#include <new>
#include <optional>
#include <unordered_map>

#include "core/go_values.hpp"
#include "core/parallel.hpp"
#include "core/text_excerpt.hpp"
#include "yaml/block_subset.hpp"
#include "yaml/json_stream.hpp"
#include "yaml/key_table.hpp"
#include "yaml/prescan.hpp"
#include "yaml/scalar.hpp"
#include "yaml/stream_slices.hpp"

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

// Estimated memory of a subtree and its nesting height (in collections), kept for every finished node so
// that an alias is budgeted without walking the value it copies.
struct Extent {
  size_t bytes = 0;
  size_t height = 0;
};
constexpr size_t kNodeBytes = 48;  // a JSON value and its share of a container, per node

// Counters shared by the documents of one stream.
struct StreamCounters {
  size_t nodes = 0;
  size_t alias_bytes = 0;
  size_t flow_levels = 0;  // for each node, the flow collections around it (ReadLimits::max_flow_levels)
};

constexpr const char* kMergeTag = "tag:yaml.org,2002:merge";
// go-yaml, which kubectl reads YAML with (sigs.k8s.io/yaml), fails with "map merge requires map or
// sequence of maps as the value" for anything else.
constexpr const char* kMergeNeedsMapping =
    "a merge key (<<) needs a mapping, an alias of a mapping, or a sequence of those as its value "
    "(kubectl's YAML reader refuses anything else)";

// The value of an anchor. A string, sequence or mapping is not copied: the anchor keeps the address of
// its payload inside the document being built (nlohmann hands a value's payload over when the value
// moves into its parent, so the address stays valid). Numbers, booleans, null and key strings are copied.
struct Anchored {
  Json scalar;
  const Json::string_t* string = nullptr;
  const Json::array_t* array = nullptr;
  const Json::object_t* object = nullptr;
  Extent extent;

  static Anchored of(Json& value, Extent extent) {
    Anchored a;
    a.extent = extent;
    if (value.is_array()) {
      a.array = value.get_ptr<Json::array_t*>();
    } else if (value.is_object()) {
      a.object = value.get_ptr<Json::object_t*>();
    } else if (value.is_string()) {
      a.string = value.get_ptr<Json::string_t*>();
    } else {
      a.scalar = value;
    }
    return a;
  }

  Json copy() const {
    if (array) return Json(*array);
    if (object) return Json(*object);
    if (string) return Json(*string);
    return scalar;
  }

  std::optional<std::string> key_text() const {
    if (string) return *string;
    if (scalar.is_string()) return scalar.get<std::string>();
    return std::nullopt;
  }
};

// A sequence or mapping that starts. `expected_entries` sizes its containers once (0 when the caller
// cannot tell).
struct CollectionStart {
  bool is_mapping = false;
  bool is_flow = false;
  size_t expected_entries = 0;
};

// Builds ordered JSON from libyaml's parse events for one document, with a position record per node.
// Tags follow one convention: "?" for a plain scalar without a tag, "!" for a quoted one, else the
// resolved tag.
class JsonBuilder {
 public:
  JsonBuilder(const std::string& file, PositionTree& positions, StreamCounters& counters, Diagnostics& diags,
              const ReadLimits& limits)
      : file_(file), positions_(positions), counters_(counters), diags_(diags), limits_(limits) {}

  bool failed() const { return failed_; }
  Json take_result() { return std::move(result_); }

  void on_document_start(const Mark& mark) { positions_.set_document_start(to_position(mark)); }

  void on_alias(const Mark& mark, const std::string& anchor) {
    if (failed_ || !count_node(mark)) return;
    auto it = anchors_.find(anchor);
    if (it == anchors_.end())
      return fail(mark, "alias refers to an anchor that is not defined yet (or is recursive)");
    const Anchored& a = it->second;
    // Counted before anything is copied, keys too: an alias of a 1 MB scalar used as a key copies 1 MB.
    counters_.alias_bytes += a.extent.bytes;
    if (counters_.alias_bytes > limits_.max_alias_bytes) {
      return fail(mark,
                  fmt::format("alias expansion exceeds {} bytes (an alias bomb?); each alias copies the "
                              "value of its anchor",
                              limits_.max_alias_bytes),
                  "yaml/alias-expansion");
    }
    if (at_key()) {
      std::optional<std::string> key = a.key_text();
      if (!key) return fail(mark, "a mapping key must be a scalar");
      return accept_key(std::move(*key), mark, /*is_merge=*/false);
    }
    if (depth_ + a.extent.height > limits_.max_depth) return fail_too_deep(mark, " after alias expansion");
    if (pending_merge()) {
      if (!a.object) return fail(mark, kMergeNeedsMapping);
      Frame& top = top_frame();
      merge_mapping(top, *a.object, a.extent);
      top.expecting_key = true;
      return;
    }
    finish_node(a.copy(), a.extent, add_record(mark), "", mark);
  }

  void on_scalar(const Mark& mark, const std::string& tag, const std::string& anchor, std::string value) {
    if (failed_ || !count_node(mark)) return;
    const bool plain = tag == "?";
    if (at_key()) {
      if (plain && plain_scalar_is_null(value)) return fail(mark, "a mapping key must not be null");
      if (!anchor.empty())
        anchors_[anchor] = Anchored{Json(value), nullptr, nullptr, nullptr, {kNodeBytes + value.size(), 0}};
      const bool is_merge = (plain && value == "<<") || tag == kMergeTag;
      return accept_key(std::move(value), mark, is_merge);
    }
    const Extent extent{kNodeBytes + value.size(), 0};
    Json resolved = resolve(std::move(value), tag, mark);
    if (failed_) return;
    finish_node(std::move(resolved), extent, add_record(mark), anchor, mark);
  }

  void on_collection_start(const Mark& mark, const std::string& anchor, const CollectionStart& start) {
    if (failed_ || !count_node(mark)) return;
    if (at_key()) return fail(mark, "complex (non-scalar) mapping keys are not supported");
    if (depth_ >= limits_.max_depth) return fail_too_deep(mark, "");
    const bool merge_list = !start.is_mapping && pending_merge();
    const PositionTree::NodeId node = add_record(mark);
    Frame& f = push_frame();
    if (start.is_mapping) {
      f.value = Json::object();
      f.value.get_ref<Json::object_t&>().reserve(start.expected_entries);
    } else {
      f.value = Json::array();
      f.value.get_ref<Json::array_t&>().reserve(start.expected_entries);
    }
    f.is_mapping = start.is_mapping;
    f.is_flow = start.is_flow;
    flow_depth_ += start.is_flow ? 1 : 0;
    f.merge_list = merge_list;
    f.node = node;
    f.anchor = anchor;
    f.mark = mark;
  }

  void on_collection_end() {
    if (failed_ || depth_ == 0) return;
    Frame& f = top_frame();
    if (f.is_mapping && !f.expecting_key) return fail(f.mark, "mapping key without a value");
    std::erase(f.children, kNoRecord);  // keys a later merge took over
    positions_.set_children(f.node, f.children, f.is_mapping);
    --depth_;  // `f` stays intact in frames_ until the next collection at its depth starts
    flow_depth_ -= f.is_flow ? 1 : 0;
    finish_node(std::move(f.value), f.extent, f.node, f.anchor, f.mark);
  }

 private:
  static constexpr size_t kNoChild = SIZE_MAX;
  static constexpr PositionTree::NodeId kNoRecord = UINT32_MAX;

  // A key of the mapping being built.
  struct Slot {
    size_t member = 0;        // index in the ordered object
    size_t child = kNoChild;  // index in Frame::children of its position record (keys written out)
    Position key_at;          // where the key was written
    bool merged = false;      // last set by a merge key: one explicit key may still override it
  };

  struct Frame {
    // Back to a new frame's state, keeping the buffers.
    void reset() {
      value = nullptr;
      is_mapping = is_flow = merge_list = merge_key = false;
      expecting_key = true;
      key.clear();
      slots.clear();
      slot = KeyTable<Slot>::kMissing;
      slot_is_new = false;
      children.clear();
      anchor.clear();
      extent = Extent{kNodeBytes, 1};
    }

    Json value;
    bool is_mapping = false;
    bool is_flow = false;     // written [...] or {...}
    bool merge_list = false;  // a sequence given as the value of a merge key
    bool expecting_key = true;
    bool merge_key = false;  // the pending key is "<<"
    std::string key;
    Mark key_mark;
    // Keys by position in the ordered object: nlohmann's ordered_map looks keys up linearly, which is
    // quadratic for a hostile mapping with 100k keys.
    KeyTable<Slot> slots;
    size_t slot = KeyTable<Slot>::kMissing;  // the pending key's
    bool slot_is_new = false;
    std::vector<PositionTree::NodeId> children;
    PositionTree::NodeId node = 0;
    std::string anchor;
    Mark mark;
    Extent extent{kNodeBytes, 1};
  };

  using Members = Json::object_t::Container;  // indexed by position

  // Appends to a mapping's members. Growth moves each value, so its payload stays where anchors point
  // (see core/ordered_map.hpp); duplicates were already refused through the frame's slots.
  static void append_member(Members& members, std::string&& key, Json&& value) {
    members.emplace_back(std::move(key), std::move(value));
  }

  // The collections being built are frames_[0, depth_). A frame is reused by the next collection at its
  // depth, so that its buffers (children, keys) are allocated per depth rather than per collection.
  Frame& push_frame() {
    if (depth_ == frames_.size()) frames_.emplace_back();
    Frame& f = frames_[depth_++];
    f.reset();
    return f;
  }
  Frame& top_frame() { return frames_[depth_ - 1]; }
  const Frame& top_frame() const { return frames_[depth_ - 1]; }

  bool at_key() const { return depth_ > 0 && top_frame().is_mapping && top_frame().expecting_key; }
  bool pending_merge() const { return depth_ > 0 && top_frame().is_mapping && top_frame().merge_key; }

  bool count_node(const Mark& mark) {
    if (++counters_.nodes > limits_.max_nodes) {
      fail(mark,
           fmt::format("the input has more than {} YAML nodes, the limit of one load (each costs memory for "
                       "its value and its position)",
                       limits_.max_nodes),
           "yaml/too-many-nodes");
      return false;
    }
    counters_.flow_levels += flow_depth_;
    if (counters_.flow_levels <= limits_.max_flow_levels) return true;
    fail(mark,
         fmt::format("flow collections ([...] and {{...}}) nested {} deep here hold so many nodes that the "
                     "flow levels around each node add up to more than {}, the limit of one load (the YAML "
                     "parser spends time on every open flow level for each node); write the deep parts in "
                     "block style",
                     flow_depth_, limits_.max_flow_levels),
         "yaml/flow-levels");
    return false;
  }

  // The position record of a node starting at `at`; a mapping entry's record also has its key.
  PositionTree::NodeId add_record(const Mark& at) {
    if (depth_ > 0 && top_frame().is_mapping) {
      const Frame& top = top_frame();
      return positions_.add_node(to_position(at), to_position(top.key_mark), top.key);
    }
    return positions_.add_node(to_position(at), std::nullopt, "");
  }

  // The JSON pointer of the node being finished (for messages; built only when one is needed).
  std::string current_pointer() const {
    std::string p;
    for (size_t depth = 0; depth < depth_; ++depth) {
      const Frame& f = frames_[depth];
      if (f.is_mapping && f.expecting_key) continue;  // at a key: `f.key` is the previous entry's
      p = f.is_mapping ? pointer_append(p, f.key) : pointer_append(p, f.value.size());
    }
    return p;
  }

  void accept_key(std::string key, const Mark& mark, bool is_merge) {
    Frame& top = top_frame();
    top.merge_key = is_merge;
    top.slot = KeyTable<Slot>::kMissing;
    if (!is_merge) {
      // One lookup per key: the slot is created here and filled in by set_member.
      auto [entry, inserted] = top.slots.try_emplace(key);
      if (!inserted && !top.slots[entry].merged) {
        const Position first = top.slots[entry].key_at;
        diags_.error("yaml/duplicate-key",
                     fmt::format("duplicate key {} (first defined at line {}, column {})", go_quote(key),
                                 first.line, first.column),
                     location_of(file_, mark), pointer_to_field_path(pointer_append(current_pointer(), key)));
        failed_ = true;
        return;
      }
      top.slot = entry;
      top.slot_is_new = inserted;
    }
    top.extent.bytes += kNodeBytes + key.size();
    top.key = std::move(key);
    top.key_mark = mark;
    top.expecting_key = false;
  }

  Json resolve(std::string value, const std::string& tag, const Mark& mark) {
    if (tag == "!" || tag == YAML_STR_TAG) return Json(std::move(value));
    ResolvedScalar r = resolve_plain_scalar(value);
    if (r.error == ScalarError::kIntegerOverflow) {
      diags_.error("yaml/integer-overflow", fmt::format("integer {} does not fit in 64 bits", excerpt(value)),
                   location_of(file_, mark), pointer_to_field_path(current_pointer()));
    }
    return std::move(r.value);
  }

  void finish_node(Json value, Extent extent, PositionTree::NodeId node, const std::string& anchor,
                   const Mark& mark) {
    if (failed_) return;
    if (!anchor.empty()) anchors_[anchor] = Anchored::of(value, extent);
    if (depth_ == 0) {
      positions_.set_root(node);
      result_ = std::move(value);
      return;
    }
    Frame& top = top_frame();
    if (!top.is_mapping) {
      if (top.merge_list && !value.is_object()) return fail(mark, kMergeNeedsMapping);
      add_extent(top, extent);
      top.value.push_back(std::move(value));
      top.children.push_back(node);
      return;
    }
    if (top.merge_key) {
      merge_value(top, value, extent, mark);
      detached_.push_back(std::move(value));  // anchors inside it stay valid
    } else {
      add_extent(top, extent);
      set_member(top, std::move(value), node);
    }
    top.expecting_key = true;
  }

  static void add_extent(Frame& top, const Extent& child) {
    top.extent.bytes += child.bytes;
    top.extent.height = std::max(top.extent.height, child.height + 1);
  }

  // An explicit key: new, or overriding the value a merge key gave it (accept_key refused the rest).
  void set_member(Frame& top, Json value, PositionTree::NodeId node) {
    auto& members = static_cast<Members&>(top.value.get_ref<Json::object_t&>());
    Slot& slot = top.slots[top.slot];
    if (top.slot_is_new) {
      slot = Slot{members.size(), top.children.size(), to_position(top.key_mark), false};
      append_member(members, std::move(top.key), std::move(value));  // the key is done with
      top.children.push_back(node);
      return;
    }
    detached_.push_back(std::move(members[slot.member].second));
    members[slot.member].second = std::move(value);
    slot.merged = false;
    slot.key_at = to_position(top.key_mark);
    if (slot.child == kNoChild) {
      slot.child = top.children.size();
      top.children.push_back(node);
    } else {
      top.children[slot.child] = node;
    }
  }

  // YAML merge key as go-yaml applies it: "<<: *base" or "<<: [*a, *b]" sets every key of the merged
  // mappings, replacing what the mapping set before it; among several mappings the earlier ones win;
  // keys after it may override the merged values.
  void merge_value(Frame& top, const Json& source, const Extent& extent, const Mark& mark) {
    if (source.is_object()) return merge_mapping(top, source.get_ref<const Json::object_t&>(), extent);
    if (!source.is_array()) return fail(mark, kMergeNeedsMapping);
    for (auto it = source.rbegin(); it != source.rend(); ++it) {
      merge_mapping(top, it->get_ref<const Json::object_t&>(), {});
    }
    top.extent.bytes += extent.bytes;
    top.extent.height = std::max(top.extent.height, extent.height);
  }

  void merge_mapping(Frame& top, const Json::object_t& source, const Extent& extent) {
    top.extent.bytes += extent.bytes;
    top.extent.height = std::max(top.extent.height, extent.height);
    auto& members = static_cast<Members&>(top.value.get_ref<Json::object_t&>());
    for (const auto& [key, value] : source) {
      auto [entry, inserted] = top.slots.try_emplace(key);
      Slot& slot = top.slots[entry];
      if (inserted) {
        slot = Slot{members.size(), kNoChild, to_position(top.key_mark), true};
        append_member(members, std::string(key), Json(value));
        continue;
      }
      detached_.push_back(std::move(members[slot.member].second));
      members[slot.member].second = value;
      slot.merged = true;
      if (slot.child != kNoChild) top.children[slot.child] = kNoRecord;  // the written key no longer holds
      slot.child = kNoChild;
    }
  }

  void fail_too_deep(const Mark& mark, const char* suffix) {
    fail(mark, fmt::format("nesting deeper than {} levels{}", limits_.max_depth, suffix), "yaml/too-deep");
  }

  // A refusal at `mark`, naming the field of the node being read.
  void fail(const Mark& mark, const std::string& message, const char* rule = "yaml/syntax") {
    if (failed_) return;
    failed_ = true;
    diags_.error(rule, message, location_of(file_, mark), pointer_to_field_path(current_pointer()));
  }

  const std::string& file_;
  PositionTree& positions_;
  StreamCounters& counters_;
  Diagnostics& diags_;
  const ReadLimits& limits_;
  std::vector<Frame> frames_;
  size_t depth_ = 0;
  size_t flow_depth_ = 0;  // of the frames_[0, depth_), those written [...] or {...}
  // An anchor may be redefined; an alias refers to the latest definition before it.
  std::unordered_map<std::string, Anchored> anchors_;
  // Values that left the tree (merge sources, values a later key replaced), kept so that anchors into
  // them stay valid until the document is done.
  std::vector<Json> detached_;
  bool failed_ = false;
  Json result_;
};

std::string text_of(const yaml_char_t* chars) {
  return chars ? std::string(reinterpret_cast<const char*>(chars)) : std::string();
}

// A part of a stream is parsed on its own; `first_line` and `first_column` are where it starts in the stream.
Mark mark_of(const yaml_mark_t& m, size_t first_line, size_t first_column) {
  return {first_line + m.line, m.column + (m.line == 0 ? first_column : 0)};
}

// The tag convention of JsonBuilder (see there).
std::string scalar_tag(const yaml_event_t& e) {
  if (e.data.scalar.tag) return text_of(e.data.scalar.tag);
  return e.data.scalar.style == YAML_PLAIN_SCALAR_STYLE ? "?" : "!";
}

// libyaml's parser with its event, released on every path out.
class EventStream {
 public:
  EventStream(std::string_view text, size_t first_line, size_t first_column)
      : text_(text), first_line_(first_line), first_column_(first_column) {
    if (!yaml_parser_initialize(&parser_)) throw std::bad_alloc();
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
    if (!has_event_ && parser_.error == YAML_MEMORY_ERROR) throw std::bad_alloc();
    return has_event_ ? &event_ : nullptr;
  }

  Mark mark(const yaml_mark_t& m) const { return mark_of(m, first_line_, first_column_); }

  // The syntax error after next() returned nullptr, e.g. "while parsing a block mapping: did not find
  // expected key", where libyaml found it: its mark, or for a reader error the byte offset it reports.
  Diagnostic syntax_error(const std::string& file) const {
    std::string message = parser_.problem ? parser_.problem : "invalid YAML";
    if (parser_.context) message = fmt::format("{}: {}", parser_.context, message);
    Location at = location_of(file, mark(parser_.problem_mark));
    if (parser_.error == YAML_READER_ERROR) {
      Position p = position_at_offset(text_, parser_.problem_offset);
      at = Location{file, p.line + static_cast<int>(first_line_),
                    p.column + (p.line == 1 ? static_cast<int>(first_column_) : 0)};
    }
    return Diagnostic{Severity::kError, "yaml/syntax", message, at, ""};
  }

 private:
  std::string_view text_;
  size_t first_line_ = 0;
  size_t first_column_ = 0;
  yaml_parser_t parser_{};
  yaml_event_t event_{};
  bool has_event_ = false;
};

// Feeds one event to the builder; returns false at the end of the document.
bool feed(JsonBuilder& builder, const yaml_event_t& e, const EventStream& events) {
  const Mark at = events.mark(e.start_mark);
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
      builder.on_collection_start(
          at, text_of(e.data.sequence_start.anchor),
          {.is_mapping = false, .is_flow = e.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE});
      break;
    case YAML_MAPPING_START_EVENT:
      builder.on_collection_start(
          at, text_of(e.data.mapping_start.anchor),
          {.is_mapping = true, .is_flow = e.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE});
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

// What every part of one stream shares.
struct StreamReading {
  const std::string& file;
  const ReadLimits& limits;
  const std::function<void(SourceDocument&&)>& sink;
};

// A stretch of the stream that starts at a document boundary (or the stream's start).
struct StreamPart {
  std::string_view text;
  size_t first_line = 0;    // where `text` starts in the stream
  size_t first_column = 0;  // and on that line (a JSON value after another on its line; else 0)
  int first_index = 0;      // the stream index of its first document
};

struct PartResult {
  int documents = 0;     // parsed, empty ones included (they take an index too)
  bool stopped = false;  // a syntax error or a limit ended the stream
};

// Takes a finished document from `builder`: it gets the next index of the part, and the sink gets it
// unless it is empty.
void hand_on(JsonBuilder& builder, std::shared_ptr<PositionTree> positions, const StreamPart& part,
             const StreamReading& reading, PartResult& result) {
  Json value = builder.take_result();
  const int index = part.first_index + result.documents++;
  if (!value.is_null())
    reading.sink(SourceDocument{reading.file, index, std::move(value), std::move(positions), ""});
}

// Parses the documents of `part` in order with libyaml, handing each non-empty one to the sink.
PartResult parse_part_with_libyaml(const StreamPart& part, const StreamReading& reading,
                                   StreamCounters& counters, Diagnostics& diags) {
  PartResult result;
  EventStream events(part.text, part.first_line, part.first_column);
  for (;;) {
    const yaml_event_t* e = events.next();
    if (!e) {
      diags.add(events.syntax_error(reading.file));
      result.stopped = true;
      return result;
    }
    if (e->type == YAML_STREAM_END_EVENT) return result;
    if (e->type != YAML_DOCUMENT_START_EVENT) continue;
    auto positions = std::make_shared<PositionTree>();
    JsonBuilder builder(reading.file, *positions, counters, diags, reading.limits);
    builder.on_document_start(events.mark(e->start_mark));
    while ((e = events.next()) && feed(builder, *e, events) && !builder.failed()) {
    }
    if (builder.failed()) {
      result.stopped = true;
      return result;
    }
    if (!e) {
      diags.add(events.syntax_error(reading.file));
      result.stopped = true;
      return result;
    }
    hand_on(builder, std::move(positions), part, reading, result);
  }
}

// Feeds the subset reader's document to a builder and hands it on, as parse_part_with_libyaml does with
// libyaml's events; false when the builder refused it (it reported why).
bool build_subset_document(SubsetDocument& doc, const StreamPart& part, const StreamReading& reading,
                           StreamCounters& counters, Diagnostics& diags, PartResult& result) {
  static const std::string kPlain = "?", kQuoted = "!", kNoAnchor;
  auto positions = std::make_shared<PositionTree>();
  JsonBuilder builder(reading.file, *positions, counters, diags, reading.limits);
  builder.on_document_start(Mark{doc.start_line, doc.start_column});
  for (SubsetEvent& e : doc.events) {
    const Mark at{e.line, e.column};
    switch (e.kind) {
      case SubsetEvent::Kind::kScalar:
        builder.on_scalar(at, e.style == ScalarStyle::kPlain ? kPlain : kQuoted, kNoAnchor,
                          std::move(e.value));
        break;
      case SubsetEvent::Kind::kMappingStart:
      case SubsetEvent::Kind::kSequenceStart:
        builder.on_collection_start(at, kNoAnchor,
                                    {.is_mapping = e.kind == SubsetEvent::Kind::kMappingStart,
                                     .is_flow = e.is_flow,
                                     .expected_entries = e.entries});
        break;
      case SubsetEvent::Kind::kCollectionEnd:
        builder.on_collection_end();
        break;
    }
    if (builder.failed()) return false;
  }
  hand_on(builder, std::move(positions), part, reading, result);
  return true;
}

// Parses the documents of `part` in order: each with the subset reader while it can, the rest with libyaml.
PartResult parse_part(const StreamPart& part, const StreamReading& reading, StreamCounters& counters,
                      Diagnostics& diags) {
  if (reading.limits.block_reader == BlockReader::kLibyamlOnly || !subset_may_read(part.text) ||
      part.first_column > 0)
    return parse_part_with_libyaml(part, reading, counters, diags);
  PartResult result;
  size_t offset = 0, line = part.first_line;
  SubsetDocument doc;
  // A block document has at most about one event per 8 bytes in practice ("key: value\n" is two), so this
  // sizes the events of most parts once; the cap keeps a huge document from reserving ahead of its reading.
  doc.events.reserve(std::min<size_t>(part.text.size() / 8, 4096));
  for (;;) {
    // A document beyond the node budget goes to libyaml, whose events the builder then refuses.
    const SubsetRead read = read_subset_document(part.text, offset, line, reading.limits.max_nodes, doc);
    if (read == SubsetRead::kEndOfText) return result;
    if (read == SubsetRead::kOutsideSubset) break;
    if (!build_subset_document(doc, part, reading, counters, diags, result)) {
      result.stopped = true;
      return result;
    }
    offset = doc.end_offset;
    line = doc.end_line;
  }
  const StreamPart rest{.text = part.text.substr(offset),
                        .first_line = line,
                        .first_index = part.first_index + result.documents};
  const PartResult rest_result = parse_part_with_libyaml(rest, reading, counters, diags);
  result.documents += rest_result.documents;
  result.stopped = rest_result.stopped;
  return result;
}

// A batch of slices is parsed at once and handed over in order, so memory holds one batch's documents.
constexpr size_t kBatchBytes = size_t{256} << 10;

struct ParsedSlice {
  std::vector<SourceDocument> documents;
  StreamCounters counters;
  Diagnostics diags;
  PartResult result;
};

// Parses `slices[first, last)` each on its own, with `beside` (when given) as one more piece of the same
// parallel run; true when every slice parsed cleanly (nothing reported, nothing stopped) and the stream's
// limits still hold with them, as one sequential parse would find.
bool parse_batch(std::string_view text, const std::vector<StreamSlice>& slices, size_t first, size_t last,
                 const StreamReading& reading, const StreamCounters& counters,
                 std::vector<ParsedSlice>& parsed, const std::function<void()>& beside) {
  parsed.assign(last - first, ParsedSlice{});
  const size_t pieces_beside = beside ? 1 : 0;
  for_each_index_parallel(last - first + pieces_beside, [&](size_t piece) {
    if (piece < pieces_beside) {
      beside();
      return;
    }
    const size_t i = piece - pieces_beside;
    const StreamSlice& slice = slices[first + i];
    ParsedSlice& out = parsed[i];
    const StreamReading own{reading.file, reading.limits,
                            [&](SourceDocument&& d) { out.documents.push_back(std::move(d)); }};
    out.result =
        parse_part(StreamPart{.text = text.substr(slice.offset, slice.size), .first_line = slice.first_line},
                   own, out.counters, out.diags);
  });
  StreamCounters total = counters;
  for (const ParsedSlice& p : parsed) {
    if (p.result.stopped || !p.diags.empty()) return false;
    total.nodes += p.counters.nodes;
    total.alias_bytes += p.counters.alias_bytes;
    total.flow_levels += p.counters.flow_levels;
  }
  return total.nodes <= reading.limits.max_nodes && total.alias_bytes <= reading.limits.max_alias_bytes &&
         total.flow_levels <= reading.limits.max_flow_levels;
}

// The end of the batch that starts at `first`: at least one slice, at most kBatchBytes beyond it.
size_t batch_end(const std::vector<StreamSlice>& slices, size_t first) {
  size_t last = first, bytes = 0;
  while (last < slices.size() && (last == first || bytes + slices[last].size <= kBatchBytes))
    bytes += slices[last++].size;
  return last;
}

// Counts a cleanly parsed batch into the stream: its documents get their stream indexes.
void accept_batch(std::vector<ParsedSlice>& parsed, StreamCounters& counters, int& next_index) {
  for (ParsedSlice& p : parsed) {
    for (SourceDocument& d : p.documents) d.index += next_index;
    next_index += p.result.documents;
    counters.nodes += p.counters.nodes;
    counters.alias_bytes += p.counters.alias_bytes;
    counters.flow_levels += p.counters.flow_levels;
  }
}

void hand_on(std::vector<ParsedSlice>& parsed, const StreamReading& reading) {
  for (ParsedSlice& p : parsed)
    for (SourceDocument& d : p.documents) reading.sink(std::move(d));
  parsed.clear();
}

// Batch after batch: each is parsed on every core and handed on in order, so memory holds one batch's
// documents (two with SinkThreads::kOneThread, where one is handed on while the next is parsed).
void parse_slices_in_parallel(std::string_view text, const StreamReading& reading, StreamCounters& counters,
                              Diagnostics& diags) {
  const std::vector<StreamSlice> slices = stream_slices(text);
  if (slices.size() < 2) {
    parse_part(StreamPart{.text = text}, reading, counters, diags);
    return;
  }
  const bool sink_beside_parsing = reading.limits.sink_threads == SinkThreads::kOneThread;
  std::vector<ParsedSlice> ready, parsing;
  int next_index = 0;
  for (size_t first = 0; first < slices.size();) {
    const size_t last = batch_end(slices, first);
    std::function<void()> hand_on_ready;
    if (sink_beside_parsing && !ready.empty()) {
      hand_on_ready = [&] { hand_on(ready, reading); };
    } else {
      hand_on(ready, reading);
    }
    if (!parse_batch(text, slices, first, last, reading, counters, parsing, hand_on_ready)) {
      // Something to report: the rest in one sequential parse, which reports it as the whole stream would.
      const StreamSlice& from = slices[first];
      parse_part(
          StreamPart{
              .text = text.substr(from.offset), .first_line = from.first_line, .first_index = next_index},
          reading, counters, diags);
      return;
    }
    accept_batch(parsing, counters, next_index);
    std::swap(ready, parsing);
    first = last;
  }
  hand_on(ready, reading);
}

// A JSON stream of several values (`starts`, from json_value_starts): each is parsed as a part of its own,
// which starts where the value does, its line and column those of the stream.
void parse_json_values(std::string_view text, const std::vector<size_t>& starts, const StreamReading& reading,
                       StreamCounters& counters, Diagnostics& diags) {
  size_t from = 0, line = 0, column = 0;  // `from`'s 0-based line and column (characters)
  int index = 0;
  for (size_t i = 0; i < starts.size(); ++i) {
    const size_t start = starts[i], end = i + 1 < starts.size() ? starts[i + 1] : text.size();
    const Position moved = position_at_offset(text.substr(from, start - from), start - from);
    column = moved.line == 1 ? column + static_cast<size_t>(moved.column - 1)
                             : static_cast<size_t>(moved.column - 1);
    line += static_cast<size_t>(moved.line - 1);
    from = start;
    const PartResult result = parse_part(StreamPart{.text = text.substr(start, end - start),
                                                    .first_line = line,
                                                    .first_column = column,
                                                    .first_index = index},
                                         reading, counters, diags);
    index += result.documents;
    if (result.stopped) return;
  }
}

}  // namespace

void parse_yaml_stream_each(std::string_view text, const std::string& file, Diagnostics& diags,
                            const ReadLimits& limits, ReadStats* stats,
                            const std::function<void(SourceDocument&&)>& sink) {
  if (text.size() > limits.max_bytes) {
    diags.error("yaml/too-large",
                fmt::format("input is {} bytes; the limit is {}", text.size(), limits.max_bytes),
                Location{file, 0, 0});
    return;
  }
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  if (!prescan_yaml(text, file, limits.max_depth, diags)) return;
  std::optional<std::vector<size_t>> json_values;
  if (starts_as_json(text) && !(json_values = json_value_starts(text, file, diags))) return;

  StreamCounters counters;
  const StreamReading reading{file, limits, sink};
  if (json_values && json_values->size() > 1) {
    parse_json_values(text, *json_values, reading, counters, diags);
  } else if (text.size() >= limits.parallel_from_bytes) {
    parse_slices_in_parallel(text, reading, counters, diags);
  } else {
    parse_part(StreamPart{.text = text}, reading, counters, diags);
  }
  if (stats) {
    stats->nodes = counters.nodes;
    stats->flow_levels = counters.flow_levels;
  }
}

std::vector<SourceDocument> parse_yaml_stream(std::string_view text, const std::string& file,
                                              Diagnostics& diags, const ReadLimits& limits,
                                              ReadStats* stats) {
  std::vector<SourceDocument> docs;
  parse_yaml_stream_each(text, file, diags, limits, stats,
                         [&](SourceDocument&& doc) { docs.push_back(std::move(doc)); });
  return docs;
}

}  // namespace grovectl
