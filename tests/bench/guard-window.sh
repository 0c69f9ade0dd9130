#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The guard's window (uprobe/guard.h, docs/architecture.md): `sttrace -p` on
# tests/sh/probe/guard-kill.c's program, killed with SIGKILL at a random moment, N times (default
# 100).  For each kill, from the kill (CLOCK_MONOTONIC, tests/sh/probe/guard-reap.c): when the guard
# woke, when every byte was back, when the kernel let the program go (TracerPid 0, polled by
# the guard under STTRACE_GUARD_TIMES); then the median and the worst of each, and how often
# the program survived.  Usage: B=build tests/bench/guard-window.sh [N] [PROBE-OPTION...]
# (default -e usdt=guard:tick).  Not a test: timings, for the documentation.
set -u
cd "$(dirname "$0")/../.."
B=${B:-build}
n=${1:-100}
shift || true
[ $# -gt 0 ] || set -- -e usdt=guard:tick
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
cc -O1 -fno-omit-frame-pointer -fcf-protection=none -pthread -Isdt -o "$d/gk" tests/sh/probe/guard-kill.c &&
	cc -O1 -o "$d/reap" tests/sh/probe/guard-reap.c || exit 1
export STTRACE_GUARD_TIMES=$d/times GUARD_REAP_TIMES=1
: >"$d/rows"
for i in $(seq "$n"); do
	rm -f "$d/times"
	"$d/gk" 1 300 >"$d/out" &
	p=$!
	sleep 0.02
	"$d/reap" $((80000 + RANDOM % 170000)) /dev/null "$B/bin/sttrace" -e trace=none "$@" \
		-o /dev/null -p $p >/dev/null 2>"$d/err"
	wait $p
	rc=$?
	for _ in $(seq 100); do [ -s "$d/times" ] && break; sleep 0.01; done
	k=$(sed -n 's/^kill //p' "$d/err")
	read -r w r s <"$d/times" 2>/dev/null || continue
	echo "$(((w - k) / 1000)) $(((r - k) / 1000)) $(((s - k) / 1000)) $rc" >>"$d/rows"
done
stat() { # column name
	sort -n -k"$1" "$d/rows" | awk -v c="$1" -v name="$2" '{ a[NR] = $c }
		END { printf "%-26s least %6d, median %6d, most %6d us\n", name, a[1],
			a[int((NR + 1) / 2)], a[NR] }'
}
awk '{ print $0, $3 - $2 }' "$d/rows" >"$d/rows2" && mv "$d/rows2" "$d/rows"
stat 1 "kill -> guard awake"
stat 2 "kill -> bytes back"
stat 3 "kill -> program let go"
stat 5 "let go - bytes back"
awk '{ ok += $4 == 0; late += $5 < 0 }
	END { printf "%d kills: the program lived %d times; bytes back after it was let go: %d\n",
		NR, ok, late }' "$d/rows"
