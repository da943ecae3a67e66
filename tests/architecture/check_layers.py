#!/usr/bin/env python3
"""Fails, naming file and line, when an #include "..." under SRC reaches a layer that the table
(src/layers.txt) does not allow for the including file's layer. With --doc, also fails when that page
(docs/architecture.md) does not show every line of the table (spacing aside).

usage: check_layers.py SRC TABLE [--doc docs/architecture.md]
"""
import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def read_table(path):
    """{layer: [allowed layers]} in table order; "X/*" keys stand for every folder inside X."""
    table = {}
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            name, sep, allowed = line.partition(':')
            if not sep:
                sys.exit(f'{path}:{number}: expected "layer: allowed layers", got "{line}"')
            table[name.strip()] = allowed.split()
    return table


def table_lines(path):
    with open(path, encoding='utf-8') as f:
        return [line.strip() for line in f if line.strip() and not line.startswith('#')]


class Layers:
    def __init__(self, table):
        self.table = table

    def of(self, rel):
        """(layer, rule key) of a path relative to SRC, or (None, top folder) when the table lacks it."""
        parts = rel.split('/')
        if len(parts) == 1:
            return (rel, rel) if rel in self.table else (None, rel)
        top = parts[0]
        if len(parts) >= 3 and top + '/*' in self.table:
            return f'{top}/{parts[1]}', top + '/*'
        if top in self.table:
            return top, top
        return None, top

    def allows(self, rule_key, layer, target):
        if target == layer:
            return True
        for allowed in self.table[rule_key]:
            if allowed == target or (allowed.endswith('/*') and target.startswith(allowed[:-1])):
                return True
        return False


def resolve(src, includer_dir, name):
    """The included file as a path relative to SRC, or None when it is not a file of SRC (a system or
    generated header). Like the preprocessor, the includer's own folder is searched first."""
    for base in (os.path.join(src, includer_dir), src):
        candidate = os.path.normpath(os.path.join(base, name))
        if os.path.isfile(candidate):
            rel = os.path.relpath(candidate, src)
            return None if rel.startswith('..') else rel.replace(os.sep, '/')
    return None


def check(src, table_path):
    layers = Layers(read_table(table_path))
    problems = []
    for root, dirs, files in os.walk(src):
        dirs.sort()
        for file in sorted(files):
            if not file.endswith(('.cpp', '.hpp', '.h')):
                continue
            rel = os.path.relpath(os.path.join(root, file), src).replace(os.sep, '/')
            layer, rule = layers.of(rel)
            if layer is None:
                problems.append(f'src/{rel}: folder "{rule}" is not in {table_path}; add its layer there')
                continue
            with open(os.path.join(root, file), encoding='utf-8', errors='replace') as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    target_file = resolve(src, os.path.dirname(rel), m.group(1))
                    if target_file is None:
                        continue
                    target, target_rule = layers.of(target_file)
                    if target is None:
                        problems.append(f'src/{rel}:{number}: #include "{m.group(1)}": folder "{target_rule}" '
                                        f'is not in {table_path}')
                    elif not layers.allows(rule, layer, target):
                        allowed = ' '.join(layers.table[rule]) or 'nothing'
                        problems.append(f'src/{rel}:{number}: #include "{m.group(1)}": {layer} may not include '
                                        f'{target} (it may include: {allowed})')
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('src')
    parser.add_argument('table')
    parser.add_argument('--doc', help='a page that must show every line of the table')
    args = parser.parse_args()
    problems = check(args.src, args.table)
    if args.doc:
        with open(args.doc, encoding='utf-8') as f:
            shown = {' '.join(line.split()) for line in f}
        for line in table_lines(args.table):
            if ' '.join(line.split()) not in shown:
                problems.append(f'{args.doc}: does not show the line "{line}" of {args.table}')
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f'{len(problems)} layering problem(s); the layers are in {args.table}', file=sys.stderr)
        return 1
    print(f'includes under {args.src} follow {args.table}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
