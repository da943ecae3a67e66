#!/usr/bin/env python3
"""Generates large grovectl inputs for the benchmark.

  gen_inputs.py pcs SCALE OUT      SCALE PodCliqueSets, 30 replicas each, two scaling groups
  gen_inputs.py many-pcs COUNT OUT COUNT small single-replica PodCliqueSets (validate throughput)
  gen_inputs.py many-pcs-tree COUNT PER_FILE DIR
                                   the same COUNT PodCliqueSets spread over files of PER_FILE documents in
                                   team folders, as a monorepo holds them (validate at fleet scale)
  gen_inputs.py jobsets COUNT OUT  COUNT JobSets with three replicated jobs
  gen_inputs.py gangs COUNT OUT    one PodCliqueSet of COUNT single-clique replicas: 3 x COUNT objects
                                   (--output-dir files)
  gen_inputs.py clique-chain COUNT OUT
                                   one PodCliqueSet of COUNT cliques, each starting after the one before
  gen_inputs.py live RENDERED OUT PERCENT
                                   a "live" copy of rendered output: server noise on every object,
                                   shuffled document order, PERCENT of objects with a changed count
"""
import os
import random
import sys

REPLICAS_PER_PCS = 30


def pcs_text(name, replicas):
    return f"""apiVersion: grove.io/v1alpha1
kind: PodCliqueSet
metadata:
  name: {name}
  namespace: bench
  labels:
    team: bench
    kai.scheduler/queue: bench-queue
spec:
  replicas: {replicas}
  template:
    priorityClassName: high
    cliques:
    - name: router
      spec:
        roleName: router
        replicas: 2
        podSpec:
          priorityClassName: high
          containers:
          - name: router
            image: example.com/router:1
    - name: pleader
      spec:
        roleName: pleader
        replicas: 1
        podSpec:
          priorityClassName: high
          containers:
          - name: engine
            image: example.com/engine:1
    - name: pworker
      spec:
        roleName: pworker
        replicas: 4
        minAvailable: 3
        podSpec:
          priorityClassName: high
          containers:
          - name: engine
            image: example.com/engine:1
    - name: dleader
      spec:
        roleName: dleader
        replicas: 1
        podSpec:
          priorityClassName: high
          containers:
          - name: engine
            image: example.com/engine:1
    - name: dworker
      spec:
        roleName: dworker
        replicas: 2
        podSpec:
          priorityClassName: high
          containers:
          - name: engine
            image: example.com/engine:1
    podCliqueScalingGroups:
    - name: prefill
      cliqueNames: [pleader, pworker]
      replicas: 4
    - name: decode
      cliqueNames: [dleader, dworker]
      replicas: 4
"""


def jobset_text(name):
    return f"""apiVersion: jobset.x-k8s.io/v1alpha2
kind: JobSet
metadata:
  name: {name}
  namespace: bench
spec:
  replicatedJobs:
  - name: driver
    replicas: 1
    template:
      spec:
        parallelism: 1
        completions: 1
        template:
          spec:
            containers:
            - name: driver
              image: example.com/driver:1
  - name: workers
    replicas: 4
    template:
      spec:
        parallelism: 4
        completions: 4
        template:
          spec:
            containers:
            - name: worker
              image: example.com/worker:1
  - name: ps
    replicas: 2
    template:
      spec:
        parallelism: 2
        completions: 2
        template:
          spec:
            containers:
            - name: ps
              image: example.com/ps:1
"""


def clique_text(name, extra=""):
    return (f"    - name: {name}\n      spec:\n        roleName: {name}\n        replicas: 1\n{extra}"
            "        podSpec:\n          containers:\n          - name: main\n            image: busybox\n")


def gangs_text(replicas):
    return ("apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: wide\n  namespace: bench\n"
            f"spec:\n  replicas: {replicas}\n  template:\n    cliques:\n" + clique_text("w"))


def clique_chain_text(count):
    cliques = "".join(clique_text(f"c{i}", f"        startsAfter: [c{i - 1}]\n" if i else "") for i in range(count))
    return ("apiVersion: grove.io/v1alpha1\nkind: PodCliqueSet\nmetadata:\n  name: chain\nspec:\n  replicas: 1\n"
            "  template:\n    cliqueStartupType: CliqueStartupTypeExplicit\n    terminationDelay: 30s\n"
            "    cliques:\n" + cliques)


def write_docs(path, docs):
    with open(path, "w") as f:
        f.write("---\n".join(docs))


def live_copy(rendered_path, out_path, percent):
    """Text-level transformation of grovectl's canonical YAML (no YAML library: the baseline is measured
    separately). Adds server noise, shuffles documents and changes one count in PERCENT of them."""
    with open(rendered_path) as f:
        docs = f.read().split("\n---\n")
    rng = random.Random(42)
    out = []
    for i, doc in enumerate(docs):
        lines = doc.rstrip("\n").split("\n")
        noisy = []
        for line in lines:
            noisy.append(line)
            if line == "metadata:":
                noisy += ["  uid: 0b7c0c4e-%08d" % i, "  resourceVersion: \"%d\"" % (1000 + i),
                          "  generation: 1", "  creationTimestamp: \"2026-11-01T00:00:00Z\""]
        if rng.random() < percent / 100.0:
            for j, line in enumerate(noisy):
                for key in ("minCount: ", "minReplicas: ", "minMember: "):
                    if line.strip().startswith(key):
                        value = int(line.split(key)[1])
                        noisy[j] = line.split(key)[0] + key + str(value + 1)
                        break
                else:
                    continue
                break
        noisy += ["status:", "  phase: Running"]
        out.append("\n".join(noisy) + "\n")
    rng.shuffle(out)
    with open(out_path, "w") as f:
        f.write("---\n".join(out))


def main():
    mode = sys.argv[1]
    if mode == "pcs":
        scale, out = int(sys.argv[2]), sys.argv[3]
        write_docs(out, [pcs_text(f"serve-{i}", REPLICAS_PER_PCS) for i in range(scale)])
    elif mode == "many-pcs":
        count, out = int(sys.argv[2]), sys.argv[3]
        write_docs(out, [pcs_text(f"svc-{i}", 1) for i in range(count)])
    elif mode == "many-pcs-tree":
        count, per_file, root = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        for start in range(0, count, per_file):
            team = os.path.join(root, f"team-{start // per_file // 10:03d}")
            os.makedirs(team, exist_ok=True)
            write_docs(os.path.join(team, f"services-{start // per_file:04d}.yaml"),
                       [pcs_text(f"svc-{i}", 1) for i in range(start, min(count, start + per_file))])
    elif mode == "jobsets":
        count, out = int(sys.argv[2]), sys.argv[3]
        write_docs(out, [jobset_text(f"train-{i}") for i in range(count)])
    elif mode == "gangs":
        count, out = int(sys.argv[2]), sys.argv[3]
        write_docs(out, [gangs_text(count)])
    elif mode == "clique-chain":
        count, out = int(sys.argv[2]), sys.argv[3]
        write_docs(out, [clique_chain_text(count)])
    elif mode == "live":
        live_copy(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
