#!/usr/bin/env python3
"""Whole-ISA differential campaign: one-edit mutants of real PTX, ptxas vs ptx-lint.

usage:
  isa_mutate.py PTX_LINT --record FILE [--seeds DIR|FILE ...] [--no-default-seeds] [--count N] [--seed S]
                [--ptxas PATH] [--jobs 2]
  isa_mutate.py PTX_LINT --replay FILE [--min-agree PCT] [--min-blame PCT] [--show N]
                [--per-opcode] [--classes N] [--markdown] [--op OPCODE ...]
                [--max-rejected-seeds N]

The seeds are the nvcc / llc PTX under test/Inputs/isa-seeds/ptx (plus any
--seeds given, e.g. /work/shared/oracle/corpus/ptx; with --no-default-seeds the
--seeds only). Every mutant changes ONE
line of one seed: one qualifier of one instruction inserted, dropped, replaced
(by a word of the same kind - type, rounding, state space, scope, semantics,
cache operator, vector width, ... - or of any kind), duplicated or swapped
with its neighbour; the instruction's type replaced; one operand replaced by a
register of another class, an immediate, a vector, an address, a special
register or a symbol; an operand dropped or added; a `.reg` / `.param` /
variable declaration's type or state space changed; `.version` / `.target`
changed. The mutants are spread over the opcodes the seeds contain (the
square root of an opcode's frequency, at least --min-per-opcode each) and
deduplicated (same arch, same original and mutated line text).

--record runs ptxas (-arch from the .target, as gen_diff.arch_for) on each
mutant and writes one sorted JSON line per mutant: seed (relative to the
repository), line, orig, mut, kind, op, arch, ptxas verdict (ok), blamed lines
and messages. Then it replays the file. --replay rebuilds every mutant from
its seed and runs only ptx-lint (several files per process, --jobs processes)
against the recorded verdicts: a mutant agrees when ptx-lint exits 0 exactly
when ptxas accepted it (warnings do not reject); where both reject, its blame
agrees when ptx-lint reports an error on a line ptxas blamed. It prints the
agreement overall and per opcode, with ptxas's most common messages where
they disagree; --show N prints N disagreements in full. The exit status is 1
when the verdict or blame agreement is below --min-agree / --min-blame.
"""
import argparse
import collections
import glob
import json
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
from mutate_diff import split_ops  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
DEFAULT_SEEDS = os.path.join(REPO, 'test', 'Inputs', 'isa-seeds', 'ptx')

