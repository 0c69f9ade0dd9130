#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make bench: tracing overhead, peers side by side in one run.  Each cell is the median wall
# time of RUNS runs; overhead is median / untraced median; ns_per_event is the added time per
# traced event.  Writes $B/bench/results.json and $B/bench/results.md.  Not a test: nothing
# here passes or fails on timing.
#   RUNS=5  FULL_N=50000 (getppid calls for the full-trace rows)  FILTER_N=1000000
# (a million calls for the filtered rows: with fewer, the few milliseconds any tracer spends
# starting a program outweigh the per-call cost being measured)  K_N=2000 (getppid calls for the
# -k rows: every call's stack is unwound and symbolized, about a millisecond a call for strace)
#   PROBE_N=100000 (probe hits for sttrace)  GDB_N=3000 (for gdb, 1000-2500 hits/s)  PROBE_RUNS=3:
# probe hits per second, sttrace against gdb, written to $B/bench/probes.json and results.md
set -u
cd "$(dirname "$0")/../.."
B=${B:-build}
RUNS=${RUNS:-5}
FULL_N=${FULL_N:-50000}
FILTER_N=${FILTER_N:-1000000}
K_N=${K_N:-2000}
out="$B/bench"
mkdir -p "$out"
cc -O2 -o "$out/syscall-loop" tests/bench/syscall-loop.c || exit 1
STTRACE="$PWD/$B/bin/sttrace"
rows=()

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
once() { # seconds one run of the command takes ($EPOCHREALTIME: no clock process to time too)
	local t0=$EPOCHREALTIME
	"$@" >/dev/null 2>&1
	echo "$EPOCHREALTIME - $t0" | bc -l
}
events_of() { # number of events the command writes (one extra run, to a file; -k's stack
	# lines, which start with a space, are not events)
	local log="$out/events.log"
	"$@" >/dev/null 2>&1
	grep -c '^[^ ]' "$log"
}

add_row() { # workload tool mode median baseline events
	local ovh nspe
	ovh=$(echo "$4 / $5" | bc -l)
	nspe=$(echo "($4 - $5) * 1000000000 / $6" | bc -l)
	rows+=("$(printf '{"workload": "%s", "tool": "%s", "mode": "%s", "median_s": %.6f, "baseline_s": %.6f, "overhead": %.2f, "events": %d, "ns_per_event": %.0f}' "$1" "$2" "$3" "$4" "$5" "$ovh" "$6" "$nspe")")
	printf '%-22s %-8s %-16s %10.4f s  x%-8.2f %9d events  %8.0f ns/event\n' "$1" "$2" "$3" "$4" "$ovh" "$6" "$nspe"
}

prog="$out/syscall-loop"
declare -A med
# Two tools on one workload, their runs interleaved with untraced runs so all three meet the
# same machine conditions; the baseline of the two rows is the untraced median of the same loop.
pair() { # N mode -- strace-args... -- sttrace-args...
	local n=$1 mode=$2 i; shift 3
	local a=() b=()
	while [ "$1" != -- ]; do a+=("$1"); shift; done
	shift
	b=("$@")
	: >"$out/a.times"; : >"$out/b.times"; : >"$out/u.times"
	for ((i = 0; i < RUNS; i++)); do
		once "$prog" "$n" >>"$out/u.times"
		once "${a[@]}" -o /dev/null "$prog" "$n" >>"$out/a.times"
		once "${b[@]}" -o /dev/null "$prog" "$n" >>"$out/b.times"
	done
	local ta tb base
	ta=$(median <"$out/a.times") tb=$(median <"$out/b.times") base=$(median <"$out/u.times")
	printf '%-22s %-8s %-16s %10.4f s\n' "getppid-loop-$n" untraced - "$base"
	add_row "getppid-loop-$n" "${tool_a:-strace}" "${mode_a:-$mode}" "$ta" "$base" \
		"$(events_of "${a[@]}" -o "$out/events.log" "$prog" "$n")"
	add_row "getppid-loop-$n" sttrace "$mode" "$tb" "$base" \
		"$(events_of "${b[@]}" -o "$out/events.log" "$prog" "$n")"
	med[${tool_a:-strace}/${mode_a:-$mode}/$n]=$ta
	med[sttrace/$mode/$n]=$tb
	med[untraced/$n]=$base
}
echo "workload: N getppid calls, then one openat (the needle of -e trace=openat)"
pair "$FULL_N" full -- strace -- "$STTRACE"
# strace's default stops at every syscall even when filtering: measured on the small loop only.
pair "$FULL_N" trace=openat -- strace -e trace=openat -- "$STTRACE" -e trace=openat
# strace's fast mode (it needs -f) against ours, on the large loop.
mode_a=trace=openat,seccomp pair "$FILTER_N" trace=openat \
	-- strace -f --seccomp-bpf -e trace=openat -- "$STTRACE" -e trace=openat
