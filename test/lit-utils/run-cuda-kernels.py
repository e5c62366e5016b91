#!/usr/bin/env python3
"""Run every PTX file of test/Run/Inputs/cuda through ptx-run and compare the output
buffers with the expectations in cases/<kernel>.json (written by reference.py).

  run-cuda-kernels.py PTX_RUN CUDA_DIR [KERNEL...]

Prints one line per failing PTX file and a summary "N of M PTX files pass"; exits 1 if
any file fails. After a file passes, every checked buffer is compared once more with
one of its expected elements changed, and that comparison must fail: a file whose
check cannot see a wrong value does not pass.
"""
import glob
import json
import math
import os
import re
import struct
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor


def entry_and_params(ptx_text):
    m = re.search(r"\.entry\s+([\w$]+)\s*\(([^)]*)\)", ptx_text)
    if not m:
        return None, []
    # The name is the last token of each declaration (".param .u64 .ptr .align 1 NAME").
    return m.group(1), [d.split()[-1] for d in m.group(2).split(",") if d.strip()]


def as_float(bits, t):
    if t == "f32":
        return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def ulp(x, t):
    p, emin = (24, -126) if t == "f32" else (53, -1022)
    if x == 0 or not math.isfinite(x):
        return 2.0 ** (emin - p + 1)
    return 2.0 ** (max(math.frexp(x)[1] - 1, emin) - p + 1)


def element_ok(got, want, t, ulps):
    if want is None:
        return True
    if t not in ("f32", "f64"):
        return got == want
    g = as_float(got, t)
    if want == "nan":
        return math.isnan(g)
    if got == want:
        return True
    w = as_float(want, t)
    if not ulps or math.isnan(g) or not math.isfinite(w):
        return False
    return abs(g - w) <= ulps * ulp(w, t)


def compare(case, result, names):
    bufs = result.get("buffers", {})
    for i, p in enumerate(case["params"]):
        exp = case["expected"].get(p["name"])
        if exp is None:
            continue
        got = bufs.get(names[i]) if i < len(names) else None
        got = got if got is not None else bufs.get(str(i))
        if got is None or "bits" not in got and "data" not in got:
            return f"[{p['name']}]: no output buffer"
        words = got.get("bits") or got.get("data")
        size = 8 * {"u8": 1, "s8": 1, "u16": 2, "s16": 2, "u32": 4, "s32": 4,
                    "f32": 4}.get(exp["type"], 8)
        words = [(int(w, 0) if isinstance(w, str) else w) & ((1 << size) - 1) for w in words]
        if exp["type"] in ("f32", "f64") and "bits" not in got:
            return f"[{p['name']}]: float buffer without bits"
        want = exp["bits"]
        if len(words) < len(want):
            return f"[{p['name']}]: {len(words)} elements, want {len(want)}"
        for j, (g, w) in enumerate(zip(words, want)):
            if not element_ok(g, w, exp["type"], exp.get("ulps")):
                wt = w if isinstance(w, str) else f"{w:#x}"
                return f"[{p['name']}] element {j}: got {g:#x}, want {wt}"
    return None


def mutated(case, name):
    """The case with the last compared element of buffer \p name changed."""
    case = json.loads(json.dumps(case))
    exp = case["expected"][name]
    j = max(i for i, w in enumerate(exp["bits"]) if w is not None)
    w = exp["bits"][j]
    exp["bits"][j] = 0 if w == "nan" else (w ^ 0x4000_0000 if exp.get("ulps") else w ^ 1)
    return case


def run_one(prun, ptx, case):
    text = open(ptx).read()
    entry, names = entry_and_params(text)
    launch = {"entry": entry, "grid": case["grid"], "block": case["block"],
              "dynamic_shared_bytes": case["dynamic_shared_bytes"],
              "params": [{k: v for k, v in p.items() if k != "name"} for p in case["params"]]}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(launch, f)
    try:
        r = subprocess.run([prun, "--launch", f.name, "--format=json", ptx],
                           capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(f.name)
    name = os.path.basename(ptx)
    try:
        result = json.loads(r.stdout)
    except ValueError:
        result = None
    if r.returncode != 0 or result is None:
        msg = (r.stderr.strip() or r.stdout.strip()).splitlines()
        return f"{name}: exit {r.returncode}: {' | '.join(msg[:3])[:300]}"
    err = compare(case, result, names)
    if err:
        return f"{name} {err}"
    for buf in case["expected"]:
        if compare(mutated(case, buf), result, names) is None:
            return f"{name}: a wrong value in [{buf}] would not be detected"
    return None


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    prun, root, only = args[0], args[1], set(args[2:])
    jobs = []
    for cpath in sorted(glob.glob(os.path.join(root, "cases", "*.json"))):
        case = json.load(open(cpath))
        if only and case["kernel"] not in only:
            continue
        ptxs = sorted(glob.glob(os.path.join(root, "ptx", case["kernel"] + ".*.ptx")))
        if not ptxs:
            jobs.append((None, case))
        jobs += [(p, case) for p in ptxs]

    def one(job):
        ptx, case = job
        if ptx is None:
            return f"{case['kernel']}: no PTX files"
        return run_one(prun, ptx, case)

    with ThreadPoolExecutor(max_workers=2) as ex:
        errors = [e for e in ex.map(one, jobs) if e]
    for e in errors:
        print("FAIL:", e)
    print(f"{len(jobs) - len(errors)} of {len(jobs)} PTX files pass")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
