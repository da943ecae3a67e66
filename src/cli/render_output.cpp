#include "cli/render_output.hpp"

#include <cctype>

#include "yaml/emitter.hpp"

namespace grovectl {
namespace {

// -o name: kubectl's `kind.group/name` line per object (the core group has no suffix).
std::string name_line(const Json& o) {
  std::string kind = o.value("kind", "");
  for (char& c : kind) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::string api_version = o.value("apiVersion", "");
  const auto slash = api_version.find('/');
  if (slash != std::string::npos) kind += "." + api_version.substr(0, slash);
  std::string name;
  if (o.contains("metadata") && o["metadata"].is_object()) name = o["metadata"].value("name", "");
  return kind + "/" + name + "\n";
}

constexpr std::string_view kListStart =
    "{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"List\",\n  \"items\": [\n";

}  // namespace

TextFormat text_format(const std::string& output) {
  if (output == "json") return TextFormat::kJson;
  return output == "name" ? TextFormat::kName : TextFormat::kYaml;
}

std::string object_text(TextFormat format, const Json& object) {
  switch (format) {
    case TextFormat::kJson:
      return object.dump(2);
    case TextFormat::kName:
      return name_line(object);
    case TextFormat::kYaml:
      break;
  }
  // An object's text is a few hundred bytes: room for 512 saves the five allocations a string doubling from
  // empty takes to get there, and holds no more than doubling would (it stops at 480 bytes, then 960).
  std::string text;
  text.reserve(512);
  append_yaml(text, object);
  return text;
}

void OutputText::append(std::string&& text) {
  switch (format_) {
    case TextFormat::kYaml:
      if (documents_ > 0) spool_.write("---\n");
      spool_.write(text);
      break;
    case TextFormat::kJson:
      append_json_document(std::move(text));
      break;
    case TextFormat::kName:
      spool_.write(text);
      break;
  }
  ++documents_;
}

void OutputText::finish() {
  if (format_ != TextFormat::kJson) return;
  if (documents_ == 0)
    spool_.write("{\n  \"apiVersion\": \"v1\",\n  \"kind\": \"List\",\n  \"items\": []\n}\n");
  if (documents_ == 1) spool_.write(first_ + "\n");
  if (documents_ > 1) spool_.write("\n  ]\n}\n");
}

// -o json: one object as is, several as a kind: List (to_json_text's form, written item by item).
void OutputText::append_json_document(std::string&& text) {
  if (documents_ == 0) {
    first_ = std::move(text);
    return;
  }
  if (documents_ == 1) {
    spool_.write(kListStart);
    append_item(first_);
    first_.clear();
  }
  spool_.write(",\n");
  append_item(text);
}

void OutputText::append_item(const std::string& text) {
  std::string out = "    ";
  out.reserve(text.size() + text.size() / 8);
  for (char c : text) {
    out += c;
    if (c == '\n') out += "    ";
  }
  spool_.write(out);
}

}  // namespace grovectl
