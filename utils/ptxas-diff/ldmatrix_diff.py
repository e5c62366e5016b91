#!/usr/bin/env python3
"""The ptxas differential of ldmatrix and stmatrix: valid forms and their
one-qualifier and one-operand changes, recorded with ptxas's verdicts.

usage: ldmatrix_diff.py record OUT.txt [--ptxas PATH] [--seed S] [--count N]
       ldmatrix_diff.py replay CASES.txt --lint PTX_LINT [--min-agree PCT]

The record/replay format and the agreement measure are mma_diff.py's (one
module per case, the instruction on its line 18; a verdict agrees when
ptx-lint exits 1 exactly when ptxas rejected, a blame when ptx-lint reports
an error on a line ptxas blamed).

The forms are written out here from the PTX ISA 9.0 syntax blocks of
9.7.14.5.15 "ldmatrix" and 9.7.14.5.16 "stmatrix", independently of
lib/ISA/td/Forms/LdStMatrix.td: every form at its target, at older targets
and PTX versions (the gates), and every change of one qualifier (dropped,
duplicated, swapped with its neighbour, replaced by another ldmatrix/stmatrix
word or an unknown one, one inserted) and of one operand (a scalar for the
brace list, one register more or fewer, registers of another type, a
constant, '_', the address as a register or a variable, another address
form, an operand more or fewer).
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mma_diff  # noqa: E402  (record(), replay())

SS = ['', '.shared', '.shared::cta']
NEW = 'sm_100a'  # the .m16n16/.m8n16/.m16n8 forms' family (sm_100a, sm_120a...)


def forms():
    """(qualifiers, register count, target, is-store) of every form."""
    F = []
    for num, n in [('x1', 1), ('x2', 2), ('x4', 4)]:
        for tr in ['', '.trans']:
            for ss in SS:
                F.append((f'ldmatrix.sync.aligned.m8n8.{num}{tr}{ss}.b16', n, 'sm_80', False))
                F.append((f'stmatrix.sync.aligned.m8n8.{num}{tr}{ss}.b16', n, 'sm_90', True))
        for ss in SS:
            F.append((f'stmatrix.sync.aligned.m16n8.{num}.trans{ss}.b8', n, NEW, True))
            for src in ['b6x16_p32', 'b4x16_p64']:
                F.append((f'ldmatrix.sync.aligned.m8n16.{num}{ss}.b8x16.{src}', n, NEW, False))
    for num, n in [('x1', 2), ('x2', 4)]:
        for ss in SS:
            F.append((f'ldmatrix.sync.aligned.m16n16.{num}.trans{ss}.b8', n, NEW, False))
            for src in ['b6x16_p32', 'b4x16_p64']:
                F.append((f'ldmatrix.sync.aligned.m16n16.{num}.trans{ss}.b8x16.{src}', n, NEW, False))
    return F


POOL = ['m8n8', 'm16n16', 'm8n16', 'm16n8', 'm16n8k16', 'x1', 'x2', 'x4', 'x8',
        'x16', 'trans', 'shared', 'shared::cta', 'shared::cluster', 'global',
        'local', 'b16', 'b8', 'b32', 'f16', 'u16', 'b8x16', 'b6x16_p32',
        'b4x16_p64', 'sync', 'aligned', 'num', 'row', 'v4', 'foo']

DECL = mma_diff.DECL + '\t.shared .align 16 .b8 sm[1024];\n'


def module(target, version, line):
    # The instruction stays on line 18 (mma_diff.LINE): the extra .shared
    # declaration replaces the blank line after .address_size.
    return (f'.version {version}\n.target {target}\n.address_size 64\n'
            '.visible .entry k()\n{\n' + DECL + f'\t{line}\n\tret;\n}}\n')


def regs(n, p='%r', base=0):
    return '{' + ', '.join(f'{p}{base + j}' for j in range(n)) + '}'


def text(q, data, addr, store):
    ops = [addr, data] if store else [data, addr]
    return q + ' ' + ', '.join(ops) + ';'


def cases(seed, count):
    rnd = random.Random(seed)
    F = forms()
    out = []

    def case(kind, q, data, addr, t, store, version='9.0'):
        out.append((kind, t, version, text(q, data, addr, store)))
    for q, n, t, st in F:
        case('valid', q, regs(n), '[%rd1]', t, st)
        for t2 in ['sm_75', 'sm_80', 'sm_89', 'sm_90', 'sm_100', 'sm_120', 'sm_120a']:
            if t2 != t:
                case('gate', q, regs(n), '[%rd1]', t2, st)
        for v in ['6.4', '6.5', '7.7', '7.8', '8.5', '8.6']:
            case('gate', q, regs(n), '[%rd1]', t, st, v)
    quals = []
    for q, n, t, st in F:
        words = q.split('.')
        op, words = words[0], words[1:]
        for i in range(len(words)):
            quals.append((op, words[:i] + words[i + 1:], n, t, st))
            quals.append((op, words[:i + 1] + words[i:], n, t, st))
            if i + 1 < len(words):
                quals.append((op, words[:i] + [words[i + 1], words[i]] + words[i + 2:], n, t, st))
            for w in POOL:
                if w != words[i]:
                    quals.append((op, words[:i] + [w] + words[i + 1:], n, t, st))
            for w in ['trans', 'shared', 'x2', 'b16', 'b8', 'sync']:
                quals.append((op, words[:i] + [w] + words[i:], n, t, st))
    for op, words, n, t, st in rnd.sample(quals, min(count, len(quals))):
        case('qual', op + '.' + '.'.join(words), regs(n), '[%rd1]', t, st)
    opch = []
    for q, n, t, st in F:
        R = regs(n)
        opch.append((q, '%r0', '[%rd1]', t, st))
        for m in [n - 1, n + 1, 2 * n]:
            if m > 0:
                opch.append((q, regs(m), '[%rd1]', t, st))
        for p in ['%u', '%s', '%f', '%x', '%h', '%rd', '%fd', '%p', '%ud']:
            opch.append((q, regs(n, p), '[%rd1]', t, st))
            opch.append((q, '{' + ', '.join([f'%r{j}' for j in range(n - 1)] + [p + '50']) + '}',
                         '[%rd1]', t, st))
        for last in ['1', '_']:
            opch.append((q, '{' + ', '.join([f'%r{j}' for j in range(n - 1)] + [last]) + '}',
                         '[%rd1]', t, st))
        for a in ['%rd1', '[%r1]', '[%rd1+16]', '[%rd1+8]', '[sm]', '[sm+32]', '[%u1]',
                  '[%f1]', '[%h1]', '[16]', 'sm', '[%rd1], %r5', '{%rd1}']:
            opch.append((q, R, a, t, st))
    for q, data, addr, t, st in rnd.sample(opch, min(count * 2 // 3, len(opch))):
        case('operand', q, data, addr, t, st)
    return out


def record(args):
    mma_diff.record(args, cases, module, 'ldmatrix/stmatrix', 'ldmatrix_diff.py', 'ldst')


def main():
    args = mma_diff.parse_args(10, 1500)
    if args.mode == 'record':
        return record(args)
    mma_diff.module = module  # replay writes this file's modules
    return mma_diff.replay(args)


if __name__ == '__main__':
    sys.exit(main())
