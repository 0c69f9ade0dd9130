#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -c and -C against strace 6.1: the same program gives the same table (header, rules, calls,
# errors, syscall names, order by name, totals line); only the three time columns, which are
# measurements, are masked.  -U with no time column (name not last too) is compared unmasked.  -w (wall time) must give non-zero times.  -O 1s (and its long
# form) takes more than any call took off each: every time is 0, unmasked, as strace's.
# Without -w the time is system CPU time, under --bpf too.
set -u
. "$TOP/tests/lib.sh"
prog="$TOP/$B/tests/trace/fileops"
fail=0
mask() { sed -E 's/^( *[0-9]+\.[0-9]+) +[0-9]+\.[0-9]+ +[0-9]+ /T /'; }
for mode in "-c -S name" "-c -S calls -e trace=%file" "-C -S name -a0 -e trace=close" \
	"-c -S name -O 1s" "-c -S name --summary-syscall-overhead=1000000" \
	"-c -S name -U calls,errors" "-C -S calls -a0 -e trace=close --summary-columns=name,calls"; do
	m=mask
	case $mode in *-O*|*overhead*|*-U*|*columns*) m=cat ;; esac
	# shellcheck disable=SC2086
	strace -o s.log $mode "$prog" >/dev/null 2>&1
	# shellcheck disable=SC2086
	run_checked "$STTRACE" -o t.log $mode "$prog" >/dev/null 2>&1
	if [ "$mode" = "-c -S calls -e trace=%file" ]; then
		# equal call counts sort in no defined order in strace: compare as sets
		diff <($m <s.log | sort) <($m <t.log | sort) >d.txt
	else
		diff <($m <s.log) <($m <t.log) >d.txt
	fi
	if [ -s d.txt ]; then echo "FAIL: sttrace $mode differs from strace:"; cat d.txt; fail=1
	else echo "ok: $mode ($(grep -c . t.log) lines)"; fi
done
# -S by the per-call times (strace's keys and their aliases): usecs/call falls down the table.
for key in avg_time time-avg max_time longest min-time shortest; do
	run_checked "$STTRACE" -o k.log -c -w -S $key "$prog" >/dev/null 2>&1 ||
		{ echo "FAIL: -S $key refused"; cat k.log; fail=1; continue; }
	case $key in *avg*)
		awk '/^ +[0-9]/ && $NF != "total" {print $3}' k.log | sort -c -n -r ||
			{ echo "FAIL: -S $key: not by usecs/call"; cat k.log; fail=1; } ;;
	esac
	echo "ok: -S $key"
done
run_checked "$STTRACE" -o w.log -c -w sh -c 'for i in 1 2 3; do cat /dev/null; done' >/dev/null 2>&1
total=$(awk '$NF == "total" {print $2}' w.log)
awk -v t="$total" 'BEGIN {exit !(t > 0)}' || { echo "FAIL: -w total time is $total"; cat w.log; fail=1; }
echo "-w total seconds: $total"

# The time in a call is system CPU time, wall time only with -w (strace's count test): a
# 0.5 s sleep is far below 0.25 s, and at least 0.4 s with -w; both backends.
backends=("")
[ "$(id -u)" = 0 ] && [ -r /sys/kernel/btf/vmlinux ] && backends+=(--bpf)
for be in "${backends[@]}"; do
	for w in "" -w; do
		# shellcheck disable=SC2086
		run_checked "$STTRACE" $be -o s.log -c $w -e trace=nanosleep,clock_nanosleep sleep 0.5 \
			>/dev/null 2>&1
		t=$(awk '$NF == "total" {print $2}' s.log)
		if [ -z "$w" ]; then ok=$(awk -v t="$t" 'BEGIN {print (t < 0.25)}')
		else ok=$(awk -v t="$t" 'BEGIN {print (t >= 0.4)}'); fi
		[ "$ok" = 1 ] && echo "sleep 0.5 ${be:-ptrace} -c $w: $t s" ||
			{ echo "FAIL: sleep 0.5 ${be:-ptrace} -c $w: $t s"; cat s.log; fail=1; }
	done
done

# strace 7.1's wall-clock columns beside the CPU time, in one run, with strace 7.2's headings
# and widths; both backends (--bpf: the kernel counts both times, and each call's least and
# most).
for be in "${backends[@]}"; do
	# shellcheck disable=SC2086
	run_checked "$STTRACE" $be -o s.log -c \
		-U name,calls,total-time,wall-total,wall-min,wall-max,wall-avg \
		-e trace=nanosleep,clock_nanosleep sleep 0.5 >/dev/null 2>&1
	head -n2 s.log >s.head
	printf '%s\n' 'syscall              calls     seconds  wall-total wall-min wall-max    wall-avg' \
		'---------------- --------- ----------- ----------- -------- -------- -----------' >s.want
	t=$(awk '$1 == "total" {print $3, $4, $7}' s.log)
	m=$(awk '$1 ~ /nanosleep/ {print $5, $6}' s.log)
	if diff -u s.want s.head && awk -v t="$t" -v m="$m" 'BEGIN {split(t, v, " ");
			split(m, w, " "); exit !(v[1] < 0.25 && v[2] >= 0.4 && v[3] >= 400000 &&
			w[1] >= 0.4 && w[2] >= 0.4)}'; then
		echo "sleep 0.5 ${be:-ptrace} -c -U ...,wall-*: CPU, wall, wall per call: $t; min, max: $m"
	else
		echo "FAIL: ${be:-ptrace} -U wall-* columns:"; cat s.log; fail=1
	fi
done
exit $fail
