#!/usr/bin/env python3
"""Reference for test/Run/wmma.test: D = A * B + C of the kernels of
wmma.cu, computed with plain loops from the same element formulas (not from
ptx-run), compared exactly with the buffer ptx-run dumped (every value is a
small multiple of a power of two, exact in every accumulator type).

usage: wmma_ref.py KERNEL DUMP_FILE
Prints "KERNEL: N/N elements agree" (the D elements, and the stride padding
left zero) and exits 1 on any difference.
"""
import re
import struct
import sys


def aval(r, k): return ((r * 3 + k) % 7 - 3) * 0.25
def bval(k, c): return ((k * 5 + c * 2) % 9 - 4) * 0.5
def cval(r, c): return float(r - 2 * c)
def ia(r, k): return (r * 7 + k * 3) % 255 - 127
def ib(k, c): return (k * 11 + c * 5) % 255 - 127
def ic(r, c): return 0x7fff0000 + c if r < 4 else -r * 1000 + c


# kernel: M, N, K, fill (C = 0), D row-major?, ldd, kind
KERNELS = {
    'wmma_f16_f32': (16, 16, 16, False, False, 24, 'f'),
    'wmma_f16_f16': (32, 8, 16, False, True, 16, 'h'),
    'wmma_f16_fill': (8, 32, 16, True, True, 32, 'f'),
    'wmma_bf16': (16, 16, 16, False, True, 16, 'f'),
    'wmma_tf32': (16, 16, 8, False, True, 16, 'f'),
    'wmma_f64': (8, 8, 4, False, False, 8, 'f'),
    'wmma_s8': (32, 8, 16, False, True, 8, 'wrap'),
    'wmma_s8_sat': (32, 8, 16, False, True, 8, 'sat'),
    'wmma_u8': (16, 16, 16, False, True, 16, 'u8'),
}


def expected(kernel):
    M, N, K, fill, row, ldd, kind = KERNELS[kernel]
    D = {}
    for r in range(M):
        for c in range(N):
            if kind in ('f', 'h'):
                v = (0.0 if fill else cval(r, c)) + sum(
                    aval(r, k) * bval(k, c) for k in range(K))
            elif kind == 'u8':
                v = ic(r, c) + sum((ia(r, k) & 0xff) * (ib(k, c) & 0xff)
                                   for k in range(K))
                v = (v + (1 << 31)) % (1 << 32) - (1 << 31)
            else:
                v = ic(r, c) + sum(ia(r, k) * ib(k, c) for k in range(K))
                if kind == 'sat':
                    v = max(-(1 << 31), min((1 << 31) - 1, v))
                else:
                    v = (v + (1 << 31)) % (1 << 32) - (1 << 31)
            D[(r * ldd + c) if row else (c * ldd + r)] = v
    size = (M if row else N) * ldd
    return [D.get(i, 0) for i in range(size)], kind


def main():
    kernel, dump = sys.argv[1], sys.argv[2]
    want, kind = expected(kernel)
    got = []
    for line in open(dump):
        m = re.match(r'\s*\[\s*\d+\]\s+(.*)', line)
        if m:
            got += m.group(1).split()
    if kind == 'h':  # .f16 elements dumped as u16 bit patterns
        got = [struct.unpack('<e', struct.pack('<H', int(g)))[0] for g in got]
    else:
        got = [float(g) for g in got]
    agree = sum(1 for g, w in zip(got, want) if g == w)
    if len(got) != len(want):
        agree = 0
    print('%s: %d/%d elements agree' % (kernel, agree, len(want)))
    sys.exit(0 if agree == len(want) else 1)


main()
