#!/usr/bin/env python3
"""Reference for test/Run/mma-kind.test: the .kind::f8f6f4 m16n8k32 products
of mma_kind.cu computed with plain loops from the same element formulas,
compared with the buffer ptx-run dumped.

usage: mma_kind_ref.py KERNEL DUMP_FILE

Every partial sum of the k-order chain is a multiple of 1/4 below 256 in
magnitude, exact in .f16 and .f32, so the comparison is exact. Prints "KERNEL: N/N elements agree" and exits 1 on
any difference.
"""
import re
import struct
import sys

VALS = [1, 1.5, 2, 3, 4, 6, -1, -1.5, -2, -3, -4, -6, 0]


def aval(r, k): return VALS[(r * 3 + k) % 13]
def bval(k, c): return VALS[(k * 5 + c * 2) % 13]
def cval(r, c): return r - 2 * c


def expected(kernel):
    D = [[sum(aval(r, k) * bval(k, n) for k in range(32)) + cval(r, n)
          for n in range(8)] for r in range(16)]
    flat = [v for row in D for v in row]
    if '_f16_' in kernel:
        words = []
        for i in range(0, len(flat), 2):
            lo, hi = (struct.unpack('<H', struct.pack('<e', float(x)))[0]
                      for x in flat[i:i + 2])
            words.append(lo | hi << 16)
        return words
    return [float(v) for v in flat]


def main():
    kernel, path = sys.argv[1], sys.argv[2]
    want = expected(kernel)
    got = []
    for line in open(path):
        m = re.match(r'\s*\[\s*\d+\]\s+(.*)', line)
        if m:
            got += m.group(1).split()
    agree = 0
    for i, (w, g) in enumerate(zip(want, got)):
        ok = int(g, 0) == w if '_f16_' in kernel else float(g) == w
        if ok:
            agree += 1
        elif agree + 8 > i:
            print(f'{kernel}: element {i}: got {g}, want {w}')
    print(f'{kernel}: {agree}/{len(want)} elements agree')
    sys.exit(0 if agree == len(want) and len(got) == len(want) else 1)


if __name__ == '__main__':
    main()
