#include "schema/regex.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <tuple>

namespace grovectl::schema {
namespace {

constexpr size_t kMaxProgram = 20000;   // instructions; CRD patterns need a few hundred at most
constexpr size_t kMaxDfaStates = 2000;  // beyond this the NFA simulation runs instead
constexpr int kMaxRepeat = 1000;        // RE2's own limit for {n,m}
constexpr char32_t kMaxRune = 0x10FFFF;
constexpr char32_t kBadRune = 0xFFFD;

// One rune of UTF-8 at `pos`; an invalid byte reads as U+FFFD and consumes one byte, as in Go.
char32_t decode_rune(std::string_view s, size_t& pos) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char b = byte(pos);
  if (b < 0x80) {
    ++pos;
    return b;
  }
  int len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 0;
  if (len == 0 || b > 0xF4 || pos + len > s.size()) {
    ++pos;
    return kBadRune;
  }
  char32_t r = b & (0x7F >> len);
  for (int i = 1; i < len; ++i) {
    unsigned char c = byte(pos + i);
    if ((c & 0xC0) != 0x80) {
      ++pos;
      return kBadRune;
    }
    r = (r << 6) | (c & 0x3F);
  }
  static constexpr char32_t kMinForLength[] = {0, 0, 0x80, 0x800, 0x10000};
  if (r < kMinForLength[len] || r > kMaxRune || (r >= 0xD800 && r <= 0xDFFF)) {
    ++pos;
    return kBadRune;
  }
  pos += len;
  return r;
}

struct Ast {
  enum class Kind { kEmpty, kClass, kConcat, kAlternate, kRepeat, kBegin, kEnd } kind = Kind::kEmpty;
  int cls = -1;
  int min = 0, max = -1;  // kRepeat; max -1 = unbounded
  std::vector<std::unique_ptr<Ast>> kids;
};
using AstPtr = std::unique_ptr<Ast>;

AstPtr make(Ast::Kind kind) {
  auto a = std::make_unique<Ast>();
  a->kind = kind;
  return a;
}

Regex::Class rune_class(char32_t c) {
  return {.ranges = {{c, c}}};
}

Regex::Class digit_class() {
  return {.ranges = {{'0', '9'}}};
}
Regex::Class word_class() {
  return {.ranges = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}};
}
Regex::Class space_class() {
  return {.ranges = {{'\t', '\n'}, {'\f', '\r'}, {' ', ' '}}};
}

class Parser {
 public:
  Parser(std::string_view p, std::vector<Regex::Class>& classes, std::string& error)
      : p_(p), classes_(classes), error_(error) {}

  AstPtr parse() {
    AstPtr a = alternation();
    if (!failed() && pos_ < p_.size()) fail("unexpected ')'");
    return failed() ? nullptr : std::move(a);
  }

 private:
  bool failed() const { return !error_.empty(); }
  void fail(const std::string& why) {
    if (error_.empty()) error_ = why + " at offset " + std::to_string(pos_);
  }
  bool at_end() const { return pos_ >= p_.size(); }
  char peek() const { return p_[pos_]; }

  int add_class(Regex::Class c) {
    classes_.push_back(std::move(c));
    return static_cast<int>(classes_.size() - 1);
  }
  AstPtr class_node(Regex::Class c) {
    AstPtr a = make(Ast::Kind::kClass);
    a->cls = add_class(std::move(c));
    return a;
  }

  AstPtr alternation() {
    AstPtr first = concatenation();
    if (at_end() || peek() != '|') return first;
    AstPtr alt = make(Ast::Kind::kAlternate);
    alt->kids.push_back(std::move(first));
    while (!failed() && !at_end() && peek() == '|') {
      ++pos_;
      alt->kids.push_back(concatenation());
    }
    return alt;
  }

  AstPtr concatenation() {
    AstPtr seq = make(Ast::Kind::kConcat);
    while (!failed() && !at_end() && peek() != '|' && peek() != ')') seq->kids.push_back(repetition());
    return seq;
  }