# Words of real PTX qualifiers by kind (PTX ISA 9.x: the instruction pages'
# syntax sections). A replacement keeps the kind most of the time.
VOCAB = {
    'type': ['b8', 'b16', 'b32', 'b64', 'b128', 'u8', 'u16', 'u32', 'u64', 's8', 's16', 's32',
             's64', 'f16', 'f16x2', 'bf16', 'bf16x2', 'tf32', 'f32', 'f64', 'pred', 'e4m3x2',
             'e5m2x2', 'e2m1x2', 'f32x2'],
    'rnd': ['rn', 'rz', 'rm', 'rp', 'rni', 'rzi', 'rmi', 'rpi', 'rna', 'rs'],
    'space': ['global', 'shared', 'shared::cta', 'shared::cluster', 'local', 'const', 'param',
              'param::entry', 'param::func', 'tex'],
    'scope': ['cta', 'cluster', 'gpu', 'sys'],
    'sem': ['relaxed', 'acquire', 'release', 'acq_rel', 'sc', 'weak', 'volatile', 'mmio'],
    'cache': ['ca', 'cg', 'cs', 'lu', 'cv', 'wb', 'wt'],
    'vec': ['v2', 'v4', 'v8'],
    'width': ['wide', 'hi', 'lo'],
    'mod': ['ftz', 'sat', 'approx', 'full', 'nc', 'to', 'uni', 'sync', 'aligned', 'relu', 'NaN',
            'xorsign', 'abs', 'cc', 'satfinite', 'clamp', 'wrap', 'shiftamt'],
    'evict': ['L1::evict_normal', 'L1::evict_unchanged', 'L1::evict_first', 'L1::evict_last',
              'L1::no_allocate', 'L2::evict_first', 'L2::evict_last', 'L2::evict_normal',
              'L2::cache_hint', 'L2::64B', 'L2::128B', 'L2::256B'],
    'atom': ['add', 'inc', 'dec', 'min', 'max', 'and', 'or', 'xor', 'exch', 'cas', 'popc'],
    'cmp': ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'lo', 'ls', 'hi', 'hs', 'equ', 'neu', 'ltu',
            'leu', 'gtu', 'geu', 'num', 'nan'],
    'misc': ['all', 'any', 'ballot', 'up', 'down', 'bfly', 'idx', 'arrive', 'red', 'wait',
             'commit_group', 'wait_group', 'async', 'bulk', 'proxy', 'alias', 'f4e', 'b4e',
             'rc8', 'ecl', 'ecr', 'rc16', 'mode', 'l', 'r', 'x', 'y', 'z'],
}
KIND_OF = {w: k for k, ws in VOCAB.items() for w in ws}
ALL_WORDS = sorted(KIND_OF)
VERSIONS = ['6.0', '6.4', '7.0', '7.5', '7.8', '8.0', '8.3', '8.6', '8.8', '9.0']
TARGETS = ['sm_70', 'sm_75', 'sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a', 'sm_100',
           'sm_100a', 'sm_120']
IMMEDIATES = ['0', '1', '-1', '255', '0x7fffffff', '4294967296', '0f3F800000',
              '0d3FF0000000000000', '1.5']
SPECIAL = ['%tid.x', '%laneid', '%clock64', '%ctaid.y', '%lanemask_lt']
DECL = re.compile(r'^\s*\.reg\s+\.(\w+)\s+(%\w+?)<(\d+)>\s*;')
INSTR = re.compile(r'^(\s*)((?:@!?%\w+\s+)?)([a-z][\w.:]*)(\s+[^;]*)?;\s*(//.*)?$')
LINT_ERR = re.compile(r'^(.*?):(?:(\d+):\d+:)? (?:fatal )?error', re.M)


def rel(path):
    p = os.path.abspath(path)
    return os.path.relpath(p, REPO) if p.startswith(REPO + os.sep) else p


def absolute(path):
    return path if os.path.isabs(path) else os.path.join(REPO, path)


def seed_files(extra, default=True):
    files = sorted(glob.glob(os.path.join(DEFAULT_SEEDS, '*.ptx'))) if default else []
    for e in extra or []:
        files += sorted(glob.glob(os.path.join(e, '**', '*.ptx'), recursive=True)) \
            if os.path.isdir(e) else [e]
    return files


def target_of(lines):
    for l in lines:
        m = re.match(r'\s*\.target\s+(\w+)', l)
        if m:
            return m.group(1)
    return 'sm_75'


