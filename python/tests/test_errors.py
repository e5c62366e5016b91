"""Exceptions: runtime errors of every kind, checker errors, and launches
that do not fit the kernel. Each kernel breaks one rule of the PTX ISA (the
"Independent Thread Scheduling" rules of the .sync instructions, memory
bounds) or a limit of the interpreter."""

import numpy as np
import pytest

import ptxwarp
from conftest import EXAMPLES, HEADER


def kernel(body, params=".param .u64 out", regs=""):
    text = (HEADER + f".visible .entry k({params})\n{{\n"
            ".reg .pred %p<4>; .reg .b32 %r<8>; .reg .b64 %rd<4>;\n"
            f"{regs}\n{body}\n}}\n")
    return ptxwarp.parse(text, "k.ptx").kernel("k")


# Line numbers: HEADER is 3 lines, then .entry, {, .reg, regs: the body
# starts at line 8.
RUNTIME_CASES = {
    # (a) the whole warp executes match with membermask 0xff00: lanes 0-7
    # and 16-31 are not in it.
    "ub-exec-not-member": ("match.any.sync.b32 %r1, %r2, 0xff00;", 8,
                           list(range(0, 8)) + list(range(16, 32))),
    # (e) membermask 0.
    "ub-zero-mask": ("vote.sync.any.pred %p1, %p2, 0;", 8, list(range(32))),
    # (c) lane 7 names 0x7fffffff, the others 0xffffffff, at the same vote:
    # every lane is in its own mask, but the masks differ.
    "ub-mask-mismatch": ("mov.u32 %r1, %laneid;\n"
                         "setp.eq.u32 %p1, %r1, 7;\n"
                         "selp.b32 %r2, 0x7fffffff, -1, %p1;\n"
                         "vote.sync.ballot.b32 %r3, %p1, %r2;", 11,
                         list(range(32))),
    # (b) half the warp waits at bar.warp.sync, the other half at vote.
    "ub-deadlock": ("mov.u32 %r1, %laneid;\n"
                    "setp.lt.u32 %p1, %r1, 16;\n"
                    "@%p1 bra A;\n"
                    "bar.warp.sync -1;\n"
                    "bra B;\n"
                    "A: vote.sync.ballot.b32 %r2, %p1, -1;\n"
                    "B: ret;", None, list(range(32))),
    # A store past the end of the 16-byte buffer: reported for the first lane
    # whose access faults.
    "out-of-bounds": ("ld.param.u64 %rd1, [out];\n"
                      "st.global.u32 [%rd1+16], 1;", 9, [0]),
    # trap.
    "runtime-trap": ("trap;", 8, list(range(32))),
    # An endless loop stops at max_steps.
    "step-limit": ("L: bra L;", 8, None),
    # A 4-byte store at an address 2 modulo 4 (PTX ISA 5.4.x: accesses are
    # naturally aligned).
    "misaligned-access": ("ld.param.u64 %rd1, [out];\n"
                          "st.global.u32 [%rd1+2], 1;", 9, [0]),
    # (f) bar.sync is .aligned: the halves of the warp reach barrier 0 from
    # two different bar.sync instructions.
    "ub-aligned-partial": ("mov.u32 %r1, %laneid;\n"
                           "setp.lt.u32 %p1, %r1, 16;\n"
                           "@%p1 bra A;\n"
                           "bar.sync 0;\n"
                           "bra B;\n"
                           "A: bar.sync 0;\n"
                           "B: ret;", None, list(range(32))),
}


@pytest.mark.parametrize("kind", sorted(RUNTIME_CASES))
def test_runtime_errors_raise(kind):
    body, line, lanes = RUNTIME_CASES[kind]
    k = kernel(body)
    out = np.zeros(4, dtype=np.uint32)
    with pytest.raises(ptxwarp.RuntimeError) as e:
        k.run(1, 32, {"out": out}, max_steps=10_000)
    err = e.value
    assert isinstance(err, RuntimeError)  # also the builtin
    assert err.id == kind
    if line is not None:
        assert err.line == line
    if lanes is not None:
        assert err.lanes == lanes
    assert err.diagnostics.errors[0].id == kind
    assert kind in str(err)
    assert err.result.stats.warp_instructions > 0


def test_memory_limit():
    # 40000 bytes of .shared in a launch allowed 1000 bytes.
    k = kernel("ret;", regs=".shared .align 4 .b8 s[40000];")
    with pytest.raises(ptxwarp.RuntimeError) as e:
        k.run(1, 32, {"out": np.zeros(1, np.uint32)}, memory_limit=1000)
    assert e.value.id == "memory-limit"
    assert "'s' alone needs 40000 bytes" in str(e.value)