  // "{n}", "{n,}" or "{n,m}" at pos_; false (pos_ unchanged) when it is not one, as RE2 then reads '{'
  // as a literal.
  bool counted(int& min, int& max) {
    size_t i = pos_ + 1;
    auto number = [&](int& out) {
      size_t start = i;
      long v = 0;
      while (i < p_.size() && p_[i] >= '0' && p_[i] <= '9' && v <= kMaxRepeat) v = v * 10 + (p_[i++] - '0');
      out = static_cast<int>(v);
      return i > start;
    };
    if (!number(min)) return false;
    max = min;
    if (i < p_.size() && p_[i] == ',') {
      ++i;
      if (!number(max)) max = -1;
    }
    if (i >= p_.size() || p_[i] != '}') return false;
    pos_ = i + 1;
    return true;
  }

  AstPtr repetition() {
    AstPtr atom_node = atom();
    bool repeated = false;
    while (!failed() && !at_end()) {
      int min = 0, max = -1;
      char c = peek();
      if (c == '*') {
        ++pos_;
      } else if (c == '+') {
        min = 1;
        ++pos_;
      } else if (c == '?') {
        max = 1;
        ++pos_;
      } else if (c == '{' && counted(min, max)) {
        if (min > kMaxRepeat || max > kMaxRepeat || (max >= 0 && max < min)) {
          fail("invalid repeat count");
          return nullptr;
        }
      } else {
        break;
      }
      if (repeated) {
        fail("invalid nested repetition operator");  // as Go's regexp: a** or a{2}*
        return nullptr;
      }
      repeated = true;
      if (!at_end() && peek() == '?') ++pos_;  // lazy: same language
      AstPtr rep = make(Ast::Kind::kRepeat);
      rep->min = min;
      rep->max = max;
      rep->kids.push_back(std::move(atom_node));
      atom_node = std::move(rep);
    }
    return atom_node;
  }

  AstPtr group() {
    ++pos_;  // '('
    if (p_.substr(pos_, 2) == "?:") {
      pos_ += 2;
    } else if (p_.substr(pos_, 3) == "?P<" || p_.substr(pos_, 2) == "?<") {
      size_t close = p_.find('>', pos_);
      if (close == std::string_view::npos) {
        fail("unterminated group name");
        return nullptr;
      }
      pos_ = close + 1;
    } else if (!at_end() && peek() == '?') {
      fail("unsupported group flags");
      return nullptr;
    }
    AstPtr inner = alternation();
    if (failed()) return nullptr;
    if (at_end() || peek() != ')') {
      fail("missing ')'");
      return nullptr;
    }
    ++pos_;
    return inner;
  }

  // A backslash escape that stands for a set of runes (\d, \w, \s and negations, or one rune).
  bool escape_class(Regex::Class& out) {
    ++pos_;  // '\'
    if (at_end()) {
      fail("trailing backslash");
      return false;
    }
    char c = p_[pos_++];
    switch (c) {
      case 'd':
      case 'D':
        out = digit_class();
        out.negated = c == 'D';
        return true;
      case 'w':
      case 'W':
        out = word_class();
        out.negated = c == 'W';
        return true;
      case 's':
      case 'S':
        out = space_class();
        out.negated = c == 'S';
        return true;
      case 't':
        out = rune_class('\t');
        return true;
      case 'n':
        out = rune_class('\n');
        return true;
      case 'r':
        out = rune_class('\r');
        return true;
      case 'f':
        out = rune_class('\f');
        return true;
      case 'v':
        out = rune_class('\v');
        return true;
      default:
        if (static_cast<unsigned char>(c) < 0x80 && !std::isalnum(static_cast<unsigned char>(c))) {
          out = rune_class(static_cast<char32_t>(c));
          return true;
        }
        --pos_;
        fail(std::string("unsupported escape \\") + c);
        return false;
    }
  }

