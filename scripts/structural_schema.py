#!/usr/bin/env python3
"""Writes grovectl's embedded structural copies of the official CRD schemas (schemas/crd/*.json).

For each CRD below it reads the official file from the shared schema folder, takes the openAPIV3Schema of
the served version and keeps only what the API server validates with: types, formats, enums, patterns,
required, nullable, defaults (the server applies them before validating, so a defaulted field is never
missing), numeric and length bounds, additionalProperties, items and the x-kubernetes-* markers that
change validation (int-or-string, preserve-unknown-fields, embedded-resource, list-type, list-map-keys).
Descriptions, examples and x-kubernetes-map-type are dropped; CEL rules (x-kubernetes-validations) are
dropped and counted, because validate implements them as Grove's and JobSet's own rules (layer 3).
Subschemas that repeat (Container, Volume, Probe, ...) are stored once under "definitions" and referenced
with {"$ref": "#/definitions/<name>"}.

Usage:
  structural_schema.py --shared DIR --out DIR          regenerate every file
  structural_schema.py --shared DIR --out DIR --check  compare with the committed files (exit 1 when they
                                                       differ, 77 with a message when DIR is absent)
"""
import argparse
import hashlib
import json
import os
import sys

import yaml

# Output name (a path below schemas/crd) -> where the official file comes from (its repository, path and
# commit are written into the output's "source"). A Grove version has a folder of its own; a kind it shares with an older version is read from
# the older folder (src/model/grove_version.cpp lists which file each version uses).
# The four Grove CRDs at tag v0.1.0-alpha.11 are byte for byte those of the shared snapshot (main at fcc3b3bb,
# last changed 13590415137d, 2026-06-24).
GROVE_ALPHA11 = dict(repository="ai-dynamo/grove", commit="8fa3ece93434d7c0005605b7dc4b0e23610af88b",
                     release="v0.1.0-alpha.11 (byte-identical to main at fcc3b3bb)")
# No released v0.1.0-alpha.13 PodCliqueSet CRD was available: it is the alpha.11 one with PR #817's
# rollingUpdate added (overlay below), as PR #817 describes the API.
GROVE_ALPHA13_PCS = dict(GROVE_ALPHA11, release="v0.1.0-alpha.11 CRD with ai-dynamo/grove PR #817's rollingUpdate "
                                                "(RollingUpdateConfiguration) added by this script")
GROVE_PR778 = dict(repository="ai-dynamo/grove", commit="6eaa77f0debebd29f373a27c68f25931fc734156",
                   release="head of PR #778 (2026-08-22), merged into v0.1.0-alpha.13")
SOURCES = {
    "grove/v0.1.0-alpha.11/podcliqueset": dict(GROVE_ALPHA11, file="grove/grove.io_podcliquesets.yaml",
                                               path="operator/api/core/v1alpha1/crds/grove.io_podcliquesets.yaml"),
    "grove/v0.1.0-alpha.11/podclique": dict(GROVE_ALPHA11, file="grove/grove.io_podcliques.yaml",
                                            path="operator/api/core/v1alpha1/crds/grove.io_podcliques.yaml"),
    "grove/v0.1.0-alpha.11/podcliquescalinggroup": dict(
        GROVE_ALPHA11, file="grove/grove.io_podcliquescalinggroups.yaml",
        path="operator/api/core/v1alpha1/crds/grove.io_podcliquescalinggroups.yaml"),
    "grove/v0.1.0-alpha.11/clustertopologybinding": dict(
        GROVE_ALPHA11, file="grove/grove.io_clustertopologybindings.yaml",
        path="operator/api/core/v1alpha1/crds/grove.io_clustertopologybindings.yaml"),
    "grove/v0.1.0-alpha.13/podcliqueset": dict(GROVE_ALPHA13_PCS, file="grove/grove.io_podcliquesets.yaml",
                                               path="operator/api/core/v1alpha1/crds/grove.io_podcliquesets.yaml",
                                               overlay="rolling_update_817"),
    "grove/v0.1.0-alpha.13/podgangmap": dict(GROVE_PR778, file="grove/pr778-6eaa77f0/grove.io_podgangmaps.yaml",
                                             path="operator/api/core/v1alpha1/crds/grove.io_podgangmaps.yaml"),
    "jobset": dict(repository="kubernetes-sigs/jobset", commit="08dfbdfd682714a9ab929633eca8dc95315187e7",
                   release="last changed b83a48ede93f (2026-07-22); v0.13.0-devel",
                   file="jobset/jobset.x-k8s.io_jobsets.yaml",
                   path="config/components/crd/bases/jobset.x-k8s.io_jobsets.yaml"),
}

