#!/usr/bin/env python3
"""Reference for test/Run/mma-sp.test: the products of the mma.sp kernels of
mma_sp.cu, computed with plain loops over the dense (decompressed) A built
from the same formulas, compared with the buffer ptx-run dumped.

usage: mma_sp_ref.py KERNEL DUMP_FILE

The dense A: row r, chunk ch (4, 8 or 2 columns) has its stored elements at
the columns the metadata field meta(r, ch) names (PTX ISA 9.7.14.6.1: two
2-bit indices, the first in the low bits; .s4/.u4 index pairs of columns;
.tf32 0b0100 is the first column of the two, 0b1110 the second), zeros
elsewhere. Every value is exact, so the comparison is exact. Prints
"KERNEL: N/N elements agree" and exits 1 on any difference.
"""
import re
import struct
import sys


def fval(r, k): return ((r * 3 + k) % 6 + 1) * (-1 if (r + k) & 1 else 1)
def gval(k, c): return ((k * 5 + c * 2) % 5 + 1) * (-1 if (k * c) & 2 else 1)
def cval(r, c): return r - 2 * c
# C's % is truncating: (x % 255) of a nonnegative x is Python's too.
def s8a(r, k): return (r * 7 + k * 3) % 255 - 127
def s8b(k, c): return (k * 11 + c * 5) % 255 - 127
def u8a(r, k): return (r * 37 + k * 11) % 256
def s4a(r, k): return (r * 5 + k * 3) % 16 - 8
def u4b(k, c): return (k * 7 + c * 3) % 16
def u4a(r, k): return (r * 11 + k * 5) % 16
def cbig(r, c): return 0x7ffff000 + c if r < 4 else r * 1000 - 2 * c


ANY = [0x4, 0x1, 0x8, 0x2, 0x9, 0x6, 0xc, 0x3, 0xd, 0x7, 0xe, 0xb]
ORD = [0x4, 0x8, 0x9, 0xc, 0xd, 0xe]


def meta(r, ch, kind):
    h = r * 5 + ch * 3
    if kind == 'tf32':
        return 0xe if h & 1 else 0x4
    return ORD[h % 6] if kind == 'ord' else ANY[h % 12]


def dense_a(K, cw, kind, value):
    """16 x K: the stored elements at the columns the metadata names."""
    A = [[0] * K for _ in range(16)]
    for r in range(16):
        for ch in range(K // cw):
            v = meta(r, ch, kind)
            if cw == 2:
                cols = [ch * 2 + (1 if v == 0xe else 0)]
            elif cw == 8:
                cols = [ch * 8 + 2 * (v & 3), ch * 8 + 2 * (v & 3) + 1,
                        ch * 8 + 2 * (v >> 2), ch * 8 + 2 * (v >> 2) + 1]
            else:
                cols = [ch * 4 + (v & 3), ch * 4 + (v >> 2)]
            for col in cols:
                A[r][col] = value(r, col)
    return A


def product(A, K, b, c):
    return [[sum(A[r][k] * b(k, n) for k in range(K)) + c(r, n)
             for n in range(8)] for r in range(16)]


def wrap32(v):
    v &= 0xffffffff
    return v - (1 << 32) if v >> 31 else v


def clamp32(v):
    return max(-(1 << 31), min((1 << 31) - 1, v))


# kernel: (K, chunk width, metadata kind, A formula, B formula, C formula,
# result: 'f32' / 'f16' / 'wrap' / 'sat')
KERNELS = {
    'sp_f16_k16': (16, 4, 'any', fval, gval, cval, 'f32'),
    'spo_f16_k32': (32, 4, 'ord', fval, gval, cval, 'f16'),
    'sp_bf16_k32': (32, 4, 'any', fval, gval, cval, 'f32'),
    'sp_tf32_k8': (8, 2, 'tf32', fval, gval, cval, 'f32'),
    'spo_tf32_k16': (16, 2, 'tf32', fval, gval, cval, 'f32'),
    'sp_u8s8_k32': (32, 4, 'any', u8a, s8b, cval, 'wrap'),
    'spo_s8_k64_sat': (64, 4, 'ord', s8a, s8b, cbig, 'sat'),
    'spo_s8_k64': (64, 4, 'ord', s8a, s8b, cbig, 'wrap'),
    'sp_s4u4_k128': (128, 8, 'any', s4a, u4b, cval, 'wrap'),
    'spo_u4_k64_sat': (64, 8, 'ord', u4a, u4b, cbig, 'sat'),
    'sp_e4m3e5m2_k64': (64, 4, 'any', fval, gval, cval, 'f32'),
}


def expected(kernel):
    K, cw, kind, a, b, c, res = KERNELS[kernel]
    D = product(dense_a(K, cw, kind, a), K, b, c)
    flat = [v for row in D for v in row]
    if res == 'wrap':
        return [wrap32(v) for v in flat]
    if res == 'sat':
        return [clamp32(v) for v in flat]
    if res == 'f16':
        # Two .f16 a 32-bit word, as the kernel stores them.
        words = []
        for i in range(0, len(flat), 2):
            lo, hi = (struct.unpack('<H', struct.pack('<e', float(x)))[0]
                      for x in flat[i:i + 2])
            words.append(lo | hi << 16)
        return words
    return [float(v) for v in flat]


def dumped(path):
    vals = []
    for line in open(path):
        m = re.match(r'\s*\[\s*\d+\]\s+(.*)', line)
        if m:
            vals += m.group(1).split()
    return vals


def main():
    kernel, path = sys.argv[1], sys.argv[2]
    want = expected(kernel)
    got = dumped(path)
    res = KERNELS[kernel][6]
    agree = 0
    for i, (w, g) in enumerate(zip(want, got)):
        if res in ('wrap', 'sat'):
            ok = int(g) == w
        elif res == 'f16':
            ok = int(g, 0) == w
        else:
            ok = float(g) == w
        if ok:
            agree += 1
        elif agree + 8 > i:
            print(f'{kernel}: element {i}: got {g}, want {w}')
    print(f'{kernel}: {agree}/{len(want)} elements agree')
    sys.exit(0 if agree == len(want) and len(got) == len(want) else 1)


if __name__ == '__main__':
    main()
