#!/usr/bin/env python3
"""Writes man/grovectl.1 from the built binary's help.

help2man turns `grovectl --help` into the page; this script adds a COMMANDS section made from
every `grovectl COMMAND --help` (CLI11 help layout) and the hand-written sections in
man/grovectl.h2m. Run through the CMake target: cmake --build build --target man
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def run_help(binary, *args):
    return subprocess.run([binary, *args, "--help"], check=True, capture_output=True, text=True).stdout


def roff(text):
    """Escapes plain text for roff: backslashes, hyphens, and a leading control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def subcommands(root_help):
    names, in_section = [], False
    for line in root_help.splitlines():
        if line.strip() == "Subcommands:":
            in_section = True
        elif in_section and line.startswith("  ") and line.strip():
            names.append(line.split()[0])
        elif in_section and not line.strip():
            in_section = False
    return names


def blocks(text):
    """Splits help text into blocks separated by blank lines."""
    out, current = [], []
    for line in text.splitlines():
        if line.strip():
            current.append(line.rstrip())
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


TABLE_HEADERS = {"Options:", "Positionals:", "Subcommands:"}


def is_table(block):
    if len(block) < 2 or not block[0].endswith(":") or block[0].startswith(" "):
        return False
    entries = [l for l in block[1:] if not l.startswith(" " * 4)]
    return block[0] in TABLE_HEADERS or all(l.lstrip().startswith("-") for l in entries)


def table(block):
    """CLI11 lists `  TERM   description`, the description on the next line when TERM is long."""
    out = [".PP", "\\fB%s\\fR" % roff(block[0][:-1])] if block[0] not in TABLE_HEADERS else []
    items = []
    for line in block[1:]:
        if line.startswith(" " * 4) and items:
            items[-1][1] = (items[-1][1] + " " + line.strip()).strip()
            continue
        term, _, desc = line.strip().partition("  ")
        items.append([term.strip(), desc.strip()])
    for term, desc in items:
        out += [".TP", "\\fB%s\\fR" % roff(term), roff(desc)]
    return out


HEADING = re.compile(r"^[A-Z][A-Za-z /-]*:$")


def footer(block):
    """A footer block: prose becomes a paragraph; a heading such as "Examples:" starts a list kept
    line for line, so examples after prose in the same block stay examples."""
    groups = []  # [heading or None, lines]
    for line in block:
        if HEADING.match(line):
            groups.append([line, []])
        elif line.startswith("  ") and groups and groups[-1][0] is not None:
            groups[-1][1].append(line)
        else:
            if not groups or groups[-1][0] is not None:
                groups.append([None, []])
            groups[-1][1].append(line)
    out = []
    for heading, lines in groups:
        if heading is None:
            out += [".PP"] + [roff(l.strip()) for l in lines]
        else:
            out += [".PP", "\\fB%s\\fR" % roff(heading), ".nf", ".RS 2"]
            out += [roff(l[2:]) for l in lines] + [".RE", ".fi"]
    return out


def command_section(binary, name):
    help_text = run_help(binary, name)
    parts = blocks(help_text)
    head = parts[0]
    usage = [l for l in head if l.startswith("Usage:")]
    description = [l for l in head if not l.startswith("Usage:")]
    out = ['.SS "grovectl %s"' % name]
    out += [roff(l) for l in description]
    if usage:
        out += [".PP", "\\fBUsage:\\fR " + roff(usage[0][len("Usage:"):].strip())]
    for block in parts[1:]:
        if is_table(block):
            out += table(block)
        else:
            out += footer(block)
    return [l for l in out if l != ""]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--grovectl", required=True, help="the built binary")
    parser.add_argument("--version", required=True, help="version for the page header")
    parser.add_argument("--include", required=True, help="hand-written sections (man/grovectl.h2m)")
    parser.add_argument("--output", required=True)
    args = parser.parse_args()

    names = subcommands(run_help(args.grovectl))
    if not names:
        sys.exit("generate_man.py: no subcommands found in grovectl --help")
    section = ["[COMMANDS]"]
    section.append("Every command takes \\fB\\-h\\fR, \\fB\\-\\-help\\fR. "
                   "As the kubectl plugin, each is also \\fBkubectl grove\\fR \\fICOMMAND\\fR.")
    for name in names:
        section += command_section(args.grovectl, name)
    with open(args.include, encoding="utf-8") as f:
        static = f.read()
    static = static[static.index("\n["):]  # drop the comment lines above the first section
    env = dict(os.environ)
    # The page date is the last commit's, so regenerating without changes gives the same file.
    if "SOURCE_DATE_EPOCH" not in env:
        stamp = subprocess.run(["git", "log", "-1", "--format=%ct"], capture_output=True, text=True,
                               cwd=os.path.dirname(os.path.abspath(args.include)))
        if stamp.returncode == 0 and stamp.stdout.strip():
            env["SOURCE_DATE_EPOCH"] = stamp.stdout.strip()
    with tempfile.NamedTemporaryFile("w", suffix=".h2m", delete=False, encoding="utf-8") as inc:
        inc.write("\n".join(section) + "\n\n" + static)
        inc_path = inc.name
    try:
        subprocess.run(["help2man", "--no-info", "--no-discard-stderr",
                        "--name=expand, validate and diff gang-scheduling objects for Grove and JobSet",
                        "--version-string=" + args.version, "--include=" + inc_path,
                        "--output=" + args.output, args.grovectl], check=True, env=env)
    finally:
        os.unlink(inc_path)


if __name__ == "__main__":
    main()