def sites(lines):
    """(line index, kind, opcode, span) of every mutable statement:
    instructions inside function bodies, declarations, .version and .target.
    A call nvcc writes over several lines is one statement of `span` lines.
    Debug sections (.section ... { }) and comments are skipped."""
    out, depth, in_section, skip = [], 0, False, 0
    for i, l in enumerate(lines):
        s = l.split('//')[0].strip()
        if skip:
            skip -= 1
            continue
        if depth >= 1 and re.match(r'(@!?%\w+\s+)?call[.\s]', s) and not s.endswith(';'):
            n = 1
            while i + n < len(lines) and ';' not in lines[i + n] and n < 12:
                n += 1
            if i + n < len(lines) and lines[i + n].strip() == ');':
                out.append((i, 'instr', 'call', n + 1))
                skip = n
            continue
        if s.startswith('.section'):
            in_section = True
        if in_section:
            if s.startswith('}'):
                in_section = False
            continue
        if s.startswith('.version'):
            out.append((i, 'version', '.version', 1))
        elif s.startswith('.target'):
            out.append((i, 'target', '.target', 1))
        elif depth == 0 and re.match(r'\.(visible|extern|global|shared|const|weak)\b', s) \
                and '(' not in s and ('.global' in s or '.shared' in s or '.const' in s):
            out.append((i, 'var', '.' + re.search(r'\.(global|shared|const)\b', s).group(1), 1))
        elif re.match(r'\.param\s', s) and depth <= 1 and not s.endswith(';'):
            out.append((i, 'param', '.param', 1))
        elif depth >= 1 and DECL.match(l):
            out.append((i, 'reg', '.reg', 1))
        elif depth >= 1 and re.match(r'\.(local|shared|param)\s', s) and s.endswith(';'):
            out.append((i, 'var', '.' + s.split()[0][1:], 1))
        elif depth >= 1 and INSTR.match(l) and not s.startswith('.') \
                and not INSTR.match(l).group(3).endswith(':'):
            m = INSTR.match(l)
            out.append((i, 'instr', m.group(3).split('.')[0], 1))
        depth += s.count('{') - s.count('}')
    return out


def function_regs(lines, i):
    """The .reg declarations of the function enclosing line i: prefix -> type."""
    j = i
    while j > 0 and not re.match(r'\s*(\.visible|\.entry|\.func|\.weak)', lines[j]):
        j -= 1
    regs = {}
    for l in lines[j:]:
        m = DECL.match(l)
        if m:
            regs[m.group(2)] = m.group(1)
        if l.startswith('}'):
            break
    return regs


def reg_class(op, regs):
    m = re.match(r'(%[a-z]+)\d+$', op)
    return regs.get(m.group(1)) if m else None


def pick_register(rng, regs, not_type):
    choices = [p for p, t in sorted(regs.items()) if t != not_type]
    return rng.choice(choices) + '1' if choices else None


def mutate_quals(rng, quals):
    """One qualifier edit; returns (kind, new quals) or None."""
    q = list(quals)
    how = rng.choice(['qual-drop', 'qual-dup', 'qual-insert', 'qual-replace', 'qual-replace',
                      'qual-swap', 'type-replace', 'type-replace'])
    if how == 'qual-drop' and q:
        del q[rng.randrange(len(q))]
    elif how == 'qual-dup' and q:
        j = rng.randrange(len(q))
        q.insert(j + 1, q[j])
    elif how == 'qual-insert':
        kind = rng.choice(sorted(VOCAB))
        q.insert(rng.randrange(len(q) + 1), rng.choice(VOCAB[kind]))
    elif how == 'qual-replace' and q:
        j = rng.randrange(len(q))
        kind = KIND_OF.get(q[j])
        pool = VOCAB[kind] if kind and rng.random() < 0.7 else ALL_WORDS
        q[j] = rng.choice([w for w in pool if w != q[j]] or pool)
    elif how == 'qual-swap' and len(q) > 1:
        j = rng.randrange(len(q) - 1)
        q[j], q[j + 1] = q[j + 1], q[j]
    elif how == 'type-replace':
        ts = [j for j, w in enumerate(q) if KIND_OF.get(w) == 'type']
        if not ts:
            return None
        j = rng.choice(ts)
        q[j] = rng.choice([t for t in VOCAB['type'] if t != q[j]])
    else:
        return None
    return how, q


