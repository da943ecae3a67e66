#!/usr/bin/env python3
"""The hostile corpus, as one manifest that tests/hostile/test_corpus.cpp runs.

  generate_corpus.py SOURCE_DIR WORK_DIR [CLASS...]

Writes WORK_DIR/cases.jsonl: one case per line, {"name", "class", "args", "stdin", "exit", "text", "at",
"max_output", "output_parent"}. Small cases are committed under testdata/hostile/corpus/<class>/, each
with two header lines:

  # grovectl: <arguments; {case} is this file, {valid} testdata/hostile/valid-pcs.yaml>
  # expect: <exit codes, comma-separated> [<text the output must contain>] [at <line>:<column> | at file]

Big inputs and special files (FIFOs, sockets, devices, symbolic links) are generated here, into
WORK_DIR/gen/<class>/, so nothing large is committed. Placeholders left for the runner: {case}, {valid},
{dir} (the case's own directory) and {out} (an --output-dir whose parent must be left empty on failure).
"""
import json
import os
import shlex
import socket
import sys

SOURCE, WORK = sys.argv[1], sys.argv[2]
CLASSES = set(sys.argv[3:])
CASES = []


def wanted(cls):
    return not CLASSES or cls in CLASSES


def add(cls, name, args, exits, text="", at="", stdin=None, case=None, max_output=0, output_parent=False):
    CASES.append({"name": name, "class": cls, "args": args, "stdin": stdin, "exit": exits, "text": text,
                  "at": at, "case": case, "max_output": max_output, "output_parent": output_parent})


# ------------------------------------------------------------------------------------------- committed
def parse_expect(spec):
    words = spec.split()
    exits = [int(x) for x in words[0].split(",")]
    text, at = "", ""
    rest = words[1:]
    if rest and rest[0] != "at":
        text = rest.pop(0)
    if rest and rest[0] == "at":
        at = rest[1] if len(rest) > 1 else ""
    return exits, text, at


def committed():
    root = os.path.join(SOURCE, "testdata", "hostile", "corpus")
    for cls in sorted(os.listdir(root)):
        if not wanted(cls):
            continue
        for name in sorted(os.listdir(os.path.join(root, cls))):
            path = os.path.join(root, cls, name)
            with open(path, "rb") as f:
                head = f.read(4096)
            lines = head.replace(b"\r\n", b"\n").replace(b"\r", b"\n").split(b"\n")
            lines = [l.decode("utf-8", "replace").lstrip("\ufeff") for l in lines[:2]]
            args = shlex.split(lines[0].split("# grovectl:", 1)[1])
            exits, text, at = parse_expect(lines[1].split("# expect:", 1)[1])
            if at == "file":
                at = "{case}:"
            elif at:
                at = "{case}:" + at
            add(cls, f"{cls}/{name}", args, exits, text, at, case=path)


# ------------------------------------------------------------------------------------------- generated
PCS = """apiVersion: grove.io/v1alpha1
kind: PodCliqueSet
metadata:
  name: {name}
{meta}spec:
  replicas: {replicas}
  template:
{template}    cliques:
{cliques}"""


def clique(name, replicas=1, extra=""):
    return (f"    - name: {name}\n      spec:\n        roleName: {name}\n        replicas: {replicas}\n{extra}"
            "        podSpec:\n          containers:\n          - {name: main, image: x}\n")


def pcs(name="p", replicas=1, meta="", template="", cliques=None):
    return PCS.format(name=name, meta=meta, replicas=replicas, template=template,
                      cliques=cliques if cliques is not None else clique("w"))


def at_of(text, index):
    """The 1-based line:column of text[index] (ASCII text, LF breaks): where a message about it points."""
    line = text.count("\n", 0, index) + 1
    return f"{line}:{index - (text.rfind(chr(10), 0, index) + 1) + 1}"


# kMaxFlowNodeLevels (src/core/budgets.hpp): for every node, the flow collections around it, summed.
FLOW_LEVELS = 100_000_000


