#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -p to 8 threads calling two functions whose breakpoints run out of line, then SIGINT (and,
# on a second run, SIGTERM) to sttrace while hits are flowing: the program must run on, to its
# end when told (a file), with no wrong result and exit 0.  An int3 left behind would kill it with SIGTRAP at
# its next call, a copy left half-run or run twice would show as a wrong result.
set -u
prog="$TOP/$B/tests/trace/uprobe-xol"
fail=0

for sig in INT TERM; do
	# Calls until the file "stop" exists: still running however long attaching takes.
	rm -f stop
	"$prog" 8 0 stop >out.txt &
	lp=$!
	sleep 0.2
	"$STTRACE" -o trace.log -p "$lp" -f -e trace=none -e uprobe=xol_lea:args=l,l \
		-e uprobe=xol_load:args=l,l 2>err &
	tp=$!
	# Attached when it says so (--bpf loads its programs first), then a second of hits.
	for _ in $(seq 100); do grep -q attached err && break; sleep 0.1; done
	sleep 1
	kill -"$sig" "$tp"
	wait "$tp"
	touch stop
	wait "$lp"
	rc=$?
	hits=$(grep -c 'uprobe:xol_' trace.log)
	echo "SIG$sig: $hits hits seen while attached; program: exit $rc, $(cat out.txt)"
	[ "$hits" -gt 0 ] || { echo "FAIL: SIG$sig: no hit seen"; cat err; fail=1; }
	[ "$rc" = 0 ] && grep -q ', 0 wrong results' out.txt ||
		{ echo "FAIL: SIG$sig: the program did not run on correctly"; fail=1; }
done
exit $fail
