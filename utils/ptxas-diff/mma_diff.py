#!/usr/bin/env python3
"""The ptxas differential of mma.sync: valid forms and their one-qualifier
and one-operand changes, recorded with ptxas's verdicts.

usage: mma_diff.py record OUT.txt [--ptxas PATH] [--seed S] [--count N]
       mma_diff.py replay CASES.txt --lint PTX_LINT [--min-agree PCT]

record writes one line per case, "<id> <arch> <version> <accept|reject>
<blamed lines> <instruction>", from ptxas's verdicts (every module is the
same but for the .version, the .target and the instruction on line 18, see
module()). replay runs ptx-lint --arch=<arch> over each module without
ptxas (test/Sema/mma-ptxas-diff.test): a verdict agrees when ptx-lint exits
1 exactly when ptxas rejected, a blame when ptx-lint reports an error on a
line ptxas blamed. It prints the disagreements and "verdicts: A/N agree;
blame: B/M agree", and fails below --min-agree percent of either.

The cases: every form of PTX ISA 9.0 9.7.14.5.14 "mma" (written out below
from the ISA's syntax block, independently of lib/ISA/td/Forms/Matrix.td),
each at its own target; each at older targets and PTX versions (the gates);
and a seeded sample of changes to one qualifier (dropped, duplicated,
replaced by another mma word or an unknown one, swapped with its neighbour,
one inserted) or one operand (a scalar for a brace list, one register more
or fewer, a register of another type in one element or all, a constant in
d, '_' in a source, an operand more or fewer).
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

DECL = ('\t.reg .b32 %r<64>;\n\t.reg .f32 %f<64>;\n\t.reg .f64 %fd<64>;\n'
        '\t.reg .b64 %rd<64>;\n\t.reg .pred %p<4>;\n\t.reg .b16 %h<64>;\n'
        '\t.reg .u32 %u<64>;\n\t.reg .s32 %s<64>;\n\t.reg .f16x2 %x<64>;\n'
        '\t.reg .u64 %ud<64>;\n\t.reg .s64 %sd<64>;\n')
# The line of the instruction in a module (see module()).
LINE = 18

# Register prefixes by the operand's own type.
REG = {'f32': '%f', 'f16x2': '%r', 'b32': '%r', 's32': '%r', 'f64': '%fd'}
OTHER_REGS = ['%r', '%u', '%s', '%f', '%x', '%h', '%rd', '%fd', '%p', '%ud', '%sd']


def forms():
    """(qualifiers, [(count, type) for d, a, b, c], target) of every form."""
    F = []

    def add(q, ops, target='sm_90'):
        F.append((q, ops, target))

    def acc(t, n32):
        return (n32 // 2, 'f16x2') if t == 'f16' else (n32, t)
    # .f16: m8n8k4 with any layouts and d/c of f16/f16, f32/f16, f32/f32;
    # m16n8k8/k16 .row.col with d = c.
    for d, c in [('f16', 'f16'), ('f32', 'f16'), ('f32', 'f32')]:
        for al in ['row', 'col']:
            for bl in ['row', 'col']:
                add(f'mma.sync.aligned.m8n8k4.{al}.{bl}.{d}.f16.f16.{c}',
                    [acc(d, 8), (2, 'f16x2'), (2, 'f16x2'), acc(c, 8)])
    for t in ['f16', 'f32']:
        add(f'mma.sync.aligned.m16n8k8.row.col.{t}.f16.f16.{t}',
            [acc(t, 4), (2, 'f16x2'), (1, 'f16x2'), acc(t, 4)])
        add(f'mma.sync.aligned.m16n8k16.row.col.{t}.f16.f16.{t}',
            [acc(t, 4), (4, 'f16x2'), (2, 'f16x2'), acc(t, 4)])
    add('mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32',
        [(4, 'f32'), (2, 'f32'), (1, 'f32'), (4, 'f32')])
    add('mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32',
        [(4, 'f32'), (4, 'f32'), (2, 'f32'), (4, 'f32')])
    add('mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32',
        [(4, 'f32'), (2, 'b32'), (1, 'b32'), (4, 'f32')])
    add('mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32',
        [(4, 'f32'), (4, 'b32'), (2, 'b32'), (4, 'f32')])
    for shape, na, nb in [('m16n8k16', 2, 1), ('m16n8k32', 4, 2)]:
        for t in ['f16', 'f32']:
            for at in ['e4m3', 'e5m2']:
                for bt in ['e4m3', 'e5m2']:
                    add(f'mma.sync.aligned.{shape}.row.col.{t}.{at}.{bt}.{t}',
                        [acc(t, 4), (na, 'b32'), (nb, 'b32'), acc(t, 4)])
    f8f6f4 = ['e4m3', 'e5m2', 'e3m2', 'e2m3', 'e2m1']
    for t in ['f16', 'f32']:
        for at in f8f6f4:
            for bt in f8f6f4:
                add(f'mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.{t}.{at}.{bt}.{t}',
                    [acc(t, 4), (4, 'b32'), (2, 'b32'), acc(t, 4)], 'sm_120a')
    for shape, na, nb, nc in [('m8n8k4', 1, 1, 2), ('m16n8k4', 2, 1, 4),
                              ('m16n8k8', 4, 2, 4), ('m16n8k16', 8, 4, 4)]:
        for rnd in ['', '.rn', '.rz', '.rm', '.rp']:
            add(f'mma.sync.aligned.{shape}.row.col{rnd}.f64.f64.f64.f64',
                [(nc, 'f64'), (na, 'f64'), (nb, 'f64'), (nc, 'f64')])
    for tys, shapes in [(['u8', 's8'], [('m8n8k16', 1, 1, 2), ('m16n8k16', 2, 1, 4),
                                         ('m16n8k32', 4, 2, 4)]),
                        (['u4', 's4'], [('m8n8k32', 1, 1, 2), ('m16n8k32', 2, 1, 4),
                                         ('m16n8k64', 4, 2, 4)])]:
        for shape, na, nb, nc in shapes:
            for sat in ['', '.satfinite']:
                for at in tys:
                    for bt in tys:
                        add(f'mma.sync.aligned.{shape}.row.col{sat}.s32.{at}.{bt}.s32',
                            [(nc, 's32'), (na, 'b32'), (nb, 'b32'), (nc, 's32')])
    for shape, na, nb, nc in [('m8n8k128', 1, 1, 2), ('m16n8k128', 2, 1, 4),
                              ('m16n8k256', 4, 2, 4)]:
        for op in ['xor', 'and']:
            add(f'mma.sync.aligned.{shape}.row.col.s32.b1.b1.s32.{op}.popc',
                [(nc, 's32'), (na, 'b32'), (nb, 'b32'), (nc, 's32')])
    # mma.sp (PTX ISA 9.7.14.6): A and B of one size, then the metadata and
    # the selector (the two scalar operands SP_TAIL adds).
    for v in ['sp', 'sp::ordered_metadata']:
        for shape, n in [('m16n8k16', 2), ('m16n8k32', 4)]:
            for t in ['f16', 'f32']:
                add(f'mma.{v}.sync.aligned.{shape}.row.col.{t}.f16.f16.{t}',
                    [acc(t, 4), (n, 'b32'), (n, 'b32'), acc(t, 4)])
            add(f'mma.{v}.sync.aligned.{shape}.row.col.f32.bf16.bf16.f32',
                [(4, 'f32'), (n, 'b32'), (n, 'b32'), (4, 'f32')])
        for shape, n in [('m16n8k8', 2), ('m16n8k16', 4)]:
            add(f'mma.{v}.sync.aligned.{shape}.row.col.f32.tf32.tf32.f32',
                [(4, 'f32'), (n, 'b32'), (n, 'b32'), (4, 'f32')])
        for ty, shape, n in [('s8', 'm16n8k32', 2), ('u8', 'm16n8k64', 4),
                             ('s4', 'm16n8k64', 2), ('u4', 'm16n8k128', 4)]:
            for sat in ['', '.satfinite']:
                add(f'mma.{v}.sync.aligned.{shape}.row.col{sat}.s32.{ty}.{ty}.s32',
                    [(4, 's32'), (n, 'b32'), (n, 'b32'), (4, 's32')])
        add(f'mma.{v}.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32',
            [(4, 'f32'), (4, 'b32'), (4, 'b32'), (4, 'f32')])
    for t in ['f16', 'f32']:
        for at, bt in [('e4m3', 'e4m3'), ('e2m1', 'e3m2'), ('e5m2', 'e2m3')]:
            add(f'mma.sp::ordered_metadata.sync.aligned.m16n8k64.row.col.kind::f8f6f4.{t}.{at}.{bt}.{t}',
                [acc(t, 4), (4, 'b32'), (4, 'b32'), acc(t, 4)], 'sm_120a')
    return F


SP_TAIL = ['%r63', '0']


def tail(q):
    """The scalar operands after d, a, b, c: mma.sp's metadata and selector."""
    return SP_TAIL if q.startswith('mma.sp') else []


