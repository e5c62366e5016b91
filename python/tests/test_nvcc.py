"""examples/cuda_dot.py: a CUDA kernel compiled by nvcc, run through ptxwarp
with numpy data and checked against numpy (skipped where nvcc is absent)."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import EXAMPLES

HAVE_NVCC = bool(shutil.which("nvcc")) or os.path.exists(
    "/usr/local/cuda/bin/nvcc")


@pytest.mark.skipif(not HAVE_NVCC, reason="nvcc not found")
def test_cuda_example_matches_numpy():
    r = subprocess.run([sys.executable, str(EXAMPLES / "cuda_dot.py")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.rstrip().endswith("matches numpy")
    assert "diagnostics: []" in r.stdout
