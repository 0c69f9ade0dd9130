#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -k --stack-format=folded, both backends: tests/sh/views/stack-folded.c calls getpid on two known
# paths and prints the folded lines they must give from main on; the trace (-o) must end with
# exactly one folded line per path, each with the path's count, and no stack lines.  With -T the
# same paths weigh the nanoseconds spent in their calls: integers, none zero.
set -u
. "$TOP/tests/lib.sh"
fail=0
die() { echo "FAIL: $*"; fail=1; }

${CC:-cc} -g -O0 -o sf "$TOP/tests/sh/views/stack-folded.c" || exit 1
for backend in ptrace bpf; do
	opt=; [ $backend = bpf ] && opt=--bpf
	run_checked "$STTRACE" $opt -o "$backend.log" -k --stack-format=folded -e trace=getpid ./sf \
		>want.txt || die "$backend: sttrace failed"
	grep -q '^ > ' "$backend.log" && die "$backend: stack lines printed with --stack-format=folded"
	[ "$(grep -c '^getpid() *= ' "$backend.log")" = 5 ] || die "$backend: want 5 getpid lines"
	# Folded lines: no '(' (a syscall line has one), a space, a count.
	grep -E '^[^ (]+ [0-9]+$' "$backend.log" | sed -E 's/^.*;main;/main;/' >got.txt
	if diff -u want.txt got.txt >"$backend.diff"; then
		echo "ok   $backend: $(tr '\n' '|' <got.txt)"
	else
		die "$backend: folded lines differ:"; cat "$backend.diff"
	fi
	grep -qE '^_start;__libc_start_main;.*;main;a;b;syscall;getpid 3$' "$backend.log" ||
		die "$backend: the frames below main are not the program's start"
	run_checked "$STTRACE" $opt -o "$backend-T.log" -T -k --stack-format=folded -e trace=getpid \
		./sf >/dev/null || die "$backend -T: sttrace failed"
	grep -E '^[^ (]+ [0-9]+$' "$backend-T.log" | sed -E 's/^.*;main;/main;/' >gotT.txt
	[ "$(cut -d' ' -f1 gotT.txt)" = "$(cut -d' ' -f1 want.txt)" ] ||
		die "$backend -T: other paths: $(cat gotT.txt)"
	grep -qE ' 0$' gotT.txt && die "$backend -T: a zero weight: $(cat gotT.txt)"
	echo "ok   $backend -T: $(tr '\n' '|' <gotT.txt)"
done
exit $fail
