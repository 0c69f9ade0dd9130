#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make bench, last part: the whole suite, every tool on every workload, one row per cell in
# $B/bench/results.json (appended to run.sh's rows; also alone in suite-rows.json), a table in
# results.md and the chart $B/bench/overhead.svg (tests/bench/chart.py).
#
# Workloads (tests/bench/*.c, tests/lttrace/malloc-loop.c): syscall-loop (getppid), file-io
# (open/write/pread/close of a 64-byte file on tmpfs), fork-exec (fork, exec /bin/true, wait),
# usdt-loop (probe-loop.c: the USDT probe bench:hit), malloc-loop (malloc+free, non-PIE and
# lazily bound so that ltrace works), threads (4 threads calling getppid).
# Tools: untraced, strace, sttrace (ptrace), sttrace --bpf, perf trace, bpftrace, ltrace,
# lttrace (ptrace), lttrace --bpf, gdb.  A cell that does not apply is a row with "error":
# "not applicable: why"; a tool that fails gets its own first line of error output.
#
# Tools differ ten-thousand-fold in cost per event, so each cell has its own N (slow tools get
# fewer iterations) and startup is set apart: every command runs with N and with 0, and
#   marginal_overhead = (t(N) - t(0)) / (N * c)   with c = (u(Nu) - u(0)) / Nu
# the untraced cost of one iteration (Nu large enough to be measured).  It is what the chart
# shows: how many times slower the workload runs while traced, the tool's startup aside.
# overhead = t(N) / baseline_s (startup included, as in run.sh's rows, baseline_s = u(0) + N*c).
# Medians of SUITE_RUNS runs, the cells of a workload interleaved with its untraced runs.  Each
# cell's events are counted in its last output and checked (at least k per iteration).
# The rows are checked at the end: one per tool and workload, figures or a reason.
#   SUITE_RUNS=5  SUITE_SCALE=1 (multiplies every N)  SUITE_TIMEOUT=120 (seconds per command)
#   SUITE_OUT=$B/bench (where the files go; tests/sh/project/bench-suite.sh runs it small elsewhere)
#   SUITE_ONLY=threads,fork-exec (some workloads alone; with SUITE_OUT elsewhere, results.json
#   there holds their rows only)
set -u
cd "$(dirname "$0")/../.."
B=${B:-build}
SUITE_RUNS=${SUITE_RUNS:-5}
SUITE_SCALE=${SUITE_SCALE:-1}
TMO=${SUITE_TIMEOUT:-120}
out=${SUITE_OUT:-$B/bench}
mkdir -p "$out/suite"
so=$(cd "$out/suite" && pwd)
STTRACE="$PWD/$B/bin/sttrace"
LTTRACE="$PWD/$B/bin/lttrace"
t0_suite=$EPOCHREALTIME

cc -O2 -o "$so/syscall-loop" tests/bench/syscall-loop.c &&
	cc -O2 -o "$so/file-io" tests/bench/file-io.c &&
	cc -O2 -o "$so/fork-exec" tests/bench/fork-exec.c &&
	cc -O2 -Isdt -o "$so/probe-loop" tests/bench/probe-loop.c &&
	cc -O1 -no-pie -Wl,-z,lazy -o "$so/malloc-loop" tests/lttrace/malloc-loop.c &&
	cc -O2 -pthread -o "$so/threads" tests/bench/threads.c || exit 1
# file-io measures the tracers, not the disk: on ext4 each truncate of a written file queues
# a flush (about 1.5 ms a round here).
fio_dir=/dev/shm
[ -d "$fio_dir" ] && [ -w "$fio_dir" ] || fio_dir=$so
fio_file="$fio_dir/sttrace-bench-file-io.$$"
libc=$(ldd "$so/malloc-loop" | awk '$1 ~ /^libc\.so/ { print $3 }')

T() { timeout -k 5 "$TMO" "$@"; }
scale() { local n; n=$(echo "$1 * $SUITE_SCALE / 1" | bc); echo $((n > 0 ? n : 1)); }
median() { sort -g | awk '{ a[NR] = $1 } END { m = int((NR + 1) / 2)
	print NR % 2 ? a[m] : (a[m] + a[m + 1]) / 2 }'; }

# The workload's command line for N: wl_cmd WORKLOAD N
wl_cmd() {
	case $1 in
	file-io) echo "$so/file-io $2 $fio_file" ;;
	usdt-loop) echo "$so/probe-loop $2" ;;
	*) echo "$so/$1 $2" ;;
	esac
}
# -f where the workload has more than one task.
fflag() { case $1 in fork-exec | threads) echo -f ;; esac; }

