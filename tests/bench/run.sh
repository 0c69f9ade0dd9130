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
# Without -f neither tool has the seccomp prefilter (it would bind children they do not
# follow): every syscall stops, filtered or not.  Measured on the small loop only.
pair "$FULL_N" trace=openat -- strace -e trace=openat -- "$STTRACE" -e trace=openat
# The prefilter's gain on the same loop: sttrace -e trace=openat without -f and with -f.
tool_a=sttrace mode_a=trace=openat pair "$FULL_N" -f,trace=openat \
	-- "$STTRACE" -e trace=openat -- "$STTRACE" -f -e trace=openat
# strace's fast mode (-f --seccomp-bpf) against ours (-f), on the large loop.
mode_a=trace=openat,seccomp pair "$FILTER_N" -f,trace=openat \
	-- strace -f --seccomp-bpf -e trace=openat -- "$STTRACE" -f -e trace=openat
# -k: the user stack after every syscall line.
pair "$K_N" -k -- strace -k -- "$STTRACE" -k
# --json against sttrace's own text output, same calls.
tool_a=sttrace mode_a=text pair "$FULL_N" json -- "$STTRACE" -- "$STTRACE" --json
# --perfetto (the text trace and the timeline) against the text alone, per event: issue 17's
# target is <= 1.15x.
tool_a=sttrace mode_a=text,p pair "$FULL_N" perfetto -- "$STTRACE" -- "$STTRACE" \
	--perfetto="$out/timeline.json"
# ptrace, 4 threads calling getppid (tests/bench/threads.c) under -f, strace against sttrace
# (issue 31: sttrace <= strace in every run), interleaved with untraced runs, medians of RUNS;
# per event = added time / THREADS_N calls.  Checked first: every call has its line.
THREADS_N=${THREADS_N:-20000}
cc -O2 -pthread -o "$out/threads" tests/bench/threads.c || exit 1
for t in strace "$STTRACE"; do
	"$t" -f -o "$out/threads.log" "$out/threads" "$THREADS_N" >/dev/null 2>&1
	g=$(grep -cE '^[0-9]+ +getppid\(' "$out/threads.log")
	[ "$g" = "$THREADS_N" ] || echo "warning: $t -f showed $g getppid calls of $THREADS_N"
done
: >"$out/tu.times"; : >"$out/ta.times"; : >"$out/tb.times"
for ((i = 0; i < RUNS; i++)); do
	once "$out/threads" "$THREADS_N" >>"$out/tu.times"
	once strace -f -o /dev/null "$out/threads" "$THREADS_N" >>"$out/ta.times"
	once "$STTRACE" -f -o /dev/null "$out/threads" "$THREADS_N" >>"$out/tb.times"
done
th_u=$(median <"$out/tu.times") th_a=$(median <"$out/ta.times") th_b=$(median <"$out/tb.times")
printf '%-22s %-8s %-16s %10.4f s\n' "threads-$THREADS_N" untraced - "$th_u"
add_row "threads-$THREADS_N" strace -f "$th_a" "$th_u" "$THREADS_N"
add_row "threads-$THREADS_N" sttrace -f "$th_b" "$th_u" "$THREADS_N"
r_threads=$(echo "($th_b - $th_u) / ($th_a - $th_u)" | bc -l)

