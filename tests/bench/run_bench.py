#!/usr/bin/env python3
"""grovectl benchmark: render, validate and diff on generated inputs at a base size and 10x that size, each
run side by side with a baseline binary (--baseline-binary, e.g. an earlier release) on the same inputs, plus
the baselines a user would otherwise run on the same data (a PyYAML+libyaml load/dump round trip of grovectl's
own output, and GNU `diff -u` of the two canonical texts).

For every command and size it prints wall and CPU time, throughput and peak RSS for both binaries, the ratio
of throughputs and of peak RSS, whether both printed the same output, and the growth of CPU time when the
input grows 10x (linear = 10). A command that takes under 3 s runs 7 times per binary, the binaries taking
turns, and is reported by its median wall time and peak RSS and its mean CPU time. No figure is asserted: the
targets are read off the report.

With --markdown PATH it also writes the figures of the run as a Markdown page (the `bench` target writes
docs/performance.md): how it was generated, the machine, both binaries and the table. A "## History" section of
an existing page, written by hand below the generated part, is kept as it is.
Usage: run_bench.py --binary PATH [--baseline-binary PATH] [--base N] [--work DIR] [--smoke] [--markdown PATH]
                    [--note TEXT]
"""
import argparse
import datetime
import filecmp
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Run:
    """One finished command: wall and CPU seconds (user + system; on a shared machine wall time includes
    waiting for a core), peak RSS in MiB, exit code."""

    def __init__(self, seconds, cpu, rss, code):
        self.seconds, self.cpu, self.rss, self.code = seconds, cpu, rss, code


def run(cmd, stdout_path=None, ok_codes=(0,), pipe=False):
    """Runs cmd with stdout to a file, to /dev/null, or (pipe=True) to a pipe read as it comes. GNU time
    measures it: a child forked from this Python process would count Python's resident memory as its own
    until it execs, so its own rusage would never show less than Python's ~20 MiB."""
    out = open(stdout_path, "wb") if stdout_path else (subprocess.PIPE if pipe else subprocess.DEVNULL)
    with tempfile.NamedTemporaryFile("r", suffix=".time") as measured:
        start = time.perf_counter()
        proc = subprocess.Popen(["/usr/bin/time", "-q", "-f", "%M %x", "-o", measured.name, *cmd],
                                stdout=out, stderr=subprocess.PIPE)
        if pipe:
            while proc.stdout.read(1 << 16):
                pass
            proc.stdout.close()
        err = proc.stderr.read().decode(errors="replace")
        # wait4 reports the CPU time of GNU time and of the command it waited for, in microseconds (GNU time
        # prints it with two decimals only); GNU time's own share (TIME_OVERHEAD) is taken off below.
        _, _, usage = os.wait4(proc.pid, 0)
        proc.returncode = 0
        elapsed = time.perf_counter() - start
        proc.stderr.close()
        if stdout_path:
            out.close()
        fields = measured.read().split()
    rss_kib, code = int(fields[-2]), int(fields[-1])
    if code not in ok_codes:
        sys.exit(f"command failed ({code}): {' '.join(cmd)}\n{err[-2000:]}")
    return Run(elapsed, max(0.0, usage.ru_utime + usage.ru_stime - TIME_OVERHEAD), rss_kib / 1024.0, code)


# CPU seconds of GNU time itself, with the trivial command `true`: set by measure_time_overhead().
TIME_OVERHEAD = 0.0


def measure_time_overhead():
    global TIME_OVERHEAD
    TIME_OVERHEAD = summarize([run(["true"]) for _ in range(9)]).cpu


# Commands faster than this (on every binary) run 1 + REPEATS times per binary.
REPEAT_BELOW = 3.0
REPEATS = 6


def summarize(runs):
    """The figures of several runs of one command: the median wall time and peak RSS, and the mean CPU time
    (the kernel counts one run's CPU in 10 ms steps; a mean over runs is finer). One run is itself."""
    def median(values):
        ordered = sorted(values)
        middle = len(ordered) // 2
        return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return Run(median([r.seconds for r in runs]), sum(r.cpu for r in runs) / len(runs),
               median([r.rss for r in runs]), runs[0].code)


