"""Shared fixtures of the Python package's tests (run by ctest as `python`;
alone: PYTHONPATH=build/python python3 -m pytest python/tests)."""

import os
import pathlib
import shutil

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get(
    "PTXWARP_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
EXAMPLES = SOURCE_DIR / "examples"


def tool(name):
    """build/bin/<name> when the tests run from the build tree (ctest)."""
    path = pathlib.Path.cwd() / "bin" / name
    return str(path) if path.exists() else shutil.which(name)


HEADER = ".version 8.0\n.target sm_80\n.address_size 64\n"


@pytest.fixture
def examples():
    return EXAMPLES