  AstPtr bracket() {
    ++pos_;  // '['
    Regex::Class cls;
    if (!at_end() && peek() == '^') {
      cls.negated = true;
      ++pos_;
    }
    bool first = true;
    while (true) {
      if (at_end()) {
        fail("missing ']'");
        return nullptr;
      }
      if (peek() == ']' && !first) break;
      if (p_.substr(pos_, 2) == "[:") {
        fail("POSIX character classes are not supported");
        return nullptr;
      }
      first = false;
      Regex::Class item;
      if (peek() == '\\') {
        if (!escape_class(item)) return nullptr;
      } else {
        char32_t r = decode_rune(p_, pos_);
        item.ranges.push_back({r, r});
      }
      bool single = !item.negated && item.ranges.size() == 1 && item.ranges[0].lo == item.ranges[0].hi;
      if (single && pos_ + 1 < p_.size() && peek() == '-' && p_[pos_ + 1] != ']') {
        ++pos_;
        Regex::Class hi;
        if (peek() == '\\') {
          if (!escape_class(hi)) return nullptr;
        } else {
          char32_t r = decode_rune(p_, pos_);
          hi.ranges.push_back({r, r});
        }
        if (hi.negated || hi.ranges.size() != 1 || hi.ranges[0].lo != hi.ranges[0].hi ||
            hi.ranges[0].lo < item.ranges[0].lo) {
          fail("invalid character class range");
          return nullptr;
        }
        item.ranges[0].hi = hi.ranges[0].lo;
      }
      if (item.negated) {  // \D, \W, \S inside brackets: add the complement
        char32_t next = 0;
        for (const auto& r : item.ranges) {
          if (r.lo > next) cls.ranges.push_back({next, r.lo - 1});
          next = r.hi + 1;
        }
        cls.ranges.push_back({next, kMaxRune});
      } else {
        cls.ranges.insert(cls.ranges.end(), item.ranges.begin(), item.ranges.end());
      }
    }
    ++pos_;  // ']'
    return class_node(std::move(cls));
  }

  AstPtr atom() {
    char c = peek();
    switch (c) {
      case '(':
        return group();
      case '[':
        return bracket();
      case '.':
        ++pos_;
        return class_node({.ranges = {{'\n', '\n'}}, .negated = true});
      case '^':
        ++pos_;
        return make(Ast::Kind::kBegin);
      case '$':
        ++pos_;
        return make(Ast::Kind::kEnd);
      case '*':
      case '+':
      case '?':
        fail("missing argument to repetition operator");
        return nullptr;
      case '\\':
        if (p_.substr(pos_, 2) == "\\A") {
          pos_ += 2;
          return make(Ast::Kind::kBegin);
        }
        if (p_.substr(pos_, 2) == "\\z") {
          pos_ += 2;
          return make(Ast::Kind::kEnd);
        }
        {
          Regex::Class cls;
          if (!escape_class(cls)) return nullptr;
          return class_node(std::move(cls));
        }
      default: {
        char32_t r = decode_rune(p_, pos_);
        return class_node(rune_class(r));
      }
    }
  }

  std::string_view p_;
  size_t pos_ = 0;
  std::vector<Regex::Class>& classes_;
  std::string& error_;
};

class Compiler {
 public:
  Compiler(std::vector<Regex::Inst>& program, std::string& error) : program_(program), error_(error) {}

  void emit(const Ast& a) {
    if (program_.size() > kMaxProgram) {
      if (error_.empty()) error_ = "pattern too large";
      return;
    }
    switch (a.kind) {
      case Ast::Kind::kEmpty:
        return;
      case Ast::Kind::kClass:
        add({Regex::Op::kClass, a.cls, 0});
        return;
      case Ast::Kind::kBegin:
        add({Regex::Op::kBegin, 0, 0});
        return;
      case Ast::Kind::kEnd:
        add({Regex::Op::kEnd, 0, 0});
        return;
      case Ast::Kind::kConcat:
        for (const auto& k : a.kids) emit(*k);
        return;
      case Ast::Kind::kAlternate:
        alternate(a, 0);
        return;
      case Ast::Kind::kRepeat:
        repeat(a);
        return;
    }
  }

 private:
  int add(Regex::Inst i) {
    program_.push_back(i);
    return static_cast<int>(program_.size() - 1);
  }
  int here() const { return static_cast<int>(program_.size()); }

