#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# --flamegraph=FILE.svg, both backends, on tests/sh/views/stack-folded.c (getpid 3 times through
# main -> a -> b, twice through main -> c): the SVG is well-formed XML (xmllint), a frame per
# function with its weight in its <title> (all 5, main 5, a 3, b 3, c 2, syscall and getpid 3
# above b and 2 above c), nothing outside the
# file needed to show it (no script, no link); without -k the trace has no stack lines, with
# -k it has them as well.  A path that cannot be written is refused before the program runs.
set -u
. "$TOP/tests/lib.sh"
fail=0
die() { echo "FAIL: $*"; fail=1; }

${CC:-cc} -g -O0 -o sf "$TOP/tests/sh/views/stack-folded.c" || exit 1
for backend in ptrace bpf; do
	opt=; [ $backend = bpf ] && opt=--bpf
	run_checked "$STTRACE" $opt -o "$backend.log" --flamegraph="$backend.svg" -e trace=getpid \
		./sf >/dev/null || die "$backend: sttrace failed"
	grep -q '^ > ' "$backend.log" && die "$backend: stack lines without -k"
	xmllint --noout "$backend.svg" || die "$backend: not well-formed XML"
	for want in "all 5" "main 5" "a 3" "b 3" "c 2" "syscall 3" "syscall 2" "getpid 3" "getpid 2"; do
		set -- $want
		n=$(grep -c "<title>$1 ($2 calls, " "$backend.svg")
		[ "$n" = 1 ] || die "$backend: $n frames '$1' of $2 calls, want 1"
	done
	[ "$(grep -c '<title>' "$backend.svg")" = "$(grep -c '<rect x=.* rx=' "$backend.svg")" ] ||
		die "$backend: a frame without its rectangle"
	grep -qiE '<script|xlink:href|<link|@import|url\(' "$backend.svg" &&
		die "$backend: the SVG refers to something outside it"
	echo "ok   $backend: $(grep -c '<title>' "$backend.svg") frames, well-formed"
	run_checked "$STTRACE" $opt -o "$backend-k.log" -k --flamegraph="$backend-k.svg" \
		-e trace=getpid ./sf >/dev/null || die "$backend -k: sttrace failed"
	[ "$(grep -c '^ > .*(main+0x' "$backend-k.log")" = 5 ] ||
		die "$backend -k: want a stack with main after each of the 5 calls"
	cmp -s "$backend.svg" "$backend-k.svg" || die "$backend: -k changed the flame graph"
done
out=$("$STTRACE" --flamegraph=/nonexistent/dir/x.svg -e trace=getpid ./sf 2>&1 >/dev/null)
rc=$?
case $rc:$out in
0:*) die "an unwritable --flamegraph path was accepted" ;;
*"sttrace: --flamegraph: /nonexistent/dir/x.svg: No such file or directory"*) echo "ok   refused: $out" ;;
*) die "unwritable path: '$out'" ;;
esac
exit $fail
