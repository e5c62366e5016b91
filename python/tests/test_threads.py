"""Kernels run from several threads at once, with the GIL released."""

import threading

import numpy as np

import ptxwarp
from conftest import EXAMPLES, HEADER


def test_two_threads_run_at_once():
    k = ptxwarp.parse_file(EXAMPLES / "warp_reduce.ptx").kernel("warp_reduce")
    results = {}
    errors = []

    def work(tid):
        try:
            rng = np.random.default_rng(tid)
            for _ in range(20):
                data = rng.integers(0, 1000, 32, dtype=np.uint32)
                out = np.zeros(32, np.uint32)
                odd = np.zeros(1, np.uint32)
                k.run(1, 32, [data, out, odd])
                ok = (out == data.sum()).all() and \
                    odd[0] == np.count_nonzero(data % 2)
                results.setdefault(tid, []).append(bool(ok))
        except Exception as e:  # reported below, not lost in the thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert results == {0: [True] * 20, 1: [True] * 20}


SPIN = HEADER + """
.visible .entry spin(.param .u32 n)
{
  .reg .pred %p<2>; .reg .b32 %r<3>;
  ld.param.u32 %r1, [n];
  mov.u32 %r2, 0;
L:
  add.u32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, %r1;
  @%p1 bra L;
  ret;
}
"""


def test_the_gil_is_released_while_a_kernel_runs():
    # While one thread runs a long kernel, another Python thread keeps
    # running: with the GIL held it could not take a single step.
    k = ptxwarp.parse(SPIN).kernel("spin")
    done = threading.Event()
    ticks = 0

    def run():
        k.run(1, 32, {"n": 3_000_000}, max_steps=100_000_000)
        done.set()

    t = threading.Thread(target=run)
    t.start()
    while not done.is_set():
        ticks += 1
        done.wait(0.001)
    t.join()
    assert ticks > 5
