#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The views in a real browser: Debian's chromium, headless, driven by playwright-core, with
# speedscope from npm served on 127.0.0.1 (`make browser-deps` installs them in $B/browser/;
# nothing is fetched while the test runs: a request leaving the machine fails it).
#  - The --perfetto file of the workshop's badstart (-f: the parent and the worker it forks),
#    over ptrace and --bpf, and lttrace's of libcalls: speedscope imports it and exports what it
#    understood; that must be one profile per thread the file names, each with as many slices
#    as the file has complete ("X") events on that thread, and badstart must give 2 threads.
#  - --flamegraph's SVG of tests/sh/views/stack-folded.c (main -> a -> b three times, main -> c
#    twice): every frame is on screen, painted where it is, main/a/b/c among them; screenshots
#    are kept in the test's directory (look at them: flame.png, speedscope-*.png).
set -u
. "$TOP/tests/lib.sh"
LTTRACE=${LTTRACE:-$(dirname "$STTRACE")/lttrace}
export NODE_PATH=$TOP/$B/browser/node_modules
VIEW=$TOP/tests/browser/view.js
EX=$TOP/$B/examples
fail=0
bad() { echo "FAIL: $*"; fail=1; }
[ -x /usr/bin/chromium ] && [ -d "$NODE_PATH/speedscope" ] && [ -d "$NODE_PATH/playwright-core" ] ||
	{ echo "FAIL: no chromium or no $NODE_PATH (make browser-deps)"; exit 1; }

# expect.py TRACE: "THREADNAME|SLICES" per thread with a complete event, from the file itself.
# got.py EXPORT: the same from speedscope's export ("NAME (pid P), NAME (tid T)" profiles).
cat >expect.py <<'PY'
import collections, json, sys
evs = json.load(open(sys.argv[1]))
names = {e["tid"]: e["args"]["name"] for e in evs if e["ph"] == "M" and e["name"] == "thread_name"}
pids = {e["tid"]: e["pid"] for e in evs}
n = collections.Counter(e["tid"] for e in evs if e["ph"] == "X")
for tid in sorted(n):
    print("%s (pid %d), %s (tid %d)|%d" % (names.get(pids[tid]), pids[tid], names.get(tid), tid, n[tid]))
PY
cat >got.py <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for p in sorted(d["profiles"], key=lambda p: int(p["name"].rsplit("tid ", 1)[1].rstrip(")"))):
    o = sum(1 for e in p["events"] if e["type"] == "O")
    c = sum(1 for e in p["events"] if e["type"] == "C")
    assert o == c, "%s: %d opened, %d closed" % (p["name"], o, c)
    print("%s|%d" % (p["name"], o))
PY

speedscope() { # NAME THREADS: load NAME.json (made by the caller), want THREADS profiles
	local name=$1 threads=$2
	node "$VIEW" speedscope "$name.json" "$name.export.json" "speedscope-$name.png" >"$name.view" 2>&1 ||
		{ bad "$name: speedscope did not import the file"; cat "$name.view"; return; }
	grep -E '^(EXTERNAL|PAGEERROR)' "$name.view" && bad "$name: the page went out or failed"
	python3 expect.py "$name.json" >"$name.want" || { bad "$name: unreadable trace"; return; }
	python3 got.py "$name.export.json" >"$name.got" || { bad "$name: bad export"; return; }
	[ "$(wc -l <"$name.want")" = "$threads" ] || bad "$name: $(wc -l <"$name.want") threads in the file, want $threads"
	if diff -u "$name.want" "$name.got"; then
		echo "ok   $name: speedscope shows $(paste -sd' ' "$name.got")"
	else
		bad "$name: speedscope's threads and slices differ from the file's (above)"
	fi
}

for be in ptrace bpf; do
	opt=; [ $be = bpf ] && opt=--bpf
	run_checked "$STTRACE" $opt -f -o /dev/null --perfetto="badstart-$be.json" "$EX/badstart" \
		>/dev/null 2>&1
	[ -s "badstart-$be.json" ] || { bad "$be: no trace file"; continue; }
	speedscope "badstart-$be" 2
done
run_checked "$LTTRACE" -o /dev/null --perfetto=libcalls-lt.json "$EX/libcalls" >/dev/null 2>&1
speedscope libcalls-lt 1

${CC:-cc} -g -O0 -o sf "$TOP/tests/sh/views/stack-folded.c" || exit 1
run_checked "$STTRACE" -o /dev/null --flamegraph=flame.svg -e trace=getpid ./sf >/dev/null ||
	bad "flame: sttrace failed"
node "$VIEW" svg flame.svg flame.png >flame.view 2>&1 || { bad "flame: chromium did not show it"; cat flame.view; }
grep -E '^(EXTERNAL|PAGEERROR)' flame.view && bad "flame: the page went out or failed"
frames=$(grep -c '^FRAME ' flame.view)
[ "$frames" = "$(grep -c '<title>' flame.svg)" ] || bad "flame: $frames frames on screen of $(grep -c '<title>' flame.svg)"
grep '^FRAME ' flame.view | grep -v '|true$' && bad "flame: frames above not painted where they are"
for f in main a b c getpid; do
	grep -qE "^FRAME $f \([0-9]+ calls, [0-9.]+%\)\|[1-9][0-9.]*\|1[0-9.]*\|true$" flame.view ||
		bad "flame: no frame '$f' on screen"
done
[ -s flame.png ] || bad "flame: no screenshot"
[ $fail = 0 ] && echo "ok   flame: $frames frames painted (screenshot flame.png)"
exit $fail
