#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A child the program clones with CLONE_PARENT is the tracer's child (tests/sh/sttrace/clone-parent.c).
# sttrace reaps it as strace does, saying "Exit of unknown pid N ignored" unless --quiet=exit
# (-qq); left a zombie, the program, which waits for it to vanish, would wait forever (--bpf
# did: strace's own clone_parent tests ran into their time limit).  The program's output and
# exit status are its untraced ones.  Arguments (--bpf) go to every sttrace run.
set -u
. "$TOP/tests/lib.sh"
extra=("$@")
fail=0
bad() { echo "FAIL: $*"; fail=1; }
${CC:-cc} -O1 -Wall -o cp "$TOP/tests/sh/sttrace/clone-parent.c" || exit 1

for q in "" -qq; do
	run_checked "$STTRACE" "${extra[@]}" $q -e trace=none -o t.log ./cp >t.out 2>t.err
	rc=$?
	[ $rc = 0 ] || { bad "sttrace ${extra[*]} $q: exit status $rc"; cat t.out t.err; continue; }
	pid=$(sed -n 's/^child \([0-9]*\)$/\1/p' t.out)
	want="$STTRACE: Exit of unknown pid $pid ignored"
	exp="+++ exited with 0 +++"
	if [ -n "$q" ]; then want= exp=; fi
	if [ "$(cat t.err)" != "$want" ]; then
		bad "sttrace ${extra[*]} $q: stderr '$(cat t.err)', want '$want'"
	elif [ "$(cat t.log)" != "$exp" ]; then
		bad "sttrace ${extra[*]} $q: trace '$(cat t.log)', want '$exp'"
	else
		echo "sttrace ${extra[*]} $q: CLONE_PARENT child reaped${want:+, \"$want\"}"
	fi
done
exit $fail
