#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A program built with sdt/sdt.h (examples/reqserver.c, PIE and non-PIE) is seen the same way by
# readelf -n, gdb's `info probes`, bpftrace -l and `sdt list --json`: same provider, name,
# address and semaphore for every probe.  Then bpftrace attaches and reads the arguments,
# including the semaphore-guarded probe, and `sdt list -p` finds the probes of a live process.
set -u
TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
SDT=${SDT:-$TOP/build/bin/sdt}
fail=0
die() { echo "FAIL: $*"; fail=1; }

for t in readelf gdb bpftrace jq; do
	command -v $t >/dev/null || { echo "$t is not installed (make deps)"; exit 77; }
done

# hex or decimal -> 0x%x
h() { printf '0x%x' "$1"; }

compare() { # binary
	local bin=$1
	"$SDT" list --json "$bin" >sdt.json || { die "sdt list failed on $bin"; return; }
	jq -r '.files[0].probes[] | "\(.provider) \(.name) \(.address) \(.semaphore)"' sdt.json |
		while read -r p n a s; do echo "$p $n $(h "$a") $(h "$s")"; done | sort >sdt.txt
	[ "$(wc -l <sdt.txt)" = 6 ] || die "$bin: sdt lists $(wc -l <sdt.txt) probes, want 6"

	readelf -n "$bin" | awk '
		/Provider:/ { p = $2 } /Name:/ { n = $2 }
		/Location:/ { gsub(",", ""); print p, n, $2, $6 }' |
		while read -r p n a s; do echo "$p $n $(h "$a") $(h "$s")"; done | sort >readelf.txt
	diff -u readelf.txt sdt.txt || die "$bin: readelf -n and sdt list differ"

	gdb -batch -ex 'info probes' "$bin" 2>/dev/null | awk '$1 == "stap" {
		print $2, $3, $4, (NF == 6 ? $5 : 0) }' |
		while read -r p n a s; do echo "$p $n $(h "$a") $(h "$s")"; done | sort >gdb.txt
	diff -u gdb.txt sdt.txt || die "$bin: gdb info probes and sdt list differ"

	bpftrace -l "usdt:$bin:*" | sed "s|^usdt:$bin:||" | sort >bpftrace.txt
	cut -d' ' -f1,2 sdt.txt | tr ' ' : >sdt-names.txt
	diff -u bpftrace.txt sdt-names.txt || die "$bin: bpftrace -l and sdt list differ"
}

cc -O1 -g -I"$TOP/sdt" "$TOP/examples/reqserver.c" -o reqserver-pie -fPIE -pie || exit 1
cc -O1 -g -I"$TOP/sdt" "$TOP/examples/reqserver.c" -o reqserver-exec -fno-pie -no-pie || exit 1
[ "$(readelf -h reqserver-exec | awk '/Type:/ {print $2}')" = EXEC ] || die "not ET_EXEC"
compare "$PWD/reqserver-pie"
compare "$PWD/reqserver-exec"

# bpftrace attaches and reads the arguments; request_debug fires only because bpftrace raises
# its semaphore.
bin=$PWD/reqserver-pie
timeout 60 bpftrace -e "
usdt:$bin:reqserver:request_start { printf(\"start %d %d\\n\", arg0, arg1); }
usdt:$bin:reqserver:request_done { printf(\"done %d %d\\n\", arg0, arg1); }
usdt:$bin:reqserver:request_debug { printf(\"debug %d %s\\n\", arg0, str(arg1)); }" \
	-c "$bin -n 3 -q" >bpftrace.out 2>bpftrace.err
grep -E '^(start|done|debug) ' bpftrace.out >got.txt
cat >want.txt <<'EOF'
start 100 10
debug 100 GET / len=10 weight=0.00
done 100 200
start 101 20
debug 101 POST /index.html len=20 weight=0.50
done 101 200
start 102 30
debug 102 PUT /api/items len=30 weight=1.00
done 102 200
EOF
diff -u want.txt got.txt || { die "bpftrace did not read the arguments"; cat bpftrace.err; }

# The pattern filter.
n=$("$SDT" list --json "$bin" 'reqserver:request_*' | jq '.files[0].probes | length')
[ "$n" = 4 ] || die "pattern reqserver:request_* matched $n probes, want 4"
n=$("$SDT" list --json "$bin" 'server_st*' | jq '.files[0].probes | length')
[ "$n" = 2 ] || die "pattern server_st* matched $n probes, want 2"

# Several sites for one name: a probe in an inline function used twice.
cat >sites.c <<'EOF'
#include "sdt.h"
static inline __attribute__((always_inline)) void hit(int v) { DTRACE_PROBE1(multi, hit, v); }
int main(int argc, char **argv) { hit(argc); hit(argc * 3); (void)argv; return 0; }
EOF
cc -O2 -I"$TOP/sdt" sites.c -o sites || exit 1
n=$("$SDT" list --json sites | jq '[.files[0].probes[] | select(.name == "hit")] | length')
[ "$n" = 2 ] || die "two sites of multi:hit expected, sdt lists $n"

# -p: every object of a live process, with runtime addresses inside its mappings.
"$bin" -n 0 -d 50 -q &
pid=$!
sleep 0.3
"$SDT" list --json -p $pid >pid.json || die "sdt list -p failed"
kill $pid; wait $pid 2>/dev/null
jq -e --arg b "$bin" '.files[] | select(.path == $b) | .probes | length == 6' pid.json >/dev/null ||
	die "sdt list -p does not list the 6 reqserver probes"
jq -e --arg b "$bin" '[.files[] | select(.path == $b) | .probes[] | .runtime_address != null
	and .runtime_address != .address] | all' pid.json >/dev/null ||
	die "runtime addresses missing or not relocated"
jq -e '[.files[] | select(.path | test("libc\\.so"))] | length == 1' pid.json >/dev/null ||
	echo "note: libc has no probes here"

# Errors: one line on stderr, non-zero status.
printf 'not an elf\n' >notelf
for args in "notelf" "/nonexistent/file" "-p 999999999"; do
	# shellcheck disable=SC2086
	if "$SDT" list $args >stdout.txt 2>err; then die "sdt list $args succeeded"; fi
	[ "$(wc -l <err)" = 1 ] || die "sdt list $args: not one line of error: $(cat err)"
	grep -q '^sdt: ' err || die "sdt list $args: error does not start with 'sdt: '"
	cat err
done
exit $fail
