#!/usr/bin/env python3
"""Independent reference for the CUDA/LLVM kernels in kernels/.

For every kernel this script chooses the launch and the input data (seeded, so the
output is stable) and computes the expected output buffers from the meaning of the
CUDA source and the PTX ISA -- it never runs ptx-run. It writes cases/<kernel>.json:

  {"kernel", "grid", "block", "dynamic_shared_bytes",
   "params": [{"name", "buffer": {...}} | {"name", "scalar": {...}}],   # launch order
   "expected": {param name: {"type", "bits": [int | null | "nan"], "ulps"?: N}}}

"bits" holds each element's bit pattern (two's complement / IEEE); null means "not
compared" (a value CUDA leaves undefined), "nan" accepts any NaN, and "ulps" lets a
float buffer differ by that many units in the last place (approximate functions).

  reference.py [KERNEL...]     default: every kernel
"""
import json
import math
import os
import random
import struct
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
FULL = 0xFFFFFFFF
M64 = (1 << 64) - 1
INF = float("inf")
NAN = float("nan")


# --- integers -----------------------------------------------------------------

def s32(x):
    x &= FULL
    return x - (1 << 32) if x >> 31 else x


def s64(x):
    x &= M64
    return x - (1 << 64) if x >> 63 else x


def cdiv(a, b):
    """C division: truncates toward zero."""
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def crem(a, b):
    return a - b * cdiv(a, b)


def popc(x):
    return bin(x).count("1")


def ffs(x):
    return (x & -x).bit_length()


def clz(x, bits):
    return bits - x.bit_length()


def brev(x, bits):
    return int(format(x, "0%db" % bits)[::-1], 2)


def lanes_below(lane):
    return (1 << lane) - 1


# --- floating point -----------------------------------------------------------

F32 = (24, -126, 127)
F64 = (53, -1022, 1023)
F16 = (11, -14, 15)
BF16 = (8, -126, 127)


