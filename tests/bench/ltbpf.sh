#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# make bench, lttrace --bpf per call against its peers, as ratios of one run (issue 16):
#  (a) one thread calling syscall(): lttrace --bpf (every call traced to a file) against a
#      bpftrace uprobe+uretprobe pair counting the same function (target <= 1.0, issue 31),
#      by the loop's time and by the program's CPU time (its uprobe traps and BPF programs);
#  (b) threads (4 threads calling syscall(), -f): lttrace --bpf -f against lttrace -f over
#      ptrace (target <= 0.3); lttrace --bpf -c -f too, the kernel side alone (no records);
#  (c) why: the kernel side (-c) on a function whose first instruction the kernel emulates
#      (push) and on one it single-steps out of line (mov, as syscall() begins), CPU time of
#      tracer and program (user + sys), which the load of a shared machine disturbs less.
# Cost per call in (a) and (b) = (loop(traced) - loop(untraced)) / N, where loop is the time the
# program's calls take by its own clock (threads.c prints it with BENCH_LOOP_NS set): the tools'
# start-up and exit, which differ (bpftrace -c lets the program run while it still sets up),
# stay out.  (c) is (cpu(N) - cpu(0)) / N.  Medians of LTB_RUNS runs, the tools alternated
# within each run.  LTTRACE_BPF_STATS=1 says whether the ring held the program.
# Appends its rows to $B/bench/results.md.  Not a test: nothing here passes or fails on time.
set -u
cd "$(dirname "$0")/../.."
B=${B:-build}
RUNS=${LTB_RUNS:-5}
N=${LTB_N:-20000}
out="$B/bench"
mkdir -p "$out/ltbpf"
so=$(cd "$out/ltbpf" && pwd)
LTTRACE="$PWD/$B/bin/lttrace"
cc -O2 -pthread -o "$so/threads" tests/bench/threads.c &&
	cc -O2 -pthread -DNTHREADS=1 -o "$so/thread1" tests/bench/threads.c &&
	cc -O1 -o "$so/entry-cost" tests/bench/entry-cost.c || exit 1
libc=$(ldd "$so/thread1" | awk '$1 ~ /^libc\.so/ { print $3 }')
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
cpu() { /usr/bin/time -f '%U %S' "$@" 2>&1 >/dev/null | tail -1 | awk '{ print $1 + $2 }'; }
export BENCH_LOOP_NS=1
loop() { # the program's own time, in seconds, from what it wrote on stderr (0 calls: 0)
	local ns
	"$@" >/dev/null 2>"$so/err"
	ns=$(sed -n 's/^loop_ns //p' "$so/err" | tail -n1)
	sed -n 's/^cpu_ns //p' "$so/err" | tail -n1 >"$so/cpu.last"
	cat "$so/err" >>"$so/stderr"
	echo "${ns:-0} / 1000000000" | bc -l
}
BT="uprobe:$libc:syscall /pid == cpid/ { @n = count(); }
    uretprobe:$libc:syscall /pid == cpid/ { @r = count(); }"
run() { # tool n
	case $1 in
	none) loop "$so/thread1" "$2" ;;
	none-f) loop "$so/threads" "$2" ;;
	bpftrace) loop bpftrace -e "$BT" -c "$so/thread1 $2" ;;
	lt-bpf) loop "$LTTRACE" --bpf -o "$so/lt.out" "$so/thread1" "$2" ;;
	lt-f) loop "$LTTRACE" -f -o "$so/ltf.out" "$so/threads" "$2" ;;
	lt-bpf-f) loop "$LTTRACE" --bpf -f -o "$so/ltbf.out" "$so/threads" "$2" ;;
	lt-bpf-c-f) loop "$LTTRACE" --bpf -c -f -o /dev/null "$so/threads" "$2" ;;
	cpu-push) cpu "$LTTRACE" --bpf -c -x f_push -o /dev/null "$so/entry-cost" p "$2" ;;
	cpu-mov) cpu "$LTTRACE" --bpf -c -x f_mov -o /dev/null "$so/entry-cost" m "$2" ;;
	cpu-pt-mov) cpu "$LTTRACE" -x f_mov -o /dev/null "$so/entry-cost" m "$2" ;;
	esac
}
TOOLS=(none none-f bpftrace lt-bpf lt-f lt-bpf-f lt-bpf-c-f cpu-push cpu-mov cpu-pt-mov)
declare -A t c
: >"$so/stderr"
for r in $(seq "$RUNS"); do
	for tool in "${TOOLS[@]}"; do
		t[$tool/0]+="$(run "$tool" 0) "
		c[$tool/0]+="$(cat "$so/cpu.last" 2>/dev/null) "
		t[$tool/N]+="$(run "$tool" "$N") "
		c[$tool/N]+="$(cat "$so/cpu.last" 2>/dev/null) "
	done
