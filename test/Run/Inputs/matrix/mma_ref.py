#!/usr/bin/env python3
"""Reference for test/Run/mma.test: the matrix products of mma.cu,
mma90.cu, mma75.cu, mma_packed.cu and mma_fp8.cu computed with plain loops from the same element formulas, compared
with the buffer ptx-run dumped.

usage: mma_ref.py KERNEL DUMP_FILE

Every value is exact (small integers and halves/quarters), so the comparison
is exact. Prints "KERNEL: N/N elements agree" and exits 1 on any difference.
"""
import re
import struct
import sys


def aval(r, k): return (r * 3 + k) % 7 - 3
def bval(k, c): return (k * 5 + c * 2) % 9 - 4
def cval(r, c): return r - 2 * c
def ia(r, k): return (r * 7 + k * 3) % 255 - 127
def ib(k, c): return (k * 11 + c * 5) % 255 - 127
def ic(r, c): return 0x7fff0000 + c if r < 4 else -r * 1000 + c
def i4a(r, k): return (r * 5 + k * 3) % 16 - 8
def i4b(k, c): return (k * 7 + c * 3) % 16 - 8
def u4a(r, k): return (r * 11 + k * 5) % 16
def i4p(r, k): return (r * 5 + k * 3) % 8
def u8a(r, k): return (r * 37 + k * 11) % 256
def u8b(k, c): return (k * 13 + c * 29) % 256
def bit_a(r, k): return 1 if (r * 7 + k * 3) % 5 < 2 else 0
def bit_b(k, c): return 1 if (k * 3 + c * 11) % 7 < 3 else 0
def cbig(r, c): return 0x7ffffff0 + c if r < 4 else r - 2 * c


def product(M, K, a, b, c, sa=1, sb=1):
    return [[sum(a(r, k) * sa * b(k, col) * sb for k in range(K)) + c(r, col)
             for col in range(8)] for r in range(M)]


def wrap32(v):
    v &= 0xffffffff
    return v - (1 << 32) if v >> 31 else v


def clamp32(v):
    return max(-(1 << 31), min((1 << 31) - 1, v))


def expected(kernel):
    """The flat list of values the kernel's buffer must hold."""
    if kernel in ('mma_f16_f32', 'mma_f16_f16'):
        D = product(16, 16, aval, bval, cval)
    elif kernel in ('mma_bf16', 'mma_tf32'):
        D = product(16, 8, aval, bval, cval)
    elif kernel in ('mma_s8', 'mma_s8_sat'):
        D = product(16, 32, ia, ib, ic)
        D = [[(clamp32 if kernel == 'mma_s8_sat' else wrap32)(v) for v in row]
             for row in D]
    elif kernel == 'mma75_f16':
        D = product(16, 8, aval, bval, cval)
    elif kernel == 'mma75_s8':
        D = product(8, 16, aval, bval, cval, 30, 30)
    elif kernel == 'mma75_u8':
        D = product(8, 16, u8a, u8b, cval)
    elif kernel == 'mma75_s4':
        D = product(8, 32, i4a, i4b, cval)
    elif kernel in ('mma75_b1', 'mma_b1_xor_k256', 'mma_b1_and_k128'):
        M, K = {'mma75_b1': (8, 128), 'mma_b1_xor_k256': (16, 256),
                'mma_b1_and_k128': (16, 128)}[kernel]
        op = (lambda x, y: x & y) if 'and' in kernel else (lambda x, y: x ^ y)
        D = [[cval(r, col) + sum(op(bit_a(r, k), bit_b(k, col))
                                 for k in range(K))
              for col in range(8)] for r in range(M)]
    elif kernel == 'mma_u4s4_k64':
        D = product(16, 64, u4a, i4b, cval)
    elif kernel == 'mma_s4_k32_sat':
        D = product(16, 32, i4p, lambda k, c: 7 - (k + c) % 3, cbig)
        D = [[clamp32(v) for v in row] for row in D]
    elif kernel == 'mma_e4m3_e5m2_k32':
        D = product(16, 32, aval, bval, cval)
    elif kernel == 'mma_e4m3_k16_f16':
        D = product(16, 16, aval, bval, cval)
    elif kernel == 'mma_f64':
        D = product(8, 4, aval, bval, cval, 0.5, 0.25)
    elif kernel == 'mma_f64_k4':
        D = product(16, 4, aval, bval, cval, 0.5, 0.25)
    elif kernel == 'mma_f64_k8':
        D = product(16, 8, aval, bval, cval, 0.5, 0.25)
    else:
        sys.exit('unknown kernel ' + kernel)
    flat = [v for row in D for v in row]
    if kernel in ('mma_f16_f16', 'mma_e4m3_k16_f16'):
        # Two .f16 per word, the lower column in the low half.
        def h(v): return struct.unpack('<H', struct.pack('<e', v))[0]
        return [h(flat[2 * w]) | h(flat[2 * w + 1]) << 16
                for w in range(len(flat) // 2)]
    return flat


def main():
    kernel, path = sys.argv[1], sys.argv[2]
    got = []
    for line in open(path):
        m = re.match(r'\s*\[\s*\d+\]\s+(.*)', line)
        if m:
            got += [int(x, 16) if x.startswith('0x') else float(x)
                    for x in m.group(1).split()]
    want = expected(kernel)
    bad = [i for i in range(len(want)) if i >= len(got) or got[i] != want[i]]
    for i in bad[:8]:
        print(f'{kernel}: element {i}: got {got[i] if i < len(got) else None}, '
              f'expected {want[i]}')
    print(f'{kernel}: {len(want) - len(bad)}/{len(want)} elements agree')
    return 1 if bad or len(got) != len(want) else 0


if __name__ == '__main__':
    sys.exit(main())
