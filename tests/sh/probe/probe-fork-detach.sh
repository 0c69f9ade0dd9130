#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A process forks while traced, then the tracer leaves (SIGINT): the child inherited the
# parent's breakpoints (and raised semaphore) in its copy of the text, so the tracer must step
# over its hits while attached and put its bytes back before detaching (uprobe/space.h).
# Under `sttrace -p` (usdt with a semaphore, and a uprobe), `lttrace -p -f` and `lttrace -p`
# (no -f: the child gets its bytes back at once and is let go): while attached the child's
# sites hold a breakpoint, hlt (f4, uprobe/bp.h; none without -f); after the tracer left, the
# child's sites and semaphore are back to what they were, it is not traced, not stopped, runs
# on, and ends well (a breakpoint left behind kills it at its next hit; a step-over done wrong
# gives a wrong result).
set -u
LTTRACE=${LTTRACE:-$(dirname "$STTRACE")/lttrace}
${CC:-cc} -O1 -Wall -I"$TOP/sdt" -o fl "$TOP/tests/sh/probe/probe-fork-detach.c" || exit 1
fail=0
bad() { echo "FAIL: $*"; fail=1; }

mem() { # PID ADDR LEN: bytes of PID's memory, in hex
	python3 -c 'import sys
with open("/proc/%s/mem" % sys.argv[1], "rb") as f:
    f.seek(int(sys.argv[2])); print(f.read(int(sys.argv[3])).hex())' "$@" 2>/dev/null
}
state() { # PID: the usdt site's byte, tick's byte, the semaphore
	echo "site=$(mem "$1" "$site" 1) tick=$(mem "$1" "$tick" 1) sem=$(mem "$1" "$sem" 2)"
}
waitfor() { # FILE PATTERN: up to 10 s
	for _ in $(seq 100); do grep -q -- "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
	return 1
}

run() { # NAME SITE TICK SEM TRACER ARGS...: the child's bytes wanted while traced ("=": as
	# before attaching); the tracer gets -p PID last
	local name=$1 w=("$2" "$3" "$4") tp cpid before during after rc want
	shift 4
	rm -f fork stop child.pid addr out.txt log err
	./fl >out.txt &
	local lp=$!
	waitfor addr . || { bad "$name: the program did not start"; kill $lp; return; }
	tick=$(cat addr)
	read -r site sem < <("$SDT" list --json -p "$lp" | python3 -c '
import json, sys
f = [f for f in json.load(sys.stdin)["files"] if f["path"].endswith("/fl")][0]
p = f["probes"][0]
print(p["runtime_address"], p["semaphore"] + p["runtime_address"] - p["address"])')
	before=$(state $lp)
	local b=($before)
	want="site=${w[0]/#=/${b[0]#site=}} tick=${w[1]/#=/${b[1]#tick=}} sem=${w[2]/#=/${b[2]#sem=}}"
	"$@" -p "$lp" 2>err &
	tp=$!
	waitfor log 'tick' || bad "$name: no hit of the parent seen"
	touch fork
	if ! waitfor child.pid .; then
		bad "$name: no child"
		kill -INT $tp; touch stop; wait $tp $lp
		echo "$name: program: $(cat out.txt)"
		hits=none
		return
	fi
	cpid=$(cat child.pid)
	sleep 0.5
	during=$(state "$cpid")
	kill -INT $tp
	wait $tp
	rc=$?
	sleep 0.2
	after=$(state "$cpid")
	echo "$name: parent before: $before; child while traced: $during, after: $after"
	# (sttrace exits 130 when a SIGINT ends it)
	[ $rc = 0 ] || [ $rc = 130 ] || bad "$name: tracer exit status $rc: $(cat err)"
	[ "$during" = "$want" ] || bad "$name: the child while traced: $during, want $want"
	[ "$after" = "$before" ] || bad "$name: the child after detach differs from before"
	[ "$(awk '/^TracerPid:/ {print $2}' "/proc/$cpid/status")" = 0 ] ||
		bad "$name: the child is still traced"
	case $(awk '{print $3}' "/proc/$cpid/stat") in t|T) bad "$name: the child left stopped" ;; esac
	touch stop
	wait $lp
	rc=$?
	echo "$name: program: exit $rc: $(cat out.txt)"
	[ $rc = 0 ] && [ "$(cat out.txt)" = "parent: some calls, 0 wrong; child: exit 0" ] ||
		bad "$name: the program did not run on correctly"
	grep -Eq "^$cpid +(--- usdt:fl:tick|--- uprobe:tick|tick)\(" log && hits=yes || hits=no
	echo "$name: child hits in the trace: $hits"
}

# The untraced run: the reference for the program's own output and status.
rm -f fork stop
./fl >out.txt & up=$!
sleep 0.2; touch fork; sleep 0.2; touch stop
wait $up || bad "untraced: exit status $?"
[ "$(cat out.txt)" = "parent: some calls, 0 wrong; child: exit 0" ] ||
	bad "untraced: $(cat out.txt)"

run sttrace f4 f4 0100 \
	"$STTRACE" -o log -f -e trace=none -e 'usdt=fl:*' -e uprobe=tick:args=l
[ "$hits" = yes ] || bad "sttrace: the child's hits were not traced"
run lttrace-f = f4 = \
	"$LTTRACE" -o log -f -x tick
[ "$hits" = yes ] || bad "lttrace -f: the child's calls were not traced"
run lttrace = = = "$LTTRACE" -o log -x tick
[ "$hits" = no ] || bad "lttrace without -f: the child's calls were traced"
exit $fail
