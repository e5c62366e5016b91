"""ptxwarp: lint PTX as ptxas does and run it in a warp interpreter.

    >>> import numpy as np, ptxwarp
    >>> m = ptxwarp.parse_file("examples/warp_reduce.ptx")
    >>> m.check()                              # [] when clean
    >>> data = np.arange(32, dtype=np.uint32)
    >>> out = np.zeros(32, dtype=np.uint32)
    >>> odd = np.zeros(1, dtype=np.uint32)
    >>> r = m.kernel("warp_reduce").run(grid=1, block=32,
    ...                                 args={"in": data, "out": out, "odd": odd})
    >>> int(out[0]) == int(data.sum())
    True

The package mirrors the C++ API (include/ptxwarp/API, README.md "Library"):
parse / parse_file give a Module; Module.check gives Diagnostics;
Module.kernel gives a Kernel; Kernel.run runs a launch and returns a RunResult.
Arrays passed to a kernel are copied in as bytes (PTX pointers carry no element
type) and written back in place after the run.
"""

from __future__ import annotations

import builtins
import threading
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _core

__version__: str = _core.version

__all__ = [
    "parse", "parse_file", "lint_file", "Module", "Kernel", "RunResult",
    "RunStats", "Diagnostic", "DiagnosticNote", "Diagnostics", "Scalar",
    "Address", "RegisterValues", "Error", "CheckError", "RuntimeError",
    "LaunchError",
]


# ---------------------------------------------------------------------------
# Exceptions


class Error(Exception):
    """Base of the exceptions ptxwarp raises."""


class CheckError(Error):
    """The module has errors (syntax, checker or lowering) that keep a kernel
    from being made. ``diagnostics`` holds them all."""

    def __init__(self, message: str, diagnostics: "Diagnostics"):
        super().__init__(message)
        self.diagnostics = diagnostics


class RuntimeError(Error, builtins.RuntimeError):
    """The kernel did something undefined or hit a limit while running
    (a membermask naming an exited lane, an out-of-bounds access, the step
    or memory limit). ``diagnostics`` holds the runtime errors; ``lanes``,
    ``warp``, ``line`` and ``id`` describe the first; ``result`` is the
    RunResult of the stopped run (its buffers as the kernel left them; the
    arrays passed in are not written back)."""

    def __init__(self, message: str, diagnostics: "Diagnostics",
                 result: "RunResult"):
        super().__init__(message)
        self.diagnostics = diagnostics
        self.result = result
        first = diagnostics.errors[0] if diagnostics.errors else None
        self.id: str = first.id if first else ""
        self.line: int = first.line if first else 0
        self.lanes: List[int] = list(first.lanes) if first else []
        self.warp: int = first.warp if first else 0


class LaunchError(Error, ValueError):
    """The launch does not fit the kernel (a missing or unknown parameter, a
    value that is no value of the parameter's type, a buffer for a
    parameter that cannot hold an address, dimensions beyond CUDA's limits)
    or the kernel does not exist. Nothing ran."""


# ---------------------------------------------------------------------------
# Diagnostics


