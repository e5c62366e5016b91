#!/usr/bin/env python3
"""Rewrites README.md's instruction table from `ptx-lint --list-instructions
--format=markdown` (test/Docs/readme-instruction-table.test keeps them equal).

usage: utils/update-readme-table.py [PTX_LINT]   (default: build/bin/ptx-lint)
"""
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
tool = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "build", "bin", "ptx-lint")
table = subprocess.run([tool, "--list-instructions", "--format=markdown"],
                       check=True, capture_output=True, text=True).stdout
path = os.path.join(root, "README.md")
text = open(path).read()
begin, end = "<!-- BEGIN instruction-table -->\n", "<!-- END instruction-table -->"
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
open(path, "w").write(head + begin + table + end + tail)
