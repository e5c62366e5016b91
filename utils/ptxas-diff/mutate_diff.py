#!/usr/bin/env python3
"""Mutation testing against ptxas: random edits of the checked-in cases.

usage: mutate_diff.py PTX_LINT CASES.txt [--ptxas PATH] [--count N] [--seed S]
                      [--max-edits K] [--min-agree PCT] [--min-blame PCT]
                      [--keep DIR] [--show N]

Each mutant applies 1..K edits (--max-edits, default 1) to a public case, the
way the held-back generator families vary them (cases.jsonl `family` and
`varied`): the .version (also exotic spellings), the .target (every sm_XY,
a/f suffixes, loose spellings), .address_size, one operand (registers of
other classes, every immediate form, special registers, the sink, `!`,
undeclared names, `d|p` pairs, vectors), the operand count, qualifiers
(inserted, duplicated, dropped, permuted, upper-cased, replaced by another
type, unknown), the opcode's case, a guard, the declared type of a
register, or the instruction duplicated on another line. ptxas (skipped when
absent) and ptx-lint run with the same -arch; the verdicts are compared, and
for mutants both reject, whether ptx-lint reports an error on a line ptxas
blames (`file, line N; error`). --keep writes every disagreeing mutant with
ptxas's messages to DIR.
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

# `ptxas --list-version` plus spellings the "target" family uses.
VERSIONS = ['1.4', '2.0', '3.0', '4.0', '4.3', '5.0', '5.1', '6.0', '6.1', '6.2', '6.3', '6.4',
            '6.5', '7.0', '7.1', '7.2', '7.3', '7.4', '7.5', '7.6', '7.7', '7.8', '8.0', '8.1',
            '8.2', '8.3', '8.4', '8.5', '8.6', '8.7', '8.8', '9.0']
ODD_VERSIONS = ['9.1', '10.0', '7.9', '6.10', '06.0', '5.10', '8.9']
TARGETS = ['sm_20', 'sm_30', 'sm_35', 'sm_50', 'sm_52', 'sm_53', 'sm_60', 'sm_61', 'sm_62',
           'sm_70', 'sm_72', 'sm_75', 'sm_80', 'sm_86', 'sm_87', 'sm_88', 'sm_89', 'sm_90',
           'sm_90a', 'sm_100', 'sm_100a', 'sm_100f', 'sm_101', 'sm_101a', 'sm_101f', 'sm_103',
           'sm_103a', 'sm_103f', 'sm_110', 'sm_110a', 'sm_110f', 'sm_120', 'sm_120a',
           'sm_120f', 'sm_121', 'sm_121a', 'sm_121f']
ODD_TARGETS = ['sm_10', 'sm_12', 'sm_13', 'sm_50a', 'sm_70a', 'sm_80a', 'sm_80f', 'sm_86a',
               'sm_90f', 'sm_100b', 'sm_90A', 'sm_122', 'compute_90', 'compute_80', 'sm_75a']
REG_OPERANDS = ['%r0', '%r1', '%r3', '%rd1', '%p1', '%f1', '%hx1', '%r01', '%r001']
IMMEDIATES = ['0', '1', '-1', '31', '32', '40', '0x1f', '0x20', '0x1fff', '0x2000',
              '0xffffffff', '0x100000000', '0xffffffffffffffff', '0x1ffffffffffffffff',
              '18446744073709551616', '99999999999999999999999', '077', '0b101', '1U',
              '(1<<5)', '0x1_0000_0000', '0f3F800000', '0d3FF0000000000000', '1.0', '!1',
              '-0x1', '~0', '1+2', '0F3F800000', '0D3FF0000000000000']
SPECIAL = ['%laneid', '%tid.x', '%lanemask_eq', '%lanemask_lt', '%lanemask_le',
           '%lanemask_ge', '%lanemask_gt', '%warpid', '%clock', '%clock64', '%smid',
           '%ctaid.y', '%ntid.x', '%nwarpid', '%laneid.x', '%lanemask']
OTHER_OPERANDS = ['_', '!%p1', '!%r1', '!_', '%r9', '%r7', '%q1', '%p7', '%rd7', 'r1',
                  '%r0|%p0', '%r0|_', '_|%p0', '%r0|%r1', '{%r0, %r1}', '%r0|%p0|%p1',
                  '!%laneid', '%r4', '%p4']
QUALS = ['sync', 'abs', 'NaN', 'nan', 'all', 'any', 'uni', 'ballot', 'up', 'down', 'bfly', 'idx',
         'b32', 'b64', 'u32', 's32', 'f32', 'pred', 'b16', 'f16', 'u64', 'aligned', 'cta',
         'warp', 'add', 'min', 'max', 'and', 'or', 'xor', 'rot', 'left', 'none', 'all2',
         'ftz', 'eq', 'shared', 'relaxed', 'ABS', 'NAN', 'SYNC']
REG_TYPES = ['b8', 'u8', 's8', 'b16', 'u16', 's16', 'f16', 'f16x2', 'bf16', 'bf16x2', 'b32',
             'u32', 's32', 'f32', 'b64', 'u64', 's64', 'f64', 'pred']
GUARDS = ['@%p1', '@!%p1', '@ %p1', '@! %p1', '@%r1', '@%p9', '@!!%p1', '@1', '@_',
          '@%laneid', '@!%r1', '@%rd1']
MOV_TYPES = ['u32', 's32', 'b32', 'f32', 'b64', 'u64', 'u16', 'b16', 'pred', 'f16x2', 'u8']


def split_ops(rest):
    """Operands of `rest` (without the `;`), split at commas outside braces."""
    ops, depth, cur = [], 0, ''
    for ch in rest:
        if ch in '{(':
            depth += 1
        elif ch in '})':
            depth -= 1
        if ch == ',' and depth == 0:
            ops.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        ops.append(cur.strip())
    return ops


def parse(line):
    """(guard, mnemonic, operands) of an instruction line."""
    s = line.strip().rstrip(';').strip()
    guard = ''
    m = re.match(r'(@!?\s*\S+)\s+(.*)$', s)
    if s.startswith('@') and m:
        guard, s = m.group(1), m.group(2)
    head, _, rest = s.partition(' ')
    return guard, head, split_ops(rest)


def unparse(guard, head, ops):
    text = head + (' ' + ', '.join(ops) if ops else '')
    return '\t' + (guard + ' ' if guard else '') + text + ';'


def edit_operand(rng, ops):
    if not ops:
        return ops
    j = rng.randrange(len(ops))
    pool = rng.choice([REG_OPERANDS, IMMEDIATES, SPECIAL, OTHER_OPERANDS])
    new = rng.choice(pool)
    # Keep the `|p` half of a destination a third of the time.
    if '|' in ops[j] and '|' not in new and rng.random() < 0.33:
        new = new + '|' + ops[j].split('|', 1)[1]
    ops = list(ops)
    ops[j] = new
    return ops


def edit_count(rng, ops):
    ops = list(ops)
    how = rng.randrange(7)
    if how == 0 and ops:
        del ops[0]
    elif how == 1 and len(ops) > 2:
        del ops[len(ops) // 2]
    elif how == 2 and ops:
        del ops[-1]
    elif how == 3:
        ops.append(rng.choice(['%r1', '%p2', '0xffffffff', '1', '%rd1']))
    elif how == 4 and ops:
        ops[0] = ops[0].split('|')[0] + '|%p2'
    elif how == 5 and ops:
        ops[0] = ops[0].split('|')[0]
    elif ops:
        ops[0] = ops[0] + '|%p1|%p2'
    return ops


def edit_quals(rng, head):
    parts = head.split('.')
    opcode, quals = parts[0], parts[1:]
    what = rng.randrange(9)
    if what == 0 and quals:
        j = rng.randrange(len(quals))
        quals.insert(j, quals[j])
    elif what == 1 and quals:
        del quals[rng.randrange(len(quals))]
    elif what == 2:
        quals.insert(rng.randrange(len(quals) + 1), rng.choice(QUALS))
    elif what == 3 and quals:
        j = rng.randrange(len(quals))
        quals[j] = quals[j].upper()
    elif what == 4:
        rng.shuffle(quals)
    elif what == 5:
        opcode = rng.choice([opcode.upper(), opcode.capitalize()])
    elif what == 6:
        types = [i for i, q in enumerate(quals) if q in REG_TYPES]
        if types:
            quals[rng.choice(types)] = rng.choice(REG_TYPES)
    elif what == 7 and quals:
        quals[rng.randrange(len(quals))] = rng.choice(QUALS)
    elif quals:
        # Conflict: another value of the same kind next to it.
        j = rng.randrange(len(quals))
        quals.insert(j + 1, rng.choice(QUALS[:28]))
    return '.'.join([opcode] + quals)


def edit_regtype(rng, lines, i):
    """Declares a fresh register of a random type and uses it in one slot."""
    g, head, ops = parse(lines[i])
    regs = [(j, m) for j, o in enumerate(ops) for m in re.finditer(r'%[a-z]+\d+', o)
            if not any(o[m.start():].startswith(s) for s in SPECIAL)]
    if not regs:
        return False
    j, m = rng.choice(regs)
    ty = rng.choice(REG_TYPES)
    ops = list(ops)
    ops[j] = ops[j][:m.start()] + '%x1' + ops[j][m.end():]
    lines[i] = unparse(g, head, ops)
    lines.insert(i, f'\t.reg .{ty} %x<2>;')
    return True


def edit_sreg_mov(rng, lines, i):
    """A `mov` reading a special register, as in the "sreg" family."""
    ty = rng.choice(MOV_TYPES)
    dty = rng.choice(REG_TYPES)
    src = rng.choice(SPECIAL[:7] + SPECIAL[7:])
    lines.insert(i, f'\t.reg .{dty} %y<2>;')
    lines.insert(i + 1, f'\tmov.{ty} %y1, {src};')
    return True


def mutate(rng, text, edits):
    lines = text.split('\n')
    for _ in range(edits):
        body = [i for i, l in enumerate(lines)
                if l.startswith('\t') and not l.strip().startswith('.reg') and l.strip() != 'ret;']
        if not body:
            return None
        i = rng.choice(body)
        g, head, ops = parse(lines[i])
        kind = rng.randrange(12)
        if kind == 0:
            lines[0] = '.version ' + rng.choice(VERSIONS if rng.random() < 0.9 else ODD_VERSIONS)
        elif kind == 1:
            lines[1] = '.target ' + rng.choice(TARGETS if rng.random() < 0.9 else ODD_TARGETS)
        elif kind == 2:
            lines[i] = unparse(g, head, edit_operand(rng, ops))
        elif kind == 3:
            lines[i] = unparse(g, head, edit_count(rng, ops))
        elif kind == 4:
            lines[i] = unparse(g, edit_quals(rng, head), ops)
        elif kind == 5:
            lines[i] = unparse(rng.choice(GUARDS), head, ops)
        elif kind == 6:
            edit_regtype(rng, lines, i)
        elif kind == 7 and ops:
            j = rng.randrange(len(ops))
            ops = list(ops)
            ops[j] = '!' + ops[j] if not ops[j].startswith('!') else ops[j][1:]
            lines[i] = unparse(g, head, ops)
        elif kind == 8:
            lines[2] = rng.choice(['.address_size 32', '', '.address_size 64',
                                   '.address_size 16'])
        elif kind == 9:
            # The instruction again on a later line: blame must follow it.
            lines.insert(i, lines[i])
        elif kind == 10:
            edit_sreg_mov(rng, lines, i)
        else:
            # Toggle .sync: the legacy forms on new targets and the reverse.
            parts = head.split('.')
            if 'sync' in parts:
                parts.remove('sync')
            else:
                parts.insert(1 if parts[0] != 'bar' else 2, 'sync')
            lines[i] = unparse(g, '.'.join(parts), ops)
    return '\n'.join(lines)


ERROR_LINE = re.compile(r', line (\d+); error')
LINT_LINE = re.compile(r':(\d+):\d+: (?:fatal )?error')


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('lint')
    ap.add_argument('cases')
    ap.add_argument('--ptxas', default=shutil.which('ptxas') or '/usr/local/cuda/bin/ptxas')
    ap.add_argument('--count', type=int, default=300)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--max-edits', type=int, default=1)
    ap.add_argument('--min-agree', type=float, default=99.0)
    ap.add_argument('--min-blame', type=float, default=0.0)
    ap.add_argument('--keep')
    ap.add_argument('--show', type=int, default=10)
    args = ap.parse_args()
    if not os.path.exists(args.ptxas):
        print('ptxas not installed: skipped')
        return 0
    rng = random.Random(args.seed)
    cases = load(args.cases)
    tmp = tempfile.mkdtemp(prefix='ptxas-mut-')
    jobs = []
    while len(jobs) < args.count:
        t = mutate(rng, ''.join(rng.choice(cases)['text']), rng.randint(1, args.max_edits))
        if t:
            jobs.append((len(jobs), t))

    def one(job):
        n, text = job
        path = os.path.join(tmp, f'm{n}.ptx')
        with open(path, 'w') as f:
            f.write(text)
        m = re.search(r'^\.target\s+(\w+)', text, re.M)
        arch = arch_for(m.group(1)) if m else 'sm_75'
        p = subprocess.run([args.ptxas, '-arch', arch, path, '-o', os.devnull],
                           capture_output=True, text=True, errors='replace')
        q = subprocess.run([args.lint, f'--arch={arch}', path], capture_output=True, text=True,
                           errors='replace')
        os.unlink(path)
        verdict = blame = None
        msgs = p.stderr.replace(path, 'm.ptx').strip()
        if q.returncode not in (0, 1) or (p.returncode == 0) != (q.returncode == 0):
            verdict = f'm{n} ({arch}): ptxas {p.returncode}, ptx-lint {q.returncode}'
        elif p.returncode != 0:
            want = {int(x) for x in ERROR_LINE.findall(p.stderr)}
            got = {int(x) for x in LINT_LINE.findall(q.stdout + q.stderr)}
            if want and not want & got:
                blame = f'm{n} ({arch}): ptxas blames {sorted(want)}, ptx-lint {sorted(got)}'
        bad = verdict or blame
        if bad and args.keep:
            with open(os.path.join(args.keep, f'm{n}.ptx'), 'w') as f:
                f.write(text + '\n// ' + bad + '\n// ptxas:\n' +
                        ''.join('// ' + l + '\n' for l in msgs.splitlines()) +
                        '// ptx-lint:\n' + ''.join(
                            '// ' + l + '\n' for l in (q.stdout + q.stderr).splitlines()))
        return verdict, blame, bad and f'{bad}\n  ptxas: {msgs[:300]}\n{text}'

    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        res = list(ex.map(one, jobs))
    shutil.rmtree(tmp)
    for r in [r[2] for r in res if r[2]][:args.show]:
        print(r)
    vd = sum(1 for r in res if r[0])
    bd = sum(1 for r in res if r[1])
    agree = 100.0 * (len(jobs) - vd) / len(jobs)
    print(f'ptxas-mutate: {len(jobs) - vd}/{len(jobs)} agree ({agree:.1f}%); '
          f'blame differs on {bd}')
    blame_ok = 100.0 * (len(jobs) - bd) / len(jobs)
    return 0 if agree >= args.min_agree and blame_ok >= args.min_blame else 1


if __name__ == '__main__':
    sys.exit(main())
