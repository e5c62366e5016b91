#!/usr/bin/env python3
"""The module-check cases of the ptxas differential campaign: symbols, state
spaces and their gates, missing parts, duplicate functions, per-kernel
resources and tuning directives (issue 17, section 1).

usage: module_cases.py --write CASES.txt [--ptxas PATH]
       module_cases.py --compare PTX_LINT [--ptxas PATH]

Every combination below is one module. --write runs ptxas on each and writes
its verdict and blamed lines in the format of test/Inputs/ptxas/cases.txt
(`### <id> <arch> <accept|reject> <lines>`, then the module), which
run_expectations.py checks ptx-lint against without ptxas
(test/Sema/ptxas-module-cases.test). Modules on which ptxas crashes are left
out. --compare runs ptxas and ptx-lint side by side and prints every
disagreement.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ARCH = 'sm_90'
HEAD = '.version 8.0\n.target sm_90\n.address_size 64\n'
SPACES = ['global', 'shared', 'shared::cta', 'local', 'const', 'param', '']


def space_cases():
    """Each memory instruction in each space against each kind of variable."""
    instrs = {
        'ld': 'ld{q}.u32 %r1, [{v}+4];',
        'st': 'st{q}.u32 [{v}], %r1;',
        'atom': 'atom{q}.add.u32 %r1, [{v}], 1;',
        'red': 'red{q}.add.u32 [{v}], 1;',
        'cvta': 'cvta{q}.u64 %rd1, {v};',
        'prefetch': 'prefetch{q}.L1 [{v}];',
        'ldu': 'ldu{q}.u32 %r1, [{v}];',
    }
    vars_ = {
        'global': ('.global .align 4 .b32 v[4];\n', ''),
        'shared': ('.shared .align 4 .b32 v[4];\n', ''),
        'const': ('.const .align 4 .b32 v[4];\n', ''),
        'local': ('', '\t.local .align 4 .b32 v[4];\n'),
        'kparam': ('', None),
        'reg': ('', '\t.reg .b64 v;\n'),
    }
    for ins, text in instrs.items():
        for sp in SPACES:
            if ins == 'cvta' and sp == '':
                continue
            q = '.' + sp if sp else ''
            for vk, (mod, body) in vars_.items():
                params = '(.param .u32 v)' if vk == 'kparam' else '()'
                src = (HEAD + mod + f'.visible .entry k{params}\n{{\n'
                       + '\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n' + (body or '')
                       + '\t' + text.format(q=q, v='v') + '\n\tret;\n}\n')
                yield f'space-{ins}-{sp.replace("::", "_") or "generic"}-{vk}', src


def symbol_cases():
    body = {
        'undef-label': '\tbra $L__BB0_9;\n',
        'label-into-block': '\tbra L2;\n\t{\nL2:\n\tret;\n\t}\n',
        'label-outer-from-block': 'L1:\n\t{\n\tbra L1;\n\t}\n',
        'label-twice': 'L1:\n\tbra L1;\nL1:\n',
        'label-nested-again': 'L1:\n\t{\nL1:\n\tbra L1;\n\t}\n',
        'label-after-var': '\t.reg .b32 L1;\nL1:\n',
        'var-after-label': 'L1:\n\t.reg .b32 L1;\n',
        'bra-register': '\tbra %r1;\n',
        'bra-function': '\tbra k;\n',
        'reg-twice': '\t.reg .b32 %q1;\n\t.reg .b32 %q1;\n',
        'reg-in-range': '\t.reg .b32 %r1;\n',
        'reg-in-range-zero': '\t.reg .b32 %r01;\n',
        'reg-after-range': '\t.reg .b32 %r4;\n',
        'range-twice': '\t.reg .b32 %r<8>;\n',
        'range-over-reg': '\t.reg .b32 %s2;\n\t.reg .b32 %s<4>;\n',
        'range-other-prefix': '\t.reg .b32 %rx<4>;\n',
        'shadow-in-block': '\t{\n\t.reg .b32 %r1;\n\t}\n',
        'range-in-block': '\t{\n\t.reg .b32 %r<4>;\n\t.reg .b32 %r2;\n\t}\n',
        'param-twice': '\t.reg .b64 p;\n',
        'unknown-var': '\tmov.u64 %rd1, nothere;\n',
        'var-from-block': '\t{\n\t.shared .b32 sx;\n\t}\n\tld.shared.u32 %r1, [sx];\n',
        'call-undeclared': '\tcall nothere;\n',
        'warp-sz': '\tmov.u32 %r1, WARP_SZ;\n',
        'module-local': None,
        'missing-ld-operand': '\tld.param.u64 %rd2;\n',
        'missing-st-operand': '\tst.global.u32 [%rd1];\n',
        'setp-no-cmp': '\tsetp.s32 %p1, %r1, %r2;\n',
        'setp-bool-no-cmp': '\tsetp.and.s32 %p1, %r1, %r2, %p2;\n',
        'set-no-cmp': '\tset.u32.s32 %r1, %r2, %r3;\n',
        'mul-wide-no-type': '\tmul.wide %rd1, %r1, %r2;\n',
        'add-no-type': '\tadd %r1, %r1, %r2;\n',
        'ld-no-type': '\tld.global %r1, [%rd1];\n',
        'cvt-no-type': '\tcvt.rn %f1, %r1;\n',
        'ld-into-pred': '\tld.global.f32 %p1, [%rd1];\n',
        'st-input-param': '\tst.param.u64 [p], %rd1;\n',
        'ld-policy-no-hint': '\tld.global.u32 %r1, [%rd1], %rd2;\n',
        'st-policy-no-hint': '\tst.global.u32 [%rd1], %r1, %rd2;\n',
        'ld-hint-no-policy': '\tld.global.L2::cache_hint.u32 %r1, [%rd1];\n',
        'ld-hint-policy': '\tld.global.L2::cache_hint.u32 %r1, [%rd1], %rd2;\n',
        'mov-label': 'L1:\n\tmov.u64 %rd1, L1;\n',
    }
    for name, b in body.items():
        mod = ''
        if b is None:
            mod, b = '.local .b32 ml;\n', ''
        yield f'symbols-{name}', (
            HEAD + mod + '.visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n'
            '\t.reg .b64 %rd<4>;\n\t.reg .f32 %f<2>;\n\t.reg .pred %p<3>;\n' + b + '\tret;\n}\n')


def resource_cases():
    for n in (49152, 49153, 60000, 4295016449, 2147483648):
        yield f'resources-shared-{n}', (
            HEAD + f'.shared .align 4 .b8 s[{n}];\n.visible .entry k()\n{{\n'
            '\tst.shared.u8 [s], 1;\n\tret;\n}\n')
    yield 'resources-shared-unused', (
        HEAD + '.shared .b8 s[60000];\n.visible .entry k()\n{\n\tret;\n}\n')
    for v, n in (('8.0', 4352), ('8.0', 4353), ('8.1', 4353), ('8.1', 32764), ('8.1', 32765)):
        yield f'resources-params-{v}-{n}', (
            HEAD.replace('8.0', v) + f'.visible .entry k(.param .align 4 .b8 p[{n}])\n{{\n'
            '\tret;\n}\n')


def function_cases():
    fn = '.func f()\n{\n\tret;\n}\n'
    entry = '.visible .entry k()\n{\n\tret;\n}\n'
    yield 'functions-func-twice', HEAD + fn + fn
    yield 'functions-entry-twice', HEAD + entry + entry
    yield 'functions-var-then-func', HEAD + '.global .b32 f;\n' + fn
    yield 'functions-func-then-var', HEAD + fn + '.global .b32 f;\n'
    yield 'functions-prototype-then-def', HEAD + '.func f();\n' + fn


def gate_cases():
    """The sub-spaces' version and target gates."""
    for w in ('shared::cta', 'shared::cluster', 'param::entry', 'param::func'):
        ins = (f'ld.{w}.u32 %r1, [%rd1];' if w.startswith('shared')
               else f'ld.{w}.u64 %rd1, [p];')
        for v in ('7.7', '7.8', '8.2', '8.3'):
            for t in ('sm_80', 'sm_90'):
                yield f'gates-{w.replace("::", "_")}-{v}-{t}', (
                    f'.version {v}\n.target {t}\n.address_size 64\n'
                    '.visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<2>;\n'
                    f'\t.reg .b64 %rd<2>;\n\t{ins}\n\tret;\n}}\n')


