#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# -p to a running probe loop (examples/reqserver), then SIGINT, SIGTERM, or SIGPIPE on the
# output to sttrace: while attached every probe site holds a breakpoint (hlt, f4: uprobe/bp.h)
# and the semaphore is raised; after sttrace leaves, every site's byte and the semaphore are back to their original values
# (read through /proc/PID/mem), the program is not traced, not stopped, and runs on correctly
# (its requests stay consecutive: no hit lost its instruction, none ran twice).
set -u
prog="$TOP/$B/examples/reqserver"
[ -x "$prog" ] || { echo "$prog is not built (make -C examples)"; exit 1; }
fail=0

"$prog" -n 0 -d 2 >out.txt &
lp=$!
trap 'kill $lp 2>/dev/null' EXIT
sleep 0.3

# Runtime addresses of the probe sites and of the semaphore, from sdt list.
read -r sites sem < <("$SDT" list --json -p "$lp" | python3 -c '
import json, sys
f = json.load(sys.stdin)["files"][0]
ps = f["probes"]
bias = ps[0]["runtime_address"] - ps[0]["address"]
print(",".join(str(p["runtime_address"]) for p in ps),
      [p["semaphore"] + bias for p in ps if p["semaphore"]][0])')
sites=${sites//,/ }
[ -n "$sites" ] && [ -n "$sem" ] || { echo "FAIL: no probes found by sdt list -p"; exit 1; }

mem() { # ADDR LEN: bytes of the loop's memory, in hex
	python3 -c 'import sys
with open("/proc/%s/mem" % sys.argv[1], "rb") as f:
    f.seek(int(sys.argv[2])); print(f.read(int(sys.argv[3])).hex())' "$lp" "$1" "$2"
}
state() { # every site's first byte, then the semaphore
	local a
	for a in $sites; do printf '%s ' "$(mem "$a" 1)"; done
	printf 'sem=%s' "$(mem "$sem" 2)"
}
before=$(state)
echo "before: $before"
case $before in *cc*|*f4*) echo "FAIL: a breakpoint before attaching"; fail=1 ;; esac

check_after() { # HOW
	local after tracer st c1 c2
	after=$(state)
	echo "after $1: $after"
	[ "$after" = "$before" ] || { echo "FAIL: after $1, memory differs from before"; fail=1; }
	tracer=$(awk '/^TracerPid:/ {print $2}' /proc/$lp/status)
	st=$(awk '{print $3}' /proc/$lp/stat)
	[ "$tracer" = 0 ] || { echo "FAIL: after $1, still traced by $tracer"; fail=1; }
	case $st in t|T) echo "FAIL: after $1, left stopped"; fail=1 ;; esac
	c1=$(wc -l <out.txt); sleep 0.2; c2=$(wc -l <out.txt)
	[ "$c2" -gt "$c1" ] || { echo "FAIL: after $1, the loop does not run on"; fail=1; }
}

for how in INT TERM; do
	"$STTRACE" -o "trace-$how.log" -e trace=none -e 'usdt=reqserver:*' -p "$lp" 2>"err-$how" &
	st=$!
	# Attached when it says so (--bpf loads its programs first).
	for _ in $(seq 100); do grep -q attached "err-$how" && break; sleep 0.1; done
	sleep 0.5
	during=$(state)
	echo "during: $during"
	# ptrace's breakpoint is hlt (f4, uprobe/bp.h); a kernel uprobe's (--bpf) is int3.
	brk=f4
	case $STTRACE in *-bpf) brk=cc ;; esac
	for b in ${during% sem=*}; do
		[ "$b" = "$brk" ] || { echo "FAIL: a probe site without its breakpoint while attached"; fail=1; }
	done
	[ "${during#* sem=}" = 0100 ] || { echo "FAIL: semaphore not raised while attached"; fail=1; }
	kill -"$how" $st
	wait $st
	grep -c -- '--- usdt:reqserver:request_start(' "trace-$how.log" | sed "s/^/hits under $how: /"
	grep -q -- '--- usdt:reqserver:request_debug([0-9]*, 0x' "trace-$how.log" ||
		{ echo "FAIL: no semaphore-guarded hit under $how"; fail=1; }
	check_after "$how"
done

# SIGPIPE: the trace goes to a pipe whose reader leaves after one line.
timeout 20 bash -c '"$1" -e trace=none -e "usdt=reqserver:*" -p "$2" 2>&1 >/dev/null | head -n 3' \
	_ "$STTRACE" "$lp" >head.out
echo "through head: $(tr '\n' '|' <head.out)"
sleep 0.2
check_after PIPE

# The program's own output: consecutive request ids, none lost or repeated by the step-overs.
kill $lp
wait $lp 2>/dev/null
trap - EXIT
awk '{ id = $2 + 0; if (NR > 1 && id != prev + 1) { print "FAIL: request " prev " then " id; bad = 1 }
       prev = id } END { print NR " requests served"; exit bad }' out.txt || fail=1
exit $fail
