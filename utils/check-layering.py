#!/usr/bin/env python3
"""Checks that ptxwarp's layers include only the layers below them.

Reads every `#include "ptxwarp/..."` of lib/<Layer>/ and include/ptxwarp/<Layer>/
(and of include/ptxwarp/ptxwarp.h and tools/) under ROOT (default: the
repository this script is in) and compares it with ALLOWED, the table of
docs/ARCHITECTURE.md ("Layers"). Prints `file:line: error: ...` for every
include that breaks it and exits 1; prints a one-line summary and exits 0
otherwise. A folder of lib/ or include/ptxwarp/ that ALLOWED does not name is
an error too, so a new layer cannot go unchecked.

    utils/check-layering.py [ROOT]
"""

import os
import re
import sys

# What each layer may include besides itself: a layer name ("AST") allows
# all of include/ptxwarp/AST/, a path ("ISA/Modes.h") allows that header only.
# Keep this equal to the "Layers" table of docs/ARCHITECTURE.md.
ALLOWED = {
    "Diagnostics": [],
    "AST": ["Diagnostics"],
    "Parse": ["AST", "Diagnostics"],
    "ISA": [],
    "Support": [],  # headers only
    "Sema": ["AST", "ISA", "Diagnostics", "Support"],
    # The IR uses only the ISA's mode sets (header-only enums and spellings)
    # and the generated names of the table's operations (to print them).
    "IR": ["ISA/Modes.h", "ISA/Generated/SemanticOps.def", "Support"],
    # The lowering asks the checker which syntax row an instruction selects
    # (sema::findSyntaxRow), so that both read the table the same way.
    "Lower": ["IR", "AST", "ISA", "Diagnostics", "Support", "Sema/Checker.h"],
    # The interpreter reads the table's generated list of collectives and
    # their semantics functions (data only: nothing of the ISA is linked).
    "Interp": ["IR", "Diagnostics", "Support", "ISA/Generated/SemanticOps.def"],
    "API": ["Diagnostics", "AST", "Parse", "ISA", "Support", "Sema", "IR",
            "Lower", "Interp"],
}
# include/ptxwarp/ptxwarp.h, the one header embedders include.
FACADE_HEADER = "ptxwarp.h"
FACADE_ALLOWED = ["API"]
# The tools are written against the public API alone (tools/CMakeLists.txt
# checks the link side).
TOOLS_ALLOWED = ["ptxwarp.h"]

SOURCE_SUFFIXES = (".h", ".cpp", ".def", ".inc")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]ptxwarp/([^">]+)[">]')


def allows(allowed, target):
    """Whether `target` (the include path after ptxwarp/) is in `allowed`."""
    return any(target == a or target.startswith(a + "/") for a in allowed)


def check_table():
    """The table itself: known names only, and no cycle."""
    errors = []
    for layer, deps in ALLOWED.items():
        for d in deps:
            if d.split("/")[0] not in ALLOWED:
                errors.append(f"ALLOWED[{layer!r}] names unknown layer {d!r}")
    state = {}

    def visit(layer, path):
        if state.get(layer) == "done":
            return
        if state.get(layer) == "active":
            errors.append("ALLOWED has a cycle: " + " -> ".join(path + [layer]))
            return
        state[layer] = "active"
        for d in ALLOWED.get(layer, []):
            if d.split("/")[0] in ALLOWED:
                visit(d.split("/")[0], path + [layer])
        state[layer] = "done"

    for layer in ALLOWED:
        visit(layer, [])
    return errors


def source_files(folder):
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.join(dirpath, name)


def includes(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            m = INCLUDE_RE.match(line)
            if m:
                yield number, m.group(1)


def main(argv):
    if len(argv) > 2:
        sys.stderr.write(__doc__)
        return 2
    root = argv[1] if len(argv) == 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    root = os.path.abspath(root)
    errors = check_table()
    # (folder, who is including, what it may include besides itself)
    units = []
    for top in ("lib", os.path.join("include", "ptxwarp")):
        base = os.path.join(root, top)
        if not os.path.isdir(base):
            continue
        for name in sorted(os.listdir(base)):
            if not os.path.isdir(os.path.join(base, name)):
                continue
            if name not in ALLOWED:
                errors.append(f"{top}/{name}: error: layer '{name}' is not "
                              "in the table of utils/check-layering.py")
                continue
            units.append((os.path.join(base, name), f"layer {name}",
                          [name] + ALLOWED[name]))
    facade = os.path.join(root, "include", "ptxwarp", FACADE_HEADER)
    if os.path.isfile(facade):
        units.append((facade, "the facade header", FACADE_ALLOWED))
    if os.path.isdir(os.path.join(root, "tools")):
        units.append((os.path.join(root, "tools"), "tools", TOOLS_ALLOWED))

    files = checked = 0
    for folder, who, allowed in units:
        paths = [folder] if os.path.isfile(folder) else source_files(folder)
        for path in paths:
            files += 1
            rel = os.path.relpath(path, root)
            for number, target in includes(path):
                checked += 1
                if not allows(allowed, target):
                    errors.append(
                        f"{rel}:{number}: error: {who} may not include "
                        f"'ptxwarp/{target}' (allowed: {', '.join(allowed)})")
    for e in errors:
        print(e)
    if errors:
        print(f"{len(errors)} layering error(s)")
        return 1
    print(f"layering OK: {checked} includes in {files} files")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
