"""jobs > 1 runs CTAs on several threads with the result of running them in
order (README, ptx-run --jobs). Kernels: bench/grid_reduce/grid_reduce.cu
and test/Run/Inputs/jobs/jobs.cu; expected values are closed forms."""

import numpy as np
import pytest

import ptxwarp
from conftest import SOURCE_DIR as ROOT



def test_grid_reduce_same_for_every_jobs():
    k = ptxwarp.parse_file(ROOT / "bench/grid_reduce/grid_reduce.sm_80.ptx") \
        .kernel("grid_reduce")
    n = 32 * 256
    data = np.arange(n, dtype=np.uint32)
    results = []
    for jobs in (1, 2, 4, 0):
        out = np.zeros(1, dtype=np.uint64)
        r = k.run(grid=32, block=256, args=[data, out, n], jobs=jobs)
        assert out[0] == n * (n - 1) // 2
        results.append((r.stats, r.buffers, r.printf))
    assert all(x == results[0] for x in results)


def test_printf_in_cta_order_and_first_error_wins():
    m = ptxwarp.parse_file(ROOT / "test/Run/Inputs/jobs/jobs.sm_80.ptx")
    k = m.kernel("ub_later")
    seen = []
    for jobs in (1, 2, 4):
        out = np.zeros(10 * 32, dtype=np.uint32)
        with pytest.raises(RuntimeError) as e:
            k.run(grid=10, block=32, args=[out, 6], jobs=jobs)
        result = e.value.result
        assert "in CTA (6,0,0)" in str(e.value)
        assert result.printf == "".join(f"cta {c}\n" for c in range(7))
        # CTAs 0-5 stored out[t] = t; CTA 6 failed at its first store and
        # CTAs 7-9 never ran, also when they ran beside CTA 6.
        expected = np.where(np.arange(10 * 32) < 6 * 32,
                            np.arange(10 * 32), 0).astype(np.uint32)
        got = np.frombuffer(result.buffers["ub_later_param_0"], np.uint32)
        assert (got == expected).all()
        seen.append((str(e.value), result.stats, result.printf,
                     result.buffers))
    assert all(x == seen[0] for x in seen)
