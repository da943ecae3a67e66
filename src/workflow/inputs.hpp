#pragma once
// The selector flags shared by render, validate and diff, as plain values, and what the workflows make of
// them: render options, the inputs read and checked, CRD overrides, templates, exit codes. src/cli/ parses
// them from the command line (cli/selectors.hpp); tests set them directly.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backend/templates.hpp"
#include "core/diagnostic.hpp"
#include "frontend/classify.hpp"
#include "input/loader.hpp"
#include "model/options.hpp"
#include "validate/duplicate_documents.hpp"
#include "validate/input_schema.hpp"
#include "yaml/document.hpp"

namespace grovectl {

struct SelectorFlags {
  std::vector<std::string> files;
  std::string backend;
  std::string kube_version;
  std::string feature_gates;
  std::vector<std::string> topology;
  std::string hierarchy = "flat";
  std::string jobset_gang = "jobset";
  std::string ns;
  std::string templates_dir;
  std::vector<std::string> koord_layer_map;
  std::string unknown_fields = "error";
  std::vector<std::string> skip_kinds;    // --skip-kinds, comma-separated and repeatable
  std::vector<std::string> reject_kinds;  // --reject-kinds
  std::vector<std::string> ignore_filename_patterns;
  std::string stdin_filename;              // --stdin-filename: what stdin is called in messages
  std::string duplicate_scope = "inputs";  // --duplicate-scope inputs|file
  size_t jobs = 0;                         // -j/--jobs; 0: the CPUs this process may use
  std::string grove_version;
  std::string epoch;
  std::vector<std::string> crds;  // --crd
};

// Usage problems (unknown backend, unsupported version, bad gate) are reported with rule usage/*.
std::optional<RenderOptions> make_render_options(const SelectorFlags& flags, Diagnostics& diags);

// --unknown-fields: error (kubectl's --validate=strict, the default), warn or ignore.
UnknownFieldPolicy unknown_field_policy(const SelectorFlags& flags);

// --duplicate-scope: one object once in all the inputs (default) or once per file.
DuplicateScope duplicate_scope(const SelectorFlags& flags);

// --skip-kinds and --reject-kinds as lists of entries.
KindSelection kind_selection(const SelectorFlags& flags);

// Reads -f inputs plus --topology files. Zero documents is an error.
std::vector<SourceDocument> load_inputs(const SelectorFlags& flags, Diagnostics& diags);

// The same inputs as a stream (validate reads them twice): how the loader reads them, then each document
// to `sink`. Returns the inputs that held no document.
LoadOptions input_load_options(const SelectorFlags& flags);
std::vector<std::string> read_inputs(const SelectorFlags& flags, InputLoader& loader,
                                     const DocumentSink& sink);
// input/empty for each input without documents (zero documents is never a pass).
void report_empty_inputs(const std::vector<std::string>& empty, Diagnostics& diags);

// render and diff: validate's layers 1-2 (check_inputs without Grove's admission rules, whose render-side
// refusals are the pipeline's own) over `docs`, every finding into `diags`; the documents to render
// (gang sources and their companions) when there is no error.
DocumentRefs checked_inputs(const SelectorFlags& flags, const std::vector<SourceDocument>& docs,
                            const RenderOptions& options, const std::shared_ptr<const CrdOverrides>& crds,
                            Diagnostics& diags);

// --crd: the CRDs that replace the embedded ones of their kinds (nullptr without --crd). A file that cannot
// be read is input/io; a CRD grovectl cannot use, or none of a kind it reads, is usage/crd.
std::shared_ptr<const CrdOverrides> load_crd_overrides(const SelectorFlags& flags, Diagnostics& diags);

// Embedded templates, or --templates DIR over them.
TemplateSet load_templates(const SelectorFlags& flags, Diagnostics& diags);

// True when any diagnostic has a rule starting with `prefix` (e.g. "usage/", "input/io").
bool has_rule_prefix(const Diagnostics& diags, const std::string& prefix);

// The exit code for errors, the same in every command: usage 2; I/O (input/io, output/*, a failed
// kubectl) 3; an input that is invalid or refused 1.
int exit_code_for_errors(const Diagnostics& diags);

}  // namespace grovectl
