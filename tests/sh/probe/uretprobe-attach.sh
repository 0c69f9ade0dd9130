#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -p with uretprobes to a loop that spends its time inside the probed calls (usleep ->
# clock_nanosleep), then SIGINT to sttrace, several times: the calls in flight at detach had
# their return address swapped for the trampoline (the entry point); it must be written back,
# or the program would return into _start and start over (or crash).  After each detach the
# program is not traced, runs on, and its counter stays consecutive.
set -u
cc=${CC:-cc}
cat >loop.c <<'C'
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 0;; i++) {
		usleep(20000);
		printf("%d\n", i);
	}
}
C
"$cc" -O1 -o loop loop.c || { echo "FAIL: cannot build the loop"; exit 1; }
./loop >out.txt &
lp=$!
trap 'kill $lp 2>/dev/null' EXIT
sleep 0.2
fail=0
for i in 1 2 3 4 5; do
	"$STTRACE" -o "trace-$i.log" -e trace=none -e 'uretprobe=usleep:ret=d' \
		-e uretprobe=clock_nanosleep -e uprobe=usleep:args=u -p "$lp" 2>"err-$i" &
	st=$!
	# From the moment it is attached (loading BPF programs takes a moment under --bpf).
	for w in $(seq 50); do grep -q attached "err-$i" 2>/dev/null && break; sleep 0.05; done
	sleep "0.$((2 + i))"
	kill -INT $st
	wait $st
	sleep 0.1
	tracer=$(awk '/^TracerPid:/ {print $2}' /proc/$lp/status 2>/dev/null)
	[ "$tracer" = 0 ] || { echo "FAIL: round $i: still traced (or gone): '$tracer'"; fail=1; }
	echo "round $i: $(grep -c 'uretprobe:usleep = 0 ---' "trace-$i.log") returns of usleep seen"
	grep -q -- '--- uretprobe:clock_nanosleep = 0 ---' "trace-$i.log" ||
		{ echo "FAIL: round $i: no uretprobe hit"; fail=1; }
done
c1=$(wc -l <out.txt); sleep 0.2; c2=$(wc -l <out.txt)
[ "$c2" -gt "$c1" ] || { echo "FAIL: the loop does not run on"; fail=1; }
kill $lp
wait $lp 2>/dev/null
trap - EXIT
awk '{ if (NR > 1 && $1 != prev + 1) { print "FAIL: " prev " then " $1; bad = 1 }
       prev = $1 } END { print NR " iterations, consecutive"; exit bad }' out.txt || fail=1
exit $fail
