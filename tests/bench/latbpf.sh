#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make bench, --latency under --bpf per pair against bpftrace (issue 17, target <= 1.2):
# tests/bench/lat-loop.c makes N requests between two USDT probes, lat:start and lat:done,
# keyed by id; sttrace --bpf -e trace=none --latency=usdt:lat:start..usdt:lat:done:key=arg0
# (the pairs and the histogram made in the kernel, nothing sent per pair) against bpftrace's equivalent
#   usdt:P:lat:start { @s[arg0] = nsecs; }
#   usdt:P:lat:done /@s[arg0]/ { @h = hist((nsecs - @s[arg0]) / 1000); delete(@s[arg0]); }
# Cost per pair = (loop(traced) - loop(untraced)) / N, where loop is the time the program's
# loop takes by its own clock (lat-loop prints it): the tools' start-up and exit, which differ
# (bpftrace -c lets the program run while it still sets up), stay out.  Medians of LAT_RUNS
# runs, the three alternated within each run.
# Appends its row to $B/bench/results.md.  Not a test: nothing here passes or fails on time.
set -u
cd "$(dirname "$0")/../.."
B=${B:-build}
RUNS=${LAT_RUNS:-5}
N=${LAT_N:-200000}
out="$B/bench"
mkdir -p "$out/latbpf"
so=$(cd "$out/latbpf" && pwd)
STTRACE="$PWD/$B/bin/sttrace"
cc -O2 -Isdt -o "$so/lat-loop" tests/bench/lat-loop.c || exit 1
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
loop_ns() { # the program's own loop time, from what it wrote on stderr
	sed -n 's/^loop_ns //p' "$so/err" | tail -n1
}
P=$so/lat-loop
BT="usdt:$P:lat:start { @s[arg0] = nsecs; }
    usdt:$P:lat:done /@s[arg0]/ { @h = hist((nsecs - @s[arg0]) / 1000); delete(@s[arg0]); }"
run() { # tool: the loop's time in ns
	case $1 in
	none) "$P" "$N" >/dev/null 2>"$so/err" ;;
	bpftrace) bpftrace -o "$so/bt.out" -e "$BT" -c "$P $N" >/dev/null 2>"$so/err" ;;
	sttrace) "$STTRACE" --bpf -e trace=none -o "$so/st.out" \
		--latency=usdt:lat:start..usdt:lat:done:key=arg0 "$P" "$N" >/dev/null 2>"$so/err" ;;
	esac
	loop_ns
}
TOOLS=(none bpftrace sttrace)
declare -A t
for r in $(seq "$RUNS"); do
	for tool in "${TOOLS[@]}"; do
		t[$tool]+="$(run "$tool") "
	done
done
declare -A ns
for tool in "${TOOLS[@]}"; do
	ns[$tool]=$(printf '%s\n' ${t[$tool]} | median)
	[ -n "${ns[$tool]}" ] || { echo "latbpf: $tool: no loop time (see $so/err)" >&2; exit 1; }
done
st=$(echo "(${ns[sttrace]} - ${ns[none]}) / $N" | bc -l) bt=$(echo "(${ns[bpftrace]} - ${ns[none]}) / $N" | bc -l)
count=$(sed -n 's/^@latency\[.*\]: count \([0-9]*\),.*/\1/p' "$so/st.out")
btcount=$(awk -F'|' '/^\[/ { k = split($1, w, " "); n += w[k] } END { print n + 0 }' "$so/bt.out")
{
	echo
	echo "--latency under --bpf per pair, $N pairs of USDT probes, medians of $RUNS runs (the loop's own time, traced minus untraced):"
	echo
	echo "| comparison | sttrace --bpf --latency | bpftrace hist() | ratio | target |"
	echo "| --- | --- | --- | --- | --- |"
	printf '| per pair (%s pairs / bpftrace %s) | %.0f ns | %.0f ns | **%.2f** | <= 1.2 |\n' \
		"${count:-?}" "$btcount" "$st" "$bt" "$(echo "$st / $bt" | bc -l)"
} | tee -a "$out/results.md"
