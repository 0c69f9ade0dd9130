#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -k against strace 6.1: tests/sh/views/stack-k.c (built -g -O0: open() reached through inner_open
# and outer_open) traced with `-k -e trace=openat` by both gives the same lines, stack lines
# included -- names, the offsets into libc and ld.so, file offsets -- as a PIE, as a static
# binary and stripped (frames without a symbol).  The program's own frames must name its
# functions in order.  (A static glibc binary has no PT_GNU_EH_FRAME, so libunwind stops after
# the first frame, for strace as for us: that case checks only the agreement.)
set -u
. "$TOP/tests/lib.sh"
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
STTRACE=${STTRACE:-$TOP/build/bin/sttrace}
fail=0
die() { echo "FAIL: $*"; fail=1; }

${CC:-cc} -g -O0 -o sk-pie "$TOP/tests/sh/views/stack-k.c" || exit 1
${CC:-cc} -g -O0 -static -o sk-static "$TOP/tests/sh/views/stack-k.c" || exit 1
strip -o sk-stripped sk-pie || exit 1

for prog in sk-pie sk-static sk-stripped; do
	strace -o "$prog.strace" -k -e trace=openat "./$prog" >/dev/null
	run_checked "$STTRACE" -o "$prog.sttrace" -k -e trace=openat "./$prog" >/dev/null
	if diff -u "$prog.strace" "$prog.sttrace" >"$prog.diff"; then
		echo "ok   $prog: $(grep -c '^ > ' "$prog.sttrace") stack lines as strace's"
	else
		die "$prog: sttrace -k differs from strace -k:"; cat "$prog.diff"
	fi
	# The frames under the libc open wrapper, in the program itself.
	[ $prog = sk-static ] && continue
	got=$(grep -A4 '"/dev/null"' "$prog.sttrace" | tail -n3 |
		sed -E 's/^ > [^(]*\/(sk-[a-z]+)\(([^+)]*).*/\1 \2/' | tr '\n' ' ')
	case $prog in
	sk-stripped) want="sk-stripped  sk-stripped  sk-stripped  " ;;
	*) want="$prog inner_open $prog outer_open $prog main " ;;
	esac
	[ "$got" = "$want" ] || die "$prog: program frames are '$got', want '$want'"
done
grep -q '^ > .*sk-stripped() \[0x' sk-stripped.sttrace || die "stripped: no 'PATH() [0x...]' frame"

# strace 6.7-6.8's spellings: --stack-trace (-k), --stack-trace-frame-limit=N: N frames, then
# strace's " > too many stack frames" (7.2's own strace-k-with-depth-limit checks the same).
run_checked "$STTRACE" -o limit.sttrace --stack-trace --stack-trace-frame-limit=2 \
	-e trace=openat ./sk-pie >/dev/null
got=$(grep -A3 '"/dev/null"' limit.sttrace | tail -n3 | sed -E 's/^ > [^(]*\/(sk-[a-z]+)\(([^+)]*).*/\1 \2/; s/^ > .*libc.*/libc/' | tr '\n' ' ')
[ "$got" = "libc sk-pie inner_open  > too many stack frames " ] &&
	echo "ok   --stack-trace-frame-limit=2: two frames, then 'too many stack frames'" ||
	die "--stack-trace-frame-limit=2: frames are '$got'"
exit $fail
