#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Killing the tracer does not kill the program (uprobe/guard.h): sttrace with -e usdt=,
# -e uprobe=, -e uretprobe= and lttrace (two threads), each on a program it spawned and on one
# it attached to with -p, is killed with SIGKILL at a random moment while the program
# (tests/sh/probe/guard-kill.c) hits its probes or calls about 1,000 times a second; GUARD_KILLS
# times each (default 20).  A program that lives on must end with its untraced output and exit
# status: its sum, its semaphore back at 0, the text of every object it maps equal to its file
# (no breakpoint left).  One may die: a thread that reaches a breakpoint between the tracer's
# last wait and the guard's restore (tens of microseconds, docs/architecture.md) stops with
# its fault pending, and the kernel delivers it when it lets the thread go.  Such deaths come
# with the rate of hits: at most half the kills of a kind, and a fifth of all kills, may end so
# (seen: 0 to 6 of 20 a kind, 12 of 160 at most; without the guard all 160 die).  Most kills
# must have found breakpoints to put back (a kill before the tracer placed any proves nothing).  STTRACE_GUARD=0 turns the guard off: then
# nearly every run dies and this test fails.
set -u
. "$TOP/tests/lib.sh"
LTTRACE="$TOP/$B/bin/lttrace"
kills=${GUARD_KILLS:-20}
runs=0 all_died=0
# work() starts with push %rbp and no endbr64: a thread put back one byte too far would crash.
${CC:-cc} -O1 -fno-omit-frame-pointer -fcf-protection=none -pthread -I"$TOP/sdt" -o gk \
	"$TOP/tests/sh/probe/guard-kill.c" || exit 1
${CC:-cc} -O1 -o reap "$TOP/tests/sh/probe/guard-reap.c" || exit 1
iters=300
./gk 1 $iters >want1; urc1=$?
./gk 2 $iters >want2; urc2=$?
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# one THREADS TRACER ARGS...: the tracer spawns the program (MODE=spawn) or attaches to it
# (MODE=attach), and guard-reap kills it 80 to 250 ms later.
one() {
	local threads=$1 p rc delay=$((80000 + RANDOM % 170000))
	shift
	if [ "$mode" = spawn ]; then
		# guard-reap reaps the program the dead tracer leaves behind and says how it ended.
		rm -f pid
		GK_PIDFILE=$PWD/pid timeout -k 1 60 ./reap $delay pid "$@" ./gk "$threads" $iters \
			>all 2>err
		[ -s pid ] && kill -0 "$(cat pid)" 2>/dev/null &&
			{ bad "$name ($mode) kill $k: the program hangs: $(grep State /proc/$(cat pid)/status)"
			  kill -9 "$(cat pid)"; }
		# Killed before the program's exec: it never ran (held, it goes with the tracer).
		[ -s pid ] || { unstarted=$((unstarted + 1)); return; }
		grep -v '^program \|^tracer ' all >out
		rc=$(sed -n 's/^program exit //p; s/^program signal \(.*\)/signal \1/p' all)
	else
		./gk "$threads" $iters >out &
		p=$!
		sleep 0.02
		./reap $delay /dev/null "$@" -p "$p" >all 2>err
		for _ in $(seq 600); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
		kill -0 "$p" 2>/dev/null &&
			{ bad "$name ($mode) kill $k: the program hangs: $(grep State /proc/$p/status)"
			  kill -9 "$p"; }
		wait "$p"
		rc=$?
	fi
	grep -q '^tracer ended' all && cat all
	# The guard's line says what it put back (it writes to the tracer's stderr).
	for _ in $(seq 100); do grep -q 'code back' err && break; sleep 0.01; done
	grep -q 'code back' err && restored=$((restored + 1))
	case $rc in
	signal*|1[3-9][0-9]) died=$((died + 1)); return ;; # killed by a signal (see above)
	esac
	same_as_untraced out "${rc:-none}" "want$threads" "$(eval echo \$urc$threads)" >diff ||
		{ bad "$name ($mode) kill $k: the program differs from its untraced run"; cat diff err; }
}

for what in usdt uprobe uretprobe lttrace; do
	for mode in spawn attach; do
		name=$what restored=0 died=0 unstarted=0 runs=$((runs + kills))
		for k in $(seq "$kills"); do
			case $what in
			usdt) one 1 "$STTRACE" -e trace=none -e usdt=guard:tick -o /dev/null ;;
			uprobe) one 1 "$STTRACE" -e trace=none -e uprobe=work -o /dev/null ;;
			uretprobe) one 1 "$STTRACE" -e trace=none -e uretprobe=work -o /dev/null ;;
			lttrace) one 2 "$LTTRACE" -f -o /dev/null ;;
			esac
		done
		echo "NOTE: $what ($mode): $kills kills; breakpoints put back after $restored;" \
			"the program died $died times, was killed before it started $unstarted times"
		[ "$died" -le $((kills / 2)) ] || bad "$what ($mode): the program died $died times"
		all_died=$((all_died + died))
		[ "$restored" -ge $((kills / 2)) ] ||
			bad "$what ($mode): the tracer had placed nothing in most runs: the test proves little"
	done
done
echo "NOTE: $all_died of $runs programs died (the kill inside the guard's window)"
[ "$all_died" -le $((runs / 5)) ] || bad "$all_died of $runs programs died"
exit $fail
