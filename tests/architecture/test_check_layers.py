#!/usr/bin/env python3
"""The layer check fails on a tree that breaks its table, and names each file and line: the fixture in
forbidden/ has an upward include (model -> frontend/pcs), a frontend including a backend, a frontend
and a backend including a sibling folder (one by a relative path), a folder the table does not know,
and an architecture page that leaves a line of the table out. Its allowed includes (the layer's own folder, a
parent's files, a relative include in the same folder, a system header) must not be reported."""
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
fixture = os.path.join(here, 'forbidden')
result = subprocess.run([sys.executable, os.path.join(here, 'check_layers.py'), 'src', 'layers.txt',
                         '--doc', 'architecture.md'], cwd=fixture, capture_output=True, text=True)
expected = [
    'src/backend/kai/v2alpha2.hpp:3: #include "../workload/builders.hpp": backend/kai may not include '
    'backend/workload (it may include: backend model core)',
    'src/frontend/jobset/parse.hpp:2: #include "frontend/pcs/types.hpp": frontend/jobset may not include '
    'frontend/pcs (it may include: frontend model core)',
    'src/frontend/pcs/parse.hpp:7: #include "backend/mapping.hpp": frontend/pcs may not include backend '
    '(it may include: frontend model core)',
    'src/model/gang.hpp:3: #include "frontend/pcs/parse.hpp": model may not include frontend/pcs (it may '
    'include: core)',
    'src/schema/schema.hpp: folder "schema" is not in layers.txt; add its layer there',
    'architecture.md: does not show the line "backend/*:   backend model core" of layers.txt',
    '6 layering problem(s); the layers are in layers.txt',
]
got = result.stderr.splitlines()
failures = []
if result.returncode != 1:
    failures.append(f'exit code {result.returncode}, expected 1')
if got != expected:
    failures.append('reported:\n  ' + '\n  '.join(got) + '\nexpected:\n  ' + '\n  '.join(expected))
for f in failures:
    print(f, file=sys.stderr)
sys.exit(1 if failures else 0)
