#!/usr/bin/env python3
"""Reference for the m8n8k4 .f16 kernels of test/Run/mma.test (mma884.cu):
the four independent 8x8x4 products, computed with plain loops from the
same element formulas, compared with the buffer ptx-run dumped
(out[q * 64 + row * 8 + col] = D of computation q).

usage: mma884_ref.py KERNEL DUMP_FILE

Every value is exact in .f16 (small integers and halves), so the
comparison is exact, whatever the accumulator type. Prints
"KERNEL: N/N elements agree" and exits 1 on any difference.
"""
import re
import sys


def aval(q, r, k): return ((q * 5 + r * 3 + k) % 7 - 3) * 0.5
def bval(q, k, c): return float((q * 3 + k * 5 + c * 2) % 9 - 4)
def cval(q, r, c): return float(r - 2 * c + q)


KERNELS = ('mma884_rc_f32', 'mma884_cc_f32', 'mma884_rr_f32f16',
           'mma884_cr_f16')


def expected():
    return [sum(aval(q, r, k) * bval(q, k, c) for k in range(4)) + cval(q, r, c)
            for q in range(4) for r in range(8) for c in range(8)]


def main():
    kernel, path = sys.argv[1], sys.argv[2]
    if kernel not in KERNELS:
        sys.exit('unknown kernel ' + kernel)
    got = []
    for line in open(path):
        m = re.match(r'\s*\[\s*\d+\]\s+(.*)', line)
        if m:
            got += [float(x) for x in m.group(1).split()]
    want = expected()
    bad = [i for i in range(len(want)) if i >= len(got) or got[i] != want[i]]
    for i in bad[:8]:
        print(f'{kernel}: element {i}: got {got[i] if i < len(got) else None}, '
              f'expected {want[i]}')
    print(f'{kernel}: {len(want) - len(bad)}/{len(want)} elements agree')
    return 1 if bad or len(got) != len(want) else 0


if __name__ == '__main__':
    sys.exit(main())
