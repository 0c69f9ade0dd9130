#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# 8 threads x N calls of two functions whose first instruction is RIP-relative (lea, mov from
# memory), each with a breakpoint run out of line from the scratch page, under -f
# (N = UPROBE_XOL_HITS, default 20000): every hit reported exactly once, no wrong result, the
# program's output equal to its untraced output.  Then the same, fewer calls, with
# STTRACE_XOL=0: the stop-the-world fallback must be exact too.  Prints the hit rates.
set -u
prog="$TOP/$B/tests/trace/uprobe-xol"
fail=0

run() { # label N [env...]
	local label=$1 n=$2; shift 2
	"$prog" 8 "$n" >untraced.out || { echo "FAIL: untraced run"; fail=1; return; }
	local start end
	start=$(date +%s.%N)
	env "$@" "$STTRACE" -f -o trace.log -e trace=none -e uprobe=xol_lea:args=l,l \
		-e uprobe=xol_load:args=l,l "$prog" 8 "$n" >traced.out 2>err ||
		{ echo "FAIL: $label: sttrace exit status $?"; cat err; fail=1; }
	end=$(date +%s.%N)
	cmp -s untraced.out traced.out ||
		{ echo "FAIL: $label: output differs"; diff untraced.out traced.out; fail=1; }
	local want=$((8 * n)) f total uniq
	for f in xol_lea xol_load; do
		total=$(grep -c "uprobe:$f(" trace.log)
		uniq=$(grep -o "uprobe:$f([0-9]*, [0-9]*)" trace.log | sort -u | wc -l)
		echo "$label: $f: $total hits reported, $uniq distinct, $want made"
		[ "$total" = "$want" ] && [ "$uniq" = "$want" ] ||
			{ echo "FAIL: $label: hits lost or repeated"; fail=1; }
	done
	echo "$label: rate $(echo "2 * $want / ($end - $start)" | bc) hits/s"
}
run out-of-line "${UPROBE_XOL_HITS:-20000}"
run stop-the-world "${UPROBE_XOL_STW_HITS:-2000}" STTRACE_XOL=0
exit $fail
