#!/usr/bin/env python3
"""expect-exit.py N CMD ARGS...: run CMD and succeed only if it exits with status N.

Used in lit tests as `%expect-exit 2 ptx-lint ...` (lit's shell has no `$?`); the
command's stdout and stderr pass through so a pipe into FileCheck still works."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write(f"expect-exit: {sys.argv[2]} exited {got}, expected {want}\n")
    sys.exit(1)