def mutate_operands(rng, ops, regs, lines):
    ops = list(ops)
    how = rng.choice(['op-register', 'op-register', 'op-immediate', 'op-vector', 'op-address',
                      'op-special', 'op-symbol', 'op-drop', 'op-add'])
    if how == 'op-drop':
        if not ops:
            return None
        del ops[rng.randrange(len(ops))]
        return how, ops
    if how == 'op-add':
        extra = rng.choice([ops[-1] if ops else '%r1', pick_register(rng, regs, None) or '%r1',
                            '0', '[%rd1]'])
        ops.insert(rng.randrange(len(ops) + 1), extra)
        return how, ops
    if not ops:
        return None
    j = rng.randrange(len(ops))
    old = ops[j]
    if how == 'op-register':
        new = pick_register(rng, regs, reg_class(old.strip('[]!-'), regs))
        if old.startswith('[') and new and rng.random() < 0.5:
            new = '[' + new + ']'
    elif how == 'op-immediate':
        new = rng.choice(IMMEDIATES)
    elif how == 'op-vector':
        p = pick_register(rng, regs, None)
        if not p:
            return None
        base = p[:-1]
        new = '{' + ', '.join(base + str(k + 1) for k in range(rng.choice([2, 4]))) + '}'
    elif how == 'op-address':
        p = rng.choice([r for r in regs if regs[r] in ('b64', 'u64', 's64')] or ['%rd']) + '1'
        new = rng.choice(['[' + p + ']', '[' + p + '+8]', '[' + p + '+-4]', '[%r1]'])
    elif how == 'op-special':
        new = rng.choice(SPECIAL)
    else:
        names = sorted({m.group(1) for l in lines for m in
                        re.finditer(r'\b([A-Za-z_$][\w$]*_param_\d+|\$L__\w+)', l)})
        if not names:
            return None
        new = rng.choice(names)
        if old.startswith('[') and rng.random() < 0.5:
            new = '[' + new + ']'
    if not new or new == old:
        return None
    ops[j] = new
    return how, ops


def mutate_line(rng, lines, i, kind, span=1):
    """(mutation kind, new text) for the statement at line i, or None. A
    statement over several lines is mutated as one line, followed by empty
    lines so that the lines after it keep their numbers."""
    line = lines[i]
    if span > 1:
        line = '\t' + ' '.join(x.strip() for x in lines[i:i + span])
        r = mutate_line(rng, lines[:i] + [line] + lines[i + 1:], i, kind)
        return r and (r[0], r[1] + '\n' * (span - 1))
    if kind == 'version':
        return 'version', '.version ' + rng.choice(VERSIONS)
    if kind == 'target':
        return 'target', '.target ' + rng.choice(TARGETS)
    if kind in ('reg', 'param', 'var'):
        words = re.findall(r'\.[\w:]+', line.split('//')[0])
        types = [w for w in words if w[1:] in VOCAB['type'] or w[1:] in ('b8', 'u8', 's8')]
        spaces = [w for w in words if w[1:] in ('global', 'shared', 'const', 'local', 'param',
                                                'reg')]
        if rng.random() < 0.6 and types:
            w = rng.choice(types)
            new = '.' + rng.choice([t for t in VOCAB['type'] if '.' + t != w])
            return 'decl-type', line.replace(w, new, 1)
        if spaces:
            w = rng.choice(spaces)
            new = '.' + rng.choice([s for s in ('global', 'shared', 'const', 'local', 'param',
                                                'reg') if '.' + s != w])
            return 'decl-space', line.replace(w, new, 1)
        return None
    m = INSTR.match(line)
    indent, guard, head, rest = m.group(1), m.group(2), m.group(3), (m.group(4) or '').strip()
    ops = split_ops(rest)
    parts = head.split('.')
    u = rng.random()
    if u < 0.07:
        regs = function_regs(lines, i)
        preds = [p for p, t in sorted(regs.items()) if t == 'pred'] or ['%p']
        others = [p for p, t in sorted(regs.items()) if t != 'pred'] or ['%r']
        if guard and rng.random() < 0.5:
            g = guard.strip()
            how, guard = 'guard-negate', (g.replace('@!', '@') if g.startswith('@!')
                                          else g.replace('@', '@!')) + ' '
        else:
            how = 'guard-class' if rng.random() < 0.5 else 'guard-add'
            guard = '@' + rng.choice(others if how == 'guard-class' else preds) + '1 '
    elif u < 0.55:
        r = mutate_quals(rng, parts[1:])
        if not r:
            return None
        how, q = r
        head = '.'.join([parts[0]] + q)
    else:
        r = mutate_operands(rng, ops, function_regs(lines, i), lines)
        if not r:
            return None
        how, ops = r
    new = indent + guard + head + ((' \t' + ', '.join(ops)) if ops else '') + ';'
    return how, new