# PR #817 (issue #815): RollingUpdateConfiguration{MaxUnavailable *int32, ProgressDeadline *metav1.Duration}
# on PodCliqueTemplateSpec and PodCliqueScalingGroupConfig, json "rollingUpdate". controller-gen writes an
# *int32 as an int32 integer and a metav1.Duration as a string; the webhook checks maxUnavailable > 0.
ROLLING_UPDATE_817 = {
    "type": "object",
    "properties": {
        "maxUnavailable": {"type": "integer", "format": "int32"},
        "progressDeadline": {"type": "string"},
    },
}


def rolling_update_817(schema):
    template = schema["properties"]["spec"]["properties"]["template"]["properties"]
    for listed in ("cliques", "podCliqueScalingGroups"):
        template[listed]["items"]["properties"]["rollingUpdate"] = json.loads(json.dumps(ROLLING_UPDATE_817))


OVERLAYS = {"rolling_update_817": rolling_update_817}

KEPT = {
    "type", "format", "enum", "pattern", "required", "nullable", "default",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties",
    "properties", "additionalProperties", "items",
    "x-kubernetes-int-or-string", "x-kubernetes-preserve-unknown-fields", "x-kubernetes-embedded-resource",
    "x-kubernetes-list-type", "x-kubernetes-list-map-keys",
}
DROPPED = {"description", "example", "x-kubernetes-map-type", "x-kubernetes-validations", "title"}
INT_OR_STRING_ANY_OF = [{"type": "integer"}, {"type": "string"}]
# A repeated subschema moves to "definitions" when its JSON is at least this long.
MIN_SHARED_BYTES = 300


class Unsupported(Exception):
    pass


def structural(node, where, dropped):
    """The structural part of one schema node (recursively)."""
    out = {}
    for key, value in node.items():
        if key in DROPPED:
            dropped[key] = dropped.get(key, 0) + 1
            continue
        if key == "anyOf" and node.get("x-kubernetes-int-or-string") and value == INT_OR_STRING_ANY_OF:
            continue  # implied by x-kubernetes-int-or-string
        if key not in KEPT:
            raise Unsupported(f"{where}: keyword {key!r} is not supported by grovectl's checker")
        if key == "properties":
            out[key] = {name: structural(sub, f"{where}.{name}", dropped) for name, sub in value.items()}
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            out[key] = structural(value, f"{where}[{key}]", dropped)
        else:
            out[key] = value
    return out


def canonical(node):
    return json.dumps(node, sort_keys=True, separators=(",", ":"))


def count_subschemas(node, counts):
    if not isinstance(node, dict):
        return
    key = canonical(node)
    counts[key] = counts.get(key, 0) + 1
    for name, sub in node.get("properties", {}).items():
        count_subschemas(sub, counts)
    for k in ("items", "additionalProperties"):
        if isinstance(node.get(k), dict):
            count_subschemas(node[k], counts)


class Deduper:
    """Moves repeated subschemas to definitions, named after the field where they first appear."""

    def __init__(self, counts):
        self.shared = {k for k, n in counts.items() if n > 1 and len(k) >= MIN_SHARED_BYTES}
        self.names = {}  # canonical JSON -> definition name
        self.definitions = {}

    def name_for(self, hint):
        name, n = hint, 2
        while name in self.definitions:
            name, n = f"{hint}-{n}", n + 1
        return name

    def emit(self, node, hint):
        key = canonical(node)
        if key in self.shared:
            if key not in self.names:
                name = self.name_for(hint)
                self.names[key] = name
                self.definitions[name] = None  # reserve the name before the children take theirs
                self.definitions[name] = self.children(node, hint)
            return {"$ref": "#/definitions/" + self.names[key]}
        return self.children(node, hint)

    def children(self, node, hint):
        out = dict(node)
        if "properties" in node:
            out["properties"] = {n: self.emit(s, n) for n, s in sorted(node["properties"].items())}
        for k, suffix in (("items", "[]"), ("additionalProperties", "{}")):
            if isinstance(node.get(k), dict):
                out[k] = self.emit(node[k], hint + suffix)
        return out