# ---- eBPF backend (issue 6): sttrace --bpf, bpftrace and perf trace on the same loop ---------
# Each group runs its cells interleaved with untraced runs of the same N, and every command also
# with N = 0, so that startup can be told apart: marginal_ns_per_event = ((t(N) - t(0)) -
# (u(N) - u(0))) / N is the cost of one more traced getppid; ns_per_event (startup included) is
# as in the rows above.  A run's events are the program's syscalls: N plus those of the loop with
# N = 0 (counted once with strace).  Every cell runs once untimed first and is checked there:
# all N getppid calls reported (or counted), the openat needle decoded, nothing lost; a tool that
# cannot run gets a row with "error" instead of figures.  bpftrace 0.17 (Debian 12) has no
# rawtracepoint: probes and its tracepoint: (and kfunc:) probes read tracefs, not mounted by
# default: it is mounted for these rows (perf trace would mount it itself) and unmounted after
# when it was not there before.  perf trace -s is timed on the small loop only (about 50 us an
# event in perf: a million would take a minute a run).
BPF_RUNS=${BPF_RUNS:-$RUNS}
bo="$out/bpf"
mkdir -p "$bo"
BT_COUNT='tracepoint:raw_syscalls:sys_enter /pid == cpid/ { @[args->id] = count(); }'
# The cheapest eBPF tracing there is, the yardstick of issue 31: one counter bumped per syscall.
BT_COUNTER='tracepoint:raw_syscalls:sys_enter /pid == cpid/ { @n = count(); }'
nr_getppid=110
bc_bpf_full() { "$STTRACE" --bpf -o "$2" "$prog" "$1"; }
bc_bpf_c() { "$STTRACE" --bpf -c -o "$2" "$prog" "$1"; }
bc_bpf_openat() { "$STTRACE" --bpf -e trace=openat -o "$2" "$prog" "$1"; }
bc_bpftrace() { bpftrace -e "$BT_COUNT" -c "$prog $1" >"$2" 2>&1; }
bc_bpftrace_n() { bpftrace -e "$BT_COUNTER" -c "$prog $1" >"$2" 2>&1; }
bc_perf_full() { perf trace -o "$2" -- "$prog" "$1"; }
bc_perf_s() { perf trace -s -o "$2" -- "$prog" "$1"; }
bc_perf_openat() { perf trace -e openat -o "$2" -- "$prog" "$1"; }
# Checks: print what is wrong, nothing when the run reported all it should.
needle_ok() { # FILE: the last openat of the loop, its path decoded
	grep '^openat(' "$1" | tail -1 |
		grep -q '^openat(AT_FDCWD, "/dev/null", O_RDONLY) = [0-9]' ||
		echo "needle: $(grep '^openat(' "$1" | tail -1)"
}
lost_of() { # stderr file
	grep -i 'lost' "$1" | head -1
}
bk_bpf_full() {
	local g; g=$(grep -c '^getppid() *= [0-9]' "$2")
	[ "$g" = "$1" ] || echo "getppid lines $g != $1"
	needle_ok "$2"; lost_of "$3"
}
bk_bpf_c() {
	local g; g=$(awk '$NF == "getppid" { print $4 }' "$2")
	[ "$g" = "$1" ] || echo "getppid calls ${g:-none} != $1"
	lost_of "$3"
}
bk_bpf_openat() {
	local o; o=$(grep -c '^openat(' "$2")
	[ "$o" = 3 ] || echo "openat lines $o != 3"
	needle_ok "$2"; lost_of "$3"
}
bk_bpftrace() {
	local g; g=$(awk -v k="@[$nr_getppid]:" '$1 == k { print $2 }' "$2")
	[ "$g" = "$1" ] || echo "@[$nr_getppid] ${g:-none} != $1"
	lost_of "$2"
}
bk_bpftrace_n() { # every getppid and the loop's other calls
	local g; g=$(awk '$1 == "@n:" { print $2 }' "$2")
	[ "${g:-0}" -ge "$1" ] || echo "@n ${g:-none} < $1"
	lost_of "$2"
}
bk_perf_full() {
	local g; g=$(grep -c ' getppid() ' "$2")
	[ "$g" = "$1" ] || echo "getppid lines $g != $1"
	lost_of "$2"; lost_of "$3"
}
bk_perf_s() {
	local g; g=$(awk '$1 == "getppid" { print $2 }' "$2")
	[ "$g" = "$1" ] || echo "getppid calls ${g:-none} != $1"
	lost_of "$2"; lost_of "$3"
}
bk_perf_openat() {
	local o; o=$(grep -c ' openat(' "$2")
	[ "$o" = 3 ] || echo "openat lines $o != 3"
	lost_of "$3"
}
bpf_rows=()
bpf_err_row() { # workload tool mode reason
	local r=${4//\\/\\\\}
	r=${r//\"/\\\"}
	bpf_rows+=("$(printf '{"workload": "%s", "tool": "%s", "mode": "%s", "error": "%s"}' \
		"$1" "$2" "$3" "$r")")
	printf '%-22s %-14s %-16s error: %s\n' "$1" "$2" "$3" "$4"
}
declare -A bmarg bloop bfail
bgroup() { # N cell... (cell: name:tool:mode, the command bc_name, its check bk_name)
	local n=$1 c name tool mode rc why i live=(); shift
	local wl="getppid-loop-$n" base0 basen
	for c in "$@"; do
		IFS=: read -r name tool mode <<<"$c"
		why=${bfail[$name]:-}
		if [ -z "$why" ]; then
			"bc_$name" "$n" "$bo/$name.out" 2>"$bo/$name.err"
			rc=$?
			[ "$rc" = 0 ] || why="exit status $rc: $(cat "$bo/$name.err" \
				"$bo/$name.out" 2>/dev/null | grep -v '^$' | head -2 | tr '\t\n' '  ')"
		fi
		if [ -n "$why" ]; then
			bpf_err_row "$wl" "$tool" "$mode" "$why"
			continue
		fi
		"bk_$name" "$n" "$bo/$name.out" "$bo/$name.err" | tr '\n' ';' | sed 's/;$//' \
			>"$bo/$name.check"
		: >"$bo/$name.tn"; : >"$bo/$name.t0"; : >"$bo/$name.ln"
		live+=("$c")
	done
	: >"$bo/u.tn"; : >"$bo/u.t0"; : >"$bo/u.ln"
	for ((i = 0; i < BPF_RUNS; i++)); do
		BENCH_LOOP_FILE="$bo/u.ln" once "$prog" "$n" >>"$bo/u.tn"
		once "$prog" 0 >>"$bo/u.t0"
		for c in "${live[@]}"; do
			name=${c%%:*}
			BENCH_LOOP_FILE="$bo/$name.ln" once "bc_$name" "$n" "$bo/$name.out" \
				>>"$bo/$name.tn"
			once "bc_$name" 0 "$bo/$name.out" >>"$bo/$name.t0"
		done
	done
	basen=$(median <"$bo/u.tn") base0=$(median <"$bo/u.t0")
	local ubase; ubase=$(median <"$bo/u.ln")
	printf '%-22s %-14s %-16s %10.4f s\n' "$wl" untraced - "$basen"
	local ev=$((n + bpf_base_events)) tn t0 ovh nspe marg chk loopm
	for c in "${live[@]}"; do
		IFS=: read -r name tool mode <<<"$c"
		tn=$(median <"$bo/$name.tn") t0=$(median <"$bo/$name.t0")
		ovh=$(echo "$tn / $basen" | bc -l)
		nspe=$(echo "($tn - $basen) * 1000000000 / $ev" | bc -l)
		marg=$(echo "(($tn - $t0) - ($basen - $base0)) * 1000000000 / $n" | bc -l)
		# The calls' own time, traced minus untraced: no start-up or exit in it, whose
		# jitter (bpftrace's: 0.1 s between runs) is the size of a counter's 1,000,000 events.
		loopm=$(echo "($(median <"$bo/$name.ln") - $ubase) / $n" | bc -l)
		chk=$(cat "$bo/$name.check")
		chk=${chk//\"/\\\"}
		bmarg[$name/$n]=$marg
		bloop[$name/$n]=$loopm
		bpf_rows+=("$(printf '{"workload": "%s", "tool": "%s", "mode": "%s", "median_s": %.6f, "baseline_s": %.6f, "overhead": %.2f, "events": %d, "ns_per_event": %.0f, "startup_s": %.4f, "marginal_ns_per_event": %.0f, "loop_ns_per_event": %.0f, "check": "%s"}' \
			"$wl" "$tool" "$mode" "$tn" "$basen" "$ovh" "$ev" "$nspe" "$t0" "$marg" "$loopm" \
			"${chk:-ok}")")
		printf '%-22s %-14s %-16s %10.4f s  x%-8.2f %9d events  %8.0f ns/event  (startup %.3f s, %.0f ns/event more; the calls themselves %.0f ns more)%s\n' \
			"$wl" "$tool" "$mode" "$tn" "$ovh" "$ev" "$nspe" "$t0" "$marg" "$loopm" \
			"${chk:+  CHECK: $chk}"
	done
}
echo
echo "workload: the same loop under the eBPF tracers (startup subtracted: ns/event more)"
# Another tracer's programs on sys_enter run for every syscall of the machine, untraced runs
# included: said, since they inflate every figure here.
bpf_others=$(bpftool link show 2>/dev/null | grep -c "tp 'sys_enter'")
[ "$bpf_others" -gt 0 ] &&
	echo "note: $bpf_others other BPF program(s) on sys_enter: every syscall pays for them"
tracefs_was=; [ -e /sys/kernel/tracing/events ] && tracefs_was=1
if [ -z "$tracefs_was" ] && ! mount -t tracefs nodev /sys/kernel/tracing 2>"$bo/mount.err"; then
	for t in bpftrace bpftrace_n perf_full perf_s perf_openat; do
		bfail[$t]="tracefs not mounted, mounting it failed: $(head -1 "$bo/mount.err")"
	done
fi
command -v bpftrace >/dev/null || bfail[bpftrace]="bpftrace is not installed (make deps)"
command -v bpftrace >/dev/null || bfail[bpftrace_n]="bpftrace is not installed (make deps)"
if ! perf version >/dev/null 2>&1; then
	for t in perf_full perf_s perf_openat; do
		bfail[$t]="perf does not run: $(perf version 2>&1 | head -1) (make deps)"
	done
fi
bpf_base_events=$(strace -o "$bo/base.strace" "$prog" 0 >/dev/null 2>&1;
	grep -vc '^[-+]\{3\} ' "$bo/base.strace")
bgroup "$FULL_N" bpf_full:"sttrace --bpf":full bpf_c:"sttrace --bpf":-c \
	bpftrace:bpftrace:"count by syscall" perf_full:"perf trace":full perf_s:"perf trace":-s
bgroup "$FILTER_N" bpf_openat:"sttrace --bpf":trace=openat bpf_c:"sttrace --bpf":-c \
	bpf_full:"sttrace --bpf":full bpftrace:bpftrace:"count by syscall" \
	bpftrace_n:bpftrace:"@n = count()" perf_openat:"perf trace":"-e openat"
# -c at the machine's full speed: every call counted, nothing lost (not timed).
C10_N=${C10_N:-10000000}
"$STTRACE" --bpf -c -o "$bo/c10.out" "$prog" "$C10_N" >/dev/null 2>"$bo/c10.err"
c10=$(awk '$NF == "getppid" { print $4 }' "$bo/c10.out")
c10_lost=$(lost_of "$bo/c10.err")
[ -z "$tracefs_was" ] && umount /sys/kernel/tracing 2>/dev/null
rows+=("${bpf_rows[@]}")
# ---- end of eBPF backend ----------------------------------------------------------------------

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

# ---- probes under --bpf (issue 6 item 5): cost per USDT hit, sttrace --bpf against bpftrace ----
# The same probe-loop, bench:hit only, built with tests/bench/probe-loop-cpu.c, which also
# writes the CPU time the loop's process spent.  Each tool runs with PBPF_N hits and with none,
# interleaved with untraced runs of both, medians of PBPF_RUNS, startup and the loop itself
# subtracted: ((x(N) - x(0)) - (u(N) - u(0))) / N for x the wall time of the whole command
# (wall_ns_per_hit: for sttrace until the last line is written) and for x the traced program's
# own CPU time (ns_per_hit: the trap and the BPF program, run in its context).  Two pairs doing
# the same work: counting hits in the kernel (sttrace --bpf -c, its probe table; bpftrace
# @ = count()) and printing every hit with its argument (sttrace --bpf, a line per hit in a
# file; bpftrace printf, the same to a file).  Each is checked first: 1000 lines or a count of
# 1000.
PBPF_N=${PBPF_N:-500000}
PBPF_RUNS=${PBPF_RUNS:-5}
pcpu="$out/probe-loop-cpu"
cc -O2 -Isdt -Dmain=probe_loop_main -c -o "$pcpu.o" tests/bench/probe-loop.c &&
	cc -O2 -o "$pcpu" "$pcpu.o" tests/bench/probe-loop-cpu.c || exit 1
pb_sttrace() { "$STTRACE" --bpf -o "$out/pbpf.log" -e trace=none -e usdt=bench:hit "$pcpu" "$1"; }
pb_sttrace_c() { "$STTRACE" --bpf -c -o "$out/pbpf.c" -e trace=none -e usdt=bench:hit "$pcpu" "$1"; }
pb_bpftrace() { bpftrace -e "usdt:$PWD/$pcpu:bench:hit { @ = count(); }" -c "$PWD/$pcpu $1" \
	>"$out/pbpf.bt" 2>&1; }
pb_bpftrace_printf() { bpftrace -o "$out/pbpf.btp" \
	-e "usdt:$PWD/$pcpu:bench:hit { printf(\"hit %d\\n\", arg0); }" -c "$PWD/$pcpu $1" \
	>/dev/null 2>&1; }
pb_untraced() { "$pcpu" "$1"; }
declare -A pbns pbwall
echo
echo "workload: probe-loop N, bench:hit under the eBPF tracers (startup subtracted)"
pb_sttrace 1000 >/dev/null 2>&1
[ "$(grep -c '^--- usdt:bench:hit(' "$out/pbpf.log")" = 1000 ] ||
	echo "warning: sttrace --bpf did not report 1000 hits"
pb_tools=(sttrace)
pb_sttrace_c 1000 >/dev/null 2>&1
if grep -qE '^ +1000 usdt:bench:hit$' "$out/pbpf.c"; then
	pb_tools+=(sttrace_c)
else
	echo "warning: sttrace --bpf -c did not count 1000 hits"
fi
if command -v bpftrace >/dev/null && pb_bpftrace 1000 && grep -q '^@: 1000$' "$out/pbpf.bt"; then
	pb_tools+=(bpftrace)
	if pb_bpftrace_printf 1000 && [ "$(grep -c '^hit ' "$out/pbpf.btp")" = 1000 ]; then
		pb_tools+=(bpftrace_printf)
	else
		echo "bpftrace printf did not print 1000 hits"
	fi
else
	echo "bpftrace does not count bench:hit: $(head -2 "$out/pbpf.bt" 2>/dev/null | tr '\n' ' ')"
fi
for t in untraced "${pb_tools[@]}"; do
	for f in tn t0 cn c0; do : >"$out/pb-$t.$f"; done
done
for ((i = 0; i < PBPF_RUNS; i++)); do
	for t in untraced "${pb_tools[@]}"; do
		PROBE_LOOP_CPU="$out/pb-$t.cn" once "pb_$t" "$PBPF_N" >>"$out/pb-$t.tn"
		PROBE_LOOP_CPU="$out/pb-$t.c0" once "pb_$t" 0 >>"$out/pb-$t.t0"
	done
done
pb_un=$(median <"$out/pb-untraced.tn") pb_u0=$(median <"$out/pb-untraced.t0")
pb_cun=$(median <"$out/pb-untraced.cn") pb_cu0=$(median <"$out/pb-untraced.c0")
for t in "${pb_tools[@]}"; do
	tn=$(median <"$out/pb-$t.tn") t0=$(median <"$out/pb-$t.t0")
	cn=$(median <"$out/pb-$t.cn") c0=$(median <"$out/pb-$t.c0")
	wall=$(echo "(($tn - $t0) - ($pb_un - $pb_u0)) * 1000000000 / $PBPF_N" | bc -l)
	ns=$(echo "(($cn - $c0) - ($pb_cun - $pb_cu0)) / $PBPF_N" | bc -l)
	pbns[$t]=$ns pbwall[$t]=$wall
	case $t in
	sttrace) tool="sttrace --bpf" ;;
	sttrace_c) tool="sttrace --bpf -c" ;;
	bpftrace) tool="bpftrace count()" ;;
	bpftrace_printf) tool="bpftrace printf" ;;
	esac
	probe_rows+=("$(printf '{"probe": "usdt:bench:hit", "tool": "%s", "hits": %d, "median_s": %.4f, "startup_s": %.4f, "hits_per_s": %.0f, "ns_per_hit": %.0f, "wall_ns_per_hit": %.0f}' \
		"$tool" "$PBPF_N" "$tn" "$t0" "$(echo "1000000000 / $wall" | bc -l)" "$ns" "$wall")")
	printf '%-24s %-14s %8d hits %9.4f s (startup %.4f s) %6.0f ns/hit in the program, %6.0f ns/hit wall\n' \
		usdt:bench:hit "$tool" "$PBPF_N" "$tn" "$t0" "$ns" "$wall"
