"""Random arguments to Kernel.run: every call returns or raises one of the
documented exceptions; none crashes the interpreter or corrupts memory."""

import random

import numpy as np
import pytest

import ptxwarp
from conftest import EXAMPLES, HEADER

MIXED = HEADER + """
.visible .entry m(.param .u64 p, .param .u32 n, .param .f32 f, .param .s16 h)
{
  .reg .b32 %r<3>; .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [p];
  ld.param.u32 %r1, [n];
  setp.eq.u32 %p1, %r1, 0;
  @%p1 ret;
  st.global.u32 [%rd1], %r1;
  ret;
}
""".replace(".reg .b32", ".reg .pred %p<2>;\n  .reg .b32")


def random_value(rng):
    choice = rng.randrange(14)
    if choice == 0:
        return rng.randrange(-(1 << 70), 1 << 70)
    if choice == 1:
        return rng.randrange(-5, 5)
    if choice == 2:
        return rng.uniform(-1e40, 1e40)
    if choice == 3:
        dtype = rng.choice([np.uint8, np.int16, np.float32, np.float64,
                            np.uint64, np.bool_, np.complex64])
        return np.zeros(rng.randrange(0, 9), dtype=dtype)
    if choice == 4:
        return np.zeros((3, 4), np.uint32)[:, ::2]
    if choice == 5:
        return bytes(rng.randrange(0, 9))
    if choice == 6:
        return rng.choice([None, "x", [1, 2], {}, object(), True])
    if choice == 7:
        return ptxwarp.Address(rng.randrange(0, 1 << 64))
    if choice == 8:
        return rng.choice([np.float16(1), np.uint32(3), np.int64(-1),
                           np.float32("nan")])
    if choice == 9:
        return float("inf")
    if choice == 10:
        return np.zeros(4, np.uint32)
    if choice == 11:
        return memoryview(bytearray(8))
    if choice == 12:
        return ptxwarp.Scalar(rng.choice(["u32", "s16", "f32", "u64"]),
                              rng.choice([0, -1, 1.5, 1 << 40]))
    return np.zeros(1, np.uint32)[0:0]


EXPECTED = (ptxwarp.Error, TypeError, ValueError)


@pytest.mark.parametrize("seed", range(4))
def test_random_arguments(seed):
    rng = random.Random(seed)
    k = ptxwarp.parse(MIXED).kernel("m")
    names = ["p", "n", "f", "h", "q"]
    outcomes = {"ok": 0, "error": 0}
    for _ in range(150):
        if rng.random() < 0.5:
            args = {rng.choice(names): random_value(rng)
                    for _ in range(rng.randrange(0, 6))}
        else:
            args = [random_value(rng) for _ in range(rng.randrange(0, 6))]
        grid = rng.choice([1, 2, (1, 1), (1, 2, 3), 0, -1, (1, 1, 1, 1),
                           2.5, "1", 1 << 40])
        block = rng.choice([1, 32, (8, 4), 1025, (1, 1, 65), 0])
        try:
            k.run(grid, block, args, max_steps=1000)
            outcomes["ok"] += 1
        except EXPECTED:
            outcomes["error"] += 1
    assert outcomes["error"] > 0


def test_scalar_type_names():
    with pytest.raises(ValueError):
        ptxwarp.Scalar("u33", 1)
    assert ptxwarp.Scalar(".u32", 1).type == "u32"
