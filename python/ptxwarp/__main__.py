"""``python -m ptxwarp lint|run``: the ptx-lint and ptx-run tools for people
who only have Python. The same checks, launch files, ``--param`` specs and
exit statuses as the tools (README.md, "ptx-lint" and "ptx-run")."""

from __future__ import annotations

import argparse
import json
import struct
import sys
from typing import List, Optional

from . import (CheckError, LaunchError, RuntimeError, _core, lint_file,
               parse_file)

# Exit statuses of ptx-run (tools/ptx-run: --help, EXIT STATUS).
_CHECK_FAILED, _LAUNCH_ERROR, _RUNTIME_ERROR = 1, 2, 3


def _lint(ns: argparse.Namespace) -> int:
    warnings = [w[2:] for w in ns.W]
    errors = False
    lists = []
    for path in ns.files:
        try:
            diags = lint_file(path, ns.arch, compile_only=ns.compile_only,
                              warnings=warnings, no_warnings=ns.w)
        except ValueError as e:
            print(f"ptx-lint: error: {e}", file=sys.stderr)
            return 2
        errors |= bool(diags.errors)
        lists.append(diags)
    if ns.format == "json":
        out = {"files": [{"file": p, "diagnostics": [
            json.loads(l.render_json()) for l in d._lists]}
            for p, d in zip(ns.files, lists)]}
        print(json.dumps(out, indent=2))
        return 1 if errors else 0
    elif ns.format == "sarif":
        print(_core.render_sarif([l for d in lists for l in d._lists],
                                 "ptx-lint"))
    else:  # ptx-lint writes its diagnostics to stderr
        sys.stderr.write("".join(d.render() for d in lists))
    return 1 if errors else 0