def count_refs(node, refs):
    if isinstance(node, dict):
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            refs[name] = refs.get(name, 0) + 1
        for v in node.values():
            count_refs(v, refs)
    elif isinstance(node, list):
        for v in node:
            count_refs(v, refs)


def inline(node, single):
    if isinstance(node, dict):
        if "$ref" in node:
            name = node["$ref"].rsplit("/", 1)[1]
            if name in single:
                return inline(single[name], single)
        return {k: inline(v, single) for k, v in node.items()}
    if isinstance(node, list):
        return [inline(v, single) for v in node]
    return node


def dedupe(schema):
    """(schema with $refs, definitions); a definition used only once is put back in place."""
    counts = {}
    count_subschemas(schema, counts)
    d = Deduper(counts)
    root = d.emit(schema, "root") if canonical(schema) not in d.shared else d.children(schema, "root")
    definitions = d.definitions
    refs = {}
    count_refs([root, definitions], refs)
    single = {n: s for n, s in definitions.items() if refs.get(n, 0) == 1}
    kept = {n: inline(s, single) for n, s in definitions.items() if n not in single}
    return inline(root, single), kept


def served_version(crd):
    served = [v for v in crd["spec"]["versions"] if v.get("served")]
    storage = [v for v in served if v.get("storage")]
    return (storage or served)[0]


def build(name, shared_dir):
    src = SOURCES[name]
    with open(os.path.join(shared_dir, "schemas", src["file"]), "rb") as f:
        raw = f.read()
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    crd = yaml.load(raw, Loader=loader)
    version = served_version(crd)
    dropped = {}
    openapi = version["schema"]["openAPIV3Schema"]
    if "overlay" in src:
        OVERLAYS[src["overlay"]](openapi)
    schema = structural(openapi, "", dropped)
    root, definitions = dedupe(schema)
    return {
        "generator": "scripts/structural_schema.py (do not edit; rerun it to refresh)",
        "source": {
            "repository": src["repository"],
            "path": src["path"],
            "commit": src["commit"],
            "release": src["release"],
            "sha256": hashlib.sha256(raw).hexdigest(),
            **({"overlay": src["overlay"]} if "overlay" in src else {}),
        },
        "group": crd["spec"]["group"],
        "version": version["name"],
        "kind": crd["spec"]["names"]["kind"],
        "scope": crd["spec"]["scope"],
        "statusSubresource": "status" in version.get("subresources", {}),
        "omitted": dict(sorted(dropped.items())),
        "definitions": dict(sorted(definitions.items())),
        "schema": root,
    }


def render(doc):
    # One definition per line keeps the file reviewable and diffs of a refresh local.
    lines = ["{"]
    keys = list(doc.keys())
    for i, key in enumerate(keys):
        comma = "," if i + 1 < len(keys) else ""
        value = doc[key]
        if key == "definitions":
            lines.append(f' "{key}": {{')
            names = list(value.keys())
            for j, n in enumerate(names):
                c = "," if j + 1 < len(names) else ""
                lines.append(f"  {json.dumps(n)}: {canonical(value[n])}{c}")
            lines.append(f" }}{comma}")
        else:
            lines.append(f" {json.dumps(key)}: {canonical(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shared", required=True, help="the shared folder that holds schemas/")
    ap.add_argument("--out", required=True, help="where the structural copies live (schemas/crd)")
    ap.add_argument("--check", action="store_true", help="compare instead of writing")
    args = ap.parse_args()
    if not os.path.isdir(os.path.join(args.shared, "schemas")):
        print(f"SKIPPED: {args.shared}/schemas is absent; the committed structural schemas cannot be "
              "regenerated here", file=sys.stderr)
        return 77 if args.check else 3
    failed = False
    for name in SOURCES:
        text = render(build(name, args.shared))
        path = os.path.join(args.out, name + ".json")
        if args.check:
            try:
                with open(path) as f:
                    committed = f.read()
            except OSError as e:
                print(f"{path}: cannot read: {e}", file=sys.stderr)
                failed = True
                continue
            if committed != text:
                print(f"{path}: differs from what scripts/structural_schema.py makes of the official CRD; "
                      "rerun it", file=sys.stderr)
                failed = True
            else:
                print(f"{path}: reproduced ({len(text)} bytes)")
        else:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            print(f"wrote {path} ({len(text)} bytes)")
    return 1 if failed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Unsupported as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(1)
