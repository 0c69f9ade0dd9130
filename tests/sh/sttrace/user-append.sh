#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -A/--output-append-mode: -o appends (two runs, both traces in the file; -ff's files too);
# without -o, strace's warning and the trace all the same.  -u/--user USER: the program runs
# with USER's uid and gid (nobody); an unknown user is refused in strace's words.
# --read=/--write=: the long forms of -e read=/-e write=.  Arguments (--bpf) go to every run.
set -u
extra=("$@")
fail=0
bad() { echo "FAIL: $*"; fail=1; }

rm -f a.log
for i in 1 2; do "$STTRACE" "${extra[@]}" -A -o a.log -e trace=none true; done
"$STTRACE" "${extra[@]}" --output-append-mode -o a.log -e trace=none true
[ "$(grep -c '^+++ exited with 0 +++$' a.log)" = 3 ] || { bad "-A: not appended:"; cat a.log; }
"$STTRACE" "${extra[@]}" -A -e trace=none true 2>w.err
grep -qx "$STTRACE: -A/--output-append-mode has no effect without -o/--output" w.err &&
	grep -qx "+++ exited with 0 +++" w.err || { bad "-A without -o:"; cat w.err; }

id -u nobody >/dev/null 2>&1 || { echo "no user nobody"; exit 77; }
for u in "-u nobody" "--user=nobody"; do
	# shellcheck disable=SC2086
	got=$("$STTRACE" "${extra[@]}" $u -o /dev/null sh -c 'echo $(id -u):$(id -g)')
	[ "$got" = "$(id -u nobody):$(id -g nobody)" ] || bad "$u: the program ran as $got"
	echo "$u: $got"
done
"$STTRACE" -u no-such-user-here true 2>u.err; rc=$?
[ $rc = 1 ] && [ "$(cat u.err)" = "$STTRACE: Cannot find user 'no-such-user-here'" ] ||
	{ bad "unknown user: exit $rc:"; cat u.err; }

"$STTRACE" "${extra[@]}" -o e.log -e trace=write -e write=1 /bin/echo hi >/dev/null
"$STTRACE" "${extra[@]}" -o l.log -e trace=write --write=1 /bin/echo hi >/dev/null
diff e.log l.log >/dev/null && grep -q '^ | 00000 ' l.log || { bad "--write=1 is not -e write=1"; head l.log; }
exit $fail
