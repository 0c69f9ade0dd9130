#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -kk (strace 6.4's format, ours for 6.1): each symbol line of -k gains " FILE:LINE".  The
# tracee (tests/sh/views/stack-k.c, -g -O0) prints the line of the call each of its functions makes;
# the frames of inner_open, outer_open and main must name stack-k.c and those lines.  Without
# the source parts, -kk's lines are -k's.
set -u
. "$TOP/tests/lib.sh"
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
STTRACE=${STTRACE:-$TOP/build/bin/sttrace}
fail=0
die() { echo "FAIL: $*"; fail=1; }

${CC:-cc} -g -O0 -o sk "$TOP/tests/sh/views/stack-k.c" || exit 1
run_checked "$STTRACE" -o kk.log -kk -e trace=openat ./sk >lines.txt || die "sttrace -kk failed"
run_checked "$STTRACE" -o k.log -k -e trace=openat ./sk >/dev/null || die "sttrace -k failed"
[ "$(wc -l <lines.txt)" = 3 ] || die "the program printed $(wc -l <lines.txt) lines, want 3"
while read -r fn line; do
	frame=$(grep -A4 '"/dev/null"' kk.log | grep -F "/sk($fn+0x")
	case $frame in
	*"] $TOP/tests/sh/views/stack-k.c:$line") echo "ok   $fn: ${frame#*] }" ;;
	*) die "$fn: want stack-k.c:$line in: '$frame'" ;;
	esac
done <lines.txt
if ! diff -u k.log <(sed -E 's/^( > .*\]) [^ ]+:[0-9]+$/\1/' kk.log) >strip.diff; then
	die "-kk without its source parts is not -k:"; cat strip.diff
fi
exit $fail