  void alternate(const Ast& a, size_t from) {
    if (from + 1 == a.kids.size()) {
      emit(*a.kids[from]);
      return;
    }
    int split = add({Regex::Op::kSplit, 0, 0});
    program_[split].x = here();
    emit(*a.kids[from]);
    int jump = add({Regex::Op::kJump, 0, 0});
    program_[split].y = here();
    alternate(a, from + 1);
    program_[jump].x = here();
  }

  void repeat(const Ast& a) {
    const Ast& body = *a.kids[0];
    for (int i = 0; i < a.min; ++i) emit(body);
    if (a.max < 0) {
      int split = add({Regex::Op::kSplit, 0, 0});
      program_[split].x = here();
      emit(body);
      add({Regex::Op::kJump, split, 0});
      program_[split].y = here();
      return;
    }
    std::vector<int> splits;
    for (int i = a.min; i < a.max; ++i) {
      int split = add({Regex::Op::kSplit, 0, 0});
      program_[split].x = here();
      splits.push_back(split);
      emit(body);
    }
    for (int s : splits) program_[s].y = here();
  }

  std::vector<Regex::Inst>& program_;
  std::string& error_;
};

}  // namespace

bool Regex::Class::contains(char32_t c) const {
  bool in = false;
  for (const auto& r : ranges) {
    if (c >= r.lo && c <= r.hi) {
      in = true;
      break;
    }
  }
  return in != negated;
}

std::optional<Regex> Regex::compile(std::string_view pattern, std::string& error) {
  error.clear();
  Regex re;
  AstPtr ast = Parser(pattern, re.classes_, error).parse();
  if (!ast) return std::nullopt;
  Compiler compiler(re.program_, error);
  compiler.emit(*ast);
  if (!error.empty()) return std::nullopt;
  re.program_.push_back({Op::kMatch, 0, 0});
  re.start_ = 0;
  re.build_dfa();
  return re;
}

namespace {

struct Closure {
  std::vector<int> pcs;  // consuming instructions reached, sorted
  bool match = false;
};

// Where in the text a closure is taken: ^ holds at its beginning, $ at its end.
struct Assertions {
  bool at_begin = false;
  bool at_end = false;
};

// Everything reachable from `seeds` without consuming input.
Closure closure(const std::vector<Regex::Inst>& program, const std::vector<int>& seeds, Assertions where) {
  Closure out;
  std::vector<char> seen(program.size(), 0);
  std::vector<int> stack(seeds.rbegin(), seeds.rend());
  while (!stack.empty()) {
    int at = stack.back();
    stack.pop_back();
    if (seen[at]) continue;
    seen[at] = 1;
    const Regex::Inst& inst = program[at];
    switch (inst.op) {
      case Regex::Op::kClass:
        out.pcs.push_back(at);
        break;
      case Regex::Op::kSplit:
        stack.push_back(inst.y);
        stack.push_back(inst.x);
        break;
      case Regex::Op::kJump:
        stack.push_back(inst.x);
        break;
      case Regex::Op::kBegin:
        if (where.at_begin) stack.push_back(at + 1);
        break;
      case Regex::Op::kEnd:
        if (where.at_end) stack.push_back(at + 1);
        break;
      case Regex::Op::kMatch:
        out.match = true;
        break;
    }
  }
  std::sort(out.pcs.begin(), out.pcs.end());
  return out;
}

}  // namespace

int Regex::symbol(char32_t rune) const {
  if (rune < 128) return ascii_symbol_[rune];
  return static_cast<int>(std::upper_bound(bounds_.begin(), bounds_.end(), rune) - bounds_.begin()) - 1;
}

