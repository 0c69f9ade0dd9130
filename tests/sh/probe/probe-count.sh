#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -c and -C with probes: after the syscall table, hits per probe under the names the lines use,
# exact.  uretprobe.c calls fact 3 times (3 entries, 3 returns) and jumper 6 times, 3 of them
# left by longjmp (3 returns); usdt-threads fires test:hit 4 x 5000 times in 4 threads (-f).
# -C prints every line as well; a -c run without probes has no probe table.
set -u
. "$TOP/tests/lib.sh"
t="$TOP/$B/tests/trace"
fail=0
check() { # what file expected-lines...
	local what=$1 f=$2
	shift 2
	printf '%s\n' "$@" >want
	sed -n '/^ *hits probe$/,$p' "$f" >got
	if ! diff -u want got; then
		echo "FAIL: $what"
		cat "$f"
		fail=1
	fi
}
dash='--------- ----------------'
run_checked "$STTRACE" -c -o c1 -e trace=none -e uprobe=fact -e uretprobe=fact -e uretprobe=jumper \
	"$t/uretprobe" >/dev/null || { echo "FAIL: -c exit status $?"; fail=1; }
check "-c, uprobe and uretprobes" c1 '     hits probe' "$dash" '        3 uprobe:fact' \
	'        3 uretprobe:fact' '        3 uretprobe:jumper'
grep -q '^------ -----------' c1 || { echo "FAIL: -c: no syscall table"; fail=1; }
grep -q -- '--- u' c1 && { echo "FAIL: -c printed hits"; fail=1; }

run_checked "$STTRACE" -f -c -o c2 -e trace=none -e usdt=test:hit "$t/usdt-threads" 4 5000 >/dev/null ||
	{ echo "FAIL: -f -c exit status $?"; fail=1; }
check "-f -c, 4 threads" c2 '     hits probe' "$dash" '    20000 usdt:test:hit'

run_checked "$STTRACE" -f -C -o c3 -e trace=none -e usdt=test:hit "$t/usdt-threads" 2 300 >/dev/null ||
	{ echo "FAIL: -C exit status $?"; fail=1; }
check "-f -C" c3 '     hits probe' "$dash" '      600 usdt:test:hit'
n=$(grep -c -- '--- usdt:test:hit(' c3)
[ "$n" = 600 ] || { echo "FAIL: -C printed $n hit lines, not 600"; fail=1; }

run_checked "$STTRACE" -c -o c4 -e trace=getppid "$t/uretprobe" >/dev/null || { echo "FAIL: -c without probes: exit status $?"; fail=1; }
grep -q 'hits probe' c4 && { echo "FAIL: a probe table without probes"; cat c4; fail=1; }
exit $fail
