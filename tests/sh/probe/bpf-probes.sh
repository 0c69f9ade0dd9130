#!/usr/bin/env bash
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Probes under --bpf where the eBPF backend has paths of its own (bpf/probes*):
#  - a static program (no loader: attached when its exec is held) prints its expected trace;
#  - -f over a shell that execs a static and a dynamic probed program: the same probe lines as
#    the ptrace backend (pids aside);
#  - strings (:args=s) cut at -s, and --json records, equal to the ptrace backend's;
#  - no process is left held, and with STTRACE_BPF_LOG=1 the holds are counted.
set -u
. "$TOP/tests/lib.sh"
. "$TOP/tests/sh/sttrace/bpf-lib.sh"
BPF_STTRACE=$STTRACE
STTRACE="$TOP/$B/bin/sttrace"
cc=${CC:-cc}
fail=0
"$cc" -static -O1 -D_GNU_SOURCE -I"$TOP/tests/trace" -o usdt-static "$TOP/tests/trace/probe/usdt.c" \
	2>cc.err || { echo "FAIL: cannot build a static program"; cat cc.err; exit 1; }
dyn="$TOP/$B/tests/trace/usdt"

# A static program: its own expected lines.
"$BPF_STTRACE" -o static.log -a0 -e trace=none -e 'usdt=test:*' ./usdt-static >static.exp 2>err ||
	{ echo "FAIL: sttrace --bpf exit status $?"; fail=1; }
diff -u static.exp static.log || { echo "FAIL: the static program's trace"; fail=1; }
[ -s err ] && { echo "FAIL: messages:"; cat err; fail=1; }

# -f over execs of both kinds: the probe lines of both backends, pids replaced.
norm() { grep -- '--- usdt:' "$1" | sed -E 's/^[0-9]+ +//; s/0x[0-9a-f]+/ADDR/g'; }
cmd="./usdt-static >/dev/null; $dyn >/dev/null"
run_checked "$STTRACE" -f -o f-ptrace.log -e trace=none -e 'usdt=test:*' sh -c "$cmd" 2>/dev/null
"$BPF_STTRACE" -f -o f-bpf.log -e trace=none -e 'usdt=test:*' sh -c "$cmd" 2>/dev/null
n=$(norm f-bpf.log | wc -l)
[ "$n" = 14 ] || { echo "FAIL: -f over two execs: $n probe lines, want 14"; fail=1; }
diff -u <(norm f-ptrace.log) <(norm f-bpf.log) || { echo "FAIL: -f: backends differ"; fail=1; }

# Strings at two -s values, and JSON records.
for s in 4 64; do
	run_checked "$STTRACE" -s $s -o s-ptrace.log -e trace=none -e 'uprobe=getenv@libc.so.6:args=s' \
		/bin/ls /nonexistent >/dev/null 2>&1
	"$BPF_STTRACE" -s $s -o s-bpf.log -e trace=none -e 'uprobe=getenv@libc.so.6:args=s' \
		/bin/ls /nonexistent >/dev/null 2>&1
	grep -q '^--- uprobe:getenv("' s-bpf.log || { echo "FAIL: -s $s: no getenv line"; fail=1; }
	cmp -s s-ptrace.log s-bpf.log ||
		{ echo "FAIL: -s $s: strings differ"; diff s-ptrace.log s-bpf.log | head; fail=1; }
done
jnorm() { sed -E 's/"(pid|time)":[^,]*,//g; s/0x[0-9a-f]+/ADDR/g' "$1"; }
run_checked "$STTRACE" --json -o j-ptrace.log -e trace=none -e 'usdt=test:*' "$dyn" >/dev/null
"$BPF_STTRACE" --json -o j-bpf.log -e trace=none -e 'usdt=test:*' "$dyn" >/dev/null
diff -u <(jnorm j-ptrace.log) <(jnorm j-bpf.log) || { echo "FAIL: --json records differ"; fail=1; }

# Holds counted (the exec, the loader's startup notice), none left behind.
STTRACE_BPF_LOG=1 "$BPF_STTRACE" -o /dev/null -e trace=none -e 'usdt=test:*' "$dyn" \
	>/dev/null 2>log.err
holds=$(sed -n 's/.*probes: \([0-9]*\) holds/\1/p' log.err)
echo "holds for one dynamic program: ${holds:-none}"
[ "${holds:-0}" -ge 2 ] || { echo "FAIL: want at least 2 holds (exec, loader)"; fail=1; }
[ $fail = 0 ] && echo "static, -f over execs, strings, JSON: as the ptrace backend"
exit $fail