def make_mutants(files, count, seed, min_per_op):
    rng = random.Random(seed)
    by_op = collections.defaultdict(list)
    texts = {}
    for f in files:
        lines = open(f, errors='replace').read().split('\n')
        texts[f] = lines
        for i, kind, op, span in sites(lines):
            by_op[op].append((f, i, kind, span))
    total = sum(len(v) ** 0.5 for v in by_op.values())
    quota = {op: max(min_per_op, round(count * len(v) ** 0.5 / total))
             for op, v in by_op.items()}
    out, seen = [], set()
    for op in sorted(by_op):
        got, tries = 0, 0
        while got < quota[op] and tries < quota[op] * 20:
            tries += 1
            f, i, kind, span = rng.choice(by_op[op])
            lines = texts[f]
            r = mutate_line(rng, lines, i, kind, span)
            orig = '\n'.join(lines[i:i + span])
            if not r or ' '.join(r[1].split()) == ' '.join(orig.split()):
                continue
            arch = arch_for(target_of([r[1]] if kind == 'target' else lines))
            key = (arch, ' '.join(orig.split()), ' '.join(r[1].split()))
            if key in seen:
                continue
            seen.add(key)
            out.append({'seed': rel(f), 'line': i + 1, 'orig': orig, 'mut': r[1],
                        'kind': r[0], 'op': op, 'arch': arch})
            got += 1
    return out


def build(m, cache):
    path = absolute(m['seed'])
    if path not in cache:
        cache[path] = open(path, errors='replace').read().split('\n')
    lines = list(cache[path])
    i, n = m['line'] - 1, m['orig'].count('\n') + 1
    if '\n'.join(lines[i:i + n]) != m['orig']:
        return None
    lines[i:i + n] = [m['mut']]
    return '\n'.join(lines)


def run_ptxas(ptxas, muts, jobs):
    tmp = tempfile.mkdtemp(prefix='isa-mut-')
    cache = {}
    texts = [build(m, cache) for m in muts]

    def one(k):
        m, text = muts[k], texts[k]
        path = os.path.join(tmp, f'm{k}.ptx')
        with open(path, 'w') as f:
            f.write(text)
        try:
            p = subprocess.run([ptxas, '-arch', m['arch'], path, '-o', os.devnull],
                               capture_output=True, text=True, errors='replace', timeout=60)
        except subprocess.TimeoutExpired:
            print(f"dropped (ptxas timed out): {m['seed']}:{m['line']}: {m['mut'].strip()}")
            return None
        finally:
            os.unlink(path)
        if p.returncode not in (0, 255):
            # A crash or a signal: not a verdict to rely on.
            print(f"dropped (ptxas exit {p.returncode}): {m['seed']}:{m['line']}: "
                  f"{' '.join(m['mut'].split())}: {' '.join(p.stderr.split())[:200]}")
            return None
        msgs = []
        for l in p.stderr.splitlines():
            if 'error' in l or 'fatal' in l:
                l = re.sub(r'^ptxas\s+' + re.escape(path) + r', line \d+;\s*', '', l)
                l = re.sub(r'^ptxas\s+', '', l).replace(path, 'm.ptx')
                l = re.sub(r'\s+', ' ', l)
                if 'Ptx assembly aborted' not in l and l not in msgs:
                    msgs.append(l)
        r = dict(m)
        r['ok'] = p.returncode == 0
        # Lines of this file (not `<macro util>`) with an error or a fatal error.
        r['blame'] = sorted({int(x) for x in re.findall(
            re.escape(path) + r', line (\d+); (?:error|fatal)', p.stderr)})
        r['msgs'] = [x[:200] for x in msgs[:3]]
        return r

    try:
        with ThreadPoolExecutor(jobs) as ex:
            res = list(ex.map(one, range(len(muts))))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return [r for r in res if r]