done
# ---- end of probes under --bpf ------------------------------------------------------------------

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
# lttrace --bpf against a bpftrace uprobe counting malloc, on the same loop (LTB_N pairs): both
# load and attach for ~0.5 s, so each is also timed on a loop of 0 and that startup subtracted
# (the row's baseline); the per-call cost is over the calls each one sees.  Both loops are long
# (LTB_N pairs, 2 x LTB_N for bpftrace's cheaper probe): the startup's jitter, ~0.2 s, would be
# a microsecond a call over 100,000 pairs.
LTB_N=${LTB_N:-$((LT_N * 50))}
BT_N=${BT_N:-$((LTB_N * 2))}
if [ -x "$LTTRACE" ] && [ "$(id -u)" = 0 ]; then
	lloop="$out/malloc-loop"
	[ -x "$lloop" ] || cc -O1 -no-pie -Wl,-z,lazy -o "$lloop" tests/lttrace/malloc-loop.c || exit 1
	bt_prog='uprobe:/lib/x86_64-linux-gnu/libc.so.6:malloc { @ = count(); }'
	have_bt=$(command -v bpftrace >/dev/null && echo 1 || echo 0)
	: >"$out/lbn.times"; : >"$out/lb0.times"; : >"$out/btn.times"; : >"$out/bt0.times"
	for ((i = 0; i < LT_RUNS; i++)); do
		once "$LTTRACE" --bpf -o /dev/null "$lloop" "$LTB_N" >>"$out/lbn.times"
		once "$LTTRACE" --bpf -o /dev/null "$lloop" 0 >>"$out/lb0.times"
		if [ "$have_bt" = 1 ]; then
			once bpftrace -e "$bt_prog" -c "$lloop $BT_N" >>"$out/btn.times"
			once bpftrace -e "$bt_prog" -c "$lloop 0" >>"$out/bt0.times"
		fi
	done
	"$LTTRACE" --bpf -o "$out/ltb-events.log" "$lloop" "$LTB_N" >/dev/null 2>&1
	ltb_ev=$(grep -c '^[a-z_]*(' "$out/ltb-events.log")
	ltb_n=$(median <"$out/lbn.times") ltb_0=$(median <"$out/lb0.times")
	echo "workload: malloc-loop N, lttrace --bpf and a bpftrace uprobe (startup subtracted)"
	add_row "malloc-loop-$LTB_N" lttrace "bpf-startup-sub" "$ltb_n" "$ltb_0" "$ltb_ev"
	ltb_ns=$(echo "($ltb_n - $ltb_0) * 1000000000 / $ltb_ev" | bc -l)
	if [ "$have_bt" = 1 ]; then
		bt_n=$(median <"$out/btn.times") bt_0=$(median <"$out/bt0.times")
		add_row "malloc-loop-$BT_N" bpftrace "uprobe-count-startup-sub" "$bt_n" "$bt_0" "$BT_N"
		bt_ns=$(echo "($bt_n - $bt_0) * 1000000000 / $BT_N" | bc -l)
	fi