@dataclass(frozen=True)
class DiagnosticNote:
    message: str
    file: str
    line: int
    column: int


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic: ``id`` is the stable id the tools print in brackets,
    ``group`` the -W group that controls it. Runtime errors name the warp
    and its ``lanes`` (and the CTA-linear ``threads``)."""

    id: str
    severity: str  # "error", "warning" or "note"
    message: str
    file: str
    line: int
    column: int
    group: str = ""
    notes: Tuple[DiagnosticNote, ...] = ()
    warp: int = 0
    lanes: Tuple[int, ...] = ()
    threads: Tuple[int, ...] = ()

    @classmethod
    def _from(cls, d: Dict[str, Any]) -> "Diagnostic":
        return cls(id=d["id"], severity=d["severity"], message=d["message"],
                   file=d["file"], line=d["line"], column=d["column"],
                   group=d["group"],
                   notes=tuple(DiagnosticNote(n["message"], n["file"],
                                              n["line"], n["column"])
                               for n in d["notes"]),
                   warp=d["warp"], lanes=tuple(d["lanes"]),
                   threads=tuple(d["threads"]))

    def __str__(self) -> str:
        where = (f"{self.file}:{self.line}:{self.column}: " if self.line
                 else "")
        return f"{where}{self.severity}: {self.message} [{self.id}]"

    def __repr__(self) -> str:
        lanes = f" lanes={list(self.lanes)}" if self.lanes else ""
        return (f"<Diagnostic {self.severity} {self.file}:{self.line}:"
                f"{self.column} [{self.id}]{lanes} {self.message!r}>")


class Diagnostics(List[Diagnostic]):
    """A list of Diagnostic that renders as the tools print it."""

    def __init__(self, lists: Sequence[Any] = ()):
        self._lists = list(lists)
        super().__init__(Diagnostic._from(d) for l in self._lists
                         for d in l.items())

    @property
    def errors(self) -> List[Diagnostic]:
        return [d for d in self if d.severity == "error"]

    @property
    def warnings(self) -> List[Diagnostic]:
        return [d for d in self if d.severity == "warning"]

    def render(self, color: bool = False) -> str:
        """``file:line:col: error: message [id]`` with the source line and a
        caret, exactly as ptx-lint prints it."""
        return "".join(l.render_text(color) for l in self._lists)

    def sarif(self, tool: str = "ptxwarp") -> str:
        """One SARIF 2.1.0 log (for code scanning)."""
        return _core.render_sarif(self._lists, tool)


# ---------------------------------------------------------------------------
# Modules

_session_lock = threading.Lock()
_sessions: Dict[Tuple[Tuple[str, ...], bool, int], Any] = {}


def _session(warnings: Sequence[str] = (), no_warnings: bool = False,
             error_limit: int = 20) -> Any:
    key = (tuple(warnings), no_warnings, error_limit)
    with _session_lock:
        if key not in _sessions:
            try:
                _sessions[key] = _core.Session(list(warnings), no_warnings,
                                               error_limit)
            except ValueError as e:
                raise ValueError(str(e)) from None
        return _sessions[key]


def parse(text: str, name: str = "<string>", *,
          warnings: Sequence[str] = (), no_warnings: bool = False,
          error_limit: int = 20) -> "Module":
    """Parses PTX text. Syntax errors do not raise: they are in
    ``Module.parse_diagnostics`` (and in ``Module.check()``).
    ``warnings`` are the tools' -W flags without "-W" ("error",
    "no-membermask", "pedantic")."""
    if not isinstance(text, str):
        raise TypeError(f"text must be str, not {type(text).__name__}")
    return Module(_session(warnings, no_warnings, error_limit)
                  .parse(text, name))


def parse_file(path: Any, *, warnings: Sequence[str] = (),
               no_warnings: bool = False, error_limit: int = 20) -> "Module":
    """Reads and parses a PTX file (OSError when it cannot be read)."""
    return Module(_session(warnings, no_warnings, error_limit)
                  .parse_file(str(path)))


def lint_file(path: Any, arch: Optional[str] = None, *,
              compile_only: bool = False, warnings: Sequence[str] = (),
              no_warnings: bool = False) -> Diagnostics:
    """What ``ptx-lint FILE`` does: every problem with the file (an
    unreadable one too, id "io-error") as Diagnostics."""
    diags, _readable = _session(warnings, no_warnings).lint_file(
        str(path), arch or "", compile_only)
    return Diagnostics([diags])


@dataclass(frozen=True)
class Parameter:
    name: str
    type: str  # "u64", "f32", ... without the dot
    is_pointer: bool = False


class Module:
    """A parsed PTX module: immutable, shareable between threads."""

    def __init__(self, core: Any):
        self._m = core
        self._functions = core.functions()

    @property
    def name(self) -> str:
        return self._m.name()

    @property
    def text(self) -> str:
        return self._m.text()

    @property
    def version(self) -> str:
        """``.version`` as written ("8.0"); "" when absent."""
        return self._m.version()

    @property
    def targets(self) -> List[str]:
        return self._m.targets()

    @property
    def kernels(self) -> List[str]:
        """The names of the ``.entry`` definitions, in order."""
        return self._m.kernels()

    def parameters(self, kernel: str) -> List[Parameter]:
        """The parameters of ``.entry``/``.func`` ``kernel`` as declared."""
        for name, _is_kernel, is_def, params in self._functions:
            if name == kernel and is_def:
                return [Parameter(*p) for p in params]
        raise LaunchError(f"no function '{kernel}' in {self.name}")

    @property
    def parse_diagnostics(self) -> Diagnostics:
        return Diagnostics([self._m.parse_diagnostics()])

    def check(self, arch: Optional[str] = None, *,
              compile_only: bool = False) -> Diagnostics:
        """Everything ptx-lint reports for the module: syntax errors, then
        what ptxas would reject and ptxwarp's warp lints, for ``arch``
        ("sm_90"; default: the module's ``.target``). ValueError for an
        unknown arch."""
        return Diagnostics([self._m.parse_diagnostics(),
                            self._m.check(arch or "", compile_only)])

    def kernel(self, name: str) -> "Kernel":
        """The kernel ``.entry name``, checked and lowered for the
        interpreter. CheckError when the module has errors or the kernel
        uses something the interpreter does not execute; LaunchError when
        there is no such kernel."""
        if name not in self.kernels:
            known = ", ".join(self.kernels) or "none"
            raise LaunchError(f"no kernel '{name}' in {self.name} "
                              f"(kernels: {known})")
        core, diags = self._m.lower(name)
        d = Diagnostics([diags])
        if core is None:
            raise CheckError(f"kernel '{name}' cannot run: {d.errors[0]}"
                             if d.errors else f"kernel '{name}' cannot run", d)
        return Kernel(core, self.parameters(name))

    def print(self) -> str:
        """The module printed back as PTX (``ptx-lint --print``)."""
        return self._m.print()

    def dump_ast(self, json: bool = False) -> str:
        return self._m.dump_ast(json)

    def __repr__(self) -> str:
        return (f"<ptxwarp.Module {self.name!r} version={self.version!r} "
                f"targets={self.targets} kernels={self.kernels}>")


# ---------------------------------------------------------------------------
# Running

from ._launch import Address, Scalar, build_launch  # noqa: E402


@dataclass(frozen=True)
class RunStats:
    warp_instructions: int
    lane_instructions: int


@dataclass(frozen=True)
class RegisterValues:
    """One register's final value in every thread of a CTA (thread id order);
    ``undefined[i]`` when thread i never wrote it."""

    name: str
    type: str
    cta: Tuple[int, int, int]
    values: Tuple[int, ...]
    undefined: Tuple[bool, ...]


@dataclass
class RunResult:
    """The outcome of Kernel.run: statistics, warnings, the final bytes of
    every buffer (also written back into the arrays passed in), device
    printf output, registers asked for, and the trace when asked for."""

    stats: RunStats
    diagnostics: Diagnostics
    buffers: Dict[str, bytes] = field(default_factory=dict)
    buffer_types: Dict[str, str] = field(default_factory=dict)
    registers: Dict[str, RegisterValues] = field(default_factory=dict)
    printf: str = ""
    trace: Optional[str] = None


Dims = Union[int, Sequence[int]]


def _dims(what: str, v: Dims) -> List[int]:
    seq = [v] if isinstance(v, int) else list(v)
    if not 1 <= len(seq) <= 3 or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in seq):
        raise LaunchError(f"{what} must be an int or 1 to 3 ints, not {v!r}")
    if any(x <= 0 or x >= 1 << 32 for x in seq):
        raise LaunchError(f"{what} dimensions must be positive, not {v!r}")
    return seq


class Kernel:
    """A lowered kernel: run it as often as needed, from several threads at
    once (each run gets fresh memory; the GIL is released while it runs)."""

    def __init__(self, core: Any, params: List[Parameter]):
        self._k = core
        self.parameters: List[Parameter] = params

    @property
    def name(self) -> str:
        return self._k.name()

    @property
    def diagnostics(self) -> Diagnostics:
        """Warnings from checking and lowering."""
        return Diagnostics([self._k.diagnostics()])

    @property
    def ir(self) -> str:
        """The lowered IR (``ptx-run --emit-ir``)."""
        return self._k.ir()

    @property
    def register_names(self) -> List[str]:
        return self._k.register_names()

    def run(self, grid: Dims = 1, block: Dims = 32,
            args: Union[Mapping[str, Any], Sequence[Any]] = (), *,
            shared_bytes: int = 0, sched: str = "converged", seed: int = 0,
            max_steps: int = 100_000_000, memory_limit: int = 1 << 30,
            registers: Sequence[str] = (), cta: Dims = (0, 0, 0),
            trace: bool = False, jobs: int = 0) -> RunResult:
        """Runs ``grid`` CTAs of ``block`` threads.

        ``args`` gives every kernel parameter a value, by name (a dict) or
        in order (a sequence):
          - an array (numpy, bytearray, bytes, anything with the buffer
            protocol) for a pointer parameter: its bytes are copied into a
            fresh global buffer whatever the dtype, and written back in
            place after the run (arrays must be writable and contiguous to
            be written back; bytes are not);
          - a Python int or float for a scalar: it takes the parameter's
            declared type (an int must be a value of it; a float needs a
            float or .b32/.b64 parameter);
          - a numpy scalar (np.float32(1.5), np.uint16(7)) or
            ``Scalar("u32", 7)`` for an explicit type; ``Address(0x1000)``
            for a pointer parameter that gets a raw address.
        ``sched``: "converged" (default, deterministic), "lockstep" (pre-Volta
        IPDOM reconvergence) or "random" (seeded independent thread
        scheduling). ``registers``: names whose final values in CTA ``cta``
        the result reports. ``jobs``: how many threads run CTAs at once (0,
        the default: one per core; 1: one after another). Every value gives
        the result of running the CTAs in order (buffers, printf output in
        CTA order, statistics, the first error in CTA order) for kernels
        whose result does not depend on the order in which CTAs run.

        Raises LaunchError when the launch does not fit the kernel, and
        RuntimeError when the kernel hits undefined behaviour or a limit.
        """
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
            raise LaunchError(f"jobs must be a non-negative int (0: one "
                              f"thread per core), not {jobs!r}")
        launch, writeback = build_launch(self.name, self.parameters, args,
                                         LaunchError)
        launch.set_grid(_dims("grid", grid))
        launch.set_block(_dims("block", block))
        if not isinstance(shared_bytes, int) or shared_bytes < 0:
            raise LaunchError(f"shared_bytes must be a non-negative int, "
                              f"not {shared_bytes!r}")
        launch.set_dynamic_shared(shared_bytes)
        result = self._execute(launch, sched=sched, seed=seed,
                               max_steps=max_steps, memory_limit=memory_limit,
                               registers=registers, cta=cta, trace=trace,
                               jobs=jobs)
        for name, write in writeback.items():
            write(result.buffers[name])
        return result

    def _execute(self, launch: Any, *, sched: str, seed: int, max_steps: int,
                 memory_limit: int, registers: Sequence[str], cta: Dims,
                 trace: bool, jobs: int = 0) -> RunResult:
        """Runs a C++ Launch (built by run, or from ptx-run's launch file and
        --param specs by ``python -m ptxwarp run``)."""
        cta_dims = [cta] if isinstance(cta, int) else list(cta)
        try:
            raw = self._k.run(launch, sched, seed, max_steps, memory_limit,
                              list(registers), cta_dims, trace, jobs)
        except (ValueError, OverflowError, TypeError) as e:
            raise LaunchError(str(e)) from None
        result = RunResult(
            stats=RunStats(raw["warp_instructions"], raw["lane_instructions"]),
            diagnostics=Diagnostics([raw["diagnostics"]]),
            buffers={k: v[0] for k, v in raw["buffers"].items()},
            buffer_types={k: v[1] for k, v in raw["buffers"].items()},
            registers={r["name"]: RegisterValues(
                r["name"], r["type"], tuple(r["cta"]), tuple(r["values"]),
                tuple(r["undefined"])) for r in raw["registers"]},
            printf=raw["printf"], trace=raw["trace"])
        if not raw["ok"]:
            errors = result.diagnostics.errors
            raise RuntimeError(str(errors[0]) if errors else "the run failed",
                               result.diagnostics, result)
        return result

    def __repr__(self) -> str:
        params = ", ".join(f"{p.name}: {p.type}" for p in self.parameters)
        return f"<ptxwarp.Kernel {self.name}({params})>"
