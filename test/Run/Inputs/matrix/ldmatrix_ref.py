#!/usr/bin/env python3
"""Reference for test/Run/ldmatrix.test: the buffers of ldmatrix.cu's
kernels computed from the element and slot formulas of ldmatrix.cu and the
fragment layout of PTX ISA 9.7.14.5.15 (figure "ldmatrix fragments"),
written from the element's side: element (r, c) of matrix m is held by
lane 4r + c//2 in half c%2 of register m; with .trans by lane 4c + r//2 in
half r%2. stmatrix (9.7.14.5.16) writes the same layout back to rows
(.trans: row r of the memory is column r of the fragments' matrix).

usage: ldmatrix_ref.py ldmatrix|stmatrix DUMP_FILE

Prints "KERNEL: N/N words agree" and exits 1 on any difference.
"""
import re
import sys


def value(m, r, c):
    return m << 12 | r << 8 | c


def slot(m, r):
    return (8 * m + r) ^ 0x15


def fragments(n, trans):
    """regs[m][lane] of an ldmatrix .x<n> (.trans) of the matrices."""
    regs = [[0] * 32 for _ in range(n)]
    for m in range(n):
        for r in range(8):
            for c in range(8):
                lane, half = (4 * c + r // 2, r % 2) if trans else (4 * r + c // 2, c % 2)
                regs[m][lane] |= value(m, r, c) << (16 * half)
    return regs


def tile(n, trans):
    """The 128 words of a tile after stmatrix .x<n> (.trans) of the
    fragments of matrices 0..n-1 (a zeroed tile)."""
    words = [0] * 128
    for m in range(n):
        for r in range(8):
            for c in range(8):
                # The memory element (r, c): the matrix's (r, c), or with
                # .trans its (c, r).
                v = value(m, c, r) if trans else value(m, r, c)
                words[4 * slot(m, r) + c // 2] |= v << (16 * (c % 2))
    return words


def expected(kernel):
    if kernel == 'ldmatrix':
        out = []
        for regs in (fragments(4, False), fragments(2, True), fragments(1, False)):
            for m in regs:
                out += m
        return out
    return tile(4, False) + tile(2, True)


def main():
    kernel, dump = sys.argv[1], sys.argv[2]
    got = []
    for line in open(dump):
        if re.match(r'\s*\[', line):
            got += [int(x, 16) for x in line.split(']', 1)[1].split()]
    want = expected(kernel)
    bad = [i for i in range(len(want)) if i >= len(got) or got[i] != want[i]]
    for i in bad[:10]:
        g = f'{got[i]:#010x}' if i < len(got) else 'nothing'
        print(f'word {i}: got {g}, want {want[i]:#010x}')
    print(f'{kernel}: {len(want) - len(bad)}/{len(want)} words agree')
    return 1 if bad or len(got) != len(want) else 0


if __name__ == '__main__':
    sys.exit(main())
