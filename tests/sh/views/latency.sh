#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# --latency=A..B:key=argN over a pair of USDT probes (tests/sh/views/latency.c: ten requests, two in
# flight, each held a known time): the count the program made, the same in both backends, and
# percentiles within 0.5 ms + 5% of the program's own measure (a probe's trap is in the
# tracer's and not in the program's); the histogram's counts add up; --json's record; a pair
# of syscalls; keyed by thread instead, starts overwrite each other; bad specs refused.
# --latency alone (its probes traced silently), under --bpf paired in the kernel with no record
# per hit; a uprobe..uretprobe pair.
# And -c --percentiles on the same program's sleeps.
set -u
. "$TOP/tests/lib.sh"
${CC:-cc} -O1 -g -Wall -o latency "$TOP/tests/sh/views/latency.c" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }
pair=usdt:lat:start..usdt:lat:done

# close WANT GOT: within 500 us + 5%
close() { awk -v w="$1" -v g="$2" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= 500 + w * 0.05) }'; }

for be in "" --bpf; do
	rm -f latency.want
	run_checked "$STTRACE" $be -o log -e trace=none -e usdt=lat:start -e usdt=lat:done \
		--latency=$pair:key=arg0 ./latency || bad "sttrace $be: exit status"
	read -r n p50 p90 p99 max <latency.want
	grep -q "^@latency\[$pair\]: count $n, errors 0, in microseconds:$" log ||
		bad "$be: want count $n"
	set -- $(sed -n 's/^p50 \([0-9.]*\), p90 \([0-9.]*\), p99 \([0-9.]*\), max \([0-9.]*\)$/\1 \2 \3 \4/p' log)
	[ $# = 4 ] || bad "$be: no percentiles line"
	for w in "$p50:${1:-0}" "$p90:${2:-0}" "$p99:${3:-0}" "$max:${4:-0}"; do
		close "${w%%:*}" "${w#*:}" || bad "$be: want about ${w%%:*} us, got ${w#*:}"
	done
	total=$(awk -F'|' '/^\[/ { k = split($1, w, " "); n += w[k] } END { print n + 0 }' log)
	[ "$total" = "$n" ] || bad "$be: the histogram counts $total"

	rm -f latency.want
	# --json: one record with the same count and its percentiles in seconds
	run_checked "$STTRACE" $be -o jlog --json -e trace=none -e usdt=lat:start -e usdt=lat:done \
		--latency=$pair:key=arg0 ./latency >/dev/null || bad "sttrace $be --json: exit status"
	jq -e --argjson n "$n" 'select(.type == "latency") | .count == $n and .errors == 0 and
		(.percentiles.max > 0.001) and ([.hist[].count] | add) == $n' jlog >/dev/null ||
		bad "$be --json: no latency record of $n: $(grep latency jlog)"

	rm -f latency.want
	# by thread (no key): each start replaces the one before: five pairs
	run_checked "$STTRACE" $be -o tlog -e trace=none -e usdt=lat:start -e usdt=lat:done \
		--latency=$pair ./latency >/dev/null || bad "sttrace $be by thread: exit status"
	grep -q "^@latency\[$pair\]: count 5, errors 0" tlog || bad "$be by thread: $(grep '^@' tlog)"

	rm -f latency.want
	# --latency alone traces its probes, silently: the same pairs, no probe line; under --bpf
	# the kernel makes the pairs (STTRACE_BPF_LOG=1 says so) and sends no record per hit
	run_checked env STTRACE_BPF_LOG=1 "$STTRACE" $be -o alog -e trace=none \
		--latency=$pair:key=arg0 ./latency >/dev/null 2>aerr || bad "$be alone: exit status"
	read -r n p50 p90 p99 max <latency.want
	grep -q "^@latency\[$pair\]: count $n, errors 0, in microseconds:$" alog ||
		bad "$be alone: want count $n: $(grep '^@' alog)"
	set -- $(sed -n 's/^p50 \([0-9.]*\), p90 [0-9.]*, p99 [0-9.]*, max \([0-9.]*\)$/\1 \2/p' alog)
	close "$p50" "${1:-0}" && close "$max" "${2:-0}" || bad "$be alone: want p50 $p50 max $max: $*"
	! grep -q -e '--- usdt:' alog || bad "$be alone: probe lines printed"
	if [ -n "$be" ]; then
		grep -q ': --bpf: probes: 0 hit records$' aerr &&
			grep -q ": --bpf: --latency: $n pair times from the kernel$" aerr ||
			bad "--bpf alone: not made in the kernel: $(cat aerr)"
	fi
done

# a function's entry to its return, by thread (the program's ten nanosleeps), both backends;
# under --bpf in the kernel, and as many when -e uprobe= prints the calls too
for be in "" --bpf --bpf+shown; do
	rm -f latency.want
	shown= lines=0
	[ "$be" = --bpf+shown ] && be=--bpf shown=-e\ uprobe=nanosleep lines=10
	run_checked env STTRACE_BPF_LOG=1 "$STTRACE" $be -o ulog -e trace=none $shown \
		--latency=uprobe:nanosleep..uretprobe:nanosleep ./latency >/dev/null 2>uerr ||
		bad "uprobe $be $shown: exit status"
	grep -q '^@latency\[uprobe:nanosleep..uretprobe:nanosleep\]: count 10, errors 0' ulog ||
		bad "uprobe $be $shown: $(grep '^@' ulog)"
	[ "$(grep -c -e '--- uprobe:nanosleep(' ulog)" = $lines ] ||
		bad "uprobe $be $shown: $(grep -c -e '--- uprobe:' ulog) lines"
	[ -z "$be" ] || grep -q ": --bpf: --latency: 10 pair times from the kernel$" uerr ||
		bad "uprobe --bpf $shown: not made in the kernel: $(cat uerr)"
done

# one syscall's own time, and lttrace's calls (ten nanosleeps from main)
rm -f latency.want
run_checked "$STTRACE" -o slog -e trace=clock_nanosleep --latency=clock_nanosleep..clock_nanosleep \
	./latency >/dev/null || bad "syscalls: exit status"
grep -q '^@latency\[clock_nanosleep..clock_nanosleep\]: count 10, errors 0' slog ||
	bad "syscalls: $(grep '^@' slog)"
LTTRACE=$(dirname "$STTRACE")/lttrace
rm -f latency.want
run_checked "$LTTRACE" -o llog --latency=call:nanosleep..call:nanosleep ./latency >/dev/null ||
	bad "lttrace: exit status"
grep -q '^@latency\[call:nanosleep..call:nanosleep\]: count 10, errors 0' llog ||
	bad "lttrace: $(grep '^@' llog)"

# -c --percentiles: the program's ten clock_nanosleeps hold 1, 3, 5, 7, 9 and five times 1 ms:
# p50 1 ms, p90 7 ms, max 9 ms (a sleep never ends early; allow 5 ms late under load)
for be in "" --bpf; do
	rm -f latency.want
	run_checked "$STTRACE" $be -o clog -c --percentiles -e trace=clock_nanosleep ./latency \
		>/dev/null || bad "-c --percentiles $be: exit status"
	grep -q '^% time     seconds  usecs/call     calls    errors       p50       p90       p99       max syscall$' clog ||
		bad "-c --percentiles $be: header: $(head -1 clog)"
	awk '$NF == "clock_nanosleep" && $4 == 10 {
		ok = $(NF-4) >= 1000 && $(NF-4) < 6000 && $(NF-3) >= 7000 && $(NF-3) < 12000 &&
		     $(NF-1) >= 9000 && $(NF-1) < 14000 }
	     END { exit !ok }' clog || bad "-c --percentiles $be: $(grep clock_nanosleep clog)"
done

for spec in usdt:a:b 'usdt:a:b..' 'x..y:key=arg99' 'usdt:lat:start..a:b:c'; do
	"$STTRACE" --latency="$spec" ./latency >out 2>err
	[ $? != 0 ] && [ "$(wc -l <err)" -le 2 ] && grep -q "^$STTRACE: '" err && [ ! -s out ] ||
		bad "--latency=$spec: $(cat err)"
done
exit $fail