def flow_levels_refusal(rows, first_line, node_costs):
    """Where the flow-level budget is first exceeded in `rows` (each a line of the file, starting at line
    `first_line`): node_costs(row) lists (column, cost) of the row's nodes in document order, each cost the
    number of flow collections around that node (a collection's own start is outside it). Returns the
    line:column of the node that takes the sum past FLOW_LEVELS."""
    total = 0
    for i, row in enumerate(rows):
        for column, cost in node_costs(row):
            total += cost
            if total > FLOW_LEVELS:
                return f"{first_line + i}:{column}"
    raise AssertionError("the rows stay within the budget")


def nested_mapping_costs(row):
    """Nodes of a row "KEY: {a: {a: ... [0,1,...]}}" or "- {k0: &x {k1: &y ... v}}": the row's block key
    (none for a sequence item), then per flow mapping its start (cost: the mappings around it; an anchored
    one starts at its anchor, as libyaml marks it) and its key (one more), then the innermost value: a
    scalar, or a flow sequence and its items."""
    costs = [] if row.startswith("- ") else [(1, 0)]
    depth = 0
    for i, c in enumerate(row):
        if c == "{":
            before = row[:i].rstrip().split(" ")[-1]
            start = i - 1 - len(before) if before.startswith("&") else i  # an anchored node starts at its '&'
            costs.append((start + 1, depth))
            depth += 1
            key = i + 1
            costs.append((key + 1, depth))
        elif c == "[":
            costs.append((i + 1, depth))
            items = row[i + 1:row.index("]", i)].split(",")
            column = i + 2
            for item in items:
                costs.append((column, depth + 1))
                column += len(item) + 1
            break
    else:
        costs.append((row.index("}") + 1 - 1, depth))  # the innermost scalar, just before the first '}'
    return costs


def gen_dir(cls):
    d = os.path.join(WORK, "gen", cls)
    os.makedirs(d, exist_ok=True)
    return d


def write(cls, name, text):
    path = os.path.join(gen_dir(cls), name)
    with open(path, "w" if isinstance(text, str) else "wb") as f:
        f.write(text)
    return path


