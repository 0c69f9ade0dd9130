#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sttrace -f killed while a vfork parent waits for its sleeping child (strace 7.2's
# detach-vfork): the parent can stop, and so be detached, only once the child has exited.
# sttrace must not wait for the parent alone while the child sits stopped for it (it hung):
# it detaches the child first, then the parent, and ends; the program, which ignores SIGTERM,
# runs to its normal end.  ptrace only.
set -u
fail=0
${CC:-cc} -O1 -Wall -o dv "$TOP/tests/sh/sttrace/detach-vfork.c" || exit 1
"$STTRACE" -I2 -f -e trace=none ./dv >dv.out 2>dv.err &
st=$!
for i in $(seq 50); do [ "$(grep -c attached dv.err)" -ge 1 ] && break; sleep 0.1; done
sleep 0.5
kill -TERM $st
for i in $(seq 80); do kill -0 $st 2>/dev/null || break; sleep 0.1; done
if kill -0 $st 2>/dev/null; then
	echo "FAIL: sttrace still running 8 s after SIGTERM"
	kill -9 $st
	fail=1
fi
wait $st
echo "sttrace exit status $?"
for i in $(seq 50); do [ -s dv.out ] && break; sleep 0.1; done
cat dv.err dv.out
read -r _ child _ parent <dv.out || { echo "FAIL: the program did not finish"; exit 1; }
expect="sttrace: Process $child attached
sttrace: Process $child detached
sttrace: Process $parent detached"
[ "$(sed 's/^[^:]*sttrace:/sttrace:/' dv.err)" = "$expect" ] || { echo "FAIL: not what strace says:"; echo "$expect"; fail=1; }
exit $fail
