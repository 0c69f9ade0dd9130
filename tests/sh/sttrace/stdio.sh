#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# sttrace's own standard descriptors, as strace's (its tests redirect and fflush):
# - once the program is started, sttrace keeps no end of the pipes it was given as stdin and
#   stdout: a program that closes its stdout ends its reader's input, one that closes its stdin
#   ends its writer (SIGPIPE), while sttrace still runs;
# - descriptors 0, 1, 2 closed when sttrace starts are closed for the program;
# - a trace file that cannot be written is said, "sttrace: /dev/full: No space left on device",
#   and the exit status is still the program's.
# Arguments (--bpf) go to every run.
set -u
extra=("$@")
fail=0
bad() { echo "FAIL: $*"; fail=1; }
# The program waits (5 s at most) for the other end of the pipe to see it closed: exit 0.
wait_for() { echo "exec $1; for i in \$(seq 50); do [ -f $2 ] && exit 0; sleep 0.1; done; exit 1"; }

rm -f eof sigpipe
"$STTRACE" "${extra[@]}" -qq -e trace=none -o /dev/null sh -c "$(wait_for '>&-' eof)" |
	{ cat >/dev/null; touch eof; }
rc=${PIPESTATUS[0]}
[ "$rc" = 0 ] && echo "stdout closed by the program: its reader saw the end" ||
	bad "stdout: the reader did not see the end while the program ran (exit $rc)"
{ yes 2>/dev/null; touch sigpipe; } |
	"$STTRACE" "${extra[@]}" -qq -e trace=none -o /dev/null sh -c "$(wait_for '<&-' sigpipe)"
rc=$?
[ "$rc" = 0 ] && echo "stdin closed by the program: its writer got SIGPIPE" ||
	bad "stdin: the writer went on while the program ran (exit $rc)"

# Descriptors closed when sttrace starts are closed for the program too (strace's redirect-fds;
# sttrace keeps them on /dev/null meanwhile, lest its own files take their numbers).
"$STTRACE" "${extra[@]}" -o /dev/null -e trace=none sh -c \
	'for fd in 0 1 2; do [ -e /proc/$$/fd/$fd ] && exit 1; done; exit 0' <&- >&- 2>&-
rc=$?
[ "$rc" = 0 ] && echo "0, 1, 2 closed: closed for the program" ||
	bad "0, 1, 2 closed: the program found one open"
"$STTRACE" "${extra[@]}" -o /dev/full -e trace=none sh -c 'exit 3' 2>full.err
rc=$?
[ "$rc" = 3 ] || bad "-o /dev/full: exit status $rc, not the program's 3"
[ "$(cat full.err)" = "$STTRACE: /dev/full: No space left on device" ] &&
	echo "-o /dev/full: $(cat full.err)" || { bad "-o /dev/full said:"; cat full.err; }
exit $fail
