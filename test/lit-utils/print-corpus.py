#!/usr/bin/env python3
"""Print every PTX file under the given directories with `ptx-lint --print` and check
the printed text.

  print-corpus.py PTX_LINT [--ptxas PTXAS] DIR...

For each *.ptx file that ptx-lint accepts (exit 0):
  - printing the printed text gives the same text again (idempotence);
  - with --ptxas, when ptxas accepts the original file it accepts the printed one too
    (ptxas is run with -arch taken from the file's .target).
With --ptxas, a file ptxas accepts must also be accepted by ptx-lint (it must print).

Prints one line per failing file, then a summary
  "printed N files (D with .section), ptxas accepted P of them"
and exits 1 if any file failed.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def ptx_files(dirs):
    for d in dirs:
        for root, _, names in os.walk(d):
            for n in sorted(names):
                if n.endswith(".ptx"):
                    yield os.path.join(root, n)


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def ptxas_accepts(ptxas, path, arch, tmp):
    r = run([ptxas, "-arch=" + arch, path, "-o", os.path.join(tmp, "out.cubin")])
    return r.returncode == 0, r.stderr.decode(errors="replace").strip()


def check(args, path):
    """Returns (status, message, has_section, ptxas_checked)."""
    text = open(path, "rb").read()
    m = re.search(rb"^\s*\.target\s+(sm_\w+)", text, re.M)
    arch = m.group(1).decode() if m else None
    with tempfile.TemporaryDirectory() as tmp:
        first = run([args.ptx_lint, "--print", path])
        orig_ok = None
        if args.ptxas and arch:
            orig_ok, _ = ptxas_accepts(args.ptxas, path, arch, tmp)
        if first.returncode != 0:
            if orig_ok:
                return "fail", "ptxas accepts it but ptx-lint --print fails: " + \
                    first.stderr.decode(errors="replace").splitlines()[0], False, False
            return "skip", "", False, False
        printed = os.path.join(tmp, "printed.ptx")
        with open(printed, "wb") as f:
            f.write(first.stdout)
        second = run([args.ptx_lint, "--print", printed])
        has_section = b".section" in first.stdout
        if second.returncode != 0:
            return "fail", "the printed text does not pass ptx-lint: " + \
                second.stderr.decode(errors="replace").splitlines()[0], has_section, False
        if second.stdout != first.stdout:
            a, b = first.stdout.splitlines(), second.stdout.splitlines()
            line = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            return "fail", "printing the printed text changes line %d" % (line + 1), has_section, False
        if orig_ok:
            ok, err = ptxas_accepts(args.ptxas, printed, arch, tmp)
            if not ok:
                return "fail", "ptxas rejects the printed text: " + err.splitlines()[0], has_section, True
        return "ok", "", has_section, bool(orig_ok)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("ptx_lint")
    p.add_argument("--ptxas")
    p.add_argument("dirs", nargs="+")
    args = p.parse_args()
    files = list(ptx_files(args.dirs))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda f: (f, check(args, f)), files))
    failed = printed = sections = accepted = 0
    for f, (status, msg, has_section, ptxas_checked) in results:
        if status == "fail":
            failed += 1
            print("FAIL %s: %s" % (os.path.relpath(f, os.path.commonpath(args.dirs)), msg))
        if status in ("ok", "fail") and msg.startswith("ptxas accepts") is False:
            printed += 1
            sections += has_section
        if status == "ok" and ptxas_checked:
            accepted += 1
    print("printed %d files (%d with .section), ptxas accepted %d of them" %
          (printed, sections, accepted))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
