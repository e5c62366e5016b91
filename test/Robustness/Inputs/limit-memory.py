"""Runs a command with its address space limited (lit's shell has no ulimit).

    limit-memory.py MEGABYTES COMMAND [ARGS...]

Exits with the command's status (128 + N when signal N killed it), so
`not` and FileCheck see what a shell with `ulimit -v` would show.
"""
import resource
import subprocess
import sys


def main():
    limit = int(sys.argv[1]) * 1024 * 1024

    def set_limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    rc = subprocess.call(sys.argv[2:], preexec_fn=set_limit)
    sys.exit(128 - rc if rc < 0 else rc)


if __name__ == "__main__":
    main()
