#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# 4 threads x 20,000 malloc+free under lttrace -f: exactly 80,000 malloc lines (ltrace 0.7.3
# loses calls here), each with its result, 20,000 per thread (by the size each thread asks
# for), every run (LTTRACE_THREADS_RUNS, default 2).  The program's own count must be right.
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
cc=${CC:-cc}
n=${LTTRACE_THREADS_CALLS:-20000}
runs=${LTTRACE_THREADS_RUNS:-2}
"$cc" -O1 -pthread -o threads "$TOP/tests/lttrace/threads.c" || exit 1
fail=0
for r in $(seq "$runs"); do
	start=$(date +%s.%N)
	run_checked "$LTTRACE" -f -o trace.log ./threads "$n" >prog.out 2>err || { echo "FAIL: exit status $?"; cat err; fail=1; }
	end=$(date +%s.%N)
	[ "$(cat prog.out)" = $((4 * n)) ] || { echo "FAIL: the program counted $(cat prog.out)"; fail=1; }
	awk -v n="$n" -v secs="$(echo "$end - $start" | bc)" '
		/ malloc\(/ { calls++; v = $0; sub(/.*malloc\(/, "", v); sub(/[ )].*/, "", v); size[v]++ }
		/ free\(/ { frees++ }
		/<\.\.\. malloc resumed> \) += 0x|malloc\([0-9]+\) += 0x/ { rets++ }
		END {
			printf "run: %d malloc lines, %d results, %d free lines, %.1f s\n", calls, rets, frees, secs
			ok = calls == 4 * n && rets == 4 * n && frees == 4 * n
			for (s = 24; s < 28; s++) if (size[s] != n) { print "size " s ": " size[s] + 0; ok = 0 }
			exit !ok }' trace.log || { echo "FAIL: run $r"; fail=1; }
done
exit $fail