def resources():
    cls = "resources"
    big = "x" * (1 << 20)
    p = write(cls, "alias-1mb-scalar-3000.yaml", "a: &s " + big + "\nb: [" + ",".join(["*s"] * 3000) + "]\n")
    add(cls, "resources/alias-1mb-scalar-3000", ["render", "-f", p], [1], "yaml/alias-expansion", "{case}:2:", case=p)

    line = "".join(f"{{k{i}: &a{i}_R " for i in range(200)) + "x" + "}" * 200 + "\n"
    rows = [f"- {line.replace('_R', f'_{r}')}" for r in range((1 << 20) // len(line) + 1)]
    p = write(cls, "nested-anchors-1mb.yaml", "items:\n" + "".join(rows))
    add(cls, "resources/nested-anchors-1mb", ["render", "-f", p], [1], "input/no-gang-source", "", case=p)

    rows, size, i = [], 0, 0
    while size < 4 << 20:
        s = f"k{i}: " + "{a: " * 100 + "[" + ",".join(str(j) for j in range(50)) + "]" + "}" * 100 + "\n"
        rows.append(s)
        size += len(s)
        i += 1
    p = write(cls, "deep-and-wide-4mb.yaml", "".join(rows))
    add(cls, "resources/deep-and-wide-4mb", ["render", "-f", p], [1], "input/no-gang-source", "", case=p)

    # Aliases that rebuild depth inside a JobSet (41 KB): each anchor nests the previous one 120 levels deeper.
    levels = "".join(f"    a{i}: &a{i} " + "[" * 120 + (f"*a{i-1}" if i else "x") + "]" * 120 + "\n" for i in range(3))
    js = ("apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: js\n  annotations:\n" + levels +
          "spec:\n  replicatedJobs: []\n")
    p = write(cls, "jobset-alias-depth.yaml", js)
    add(cls, "resources/jobset-alias-depth", ["render", "-f", p], [1], "yaml/too-deep", "{case}:8:", case=p)

    p = write(cls, "input-over-budget.yaml", "")
    with open(p, "r+b") as f:
        f.truncate((64 << 20) + 1)  # sparse: refused by its size, never read
    add(cls, "resources/input-over-budget", ["render", "-f", p], [1], "input/too-large", "{case}:", case=p)
    add(cls, "resources/stdin-dev-zero", ["render", "-f", "-"], [1], "input/too-large", "-:", stdin="/dev/zero")
    add(cls, "resources/dev-zero", ["render", "-f", "/dev/zero"], [1], "input/too-large", "/dev/zero:")
    add(cls, "resources/dev-urandom", ["validate", "-f", "/dev/urandom"], [1, 3], "", "/dev/urandom:")

    # An alias of a 1 MB scalar used as a key copies 1 MB too: counted with the alias budget before the copy
    # (it once took 1.3 GiB and ended "out of memory while parsing"). Each alias copies 48 + 2^20 bytes of
    # the 32 MiB budget (kMaxAliasExpansionBytes; 48 bytes a node, src/yaml/reader.cpp): the 32nd passes it,
    # on line 2 + 32, at column 4 ("- {" before it).
    p = write(cls, "alias-keys-1mb.yaml", "a: &s " + "k" * (1 << 20) + "\nb:\n" + "- {*s: 1}\n" * 3000)
    add(cls, "resources/alias-keys-1mb", ["render", "-f", p], [1], "yaml/alias-expansion", "{case}:34:4", case=p)

    # Deep and wide in flow style: 250 nested flow mappings around 50 items per row. libyaml's scanner
    # visits every open flow level for each token, so such rows cost time by nodes x depth; the flow-level
    # budget refuses them at the node where the sum passes it (computed here from the rows' shape).
    rows = [f"k{i}: " + "{a: " * 250 + "[" + ",".join(str(j) for j in range(50)) + "]" + "}" * 250
            for i in range(1400)]
    p = write(cls, "deep-and-wide-flow.yaml", "\n".join(rows) + "\n")
    add(cls, "resources/deep-and-wide-flow", ["render", "-f", p], [1], "yaml/flow-levels",
        "{case}:" + flow_levels_refusal(rows, 1, nested_mapping_costs), case=p)
    add(cls, "resources/deep-and-wide-flow-diff", ["diff", "-f", "{valid}", "--live", p], [4], "yaml/flow-levels",
        "{case}:" + flow_levels_refusal(rows, 1, nested_mapping_costs), case=p)
    # The rows of nested-anchors-1mb, 2,600 of them (9 MB): each nests 200 anchored flow mappings, and the
    # depth of the flow is what made them slow (12 s to read before this budget), not the anchors.
    line = "".join(f"{{k{i}: &a{i}_R " for i in range(200)) + "x" + "}" * 200
    rows = [f"- {line.replace('_R', f'_{r}')}" for r in range(2600)]
    p = write(cls, "nested-anchors-flow.yaml", "items:\n" + "\n".join(rows) + "\n")
    add(cls, "resources/nested-anchors-flow", ["render", "-f", p], [1], "yaml/flow-levels",
        "{case}:" + flow_levels_refusal(rows, 2, nested_mapping_costs), case=p)

    # A label's value of 10 MB and one of 2,000,000 flow items: refused at the label's key (line 6, column 5
    # of pcs() with two lines of labels after the name), naming the field metadata.labels.team.
    p = write(cls, "label-10mb.yaml", pcs(meta="  labels:\n    team: " + "v" * (10 << 20) + "\n"))
    add(cls, "resources/label-10mb", ["render", "-f", p], [1], "metadata.labels.team", "{case}:6:5", case=p,
        max_output=64 << 10)
    p = write(cls, "label-flow-2m.yaml", pcs(meta="  labels:\n    team: [" + ",".join(["1"] * 2_000_000) + "]\n"))
    add(cls, "resources/label-flow-2m", ["render", "-f", p], [1], "metadata.labels.team", "{case}:6:5", case=p)

    # 400 PodCliqueSets that fit one by one but not together: one refusal that says so, with their sum, at the
    # first that does not fit, before anything is rendered. Each has 31 replicas of 8 cliques of 4 pods and
    # 40 labels (keys l0..l39: 110 bytes, values 2,400, 160 a label: 8,910 bytes of metadata). Estimated as
    # src/frontend/pcs/structure.cpp does: 31 x 2 gang objects + 31 x 8 PodGroups = 310 objects (124,000 in
    # all, under 500,000), and 8 x 8,910 + 62 x (400 + 8,910) + 31 x 8 x 600 + 992 pods x 64 = 860,788 bytes
    # ("about 841 KiB"); 311 of them fit in 256 MiB (268,435,456 / 860,788 = 311.9), p311 does not, and all
    # 400 make 344,315,200 bytes ("about 328 MiB"). Pinned to Grove v0.1.0-alpha.11, whose PodCliqueSets
    # write no PodGangMaps, the figures' release.
    labels = "  labels:\n" + "".join(f"    l{k}: '{'v' * 60}'\n" for k in range(40))
    docs = [pcs(name=f"p{i}", replicas=31, meta=labels, cliques="".join(clique(f"c{c}", replicas=4) for c in range(8)))
            for i in range(400)]
    many = "---\n".join(docs)
    # p311's document starts at the "---" before its "apiVersion:", three lines above its name.
    first_over = many.count("\n", 0, many.index("name: p311\n")) + 1 - 4
    p = write(cls, "sum-over-budget.yaml", many)
    said = "the 400 PodCliqueSets of the inputs would expand to 12400 gangs, 124000 objects, 396800 pods and about 328 MiB"
    add(cls, "resources/sum-over-budget", ["render", "--grove-version", "v0.1.0-alpha.11", "-f", p], [1], said, f"{{case}}:{first_over}:1", case=p,
        max_output=16 << 10)
    add(cls, "resources/sum-over-budget-diff",
        ["diff", "--grove-version", "v0.1.0-alpha.11", "-f", p, "--live", "{valid}"], [4], said,
        f"{{case}}:{first_over}:1", case=p, max_output=16 << 10)

    p = write(cls, "nodes-over-budget.yaml", "a: [" + ",".join(["1"] * 4_100_000) + "]\n")
    add(cls, "resources/nodes-over-budget", ["render", "-f", p], [1], "yaml/too-many-nodes", "{case}:1:", case=p)
    # One line of a million quoted flow items, under the node budget: grovectl's block-subset reader takes
    # it whole, marking each item's column as it goes along the line.
    p = write(cls, "flow-items-1m.yaml", "a: [" + ", ".join(['"x"'] * 1_000_000) + "]\n")
    add(cls, "resources/flow-items-1m", ["render", "-f", p], [1], "input/no-gang-source", "", case=p)
    p = write(cls, "brackets-200k.yaml", "[" * 200_000)
    add(cls, "resources/brackets-200k", ["render", "-f", p], [1], "yaml/too-deep", "{case}:1:", case=p)
    p = write(cls, "labels-400k.yaml", pcs(meta="  labels:\n" + "".join(f"    k{i}: v\n" for i in range(400_000))))
    add(cls, "resources/labels-400k", ["render", "-f", p], [1], "render/too-large", "{case}:5:3", case=p)
    p = write(cls, "labels-100k.yaml", pcs(meta="  labels:\n" + "".join(f"    k{i}: v\n" for i in range(100_000))))
    add(cls, "resources/labels-100k", ["render", "-f", p], [0], case=p)
    p = write(cls, "documents-100k.yaml", "---\nfoo: bar\n" * 100_000)
    add(cls, "resources/documents-100k", ["render", "-f", p], [1], "input/no-gang-source", "", case=p)
    p = write(cls, "pods-100k.yaml", pcs(cliques=clique("w", 100_000)))
    add(cls, "resources/pods-100k", ["render", "--include", "pods", "-f", p], [0], case=p)
    p = write(cls, "replicas-1m.yaml", pcs(replicas=1_000_000))
    add(cls, "resources/replicas-1m", ["render", "-f", p], [1], "render/too-large", "{case}:6:3", case=p)
    p = write(cls, "replicas-1m-json.yaml", pcs(replicas=1_000_000))
    add(cls, "resources/replicas-1m-json", ["render", "-o", "json", "-f", p], [1], "render/too-large", "{case}:6:3", case=p)
    p = write(cls, "replicas-1m-diff.yaml", pcs(replicas=1_000_000))
    add(cls, "resources/replicas-1m-diff", ["diff", "-f", p, "--live", "{valid}"], [4], "render/too-large",
        "{case}:6:3", case=p)
    # 35,000 gangs of 3 objects: under render's budget, over the 100,000 objects diff compares per side,
    # refused before anything is expanded, at spec.replicas.
    p = write(cls, "replicas-35k-diff.yaml", pcs(replicas=35_000))
    add(cls, "resources/replicas-35k-diff", ["diff", "-f", p, "--live", "{valid}"], [4], "render/too-large",
        "{case}:6:3", case=p)
    js = ("apiVersion: jobset.x-k8s.io/v1alpha2\nkind: JobSet\nmetadata:\n  name: js\nspec:\n  replicatedJobs:\n"
          "  - name: w\n    replicas: 1000000000\n    template:\n      spec:\n        template:\n          spec:\n"
          "            restartPolicy: Never\n            containers:\n            - name: main\n              image: b\n")
    p = write(cls, "jobset-1e9-pods.yaml", js)
    add(cls, "resources/jobset-1e9-pods", ["render", "--include", "pods", "-f", p], [1], "render/too-large",
        "{case}:8:5", case=p)
    p = write(cls, "name-10mb.yaml", pcs(name="n" * (10 << 20)))
    add(cls, "resources/name-10mb", ["render", "-f", p], [1], "", "{case}:4:3", case=p, max_output=64 << 10)
    p = write(cls, "name-10mb-validate.yaml", pcs(name="n" * (10 << 20)))
    add(cls, "resources/name-10mb-validate", ["validate", "-f", p], [1], "", "{case}:4:3", case=p, max_output=64 << 10)
    p = write(cls, "cr-only-1mb.yaml", ("# filler line\r" * 70_000) + "a: \x01\r")
    add(cls, "resources/cr-only-1mb", ["render", "-f", p], [1], "yaml/encoding", "{case}:70001:4", case=p)


def cliques():
    cls = "cliques"
    template = "    cliqueStartupType: CliqueStartupTypeExplicit\n    terminationDelay: 30s\n"
    chain = "".join(clique(f"c{i}", extra=f"        startsAfter: [c{i-1}]\n" if i else "") for i in range(50_000))
    p = write(cls, "chain-50k.yaml", pcs(template=template, cliques=chain))
    add(cls, "cliques/chain-50k", ["validate", "-f", p], [1], "capability/template-count", "{case}:", case=p)
    cycle = "".join(clique(f"c{i}", extra=f"        startsAfter: [c{(i - 1) % 50_000}]\n") for i in range(50_000))
    p = write(cls, "cycle-50k.yaml", pcs(template=template, cliques=cycle))
    # At c0's startsAfter key (line 15): the first clique of the cycle, by name.
    add(cls, "cliques/cycle-50k", ["validate", "-f", p], [1], "grove/dependency-cycle", "{case}:15:9", case=p)
    p = write(cls, "cycle-50k-render.yaml", pcs(template=template, cliques=cycle))
    add(cls, "cliques/cycle-50k-render", ["render", "--backend", "kai-scheduler", "-f", p], [1], "", "{case}:", case=p)
    plain = "".join(clique(f"c{i}") for i in range(100_000))
    p = write(cls, "plain-100k.yaml", pcs(template=template, cliques=plain))
    add(cls, "cliques/plain-100k", ["validate", "-f", p], [1], "capability/template-count", "{case}:", case=p)
    groups = "    podCliqueScalingGroups:\n" + "".join(
        f"    - name: g{i}\n      cliqueNames: [c{i}]\n" for i in range(20_000))
    p = write(cls, "groups-20k.yaml", pcs(cliques="".join(clique(f"c{i}") for i in range(20_000))) + groups)
    add(cls, "cliques/groups-20k", ["validate", "--backend", "kai-scheduler", "-f", p], [1], "", "{case}:", case=p)


def special_files():
    cls = "special"
    d = gen_dir(cls)
    fifo = os.path.join(d, "no-writer.fifo")
    os.mkfifo(fifo)
    add(cls, "special/fifo-without-writer", ["render", "-f", fifo], [1], "input/empty", "{case}:", case=fifo)
    in_dir = os.path.join(d, "dir-with-fifo")
    os.makedirs(in_dir)
    os.mkfifo(os.path.join(in_dir, "pipe.yaml"))
    with open(os.path.join(in_dir, "ok.yaml"), "w") as f:
        f.write(pcs())
    add(cls, "special/fifo-in-directory", ["render", "-f", in_dir], [3], "input/io", in_dir + "/pipe.yaml:")
    sock_path = os.path.join(d, "s.yaml")
    s = socket.socket(socket.AF_UNIX)
    s.bind(sock_path)
    add(cls, "special/socket-named", ["render", "-f", sock_path], [3], "input/io", "{case}:", case=sock_path)
    sock_dir = os.path.join(d, "dir-with-socket")
    os.makedirs(sock_dir)
    s2 = socket.socket(socket.AF_UNIX)
    s2.bind(os.path.join(sock_dir, "x.yml"))
    add(cls, "special/socket-in-directory", ["render", "-f", sock_dir], [3], "input/io", sock_dir + "/x.yml:")
    add(cls, "special/dev-null", ["render", "-f", "/dev/null"], [1], "input/empty", "/dev/null:")
    add(cls, "special/stdin-dev-null", ["validate", "-f", "-"], [1], "input/empty", "standard input", stdin="/dev/null")
    links = os.path.join(d, "links")
    os.makedirs(links)
    with open(os.path.join(links, "ok.yaml"), "w") as f:
        f.write(pcs())
    os.symlink("missing.yaml", os.path.join(links, "dangling.yaml"))
    add(cls, "special/dangling-link", ["render", "-f", links], [3], "input/io", links + "/dangling.yaml:")
    loop = os.path.join(d, "link-loop")
    os.makedirs(loop)
    os.symlink("self.yaml", os.path.join(loop, "self.yaml"))
    add(cls, "special/link-to-itself", ["render", "-f", loop], [3], "symbolic link loop", loop + "/self.yaml:")
    dir_loop = os.path.join(d, "directory-loop")
    os.makedirs(os.path.join(dir_loop, "sub"))
    with open(os.path.join(dir_loop, "sub", "ok.yaml"), "w") as f:
        f.write(pcs())
    os.symlink("..", os.path.join(dir_loop, "sub", "up"))
    add(cls, "special/directory-link-loop", ["render", "--include", "podgang", "-f", dir_loop], [0], "input/io",
        dir_loop + "/sub/up:")
    hidden = os.path.join(d, "hidden")
    os.makedirs(os.path.join(hidden, ".git"))
    with open(os.path.join(hidden, ".git", "broken.yaml"), "w") as f:
        f.write("a: [\n")
    with open(os.path.join(hidden, "ok.yaml"), "w") as f:
        f.write(pcs())
    add(cls, "special/hidden-directory-skipped", ["render", "-f", hidden], [0])
    nothing = os.path.join(d, "no-manifests")
    os.makedirs(nothing)
    with open(os.path.join(nothing, "README.md"), "w") as f:
        f.write("nothing here\n")
    add(cls, "special/no-manifests", ["render", "-f", nothing], [1], "input/empty", nothing + ":")
    add(cls, "special/missing-path", ["render", "-f", os.path.join(d, "does-not-exist.yaml")], [3], "input/io",
        os.path.join(d, "does-not-exist.yaml") + ":")
    add(cls, "special/directory-as-topology", ["render", "-f", "{valid}", "--topology", d], [1, 3])


def output_dir():
    cls = "output"
    # 2,500 replicas: a PodGangMap, a PodGang, a Workload and a PodGroup each on the default Grove release,
    # 10,000 files. 300,000 files are the benchmark's (tests/bench): creating a file in a directory of tens of
    # thousands has cost a CI file system from 60 us to 500 us, more than a bounded test can spend.
    small = write(cls, "objects-10k.yaml", pcs(replicas=2_500))
    add(cls, "output/files-10k", ["render", "-f", small, "--output-dir", "{out}"], [0], case=small, output_parent=True)
    p = write(cls, "objects-300k.yaml", pcs(replicas=100_000))
    p2 = write(cls, "objects-300k-again.yaml", pcs(name="q", replicas=100_000))
    # Each fits alone (100,000 gangs of a PodGangMap, a PodGang, a Workload and a PodGroup: 400,000 objects),
    # the two do not (800,000 > 500,000): one refusal of their sum, at the document of the second.
    add(cls, "output/over-budget", ["render", "-f", p, "-f", p2, "--output-dir", "{out}"], [1],
        "the 2 PodCliqueSets of the inputs would expand to 200000 gangs, 800000 objects", "{case}:1:1", case=p2,
        output_parent=True)
    exists = write(cls, "a-file", "not a directory\n")
    add(cls, "output/dir-is-a-file", ["render", "-f", "{valid}", "--output-dir", exists], [3], "output/io")
    foreign = os.path.join(gen_dir(cls), "foreign")
    os.makedirs(foreign, exist_ok=True)
    with open(os.path.join(foreign, "notes.txt"), "w") as f:
        f.write("mine\n")
    add(cls, "output/dir-not-ours", ["render", "-f", "{valid}", "--output-dir", foreign], [3], "output/not-ours")
    p3 = write(cls, "pods-2e9.yaml", pcs(cliques=clique("w", 2_000_000_000)))
    add(cls, "output/refused-input", ["render", "-f", "{valid}", "-f", p3, "--include", "pods", "--output-dir", "{out}"],
        [1], "render/too-large", "{case}:12:9", case=p3, output_parent=True)


# Strict JSON as kubectl reads it: an input whose first non-blank byte is '{' is a stream of JSON values
# (k8s.io/apimachinery/pkg/util/yaml/decoder.go, NewYAMLOrJSONDecoder), so what YAML would forgive is refused,
# at the character that is not JSON. Generated, because the committed cases' header lines are comments:
# kubectl reads a file that starts with "#" as YAML (the committed cases of json/ are read so).
def json_inputs():
    cls = "json"
    good = ('{"apiVersion": "grove.io/v1alpha1", "kind": "PodCliqueSet", "metadata": {"name": "NAME"}, '
            '"spec": {"replicas": 1, "template": {"cliques": [{"name": "w", "spec": {"roleName": "w", '
            '"replicas": 1, "podSpec": {"containers": [{"name": "main", "image": "x"}]}}}]}}}')
    pretty = json.dumps(json.loads(good.replace("NAME", "p")), indent=2) + "\n"

    def case(name, text, args, exits, rule="", at_index=None):
        p = write(cls, name, text)
        at = "" if at_index is None else "{case}:" + at_of(text, at_index)
        add(cls, f"json/{name}", [a.replace("CASE", p) for a in args], exits, rule, at, case=p)

    render = ["render", "--include", "podgang", "-f", "CASE"]
    case("pretty.json", pretty, render, [0])
    case("bom.json", "\ufeff" + pretty, render, [0])
    # jq -c '.items[]' output: one object per line; and two on one line.
    two = good.replace("NAME", "a") + "\n" + good.replace("NAME", "b") + "\n"
    case("stream-lines.json", two, render, [0])
    case("stream-one-line.json", good.replace("NAME", "a") + " " + good.replace("NAME", "b"), render, [0])
    t = pretty.replace('"name": "p"\n', '"name": "p",\n')
    case("trailing-comma-object.json", t, render, [1], "json/syntax", t.index('"p",') + 3)
    t = pretty.replace('"image": "x"\n                }\n', '"image": "x"\n                },\n')
    case("trailing-comma-array.json", t, render, [1], "json/syntax", t.index("},\n              ]") + 1)
    t = pretty.replace('"kind": "PodCliqueSet",\n', '"kind": "PodCliqueSet",\n  // a comment\n')
    case("line-comment.json", t, render, [1], "json/syntax", t.index("//"))
    t = pretty.replace('"kind": "PodCliqueSet",\n', '"kind": "PodCliqueSet",\n  # a comment\n')
    case("hash-comment.json", t, render, [1], "json/syntax", t.index("#"))
    t = pretty.replace('"name": "p"', "\"name\": 'p'")
    case("single-quotes.json", t, render, [1], "json/syntax", t.index("'p'"))
    t = pretty.replace('"kind":', "kind:")
    case("unquoted-key.json", t, render, [1], "json/syntax", t.index("kind:"))
    t = good.replace("NAME", "a") + "\n" + good.replace("NAME", "b").replace('"b"}', '"b",}') + "\n"
    case("second-value-trailing-comma.json", t, render, [1], "json/syntax", t.index('"b",') + 3)
    t = pretty + "}\n"
    case("closing-brace-too-many.json", t, render, [1], "json/syntax", len(pretty))
    # diff: either side, exit 4 (an input error), never 1.
    t = pretty.replace('"name": "p"\n', '"name": "p",\n')
    case("diff-input-trailing-comma.json", t, ["diff", "-f", "CASE", "--live", "{valid}"], [4], "json/syntax",
         t.index('"p",') + 3)
    t = ('{"apiVersion": "v1", "kind": "List", "items": [\n  {"apiVersion": "scheduler.grove.io/v1alpha1", '
         '"kind": "PodGang", "metadata": {"name": "valid-0"}},\n]}\n')
    case("diff-live-trailing-comma.json", t, ["diff", "-f", "{valid}", "--live", "CASE"], [4], "json/syntax",
         t.index("}},") + 2)
    # A YAML stream stays YAML: its second document, a flow mapping with a trailing comma, is YAML's (a
    # ConfigMap, skipped).
    t = pcs() + '---\n{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c",},}\n'
    case("yaml-stream-flow-document.yaml", t, render, [0])


# Every numeric and enumerated flag with a value it must refuse (tests/cli/test_flag_values.cpp covers them
# all with generated values; these are the corpus' share).
def flags():
    cls = "flags"
    bad = [
        (["render", "-f", "{valid}", "-o", "xml"], 2), (["render", "-f", "{valid}", "--backend", "nope"], 2),
        (["render", "-f", "{valid}", "--kube-version", "1.99"], 2), (["render", "-f", "{valid}", "--kube-version", "-1"], 2),
        (["render", "-f", "{valid}", "--hierarchy", "tree"], 2), (["render", "-f", "{valid}", "--jobset-gang", "x"], 2),
        (["render", "-f", "{valid}", "--include", "everything"], 2),
        (["render", "-f", "{valid}", "--feature-gates", "=true"], 2),
        (["render", "-f", "{valid}", "--feature-gates", "X=maybe"], 2),
        (["validate", "-f", "{valid}", "-o", "yaml"], 2), (["diff", "-f", "{valid}", "--live", "{valid}", "--color", "x"], 2),
        (["diff", "-f", "{valid}", "--live", "{valid}", "--context-lines", "-1"], 2),
        (["diff", "-f", "{valid}", "--live", "{valid}", "--context-lines", "99999999999999999999999"], 2),
        (["diff", "-f", "{valid}", "--to-hierarchy", "tree"], 2), (["diff", "-f", "{valid}", "--to-backend", "x"], 2),
        (["diff", "-f", "{valid}", "--to-kube-version", "0.1"], 2), (["backends", "-o", "csv"], 2),
        (["completion", "tcsh"], 2), (["render", "--no-such-flag"], 2),
        (["render", "-f", "{valid}", "--koord-layer-map", "=x"], 2),
    ]
    for i, (args, code) in enumerate(bad):
        add(cls, f"flags/{i:02d}-{args[0]}-{'-'.join(a.strip('-') for a in args[3:5])[:40]}", args, [code])


if wanted("committed") or CLASSES - {"resources", "cliques", "special", "output", "flags"}:
    committed()
for cls, fn in (("resources", resources), ("cliques", cliques), ("special", special_files), ("output", output_dir),
                ("flags", flags), ("json", json_inputs)):
    if wanted(cls):
        fn()
os.makedirs(WORK, exist_ok=True)
with open(os.path.join(WORK, "cases.jsonl"), "w") as f:
    for c in CASES:
        f.write(json.dumps(c) + "\n")
print(len(CASES))
