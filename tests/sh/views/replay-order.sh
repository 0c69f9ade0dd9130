#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# `sttrace replay` and `lttrace replay` as a user types them: the options before or after the
# recording print the same lines (getopt order), and a replay without options keeps the live
# run's shape: a recording made with -f -o FILE replays with the pids, as "PID " lines, exactly
# the live run's file; with -f alone, "[pid N] " lines as the live run printed them.  One word
# too many or none: one line and exit 1.
set -u
. "$TOP/tests/lib.sh"
LTTRACE=$TOP/$B/bin/lttrace
fail=0
bad() { echo "FAIL: $*"; fail=1; }
"${CC:-cc}" -O0 -g -o opts "$TOP/tests/lttrace/opts.c" || exit 1
fork=$TOP/$B/tests/trace/engine-fork

# sttrace: a forking program recorded with -f -o.
sel=(-e trace=getppid,wait4,exit_group -e signal=none)
run_checked "$STTRACE" -f -o live.txt --record=s.rec "${sel[@]}" "$fork" >/dev/null ||
	bad "sttrace: the recorded run: exit status $?"
grep -Eq '^[0-9]+ +getppid\(\)' live.txt || bad "sttrace: the live run has no PID lines"
"$STTRACE" replay -e trace=getppid s.rec 2>before.txt || bad "sttrace replay OPTIONS FILE: exit $?"
"$STTRACE" replay s.rec -e trace=getppid 2>after.txt || bad "sttrace replay FILE OPTIONS: exit $?"
[ -s before.txt ] && cmp -s before.txt after.txt ||
	{ bad "sttrace: options before and after FILE differ:"; diff before.txt after.txt | head; }
# Without -f or -o of its own: the live run's file, line for line.
"$STTRACE" replay "${sel[@]}" s.rec 2>plain.txt || bad "sttrace replay FILE: exit $?"
diff -u live.txt <(grep -v ' attached$' plain.txt) >plain.diff ||
	{ bad "sttrace replay FILE does not print the live run's file:"; head -10 plain.diff; }
# With -o of its own, still the recording's -f: the pids.
"$STTRACE" replay s.rec -o again.txt "${sel[@]}" 2>/dev/null || bad "sttrace replay -o: exit $?"
diff -u live.txt again.txt >again.diff ||
	{ bad "sttrace replay FILE -o: not the live run's lines:"; head -10 again.diff; }

# sttrace, -f without -o: "[pid N] " lines, as a live run prints them on stderr.
"$STTRACE" -f --record=f.rec "${sel[@]}" "$fork" >/dev/null 2>&1 # (no -o: no text)
"$STTRACE" -f "${sel[@]}" "$fork" 2>&1 >/dev/null | grep -v attached | normalize_run /dev/stdin >live2.n
"$STTRACE" replay f.rec "${sel[@]}" 2>&1 | grep -v attached | normalize_run /dev/stdin >rep2.n
grep -Eq '^\[pid N\] (<\.\.\. )?getppid' rep2.n || bad "sttrace replay of -f: no [pid N] lines"
# (the two processes interleave as they will: which process made which calls, in any order)
calls() { grep -v 'unfinished \.\.\.>$' "$1" | sed -E 's/^(\[pid N\] )?(<\.\.\. )?([+a-z_0-9]+).*/\1\3/' | grep -v '^\[pid N\] $' | sort; }
diff <(calls live2.n) <(calls rep2.n) >rep2.diff ||
	{ bad "sttrace replay of -f differs from a live run:"; head rep2.diff; }

# Words: none, or two.
"$STTRACE" replay -e trace=getppid 2>err.txt && bad "sttrace replay without FILE: exit 0"
grep -q "replay: a recording file expected" err.txt || bad "sttrace replay without FILE: $(head -1 err.txt)"
"$STTRACE" replay s.rec f.rec 2>err.txt && bad "sttrace replay A B: exit 0"
grep -q "one recording expected" err.txt || bad "sttrace replay A B: $(head -1 err.txt)"

# lttrace: the same, on a forking program.  A replay exits as the live run did.
run_checked "$LTTRACE" -f -o llive.txt --record=l.rec -e malloc+free ./opts fork >/dev/null
lrc=$?
grep -Eq '^[0-9]+ opts->malloc\(' llive.txt || bad "lttrace: the live run has no PID lines"
"$LTTRACE" replay -e malloc l.rec 2>lbefore.txt
[ $? = $lrc ] || bad "lttrace replay OPTIONS FILE: exit status, live $lrc"
"$LTTRACE" replay l.rec -e malloc 2>lafter.txt
[ $? = $lrc ] || bad "lttrace replay FILE OPTIONS: exit status, live $lrc"
[ -s lbefore.txt ] && cmp -s lbefore.txt lafter.txt ||
	{ bad "lttrace: options before and after FILE differ:"; diff lbefore.txt lafter.txt | head; }
"$LTTRACE" replay -e malloc+free l.rec 2>lplain.txt
diff -u llive.txt lplain.txt >lplain.diff ||
	{ bad "lttrace replay FILE does not print the live run's file:"; head -10 lplain.diff; }
"$LTTRACE" replay 2>err.txt && bad "lttrace replay without FILE: exit 0"
grep -q "replay: a recording file expected" err.txt || bad "lttrace replay without FILE: $(head -1 err.txt)"
exit $fail
