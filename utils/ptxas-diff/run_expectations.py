#!/usr/bin/env python3
"""Runs ptx-lint over the checked-in ptxas expectations (no ptxas needed).

usage: run_expectations.py PTX_LINT CASES.txt [--max-verdict-diffs N] [--max-blame-diffs N]

CASES.txt is test/Inputs/ptxas/cases.txt: "### <id> <arch> <accept|reject>
<blamed lines>" followed by each module. A case agrees when ptx-lint
--arch=<arch> exits 1 exactly when ptxas rejected; its blame agrees when an
error of ptx-lint is on one of the lines ptxas blamed.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def load(path):
    cases, cur = [], None
    for line in open(path):
        if line.startswith('### '):
            cid, arch, verdict, blame = line[4:].split()
            cur = {'id': cid, 'arch': arch, 'accept': verdict == 'accept',
                   'blame': set() if blame == '-' else {int(x) for x in blame.split(',')},
                   'text': []}
            cases.append(cur)
        elif cur is not None:
            cur['text'].append(line)
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('lint')
    ap.add_argument('cases')
    ap.add_argument('--max-verdict-diffs', type=int, default=0)
    ap.add_argument('--max-blame-diffs', type=int, default=0)
    args = ap.parse_args()
    cases = load(args.cases)
    tmp = tempfile.mkdtemp(prefix='ptxas-exp-')

    def one(c):
        path = os.path.join(tmp, c['id'] + '.ptx')
        with open(path, 'w') as f:
            f.write(''.join(c['text']))
        p = subprocess.run([args.lint, '--arch=' + c['arch'], path],
                           capture_output=True, text=True, errors='replace')
        os.unlink(path)
        out = p.stdout + p.stderr
        got = {int(m.group(1)) for m in re.finditer(r':(\d+):\d+: (?:fatal )?error', out)}
        verdict = None
        if p.returncode not in (0, 1):
            verdict = f"{c['id']}: exit {p.returncode}"
        elif (p.returncode == 0) != c['accept']:
            verdict = (f"{c['id']}: ptxas {'accepts' if c['accept'] else 'rejects'}, "
                       f"ptx-lint exit {p.returncode}: {out.strip()[:300]}")
        blame = None
        if not c['accept'] and c['blame'] and not (c['blame'] & got):
            blame = f"{c['id']}: ptxas blames {sorted(c['blame'])}, ptx-lint errors on {sorted(got)}"
        return verdict, blame

    with ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        res = list(ex.map(one, cases))
    os.rmdir(tmp)
    vd = [v for v, _ in res if v]
    bd = [b for _, b in res if b]
    for m in vd[:30] + bd[:30]:
        print(m)
    nblame = sum(1 for c in cases if not c['accept'] and c['blame'])
    print(f"verdicts: {len(cases) - len(vd)}/{len(cases)} agree; "
          f"blame: {nblame - len(bd)}/{nblame} agree")
    ok = len(vd) <= args.max_verdict_diffs and len(bd) <= args.max_blame_diffs
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