// Subset construction over the symbols; states are keyed by the set of threads and the two match flags.
void Regex::build_dfa() {
  std::vector<char32_t> cuts = {0};
  for (const auto& c : classes_) {
    for (const auto& r : c.ranges) {
      cuts.push_back(r.lo);
      if (r.hi < kMaxRune) cuts.push_back(r.hi + 1);
    }
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  bounds_ = cuts;
  for (char32_t c = 0; c < 128; ++c) {
    ascii_symbol_[c] =
        static_cast<int>(std::upper_bound(bounds_.begin(), bounds_.end(), c) - bounds_.begin()) - 1;
  }
  const bool anchored = program_[start_].op == Op::kBegin;
  using Key = std::tuple<std::vector<int>, bool, bool>;
  std::map<Key, int> ids;
  std::vector<std::vector<int>> threads;
  enum class At { kTextStart, kLater };
  auto state_for = [&](const std::vector<int>& seeds, At at) -> int {
    const bool at_begin = at == At::kTextStart;
    Closure now = closure(program_, seeds, {.at_begin = at_begin});
    bool at_end = closure(program_, seeds, {.at_begin = at_begin, .at_end = true}).match;
    Key key{now.pcs, now.match, at_end};
    if (auto it = ids.find(key); it != ids.end()) return it->second;
    int id = static_cast<int>(dfa_.size());
    ids.emplace(key, id);
    DfaState st;
    st.match_now = now.match;
    st.match_at_end = at_end;
    st.dead = anchored && now.pcs.empty() && !now.match && !at_end;
    dfa_.push_back(std::move(st));
    threads.push_back(now.pcs);
    return id;
  };
  state_for({start_}, At::kTextStart);
  for (size_t s = 0; s < dfa_.size(); ++s) {
    if (dfa_.size() > kMaxDfaStates) {
      dfa_.clear();
      return;
    }
    std::vector<int> next(bounds_.size());
    for (size_t sym = 0; sym < bounds_.size(); ++sym) {
      std::vector<int> seeds;
      for (int pc : threads[s]) {
        if (classes_[program_[pc].x].contains(bounds_[sym])) seeds.push_back(pc + 1);
      }
      if (!anchored) seeds.push_back(start_);
      next[sym] = state_for(seeds, At::kLater);
    }
    dfa_[s].next = std::move(next);
  }
}

bool Regex::search(std::string_view text) const {
  if (dfa_.empty()) return nfa_search(text);
  const DfaState* st = &dfa_[0];
  if (st->match_now) return true;
  size_t pos = 0;
  while (pos < text.size()) {
    unsigned char b = static_cast<unsigned char>(text[pos]);
    int sym;
    if (b < 0x80) {
      sym = ascii_symbol_[b];
      ++pos;
    } else {
      sym = symbol(decode_rune(text, pos));
    }
    st = &dfa_[st->next[sym]];
    if (st->match_now) return true;
    if (st->dead) return false;
  }
  return st->match_at_end;
}

bool Regex::nfa_search(std::string_view text) const {
  const size_t n = program_.size();
  std::vector<uint32_t> seen(n, 0);
  std::vector<int> current, next, stack;
  uint32_t generation = 0;
  bool matched = false;
  // Adds the threads reachable from `pc` without consuming input, at text offset `pos`.
  auto add = [&](std::vector<int>& list, int pc, size_t pos) {
    stack.push_back(pc);
    while (!stack.empty()) {
      int at = stack.back();
      stack.pop_back();
      if (seen[at] == generation) continue;
      seen[at] = generation;
      const Inst& inst = program_[at];
      switch (inst.op) {
        case Op::kClass:
          list.push_back(at);
          break;
        case Op::kSplit:
          stack.push_back(inst.y);
          stack.push_back(inst.x);
          break;
        case Op::kJump:
          stack.push_back(inst.x);
          break;
        case Op::kBegin:
          if (pos == 0) stack.push_back(at + 1);
          break;
        case Op::kEnd:
          if (pos == text.size()) stack.push_back(at + 1);
          break;
        case Op::kMatch:
          matched = true;
          break;
      }
    }
  };
  size_t pos = 0;
  ++generation;
  add(current, start_, 0);
  const bool anchored = program_[start_].op == Op::kBegin;
  while (!matched && pos < text.size()) {
    if (anchored && current.empty()) return false;
    size_t after = pos;
    char32_t rune = decode_rune(text, after);
    ++generation;
    next.clear();
    for (int pc : current) {
      if (classes_[program_[pc].x].contains(rune)) add(next, pc + 1, after);
    }
    if (!anchored) add(next, start_, after);  // a match may start at any offset
    current.swap(next);
    pos = after;
  }
  return matched;
}

}  // namespace grovectl::schema
