#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make bench, --record against -o text under --bpf, or under ptrace with REC_BACKEND=ptrace,
# or for lttrace with REC_TOOL=lttrace (malloc+free pairs of tests/lttrace/malloc-loop.c)
# (issue 18: recording costs no more than -o text): tests/bench/syscall-loop.c makes N getppid calls; sttrace --bpf -o FILE (the text
# trace) against sttrace --bpf --record=FILE (the recording, nothing decoded).  Cost per call =
# (t(N) - t(0)) / N, startup aside, the untraced program's own time per call subtracted;
# medians of REC_RUNS runs, the three alternated within each run.  Also the recording's bytes
# per call.  Appends its row to $B/bench/results.md.  Not a test: nothing here passes or fails
# on time.
set -u
cd "$(dirname "$0")/../.."
B=${B:-build}
RUNS=${REC_RUNS:-5}
BE=${REC_BACKEND:-bpf}
TOOL=${REC_TOOL:-sttrace}
case $BE in
bpf) BEOPT=--bpf N=${REC_N:-200000} ;;
*) BEOPT=--backend=ptrace N=${REC_N:-50000} ;; # a ptrace stop costs tens of µs here
esac
out="$B/bench"
mkdir -p "$out/rec$TOOL$BE"
so=$(cd "$out/rec$TOOL$BE" && pwd)
STTRACE="$PWD/$B/bin/sttrace"
cc -O2 -o "$so/syscall-loop" tests/bench/syscall-loop.c || exit 1
WHAT=getppid
if [ "$TOOL" = lttrace ]; then
	STTRACE="$PWD/$B/bin/lttrace" WHAT=malloc
	[ "$BE" = bpf ] || BEOPT=
	cc -O2 -o "$so/syscall-loop" tests/lttrace/malloc-loop.c || exit 1
fi
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
once() { local t0=$EPOCHREALTIME; "$@" >/dev/null 2>>"$so/stderr"; echo "$EPOCHREALTIME - $t0" | bc -l; }
P=$so/syscall-loop
run() { # mode n
	case $1 in
	none) once "$P" "$2" ;;
	text) once "$STTRACE" $BEOPT -o "$so/trace.txt" "$P" "$2" ;;
	record) once "$STTRACE" $BEOPT --record="$so/trace.rec" "$P" "$2" ;;
	esac
}
MODES=(none text record)
declare -A t
: >"$so/stderr"
for r in $(seq "$RUNS"); do
	for m in "${MODES[@]}"; do
		t[$m/0]+="$(run "$m" 0) "
		t[$m/N]+="$(run "$m" "$N") "
	done
done
declare -A ns
for m in "${MODES[@]}"; do
	a=$(printf '%s\n' ${t[$m/0]} | median) b=$(printf '%s\n' ${t[$m/N]} | median)
	ns[$m]=$(echo "($b - $a) * 1000000000 / $N" | bc -l)
done
tx=$(echo "${ns[text]} - ${ns[none]}" | bc -l) rc=$(echo "${ns[record]} - ${ns[none]}" | bc -l)
calls=$(grep -c "^$WHAT" "$so/trace.txt")
bpc=$(echo "$(stat -c %s "$so/trace.rec") / $N" | bc -l)
tpc=$(echo "$(stat -c %s "$so/trace.txt") / $N" | bc -l)
{
	echo
	echo "$TOOL --record against -o text under ${BEOPT:-ptrace}, $N $WHAT calls ($calls traced), medians of $RUNS runs (startup and the program's own time subtracted):"
	echo
	echo "| per call | $TOOL $BEOPT -o text | $TOOL $BEOPT --record | ratio | target |"
	echo "| --- | --- | --- | --- | --- |"
	printf '| time | %.0f ns | %.0f ns | **%.2f** | <= 1.0 |\n' "$tx" "$rc" "$(echo "$rc / $tx" | bc -l)"
	printf '| file | %.0f bytes | %.0f bytes | %.2f | |\n' "$tpc" "$bpc" "$(echo "$bpc / $tpc" | bc -l)"
} | tee -a "$out/results.md"
rm -f "$so/trace.rec" "$so/trace.txt"