BT_SYS='tracepoint:raw_syscalls:sys_enter /pid == cpid/ { @n = count(); }'
# bpftrace's cpid is the first process only: its children are added as they are forked.
BT_FORK='tracepoint:sched:sched_process_fork /pid == cpid || @c[pid]/ { @c[args->child_pid] = 1; }
tracepoint:raw_syscalls:sys_enter /pid == cpid || @c[pid]/ { @n = count(); }
END { clear(@c); }'
printf '%s\n' 'set pagination off' 'set confirm off' 'set $hits = 0' \
	'break -probe-stap bench:hit' 'commands' 'silent' 'set $hits = $hits + 1' 'continue' 'end' \
	'run' 'printf "hits %d\n", $hits' >"$so/gdb-usdt.cmd"

# run_cell WORKLOAD TOOL N OUT: one run of a cell, its trace to OUT.
run_cell() {
	local wl=$1 tool=$2 n=$3 o=$4 f cmd
	f=$(fflag "$wl")
	read -r -a cmd <<<"$(wl_cmd "$wl" "$n")"
	case $tool/$wl in
	untraced/*) T "${cmd[@]}" >/dev/null ;;
	strace/*) T strace $f -o "$o" "${cmd[@]}" >/dev/null ;;
	sttrace/usdt-loop) T "$STTRACE" -o "$o" -e trace=none -e usdt=bench:hit "${cmd[@]}" \
		>/dev/null ;;
	sttrace/*) T "$STTRACE" $f -o "$o" "${cmd[@]}" >/dev/null ;;
	"sttrace --bpf/usdt-loop") T "$STTRACE" --bpf -o "$o" -e trace=none -e usdt=bench:hit \
		"${cmd[@]}" >/dev/null ;;
	"sttrace --bpf/"*) T "$STTRACE" --bpf $f -o "$o" "${cmd[@]}" >/dev/null ;;
	"perf trace/"*) T perf trace -o "$o" -- "${cmd[@]}" >/dev/null ;;
	bpftrace/fork-exec) T bpftrace -e "$BT_FORK" -c "${cmd[*]}" >"$o" ;;
	bpftrace/usdt-loop) T bpftrace -e "usdt:${cmd[0]}:bench:hit { @n = count(); }" \
		-c "${cmd[*]}" >"$o" ;;
	bpftrace/malloc-loop) T bpftrace -e "uprobe:$libc:malloc, uprobe:$libc:free /pid == cpid/ {
		@n = count(); }" -c "${cmd[*]}" >"$o" ;;
	bpftrace/*) T bpftrace -e "$BT_SYS" -c "${cmd[*]}" >"$o" ;;
	ltrace/*) T ltrace $f -o "$o" "${cmd[@]}" >/dev/null ;;
	lttrace/*) T "$LTTRACE" $f -o "$o" "${cmd[@]}" >/dev/null ;;
	"lttrace --bpf/"*) T "$LTTRACE" --bpf $f -o "$o" "${cmd[@]}" >/dev/null ;;
	gdb/*) T gdb -batch -nx -x "$so/gdb-usdt.cmd" --args "${cmd[@]}" >"$o" ;;
	esac
}

# events_of TOOL WORKLOAD OUT: the events the tool reported in OUT.
events_of() {
	local o=$3 pfx='^([0-9]+ +|\[pid +[0-9]+\] )?'
	case $1/$2 in
	untraced/*) echo 0 ;;
	sttrace*/usdt-loop) grep -cE "$pfx--- usdt:bench:hit" "$o" ;;
	strace/* | sttrace*) grep -cE "$pfx[a-z_][a-z0-9_]*\\(" "$o" ;;
	"perf trace/"*) grep -cE '\): [^ ]+/[0-9]+ [a-z_0-9]+\(' "$o" ;;
	bpftrace/*) awk '$1 == "@n:" { n = $2 } END { print n + 0 }' "$o" ;;
	ltrace/* | lttrace*) grep -cE "$pfx[A-Za-z_][A-Za-z0-9_@.]*\\(" "$o" ;;
	gdb/*) awk '$1 == "hits" { n = $2 } END { print n + 0 }' "$o" ;;
	esac
}

TOOLS=(untraced strace sttrace "sttrace --bpf" "perf trace" bpftrace ltrace lttrace
	"lttrace --bpf" gdb)
WORKLOADS=(syscall-loop file-io fork-exec usdt-loop malloc-loop threads)
# SUITE_ONLY=threads (names, comma-separated): those workloads alone.
[ -n "${SUITE_ONLY:-}" ] && IFS=, read -r -a WORKLOADS <<<"$SUITE_ONLY"
# The cells: "N k mode" (k: events expected per iteration at least) or "-" and why not.
declare -A cell
na() { cell[$1/$2]="- not applicable: $3"; }
# syscall-loop: N getppid() through libc's syscall(), then an openat.
cell["syscall-loop/untraced"]="1000000 0 -"
cell["syscall-loop/strace"]="5000 1 full"
cell["syscall-loop/sttrace"]="5000 1 full"
cell["syscall-loop/sttrace --bpf"]="100000 1 full"
cell["syscall-loop/perf trace"]="5000 1 full"
cell["syscall-loop/bpftrace"]="300000 1 count syscalls"
cell["syscall-loop/ltrace"]="2000 1 syscall() calls"
cell["syscall-loop/lttrace"]="5000 1 syscall() calls"
cell["syscall-loop/lttrace --bpf"]="20000 1 syscall() calls"
# file-io: 4 syscalls, 4 library calls a round.
cell["file-io/untraced"]="20000 0 -"
cell["file-io/strace"]="1000 4 full"
cell["file-io/sttrace"]="1000 4 full"
cell["file-io/sttrace --bpf"]="10000 4 full"
cell["file-io/perf trace"]="1000 4 full"
cell["file-io/bpftrace"]="10000 4 count syscalls"
cell["file-io/ltrace"]="400 4 library calls"
cell["file-io/lttrace"]="1000 4 library calls"
cell["file-io/lttrace --bpf"]="2000 4 library calls"
# fork-exec: the parent's fork+wait4, the child's execve and the dynamic loader's calls.
cell["fork-exec/untraced"]="200 0 -"
cell["fork-exec/strace"]="200 3 -f"
cell["fork-exec/sttrace"]="200 3 -f"
cell["fork-exec/sttrace --bpf"]="100 3 -f"
cell["fork-exec/perf trace"]="30 3 full (inherits)"
cell["fork-exec/bpftrace"]="200 3 count syscalls, children added"
why_lib="a library-call tracer; the loop's cost is fork, exec and wait (3 calls a child)"
na fork-exec ltrace "$why_lib"
na fork-exec lttrace "$why_lib"
na fork-exec "lttrace --bpf" "$why_lib"
# usdt-loop: one probe hit a round (a nop in the program: about 10 ns untraced).
cell["usdt-loop/untraced"]="20000000 0 -"
cell["usdt-loop/sttrace"]="10000 1 -e usdt=bench:hit"
cell["usdt-loop/sttrace --bpf"]="100000 1 -e usdt=bench:hit"
cell["usdt-loop/bpftrace"]="200000 1 usdt: count"
cell["usdt-loop/gdb"]="1000 1 break -probe-stap"
na usdt-loop strace "strace has no USDT probes"
na usdt-loop "perf trace" "perf trace follows syscalls; a USDT event needs perf probe first"
for t in ltrace lttrace "lttrace --bpf"; do
	na usdt-loop "$t" "library calls only, no USDT probes"
done
# malloc-loop: malloc+free a round, no syscall (the freed chunk is reused).
cell["malloc-loop/untraced"]="5000000 0 -"
cell["malloc-loop/bpftrace"]="50000 2 uprobe malloc, free: count"
cell["malloc-loop/ltrace"]="2000 2 library calls"
cell["malloc-loop/lttrace"]="5000 2 library calls"
cell["malloc-loop/lttrace --bpf"]="250000 2 library calls"
for t in strace sttrace "sttrace --bpf" "perf trace"; do
	na malloc-loop "$t" "no syscalls in the loop (malloc reuses the freed chunk)"
done
# threads: 4 threads, N getppid in all.  strace and sttrace (issue 31's pair) get 20,000: at
# 5,000 a run lasted 0.1 s and the pair's ratio moved by a third between runs.
cell["threads/untraced"]="1000000 0 -"
cell["threads/strace"]="20000 1 -f"
cell["threads/sttrace"]="20000 1 -f"
cell["threads/sttrace --bpf"]="100000 1 -f"
cell["threads/perf trace"]="5000 1 full (inherits)"
cell["threads/bpftrace"]="300000 1 count syscalls"
cell["threads/ltrace"]="500 1 -f, syscall() calls"
cell["threads/lttrace"]="5000 1 -f, syscall() calls"
cell["threads/lttrace --bpf"]="20000 1 -f, syscall() calls"
for w in syscall-loop file-io fork-exec malloc-loop threads; do
	na "$w" gdb "gdb is measured on USDT probes only (its catch syscall is no tracer)"
done

# Tools missing from this machine: their cells say so.
declare -A missing
for t in strace "perf trace" bpftrace ltrace gdb; do
	exe=${t%% *}
	command -v "$exe" >/dev/null || missing[$t]="$exe is not installed (make deps)"
done
perf version >/dev/null 2>&1 ||
	missing["perf trace"]="perf does not run: $(perf version 2>&1 | head -1)"
for t in sttrace lttrace; do
	exe=$STTRACE; [ $t = lttrace ] && exe=$LTTRACE
	[ -x "$exe" ] || missing[$t]="$exe is not built (make all)"
	missing["$t --bpf"]=${missing[$t]:-}
done
# bpftrace's tracepoint: probes read tracefs: mounted for the suite, unmounted after if it was
# not there before.  Checked again before each workload: another bench may unmount it.
tracefs_was=; [ -e /sys/kernel/tracing/events ] && tracefs_was=1
tracefs() {
	[ -e /sys/kernel/tracing/events ] && return
	mount -t tracefs nodev /sys/kernel/tracing 2>"$so/mount.err" ||
		missing[bpftrace]="tracefs not mounted, mounting it failed: $(head -1 "$so/mount.err")"
}

rows=()
declare -A failed rowof
row_fmt='{"workload": "%s", "tool": "%s", "mode": "%s", "n": %d, "median_s": %.6f, '
row_fmt+='"baseline_s": %.6f, "overhead": %.2f, "events": %d, "ns_per_event": %.0f, '
row_fmt+='"startup_s": %.4f, "marginal_overhead": %.2f, "marginal_ns_per_event": %.0f, '
row_fmt+='"check": "%s"}'
jstr() { local s=${1//\\/\\\\}; s=${s//\"/\\\"}; printf '%s' "${s//$'\t'/ }"; }
err_row() { # workload tool mode reason
	rowof[$1/$2]=$(printf '{"workload": "%s", "tool": "%s", "mode": "%s", "error": "%s"}' \
		"$1" "$2" "$(jstr "$3")" "$(jstr "$4")")
	printf '%-13s %-14s %-24s %s\n' "$1" "$2" "$3" "$4"
}
key() { echo "${1// /_}"; }

echo
echo "suite: every tool on every workload (startup subtracted: x = marginal overhead)"
notes=()
for wl in "${WORKLOADS[@]}"; do
	tracefs
	rm -f "$so"/*.out*
	# Other tracers' uprobes (on libc: every malloc of every process traps) and sys_enter
	# programs slow the untraced runs too: said, since the figures are then too low.
	o_up=$(bpftool perf show 2>/dev/null | grep -c uprobe)
	o_tp=$(bpftool link show 2>/dev/null | grep -c "tp 'sys_enter'")
	[ "$o_up" -gt 0 ] || [ "$o_tp" -gt 0 ] && notes+=("$wl: other tracers meanwhile: \
$o_up uprobe(s), $o_tp BPF program(s) on sys_enter") && echo "note: ${notes[-1]}"
	live=()
	for t in "${TOOLS[@]}"; do
		c=${cell[$wl/$t]:-"- not applicable"}
		if [ "${c%% *}" = - ]; then
			err_row "$wl" "$t" - "${c#- }"
		elif [ -n "${missing[$t]:-}" ]; then
			err_row "$wl" "$t" "${c#* * }" "${missing[$t]}"
		else
			live+=("$t")
			: >"$so/$(key "$t").tn"; : >"$so/$(key "$t").t0"
		fi
	done
	for ((i = 0; i < SUITE_RUNS; i++)); do
		for t in "${live[@]}"; do
			[ -n "${failed[$t]:-}" ] && continue
			k=$(key "$t")
			read -r n _ <<<"${cell[$wl/$t]}"
			n=$(scale "$n")
			for m in "$n" 0; do
				ts=$EPOCHREALTIME
				run_cell "$wl" "$t" "$m" "$so/$k.out$m" 2>"$so/$k.err"
				rc=$?
				te=$EPOCHREALTIME
				if [ "$rc" != 0 ]; then
					why=$(grep -hv -e '^$' -e 'RLIMIT_MEMLOCK' "$so/$k.err" \
						"$so/$k.out$m" 2>/dev/null | head -1)
					[ "$rc" = 124 ] && why="timed out after $TMO s"
					failed[$t]="exit status $rc: ${why:-no message}"
					break
				fi
				echo "$te - $ts" | bc -l >>"$so/$k.t$([ "$m" = 0 ] && echo 0 || echo n)"
			done
		done
	done
	# The untraced cost of one iteration, and each cell against it.
	read -r nu _ <<<"${cell[$wl/untraced]}"
	nu=$(scale "$nu")
	un=$(median <"$so/untraced.tn") u0=$(median <"$so/untraced.t0")
	c=$(echo "($un - $u0) / $nu" | bc -l)
	for t in "${live[@]}"; do
		read -r n kev mode <<<"${cell[$wl/$t]}"
		n=$(scale "$n")
		if [ -n "${failed[$t]:-}" ]; then
			err_row "$wl" "$t" "$mode" "${failed[$t]}"
			continue
		fi
		k=$(key "$t")
		tn=$(median <"$so/$k.tn") t0=$(median <"$so/$k.t0")
		base=$(echo "$u0 + $n * $c" | bc -l)
		ev=$(events_of "$t" "$wl" "$so/$k.out$n")
		chk=ok
		[ "$t" != untraced ] && [ "$ev" -lt $((kev * n)) ] &&
			chk="$ev events, expected >= $((kev * n))"
		ovh=$(echo "$tn / $base" | bc -l)
		movh=$(echo "($tn - $t0) / ($n * $c)" | bc -l)
		if [ "$ev" -gt 0 ]; then
			nspe=$(echo "($tn - $base) * 1000000000 / $ev" | bc -l)
			mnspe=$(echo "(($tn - $t0) - $n * $c) * 1000000000 / $ev" | bc -l)
		else
			nspe=0 mnspe=0
		fi
		rowof[$wl/$t]=$(printf "$row_fmt" \
			"$wl" "$t" "$(jstr "$mode")" "$n" "$tn" "$base" "$ovh" "$ev" "$nspe" "$t0" \
			"$movh" "$mnspe" "$(jstr "$chk")")
		printf '%-13s %-14s %-24s N=%-8d %8.4f s (startup %.3f) x%-9.2f %8d events %9.0f ns%s\n' \
			"$wl" "$t" "$mode" "$n" "$tn" "$t0" "$movh" "$ev" "$mnspe" \
			"$([ "$chk" = ok ] || echo "  CHECK: $chk")"
	done
	failed=()
	for t in "${TOOLS[@]}"; do [ -n "${rowof[$wl/$t]:-}" ] && rows+=("${rowof[$wl/$t]}"); done
done
rm -f "$fio_file"
[ -z "$tracefs_was" ] && umount /sys/kernel/tracing 2>/dev/null

{
	echo "["
	for i in "${!rows[@]}"; do
		sep=,; [ "$i" = $((${#rows[@]} - 1)) ] && sep=
		echo "  ${rows[$i]}$sep"
	done
	echo "]"
} >"$out/suite-rows.json"
python3 tests/bench/chart.py "$out/suite-rows.json" "$out/overhead.svg" "$out/suite.md" || exit 1
# results.json: run.sh's rows, then these (run.sh has written it when it calls this script),
# once every cell is known to be there.
SUITE_TOOLS=$(IFS=,; echo "${TOOLS[*]}") SUITE_WORKLOADS=$(IFS=,; echo "${WORKLOADS[*]}") \
	python3 - "$out/results.json" "$out/suite-rows.json" <<'EOF' || exit 1
import json, os, sys
with open(sys.argv[2]) as f:
    suite = json.load(f)
cells = {(r["workload"], r["tool"]): r for r in suite}
bad = [f"{w} x {t}: " + ("no row" if (w, t) not in cells else "neither figures nor error")
       for w in os.environ["SUITE_WORKLOADS"].split(",")
       for t in os.environ["SUITE_TOOLS"].split(",")
       if not (cells.get((w, t), {}).get("error") or "marginal_overhead" in cells.get((w, t), {}))]
if bad or len(cells) != len(suite):
    sys.exit("suite.sh: cells missing or twice: " + "; ".join(bad or ["a cell twice"]))
try:
    with open(sys.argv[1]) as f:
        rows = json.load(f)
except (OSError, ValueError):
    rows = []
rows = [r for r in rows if not r.get("suite")]
rows += [dict(r, suite=True) for r in suite]
with open(sys.argv[1], "w") as f:
    f.write("[\n" + ",\n".join("  " + json.dumps(r) for r in rows) + "\n]\n")
EOF
secs=$(echo "$EPOCHREALTIME - $t0_suite" | bc -l)
for n in "${notes[@]}"; do printf '\nNote: %s\n' "$n"; done >>"$out/suite.md"
printf '\nThe suite took %.0f s (SUITE_RUNS=%s, SUITE_SCALE=%s).\n' "$secs" "$SUITE_RUNS" \
	"$SUITE_SCALE" >>"$out/suite.md"
cat "$out/suite.md" >>"$out/results.md"
echo "wrote $out/suite-rows.json, $out/overhead.svg; suite rows added to results.json, results.md"
