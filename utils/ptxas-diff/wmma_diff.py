#!/usr/bin/env python3
"""The ptxas differential of wmma: valid forms and their one-qualifier and
one-operand changes, recorded with ptxas's verdicts.

usage: wmma_diff.py record OUT.txt [--ptxas PATH] [--seed S] [--count N]
       wmma_diff.py replay CASES.txt --lint PTX_LINT [--min-agree PCT]

The record/replay format and the agreement measure are mma_diff.py's (one
module per case, the instruction on its line 18; a verdict agrees when
ptx-lint exits 1 exactly when ptxas rejected, a blame when ptx-lint reports
an error on a line ptxas blamed).

The forms are written out here from the PTX ISA 9.0 syntax blocks of
9.7.14.4 "wmma.load", "wmma.store" and "wmma.mma" and its "Matrix fragments
for WMMA" (the registers of each fragment), independently of
lib/ISA/td/Forms/Wmma.td: every form (each shape, type, matrix and layout,
the state spaces in turn) at its target, at older targets and PTX versions
(the gates), and every change of one qualifier (dropped, duplicated,
swapped with its neighbour, replaced by another wmma word or an unknown
one, one inserted) and of one operand (a scalar for a brace list, one
register more or fewer, registers of another type in the list or in one
element, a constant, '_', other address forms, other strides, an operand
more or fewer).
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mma_diff  # noqa: E402  (record(), replay())

SS = ['', '.global', '.shared', '.shared::cta']
# The shapes of the .f16/.s8/.u8/.bf16 forms.
SHAPES = ['m16n16k16', 'm8n32k16', 'm32n8k16']
# Registers of A and B per shape: .s8/.u8 and .bf16 (.f16: 8 and 8).
I8 = {'m16n16k16': (2, 2), 'm8n32k16': (1, 4), 'm32n8k16': (4, 1)}
BF16 = {'m16n16k16': (4, 4), 'm8n32k16': (2, 8), 'm32n8k16': (8, 2)}
# The register prefix of a fragment's type (mma_diff.DECL declares them).
PREFIX = {'f16': '%r', 'f32': '%f', 's32': '%r', 'int': '%r', 'f64': '%fd'}
OTHER_REGS = ['%r', '%u', '%s', '%f', '%x', '%h', '%rd', '%fd', '%p', '%ud', '%sd']


def forms():
    """(qualifiers, kind, [(count, reg type) per brace list], target) of
    every form; kind is 'load', 'store' or 'mma'."""
    F = []
    ldst = []  # (matrix, layouts, shape, type, count, reg type, target)

    def acc(t):
        return (4, 'f16') if t == 'f16' else (8, t)
    for shape in SHAPES:
        for m in ['a', 'b']:
            ldst.append((m, ['row', 'col'], shape, 'f16', 8, 'f16', 'sm_75'))
            i = 0 if m == 'a' else 1
            for t in ['s8', 'u8']:
                ldst.append((m, ['row', 'col'], shape, t, I8[shape][i], 'int', 'sm_75'))
            ldst.append((m, ['row', 'col'], shape, 'bf16', BF16[shape][i], 'int', 'sm_80'))
        for t in ['f16', 'f32', 's32']:
            n, r = acc(t)
            ldst.append(('c', ['row', 'col'], shape, t, n, r, 'sm_75'))
            ldst.append(('d', ['row', 'col'], shape, t, n, r, 'sm_75'))
    for m in ['a', 'b']:
        ldst.append((m, ['row', 'col'], 'm16n16k8', 'tf32', 4, 'int', 'sm_80'))
        ldst.append((m, ['row', 'col'], 'm8n8k4', 'f64', 1, 'f64', 'sm_80'))
    for m in ['c', 'd']:
        ldst.append((m, ['row', 'col'], 'm16n16k8', 'f32', 8, 'f32', 'sm_80'))
        ldst.append((m, ['row', 'col'], 'm8n8k4', 'f64', 2, 'f64', 'sm_80'))
        ldst.append((m, ['row', 'col'], 'm8n8k32', 's32', 2, 's32', 'sm_75'))
        ldst.append((m, ['row', 'col'], 'm8n8k128', 's32', 2, 's32', 'sm_75'))
    for t, shape in [('s4', 'm8n8k32'), ('u4', 'm8n8k32'), ('b1', 'm8n8k128')]:
        ldst.append(('a', ['row'], shape, t, 1, 'int', 'sm_75'))
        ldst.append(('b', ['col'], shape, t, 1, 'int', 'sm_75'))
    k = 0
    for m, layouts, shape, t, n, r, target in ldst:
        for lay in layouts:
            ss = SS[k % len(SS)]
            k += 1
            op = 'store.d' if m == 'd' else 'load.' + m
            F.append((f'wmma.{op}.sync.aligned.{lay}.{shape}{ss}.{t}',
                      'store' if m == 'd' else 'load', [(n, r)], target))
    LAYOUTS = [(a, b) for a in ['row', 'col'] for b in ['row', 'col']]

    def mma(words, lists, target, layouts=LAYOUTS):
        for a, b in layouts:
            F.append((words.replace('LAYOUT', f'{a}.{b}'), 'mma', lists, target))
    for shape in SHAPES:
        for d in ['f16', 'f32']:
            for c in ['f16', 'f32']:
                mma(f'wmma.mma.sync.aligned.LAYOUT.{shape}.{d}.{c}',
                    [acc(d), (8, 'f16'), (8, 'f16'), acc(c)], 'sm_75')
        na, nb = I8[shape]
        # A and B of one type (ptxas 13.0 refuses .s8.u8; the one-qualifier
        # changes try it).
        for t in ['s8', 'u8']:
            for sat in ['', '.satfinite']:
                mma(f'wmma.mma.sync.aligned.LAYOUT.{shape}.s32.{t}.{t}.s32{sat}',
                    [(8, 's32'), (na, 'int'), (nb, 'int'), (8, 's32')], 'sm_75')
        na, nb = BF16[shape]
        mma(f'wmma.mma.sync.aligned.LAYOUT.{shape}.f32.bf16.bf16.f32',
            [(8, 'f32'), (na, 'int'), (nb, 'int'), (8, 'f32')], 'sm_80')
    mma('wmma.mma.sync.aligned.LAYOUT.m16n16k8.f32.tf32.tf32.f32',
        [(8, 'f32'), (4, 'int'), (4, 'int'), (8, 'f32')], 'sm_80')
    for rnd in ['', '.rn', '.rz', '.rm', '.rp']:
        mma(f'wmma.mma.sync.aligned.LAYOUT.m8n8k4{rnd}.f64.f64.f64.f64',
            [(2, 'f64'), (1, 'f64'), (1, 'f64'), (2, 'f64')], 'sm_80')
    for t in ['s4', 'u4']:
        for sat in ['', '.satfinite']:
            mma(f'wmma.mma.sync.aligned.LAYOUT.m8n8k32.s32.{t}.{t}.s32{sat}',
                [(2, 's32'), (1, 'int'), (1, 'int'), (2, 's32')], 'sm_75',
                [('row', 'col')])
    mma('wmma.mma.xor.popc.sync.aligned.LAYOUT.m8n8k128.s32.b1.b1.s32',
        [(2, 's32'), (1, 'int'), (1, 'int'), (2, 's32')], 'sm_75', [('row', 'col')])
    mma('wmma.mma.and.popc.sync.aligned.LAYOUT.m8n8k128.s32.b1.b1.s32',
        [(2, 's32'), (1, 'int'), (1, 'int'), (2, 's32')], 'sm_80', [('row', 'col')])
    return F


POOL_EXTRA = ['m16n8k16', 'm8n8', 'm16n16', 'ftz', 'sat', 'rn', 'shared::cluster',
              'local', 'param', 'const', 'v4', 'v8', 'xor', 'and', 'popc', 'trans',
              'a', 'b', 'c', 'd', 'load', 'store', 'mma', 'x4', 'ROW', 'foo', 'f16x2',
              'b32', 'e4m3', 'relu']

DECL = mma_diff.DECL + '\t.shared .align 16 .b8 sm[4096]; .local .align 16 .b8 lv[256];\n'


def module(target, version, line):
    # The instruction stays on line 18 (mma_diff.LINE): the extra
    # declarations replace the blank line after .address_size.
    return (f'.version {version}\n.target {target}\n.address_size 64\n'
            '.visible .entry k()\n{\n' + DECL + f'\t{line}\n\tret;\n}}\n')


def brace(n, p, base=0):
    return '{' + ', '.join(f'{p}{base + j}' for j in range(n)) + '}'


def operands(kind, lists, prefixes=None, addr='[%rd1]', stride='%r40'):
    """The operand texts of a form: brace lists (operand i with prefix
    prefixes[i] instead of its own), then the address and stride."""
    texts, k = [], 0
    for i, (n, r) in enumerate(lists):
        texts.append(brace(n, (prefixes or {}).get(i, PREFIX[r]), k))
        k += n
    if kind == 'load':
        return [texts[0], addr] + ([stride] if stride else [])
    if kind == 'store':
        return [addr, texts[0]] + ([stride] if stride else [])
    return texts


def cases(seed, count):
    rnd = random.Random(seed)
    F = forms()
    out = []

    def case(kind, q, ops, t, version='9.0'):
        out.append((kind, t, version, q + ' ' + ', '.join(ops) + ';'))
    for q, kind, lists, t in F:
        case('valid', q, operands(kind, lists), t)
        if kind != 'mma':
            case('valid', q, operands(kind, lists, stride=''), t)
        for t2 in ['sm_75', 'sm_80']:
            if t2 < t:
                case('gate', q, operands(kind, lists), t2)
        for v in rnd.sample(['6.0', '6.1', '6.3', '6.4', '6.5', '7.0', '7.1', '7.8'], 2):
            case('gate', q, operands(kind, lists), t, v)
    pool = set(POOL_EXTRA)
    for q, _, _, _ in F:
        pool.update(q.split('.')[1:])
    pool = sorted(pool)
    quals = []
    for q, kind, lists, t in F:
        words = q.split('.')[1:]
        for i in range(len(words)):
            quals.append(('drop', words[:i] + words[i + 1:], kind, lists, t))
            quals.append(('dup', words[:i + 1] + words[i:], kind, lists, t))
            if i + 1 < len(words):
                quals.append(('swap', words[:i] + [words[i + 1], words[i]] + words[i + 2:],
                              kind, lists, t))
            for w in pool:
                if w != words[i]:
                    quals.append(('replace', words[:i] + [w] + words[i + 1:], kind, lists, t))
            for w in ['row', 'col', 'satfinite', 'shared', 'global', 'rn', 'f32', 'sync',
                      'v2', 'v4', 'v8']:
                quals.append(('insert', words[:i] + [w] + words[i:], kind, lists, t))
    for k, words, kind, lists, t in rnd.sample(quals, min(count, len(quals))):
        case('qual-' + k, 'wmma.' + '.'.join(words), operands(kind, lists), t)
    opch = []
    for q, kind, lists, t in F:
        base = operands(kind, lists)
        # The position of brace list i among the operands.
        pos = [0] if kind == 'load' else [1] if kind == 'store' else [0, 1, 2, 3]
        for i, (n, r) in enumerate(lists):
            p = pos[i]
            regs = base[p][1:-1].split(', ')

            def with_op(text):
                return base[:p] + [text] + base[p + 1:]
            opch.append(('scalar', q, with_op(regs[0]), t))
            for m in [n - 1, n + 1, 2 * n]:
                if m > 0:
                    more = regs + [f'{PREFIX[r]}{60 - j}' for j in range(m - n)]
                    opch.append(('size', q, with_op('{' + ', '.join(more[:m]) + '}'), t))
            for pr in OTHER_REGS:
                opch.append(('regs', q, with_op(brace(n, pr, 8 * i)), t))
                opch.append(('mixed', q, with_op('{' + ', '.join(regs[:-1] + [pr + '50']) + '}'), t))
            dest = kind == 'load' or (kind == 'mma' and i == 0)
            last = '1' if dest else '_'
            opch.append(('elem', q, with_op('{' + ', '.join(regs[:-1] + [last]) + '}'), t))
            opch.append(('elem', q, with_op('{' + ', '.join(regs[:-1] + ['_' if dest else '1']) + '}'), t))
        if kind == 'mma':
            opch.append(('count', q, base[:3], t))
            opch.append(('count', q, base + [base[3]], t))
            continue
        for a in ['%rd1', '[%r1]', '[%rd1+16]', '[sm]', '[sm+32]', '[lv]', '[%u1]',
                  '[%f1]', '[%h1]', '[16]', 'sm', '{%rd1}', '[%ud1]', '[%sd1]', '[sm+4]']:
            opch.append(('address', q, operands(kind, lists, addr=a), t))
        for s in ['%u1', '%s1', '%f1', '%rd9', '%h9', '%p1', '%x1', '16', '-1', '1.0',
                  '%tid.x', '%laneid', 'sm', '_', '[%rd2]', '{%r1}', '0x10']:
            opch.append(('stride', q, operands(kind, lists, stride=s), t))
        opch.append(('count', q, base + ['%r41'], t))
        opch.append(('count', q, base[:1], t))
    for k, q, ops, t in rnd.sample(opch, min(count * 2 // 3, len(opch))):
        case('operand-' + k, q, ops, t)
    return out


def record(args):
    mma_diff.record(args, cases, module, 'wmma', 'wmma_diff.py', 'wmma')


def main():
    args = mma_diff.parse_args(9, 1500)
    if args.mode == 'record':
        return record(args)
    mma_diff.module = module  # replay writes this file's modules
    return mma_diff.replay(args)


if __name__ == '__main__':
    sys.exit(main())
