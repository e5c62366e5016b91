#!/usr/bin/env python3
"""Runs video.cu's `simd` kernel (nvcc's PTX) in ptx-run and checks every
result against this host reference of the intrinsics, written from the CUDA
Math API's descriptions ("Integer Intrinsics" __dp4a/__dp2a_lo/__dp2a_hi,
"SIMD Intrinsics" __vabsdiffu4, __vsadu4, ...), independently of ptxwarp.

usage: video_ref.py PTX_RUN FILE.ptx
Prints one line per mismatch and a summary line.
"""
import json
import subprocess
import sys

LANES = 32
NRES = 24


def inputs():
    """a, b, c per lane: edge values first, then an LCG."""
    edges = [
        (0x00000000, 0x00000000, 0), (0xffffffff, 0xffffffff, 1),
        (0x7f7f7f7f, 0x01010101, 2), (0x80808080, 0x7f7f7f7f, 3),
        (0x80008000, 0x7fff7fff, 4), (0x7fff7fff, 0x00010001, 5),
        (0x01020304, 0x05060708, 10), (0xff00ff00, 0x00ff00ff, 0xffffffff),
        (0x8000ffff, 0x7fff0005, 0x80000000), (0x12345678, 0x9abcdef0, 7),
        (0xfffefdfc, 0x01020304, 100), (0x00ff0080, 0x00800080, 0x7fffffff),
    ]
    a, b, c = [list(t) for t in zip(*edges)]
    x = 12345
    while len(a) < LANES:
        vals = []
        for _ in range(3):
            x = (x * 1103515245 + 12345) & 0xffffffff
            y = (x * 2654435761) & 0xffffffff
            vals.append(y)
        a.append(vals[0])
        b.append(vals[1])
        c.append(vals[2])
    return a, b, c


def parts(v, bits, signed):
    n = 32 // bits
    out = []
    for i in range(n):
        e = (v >> (bits * i)) & ((1 << bits) - 1)
        if signed and e >= 1 << (bits - 1):
            e -= 1 << bits
        out.append(e)
    return out


def join(elems, bits):
    v = 0
    for i, e in enumerate(elems):
        v |= (e & ((1 << bits) - 1)) << (bits * i)
    return v


def sat(v, bits, signed):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return max(lo, min(hi, v))


def per(a, b, bits, signed, f):
    return join([f(x, y) for x, y in zip(parts(a, bits, signed), parts(b, bits, signed))], bits)


def avg_round(x, y, signed):
    s = x + y
    # "rounded average": halves round away from zero (unsigned: up).
    return (s + 1) >> 1 if s >= 0 else -((-s + 1) >> 1)


def reference(a, b, c):
    u32 = 0xffffffff
    sa4, sb4 = parts(a, 8, True), parts(b, 8, True)
    ua4, ub4 = parts(a, 8, False), parts(b, 8, False)
    sa2, sb2 = parts(a, 16, True), parts(b, 16, True)
    ua2, ub2 = parts(a, 16, False), parts(b, 16, False)
    sc = c - (1 << 32) if c >= 1 << 31 else c
    r = [0] * NRES
    r[0] = (c + sum(x * y for x, y in zip(ua4, ub4))) & u32            # __dp4a (u)
    r[1] = (sc + sum(x * y for x, y in zip(sa4, sb4))) & u32           # __dp4a (s)
    r[2] = (c + ua2[0] * ub4[0] + ua2[1] * ub4[1]) & u32                # __dp2a_lo (u)
    r[3] = (sc + sa2[0] * sb4[2] + sa2[1] * sb4[3]) & u32               # __dp2a_hi (s)
    r[4] = per(a, b, 8, False, lambda x, y: abs(x - y))                 # __vabsdiffu4
    r[5] = sum(abs(x - y) for x, y in zip(ua4, ub4))                    # __vsadu4
    r[6] = per(a, b, 16, False, lambda x, y: x + y)                     # __vadd2
    r[7] = per(a, b, 16, True, lambda x, y: sat(x + y, 16, True))       # __vaddss2
    r[8] = per(a, b, 16, False, lambda x, y: avg_round(x, y, False))    # __vavgu2
    r[9] = per(a, b, 8, True, max)                                      # __vmaxs4
    r[10] = per(a, b, 8, False, lambda x, y: 0xff if x >= y else 0)     # __vcmpgeu4
    r[11] = per(a, b, 16, False, lambda x, y: 1 if x > y else 0)        # __vsetgtu2
    r[12] = per(a, b, 16, True, lambda x, y: abs(x - y))                # __vabsdiffs2
    r[13] = per(a, b, 8, False, lambda x, y: sat(x - y, 8, False))      # __vsubus4
    r[14] = per(a, b, 16, False, min)                                   # __vminu2
    r[15] = per(a, b, 8, False, lambda x, y: sat(x + y, 8, False))      # __vaddus4
    r[16] = sum(abs(x - y) for x, y in zip(sa2, sb2))                   # __vsads2
    r[17] = per(a, b, 8, True, lambda x, y: avg_round(x, y, True))      # __vavgs4
    r[18] = per(a, b, 8, False, lambda x, y: 1 if x < y else 0)         # __vsetltu4
    r[19] = per(a, b, 16, False, lambda x, y: abs(x - y))               # __vabsdiffu2
    r[20] = sum(abs(x - y) for x, y in zip(ua2, ub2))                   # __vsadu2
    r[21] = per(a, b, 16, True, min)                                    # __vmins2
    r[22] = per(a, b, 8, True, lambda x, y: 1 if x >= y else 0)         # __vsetges4
    r[23] = join([sat(abs(x), 8, True) for x in sa4], 8)                # __vabsss4
    return [v & u32 for v in r]


NAMES = ["dp4a.u", "dp4a.s", "dp2a_lo.u", "dp2a_hi.s", "vabsdiffu4", "vsadu4",
         "vadd2", "vaddss2", "vavgu2", "vmaxs4", "vcmpgeu4", "vsetgtu2",
         "vabsdiffs2", "vsubus4", "vminu2", "vaddus4", "vsads2", "vavgs4",
         "vsetltu4", "vabsdiffu2", "vsadu2", "vmins2", "vsetges4", "vabsss4"]


def main():
    ptx_run, ptx = sys.argv[1], sys.argv[2]
    a, b, c = inputs()
    fmt = lambda xs: ",".join(str(x) for x in xs)
    cmd = [ptx_run, "--entry", "simd", "--block", str(LANES), "--format=json",
           "--param", "simd_param_0=u32[%d]=%s" % (LANES, fmt(a)),
           "--param", "simd_param_1=u32[%d]=%s" % (LANES, fmt(b)),
           "--param", "simd_param_2=u32[%d]=%s" % (LANES, fmt(c)),
           "--param", "simd_param_3=u32[%d]" % (LANES * NRES),
           "--dump", "simd_param_3", ptx]
    out = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    got = out["buffers"]["simd_param_3"]["data"]
    bad = 0
    for t in range(LANES):
        want = reference(a[t], b[t], c[t])
        for k in range(NRES):
            if got[t * NRES + k] != want[k]:
                bad += 1
                print("MISMATCH lane %d %s(a=0x%08x, b=0x%08x, c=0x%08x): got 0x%08x, want 0x%08x"
                      % (t, NAMES[k], a[t], b[t], c[t], got[t * NRES + k], want[k]))
    print("%d results, %d mismatches" % (LANES * NRES, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