# Words a changed qualifier may become: every word of the forms, and others
# ptxas knows or does not.
def word_pool(F):
    words = set()
    for q, _, _ in F:
        words.update(q.split('.')[1:])
    words.update(['m16n16k16', 'm8n32k16', 'm16n8k7', 'm8n8', 'ftz', 'sat', 'rni',
                  'shared', 'sp', 'trans', 'x4', 'b16', 'u32', 'f64', 'ROW', 'popc',
                  'or', 'block_scale', 'e8m0', 'relu'])
    return sorted(words)


def operands(ops, prefixes=None):
    out, k = [], 0
    for i, (n, t) in enumerate(ops):
        p = (prefixes or {}).get(i, REG[t])
        out.append('{' + ', '.join(f'{p}{k + j}' for j in range(n)) + '}')
        k += n
    return out


def module(target, version, line):
    return (f'.version {version}\n.target {target}\n.address_size 64\n\n'
            '.visible .entry k()\n{\n' + DECL + f'\t{line}\n\tret;\n}}\n')


def version_of(target):
    return '9.0'


def cases(seed, count):
    rnd = random.Random(seed)
    F = forms()
    pool = word_pool(F)
    out = []

    def case(kind, q, ops_text, target, version=None, base=None):
        # The sparse forms' metadata and selector follow (base: the form's
        # qualifiers when q is a changed spelling).
        out.append((kind, target, version or version_of(target),
                    q + ' ' + ', '.join(ops_text + tail(base or q)) + ';'))
    # Every form at its target; at older targets and PTX versions.
    for q, ops, t in F:
        case('valid', q, operands(ops), t)
        for t2 in ['sm_75', 'sm_80', 'sm_89']:
            if t == 'sm_90':
                case('gate', q, operands(ops), t2)
        for v in rnd.sample(['6.4', '6.5', '7.0', '7.1', '7.8', '8.4', '8.6', '8.7'], 2):
            case('gate', q, operands(ops), t, v)
    # One-qualifier changes.
    quals = []
    for q, ops, t in F:
        words = q.split('.')[1:]
        for i in range(len(words)):
            quals.append(('drop', words[:i] + words[i + 1:], ops, t, q))
            quals.append(('dup', words[:i + 1] + words[i:], ops, t, q))
            if i + 1 < len(words):
                quals.append(('swap', words[:i] + [words[i + 1], words[i]] + words[i + 2:], ops, t, q))
            for w in pool:
                if w != words[i]:
                    quals.append(('replace', words[:i] + [w] + words[i + 1:], ops, t, q))
            for w in ['ftz', 'satfinite', 'rn', 'row', 'col', 'xor', 'popc', 'kind::f8f6f4']:
                quals.append(('insert', words[:i] + [w] + words[i:], ops, t, q))
    for kind, words, ops, t, base in rnd.sample(quals, min(count, len(quals))):
        case('qual-' + kind, 'mma.' + '.'.join(words), operands(ops), t, base=base)
    # One-operand changes.
    opch = []
    for q, ops, t in F:
        for i, (n, ty) in enumerate(ops):
            texts = operands(ops)
            regs = re.findall(r'%[a-z]+\d+', texts[i])
            opch.append(('scalar', q, texts[:i] + [regs[0]] + texts[i + 1:], t))
            for m in [n - 1, n + 1, 2 * n]:
                if m > 0:
                    more = regs + [f'{REG[ty]}{60 - j}' for j in range(m - n)]
                    opch.append(('size', q, texts[:i] + ['{' + ', '.join(more[:m]) + '}'] + texts[i + 1:], t))
            for p in OTHER_REGS:
                opch.append(('regs', q, operands(ops, {i: p}), t))
                one = regs[:-1] + [p + '50']
                opch.append(('mixed', q, texts[:i] + ['{' + ', '.join(one) + '}'] + texts[i + 1:], t))
            repl = '1' if i == 0 else '_'
            opch.append(('elem', q, texts[:i] + ['{' + ', '.join(regs[:-1] + [repl]) + '}'] + texts[i + 1:], t))
        texts = operands(ops)
        opch.append(('count', q, texts[:3], t))
        opch.append(('count', q, texts + [texts[3]], t))
    for kind, q, texts, t in rnd.sample(opch, min(count * 2 // 3, len(opch))):
        case('operand-' + kind, q, texts, t)
    return out


def run_ptxas(ptxas, target, text):
    fd, path = tempfile.mkstemp(suffix='.ptx')
    os.write(fd, text.encode())
    os.close(fd)
    arch = target if target not in ('sm_70', 'sm_72') else 'sm_75'
    p = subprocess.run([ptxas, '-arch=' + arch, path, '-o', '/dev/null'],
                       capture_output=True, text=True)
    os.unlink(path)
    msg = p.stdout + p.stderr
    lines = sorted({int(m) for m in re.findall(r'line (\d+); (?:error|fatal)', msg)})
    return p.returncode == 0, lines


def record(args, make_cases=None, make_module=None, what='mma.sync',
           script='mma_diff.py', prefix='mma'):
    """Runs ptxas on every case and writes them with its verdicts
    (ldmatrix_diff.py passes its own cases, modules and names)."""
    cs = (make_cases or cases)(args.seed, args.count)
    make_module = make_module or module

    def one(c):
        kind, target, version, line = c
        ok, lines = run_ptxas(args.ptxas, target, make_module(target, version, line))
        return kind, target, version, ok, lines, line
    with ThreadPoolExecutor(2) as ex:
        res = list(ex.map(one, cs))
    with open(args.out, 'w') as f:
        f.write(f'# {what} cases recorded from ptxas 13.0 by utils/ptxas-diff/'
                f'{script} record (seed {args.seed}, count {args.count}):\n'
                '# <id> <arch> <version> <accept|reject> <blamed lines> <instruction>\n')
        for n, (kind, target, version, ok, lines, line) in enumerate(res):
            blame = ','.join(map(str, lines)) or '-'
            f.write(f'{prefix}-{kind}-{n:05d} {target} {version} '
                    f'{"accept" if ok else "reject"} {blame} {line}\n')
    print(f'{len(res)} cases, {sum(1 for r in res if r[3])} accepted by ptxas')


def replay(args):
    cases = []
    for line in open(args.out):
        if line.startswith('#') or not line.strip():
            continue
        cid, arch, version, verdict, blame, instr = line.rstrip('\n').split(' ', 5)
        cases.append((cid, arch, version, verdict == 'accept',
                      set() if blame == '-' else {int(x) for x in blame.split(',')},
                      instr))
    tmp = tempfile.mkdtemp(prefix='mma-diff-')

    def one(c):
        cid, arch, version, accept, blame, instr = c
        path = os.path.join(tmp, cid + '.ptx')
        with open(path, 'w') as f:
            f.write(module(arch, version, instr))
        p = subprocess.run([args.lint, '--arch=' + arch, path],
                           capture_output=True, text=True, errors='replace')
        os.unlink(path)
        out = p.stdout + p.stderr
        got = {int(m) for m in re.findall(r':(\d+):\d+: (?:fatal )?error', out)}
        v = b = None
        if p.returncode not in (0, 1) or (p.returncode == 0) != accept:
            v = (f"{cid}: ptxas {'accepts' if accept else 'rejects'}, ptx-lint "
                 f"exit {p.returncode}: {instr} {out.strip()[:200]}")
        if not accept and blame and not (blame & got):
            b = f"{cid}: ptxas blames {sorted(blame)}, ptx-lint errors on {sorted(got)}"
        return v, b
    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        res = list(ex.map(one, cases))
    os.rmdir(tmp)
    vd = [v for v, _ in res if v]
    bd = [b for _, b in res if b]
    for m in vd[:args.show] + bd[:args.show]:
        print(m)
    nb = sum(1 for c in cases if not c[3] and c[4])
    va, ba = len(cases) - len(vd), nb - len(bd)
    print(f'verdicts: {va}/{len(cases)} agree ({100.0 * va / len(cases):.1f}%); '
          f'blame: {ba}/{nb} agree ({100.0 * ba / max(nb, 1):.1f}%)')
    ok = va * 100 >= args.min_agree * len(cases) and ba * 100 >= args.min_agree * nb
    return 0 if ok else 1


def parse_args(seed, count):
    """The command line of this script and of ldmatrix_diff.py."""
    ap = argparse.ArgumentParser()
    ap.add_argument('mode', choices=['record', 'replay'])
    ap.add_argument('out')
    ap.add_argument('--ptxas', default='/usr/local/cuda/bin/ptxas')
    ap.add_argument('--lint', default='ptx-lint')
    ap.add_argument('--seed', type=int, default=seed)
    ap.add_argument('--count', type=int, default=count)
    ap.add_argument("--min-agree", type=float, default=99.0)
    ap.add_argument("--show", type=int, default=40)
    return ap.parse_args()


def main():
    args = parse_args(14, 1200)
    return record(args) if args.mode == 'record' else replay(args)


if __name__ == '__main__':
    sys.exit(main())
