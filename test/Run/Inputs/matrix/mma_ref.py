#!/usr/bin/env python3
"""Reference for test/Run/mma.test: the matrix products of mma.cu and
mma90.cu computed with plain loops from the same element formulas, compared
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
    elif kernel == 'mma_f64':
        D = product(8, 4, aval, bval, cval, 0.5, 0.25)
    elif kernel == 'mma_f64_k4':
        D = product(16, 4, aval, bval, cval, 0.5, 0.25)
    elif kernel == 'mma_f64_k8':
        D = product(16, 8, aval, bval, cval, 0.5, 0.25)
    else:
        sys.exit('unknown kernel ' + kernel)
    flat = [v for row in D for v in row]
    if kernel == 'mma_f16_f16':
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
