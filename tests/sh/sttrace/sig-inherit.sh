#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A traced program starts with the signal dispositions the tracer was started with, as under
# strace (which spawns it before it ignores SIGTTOU, SIGTTIN, SIGTSTP and catches the signals
# that end it): sttrace and lttrace, over ptrace and --bpf (whose spawn came after those
# changes and once left SIGTTOU, SIGTTIN, SIGTSTP ignored in the program), started plainly and
# with SIGHUP and SIGTTOU ignored (as by nohup, or a shell).  run_checked compares each traced
# run's output (tests/sh/sttrace/sig-inherit.c: one line per signal) with the untraced run's.
set -u
. "$TOP/tests/lib.sh"
LTTRACE=${LTTRACE:-$(dirname "$STTRACE")/lttrace}
${CC:-cc} -O1 -Wall -o si "$TOP/tests/sh/sttrace/sig-inherit.c" || exit 1
fail=0
for tracer in "$STTRACE" "$LTTRACE"; do
	for be in "" --bpf; do
		name="${tracer##*/}${be:+ $be}"
		if out=$(run_checked "$tracer" $be -o /dev/null ./si); then
			echo "ok   $name: $(echo "$out" | grep -c default) of 8 at their default, as untraced"
		else
			echo "FAIL: $name"; fail=1
		fi
		out=$( (trap '' HUP TTOU; run_checked "$tracer" $be -o /dev/null ./si)) ||
			{ echo "FAIL: $name, SIGHUP and SIGTTOU ignored"; fail=1; }
		echo "$out" | grep -q '^Hangup ignored$' || { echo "FAIL: $name: SIGHUP not ignored: $out"; fail=1; }
	done
done
exit $fail
