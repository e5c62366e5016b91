#!/usr/bin/env python3
"""Mutation testing against ptxas: random edits of the checked-in cases.

usage: mutate_diff.py PTX_LINT CASES.txt [--ptxas PATH] [--count N] [--seed S] [--min-agree PCT]

Each mutant changes one thing of a public case (the .version, the .target,
one operand, one qualifier inserted/duplicated/dropped, a guard, or the
declared type of a register) the way the held-back generator's "rand"
family does; ptxas (skipped when absent) and ptx-lint run with the same
arch and their verdicts are compared.
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_diff import arch_for  # noqa: E402
from run_expectations import load  # noqa: E402

VERSIONS = ['5.0', '5.1', '6.0', '6.2', '6.3', '6.4', '7.0', '7.2', '7.8', '8.0', '8.6', '8.8', '9.0']
TARGETS = ['sm_50', 'sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_90', 'sm_90a', 'sm_100', 'sm_100a',
           'sm_100f', 'sm_103a', 'sm_110', 'sm_120a', 'sm_121f']
OPERANDS = ['%r0', '%r1', '%rd1', '%p1', '%f1', '%hx1', '%laneid', '%tid.x', '_', '0', '-1',
            '0f3F800000', '1.0', '!%p1', '!%r1', '%r9', '%r01', '0xffffffff']
QUALS = ['sync', 'abs', 'NaN', 'all', 'any', 'uni', 'ballot', 'up', 'idx', 'b32', 'b64', 'u32',
         'f32', 'pred', 'aligned']


def mutate(rng, text):
    lines = text.split('\n')
    body = [i for i, l in enumerate(lines)
            if l.startswith('\t') and not l.strip().startswith('.reg') and l.strip() != 'ret;']
    if not body:
        return None
    i = rng.choice(body)
    line = lines[i]
    head, _, rest = line.strip().partition(' ')
    kind = rng.randrange(6)
    if kind == 0:
        lines[0] = '.version ' + rng.choice(VERSIONS)
    elif kind == 1:
        lines[1] = '.target ' + rng.choice(TARGETS)
    elif kind == 2 and rest:
        ops = re.split(r',\s*', rest.rstrip(';'))
        ops[rng.randrange(len(ops))] = rng.choice(OPERANDS)
        lines[i] = f'\t{head} {", ".join(ops)};'
    elif kind == 3:
        parts = head.split('.')
        j = rng.randrange(1, len(parts)) if len(parts) > 1 else 0
        what = rng.randrange(3)
        if what == 0:
            parts.insert(j, parts[j])
        elif what == 1 and len(parts) > 1:
            del parts[j]
        else:
            parts.insert(j, rng.choice(QUALS))
        lines[i] = '\t' + '.'.join(parts) + (' ' + rest if rest else '')
    elif kind == 4:
        lines[i] = '\t@' + rng.choice(['%p1', '!%p1', '%r1', '%p9']) + ' ' + line.strip()
    else:
        ty = rng.choice(['b32', 'pred', 'f16x2', 'b64', 'u32', 'f32'])
        lines.insert(i, f'\t.reg .{ty} %x<2>;')
        lines[i + 1] = lines[i + 1].replace('%r1', '%x1', 1)
    return '\n'.join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('lint')
    ap.add_argument('cases')
    ap.add_argument('--ptxas', default=shutil.which('ptxas') or '/usr/local/cuda/bin/ptxas')
    ap.add_argument('--count', type=int, default=300)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--min-agree', type=float, default=99.0)
    args = ap.parse_args()
    if not os.path.exists(args.ptxas):
        print('ptxas not installed: skipped')
        return 0
    rng = random.Random(args.seed)
    cases = load(args.cases)
    tmp = tempfile.mkdtemp(prefix='ptxas-mut-')
    jobs = []
    while len(jobs) < args.count:
        t = mutate(rng, ''.join(rng.choice(cases)['text']))
        if t:
            jobs.append((len(jobs), t))

    def one(job):
        n, text = job
        path = os.path.join(tmp, f'm{n}.ptx')
        with open(path, 'w') as f:
            f.write(text)
        m = re.search(r'\.target (sm_\d+[af]?)\b', text)
        arch = arch_for(m.group(1)) if m else 'sm_90'
        p = subprocess.run([args.ptxas, '-arch', arch, path, '-o', os.devnull],
                           capture_output=True, text=True)
        q = subprocess.run([args.lint, f'--arch={arch}', path], capture_output=True, text=True)
        if q.returncode not in (0, 1) or (p.returncode == 0) != (q.returncode == 0):
            return (f'm{n}: ptxas {p.returncode} [{p.stderr.strip()[:160]}], ptx-lint '
                    f'{q.returncode}\n{text}')
        return None

    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        diffs = [r for r in ex.map(one, jobs) if r]
    shutil.rmtree(tmp)
    for d in diffs[:10]:
        print(d)
    agree = 100.0 * (len(jobs) - len(diffs)) / len(jobs)
    print(f'ptxas-mutate: {len(jobs) - len(diffs)}/{len(jobs)} agree ({agree:.1f}%)')
    return 0 if agree >= args.min_agree else 1


if __name__ == '__main__':
    sys.exit(main())