else
	echo "lttrace missing or not root: no lttrace --bpf rows"
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
r_filt=$(echo "${med[sttrace/-f,trace=openat/$FILTER_N]} / ${med[untraced/$FILTER_N]}" | bc -l)
r_json=$(echo "${med[sttrace/json/$FULL_N]} / ${med[sttrace/text/$FULL_N]}" | bc -l)
r_perfetto=$(echo "(${med[sttrace/perfetto/$FULL_N]} - ${med[untraced/$FULL_N]}) / (${med[sttrace/text,p/$FULL_N]} - ${med[untraced/$FULL_N]})" | bc -l)
{
	echo "# sttrace benchmark ($(date -u +%Y-%m-%d), $(nproc) cores, median of $RUNS runs)"
	echo
	echo "| workload | tool | mode | median s | overhead x | events | ns/event |"
	echo "| --- | --- | --- | --- | --- | --- | --- |"
	for r in "${rows[@]}"; do
		echo "$r" | sed -E -e 's/.*"workload": "([^"]*)", "tool": "([^"]*)", "mode": "([^"]*)", "median_s": ([0-9.]*), "baseline_s": [0-9.]*, "overhead": ([0-9.]*), "events": ([0-9]*), "ns_per_event": (-?[0-9.]*).*/| \1 | \2 | \3 | \4 | \5 | \6 | \7 |/' \
			-e 's/.*"workload": "([^"]*)", "tool": "([^"]*)", "mode": "([^"]*)", "error": "(.*)"}$/| \1 | \2 | \3 | — | — | — | error: \4 |/'
	done
	echo
	printf 'Full trace, sttrace / strace: **%.2f** (target <= 0.9)\n\n' "$r_full"
	printf -- '-f -e trace=openat, sttrace / untraced: **%.2f** (target <= 1.5)\n\n' "$r_filt"
	printf -- '-k, sttrace / strace: **%.2f**\n\n' "$r_k"
	printf -- '--json, sttrace --json / sttrace text: **%.2f**\n\n' "$r_json"
	printf -- '--perfetto, per event, sttrace with the timeline / text alone: **%.2f** (target <= 1.15)\n' "$r_perfetto"
	printf -- '\nthreads -f (4 threads, %d getppid), per event, sttrace / strace: **%.2f** (target <= 1.0)\n' \
		"$THREADS_N" "$r_threads"
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
# eBPF rows (issue 6): the cost of one more event with startup subtracted, and the targets.
bfig() { [ -n "${bmarg[$1]:-}" ] && printf '%.0f' "${bmarg[$1]}" || echo n/a; }
{
	echo
	echo "| workload | tool | mode | startup s | ns/event, startup subtracted | ns/event, the calls' own time | check |"
	echo "| --- | --- | --- | --- | --- | --- | --- |"
	for r in "${bpf_rows[@]}"; do
		echo "$r" | sed -E -e 's/.*"workload": "([^"]*)", "tool": "([^"]*)", "mode": "([^"]*)", "median_s".*"startup_s": ([0-9.]*), "marginal_ns_per_event": (-?[0-9.]*), "loop_ns_per_event": (-?[0-9.]*), "check": "(.*)"}$/| \1 | \2 | \3 | \4 | \5 | \6 | \7 |/' \
			-e 's/.*"workload": "([^"]*)", "tool": "([^"]*)", "mode": "([^"]*)", "error": "(.*)"}$/| \1 | \2 | \3 | — | — | — | error: \4 |/'
	done
	echo
	printf -- '--bpf full trace to a file: **%s ns/event** (target <= 2000); ' \
		"$(bfig "bpf_full/$FULL_N")"
	printf -- '--bpf -c: **%s ns/event** (target <= 1000)\n' "$(bfig "bpf_c/$FILTER_N")"
	bratio() { # name [wall]: its cost per call over bpftrace's counter's, FILTER_N calls
		local a=${bloop[$1/$FILTER_N]:-} b=${bloop[bpftrace_n/$FILTER_N]:-}
		[ -n "${2:-}" ] && a=${bmarg[$1/$FILTER_N]:-} b=${bmarg[bpftrace_n/$FILTER_N]:-}
		[ -n "$a" ] && [ -n "$b" ] && printf '%.2f' "$(echo "$a / $b" | bc -l)" || echo n/a
	}
	lfig() { [ -n "${bloop[$1]:-}" ] && printf '%.0f' "${bloop[$1]}" || echo n/a; }
	printf -- '\nPer event, %d getppid, against bpftrace'"'"'s counter (`@n = count()` on sys_enter, %s ns), by the calls'"'"' own time (traced minus untraced; the whole run'"'"'s wall time, start-up subtracted, in brackets, which has bpftrace'"'"'s start-up jitter and the tracer'"'"'s reading after the program ended in it):\n' \
		"$FILTER_N" "$(lfig "bpftrace_n/$FILTER_N")"
	printf -- '- `--bpf -c` / counter: **%s** (%s ns; target <= 1.5) [%s: %s / %s ns]\n' \
		"$(bratio bpf_c)" "$(lfig "bpf_c/$FILTER_N")" "$(bratio bpf_c wall)" \
		"$(bfig "bpf_c/$FILTER_N")" "$(bfig "bpftrace_n/$FILTER_N")"
	printf -- '- `--bpf` full trace to a file / counter: **%s** (%s ns; target <= 2.5) [%s: %s / %s ns]\n' \
		"$(bratio bpf_full)" "$(lfig "bpf_full/$FILTER_N")" "$(bratio bpf_full wall)" \
		"$(bfig "bpf_full/$FILTER_N")" "$(bfig "bpftrace_n/$FILTER_N")"
	printf -- '- `--bpf -c` on %d calls: %s counted%s\n' "$C10_N" "${c10:-none}" \
		"${c10_lost:+, $c10_lost}"
	[ "$bpf_others" -gt 0 ] &&
		printf '\n(%s other BPF programs on sys_enter meanwhile)\n' "$bpf_others"
} >>"$out/results.md"
# end of the eBPF rows
# ---- probes under --bpf: the target ------------------------------------------------------------
if [ -n "${pbns[bpftrace]:-}" ] && [ -n "${pbns[sttrace_c]:-}" ]; then
	printf '\nUSDT cost per hit in the traced program, the same work side by side (target <= 1):\n' \
		>>"$out/results.md"
	printf -- '- counted in the kernel, sttrace --bpf -c / bpftrace count(): **%.0f / %.0f ns = %.2f**\n' \
		"${pbns[sttrace_c]}" "${pbns[bpftrace]}" \
		"$(echo "${pbns[sttrace_c]} / ${pbns[bpftrace]}" | bc -l)" >>"$out/results.md"
	[ -n "${pbns[bpftrace_printf]:-}" ] &&
		printf -- '- every hit printed to a file, sttrace --bpf / bpftrace printf: **%.0f / %.0f ns = %.2f**; wall time per hit: %.0f / %.0f ns\n' \
			"${pbns[sttrace]}" "${pbns[bpftrace_printf]}" \
			"$(echo "${pbns[sttrace]} / ${pbns[bpftrace_printf]}" | bc -l)" \
			"${pbwall[sttrace]}" "${pbwall[bpftrace_printf]}" >>"$out/results.md"
	printf -- '- (every hit printed, against counting only: sttrace --bpf / bpftrace count(): %.0f / %.0f ns = %.2f)\n' \
		"${pbns[sttrace]}" "${pbns[bpftrace]}" \
		"$(echo "${pbns[sttrace]} / ${pbns[bpftrace]}" | bc -l)" >>"$out/results.md"
else
	printf '\nUSDT cost per hit in the traced program, sttrace --bpf: **%.0f ns** (no bpftrace to compare)\n' \
		"${pbns[sttrace]}" >>"$out/results.md"
fi
# ---- end of probes under --bpf ------------------------------------------------------------------
# ---- lttrace (ltrace-lite) -------------------------------------------------------------------
if [ -n "${r_lt:-}" ]; then
	printf '\nPer call, lttrace / ltrace (added time over untraced, %d malloc+free): **%.2f** (target <= 0.7)\n' \
		"$LT_N" "$r_lt" >>"$out/results.md"
fi
if [ -n "${ltb_ns:-}" ]; then
	printf '
Per call, lttrace --bpf (uprobe + uretprobe, full trace to a file, %d malloc+free): **%.0f ns** (target <= 3000)' \
		"$LTB_N" "$ltb_ns" >>"$out/results.md"
	[ -n "${bt_ns:-}" ] && printf '; a bpftrace uprobe counting malloc: %.0f ns' "$bt_ns" >>"$out/results.md"
	echo >>"$out/results.md"
fi
# ---- end of lttrace ----------------------------------------------------------------------------
echo
cat "$out/results.md" | grep '\*\*'
echo "wrote $out/results.json, $out/probes.json and $out/results.md"
# ---- the suite (issue 8 item 2): every tool on every workload, the chart overhead.svg -----------
B=$B tests/bench/attach.sh || echo "tests/bench/attach.sh failed: no attach rows"
B=$B tests/bench/ltbpf.sh || echo "tests/bench/ltbpf.sh failed: no lttrace --bpf ratio rows"
B=$B tests/bench/latbpf.sh || echo "tests/bench/latbpf.sh failed: no --latency --bpf ratio row"
B=$B tests/bench/recbpf.sh || echo "tests/bench/recbpf.sh failed: no --record ratio row"
B=$B REC_BACKEND=ptrace tests/bench/recbpf.sh ||
	echo "tests/bench/recbpf.sh failed: no --record ratio row under ptrace"
for be in ptrace bpf; do
	B=$B REC_TOOL=lttrace REC_BACKEND=$be tests/bench/recbpf.sh ||
		echo "tests/bench/recbpf.sh failed: no lttrace --record ratio row ($be)"
done
B=$B tests/bench/suite.sh || echo "tests/bench/suite.sh failed: no suite rows"
