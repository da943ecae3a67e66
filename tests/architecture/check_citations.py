#!/usr/bin/env python3
"""Fails, naming file and line, when a tracked file cites the product design or the reference notes kept
beside the repository (../shared: its DESIGN page, its reference/*.md files). A contributor cannot open
them: a comment, a test name, a message or a document cites an upstream file at a commit or tag, a PR, a
KEP or GREP, a docs page, or the project's own docs/ instead.

usage: check_citations.py ROOT          check the folders below of the repository at ROOT
       check_citations.py --self-test   show the check failing on a tree that cites them
"""
import os
import re
import subprocess
import sys
import tempfile

FOLDERS = ['src', 'tests', 'scripts', 'cmake', 'templates', 'docs', 'completions', 'man', 'testdata',
           'examples', 'CMakeLists.txt', 'README.md', 'action.yml']
# Written so that this file does not match itself.
SECTION = '\u00a7'
NOTES = 'shared/' + 'reference'
CITATION = re.compile(r'DESIGN ' + SECTION + r'|DESIGN\.md|' + NOTES +
                      r'|\b(?:grove|jobset|k8s-workload-api|scheduler-crs|cli-anchors)\.md')


def tracked_files(root):
    """The files git tracks under FOLDERS (all files when ROOT is not a git work tree)."""
    result = subprocess.run(['git', 'ls-files', '-z', '--'] + FOLDERS, cwd=root, capture_output=True)
    if result.returncode == 0:
        return sorted(p for p in result.stdout.decode().split('\0') if p)
    found = []
    for folder in FOLDERS:
        path = os.path.join(root, folder)
        if os.path.isfile(path):
            found.append(folder)
        for base, _, names in os.walk(path):
            found.extend(os.path.relpath(os.path.join(base, n), root) for n in names)
    return sorted(found)


def problems(root):
    out = []
    for rel in tracked_files(root):
        try:
            with open(os.path.join(root, rel), encoding='utf-8') as f:
                lines = f.readlines()
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue  # binary data, or a file deleted in the work tree
        for number, line in enumerate(lines, 1):
            match = CITATION.search(line)
            if match:
                out.append(f'{rel}:{number}: cites "{match.group(0)}", which is not in the repository')
    return out


def check(root):
    found = problems(root)
    for p in found:
        print(p, file=sys.stderr)
    if found:
        print(f'{len(found)} citation(s) of files outside the repository; cite the upstream source '
              '(repository, path and commit or tag; a PR, KEP or GREP; a docs page) or docs/ instead',
              file=sys.stderr)
    return 1 if found else 0


def self_test():
    """The check reports each kind of citation, at its line, and nothing else."""
    md = '.md'
    files = {
        'src/a.cpp': f'// fine: ai-dynamo/grove@fcc3b3bb operator/api/common/namegen.go\n'
                     f'// bad: (grove{md} {SECTION}4.2)\n',
        'tests/b.cpp': f'TEST_CASE("x (jobset{md} {SECTION}2)") {{}}\n// DESIGN {SECTION}7 "Scope"\n',
        'testdata/c.yaml': f'# scheduler-crs{md} {SECTION}4.2\nkind: PodGang\n',
        'docs/d.md': f'See ../{NOTES}/k8s-workload-api{md} and docs/grove-versions{md}.\n',
        'src/e.cpp': f'// YAML 1.2 {SECTION}9.1.1 and SARIF {SECTION}3.35 are public specifications.\n',
    }
    expected = [
        f'docs/d.md:1: cites "{NOTES}", which is not in the repository',
        f'src/a.cpp:2: cites "grove{md}", which is not in the repository',
        f'testdata/c.yaml:1: cites "scheduler-crs{md}", which is not in the repository',
        f'tests/b.cpp:1: cites "jobset{md}", which is not in the repository',
        f'tests/b.cpp:2: cites "DESIGN {SECTION}", which is not in the repository',
    ]
    with tempfile.TemporaryDirectory() as root:
        for rel, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), 'w', encoding='utf-8') as f:
                f.write(text)
        got = problems(root)
    if got != expected:
        print('reported:\n  ' + '\n  '.join(got) + '\nexpected:\n  ' + '\n  '.join(expected), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        sys.exit(self_test())
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(check(sys.argv[1]))