def count_docs(path):
    with open(path) as f:
        return f.read().count("\n---\n") + 1


def size_mib(path):
    return os.path.getsize(path) / (1 << 20)


def same_file(a, b):
    return filecmp.cmp(a, b, shallow=False)


# Flags that make grovectl write what an earlier binary wrote before they existed or before their default
# changed: Grove's legacy PodGang names (before epoch names and PodGangMaps, Grove PR #778) and one gang per
# replicated job (the JobSet default before docs/design.md, "JobSet gangs"). With a baseline, each binary
# runs with those of them it knows, so the two compare the same work and "same output" can say yes.
LIKE_FOR_LIKE = [["--grove-version", "v0.1.0-alpha.11"], ["--jobset-gang", "replicated-job"]]


def known_flags(binary, command):
    """The LIKE_FOR_LIKE flags `binary command --help` lists."""
    shown = subprocess.run([binary, command, "--help"], capture_output=True, text=True).stdout
    return [arg for flag in LIKE_FOR_LIKE if flag[0] in shown for arg in flag]


class Bench:
    def __init__(self, binaries, work, base, smoke):
        self.binaries = binaries  # [(label, path)], grovectl first
        self.work, self.base, self.smoke = work, base, smoke
        self.rows = []  # the table of the Markdown page: (command, size, {label: Run}, same output or None)
        self.like_for_like = {}  # (binary, command) -> the LIKE_FOR_LIKE flags it takes, with a baseline only

    def command(self, binary, args):
        """`binary args`, with a baseline also the LIKE_FOR_LIKE flags the binary knows for the command."""
        if len(self.binaries) < 2:
            return [binary, *args]
        key = (binary, args[0])
        if key not in self.like_for_like:
            self.like_for_like[key] = known_flags(binary, args[0])
        return [binary, *args, *self.like_for_like[key]]

    def gen(self, *args):
        subprocess.check_call([sys.executable, os.path.join(HERE, "gen_inputs.py"), *map(str, args)])

    def path(self, name):
        return os.path.join(self.work, name)

    def each_binary(self, args, out_name=None, ok_codes=(0,)):
        """Runs `binary args` for each binary; returns {label: Run} and each one's output path (or None).
        When every binary took under REPEAT_BELOW seconds, the binaries run REPEATS times more, taking turns,
        and each one's figures are summarized (summarize): one sub-second run on a shared machine varies by
        more than the differences measured."""
        runs, outputs = {label: [] for label, _ in self.binaries}, {}
        rounds = 1
        turn = 0
        while turn < rounds:
            for label, binary in self.binaries:
                out = self.path(f"{out_name}.{label}") if out_name else None
                runs[label].append(run(self.command(binary, args), out, ok_codes))
                outputs[label] = out
            if turn == 0 and all(r[0].seconds < REPEAT_BELOW for r in runs.values()):
                rounds = 2 if self.smoke else 1 + REPEATS  # smoke: checks the harness, once repeated
            turn += 1
        return {label: summarize(r) for label, r in runs.items()}, outputs

    def same_output(self, outputs):
        """Whether both binaries wrote the same output; None with one binary."""
        paths = [p for p in outputs.values() if p]
        return same_file(paths[0], paths[1]) if len(paths) >= 2 else None

    def same_outputs(self, outputs):
        same = self.same_output(outputs)
        return "" if same is None else "  same output as baseline: " + ("yes" if same else "NO")

    def report(self, title, unit, sizes, command=None):
        """sizes: [(label, count, {binary label: Run}, extra text, same output)] for the base size and 10x;
        command: how the Markdown table names the rows (default: the title)."""
        print(f"\n== {title}")
        for size_label, count, runs, extra, same in sizes:
            self.rows.append((command or title, f"{size_label}: {count:,} {unit}", runs, same))
            for label, _ in self.binaries:
                r = runs[label]
                rate = count / r.seconds if r.seconds > 0 else float("inf")
                refused = "" if r.code in (0, 1) else f"  exit {r.code}"
                print(f"  {size_label:5} {label:9} {count:>8} {unit}  {r.seconds:8.3f} s (cpu {r.cpu:7.3f} s)  "
                      f"{rate:12,.0f} {unit}/s  peak RSS {r.rss:8.1f} MiB{refused}")
            if len(self.binaries) > 1:
                new, old = runs[self.binaries[0][0]], runs[self.binaries[1][0]]
                print(f"  {size_label:5} ratio     throughput {old.seconds / max(new.seconds, 1e-9):5.2f}x wall, "
                      f"{old.cpu / max(new.cpu, 1e-9):5.2f}x cpu; peak RSS {new.rss / max(old.rss, 1e-9):5.2f}x "
                      f"of the baseline's{extra}")
            elif extra:
                print(f"  {size_label:5} {extra.strip()}")
        if len(sizes) >= 2:
            for label, _ in self.binaries:
                small, large = sizes[0][2][label], sizes[1][2][label]
                print(f"  growth for {sizes[1][1] / sizes[0][1]:.0f}x input ({label}): "
                      f"{large.seconds / max(small.seconds, 1e-9):.2f} wall, {large.cpu / max(small.cpu, 1e-9):.2f} cpu")

    def render(self, src, out_name):
        """render of src by each binary, to a file and to a pipe read as it comes; returns the object count, the
        runs, the figures to print and grovectl's output file."""
        args = ["render", "-f", src, "--backend", "default-scheduler"]
        runs, outputs = self.each_binary(args, out_name)
        out = outputs[self.binaries[0][0]]
        piped = {label: run(self.command(binary, args), pipe=True) for label, binary in self.binaries}
        mine = runs[self.binaries[0][0]]
        extra = (f"\n        out {size_mib(out):.1f} MiB, peak RSS/out {mine.rss / max(size_mib(out), 1e-9):.2f}x; "
                 "to a pipe read as it comes: " +
                 ", ".join(f"{label} {piped[label].rss:.1f} MiB" for label, _ in self.binaries) +
                 self.same_outputs(outputs))
        return count_docs(out), runs, extra, out, self.same_output(outputs)

    def render_pcs(self, scale):
        src = self.path(f"pcs-{scale}.yaml")
        self.gen("pcs", scale, src)
        objects, runs, extra, out, same = self.render(src, f"render-{scale}")
        py = run([sys.executable, "-c",
                  "import sys,yaml\n"
                  "assert yaml.__with_libyaml__, 'PyYAML without libyaml: the baseline would be unfairly slow'\n"
                  "docs=list(yaml.load_all(open(sys.argv[1]),Loader=yaml.CSafeLoader))\n"
                  "yaml.dump_all(docs,open(sys.argv[2],'w'),Dumper=yaml.CSafeDumper)\n", out, out + ".pyyaml"])
        mine = runs[self.binaries[0][0]]
        extra += f"; PyYAML round trip {py.seconds:.3f} s ({py.seconds / max(mine.seconds, 1e-9):.1f}x slower)"
        return objects, runs, extra, src, out, same

    def render_jobsets(self, count):
        src = self.path(f"jobsets-{count}.yaml")
        self.gen("jobsets", count, src)
        objects, runs, extra, _, same = self.render(src, f"render-js-{count}")
        return objects, runs, extra, same

    def cpu_phase(self, src):
        """The JobSet render of `src` pinned to one CPU (each of the first two in turn) and free on all of
        them, every binary taking turns: how much two CPUs gain from working at once at the moment. On a
        virtual machine whose CPUs sometimes share a physical core that gain moves, and a baseline that works
        on one thread hardly sees it: the ratios above move with it."""
        cpus = sorted(os.sched_getaffinity(0))[:2]
        if len(cpus) < 2 or not shutil.which("taskset"):
            print("\n== CPU phase: skipped (needs taskset(1) and two CPUs)")
            return
        args = ["render", "-f", src, "--backend", "default-scheduler"]
        where = [(f"cpu {cpu}", ["taskset", "-c", str(cpu)]) for cpu in cpus] + [("all", [])]
        runs = {(label, place): [] for label, _ in self.binaries for place, _ in where}
        for _ in range(1 if self.smoke else 1 + REPEATS):
            for label, binary in self.binaries:
                for place, prefix in where:
                    runs[(label, place)].append(run([*prefix, *self.command(binary, args)]))
        print(f"\n== CPU phase: the JobSet render of {os.path.basename(src)} on one CPU and on all (median wall)")
        for place, _ in where:
            self.rows.append(("render JobSets, " + ("on every CPU" if place == "all" else f"pinned to {place}"),
                              "10x", {label: summarize(runs[(label, place)]) for label, _ in self.binaries}, None))
        for label, _ in self.binaries:
            walls = {place: summarize(runs[(label, place)]).seconds for place, _ in where}
            one = min(walls[place] for place, _ in where[:-1])
            print(f"  {label:9} " + "  ".join(f"{place} {wall:6.3f} s" for place, wall in walls.items()) +
                  f"  gain of all over the faster CPU {one / max(walls['all'], 1e-9):4.2f}x")
        if len(self.binaries) > 1:
            new, old = self.binaries[0][0], self.binaries[1][0]
            ratios = []
            for place, _ in where:
                mine, theirs = summarize(runs[(new, place)]), summarize(runs[(old, place)])
                ratios.append(f"{place} {theirs.seconds / max(mine.seconds, 1e-9):4.2f}x")
            print("  ratio     " + "  ".join(ratios))

    def validate(self, docs, src):
        runs, outputs = self.each_binary(["validate", "-f", src, "-o", "json"], f"validate-{docs}", (0, 1))
        largest = max((os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(src) for f in fs)
                      if os.path.isdir(src) else [os.path.getsize(src)]) / (1 << 20)
        extra = f"\n        largest input file {largest:.1f} MiB" + self.same_outputs(outputs)
        return runs, extra, self.same_output(outputs)

    def diff(self, scale, rendered, src):
        live = self.path(f"live-{scale}.yaml")
        self.gen("live", rendered, live, 3)
        runs, outputs = self.each_binary(["diff", "-f", src, "--backend", "default-scheduler", "--live", live,
                                          "--color", "never"], f"diff-{scale}", (0, 1))
        gnu = run(["diff", "-u", rendered, live], None, (0, 1))
        mine = runs[self.binaries[0][0]]
        inputs = size_mib(rendered) + size_mib(live)
        extra = (f"\n        inputs {inputs:.1f} MiB (rendered + live), peak RSS/inputs {mine.rss / inputs:.2f}x; "
                 f"GNU diff -u {gnu.seconds:.3f} s" + self.same_outputs(outputs))
        return runs, extra, self.same_output(outputs)

    def output_dir(self, files):
        """render --output-dir of `files` objects, against a Python loop writing the same files (the cost of
        creating files on this filesystem, which bounds any tool)."""
        src = self.path(f"gangs-{files}.yaml")
        out = self.path(f"out-{files}")
        self.gen("gangs", files // 3, src)
        subprocess.call(["rm", "-rf", out])
        r = run([self.binaries[0][1], "render", "-f", src, "--output-dir", out])
        written = sum(len(names) for _, _, names in os.walk(out))  # <namespace>/<kind>.<group>/<name>
        code = ("import os,sys\n"
                "d=sys.argv[1]; os.makedirs(d)\n"
                "for i in range(int(sys.argv[2])):\n"
                "    fd=os.open(os.path.join(d,'%07d-podgroup-x.yaml'%i),os.O_WRONLY|os.O_CREAT|os.O_EXCL)\n"
                "    os.write(fd,b'apiVersion: v1\\nkind: X\\n'); os.close(fd)\n")
        base_dir = out + "-baseline"
        subprocess.call(["rm", "-rf", base_dir])
        b = run([sys.executable, "-c", code, base_dir, str(written)])
        subprocess.call(["rm", "-rf", out, base_dir])
        self.rows.append(("render --output-dir", f"{written:,} files", {self.binaries[0][0]: r}, None))
        print(f"\n== render --output-dir\n  {written:>8} files  {r.seconds:8.3f} s (cpu {r.cpu:7.3f} s)  "
              f"{written / r.seconds:12,.0f} files/s  peak RSS {r.rss:8.1f} MiB  "
              f"creating as many files from Python: {b.seconds:.3f} s (cpu {b.cpu:.3f} s)")

    def render_defaults(self, src, objects):
        """grovectl alone with its own defaults (epoch-named PodGangs and PodGangMaps): no baseline has them."""
        r = summarize([run([self.binaries[0][1], "render", "-f", src, "--backend", "default-scheduler"],
                           self.path("render-defaults.out")) for _ in range(1 if self.smoke else 1 + REPEATS)])
        written = count_docs(self.path("render-defaults.out"))
        self.rows.append(("render PodCliqueSets, Grove's epoch names (the default)", f"10x: {written:,} objects",
                          {self.binaries[0][0]: r}, None))
        print(f"\n== render PodCliqueSets with grovectl's defaults (epoch names, PodGangMaps)\n"
              f"  {written:>8} objects  {r.seconds:8.3f} s (cpu {r.cpu:7.3f} s)  peak RSS {r.rss:8.1f} MiB "
              f"({objects:,} objects like the baseline's)")

    def clique_chain(self, count):
        src = self.path(f"chain-{count}.yaml")
        self.gen("clique-chain", count, src)
        r = run([self.binaries[0][1], "validate", "-f", src, "--backend", "kai-scheduler"], None, (0, 1))
        self.rows.append(("validate, a startsAfter chain", f"{count:,} cliques", {self.binaries[0][0]: r}, None))
        print(f"\n== validate one PodCliqueSet of {count} cliques in a startsAfter chain\n"
              f"  {r.seconds:8.3f} s (cpu {r.cpu:7.3f} s)  peak RSS {r.rss:8.1f} MiB  input {size_mib(src):.1f} MiB")


def binary_description(path):
    """The version and commit a binary reports (`grovectl version -o json`), and where it is."""
    try:
        info = json.loads(subprocess.run([path, "version", "-o", "json"], capture_output=True, text=True,
                                         check=True).stdout)
        what = f"grovectl {info.get('version', '?')}, commit {info.get('gitCommit', '?')}"
    except (OSError, subprocess.CalledProcessError, ValueError):
        what = "grovectl (its version could not be read)"
    repository = os.path.dirname(os.path.dirname(HERE))
    shown = os.path.relpath(path, repository) if path.startswith(repository + os.sep) else path
    return f"{what} (`{shown}`)"


def machine_description():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((line.split(":", 1)[1].strip() for line in f if line.startswith("model name")), cpu)
    except OSError:
        pass
    memory = ""
    try:
        with open("/proc/meminfo") as f:
            kib = next(int(line.split()[1]) for line in f if line.startswith("MemTotal:"))
        memory = f", {kib / (1 << 20):.1f} GiB of memory"
    except (OSError, StopIteration, ValueError):
        pass
    system = platform.system()
    try:
        with open("/etc/os-release") as f:
            system = next((line.split("=", 1)[1].strip().strip('"') for line in f
                           if line.startswith("PRETTY_NAME=")), system)
    except OSError:
        pass
    return f"{cpu}, {len(os.sched_getaffinity(0))} CPUs usable{memory}; {system}, Linux {platform.release()}"


def markdown_cell(run):
    return f"{run.seconds:.3f} s, CPU {run.cpu:.3f} s, {run.rss:.1f} MiB" if run else "—"


def markdown_table(bench):
    """One row per command and size: both binaries' figures, grovectl's as a share of the baseline's, and
    whether CPU time and peak RSS stay within 10% of the baseline's."""
    mine, theirs = bench.binaries[0][0], (bench.binaries[1][0] if len(bench.binaries) > 1 else None)
    lines = ["| command | size | grovectl: wall, CPU, peak RSS | baseline: wall, CPU, peak RSS | wall | CPU | "
             "peak RSS | same output | within 10% |",
             "|---|---|---|---|---|---|---|---|---|"]
    for command, size, runs, same in bench.rows:
        new, old = runs.get(mine), runs.get(theirs) if theirs else None
        if new and old:
            ratios = [new.seconds / max(old.seconds, 1e-9), new.cpu / max(old.cpu, 1e-9), new.rss / max(old.rss, 1e-9)]
            shares = [f"{r:.2f}×" for r in ratios]
            within = "yes" if ratios[1] <= 1.10 and ratios[2] <= 1.10 else "**no**"
        else:
            shares, within = ["—"] * 3, "—"
        same_text = "—" if same is None else ("yes" if same else "**no**")
        lines.append(f"| {command} | {size} | {markdown_cell(new)} | {markdown_cell(old)} | " + " | ".join(shares) +
                     f" | {same_text} | {within} |")
    return "\n".join(lines)


HISTORY = "\n## History\n"


def write_markdown(path, bench, args, started, load_before, load_after):
    """Writes the run as a Markdown page; the hand-written History section of the page there is kept."""
    history = ""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
        if HISTORY in old:
            history = old[old.index(HISTORY):]
    binaries = dict(bench.binaries)
    baseline = binaries.get("baseline")
    sizes = (f"**smoke sizes** (`--smoke`: a base of {bench.base} PodCliqueSet, 2,000 documents for the tree): "
             "these figures check the harness, not the speed" if bench.smoke else
             f"a base of {bench.base} PodCliqueSets × 30 replicas, 10× that, and 200,000 documents for the tree")
    text = f"""# Performance

<!-- Generated by tests/bench/run_bench.py from the figures of one run; edit only the History section. -->

This page is written by the benchmark. To regenerate it, build a RelWithDebInfo tree and run, on a quiet machine:

```sh
cmake -S . -B build -DGROVECTL_BENCH_BASELINE=/path/to/an/earlier/grovectl
cmake --build build --target bench        # writes docs/performance.md
```

(or `python3 tests/bench/run_bench.py --binary build/grovectl --baseline-binary PATH --markdown
docs/performance.md`). `tests/bench/gen_inputs.py` generates the inputs: PodCliqueSets of 30 replicas with two
scaling groups, JobSets, many small PodCliqueSets in one file and in a monorepo tree of team folders, and a
"live" copy of the render with server noise, shuffled order and 3% changed counts. Every command runs on the
same inputs with both binaries, the two taking turns, each with the flags it knows of `--grove-version
v0.1.0-alpha.11 --jobset-gang replicated-job`, so that both write the objects the baseline's defaults wrote
(the row "epoch names" is grovectl's own default, which no baseline has); a command that takes under 3 s runs 7 times per binary and
is reported by its median wall time and peak RSS and its mean CPU time. CPU time is user + system from rusage,
less GNU time's own; peak RSS is GNU time's. The ratios are grovectl's figure over the baseline's (below 1:
grovectl is faster or smaller); "within 10%" means CPU time and peak RSS at most 1.10× the baseline's (wall time
is shown, but on a shared machine it moves with the load more than with the binary).
`bench-smoke` runs the same harness at tiny sizes in CI, without writing this page.

## Latest run

- When: {started.strftime('%Y-%m-%d %H:%M')} UTC; load average {load_before[0]:.2f} at the start and
  {load_after[0]:.2f} at the end (one-minute figures; other work on the machine slows either binary).
- Machine: {machine_description()}.
- grovectl: {binary_description(binaries['grovectl'])}.
- Baseline: {binary_description(baseline) if baseline else 'none (run without --baseline-binary)'}.
- Sizes: {sizes}.{chr(10) + "- Note: " + args.note if args.note else ""}

{markdown_table(bench)}
"""
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(text + history)
    os.replace(path + ".tmp", path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--baseline-binary", default=None,
                    help="an earlier grovectl, run on the same inputs; every figure is printed for both")
    ap.add_argument("--base", type=int, default=4, help="PodCliqueSets at the base size (30 replicas each)")
    ap.add_argument("--work", default=None,
                    help="keep the generated inputs and outputs here (default: a temporary folder, removed)")
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: checks the harness, not the speed")
    ap.add_argument("--markdown", default=None,
                    help="also write the figures as a Markdown page here (the bench target: docs/performance.md)")
    ap.add_argument("--note", default=None, help="a sentence the Markdown page adds to the run's description")
    args = ap.parse_args()
    if args.work:
        os.makedirs(args.work, exist_ok=True)
        run_all(args, args.work)
        return
    # A folder of its own is the benchmark's to remove: CI runs bench-smoke on every change.
    work = tempfile.mkdtemp(prefix="grovectl-bench-")
    try:
        run_all(args, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_all(args, work):
    base = 1 if args.smoke else args.base
    binaries = [("grovectl", os.path.abspath(args.binary))]
    if args.baseline_binary:
        binaries.append(("baseline", os.path.abspath(args.baseline_binary)))
    b = Bench(binaries, work, base, args.smoke)
    started, load_before = datetime.datetime.now(datetime.timezone.utc), os.getloadavg()
    measure_time_overhead()
    print(f"grovectl benchmark (work dir {work}, base size {base} PodCliqueSets x 30 replicas)")
    print(f"  CPU times: microsecond rusage, less GNU time's own {TIME_OVERHEAD * 1000:.2f} ms")
    for label, path in binaries:
        print(f"  {label}: {path}")

    small, large = b.render_pcs(base), b.render_pcs(base * 10)
    b.report("render PodCliqueSets (default-scheduler 1.37)", "objects",
             [("base", small[0], small[1], small[2], small[5]), ("10x", large[0], large[1], large[2], large[5])],
             "render PodCliqueSets")
    js = [b.render_jobsets(base * 100), b.render_jobsets(base * 1000)]
    b.report("render JobSets (default-scheduler 1.37)", "objects",
             [("base", js[0][0], js[0][1], js[0][2], js[0][3]), ("10x", js[1][0], js[1][1], js[1][2], js[1][3])],
             "render JobSets")
    b.cpu_phase(b.path(f"jobsets-{base * 1000}.yaml"))
    b.render_defaults(large[3], large[0])

    sizes = []
    for label, docs in (("base", base * 500), ("10x", base * 5000)):
        src = b.path(f"many-{docs}.yaml")
        b.gen("many-pcs", docs, src)
        runs, extra, same = b.validate(docs, src)
        sizes.append((label, docs, runs, extra, same))
    # Fleet scale: 10x the 10x size again, as a monorepo holds it (files of 10,000 documents in team folders).
    fleet = 2_000 if args.smoke else 200_000
    tree = b.path(f"tree-{fleet}")
    b.gen("many-pcs-tree", fleet, max(fleet // 20, 1), tree)
    runs, extra, same = b.validate(fleet, tree)
    sizes.append(("100x", fleet, runs, extra, same))
    b.report("validate (all five layers, one file; then a tree of files)", "docs", sizes,
             "validate -o json (one file; 100x: a tree of files)")

    diffs = [b.diff(base, small[4], small[3]), b.diff(base * 10, large[4], large[3])]
    b.report("diff rendered vs live (3% changed, noise, shuffled)", "objects",
             [("base", small[0], diffs[0][0], diffs[0][1], diffs[0][2]),
              ("10x", large[0], diffs[1][0], diffs[1][1], diffs[1][2])], "diff --live")
    # Issue 21's scale targets: 300,000 files through --output-dir, 100,000 cliques through validate.
    b.output_dir(3_000 if args.smoke else 300_000)
    b.clique_chain(1_000 if args.smoke else 100_000)
    if args.markdown:
        write_markdown(args.markdown, b, args, started, load_before, os.getloadavg())
        print(f"\nwrote {args.markdown}")


if __name__ == "__main__":
    main()