# -k: the user stack after every syscall line.
pair "$K_N" -k -- strace -k -- "$STTRACE" -k
# --json against sttrace's own text output, same calls.
tool_a=sttrace mode_a=text pair "$FULL_N" json -- "$STTRACE" -- "$STTRACE" --json

# ---- probes: hits per second, sttrace against gdb on the same loop ----------------------------
# tests/bench/probe-loop.c fires the USDT probe bench:hit (a nop: its step-over is emulated) and
# calls bench_fn (first instruction RIP-relative: run out of line) N times.  A rate is
# N / (t(N) - t(0)): the median time of N hits less the median time of the same command with
# none, so starting the tool and the program is not counted.  gdb gets fewer hits (it is
# slower); the rates are compared.
PROBE_N=${PROBE_N:-100000}
GDB_N=${GDB_N:-3000}
PROBE_RUNS=${PROBE_RUNS:-3}
ploop="$out/probe-loop"
cc -O2 -Isdt -o "$ploop" tests/bench/probe-loop.c || exit 1
printf 'set pagination off\nset confirm off\nbreak -probe-stap bench:hit\ncommands\nsilent\ncontinue\nend\nrun\n' \
	>"$out/gdb-usdt.cmd"
printf 'set pagination off\nset confirm off\nbreak *bench_fn\ncommands\nsilent\ncontinue\nend\nrun\n' \
	>"$out/gdb-uprobe.cmd"
probe_rows=()
declare -A prate
probe_rate() { # name tool n cmd... (the loop's N goes last)
	local name=$1 tool=$2 n=$3 i t0 tn r; shift 3
	: >"$out/p0.times"; : >"$out/pn.times"
	for ((i = 0; i < PROBE_RUNS; i++)); do
		once "$@" "$ploop" 0 >>"$out/p0.times"
		once "$@" "$ploop" "$n" >>"$out/pn.times"
	done
	t0=$(median <"$out/p0.times") tn=$(median <"$out/pn.times")
	r=$(echo "$n / ($tn - $t0)" | bc -l)
	prate[$name/$tool]=$r
	probe_rows+=("$(printf '{"probe": "%s", "tool": "%s", "hits": %d, "median_s": %.4f, "startup_s": %.4f, "hits_per_s": %.0f}' "$name" "$tool" "$n" "$tn" "$t0" "$r")")
	printf '%-24s %-8s %8d hits %9.4f s (startup %.4f s) %9.0f hits/s\n' "$name" "$tool" "$n" "$tn" "$t0" "$r"
}
echo
echo "workload: probe-loop N (a USDT probe and a call of bench_fn per iteration)"
# sttrace must report every hit once: checked on one run before timing.
"$STTRACE" -o "$out/probe.log" -e trace=none -e usdt=bench:hit -e uprobe=bench_fn "$ploop" 1000 \
	>/dev/null 2>&1
[ "$(grep -c '^--- u' "$out/probe.log")" = 2000 ] || echo "warning: sttrace did not report 2 x 1000 hits"
probe_rate usdt:bench:hit sttrace "$PROBE_N" "$STTRACE" -o "$out/probe.log" -e trace=none \
	-e usdt=bench:hit
probe_rate usdt:bench:hit gdb "$GDB_N" gdb -batch -nx -x "$out/gdb-usdt.cmd" --args
probe_rate uprobe:bench_fn sttrace "$PROBE_N" "$STTRACE" -o "$out/probe.log" -e trace=none \
	-e uprobe=bench_fn
