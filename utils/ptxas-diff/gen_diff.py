#!/usr/bin/env python3
"""Differential test: cases built from the instruction table, ptxas vs ptx-lint.

usage: gen_diff.py PTX_LINT [--ptxas PATH] [--sample N] [--seed S] [--min-agree PCT] [--keep DIR]

The forms and their operand slots come from `ptx-lint --list-instructions`
(the table itself). For every form the generator builds modules over
  .version x .target gates  x  {as written, operand missing, extra operand,
  wrong register class per slot, each immediate kind per source slot, sink,
  |p added or dropped, qualifier duplicated / upper-cased / dropped}
runs ptxas (skipped with exit 0 when it is not installed) and ptx-lint with
the same arch, and reports every disagreement.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

REGS = {'32-bit data': '%r1', '32-bit integer': '%r1', 'redux .f32': '%f1',
        '64-bit data': '%rd1', 'predicate': '%p1', 'instruction type': '%r1'}
WRONG = ['%r1', '%rd1', '%p1', '%f1', '%h1', '%hx1', '%fd1']
IMMS = ['1', '-1', '0x1f', '0f3F800000', '0d3FF0000000000000', '1.0', '(1<<5)']
GATES = [('9.0', 'sm_100a'), ('8.8', 'sm_103f'), ('8.0', 'sm_90'), ('7.8', 'sm_90'),
         ('7.0', 'sm_80'), ('6.3', 'sm_75'), ('6.0', 'sm_70'), ('6.0', 'sm_60'),
         ('5.1', 'sm_70'), ('6.4', 'sm_62'), ('8.6', 'sm_100a'), ('8.7', 'sm_120a')]
DECLS = ('\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n\t.reg .pred %p<4>;\n\t.reg .f32 %f<4>;\n'
         '\t.reg .b16 %h<4>;\n\t.reg .f16x2 %hx<4>;\n\t.reg .f64 %fd<4>;\n')


# The -arch values ptxas 13.0 accepts (`ptxas --help`, option --gpu-name).
PTXAS_ARCHS = ['sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_88', 'sm_89', 'sm_90', 'sm_90a',
               'sm_100', 'sm_100a', 'sm_100f', 'sm_103', 'sm_103a', 'sm_103f', 'sm_110',
               'sm_110a', 'sm_110f', 'sm_120', 'sm_120a', 'sm_120f', 'sm_121', 'sm_121a',
               'sm_121f']


def arch_for(target):
    """The -arch the oracle uses for a target: the
    target itself when ptxas knows it, sm_101{,a,f} -> sm_110{,a,f}, else the
    smallest plain arch at or above the target's number (the largest when
    there is none: sm_122 -> sm_121). Loose spellings (sm_90A, sm_100b,
    compute_90) count by their number."""
    if target in PTXAS_ARCHS:
        return target
    m = re.match(r'(?:sm|compute)_(\d+)([a-zA-Z]*)$', target)
    if not m:
        return 'sm_75'
    n, suf = int(m.group(1)), m.group(2)
    if n == 101 and suf in ('', 'a', 'f'):
        return f'sm_110{suf}'
    plain = [int(a[3:]) for a in PTXAS_ARCHS if a[3:].isdigit()]
    above = [a for a in plain if a >= n]
    return f'sm_{min(above) if above else max(plain)}'


def read_table(lint):
    out = subprocess.run([lint, '--list-instructions'], capture_output=True, text=True).stdout
    forms, cur = [], None
    for line in out.splitlines():
        if line.startswith('Other instructions'):
            break
        m = re.match(r'  (\S+) (.*)$', line)
        if m and not line.startswith('      '):
            cur = {'name': m.group(1), 'slots': []}
            forms.append(cur)
            continue
        m = re.match(r'      (\w+): ([^,(]+?)(?: \(.*?\))?(,.*)?$', line)
        if m and cur is not None:
            cur['slots'].append({'name': m.group(1), 'cls': m.group(2).strip(),
                                 'flags': m.group(3) or ''})
    return forms


def mnemonics(name):
    if name == 'mov.type':
        return ['mov.u32', 'mov.b32', 'mov.f32']
    if '{.abs}{.NaN}' in name:
        base = name.replace('{.abs}{.NaN}', '')
        parts = base.split('.')
        return ['.'.join(parts[:-1] + extra + parts[-1:])
                for extra in ([], ['abs'], ['NaN'], ['abs', 'NaN'])]
    return [name]


def operands(form, mnem):
    ops = []
    for s in form['slots']:
        if s['name'] == 'membermask':
            ops.append('0xffffffff')
        elif form['name'] == 'mov.type' and s['name'] == 'a':
            ops.append('%laneid')
        else:
            r = REGS.get(s['cls'], '%r1')
            if mnem.startswith('mov.f32') and s['name'] == 'd':
                r = '%f1'
            if 'required' in s['flags']:
                r += '|%p2'
            ops.append(r)
    return ops


def variants(form, mnem):
    base = operands(form, mnem)
    yield 'ok', mnem, base
    yield 'missing', mnem, base[:-1]
    yield 'extra', mnem, base + ['0xffffffff']
    for i, s in enumerate(form['slots']):
        for w in WRONG:
            if w != base[i].split('|')[0]:
                yield f'wrong-{s["name"]}-{w}', mnem, base[:i] + [w] + base[i + 1:]
        if i > 0:
            for imm in IMMS:
                yield f'imm-{s["name"]}-{imm}', mnem, base[:i] + [imm] + base[i + 1:]
        yield f'sink-{s["name"]}', mnem, base[:i] + ['_'] + base[i + 1:]
    if base and '|' not in base[0]:
        yield 'pipe', mnem, [base[0] + '|%p3'] + base[1:]
    parts = mnem.split('.')
    for j in range(1, len(parts)):
        yield f'dup-{parts[j]}', '.'.join(parts[:j + 1] + parts[j:]), base
        yield f'upper-{parts[j]}', '.'.join(parts[:j] + [parts[j].upper()] + parts[j + 1:]), base
        yield f'drop-{parts[j]}', '.'.join(parts[:j] + parts[j + 1:]), base


def module(version, target, mnem, ops):
    body = f'\t{mnem} {", ".join(ops)};\n' if ops else f'\t{mnem};\n'
    return (f'.version {version}\n.target {target}\n.address_size 64\n\n'
            f'.visible .entry k()\n{{\n{DECLS}{body}\tret;\n}}\n')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('lint')
    ap.add_argument('--ptxas', default=shutil.which('ptxas') or '/usr/local/cuda/bin/ptxas')
    ap.add_argument('--sample', type=int, default=300)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--min-agree', type=float, default=95.0)
    ap.add_argument('--keep')
    args = ap.parse_args()
    if not os.path.exists(args.ptxas):
        print('ptxas not installed: skipped')
        return 0
    cases = []
    for form in read_table(args.lint):
        for mnem in mnemonics(form['name']):
            for tag, m, ops in variants(form, mnem):
                for version, target in GATES:
                    cases.append((f'{m}:{tag}:{version}:{target}', version, target, m, ops))
    random.Random(args.seed).shuffle(cases)
    if args.sample:
        cases = cases[:args.sample]
    tmp = args.keep or tempfile.mkdtemp(prefix='ptxas-diff-')
    os.makedirs(tmp, exist_ok=True)

    def one(i_case):
        i, (key, version, target, m, ops) = i_case
        path = os.path.join(tmp, f'case{i}.ptx')
        with open(path, 'w') as f:
            f.write(module(version, target, m, ops))
        arch = arch_for(target)
        p = subprocess.run([args.ptxas, '-arch', arch, path, '-o', os.devnull],
                           capture_output=True, text=True)
        q = subprocess.run([args.lint, f'--arch={arch}', path], capture_output=True, text=True)
        if q.returncode not in (0, 1):
            return f'{key} ({path}): ptx-lint exit {q.returncode}'
        if (p.returncode == 0) != (q.returncode == 0):
            return (f'{key} ({path}): ptxas {"accepts" if p.returncode == 0 else "rejects"}'
                    f' [{p.stderr.strip()[:160]}], ptx-lint exit {q.returncode}')
        return None

    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        res = list(ex.map(one, enumerate(cases)))
    if not args.keep:
        shutil.rmtree(tmp)
    diffs = [r for r in res if r]
    for d in diffs[:40]:
        print(d)
    agree = 100.0 * (len(cases) - len(diffs)) / max(1, len(cases))
    print(f'ptxas-diff: {len(cases) - len(diffs)}/{len(cases)} agree ({agree:.1f}%)')
    return 0 if agree >= args.min_agree else 1


if __name__ == '__main__':
    sys.exit(main())