def test_undefined_use():
    # (d) lane 31 exits before the shfl.down, so lane 30's source lane (31)
    # is not in the membermask 0x7fffffff and the value it reads is
    # undefined (PTX ISA shfl.sync); storing it is the use.
    k = kernel("mov.u32 %r1, %laneid;\n"
               "setp.eq.u32 %p1, %r1, 31;\n"
               "@%p1 ret;\n"
               "shfl.sync.down.b32 %r2, %r1, 1, 31, 0x7fffffff;\n"
               "ld.param.u64 %rd1, [out];\n"
               "st.global.u32 [%rd1], %r2;")
    with pytest.raises(ptxwarp.RuntimeError) as e:
        k.run(1, 32, {"out": np.zeros(1, np.uint32)})
    assert e.value.id == "ub-undefined-use"
    assert e.value.lanes == [30]
    assert e.value.line == 13


def test_check_errors_raise():
    m = ptxwarp.parse_file(EXAMPLES / "lint_errors.ptx")
    with pytest.raises(ptxwarp.CheckError) as e:
        m.kernel("k")
    assert [d.id for d in e.value.diagnostics.errors][:2] == [
        "version-gate", "target-gate"]


LAUNCH_CASES = [
    ("unknown kernel", lambda m, k: m.kernel("nope"), "no kernel 'nope'"),
    ("missing param", lambda m, k: k.run(1, 32, {"in": np.zeros(32, np.uint32)}),
     "out"),
    ("unknown param", lambda m, k: k.run(1, 32, {"inn": np.zeros(1)}), "inn"),
    ("too many", lambda m, k: k.run(1, 32, [b"", b"", b"", b""]),
     "takes 3 parameters"),
    ("scalar for pointer", lambda m, k: k.run(1, 32, [1.5, b"", b""]), "in"),
    ("bad dims", lambda m, k: k.run(0, 32, [b"", b"", b""]), "grid"),
    ("block limit", lambda m, k: k.run(1, 2048, [b"", b"", b""]), "1024"),
    ("bad sched", lambda m, k: k.run(1, 32, [b"", b"", b""], sched="x"),
     "sched"),
    ("jobs", lambda m, k: k.run(1, 32, [b"", b"", b""], jobs=-1), "jobs"),
    ("jobs type", lambda m, k: k.run(1, 32, [b"", b"", b""], jobs=1.5),
     "jobs"),
    ("args type", lambda m, k: k.run(1, 32, "abc"), "args"),
    ("object arg", lambda m, k: k.run(1, 32, [object(), b"", b""]),
     "cannot pass"),
]


@pytest.mark.parametrize("case", LAUNCH_CASES, ids=[c[0] for c in LAUNCH_CASES])
def test_launch_errors_raise(case):
    _name, call, text = case
    m = ptxwarp.parse_file(EXAMPLES / "warp_reduce.ptx")
    k = m.kernel("warp_reduce")
    with pytest.raises(ptxwarp.LaunchError, match=text):
        call(m, k)


SCALARS = HEADER + """
.visible .entry s(.param .u32 n, .param .s8 c, .param .f64 d, .param .b32 b)
{ ret; }
"""


@pytest.mark.parametrize("args,ok", [
    ({"n": 7, "c": -3, "d": 1.5, "b": -1}, True),
    ({"n": -1, "c": 0, "d": 0.0, "b": 0}, False),      # -1 is no .u32
    ({"n": 1 << 32, "c": 0, "d": 0.0, "b": 0}, False),  # too wide
    ({"n": 1, "c": 128, "d": 0.0, "b": 0}, False),      # .s8 is -128..127
    ({"n": 1.5, "c": 0, "d": 0.0, "b": 0}, False),      # float for .u32
    ({"n": 1, "c": 0, "d": 2, "b": 2.5}, True),         # int -> f64, f32 bits
    ({"n": True, "c": 0, "d": 0.0, "b": 0}, False),     # bool
    ({"n": 1 << 70, "c": 0, "d": 0.0, "b": 0}, False),  # beyond 64 bits
    ({"n": np.uint64(1), "c": 0, "d": 0.0, "b": 0}, True),  # 1 fits .u32
    ({"n": ptxwarp.Scalar("u32", 9), "c": np.int8(-1), "d": np.float64(2),
      "b": 0}, True),
])
def test_scalar_binding(args, ok):
    k = ptxwarp.parse(SCALARS).kernel("s")
    if ok:
        k.run(1, 1, args)
    else:
        with pytest.raises(ptxwarp.LaunchError):
            k.run(1, 1, args)
