#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make bench, attaching: the wall time of a trace that only starts and ends, where uprobe_multi
# links (one per file and direction) replace one perf-event link per probe.
#  - lttrace --bpf -x '*@libc.so.6' /bin/true: about 2,900 functions, entry and return probes;
#    one run with single links (LTTRACE_BPF_LINKS=single: minutes), ATTACH_RUNS with multi;
#  - sttrace --bpf -e 'usdt=bench:*' on a program of 1, 10 and 100 USDT probes, each way.
# Appends its rows to $B/bench/results.md.  Not a test: nothing here passes or fails on time.
set -u
cd "$(dirname "$0")/../.."
B=${B:-build}
RUNS=${ATTACH_RUNS:-3}
out="$B/bench"
mkdir -p "$out"
LTTRACE="$PWD/$B/bin/lttrace" STTRACE="$PWD/$B/bin/sttrace"
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
once() { local t0=$EPOCHREALTIME; "$@" >/dev/null 2>&1; echo "$EPOCHREALTIME - $t0" | bc -l; }
tmed() { # runs command...: the median of RUNS runs
	local n=$1; shift
	for _ in $(seq "$n"); do once "$@"; done | median
}

lines=()
multi=$(tmed "$RUNS" "$LTTRACE" --bpf -x '*@libc.so.6' /bin/true)
single=$(LTTRACE_BPF_LINKS=single tmed 1 "$LTTRACE" --bpf -x '*@libc.so.6' /bin/true)
lines+=("$(printf "| lttrace --bpf -x '*@libc.so.6' /bin/true | %.3f s | %.3f s | %.0fx |" \
	"$multi" "$single" "$(echo "$single / $multi" | bc -l)")")
for n in 1 10 100; do
	src="$out/usdt-$n.c"
	{
		echo '#include "sdt/sdt.h"'
		echo 'int main(void) {'
		for i in $(seq "$n"); do echo "	DTRACE_PROBE1(bench, p$i, $i);"; done
		echo '	return 0; }'
	} >"$src"
	cc -O1 -I. -o "$out/usdt-$n" "$src" || exit 1
	multi=$(tmed "$RUNS" "$STTRACE" --bpf -e trace=none -e 'usdt=bench:*' "$out/usdt-$n")
	single=$(STTRACE_BPF_LINKS=single tmed "$RUNS" "$STTRACE" --bpf -e trace=none \
		-e 'usdt=bench:*' "$out/usdt-$n")
	lines+=("$(printf "| sttrace --bpf, %d USDT probes | %.3f s | %.3f s | %.1fx |" "$n" \
		"$multi" "$single" "$(echo "$single / $multi" | bc -l)")")
done
{
	echo
	echo "Attaching and detaching (wall time of a whole run, median of $RUNS; single links: 1 run for lttrace):"
	echo
	echo "| run | uprobe_multi | one link per probe | ratio |"
	echo "| --- | --- | --- | --- |"
	printf '%s\n' "${lines[@]}"
} | tee -a "$out/results.md"