done
declare -A us cus
for tool in "${TOOLS[@]}"; do
	a=$(printf '%s\n' ${t[$tool/0]} | median) b=$(printf '%s\n' ${t[$tool/N]} | median)
	us[$tool]=$(echo "($b - $a) * 1000000 / $N" | bc -l)
done
# the program's CPU time per call (its traps and BPF programs), one thread: less moved by load
cpu_us() {
	local a b
	a=$(printf '%s\n' ${c[$1/0]} | median) b=$(printf '%s\n' ${c[$1/N]} | median)
	echo "($b - $a) / 1000 / $N" | bc -l
}
for tool in none bpftrace lt-bpf; do cus[$tool]=$(cpu_us "$tool"); done
for tool in bpftrace lt-bpf; do cus[$tool]=$(echo "${cus[$tool]} - ${cus[none]}" | bc -l); done
# the untraced program's own time per call out of the loop-timed rows
for tool in bpftrace lt-bpf; do us[$tool]=$(echo "${us[$tool]} - ${us[none]}" | bc -l); done
for tool in lt-f lt-bpf-f lt-bpf-c-f; do us[$tool]=$(echo "${us[$tool]} - ${us[none-f]}" | bc -l); done
calls() { grep -c 'syscall(' "$1"; }
holds=$(LTTRACE_BPF_STATS=1 "$LTTRACE" --bpf -f -o /dev/null "$so/threads" "$N" 2>&1 >/dev/null |
	sed -n 's/.*--bpf: \(.*\)/\1/p')
{
	echo
	echo "lttrace --bpf per call, $N calls of syscall(), medians of $RUNS runs (the calls' own time, traced minus untraced; CPU rows: startup subtracted):"
	echo
	echo "| comparison | lttrace --bpf | peer | ratio | target |"
	echo "| --- | --- | --- | --- | --- |"
	printf '| one thread: lttrace --bpf (%s lines) / bpftrace uprobe+uretprobe count | %.1f µs | %.1f µs | **%.2f** | <= 1.0 |\n' \
		"$(calls "$so/lt.out")" "${us[lt-bpf]}" "${us[bpftrace]}" \
		"$(echo "${us[lt-bpf]} / ${us[bpftrace]}" | bc -l)"
	printf '| one thread, the program'"'"'s CPU time: lttrace --bpf / bpftrace uprobe+uretprobe count | %.1f µs | %.1f µs | **%.2f** | <= 1.0 |\n' \
		"${cus[lt-bpf]}" "${cus[bpftrace]}" "$(echo "${cus[lt-bpf]} / ${cus[bpftrace]}" | bc -l)"
	printf '| threads -f: lttrace --bpf -f (%s lines) / lttrace -f over ptrace (%s lines) | %.1f µs | %.1f µs | **%.2f** | <= 0.3 |\n' \
		"$(calls "$so/ltbf.out")" "$(calls "$so/ltf.out")" "${us[lt-bpf-f]}" "${us[lt-f]}" \
		"$(echo "${us[lt-bpf-f]} / ${us[lt-f]}" | bc -l)"
	printf '| threads -f, kernel side alone: lttrace --bpf -c -f / lttrace -f | %.1f µs | %.1f µs | %.2f | |\n' \
		"${us[lt-bpf-c-f]}" "${us[lt-f]}" "$(echo "${us[lt-bpf-c-f]} / ${us[lt-f]}" | bc -l)"
	printf '| kernel side, CPU: entry single-stepped (mov) / emulated (push), lttrace --bpf -c | %.1f µs | %.1f µs | %.1f | |\n' \
		"${us[cpu-mov]}" "${us[cpu-push]}" "$(echo "${us[cpu-mov]} / ${us[cpu-push]}" | bc -l)"
	printf '| the same, CPU: lttrace --bpf -c (mov) / lttrace over ptrace (mov) | %.1f µs | %.1f µs | %.2f | |\n' \
		"${us[cpu-mov]}" "${us[cpu-pt-mov]}" "$(echo "${us[cpu-mov]} / ${us[cpu-pt-mov]}" | bc -l)"
	echo
	echo "(lttrace --bpf -f, one more run: $holds)"
} | tee -a "$out/results.md"
