#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make bench, --latency under --bpf per pair against bpftrace (issue 17, target <= 1.2):
# tests/bench/lat-loop.c makes N requests between two USDT probes, lat:start and lat:done,
# keyed by id; sttrace --bpf -e trace=none --latency=usdt:lat:start..usdt:lat:done:key=arg0
# (the pairs and the histogram made in the kernel, nothing sent per pair) against bpftrace's equivalent
#   usdt:P:lat:start { @s[arg0] = nsecs; }
#   usdt:P:lat:done /@s[arg0]/ { @h = hist((nsecs - @s[arg0]) / 1000); delete(@s[arg0]); }
# Cost per pair = (t(N) - t(0)) / N, startup aside; medians of LAT_RUNS runs, the tools
# alternated within each run; the untraced program's own time per pair is subtracted too.
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
once() { local t0=$EPOCHREALTIME; "$@" >/dev/null 2>>"$so/stderr"; echo "$EPOCHREALTIME - $t0" | bc -l; }
P=$so/lat-loop
BT="usdt:$P:lat:start { @s[arg0] = nsecs; }
    usdt:$P:lat:done /@s[arg0]/ { @h = hist((nsecs - @s[arg0]) / 1000); delete(@s[arg0]); }"
run() { # tool n
	case $1 in
	none) once "$P" "$2" ;;
	bpftrace) once bpftrace -o "$so/bt.out" -e "$BT" -c "$P $2" ;;
	sttrace) once "$STTRACE" --bpf -e trace=none -o "$so/st.out" \
		--latency=usdt:lat:start..usdt:lat:done:key=arg0 "$P" "$2" ;;
	esac
}
TOOLS=(none bpftrace sttrace)
declare -A t
: >"$so/stderr"
for r in $(seq "$RUNS"); do
	for tool in "${TOOLS[@]}"; do
		t[$tool/0]+="$(run "$tool" 0) "
		t[$tool/N]+="$(run "$tool" "$N") "
	done
done
declare -A ns
for tool in "${TOOLS[@]}"; do
	a=$(printf '%s\n' ${t[$tool/0]} | median) b=$(printf '%s\n' ${t[$tool/N]} | median)
	ns[$tool]=$(echo "($b - $a) * 1000000000 / $N" | bc -l)
done
st=$(echo "${ns[sttrace]} - ${ns[none]}" | bc -l) bt=$(echo "${ns[bpftrace]} - ${ns[none]}" | bc -l)
count=$(sed -n 's/^@latency\[.*\]: count \([0-9]*\),.*/\1/p' "$so/st.out")
btcount=$(awk -F'|' '/^\[/ { k = split($1, w, " "); n += w[k] } END { print n + 0 }' "$so/bt.out")
{
	echo
	echo "--latency under --bpf per pair, $N pairs of USDT probes, medians of $RUNS runs (startup and the program's own time subtracted):"
	echo
	echo "| comparison | sttrace --bpf --latency | bpftrace hist() | ratio | target |"
	echo "| --- | --- | --- | --- | --- |"
	printf '| per pair (%s pairs / bpftrace %s) | %.0f ns | %.0f ns | **%.2f** | <= 1.2 |\n' \
		"${count:-?}" "$btcount" "$st" "$bt" "$(echo "$st / $bt" | bc -l)"
} | tee -a "$out/results.md"
