#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# --perfetto=FILE (the timeline, Chrome trace event JSON) for sttrace and lttrace, over ptrace
# and --bpf: every event well-formed for the format (ph, ts, dur, pid, tid, name, args); the
# slices, instants and named tracks the program (tests/sh/views/timeline.c) says it made; slices of
# one thread properly nested; the two threads on one process.
set -u
. "$TOP/tests/lib.sh"
LTTRACE=${LTTRACE:-$(dirname "$STTRACE")/lttrace}
${CC:-cc} -O1 -g -Wall -pthread -o timeline "$TOP/tests/sh/views/timeline.c" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# check.py MODE FILE WANT: MODE "tracks" compares "KIND NAME THREAD COUNT" lines with WANT,
# MODE "calls" compares "NAME COUNT" for the names WANT lists.
cat >check.py <<'PY'
import collections, json, sys
mode, path, want = sys.argv[1:4]
evs = json.load(open(path))
assert isinstance(evs, list) and evs, "not a non-empty JSON array"
names, procs = {}, {}
for e in evs:
    assert isinstance(e, dict), e
    for k, t in (("ph", str), ("name", str), ("pid", int), ("tid", int)):
        assert isinstance(e.get(k), t), "%s: bad %s" % (e, k)
    assert e["ph"] in ("X", "i", "M"), e
    if e["ph"] == "M":
        assert e["name"] in ("process_name", "thread_name"), e
        assert isinstance(e["args"]["name"], str), e
        if e["name"] == "thread_name":
            names[e["tid"]] = e["args"]["name"]
        continue
    assert isinstance(e["ts"], (int, float)) and e["ts"] > 0, e
    assert isinstance(e.get("args", {}), dict), e
    if e["ph"] == "X":
        assert isinstance(e["dur"], (int, float)) and e["dur"] >= 0, e
        assert e["cat"] in ("syscall", "call"), e
    else:
        assert e["s"] in ("t", "p"), e
    procs[e["tid"]] = e["pid"]
# slices of a thread nest: each starts after its parent starts and ends before it ends
by_tid = collections.defaultdict(list)
for e in evs:
    if e["ph"] == "X":
        by_tid[e["tid"]].append((e["ts"], -e["dur"], e["name"]))
for tid, sl in by_tid.items():
    stack = []
    for ts, mdur, name in sorted(sl):
        end = ts - mdur
        while stack and stack[-1][0] <= ts:
            stack.pop()
        if stack and end > stack[-1][0] + 0.001:
            sys.exit("thread %d: %s overlaps %s" % (tid, name, stack[-1][1]))
        stack.append((end, name))
want = sorted(l.split() for l in open(want) if l.strip())
count = collections.Counter()
if mode == "tracks":
    for e in evs:
        if e["ph"] != "M" and e.get("cat") != "process":
            count[(e["ph"], e["name"], names.get(e["tid"], "?"))] += 1
    got = sorted([k[0], k[1], k[2], str(n)] for k, n in count.items())
    # both threads are one process's
    pids = {procs[t] for t in procs}
    if len(pids) != 1:
        sys.exit("threads spread over processes %s" % sorted(pids))
else:
    for e in evs:
        if e["ph"] == "X":
            count[e["name"]] += 1
    got = sorted([w[0], str(count[w[0]])] for w in want)
if got != want:
    sys.exit("want %s\n got %s" % (want, got))
print("%s: %d events" % (path, len(evs)))
PY

for be in "" --bpf; do
	rm -f tl.json timeline.want
	run_checked "$STTRACE" $be --perfetto=tl.json -o log -f -e trace=getpid,getppid \
		-e usdt=timeline:mark ./timeline || bad "sttrace $be: exit status"
	python3 check.py tracks tl.json timeline.want || bad "sttrace $be: the timeline"

	rm -f lt.json
	printf '%s\n' "syscall 6" "pthread_create 1" "pthread_join 1" "prctl 1" >lt.want
	run_checked "$LTTRACE" $be -f --perfetto=lt.json -o llog ./timeline ||
		bad "lttrace $be: exit status"
	python3 check.py calls lt.json lt.want || bad "lttrace $be: the timeline"
done
# An unwritable file: one line, non-zero exit, and the program is not run.
"$STTRACE" --perfetto=/nonexistent/dir/t.json ./timeline >out 2>err
[ $? != 0 ] && [ "$(wc -l <err)" = 1 ] && grep -q "^$STTRACE: --perfetto: /nonexistent" err &&
	[ ! -s out ] || bad "an unwritable --perfetto file: $(cat err)"
exit $fail
