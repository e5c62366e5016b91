"""Running kernels from Python with numpy buffers; expected values come from
numpy's own arithmetic."""

import subprocess
import sys

import numpy as np
import pytest

import ptxwarp
from conftest import EXAMPLES, HEADER, tool


def warp_reduce():
    return ptxwarp.parse_file(EXAMPLES / "warp_reduce.ptx").kernel("warp_reduce")


def test_warp_reduce_matches_numpy():
    rng = np.random.default_rng(7)
    data = rng.integers(0, 1 << 32, size=32, dtype=np.uint32)
    out = np.zeros(32, dtype=np.uint32)
    odd = np.zeros(1, dtype=np.uint32)
    r = warp_reduce().run(grid=1, block=32,
                          args={"in": data, "out": out, "odd": odd})
    total = data.sum(dtype=np.uint32)  # u32 addition wraps, as add.s32 does
    assert (out == total).all()
    assert odd[0] == np.count_nonzero(data % 2)
    assert r.stats.warp_instructions > 0
    assert r.stats.lane_instructions >= 32 * r.stats.warp_instructions // 2
    assert r.buffers["out"] == out.tobytes()
    assert r.buffer_types["out"] == "u32"
    assert r.diagnostics == []


def test_positional_args_any_dtype_and_bytes():
    # An array is passed as its bytes whatever its dtype: 32 u32 values as
    # 128 uint8s, read back through a view.
    data = np.arange(32, dtype=np.uint32)
    out = np.zeros(128, dtype=np.uint8)
    odd = bytearray(4)
    warp_reduce().run(1, 32, [data.view(np.uint8), out, odd])
    assert (out.view(np.uint32) == 496).all()
    assert int.from_bytes(odd, "little") == 16
    # bytes are read-only: the result is in RunResult.buffers only.
    frozen = bytes(128)
    r = warp_reduce().run(1, 32, [data, frozen, odd])
    assert frozen == bytes(128)
    assert np.frombuffer(r.buffers["out"], np.uint32)[5] == 496


def test_strided_array_is_written_back():
    data = np.arange(32, dtype=np.uint32)
    base = np.zeros(64, dtype=np.uint32)
    out = base[::2]  # not contiguous
    odd = np.zeros(1, dtype=np.uint32)
    warp_reduce().run(1, 32, {"in": data, "out": out, "odd": odd})
    assert (base[::2] == 496).all() and (base[1::2] == 0).all()


SAXPY = HEADER + """
.visible .entry saxpy(.param .u64 x, .param .u64 y, .param .f32 a,
                      .param .u32 n)
{
  .reg .pred %p<2>; .reg .b32 %r<5>; .reg .f32 %f<5>; .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [x]; ld.param.u64 %rd2, [y];
  ld.param.f32 %f1, [a]; ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x; mov.u32 %r4, %tid.x;
  mad.lo.s32 %r2, %r2, %r3, %r4;
  setp.ge.u32 %p1, %r2, %r1;
  @%p1 bra done;
  mul.wide.u32 %rd3, %r2, 4;
  add.s64 %rd4, %rd1, %rd3; add.s64 %rd5, %rd2, %rd3;
  ld.global.f32 %f2, [%rd4]; ld.global.f32 %f3, [%rd5];
  mul.rn.f32 %f4, %f1, %f2;
  add.rn.f32 %f4, %f4, %f3;
  st.global.f32 [%rd5], %f4;
done:
  ret;
}
"""


@pytest.mark.parametrize("a", [2.5, 3, np.float32(0.1),
                               ptxwarp.Scalar("f32", -1.75)])
def test_scalars_take_the_declared_type(a):
    k = ptxwarp.parse(SAXPY).kernel("saxpy")
    rng = np.random.default_rng(1)
    x = rng.standard_normal(100).astype(np.float32)
    y = rng.standard_normal(100).astype(np.float32)
    want = y.copy()
    n = 97  # the last three stay as they were
    av = np.float32(a.value if isinstance(a, ptxwarp.Scalar) else a)
    want[:n] = av * x[:n] + y[:n]  # float32 mul then add, each rounded
    k.run(grid=4, block=32, args={"x": x, "y": y, "a": a, "n": n})
    assert y.tobytes() == want.tobytes()


def test_registers_printf_and_trace():
    k = warp_reduce()
    data = np.arange(64, dtype=np.uint32)
    out = np.zeros(64, dtype=np.uint32)
    odd = np.zeros(1, dtype=np.uint32)
    r = k.run(2, 32, {"in": data, "out": out, "odd": odd},
              registers=["%r1", "%r2"], trace=True)
    assert r.registers["%r1"].values == tuple(range(32))  # %tid.x
    assert set(r.registers["%r2"].values) == {496}
    assert not any(r.registers["%r1"].undefined)
    assert "shfl.sync.bfly.b32" in r.trace
    assert "%r1" in k.register_names and "Shfl.b32.bfly" in k.ir


def test_schedules_agree_on_a_race_free_kernel():
    data = np.arange(32, dtype=np.uint32)
    for sched, seed in (("converged", 0), ("lockstep", 0), ("random", 5)):
        out = np.zeros(32, dtype=np.uint32)
        warp_reduce().run(1, 32, [data, out, np.zeros(1, np.uint32)],
                          sched=sched, seed=seed)
        assert (out == 496).all(), sched


def test_python_m_run_matches_ptx_run():
    argv = ["--launch", str(EXAMPLES / "warp_reduce.json"), "--dump", "out",
            "--dump", "odd", str(EXAMPLES / "warp_reduce.ptx")]
    r = subprocess.run([sys.executable, "-m", "ptxwarp", "run", *argv],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "odd: u32[1]\n  [   0]          16\n" in r.stdout
    run = tool("ptx-run")
    if run:
        want = subprocess.run([run, *argv], capture_output=True, text=True)
        assert r.stdout == want.stdout
