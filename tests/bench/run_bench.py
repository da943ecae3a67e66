#!/usr/bin/env python3
"""grovectl benchmark: render, validate and diff on generated inputs at a base size and 10x that size,
against the baselines a user would otherwise run on the same data (a PyYAML+libyaml load/dump round trip
of grovectl's own output, and GNU `diff -u` of the two canonical texts).

Prints objects/s, wall time, peak RSS and the growth factor when the input grows 10x.
Usage: run_bench.py --binary PATH [--base N] [--work DIR] [--smoke]
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


# CPU seconds (user + system) of the last run(): on a shared machine wall time includes waiting for a core,
# so the report shows both and computes growth factors from each.
LAST_CPU = [0.0]


def run(cmd, stdout_path=None, ok_codes=(0,)):
    """Runs cmd; returns (wall seconds, peak RSS in MiB of that process); its CPU seconds go to LAST_CPU."""
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if stdout_path:
        out.close()
    LAST_CPU[0] = usage.ru_utime + usage.ru_stime
    code = os.waitstatus_to_exitcode(status)
    if code not in ok_codes:
        sys.exit(f"command failed ({code}): {' '.join(cmd)}\n{err[-2000:]}")
    return elapsed, usage.ru_maxrss / 1024.0


def count_docs(path):
    with open(path) as f:
        return f.read().count("\n---\n") + 1


def size_mib(path):
    return os.path.getsize(path) / (1 << 20)


def pyyaml_roundtrip(path):
    # The C (libyaml) loader and dumper, as a user would pick them for speed.
    code = ("import sys,yaml\n"
            "assert yaml.__with_libyaml__, 'PyYAML without libyaml: the baseline would be unfairly slow'\n"
            "docs=list(yaml.load_all(open(sys.argv[1]),Loader=yaml.CSafeLoader))\n"
            "yaml.dump_all(docs,open(sys.argv[2],'w'),Dumper=yaml.CSafeDumper)\n")
    return run([sys.executable, "-c", code, path, path + ".pyyaml"])


class Bench:
    def __init__(self, binary, work, base):
        self.binary, self.work, self.base = binary, work, base
        self.rows = []

    def gen(self, *args):
        subprocess.check_call([sys.executable, os.path.join(HERE, "gen_inputs.py"), *map(str, args)])

    def measure_render(self, scale):
        src = os.path.join(self.work, f"pcs-{scale}.yaml")
        out = os.path.join(self.work, f"render-{scale}.yaml")
        self.gen("pcs", scale, src)
        t, rss = run([self.binary, "render", "-f", src, "--backend", "default-scheduler"], out)
        cpu = LAST_CPU[0]
        objects = count_docs(out)
        pt, prss = pyyaml_roundtrip(out)
        return dict(objects=objects, seconds=t, cpu=cpu, rss=rss, out_mib=size_mib(out), py_seconds=pt,
                    py_cpu=LAST_CPU[0], py_rss=prss, src=src, out=out)

    def measure_render_jobsets(self, scale):
        src = os.path.join(self.work, f"jobsets-{scale}.yaml")
        out = os.path.join(self.work, f"render-js-{scale}.yaml")
        self.gen("jobsets", scale * 100, src)
        t, rss = run([self.binary, "render", "-f", src, "--backend", "default-scheduler"], out)
        return dict(objects=count_docs(out), seconds=t, cpu=LAST_CPU[0], rss=rss, out_mib=size_mib(out))

    def measure_validate(self, scale):
        src = os.path.join(self.work, f"many-{scale}.yaml")
        self.gen("many-pcs", scale * 500, src)
        t, rss = run([self.binary, "validate", "-f", src, "-o", "json"], os.devnull, ok_codes=(0, 1))
        return dict(docs=scale * 500, seconds=t, cpu=LAST_CPU[0], rss=rss)

    def measure_diff(self, scale, rendered):
        live = os.path.join(self.work, f"live-{scale}.yaml")
        self.gen("live", rendered["out"], live, 3)
        t, rss = run([self.binary, "diff", "-f", rendered["src"], "--backend", "default-scheduler", "--live", live,
                      "--color", "never"], os.devnull, ok_codes=(0, 1))
        cpu = LAST_CPU[0]
        gt, grss = run(["diff", "-u", rendered["out"], live], os.devnull, ok_codes=(0, 1))
        return dict(objects=rendered["objects"], seconds=t, cpu=cpu, rss=rss, gnu_seconds=gt, gnu_cpu=LAST_CPU[0])

    def measure_output_dir(self, files):
        """render --output-dir of `files` objects, against a Python loop writing the same files (the cost of
        creating files on this filesystem, which bounds any tool)."""
        src = os.path.join(self.work, f"gangs-{files}.yaml")
        out = os.path.join(self.work, f"out-{files}")
        self.gen("gangs", files // 3, src)
        subprocess.call(["rm", "-rf", out])
        t, rss = run([self.binary, "render", "-f", src, "--output-dir", out])
        cpu = LAST_CPU[0]
        written = sum(len(names) for _, _, names in os.walk(out))  # <namespace>/<kind>.<group>/<name>
        code = ("import os,sys\n"
                "d=sys.argv[1]; os.makedirs(d)\n"
                "for i in range(int(sys.argv[2])):\n"
                "    fd=os.open(os.path.join(d,'%07d-podgroup-x.yaml'%i),os.O_WRONLY|os.O_CREAT|os.O_EXCL)\n"
                "    os.write(fd,b'apiVersion: v1\\nkind: X\\n'); os.close(fd)\n")
        base_dir = out + "-baseline"
        subprocess.call(["rm", "-rf", base_dir])
        bt, _ = run([sys.executable, "-c", code, base_dir, str(written)])
        bcpu = LAST_CPU[0]
        subprocess.call(["rm", "-rf", out, base_dir])
        print(f"\n== render --output-dir\n  {written:>8} files  {t:8.3f} s (cpu {cpu:7.3f} s)  {written / t:12,.0f} files/s  "
              f"peak RSS {rss:8.1f} MiB  creating as many files from Python: {bt:.3f} s (cpu {bcpu:.3f} s)")

    def measure_clique_chain(self, count):
        src = os.path.join(self.work, f"chain-{count}.yaml")
        self.gen("clique-chain", count, src)
        t, rss = run([self.binary, "validate", "-f", src, "--backend", "kai-scheduler"], os.devnull, ok_codes=(0, 1))
        print(f"\n== validate one PodCliqueSet of {count} cliques in a startsAfter chain\n"
              f"  {t:8.3f} s (cpu {LAST_CPU[0]:7.3f} s)  peak RSS {rss:8.1f} MiB  input {size_mib(src):.1f} MiB")

    def report(self, title, small, large, rate_key, unit, extra):
        growth = large["seconds"] / small["seconds"] if small["seconds"] > 0 else float("nan")
        cpu_growth = large["cpu"] / small["cpu"] if small["cpu"] > 0 else float("nan")
        print(f"\n== {title}")
        for label, m in (("base", small), ("10x", large)):
            rate = m[rate_key] / m["seconds"] if m["seconds"] > 0 else float("inf")
            print(f"  {label:5} {m[rate_key]:>8} {unit}  {m['seconds']:8.3f} s (cpu {m['cpu']:7.3f} s)  "
                  f"{rate:12,.0f} {unit}/s  "
                  f"peak RSS {m['rss']:8.1f} MiB" + extra(m))
        print(f"  growth factor for 10x input: {growth:.2f} wall, {cpu_growth:.2f} cpu (linear = 10)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--base", type=int, default=4, help="PodCliqueSets at the base size (30 replicas each)")
    ap.add_argument("--work", default=None)
    ap.add_argument("--smoke", action="store_true", help="tiny sizes: checks the harness, not the speed")
    args = ap.parse_args()
    base = 1 if args.smoke else args.base
    work = args.work or tempfile.mkdtemp(prefix="grovectl-bench-")
    os.makedirs(work, exist_ok=True)
    b = Bench(os.path.abspath(args.binary), work, base)
    print(f"grovectl benchmark (work dir {work}, base size {base} PodCliqueSets x 30 replicas)")

    small, large = b.measure_render(base), b.measure_render(base * 10)
    b.report("render PodCliqueSets (default-scheduler 1.37)", small, large, "objects", "objects",
             lambda m: f"  out {m['out_mib']:.1f} MiB  RSS/out {m['rss'] / max(m['out_mib'], 1e-9):.2f}x  "
                       f"PyYAML round trip {m['py_seconds']:.3f} s ({m['py_seconds'] / m['seconds']:.1f}x slower; "
                       f"cpu {m['py_cpu'] / max(m['cpu'], 1e-9):.1f}x)")
    js_small, js_large = b.measure_render_jobsets(base), b.measure_render_jobsets(base * 10)
    b.report("render JobSets (default-scheduler 1.37)", js_small, js_large, "objects", "objects", lambda m: "")
    v_small, v_large = b.measure_validate(base), b.measure_validate(base * 10)
    b.report("validate (all five layers)", v_small, v_large, "docs", "docs", lambda m: "")
    d_small, d_large = b.measure_diff(base, small), b.measure_diff(base * 10, large)
    b.report("diff rendered vs live (3% changed, noise, shuffled)", d_small, d_large, "objects", "objects",
             lambda m: f"  GNU diff -u {m['gnu_seconds']:.3f} s (grovectl/GNU {m['seconds'] / max(m['gnu_seconds'], 1e-9):.1f}x; "
                       f"cpu {m['cpu'] / max(m['gnu_cpu'], 1e-9):.1f}x)")
    # Issue 21's scale targets: 300,000 files through --output-dir, 100,000 cliques through validate.
    b.measure_output_dir(3_000 if args.smoke else 300_000)
    b.measure_clique_chain(1_000 if args.smoke else 100_000)


if __name__ == "__main__":
    main()
