"""Runs a command with its address space limited (lit's shell has no ulimit).

    limit-memory.py MEGABYTES COMMAND [ARGS...]

Exits with the command's status (128 + N when signal N killed it), so
`not` and FileCheck see what a shell with `ulimit -v` would show.

The command runs with glibc's malloc arenas capped at two
(MALLOC_ARENA_MAX): each arena reserves 64 MiB of address space however
little it holds, and how many the parsing and checking threads create
depends on how often they meet on a lock, so without the cap the address
space a run needs varied by a few arenas from run to run on a busy
machine, and the limit measured the scheduler rather than the memory the
program holds.
"""
import os
import resource
import subprocess
import sys


def main():
    limit = int(sys.argv[1]) * 1024 * 1024

    def set_limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    env = dict(os.environ, MALLOC_ARENA_MAX="2")
    rc = subprocess.call(sys.argv[2:], preexec_fn=set_limit, env=env)
    sys.exit(128 - rc if rc < 0 else rc)


if __name__ == "__main__":
    main()
