"""Runs ptx-lint on every .ptx file under the given directories and prints
each warning line, then a count: the corpus of nvcc kernels that are correct
must give no warp-lint warning (test/Sema/warp-lints-nvcc.test)."""
import os
import subprocess
import sys

lint, roots = sys.argv[1], sys.argv[2:]
files = sorted(os.path.join(d, f) for r in roots for d, _, fs in os.walk(r)
               for f in fs if f.endswith('.ptx'))
warnings = 0
for path in files:
    p = subprocess.run([lint, path], capture_output=True, text=True)
    for line in (p.stdout + p.stderr).splitlines():
        if ': warning: ' in line:
            warnings += 1
            print(line)
print(f'{len(files)} files linted, {warnings} warnings')