probe_rate uprobe:bench_fn gdb "$GDB_N" gdb -batch -nx -x "$out/gdb-uprobe.cmd" --args
r_usdt=$(echo "${prate[usdt:bench:hit/sttrace]} / ${prate[usdt:bench:hit/gdb]}" | bc -l)
r_uprobe=$(echo "${prate[uprobe:bench_fn/sttrace]} / ${prate[uprobe:bench_fn/gdb]}" | bc -l)
{
	echo "["
	for i in "${!probe_rows[@]}"; do
		sep=,; [ "$i" = $((${#probe_rows[@]} - 1)) ] && sep=
		echo "  ${probe_rows[$i]}$sep"
	done
	echo "]"
} >"$out/probes.json"

# ---- lttrace (ltrace-lite) -------------------------------------------------------------------
# ltrace 0.7.3 against lttrace (ptrace) on one loop of LT_N malloc+free pairs (a non-PIE,
# lazily bound program, which ltrace handles), runs interleaved with untraced ones, medians of
# LT_RUNS; the per-call cost is the added time over the calls the trace shows.
LT_N=${LT_N:-10000}
LT_RUNS=${LT_RUNS:-3}
LTTRACE="$PWD/$B/bin/lttrace"
if [ -x "$LTTRACE" ] && command -v ltrace >/dev/null; then
	lloop="$out/malloc-loop"
	cc -O1 -no-pie -Wl,-z,lazy -o "$lloop" tests/lttrace/malloc-loop.c || exit 1
	: >"$out/lu.times"; : >"$out/la.times"; : >"$out/lb.times"
	for ((i = 0; i < LT_RUNS; i++)); do
		once "$lloop" "$LT_N" >>"$out/lu.times"
		once ltrace -o /dev/null "$lloop" "$LT_N" >>"$out/la.times"
		once "$LTTRACE" -o /dev/null "$lloop" "$LT_N" >>"$out/lb.times"
	done
	lt_base=$(median <"$out/lu.times")
	lt_a=$(median <"$out/la.times") lt_b=$(median <"$out/lb.times")
	echo
	echo "workload: malloc-loop N (malloc+free pairs), ltrace against lttrace"
	printf '%-22s %-8s %-16s %10.4f s\n' "malloc-loop-$LT_N" untraced - "$lt_base"
	ltrace -o "$out/lt-events.log" "$lloop" "$LT_N" >/dev/null 2>&1
	add_row "malloc-loop-$LT_N" ltrace default "$lt_a" "$lt_base" \
		"$(grep -c '^[a-z_]*(' "$out/lt-events.log")"
	"$LTTRACE" -o "$out/lt-events.log" "$lloop" "$LT_N" >/dev/null 2>&1
	add_row "malloc-loop-$LT_N" lttrace ptrace "$lt_b" "$lt_base" \
		"$(grep -c '^[a-z_]*(' "$out/lt-events.log")"
	r_lt=$(echo "($lt_b - $lt_base) / ($lt_a - $lt_base)" | bc -l)
else
	echo "lttrace or ltrace missing: no lttrace rows"
fi
# ---- end of lttrace ----------------------------------------------------------------------------

{
	echo "["
	for i in "${!rows[@]}"; do
		sep=,; [ "$i" = $((${#rows[@]} - 1)) ] && sep=
		echo "  ${rows[$i]}$sep"
	done
	echo "]"
} >"$out/results.json"

r_full=$(echo "${med[sttrace/full/$FULL_N]} / ${med[strace/full/$FULL_N]}" | bc -l)
r_k=$(echo "${med[sttrace/-k/$K_N]} / ${med[strace/-k/$K_N]}" | bc -l)
r_filt=$(echo "${med[sttrace/trace=openat/$FILTER_N]} / ${med[untraced/$FILTER_N]}" | bc -l)
r_json=$(echo "${med[sttrace/json/$FULL_N]} / ${med[sttrace/text/$FULL_N]}" | bc -l)
{
	echo "# sttrace benchmark ($(date -u +%Y-%m-%d), $(nproc) cores, median of $RUNS runs)"
	echo
	echo "| workload | tool | mode | median s | overhead x | events | ns/event |"
	echo "| --- | --- | --- | --- | --- | --- | --- |"
	for r in "${rows[@]}"; do
		echo "$r" | sed -E 's/.*"workload": "([^"]*)", "tool": "([^"]*)", "mode": "([^"]*)", "median_s": ([0-9.]*), "baseline_s": [0-9.]*, "overhead": ([0-9.]*), "events": ([0-9]*), "ns_per_event": (-?[0-9.]*).*/| \1 | \2 | \3 | \4 | \5 | \6 | \7 |/'
	done
	echo
	printf 'Full trace, sttrace / strace: **%.2f** (target <= 0.9)\n\n' "$r_full"
	printf -- '-e trace=openat, sttrace / untraced: **%.2f** (target <= 1.5)\n\n' "$r_filt"
	printf -- '-k, sttrace / strace: **%.2f**\n\n' "$r_k"
	printf -- '--json, sttrace --json / sttrace text: **%.2f**\n' "$r_json"
	echo
	echo "| probe | tool | hits | median s | startup s | hits/s |"
	echo "| --- | --- | --- | --- | --- | --- |"
	for r in "${probe_rows[@]}"; do
		echo "$r" | sed -E 's/.*"probe": "([^"]*)", "tool": "([^"]*)", "hits": ([0-9]*), "median_s": ([0-9.]*), "startup_s": ([0-9.]*), "hits_per_s": (-?[0-9]*).*/| \1 | \2 | \3 | \4 | \5 | \6 |/'
	done
	echo
	printf 'USDT hits/s, sttrace / gdb: **%.1f** (target >= 3)\n\n' "$r_usdt"
	printf 'uprobe hits/s (first instruction run out of line), sttrace / gdb: **%.1f**\n' "$r_uprobe"
} >"$out/results.md"
# ---- lttrace (ltrace-lite) -------------------------------------------------------------------
if [ -n "${r_lt:-}" ]; then
	printf '\nPer call, lttrace / ltrace (added time over untraced, %d malloc+free): **%.2f** (target <= 0.7)\n' \
		"$LT_N" "$r_lt" >>"$out/results.md"
fi
# ---- end of lttrace ----------------------------------------------------------------------------
echo
cat "$out/results.md" | grep '\*\*'
echo "wrote $out/results.json, $out/probes.json and $out/results.md"