def round_frac(fr, fmt, mode="rn"):
    """Round an exact rational to the format (precision, emin, emax) with an IEEE
    rounding mode (rn: nearest even, rz, rd: toward -inf, ru: toward +inf)."""
    p, emin, emax = fmt
    if fr == 0:
        return 0.0
    neg = fr < 0
    a = -fr if neg else fr
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    q = Fraction(2) ** (e - p + 1)
    n = math.floor(a / q)
    rem = a / q - n
    up = {"rn": rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1),
          "rz": False,
          "ru": rem > 0 and not neg,
          "rd": rem > 0 and neg}[mode]
    r = (n + (1 if up else 0)) * q
    maxf = (2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax
    if r > maxf:
        to_inf = {"rn": True, "rz": False, "ru": not neg, "rd": neg}[mode]
        r = INF if to_inf else maxf
    r = float(r)
    return -r if neg else r


def reinterpret(value, src, dst):
    """The bits of \p value packed with struct format \p src, read back as \p dst."""
    return struct.unpack("<" + dst, struct.pack("<" + src, value))[0]


def f32(x):
    return reinterpret(x, "f", "f")


def f32_bits(x):
    return reinterpret(x, "f", "I")


def f64_bits(x):
    return reinterpret(x, "d", "Q")


def bits_f32(b):
    return reinterpret(b, "I", "f")


def f16_bits(x):
    return reinterpret(x, "e", "H")


def bf16_bits(x):
    """x must be exactly representable in bf16."""
    b = f32_bits(x)
    assert b & 0xFFFF == 0, x
    return b >> 16


def bits_bf16(b):
    return bits_f32(b << 16)


def finite(*xs):
    return all(math.isfinite(x) for x in xs)


def zero_sum_sign(mode):
    return -0.0 if mode == "rd" else 0.0


def fadd(x, y, fmt=F32, mode="rn"):
    if not finite(x, y):
        return x + y
    s = Fraction(x) + Fraction(y)
    if s == 0:
        if x == 0 and y == 0 and math.copysign(1, x) == math.copysign(1, y):
            return x
        return zero_sum_sign(mode)
    return round_frac(s, fmt, mode)


def fmul(x, y, fmt=F32, mode="rn"):
    if not finite(x, y):
        return x * y
    r = round_frac(Fraction(x) * Fraction(y), fmt, mode)
    return r if r != 0 else math.copysign(0.0, x) * math.copysign(1.0, y)


def fdiv(x, y, fmt=F32, mode="rn"):
    if math.isnan(x) or math.isnan(y) or (math.isinf(x) and math.isinf(y)):
        return NAN
    sign = math.copysign(1.0, x) * math.copysign(1.0, y)
    if y == 0:
        return NAN if x == 0 else sign * INF
    if math.isinf(x):
        return sign * INF
    if math.isinf(y) or x == 0:
        return sign * 0.0
    r = round_frac(Fraction(x) / Fraction(y), fmt, mode)
    return r if r != 0 else sign * 0.0


def ffma(x, y, z, fmt=F32, mode="rn"):
    if not finite(x, y, z):
        return x * y + z
    prod = Fraction(x) * Fraction(y)
    s = prod + Fraction(z)
    if s == 0:
        psign = math.copysign(1.0, x) * math.copysign(1.0, y)
        if prod == 0 and z == 0 and psign == math.copysign(1.0, z):
            return z
        return zero_sum_sign(mode)
    return round_frac(s, fmt, mode)


def fsqrt(x, fmt=F32, mode="rn"):
    if math.isnan(x) or x < 0:
        return NAN
    if x == 0 or math.isinf(x):
        return x
    a = Fraction(x)
    p, emin, _ = fmt
    # Scale to an integer with enough bits that isqrt decides the rounding.
    k = 2 * p + 8 - (a.numerator.bit_length() - a.denominator.bit_length())
    k += k % 2
    n = a * Fraction(2) ** k
    ni = n.numerator // n.denominator
    r = math.isqrt(ni)
    exact = r * r == ni and n.denominator == 1
    # r <= sqrt(n) < r + 1; a sticky bit below r keeps directed rounding correct.
    val = Fraction(r) + (0 if exact else Fraction(1, 4))
    return round_frac(val / Fraction(2) ** (k // 2), fmt, mode)


def rint_even(x):
    if not math.isfinite(x):
        return x
    r = round(x)  # Python rounds half to even
    return float(r) if r != 0 else math.copysign(0.0, x)


def keep_sign(x, r):
    return float(r) if r != 0 else math.copysign(0.0, x)


def round_away(x):
    if not math.isfinite(x):
        return x
    r = math.floor(Fraction(abs(x)) + Fraction(1, 2))
    return keep_sign(x, r if x >= 0 else -r)


def f2i(x, lo, hi, how):
    """Float to integer with PTX cvt semantics: clamp to [lo, hi], NaN to 0."""
    if math.isnan(x):
        return 0
    if math.isinf(x):
        return hi if x > 0 else lo
    fr = Fraction(x)
    r = {"rz": math.trunc(fr), "rd": math.floor(fr), "ru": math.ceil(fr),
         "rn": round(fr)}[how]
    return max(lo, min(hi, r))


def fmin_c(x, y):
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    return min(x, y)


def fmax_c(x, y):
    if math.isnan(x):
        return y
    if math.isnan(y):
        return x
    return max(x, y)


# --- warp primitives from the PTX ISA -----------------------------------------

def shfl(mode, vals, b, c):
    """shfl.sync over a full warp: vals[32]; b a per-lane list or one value; c the
    packed clamp/segment mask. Returns the per-lane results (PTX ISA 9.7.9.6)."""
    out = []
    for lane in range(32):
        bb = (b[lane] if isinstance(b, list) else b) & 31
        clamp, segmask = c & 31, (c >> 8) & 31
        max_lane = (lane & segmask) | (clamp & ~segmask)
        min_lane = lane & segmask
        if mode == "up":
            j = lane - bb
            ok = j >= max_lane
        elif mode == "down":
            j = lane + bb
            ok = j <= max_lane
        elif mode == "bfly":
            j = lane ^ bb
            ok = j <= max_lane
        else:
            j = min_lane | (bb & ~segmask)
            ok = j <= max_lane
        out.append(vals[j if ok else lane])
    return out


def butterfly(vals, op, offsets=(16, 8, 4, 2, 1)):
    """Each lane combines its value with lane ^ o's, for each offset in turn
    (the __shfl_xor_sync all-reduce)."""
    for o in offsets:
        vals = [op(vals[i], vals[i ^ o]) for i in range(32)]
    return vals


def down_tree(vals, op, offsets, c):
    """v = op(v, __shfl_down_sync(v, o)) for each offset, with clamp value c."""
    for o in offsets:
        sh = shfl("down", vals, o, c)
        vals = [op(vals[i], sh[i]) for i in range(32)]
    return vals


def add(x, y):
    return x + y


def cuda_c(width, mode):
    """The c operand CUDA's __shfl*_sync(..., width) passes."""
    return ((32 - width) << 8) | (0 if mode == "up" else 0x1F)


def ballot(preds):
    return sum(1 << i for i, p in enumerate(preds) if p)


# --- case construction ---------------------------------------------------------

KERNELS = {}


def kernel(grid, block, dyn=0):
    def reg(fn):
        KERNELS[fn.__name__] = (fn, grid, block, dyn)
        return fn
    return reg


def words(vals, t):
    if t in ("f32", "f64"):
        pack = f32_bits if t == "f32" else f64_bits
        return ["nan" if v is not None and math.isnan(v) else (None if v is None else pack(v))
                for v in vals]
    bits = {"u8": 8, "s8": 8, "u16": 16, "s16": 16, "u32": 32, "s32": 32}.get(t, 64)
    return [None if v is None else v & ((1 << bits) - 1) for v in vals]


class Case:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.params = []
        self.expected = {}

    def input(self, name, t, vals):
        bits = [f32_bits(v) if t == "f32" else f64_bits(v) for v in vals] \
            if t in ("f32", "f64") else words(vals, t)
        self.params.append({"name": name, "buffer": {"type": t, "bits": bits}})

    def output(self, name, t, vals, init=None, ulps=None):
        if init is None:
            buf = {"type": t, "count": len(vals), "init": "zero"}
        else:
            buf = {"type": t, "bits": words(init, t)}
        self.params.append({"name": name, "buffer": buf})
        exp = {"type": t, "bits": words(vals, t)}
        if ulps:
            exp["ulps"] = ulps
        self.expected[name] = exp

    def scalar(self, name, t, value):
        self.params.append({"name": name, "scalar": {"type": t, "value": value}})

    def ints(self, n, lo, hi):
        return [self.rng.randint(lo, hi) for _ in range(n)]

    def f32s(self, n, lo_exp, hi_exp):
        return [f32(self.rng.choice((-1, 1)) * self.rng.uniform(1, 2) *
                    2.0 ** self.rng.randint(lo_exp, hi_exp)) for _ in range(n)]


# --- the kernels -------------------------------------------------------------------

@kernel([1, 1, 1], [32, 1, 1])
def shfl_xor_fp(c):
    vf = c.f32s(32, -8, 12)
    vd = [c.rng.uniform(-1e6, 1e6) for _ in range(32)]
    f, s, m = butterfly(vf, fadd), butterfly(vd, add), butterfly(vd, max)
    c.input("in_f", "f32", vf)
    c.input("in_d", "f64", vd)
    c.output("out_f", "f32", f)
    c.output("out_dsum", "f64", s)
    c.output("out_dmax", "f64", m)


@kernel([1, 1, 1], [32, 1, 1])
def shfl_width(c):
    v = c.ints(32, -1000, 1000)
    src = c.ints(32, -40, 70)
    s = down_tree(v, add, (4, 2, 1), cuda_c(8, "down"))
    t = down_tree([x * 3 - 1 for x in v], add, (8, 4, 2, 1), cuda_c(16, "down"))
    c.input("in", "s32", v + src)
    c.output("out_down8", "s32", s)
    c.output("out_up4", "s32", shfl("up", v, 1, cuda_c(4, "up")))
    c.output("out_idx16", "s32", shfl("idx", v, src, cuda_c(16, "idx")))
    c.output("out_xor8", "s32", shfl("bfly", v, 9, cuda_c(8, "bfly")))
    c.output("out_down16", "s32", t)


@kernel([1, 1, 1], [32, 1, 1])
def seg_scan(c):
    v = c.ints(32, -100000, 100000)
    flags = [1 if c.rng.random() < 0.2 else 0 for _ in range(32)]
    flags[31] = 1
    out, ids, acc, seg = [], [], 0, -1
    for lane in range(32):
        if lane == 0 or flags[lane]:
            acc, seg = 0, seg + 1
        acc += v[lane]
        out.append(acc)
        ids.append(seg)
    c.input("in", "s32", v)
    c.input("flags", "s32", flags)
    c.output("out", "s32", out)
    c.output("out_id", "s32", ids)


def byte_perm(x, y, s):
    b = (y << 32 | x).to_bytes(8, "little")
    return sum(b[(s >> (4 * n)) & 7] << (8 * n) for n in range(4))


@kernel([1, 1, 1], [32, 1, 1])
def ballot_bits(c):
    v = [c.rng.getrandbits(32) >> c.rng.randint(0, 31) for _ in range(32)]
    v[3], v[9], v[17] = 0, 0x80000000, 0xFFFFFFFF
    w = [c.rng.getrandbits(32) for _ in range(32)]
    odd = ballot(x & 1 for x in v)
    big = ballot(x > 0x80000000 for x in v)
    o32, o64 = [], []
    for lane in range(32):
        x, y = v[lane], w[lane]
        fl = ((y << 32 | x) << lane) >> 32 & FULL
        fr = ((y << 32 | x) >> min(lane + 20, 32)) & FULL
        o32 += [popc(x), ffs(x), brev(x, 32), clz(x, 32), popc(odd & lanes_below(lane)),
                odd, big, byte_perm(x, y, 0x5140), fl, fr]
        z = odd << 32 | x
        o64 += [brev(z, 64), popc(z), clz(z, 64), ffs(z)]
    c.input("in", "u32", v + w)
    c.output("out32", "u32", o32)
    c.output("out64", "u64", o64)


@kernel([1, 1, 1], [32, 1, 1])
def match_keys(c):
    base = c.rng.getrandbits(32)
    # Keys differ only above bit 32, so a 32-bit comparison would merge them all.
    k64 = [base | c.rng.randint(0, 4) << 33 for _ in range(32)]
    k32 = [0x50000000 | c.rng.getrandbits(28) for _ in range(16)] + \
          [c.rng.getrandbits(32) for _ in range(16)]
    k32[16], k32[17] = 0x1234, 0x20001234
    c.input("k64", "u64", k64)
    c.input("k32", "u32", k32)
    c.output("out_any64", "u32", [ballot(k == k64[l] for k in k64) for l in range(32)])
    c.output("out_all", "u32", [0] * 32)
    c.output("out_pred", "s32", [0] * 32)
    c.output("out_half", "u32", [0x8000FFFF] * 16 + [0] * 16)


@kernel([1, 1, 1], [32, 1, 1])
def redux_signed(c):
    v = c.ints(32, -(1 << 31), (1 << 31) - 1)
    v[5], v[6] = -(1 << 31), (1 << 31) - 1
    u = [x & FULL for x in v]
    anded, ored, xored = FULL, 0, 0
    for x in u:
        anded, ored, xored = anded & x, ored | x, xored ^ x
    row = [sum(v), min(v), max(v), sum(u), min(u), max(u), anded, ored, xored]
    odd_min = min(v[1::2])
    c.input("in", "s32", v)
    c.output("out", "s32", row * 32)
    c.output("out_odd", "s32", [odd_min if l & 1 else 0 for l in range(32)])


@kernel([1, 1, 1], [32, 1, 1])
def activemask_loop(c):
    v = [c.rng.getrandbits(32) for _ in range(32)]
    trips = [(v[l] & 3) + (1 if l >= 24 else 0) for l in range(32)]
    it, odd = [0] * 128, [0] * 128
    for i in range(4):
        active = ballot(t > i for t in trips)
        inner = ballot(trips[l] > i and (v[l] >> (i + 2)) & 1 for l in range(32))
        for l in range(32):
            if trips[l] > i:
                it[l * 4 + i] = active
                if (v[l] >> (i + 2)) & 1:
                    odd[l * 4 + i] = inner
    c.input("in", "u32", v)
    c.output("out_iter", "u32", it)
    c.output("out_odd", "u32", odd)
    c.output("out_after", "u32", [FULL] * 32)


@kernel([1, 1, 1], [64, 1, 1])
def cg_tiles(c):
    v = c.ints(64, -10, 10)
    v[20], v[40] = 0, 7
    out16, out8, meta = [], [], []
    for t in range(64):
        t16, t8 = v[t & ~15:(t & ~15) + 16], v[t & ~7:(t & ~7) + 8]
        out16.append(sum(t16))
        out8.append(max(t8))
        meta += [(t % 8) | (t // 8) << 8 | (t // 16) << 16,
                 ballot(x < 0 for x in t8),
                 int(0 in t16) | int(7 not in t16) << 1,
                 v[t] if t % 8 == 0 else v[t - 1]]
    c.input("in", "s32", v)
    c.output("out16", "s32", out16)
    c.output("out8", "s32", out8)
    c.output("meta", "s32", meta)


@kernel([1, 1, 1], [64, 1, 1])
def cg_reduce_scan(c):
    v = c.ints(64, -50000, 50000)
    out, outd = [], []
    for t in range(64):
        w, r = v[t & ~31:(t & ~31) + 32], t & 31
        t8, r8 = v[t & ~7:(t & ~7) + 8], t & 7
        xo, orr = 0, 0
        for x in w:
            xo ^= x & FULL
        for x in t8:
            orr |= x & FULL
        out += [sum(w), max(t8), min(t8), xo, orr, sum(w[:r + 1]),
                sum(t8[:r8]) if r8 else None, max(t8[:r8 + 1])]
        outd.append(sum(x * 0.25 for x in w))
    c.input("in", "s32", v)
    c.output("out", "s32", out)
    c.output("outd", "f64", outd)


@kernel([2, 1, 1], [64, 1, 1])
def warp_agg_atomics(c):
    v = c.ints(128, -20, 40)
    counters = [100, 200, 300, 400]
    slots = []
    for g in range(128):
        w = v[g & ~31:(g & ~31) + 32]
        lane = g & 31
        pos = [x > 0 for x in w]
        slots.append(counters[g // 32] + sum(pos[:lane]) if v[g] > 0 else -1)
    new_counters = [counters[i] + sum(x > 0 for x in v[32 * i:32 * i + 32]) for i in range(4)]
    fin = []
    for b in range(2):
        blk = v[64 * b:64 * b + 64]
        hist = [sum(1 for x in blk if x & 7 == k) for k in range(8)]
        fin += [64 % 10, max(blk)] + hist + [1, 1000 - sum(x & 15 for x in blk)]
    g_and, g_or, g_xor = FULL, 0, 0
    for x in v:
        g_and, g_or, g_xor = g_and & x, g_or | (x & FULL), g_xor ^ (x & FULL)
    c.input("in", "s32", v)
    c.output("counters", "u32", new_counters, init=counters)
    c.output("slots", "s32", slots)
    c.output("fin", "s32", fin)
    c.output("gbits", "s32", [g_and, g_or, g_xor, max(v)], init=[-1, 0, 0, -(1 << 31)])


@kernel([1, 1, 1], [64, 1, 1])
def syncwarp_mask(c):
    v = c.ints(64, -(1 << 20), 1 << 20)
    buf = [v[t] * 2 if t & 31 < 16 else v[t] + 1000 for t in range(64)]
    out = []
    for t in range(64):
        lane, half = t & 31, t & ~15
        out.append(buf[half | ((lane + 1) & 15)] if lane < 16 else buf[half | ((lane + 3) & 15)])
    out += [buf[t ^ 16] for t in range(64)]
    c.input("in", "s32", v)
    c.output("out", "s32", out)


@kernel([1, 1, 1], [64, 1, 1])
def elect_one(c):
    v = c.ints(64, 0, 1000)
    lead = []
    for t in range(64):
        w = v[t & ~31:(t & ~31) + 32]
        first_odd = next(i for i, x in enumerate(w) if x & 1) if any(x & 1 for x in w) else 0
        lead.append(first_odd if v[t] & 1 else 0)
    c.input("in", "s32", v)
    c.output("out", "u32", [1 if t % 32 == 0 else 0 for t in range(64)])
    c.output("lead", "u32", lead)
    c.output("cnt", "s32", [2, v[0] + v[32]], init=[0, 0])


@kernel([1, 1, 1], [32, 1, 1])
def half_shfl(c):
    h = [[c.rng.randint(-300, 300) / 16 for _ in range(2)] for _ in range(32)]
    b = [f32(c.rng.uniform(-100, 100)) for _ in range(32)]
    b = [bits_bf16(f32_bits(x) >> 16) for x in b]  # truncate to bf16
    b2 = [[float(c.rng.randint(-8, 8)) for _ in range(2)] for _ in range(32)]
    hs = butterfly(h, lambda p, q: [round_frac(Fraction(p[k]) + Fraction(q[k]), F16)
                                    for k in range(2)])
    bm = down_tree(b, max, (16, 8, 4, 2, 1), 0x1F)
    bs = butterfly(b2, lambda p, q: [p[0] + q[0], p[1] + q[1]], (1, 2, 4, 8, 16))
    pack16 = lambda p: f16_bits(p[0]) | f16_bits(p[1]) << 16
    packbf = lambda p: bf16_bits(p[0]) | bf16_bits(p[1]) << 16
    c.input("inh", "u32", [pack16(x) for x in h])
    c.input("inb", "u16", [bf16_bits(x) for x in b])
    c.input("inb2", "u32", [packbf(x) for x in b2])
    c.output("outh", "u32", [pack16(x) for x in hs])
    c.output("outb", "u16", [bf16_bits(x) for x in bm])
    c.output("outb2", "u32", [packbf(x) for x in bs])


@kernel([1, 1, 1], [32, 1, 1])
def cub_warp_scan(c):
    v = c.ints(32, -1000, 1000)
    out = [[0] * 32 for _ in range(7)]
    for l in range(32):
        seg, r = v[l & ~15:(l & ~15) + 16], l & 15
        out[0][l] = sum(v[:l + 1])
        out[1][l] = sum(v[:l])
        out[2][l] = sum(v)
        out[3][l] = max(v[:l + 1])
        out[4][l] = min([100] + v[:l])
        out[5][l] = sum(seg[:r + 1])
        out[6][l] = -5 + sum(seg[:r])
    c.input("in", "s32", v)
    c.output("out", "s32", sum(out, []))


@kernel([1, 1, 1], [32, 1, 1])
def cub_warp_exchange(c):
    v = c.ints(128, -1000, 1000)
    c.input("in", "s32", v)
    c.output("out_s", "s32", [v[i * 32 + l] for l in range(32) for i in range(4)])
    c.output("out_b", "s32", list(v))
    c.output("out64", "s64", [s64(sum(v[l] * (1 << 33) + l for l in range(32)))])
    c.output("outf", "f32", [sum(v[l] * 0.5 for l in range(32))])


@kernel([2, 1, 1], [128, 1, 1])
def cub_block_reduce(c):
    v = c.ints(256, -100000, 100000)
    out, scan = [], []
    for b in range(2):
        blk = v[128 * b:128 * b + 128]
        out += [sum(blk), max(blk), sum(blk[:77]), min(blk)]
        scan += [sum(blk[:t]) for t in range(128)]
    c.input("in", "s32", v)
    c.output("out", "s32", out)
    c.output("scan", "s32", scan)


@kernel([1, 1, 1], [64, 1, 1])
def intdiv(c):
    lim = 1 << 31
    x = c.ints(64, -lim, lim - 1)
    y = [c.rng.choice((c.rng.randint(-lim, lim - 1), c.rng.randint(-40, 40))) for _ in range(64)]
    x[:8] = [-lim, -lim, lim - 1, -7, 7, 0, -1, 12345]
    y[:8] = [1, 3, -1, 2, -2, 5, lim - 1, -lim]
    y = [q if q != 0 else 3 for q in y]
    out = []
    for a, b in zip(x, y):
        ua, ub = a & FULL, b & FULL
        out += [cdiv(a, b), crem(a, b), ua // ub, ua % ub, cdiv(a, 7), crem(a, -13),
                ua // 10, ua % 1000, (a * b) >> 32, (ua * ub) >> 32, abs(a), min(a, b),
                max(ua, ub), abs(a - b) + 5, a >> (b & 31), ua >> (b & 31)]
    c.input("in", "s32", x + y)
    c.output("out", "s32", out)


@kernel([1, 1, 1], [32, 1, 1])
def i64_arith(c):
    lim = 1 << 63
    x = [c.rng.choice((c.rng.randint(-lim, lim - 1), c.rng.randint(-(1 << 33), 1 << 33)))
         for _ in range(32)]
    y = [c.rng.choice((c.rng.randint(-lim, lim - 1), c.rng.randint(-(1 << 20), 1 << 20),
                       c.rng.randint(-70, 70))) for _ in range(32)]
    x[:6] = [-lim, lim - 1, -1, 0, 1 << 40, -(1 << 35) + 3]
    y[:6] = [3, -1, -lim, 7, 1 << 32, -(1 << 31)]
    y = [q if q != 0 else 11 for q in y]
    out = []
    for a, b in zip(x, y):
        ua, ub = a & M64, b & M64
        al, bl = s32(a), s32(b)
        w = (ua * ub + ub) & ((1 << 128) - 1)
        sh = bl & 63
        out += [cdiv(a, b), crem(a, b), ua // ub, ua % ub, cdiv(a, 1000), ua % 97,
                (a * b) >> 64, (ua * ub) >> 64, al * bl, w & M64, w >> 64,
                a << sh, a >> sh, ua >> sh, abs(a), min(a, b) ^ max(ua, ub)]
    c.input("in", "s64", x + y)
    c.output("out", "s64", out)


@kernel([1, 1, 1], [64, 1, 1])
def float_math(c):
    x = [0.0, -0.0, 1.5, -1.5, 2.5, -2.5, 0.5, -0.5, 0.49999997, -0.49999997, 1e-40, -3e-39,
         3e38, -3e38, INF, -INF, NAN, 8388609.0, 16777215.0, 3e9, -3e9, 5e18, 1e20, -1e20,
         4294967040.0, -0.3, 0.7, 123.456, 1e-20, 0.999999, 2.0, -1.0]
    x = [f32(a) for a in x] + c.f32s(32, -30, 30)
    y = [3.0, 7.0, -2.0, 0.0, 1e-30, 3e38, -1.0, INF, 10.0, 1e-38, 3.0, 0.1, 10.0, 10.0, 2.0,
         -0.0, 1.0, 0.5, 1.5, 1e30, -7.0, 3e-5, 6e36, 1e-5, 0.25, -0.3, 0.7, 1e-3, -1e-20,
         NAN, 9.0, -3.0]
    y = [f32(a) for a in y] + c.f32s(32, -30, 30)
    z = [f32(c.rng.uniform(-1, 1) * 2.0 ** c.rng.randint(-60, 60)) for _ in range(64)]
    z[0], z[1], z[2] = -0.0, 1.0, f32(-2.25)
    a = [c.rng.uniform(1, 2) * 2.0 ** c.rng.randint(-200, 200) * c.rng.choice((-1, 1))
         for _ in range(64)]
    b = [c.rng.uniform(1, 2) * 2.0 ** c.rng.randint(-200, 200) * c.rng.choice((-1, 1))
         for _ in range(64)]
    a[:6] = [1e300, -1e-310, 5e-40, 3.5e38, 0.0, 2.0]
    b[:6] = [1e10, 0.5, -1e300, 1e-10, -5.0, 2.0]
    outf, outi, outc, outd, outa = [], [], [], [], []
    i32, u32m = (-(1 << 31), (1 << 31) - 1), (0, FULL)
    for t in range(64):
        xv, yv, zv, av, bv = x[t], y[t], z[t], a[t], b[t]
        ax = abs(xv)
        outf += [fsqrt(ax), fdiv(xv, yv), ffma(xv, yv, zv), rint_even(xv),
                 xv if not finite(xv) else keep_sign(xv, math.floor(xv)),
                 xv if not finite(xv) else keep_sign(xv, math.ceil(xv)),
                 xv if not finite(xv) else keep_sign(xv, math.trunc(xv)), round_away(xv),
                 fmin_c(xv, yv), fmax_c(xv, yv), math.copysign(ax, yv),
                 fadd(xv, yv, mode="rz"), fmul(xv, yv, mode="ru"), fdiv(xv, yv, mode="rd"),
                 ffma(xv, yv, zv, mode="rz"), fsqrt(ax, mode="ru"), fdiv(1.0, yv),
                 # The sign of __saturatef(-0.0) is not specified.
                 None if xv == 0 else 0.0 if math.isnan(xv) else min(max(xv, 0.0), 1.0)]
        ll = f2i(xv, -(1 << 63), (1 << 63) - 1, "rz")
        outi += [f2i(xv, *i32, "rz"), f2i(xv, *i32, "rn"), f2i(xv, *u32m, "rd"),
                 f2i(xv, *i32, "ru"), f2i(xv, *u32m, "rz"),
                 None if math.isnan(xv) else s32(ll) ^ s32(ll >> 32)]
        u = f32_bits(zv)
        outc += [round_frac(Fraction(u), F32), round_frac(Fraction(u), F32, "rd"),
                 round_frac(Fraction(u << 31), F32)]
        outd += [fsqrt(abs(av), F64), fdiv(av, bv, F64), ffma(av, bv, av, F64),
                 fadd(av, bv, F64, "rz"), fmul(av, bv, F64, "rd"),
                 round_frac(Fraction(av), F32, "rz") if av else av]
        e = NAN if math.isnan(xv) else math.exp(xv / 16) if xv / 16 < 89 else INF
        big = abs(yv) > 2.0 ** 126 or not finite(xv, yv) or yv == 0
        outa += [round_frac(Fraction(e), F32) if math.isfinite(e) else e,
                 None if big else fdiv(xv, yv),
                 INF if yv == 0 else (NAN if math.isnan(yv) else
                                      f32(1 / math.sqrt(abs(yv)))),
                 NAN if not finite(xv) else f32(math.sin(xv))]
    c.input("inf", "f32", x + y + z)
    c.input("ind", "f64", a + b)
    c.output("outf", "f32", outf)
    c.output("outi", "s32", outi)
    c.output("outc", "f32", outc)
    c.output("outd", "f64", outd)
    c.output("outa", "f32", outa, ulps=4)


@kernel([3, 1, 1], [64, 1, 1], dyn=64 * 4 + 64 * 8)
def dyn_smem(c):
    v = c.ints(192, -(1 << 28), 1 << 28)
    out, outd = [], []
    for g in range(192):
        b, t = g // 64, g % 64
        out.append(s32(v[b * 64 + 63 - t] * (b + 1)))
        outd.append(v[g] * 0.5 + v[b * 64 + (t + 1) % 64] * 0.5)
    c.input("in", "s32", v)
    c.output("out", "s32", out)
    c.output("outd", "f64", outd)


@kernel([2, 1, 1], [32, 1, 1])
def collatz_loop(c):
    start = [c.rng.randint(1, 10 ** 6) for _ in range(64)]
    start[:4] = [1, 27, (1 << 63) + 1, (M64 // 3) | 1]
    work = c.ints(64, -5, 20)
    limit = 300
    steps, last, acc, iters = [], [], [], []
    for s in start:
        n = 0
        while s != 1 and n < limit:
            s = (3 * s + 1) & M64 if s & 1 else s >> 1
            n += 1
        steps.append(n)
        last.append(s)
    count = lambda w: (w + 2) // 3 if w > 0 else 0
    for g, w in enumerate(work):
        acc.append(sum(w - 3 * k for k in range(count(w))))
        iters.append(max(count(x) for x in work[g & ~31:(g & ~31) + 32]))
    c.input("start", "u64", start)
    c.input("work_in", "s32", work)
    c.scalar("limit", "s32", limit)
    c.output("steps", "s32", steps)
    c.output("last", "u64", last)
    c.output("acc", "s32", acc)
    c.output("iters", "s32", iters)


@kernel([2, 2, 1], [16, 8, 1])
def block2d(c):
    v = c.ints(16 * 32, -1000, 1000)
    out_t, out_w, out_id = [0] * 512, [0] * 16, [0] * 512
    for by in range(2):
        for bx in range(2):
            b = by * 2 + bx
            for ty in range(8):
                for tx in range(16):
                    x, y = bx * 16 + tx, by * 8 + ty
                    l = ty * 16 + tx
                    r, col = l % 8, l // 8
                    out_t[b * 128 + l] = v[(by * 8 + r) * 32 + bx * 16 + col]
                    out_w[b * 4 + l // 32] += v[y * 32 + x]
                    out_id[y * 32 + x] = (l % 32) | (l // 32) << 8 | tx << 16 | ty << 24
    c.input("in", "s32", v)
    c.output("out_t", "s32", out_t)
    c.output("out_w", "s32", out_w)
    c.output("out_id", "u32", out_id)


@kernel([2, 1, 1], [128, 1, 1])
def multiwarp_scan(c):
    v = [c.rng.getrandbits(32) for _ in range(256)]
    out = [sum(v[g & ~127:g + 1]) & FULL for g in range(256)]
    c.input("in", "u32", v)
    c.output("out", "u32", out)
    c.output("totals", "u32", [out[127], out[255]])


@kernel([3, 1, 1], [96, 1, 1])
def double_block_sum(c):
    v = [k / 4 for k in c.ints(288, -1000, 1000)]
    parts = [sum(v[96 * b:96 * b + 96]) for b in range(3)]
    c.input("in", "f64", v)
    c.output("total", "f64", [0.5 + sum(parts)], init=[0.5])
    c.output("part", "f64", parts)
    c.output("fsum", "f32", [sum(x * 2 for x in v[96 * b:96 * b + 96]) for b in range(3)])


@kernel([1, 1, 1], [32, 1, 1])
def warp_bitonic(c):
    pool = [c.rng.getrandbits(64) for _ in range(6)] + [1 << 40, 1 << 41]
    keys = [c.rng.choice(pool) for _ in range(32)]
    order = sorted(range(32), key=lambda l: (keys[l], l))
    c.input("in", "u64", keys)
    c.output("keys", "u64", [keys[l] for l in order])
    c.output("idx", "s32", order)


@kernel([1, 1, 1], [32, 1, 1])
def vote_masks(c):
    v = c.ints(20, 1, 200) + [2 * c.rng.randint(-20, 40) + 1 for _ in range(12)]
    out = []
    for l in range(32):
        grp = range(20) if l < 20 else range(20, 32)
        g = [v[i] for i in grp]
        out += [int(all(x > 0 for x in g)), int(any(x > 100 for x in g)),
                int(len({x & 1 for x in g}) == 1),
                sum(1 << i for i in grp if v[i] & 2)]
    c.input("in", "s32", v)
    c.output("out", "u32", out)


@kernel([1, 1, 1], [32, 1, 1])
def llvm_warp_ops(c):
    v = c.ints(32, -(1 << 24), 1 << 24)
    v[7] = 5000
    odd = ballot(x & 1 for x in v)
    fs = butterfly([float(x) for x in v], fadd)
    idx = shfl("idx", v, [l + 3 for l in range(32)], 0x181F)
    out = []
    for l in range(32):
        out += [odd, int(all(x != 0 for x in v)), int(any(x > 1000 for x in v)),
                ballot((x & 3) == (v[l] & 3) for x in v), f32_bits(fs[l]), idx[l]]
    c.input("in", "s32", v)
    c.output("out", "u32", out)


def sext(x, bits):
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


@kernel([1, 1, 1], [32, 1, 1])
def llvm_int_math(c):
    lim = 1 << 63
    a = [c.rng.choice((c.rng.randint(-lim, lim - 1), c.rng.randint(-5000, 5000)))
         for _ in range(32)]
    b = [c.rng.choice((c.rng.randint(-lim, lim - 1), c.rng.randint(-300, 300)))
         for _ in range(32)]
    a[:4] = [0, -1, lim - 1, -lim]
    b[:4] = [5, 1 << 16 | 3, -2, 3]
    b = [q if q & 0xFFFF else q | 1 for q in b]
    out = []
    for t in range(32):
        x, y = a[t], b[t]
        ux, uy = x & M64, y & M64
        fa, fb = float(sext(x, 16)), float(sext(y, 16))
        fm = ffma(fa, fb, fsqrt(abs(fa)))
        fsh = t & 63
        out += [cdiv(x, y), crem(x, y), ux // uy, ux % uy,
                sext(sext(x, 16) * sext(y, 16), 16), (x + y) & 255,
                popc(ux) + (clz(uy, 64) << 8) + ((64 if ux == 0 else ffs(ux) - 1) << 16),
                brev(ux, 64), ((ux << fsh) | (uy >> (64 - fsh))) & M64 if fsh else ux,
                min(x, y) ^ max(ux, uy), sum(ux >> i & 255 for i in range(0, 64, 8)),
                f32_bits(fdiv(fm, fb))]
    c.input("in", "s64", a + b)
    c.output("out", "s64", out)


def main():
    names = sys.argv[1:] or sorted(KERNELS)
    os.makedirs(os.path.join(HERE, "cases"), exist_ok=True)
    for name in names:
        fn, grid, block, dyn = KERNELS[name]
        c = Case(name)
        fn(c)
        case = {"kernel": name, "grid": grid, "block": block, "dynamic_shared_bytes": dyn,
                "params": c.params, "expected": c.expected}
        with open(os.path.join(HERE, "cases", name + ".json"), "w") as f:
            json.dump(case, f, separators=(",", ":"))
            f.write("\n")


if __name__ == "__main__":
    main()
