"""Linting from Python: the diagnostics of a good and a bad module."""

import subprocess
import sys

import pytest

import ptxwarp
from conftest import EXAMPLES, HEADER, tool


def test_good_module_is_clean():
    m = ptxwarp.parse_file(EXAMPLES / "warp_reduce.ptx")
    assert m.check() == []
    assert m.version == "7.0"
    assert m.targets == ["sm_80"]
    assert m.kernels == ["warp_reduce"]
    assert [p.name for p in m.parameters("warp_reduce")] == ["in", "out", "odd"]
    assert "warp_reduce" in repr(m)


def test_bad_module_diagnostics():
    # examples/lint_errors.ptx: redux.f32 needs PTX 8.6 and sm_100a-family
    # targets (PTX ISA 9.7.13.x, redux.sync), shfl's membermask 0 and lane 40
    # (ISA: only the low 5 bits of b are used), vote.ballot's operand a is a
    # predicate, not a .b32 register.
    d = ptxwarp.parse_file(EXAMPLES / "lint_errors.ptx").check()
    got = [(x.line, x.severity, x.id) for x in d]
    assert (9, "error", "version-gate") in got
    assert (9, "error", "target-gate") in got
    assert (10, "warning", "membermask-zero") in got
    assert (10, "warning", "shfl-lane-range") in got
    assert (11, "error", "operand-type") in got
    assert all(x.file.endswith("lint_errors.ptx") for x in d)
    assert len(d.errors) == 3 and d.errors[0].column == 2
    gate = d.errors[0]
    assert gate.notes and gate.notes[0].line == 1  # ".version 7.8 here"
    assert str(gate).startswith("%s:9:2: error: " % gate.file)
    assert "[version-gate]" in repr(gate)


def test_render_matches_ptx_lint():
    lint = tool("ptx-lint")
    if not lint:
        pytest.skip("ptx-lint not built")
    path = str(EXAMPLES / "lint_errors.ptx")
    want = subprocess.run([lint, path], capture_output=True, text=True)
    assert want.stderr.count(": error: ") == 3
    assert ptxwarp.lint_file(path).render() == want.stderr
    assert ptxwarp.parse_file(path).check().render() == want.stderr


def test_syntax_errors_and_arch():
    m = ptxwarp.parse(HEADER + ".visible .entry k() { add.u32 %r1 %r2; }",
                      "broken.ptx")
    assert m.parse_diagnostics and m.parse_diagnostics[0].id == "syntax-error"
    assert m.check()[0].file == "broken.ptx"
    good = ptxwarp.parse_file(EXAMPLES / "warp_reduce.ptx")
    with pytest.raises(ValueError, match="sm_12"):
        good.check("sm_12")
    # redux.sync needs sm_80 (PTX ISA 9.7.13.x); checking for an arch below
    # the module's .target is an error, as with ptxas -arch.
    redux = ptxwarp.parse(HEADER + ".visible .entry k() { .reg .b32 %r<3>;\n"
                          "redux.sync.add.u32 %r1, %r2, -1; ret; }")
    assert redux.check().errors == [] and redux.check("sm_90").errors == []
    assert [x.id for x in redux.check("sm_75").errors] == ["arch-mismatch"]
    old = ptxwarp.parse(HEADER.replace("sm_80", "sm_70") +
                        ".visible .entry k() { .reg .b32 %r<3>;\n"
                        "redux.sync.add.u32 %r1, %r2, -1; ret; }")
    assert [x.id for x in old.check().errors] == ["target-gate"]


def test_unreadable_file():
    with pytest.raises(OSError):
        ptxwarp.parse_file("/nonexistent/k.ptx")
    d = ptxwarp.lint_file("/nonexistent/k.ptx")
    assert [x.id for x in d] == ["io-error"]


def test_python_m_lint(tmp_path):
    path = str(EXAMPLES / "lint_errors.ptx")
    r = subprocess.run([sys.executable, "-m", "ptxwarp", "lint", path],
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert "error: Feature 'redux.f32' requires PTX ISA .version 8.6" in r.stderr
    lint = tool("ptx-lint")
    if lint:
        assert r.stderr == subprocess.run([lint, path], capture_output=True,
                                          text=True).stderr
    clean = subprocess.run([sys.executable, "-m", "ptxwarp", "lint",
                            str(EXAMPLES / "warp_reduce.ptx")],
                           capture_output=True, text=True)
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, "", "")