def lint_files(lint, arch, paths):
    """path -> [(line, message)] of ptx-lint's errors, or None for the files
    it crashed on (a batch that crashes is rerun one file at a time)."""
    p = subprocess.run([lint, f'--arch={arch}', '--error-limit=0'] + paths,
                       capture_output=True, text=True, errors='replace')
    if p.returncode not in (0, 1):
        if len(paths) == 1:
            return {paths[0]: None}
        out = {}
        for x in paths:
            out.update(lint_files(lint, arch, [x]))
        return out
    text = p.stdout + p.stderr
    errs = {x: [] for x in paths}
    for mm in LINT_ERR.finditer(text):
        if mm.group(1) in errs:
            eol = text.find('\n', mm.start())
            errs[mm.group(1)].append((int(mm.group(2) or 0),
                                      text[mm.end():eol if eol >= 0 else None].strip(': ')))
    return errs


def run_lint(lint, recs, jobs, batch=64):
    """ptx-lint's (rejects?, error lines, first message) per record, and the
    seeds ptx-lint itself rejects. Errors ptx-lint already reports on the
    unmutated seed (same arch, same line) are left out, so that one false
    rejection in a seed does not count as agreement for all of its mutants."""
    tmp = tempfile.mkdtemp(prefix='isa-replay-')
    cache = {}
    seeds = sorted({(r['arch'], r['seed']) for r in recs})
    # Each seed is checked at its own target's arch (a mutated .target asks
    # for another -arch, which the unmutated seed does not match).
    own = {}
    for _, sd in seeds:
        if sd not in own:
            own[sd] = arch_for(target_of(open(absolute(sd), errors='replace').read()
                                         .split('\n')))
    seeds = sorted({(own[sd], sd) for _, sd in seeds})
    base = {}

    def lint_seeds(b):
        arch, group = b
        paths = [absolute(sd) for _, sd in group]
        res = lint_files(lint, arch, paths)
        for (_, sd), x in zip(group, paths):
            base[(arch, sd)] = res[x]

    by_arch = collections.defaultdict(list)
    for a, sd in seeds:
        by_arch[a].append((a, sd))
    with ThreadPoolExecutor(jobs) as ex:
        list(ex.map(lint_seeds, [(a, g[j:j + batch]) for a, g in sorted(by_arch.items())
                                 for j in range(0, len(g), batch)]))
    groups = collections.defaultdict(list)
    for k, r in enumerate(recs):
        groups[r['arch']].append(k)
    batches = [(a, ks[j:j + batch]) for a, ks in sorted(groups.items())
               for j in range(0, len(ks), batch)]
    result = [None] * len(recs)

    def one(b):
        arch, ks = b
        paths = []
        for k in ks:
            text = build(recs[k], cache)
            if text is None:
                result[k] = ('stale', set(), 'the seed line changed')
                continue
            path = os.path.join(tmp, f'm{k}.ptx')
            with open(path, 'w') as f:
                f.write(text)
            paths.append((k, path))
        if not paths:
            return
        errs = lint_files(lint, arch, [x for _, x in paths])
        for k, path in paths:
            os.unlink(path)
            e = errs[path]
            if e is None:
                result[k] = ('crash', set(), 'ptx-lint crashed')
                continue
            sd = recs[k]['seed']
            known = {n for n, _ in base.get((own[sd], sd)) or []}
            e = [(n, msg) for n, msg in e if n not in known or n == 0]
            result[k] = (bool(e), {n for n, _ in e}, e[0][1] if e else '')

    try:
        with ThreadPoolExecutor(jobs) as ex:
            list(ex.map(one, batches))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    rejected = {k: v for k, v in base.items() if v}
    return result, rejected


