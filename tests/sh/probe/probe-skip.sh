#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# ptrace probes that cannot be placed (a function whose entry already holds an int3 that is
# not ours) are skipped: all named in one warning line at start, and the trace goes on with the
# others, under sttrace -e uprobe= and lttrace -x alike (tests/sh/probe/probe-skip.c).
set -u
LTTRACE=${LTTRACE:-$(dirname "$STTRACE")/lttrace}
${CC:-cc} -O1 -Wall -o skip "$TOP/tests/sh/probe/probe-skip.c" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }

"$STTRACE" -o log -a0 -e trace=none -e uprobe=trapped -e uprobe=plain:args=l ./skip >prog.out 2>err
rc=$?
echo "sttrace: exit $rc: $(cat err)"
[ $rc = 0 ] || bad "sttrace: exit status $rc"
[ "$(cat prog.out)" = 42 ] || bad "sttrace: the program printed $(cat prog.out)"
[ "$(wc -l <err)" = 1 ] && grep -q "^$STTRACE: 1 probe not placed: trapped (an int3 that is not ours" err ||
	bad "sttrace: want one warning line naming trapped"
grep -q '^--- uprobe:plain(21) ---$' log || bad "sttrace: plain was not traced"

"$LTTRACE" -o llog -x trapped -x plain ./skip >prog.out 2>err
rc=$?
echo "lttrace: exit $rc: $(cat err)"
[ $rc = 0 ] || bad "lttrace: exit status $rc"
[ "$(cat prog.out)" = 42 ] || bad "lttrace: the program printed $(cat prog.out)"
[ "$(wc -l <err)" = 1 ] && grep -q '^lttrace: 1 function not traced, .*: trapped at 0x[0-9a-f]* (an int3' err ||
	bad "lttrace: want one warning line naming trapped"
grep -q '^plain(' llog || bad "lttrace: plain was not traced"
exit $fail
