#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# lttrace's exit status, under ptrace, or under --bpf when the first argument is --bpf: 0
# whatever the program's end (exit(N), killed by a signal), as ltrace 0.7.3 exits (its suite
# counts anything else as a failed run: branch_func.exp, trace-exec.exp), the program's end in
# the trace's last line.  tests/lttrace/exitcode.c prints that line.  run_checked takes the
# traced program's status from it (-o FILE, or stderr) and compares it with an untraced run's;
# a program that ends otherwise traced than untraced must still be caught: checked on a trace
# whose end line says another status.  --compare: the ptrace mode runs (its status 0 is not
# taken for a failure of the program's 3).
set -u
. "$TOP/tests/lib.sh"
lt_backend "$@"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"${CC:-cc}" -O0 -o exitcode "$TOP/tests/lttrace/exitcode.c" || exit 1
for end in 0 3 190 SIGTERM SIGSEGV; do
	run_checked timeout 60 "$LTTRACE" "${BE[@]}" -L -o log ./exitcode $end >expected
	rc=$?
	[ $rc = 0 ] || bad "$end: lttrace's exit status $rc, want 0"
	diff -u expected log || bad "$end: the trace's end differs from what the program said"
	# Without -o: the trace on stderr, where run_checked reads the status too.
	run_checked timeout 60 "$LTTRACE" "${BE[@]}" -L ./exitcode $end >/dev/null 2>err ||
		bad "$end, no -o: exit status $?"
	diff -u expected <(grep -E "^(---|\+\+\+) " err) || bad "$end, no -o: the trace on stderr differs"
done
# The comparison keeps its teeth: an end line that disagrees with the untraced run is a FAIL.
UNTRACED_FAIL=$PWD/teeth.fail
mkdir -p fake
# shellcheck disable=SC2016
printf '#!/bin/sh\nprintf "+++ exited (status 4) +++\\n" >"$2"\n' >fake/lttrace
chmod +x fake/lttrace
run_checked fake/lttrace -o fake.log ./exitcode 3 >/dev/null 2>teeth.err &&
	bad "a trace saying status 4 for a program that exits 3: no difference seen"
[ "$(lt_trace_status fake.log)" = 4 ] || bad "lt_trace_status: $(lt_trace_status fake.log), want 4"
printf '[pid 12] +++ killed by SIGSEGV +++\n' >fake.log
[ "$(lt_trace_status fake.log)" = 139 ] || bad "lt_trace_status of a kill: $(lt_trace_status fake.log)"
rm -f "$UNTRACED_FAIL"
UNTRACED_FAIL=$PWD/untraced.fail
if [ ${#BE[@]} = 0 ]; then
	timeout 120 "$LTTRACE" --compare=1 -L ./exitcode 3 >cmp.out 2>&1 || bad "--compare: exit status $?"
	grep -q 'exit status' cmp.out && { bad "--compare: a mode taken for failed"; cat cmp.out; }
fi
[ $fail = 0 ] && echo "exit(0, 3, 190), SIGTERM, SIGSEGV: lttrace exits 0, the trace says the program's end"
exit $fail
