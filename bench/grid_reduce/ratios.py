#!/usr/bin/env python3
"""The grid target's ratio, best and median over several runs.

Runs BUILD/bin/grid_reduce CTAS 1 and CTAS 2 RUNS times each, one process
per run (the target is a whole-process rate), alternating between the
--jobs values and between the build directories given, so that every
figure sees the same machine load; prints the best and the median ratio
(grid rate / one-warp ALU-loop rate, both from the same process) for each.

On a virtual machine the hypervisor may run other guests on this one's
CPUs (steal time, /proc/stat): a run during which that happened measured
the neighbours as much as ptxwarp, so the runs without any are summarised
apart as well.

usage: ratios.py [--runs N] [--ctas C] [BUILD_DIR ...]   (defaults: 7, 4096,
build)
"""
import argparse
import re
import statistics
import subprocess

ap = argparse.ArgumentParser()
ap.add_argument("--runs", type=int, default=7)
ap.add_argument("--ctas", default="4096")
ap.add_argument("builds", nargs="*", default=["build"])
args = ap.parse_args()
ratios = {(b, j): [] for b in args.builds for j in ("1", "2")}
cpu = {k: [] for k in ratios}
unstolen = {k: [] for k in ratios}


def steal_ticks():
    """The time the hypervisor ran something else on this VM's CPUs
    (/proc/stat's steal column, in clock ticks), or None off Linux."""
    try:
        with open("/proc/stat") as f:
            return int(f.readline().split()[8])
    except (OSError, IndexError, ValueError):
        return None


for _ in range(args.runs):
    for (build, jobs), r in ratios.items():
        before = steal_ticks()
        out = subprocess.run([build + "/bin/grid_reduce", args.ctas, jobs],
                             capture_output=True, text=True, check=True).stdout
        after = steal_ticks()
        r.append(float(re.search(r"ratio grid / ALU loop: ([0-9.]+)",
                                 out).group(1)))
        if before is not None and after == before:
            unstolen[(build, jobs)].append(r[-1])
        m = re.search(r"ratio on CPU time ([0-9.]+)", out)
        if m:
            cpu[(build, jobs)].append(float(m.group(1)))


def summary(r):
    return "best %.3f median %.3f over %d runs (%s)" % (
        max(r), statistics.median(r), len(r), " ".join("%.3f" % x for x in r))


for key, r in ratios.items():
    print("%s, jobs %s: %s" % (key + (summary(r),)))
    if unstolen[key]:
        print("  runs without steal time: %s" % summary(unstolen[key]))
    if cpu[key]:
        print("  on CPU time: %s" % summary(cpu[key]))