def directive_cases():
    for d in ('.maxnreg 0', '.maxnreg 32', '.maxnreg 256', '.maxnreg 4294967296',
              '.maxntid 0', '.maxntid 32, 0', '.maxntid 1025, 1, 1', '.reqntid 0',
              '.reqntid 64, 2', '.minnctapersm 0', '.minnctapersm 2',
              '.maxnctapersm 4'):
        name = d[1:].replace(' ', '').replace(',', '-')
        yield f'directives-{name}', HEAD + f'.visible .entry k() {d}\n{{\n\tret;\n}}\n'


def all_cases():
    yield from directive_cases()
    yield from space_cases()
    yield from gate_cases()
    yield from function_cases()
    yield from symbol_cases()
    yield from resource_cases()


def run_ptxas(ptxas, tmp, cid, src):
    path = os.path.join(tmp, cid + '.ptx')
    with open(path, 'w') as f:
        f.write(src)
    p = subprocess.run([ptxas, '-arch=' + ARCH, path, '-o', os.devnull],
                       capture_output=True, text=True, errors='replace')
    if p.returncode not in (0, 255):
        return None  # ptxas crashed
    lines = sorted({int(m.group(1)) for m in re.finditer(r', line (\d+); (?:error|fatal)', p.stderr)})
    return p.returncode == 0, lines, path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--write')
    ap.add_argument('--compare')
    ap.add_argument('--ptxas', default='/usr/local/cuda/bin/ptxas')
    args = ap.parse_args()
    cases = list(all_cases())
    tmp = tempfile.mkdtemp(prefix='module-cases-')
    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        res = list(ex.map(lambda c: run_ptxas(args.ptxas, tmp, *c), cases))
    if args.write:
        with open(args.write, 'w') as f:
            f.write('# Module-check cases (utils/ptxas-diff/module_cases.py), with the\n'
                    '# verdicts and blamed lines of ptxas 13.0 -arch=' + ARCH + '.\n')
            for (cid, src), r in zip(cases, res):
                if r is None:
                    continue
                ok, lines, _ = r
                blame = ','.join(map(str, lines)) if lines else '-'
                f.write(f'### {cid} {ARCH} {"accept" if ok else "reject"} {blame}\n{src}')
    diffs = 0
    ran = sum(1 for r in res if r is not None)
    if args.compare:
        for (cid, src), r in zip(cases, res):
            if r is None:
                continue
            ok, lines, path = r
            p = subprocess.run([args.compare, '--arch=' + ARCH, path], capture_output=True, text=True)
            if (p.returncode == 0) != ok:
                diffs += 1
                print(f'{cid}: ptxas {"accepts" if ok else "rejects"}, ptx-lint exit {p.returncode}')
        print(f'module-cases: {ran - diffs}/{ran} agree')
    for name in os.listdir(tmp):
        os.unlink(os.path.join(tmp, name))
    os.rmdir(tmp)
    return 1 if diffs else 0


if __name__ == '__main__':
    sys.exit(main())
