"""Lints every PTX file under the given directories (and given files) with
the default warnings and fails, listing them, on any warning or error:
correct compiler output must lint silently (test/Sema/lint-clean.test).
`.ptx.xz` files are decompressed first. An argument that names no PTX file
fails too, so a moved directory cannot pass by being empty.
  lint-clean.py PTX-LINT DIR-OR-FILE..."""
import lzma
import os
import subprocess
import sys
import tempfile

lint, roots = sys.argv[1], sys.argv[2:]
bad = 0
total = 0
for root in roots:
    if os.path.isfile(root):
        files = [root]
    else:
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root)
                       for f in fs if f.endswith(('.ptx', '.ptx.xz')))
    if not files:
        print(f'{root}: no PTX file')
        bad += 1
    for path in files:
        total += 1
        if path.endswith('.xz'):
            with tempfile.NamedTemporaryFile(suffix='.ptx') as t:
                t.write(lzma.decompress(open(path, 'rb').read()))
                t.flush()
                p = subprocess.run([lint, t.name], capture_output=True, text=True)
                out = (p.stdout + p.stderr).replace(t.name, path)
        else:
            p = subprocess.run([lint, path], capture_output=True, text=True)
            out = p.stdout + p.stderr
        lines = [l for l in out.splitlines()
                 if ': warning: ' in l or ': error: ' in l]
        if p.returncode != 0 and not lines:
            lines = [f'{path}: ptx-lint exited with {p.returncode}']
        bad += len(lines)
        for l in lines:
            print(l)
print(f'{total} files linted, {bad} warnings or errors')
sys.exit(1 if bad else 0)