def norm(msg):
    """A message with its register names and numbers folded, for grouping."""
    msg = re.sub(r"'%\w+'", "'%R'", msg)
    msg = re.sub(r'\b\d+\b', 'N', msg)
    return msg[:110]


def fold(msg):
    """The class of a message: quoted names and numbers folded."""
    return re.sub(r"'[^']*'", "'X'", norm(msg))


def table(title, rows, markdown):
    """rows: (key, n, agree, blame n, blame agree, Counter of reasons)."""
    if markdown:
        print(f'\n| {title} | mutants | verdicts agree | blame agree | most common disagreements |'
              '\n|---|---|---|---|---|')
    for key, n, ok, bn, bok, why in rows:
        top = '; '.join(f'{w} ×{c}' for w, c in why.most_common(3))
        if markdown:
            top = top.replace('|', '\\|')
            print(f'| `{key}` | {n} | {100.0 * ok / n:.0f}% | {bok}/{bn} | {top} |')
        else:
            print(f'{key}: {n} mutants, {100.0 * ok / n:.0f}% agree, blame {bok}/{bn}'
                  + (f'; {top}' if top else ''))


def report(recs, lint_res, args):
    ops = collections.defaultdict(lambda: [0, 0, 0, 0, collections.Counter()])
    kinds = collections.defaultdict(lambda: [0, 0, 0, 0, collections.Counter()])
    classes = collections.defaultdict(list)
    bad = []
    for r, (rej, lines, first) in zip(recs, lint_res):
        why = None
        first_ptxas = r['msgs'][0] if r['msgs'] else '(no message)'
        if rej in ('stale', 'crash'):
            why = f'ptx-lint {rej}: {first}'
            cls = why
        elif rej != (not r['ok']):
            if r['ok']:
                why = 'ptxas accepts; ptx-lint: ' + norm(first)
                cls = 'ptxas accepts, ptx-lint: ' + fold(first)
            else:
                why = 'ptxas: ' + norm(first_ptxas) + '; ptx-lint accepts'
                cls = 'ptx-lint accepts, ptxas: ' + fold(first_ptxas)
        blame = None
        if not why and rej and r['blame']:
            blame = bool(set(r['blame']) & lines)
            if not blame:
                why = 'blame: ' + norm(first_ptxas)
                cls = 'blame elsewhere: ' + fold(first_ptxas)
        for s in (ops[r['op']], kinds[r['kind']]):
            s[0] += 1
            s[1] += rej == (not r['ok'])
            s[2] += blame is not None
            s[3] += bool(blame)
            if why:
                s[4][why] += 1
        if why:
            bad.append((r, why))
            classes[f"{cls} [{r['kind']}]"].append(r)
    for r, why in bad[:args.show]:
        print(f"--- {r['seed']}:{r['line']} ({r['arch']}, {r['kind']}): {why}")
        print(f"    orig: {' '.join(r['orig'].split())}\n    mut:  {' '.join(r['mut'].split())}")
        for msg in r['msgs']:
            print(f'    ptxas: {msg}')
    def rows(d):
        return [(k, *d[k]) for k in sorted(d, key=lambda k: (d[k][1] / d[k][0], k))]
    if args.per_opcode:
        table('opcode', rows(ops), args.markdown)
        table('mutation', rows(kinds), args.markdown)
    if args.classes:
        print('\n' + ('| disagreement [mutation] | mutants | example (original -> mutant, arch) |'
                      '\n|---|---|---|'
                      if args.markdown else 'most frequent disagreements:'))
        for cls, rs in sorted(classes.items(), key=lambda c: (-len(c[1]), c[0]))[:args.classes]:
            r = min(rs, key=lambda r: (len(r['orig']) + len(r['mut']), r['seed'], r['line']))
            ex = f"`{' '.join(r['orig'].split())}` -> `{' '.join(r['mut'].split())}` ({r['arch']})"
            if args.markdown:
                print(f"| {cls.replace('|', chr(92) + '|')} | {len(rs)} | "
                      f"{ex.replace('|', chr(92) + '|')} |")
            else:
                print(f'{len(rs):5d}  {cls}\n       e.g. {ex}')
    tot = [sum(s[j] for s in ops.values()) for j in range(4)]
    va = 100.0 * tot[1] / max(1, tot[0])
    ba = 100.0 * tot[3] / max(1, tot[2])
    print(f'isa-campaign: verdicts {tot[1]}/{tot[0]} agree ({va:.1f}%); '
          f'blame {tot[3]}/{tot[2]} agree ({ba:.1f}%)')
    return va, ba


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('lint')
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument('--record', metavar='FILE')
    g.add_argument('--replay', metavar='FILE')
    ap.add_argument('--seeds', nargs='*', default=[])
    ap.add_argument('--no-default-seeds', action='store_true',
                    help='record on the --seeds only, without test/Inputs/isa-seeds/ptx '
                         '(e.g. the held-out seeds test/Inputs/isa-heldout/ptx)')
    ap.add_argument('--ptxas', default=shutil.which('ptxas') or '/usr/local/cuda/bin/ptxas')
    ap.add_argument('--count', type=int, default=5000)
    ap.add_argument('--min-per-opcode', type=int, default=30)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--min-agree', type=float, default=0.0)
    ap.add_argument('--min-blame', type=float, default=0.0)
    ap.add_argument('--max-rejected-seeds', type=int, default=0,
                    help='how many (seed, arch) pairs ptx-lint may reject (ptxas accepts all)')
    ap.add_argument('--show', type=int, default=0)
    ap.add_argument('--op', action='append',
                    help='replay only the mutants of this opcode (repeatable), e.g. --op ld')
    ap.add_argument('--per-opcode', action='store_true')
    ap.add_argument('--markdown', action='store_true')
    ap.add_argument('--classes', type=int, default=0,
                    help='print the N most frequent kinds of disagreement, one example each')
    args = ap.parse_args()
    if args.record:
        if not os.path.exists(args.ptxas):
            print('ptxas not installed: nothing recorded')
            return 0
        muts = make_mutants(seed_files(args.seeds, not args.no_default_seeds), args.count, args.seed, args.min_per_opcode)
        recs = run_ptxas(args.ptxas, muts, args.jobs)
        recs.sort(key=lambda r: (r['seed'], r['line'], r['mut'], r['arch']))
        with open(args.record, 'w') as f:
            for r in recs:
                f.write(json.dumps(r, sort_keys=True, ensure_ascii=False,
                                   separators=(',', ':')) + '\n')
        print(f'recorded {len(recs)} mutants ({len(muts) - len(recs)} dropped) in {args.record}')
    else:
        recs = [json.loads(l) for l in open(args.replay) if l.strip()]
        if args.op:
            recs = [r for r in recs if r['op'] in args.op]
    res, rejected = run_lint(args.lint, recs, args.jobs)
    for (arch, sd), e in sorted(rejected.items()):
        if e is None:
            print(f'seed: ptx-lint crashes on {sd} (--arch={arch}), which ptxas accepts')
            continue
        msgs = sorted({msg for _, msg in e})
        print(f'seed: ptx-lint rejects {sd} (--arch={arch}), which ptxas accepts: ' +
              '; '.join(f"line {min(n for n, x in e if x == msg)}: {msg}" for msg in msgs))
    va, ba = report(recs, res, args)
    if rejected:
        print(f'isa-campaign: ptx-lint rejects {len(rejected)} of the seeds')
    ok = va >= args.min_agree and ba >= args.min_blame
    return 0 if ok and len(rejected) <= args.max_rejected_seeds else 1


if __name__ == '__main__':
    sys.exit(main())
