#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make bench's suite (tests/bench/suite.sh), run small (N / 100, one run a cell) into a scratch
# directory: every tool x workload cell is a row with figures or with the reason it has none,
# the measured cells saw the events their workload makes, the chart is SVG with a bar per
# measured cell.  Timings are not judged: too few runs.
set -u
fail=0
bad() { echo "FAIL: $*"; fail=1; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
SUITE_OUT=$d SUITE_RUNS=1 SUITE_SCALE=0.01 SUITE_TIMEOUT=60 "$TOP/tests/bench/suite.sh" \
	>"$d/log" 2>&1 || { bad "suite.sh exit status $?"; tail -5 "$d/log"; }
python3 - "$d" <<'PY' || fail=1
import json, sys
import xml.etree.ElementTree as ET
d = sys.argv[1]
rows = json.load(open(f"{d}/results.json"))
tools = ["untraced", "strace", "sttrace", "sttrace --bpf", "perf trace", "bpftrace", "ltrace",
         "lttrace", "lttrace --bpf", "gdb"]
wls = ["syscall-loop", "file-io", "fork-exec", "usdt-loop", "malloc-loop", "threads"]
cells = {(r["workload"], r["tool"]): r for r in rows}
bad = 0
def no(msg):
    global bad
    print("FAIL:", msg)
    bad = 1
if len(rows) != len(tools) * len(wls):
    no(f"{len(rows)} rows, {len(tools) * len(wls)} cells")
measured = 0
for w in wls:
    for t in tools:
        r = cells.get((w, t))
        if r is None:
            no(f"{w} x {t}: no row")
        elif "error" in r:
            if not r["error"].strip():
                no(f"{w} x {t}: empty reason")
        else:
            measured += 1
            if r.get("check") != "ok":
                no(f"{w} x {t}: check: {r.get('check')}")
            if t != "untraced" and r["events"] < r["n"]:
                no(f"{w} x {t}: {r['events']} events for N={r['n']}")
# The tools this machine has measure where they apply: no cell of theirs failed.
for must in ["untraced", "strace", "sttrace", "sttrace --bpf", "ltrace", "lttrace"]:
    for w in wls:
        e = cells.get((w, must), {}).get("error", "")
        if e and not e.startswith("not applicable") and "not installed" not in e:
            no(f"{w} x {must}: {e}")
svg = ET.parse(f"{d}/overhead.svg").getroot()
bars = [e for e in svg.iter("{http://www.w3.org/2000/svg}rect") if e.get("height") != "100%"]
if len(bars) != measured - len(wls):
    no(f"{len(bars)} bars for {measured - len(wls)} measured cells (untraced has none)")
print(f"ok: {len(rows)} cells, {measured} measured, {len(bars)} bars")
sys.exit(bad)
PY
[ "$fail" = 0 ] || { echo "log:"; tail -20 "$d/log"; }
exit "$fail"