def _format_buffer(name: str, type_: str, data: bytes) -> str:
    """A buffer as ptx-run prints it: a header, then 8 elements a row."""
    codes = {"u8": "B", "s8": "b", "u16": "H", "s16": "h", "u32": "I",
             "s32": "i", "u64": "Q", "s64": "q", "f32": "f", "f64": "d"}
    code = codes.get(type_, "B")
    size = struct.calcsize(code)
    values = [v for (v,) in struct.iter_unpack("<" + code,
                                              data[:len(data) // size * size])]
    lines = [f"{name}: {type_}[{len(values)}]"]
    for row in range(0, len(values), 8):
        cells = "".join(f"{v:>12g}" if code in "fd" else f"{v:>12}"
                        for v in values[row:row + 8])
        lines.append(f"  [{row:>4}]{cells}")
    return "\n".join(lines)


def _run(ns: argparse.Namespace) -> int:
    try:
        module = parse_file(ns.file)
    except OSError as e:
        print(f"ptx-run: error: {e}", file=sys.stderr)
        return _LAUNCH_ERROR
    entry = ns.entry
    try:
        if ns.launch:
            with open(ns.launch) as f:
                launch, file_entry = _core.Launch.from_json(f.read())
            entry = entry or file_entry
        else:
            launch = _core.Launch()
        for spec in ns.param:
            launch.add_spec(spec)
        if ns.grid:
            launch.set_grid([int(x) for x in ns.grid.split(",")])
        if ns.block:
            launch.set_block([int(x) for x in ns.block.split(",")])
        if ns.dynamic_shared is not None:
            launch.set_dynamic_shared(ns.dynamic_shared)
    except (OSError, ValueError) as e:
        print(f"ptx-run: error: {e}", file=sys.stderr)
        return _LAUNCH_ERROR
    if not entry:
        if len(module.kernels) != 1:
            print(f"ptx-run: error: {ns.file} has {len(module.kernels)} "
                  f"kernels ({', '.join(module.kernels)}): choose one with "
                  f"--entry", file=sys.stderr)
            return _LAUNCH_ERROR
        entry = module.kernels[0]
    try:
        kernel = module.kernel(entry)
        sys.stderr.write(kernel.diagnostics.render())
        registers = [d for d in ns.dump if d.startswith("%")]
        result = kernel._execute(launch, sched=ns.sched, seed=ns.seed,
                                 max_steps=ns.max_steps,
                                 memory_limit=ns.memory_limit,
                                 registers=registers, cta=(0, 0, 0),
                                 trace=ns.trace, jobs=ns.jobs)
    except CheckError as e:
        sys.stderr.write(e.diagnostics.render())
        return _CHECK_FAILED
    except LaunchError as e:
        print(f"ptx-run: error: {e}", file=sys.stderr)
        return _LAUNCH_ERROR
    except RuntimeError as e:
        sys.stdout.write(e.result.printf)
        sys.stderr.write(e.diagnostics.render())
        return _RUNTIME_ERROR
    if result.trace:
        sys.stdout.write(result.trace)
    sys.stdout.write(result.printf)
    sys.stderr.write(result.diagnostics.render())
    for name in ns.dump:
        if name.startswith("%"):
            r = result.registers.get(name)
            if r is None:
                print(f"ptx-run: error: no register '{name}'", file=sys.stderr)
                return _LAUNCH_ERROR
            print(f"{name}: {r.type} (CTA 0,0,0)")
            for t in range(0, len(r.values), 8):
                print(f"  [{t:>4}]" + "".join(
                    f"{'undef' if u else v:>12}" for v, u in
                    zip(r.values[t:t + 8], r.undefined[t:t + 8])))
        elif name in result.buffers:
            print(_format_buffer(name, result.buffer_types[name],
                                 result.buffers[name]))
        else:
            print(f"ptx-run: error: no buffer '{name}'", file=sys.stderr)
            return _LAUNCH_ERROR
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(prog="python -m ptxwarp",
                                description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="tool", required=True)
    lint = sub.add_parser("lint", help="check PTX files as ptx-lint does")
    lint.add_argument("files", nargs="+", metavar="FILE")
    lint.add_argument("--arch", help="check for this target (default: the "
                      "module's .target)")
    lint.add_argument("-c", "--compile-only", action="store_true",
                      help="the module is linked with others later")
    lint.add_argument("--format", choices=("text", "json", "sarif"),
                      default="text")
    lint.add_argument("-W", action="append", default=[], metavar="GROUP",
                      type=lambda s: "-W" + s,
                      help="-Werror, -Wno-GROUP, -Wpedantic")
    lint.add_argument("-w", action="store_true", help="no warnings")
    run = sub.add_parser("run", help="run a kernel as ptx-run does")
    run.add_argument("file", metavar="FILE")
    run.add_argument("--entry", help="the .entry to run (default: the only "
                     "one, or the launch file's)")
    run.add_argument("--launch", help="launch file (JSON)")
    run.add_argument("--param", action="append", default=[],
                     metavar="NAME=SPEC",
                     help="u32:7, f32:1.5, u32[64]=zero|iota|1,2,3")
    run.add_argument("--grid", help="X[,Y[,Z]]")
    run.add_argument("--block", help="X[,Y[,Z]] (default 32)")
    run.add_argument("--dynamic-shared", type=int, metavar="BYTES")
    run.add_argument("--dump", action="append", default=[],
                     help="print this buffer or register (repeat)")
    run.add_argument("--sched", choices=("converged", "lockstep", "random"),
                     default="converged")
    run.add_argument("--seed", type=int, default=1)
    run.add_argument("--max-steps", type=int, default=100_000_000)
    run.add_argument("--memory-limit", type=int, default=1 << 30)
    run.add_argument("--trace", action="store_true")
    run.add_argument("--jobs", type=int, default=0, metavar="N",
                     help="run CTAs on N threads (default 0: one per core)")
    ns = p.parse_args(argv)
    return _lint(ns) if ns.tool == "lint" else _run(ns)


if __name__ == "__main__":
    sys.exit(main())
